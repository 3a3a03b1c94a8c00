#!/usr/bin/env bash
# Instructions per match, counted by callgrind: the repeatable number on a noisy machine.
#
#   scripts/bench-callgrind.sh [TABLE] [options]
#
# TABLE is github, synth10k, synth100k, patterns or hosts (the URL sets of scripts/bench-data.sh), or a route
# file together with --urls FILE. route-bench runs twice under callgrind, with N and 2N URLs,
# collecting only inside the measured loop; the difference divided by N is the cost of one match
# (fixed costs cancel out). With --calls it also lists the calls the loop makes to the allocator
# and the reference-counting runtime (malloc, free, swift_retain, swift_release,
# swift_bridgeObject*, ...), per match: the goal is none.
#
# Options: -n N (default 100000), --mode trie|linear|split (default trie), --urls FILE,
#          --calls, --json (print one JSON line instead of text), --keep (keep callgrind.out files).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
data="$root/Benchmarks/data"

table="github"; n=100000; mode=trie; urls=""; calls=0; json=0; keep=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    -n) n="$2"; shift 2 ;;
    --mode) mode="$2"; shift 2 ;;
    --urls) urls="$2"; shift 2 ;;
    --calls) calls=1; shift ;;
    --json) json=1; shift ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) table="$1"; shift ;;
  esac
done

case "$table" in
  github) routes="$data/tables/github.txt"; urls="${urls:-$data/generated/github.urls}" ;;
  patterns) routes="$data/tables/patterns.txt"; urls="${urls:-$data/generated/patterns.urls}" ;;
  hosts) routes="$data/tables/hosts.txt"; urls="${urls:-$data/generated/hosts.urls}" ;;
  synth10k|synth100k|synth1k) routes="$data/generated/$table.txt"; urls="${urls:-$data/generated/$table.urls}" ;;
  *) routes="$table" ;;
esac
[[ -n "$urls" ]] || { echo "give --urls FILE with a route file" >&2; exit 2; }
for f in "$routes" "$urls"; do
  [[ -f "$f" ]] || { echo "missing $f: run scripts/bench-data.sh first" >&2; exit 2; }
done
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 2; }

swift build -c release --package-path "$root/Benchmarks" --product route-bench >&2
bench="$(swift build -c release --package-path "$root/Benchmarks" --show-bin-path)/route-bench"

case "$mode" in
  trie) loop='*MatchBenchmarkO10matchOwned*' ;;
  linear) loop='*MatchBenchmarkO14matchAllLineary*' ;;
  split) loop='*MatchBenchmarkO8splitAlly*' ;;
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac

work="$(mktemp -d)"
trap '[[ $keep == 1 ]] || rm -rf "$work"' EXIT

run() {  # run COUNT -> prints total Ir of the loop; leaves $work/cg.COUNT
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.$1" --toggle-collect="$loop" \
    "$bench" match --routes "$routes" --urls "$urls" --limit "$1" --mode "$mode" >"$work/out.$1" 2>"$work/err.$1" || {
    cat "$work/err.$1" "$work/out.$1" >&2; exit 1; }
  awk '/^(summary|totals):/ { print $2; exit }' "$work/cg.$1"
}

ir1=$(run "$n")
ir2=$(run $((2 * n)))
per=$(( (ir2 - ir1) / n ))
perx10=$(( (ir2 - ir1) * 10 / n ))

callsummary=""
if [[ $calls == 1 ]]; then
  callsummary="$(python3 - "$work/cg.$((2 * n))" "$work/cg.$n" "$n" <<'PY'
import re, sys
def calls(path):
    names, out, cfn = {}, {}, None
    for line in open(path, errors="replace"):
        m = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if m:
            kind, ident, name = m.groups()
            if name: names[ident] = name
            if kind == "cfn": cfn = names.get(ident, ident)
            continue
        m = re.match(r"^calls=(\d+)", line)
        if m and cfn is not None:
            out[cfn] = out.get(cfn, 0) + int(m.group(1))
    return out
big, small, n = calls(sys.argv[1]), calls(sys.argv[2]), int(sys.argv[3])
watch = re.compile(r"^(malloc|free|calloc|realloc|swift_retain|swift_release|swift_bridgeObject\w*|swift_allocObject|swift_deallocObject|swift_.*[Rr]etain\w*|swift_.*[Rr]elease\w*|swift_beginAccess|swift_isUniquelyReferenced\w*)$")
rows = []
for name in sorted(set(big) | set(small)):
    if watch.match(name):
        d = big.get(name, 0) - small.get(name, 0)
        rows.append(f"{name}={d / n:.4f}")
print(" ".join(rows) if rows else "none")
PY
)"
fi

result="$(tail -1 "$work/out.$((2 * n))")"
if [[ $json == 1 ]]; then
  extra=""
  [[ $calls == 1 ]] && extra=",\"runtime_calls_per_match\":\"$callsummary\""
  echo "{\"table\":\"$(basename "$routes" .txt)\",\"mode\":\"$mode\",\"n\":$n,\"ir_per_match\":$per.${perx10: -1}$extra}"
else
  echo "table $(basename "$routes") mode $mode: $per.${perx10: -1} instructions per match (N=$n: $ir1, 2N: $ir2)"
  echo "route-bench (2N): $result"
  [[ $calls == 1 ]] && echo "runtime calls per match in the measured loop: $callsummary"
fi
exit 0
