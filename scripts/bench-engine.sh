#!/usr/bin/env bash
# What a user pays around the matcher, counted by callgrind: a full decision and its record, a
# stateful run, open sessions, real apps' tables through the matcher's two APIs, loading and
# compiling tables, and the CLI's whole process. One JSON line a figure (stdout), the rows of
# docs/performance.md's engine table; scripts/bench-all.sh appends them to
# Benchmarks/results/latest.jsonl.
#
#   scripts/bench-engine.sh            # every row (about 15 minutes on a 2-core machine)
#   scripts/bench-engine.sh --quick    # fewer lines and sessions (about 5 minutes)
#
# Every figure is the difference of two runs, with N and 2N units (lines, decisions, URLs),
# divided by N, counting only inside the measured function (--toggle-collect), so fixed costs
# cancel out; `mallocs` and `retains` are the allocator's and the reference counter's calls per
# unit, the same way (`mallocs` counts malloc, calloc, realloc, swift_allocObject and
# swift_slowAlloc apart, so one Swift object is about three calls); `blocks` counts only the C
# allocator's calls (malloc, calloc, realloc, posix_memalign, aligned_alloc): heap blocks.
# Needs valgrind, python3 and the data of scripts/bench-data.sh.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
quick=0
[[ "${1:-}" == "--quick" ]] && quick=1
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 2; }

scripts/bench-data.sh >/dev/null
gen=Benchmarks/data/generated
swift build -c release --package-path Benchmarks --product route-bench >&2
bench="$(swift build -c release --package-path Benchmarks --show-bin-path)/route-bench"
swift build -c release --product route-cli >&2
cli="$(swift build -c release --show-bin-path)/route-cli"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Inputs beyond bench-data.sh's: the Notes and Forge apps' URLs, repeated, and JSON tables of the
# synthetic route lists.
grep -v '^{' Fixtures/Notes/events.txt | grep -v evil > "$work/notes.one"
python3 - "$work" <<'PY'
import json, pathlib, sys
work = pathlib.Path(sys.argv[1])
urls = []
for path in sorted(pathlib.Path("Fixtures/Forge").rglob("*.fixture.json")):
    for step in json.loads(path.read_text())["steps"]:
        if isinstance(step["event"], str) and not step["event"].startswith("{"):
            urls.append(step["event"])
(work / "forge.one").write_text("\n".join(urls) + "\n")
for name in ["notes", "forge"]:
    one = (work / f"{name}.one").read_text().splitlines()
    (work / f"{name}.urls").write_text("\n".join((one * (200000 // len(one) + 1))[:200000]) + "\n")
PY
# Written compact: with indentation the 100k table is 20 MB, over the loader's 16 MiB limit.
for t in synth10k synth100k; do
  [[ -s $gen/$t.routes.json ]] || python3 Benchmarks/data/cli-table.py "$gen/$t.txt" \
    | python3 -c 'import json, sys; json.dump(json.load(sys.stdin), sys.stdout, separators=(",", ":"))' > "$gen/$t.routes.json"
done

# count FUNCTION N ARGS... (the command line, with @N@ for the unit count): prints
# "ir mallocs retains blocks" per unit, from runs with N and 2N.
count() {
  local fn="$1" n="$2"; shift 2
  local a b
  a=$(one "$fn" "$n" "$@")
  b=$(one "$fn" $((2 * n)) "$@")
  python3 - "$a" "$b" "$n" <<'PY'
import sys
a, b, n = [list(map(float, sys.argv[1].split()))], [list(map(float, sys.argv[2].split()))], int(sys.argv[3])
print(" ".join(f"{(y - x) / n:.1f}" for x, y in zip(a[0], b[0])))
PY
}
one() {  # one FUNCTION N ARGS...: "ir mallocs retains blocks" of one run
  local fn="$1" n="$2"; shift 2
  local args=("${@//@N@/$n}")
  local toggle=()
  [[ "$fn" == "-" ]] || toggle=(--toggle-collect="$fn")
  valgrind --tool=callgrind --callgrind-out-file="$work/cg" "${toggle[@]}" "${args[@]}" < "${STDIN:-/dev/null}" > /dev/null 2> "$work/err" \
    || { cat "$work/err" >&2; exit 1; }
  python3 - "$work/cg" <<'PY'
import re, sys
total, names, cfn, malloc, retain, blocks = 0, {}, None, 0, 0, 0
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"^(summary|totals): (\d+)", line)
    if m: total = int(m.group(2))
    m = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
    if m:
        kind, ident, name = m.groups()
        if name: names[ident] = name
        if kind == "cfn": cfn = names.get(ident, ident)
        continue
    m = re.match(r"^calls=(\d+)", line)
    if m and cfn:
        if re.match(r"^(malloc|calloc|realloc|swift_allocObject|swift_slowAlloc)$", cfn): malloc += int(m.group(1))
        if re.match(r"^swift_(retain|release|bridgeObjectRetain|bridgeObjectRelease)$", cfn): retain += int(m.group(1))
        if re.match(r"^(malloc|calloc|realloc|posix_memalign|aligned_alloc)$", cfn): blocks += int(m.group(1))
print(total, malloc, retain, blocks)
PY
}
emit() {  # emit ROW UNIT "ir mallocs retains blocks" [extra json]
  read -r ir mallocs retains blocks <<< "$3"
  printf '{"bench":"engine","row":"%s","unit":"%s","ir":%s,"mallocs":%s,"retains":%s,"blocks":%s%s}\n' "$1" "$2" "$ir" "$mallocs" "$retains" "$blocks" "${4:-}"
}

lines=5000; events=2000; sessions=(1 10 100 1000)
[[ $quick == 1 ]] && { lines=2000; events=1000; sessions=(1 10 100); }

# 1. A line read, decided in full and written as NDJSON, in process. The planned and stateful
# rows count inside LineRouter.route(line:utf8:into:), by its exact symbol: the optimizer merges
# route-bench's routeBatch into its caller, so a toggle on it counts nothing.
line_route='$s15DecisionRecords10LineRouterV5route4line4utf84intoySi_SRys5UInt8VGSayAIGztF'

emit full-record line "$(count '*RecordBenchmarkO11decideBatch*' $lines "$bench" records --table $gen/github.routes.json --lines $gen/github.cli.urls --limit @N@ --path full)"
emit planned-record line "$(count "$line_route" $lines "$bench" records --table $gen/github.routes.json --lines $gen/github.cli.urls --limit @N@ --path bulk)"
emit stateful-record line "$(count "$line_route" $lines "$bench" records --table $gen/github.routes.json --lines $gen/github.cli.urls --limit @N@ --path stateful)"

# 2. Decisions against open sessions (the Notes app, N editor windows), without explanations.
for s in "${sessions[@]}"; do
  emit decision "decision" "$(count '*SceneBenchmarkO9decideMix*' $events "$bench" scenes --sessions "$s" --events @N@)" ",\"sessions\":$s"
done

# 3. Real apps' URLs through the matcher: matchRoute (allocation-free) and match(url:) (typed values).
for app in notes forge; do
  table=Fixtures/Notes/Notes.routes.json
  [[ $app == forge ]] && table=Fixtures/Forge/Forge.routes.json
  emit "$app-matchRoute" url "$(count '*MatchBenchmarkO10matchOwned*' 20000 "$bench" match --table $table --urls "$work/$app.urls" --limit @N@ --api rule)"
  emit "$app-match" url "$(count '*MatchBenchmarkO12matchAllFull*' 20000 "$bench" match --table $table --urls "$work/$app.urls" --limit @N@ --api match)"
done

# 4. Loading tables (read, parse, validate; before compiling): per URL pattern, from the 10k and 100k tables.
l10=$(one '*LoadBenchmarkO8loadOnce*' 0 "$bench" load --table $gen/synth10k.routes.json --repeat 1)
l100=$(one '*LoadBenchmarkO8loadOnce*' 0 "$bench" load --table $gen/synth100k.routes.json --repeat 1)
emit load pattern "$(python3 -c "import sys; a=list(map(float,'$l10'.split())); b=list(map(float,'$l100'.split())); print(' '.join(f'{(y-x)/90000:.1f}' for x,y in zip(a,b)))")"
# Times as ranges (best and worst of 3 runs); loading and compiling, with the whole process's
# peak memory by /usr/bin/time (its maximum resident set, in KB).
for t in synth10k synth100k; do
  printf '{"bench":"engine","row":"load-time","table":"%s",%s\n' "$t" "$("$bench" load --table $gen/$t.routes.json --repeat 3 | sed 's/^{//')"
  rss=$( { /usr/bin/time -f '%M' "$bench" load --table $gen/$t.routes.json --repeat 1 --compile > /dev/null; } 2>&1 | tail -1)
  printf '{"bench":"engine","row":"load-compile-time","table":"%s","max_rss_kb":%s,%s\n' "$t" "$rss" "$("$bench" load --table $gen/$t.routes.json --repeat 3 --compile | sed 's/^{//')"
done

# 5. Compiling the 100k route list: RouteCompiler.compile, a compile. `--repeat 1` compiles twice
# (once for the memory figure, once timed): half of what callgrind counts in the two.
c100=$(one '*CompilerO7compile*' 0 "$bench" compile --routes $gen/synth100k.txt --repeat 1)
read -r ir mallocs retains blocks <<< "$c100"
printf '{"bench":"engine","row":"compile-100k","unit":"compile","ir":%s,"mallocs":%s,"retains":%s,"blocks":%s,"note":"half of two compiles (%s)"}\n' \
  "$((ir / 2))" "$((mallocs / 2))" "$((retains / 2))" "$((blocks / 2))" "$ir"

# 6. route-cli's whole process, a line (stdin N and 2N lines).
head -n $((4 * lines)) $gen/github.cli.urls > "$work/github.2n"
head -n $((2 * lines)) $gen/github.cli.urls > "$work/github.n"
head -n $((4 * lines)) "$work/notes.urls" > "$work/notes.2n"
head -n $((2 * lines)) "$work/notes.urls" > "$work/notes.n"
cli_row() {  # cli_row ROW FILE-PREFIX ARGS...
  local row="$1" prefix="$2"; shift 2
  local a b
  a=$(STDIN="$prefix.n" one - 0 "$cli" route "$@")
  b=$(STDIN="$prefix.2n" one - 0 "$cli" route "$@")
  emit "$row" line "$(python3 -c "a=list(map(float,'$a'.split())); b=list(map(float,'$b'.split())); print(' '.join(f'{(y-x)/$((2 * lines)):.1f}' for x,y in zip(a,b)))")"
}
cli_row cli-json "$work/github" $gen/github.routes.json --json
cli_row cli-stateful "$work/github" $gen/github.routes.json --json --stateful
cli_row cli-notes-json "$work/notes" Fixtures/Notes/Notes.routes.json --json

# 7. Stateful lines a second: in process (route-bench records --path stateful, 200,000 lines) and
# the whole route-cli process (200,000 lines of the GitHub URL set), three runs each: a range.
head -n 200000 $gen/github.cli.urls > "$work/github.200k"
for run in 1 2 3; do
  printf '{"bench":"engine","row":"stateful-in-process","run":%s,%s\n' "$run" "$("$bench" records --table $gen/github.routes.json --lines "$work/github.200k" --path stateful | sed 's/^{//')"
  t0=$(date +%s%N)
  "$cli" route $gen/github.routes.json --json --stateful < "$work/github.200k" > /dev/null
  t1=$(date +%s%N)
  printf '{"bench":"engine","row":"cli-stateful-time","run":%s,"lines":200000,"seconds":%s,"lines_per_s":%s}\n' "$run" \
    "$(python3 -c "print(round(($t1 - $t0) / 1e9, 3))")" "$(python3 -c "print(int(200000 / ($t1 - $t0) * 1e9))")"
done
# The Notes table's whole route-cli process (its URL lines, 200,000 of them), three runs: a range.
for run in 1 2 3; do
  t0=$(date +%s%N)
  "$cli" route Fixtures/Notes/Notes.routes.json --json < "$work/notes.urls" > /dev/null
  t1=$(date +%s%N)
  printf '{"bench":"engine","row":"cli-notes-time","run":%s,"lines":200000,"seconds":%s,"lines_per_s":%s}\n' "$run" \
    "$(python3 -c "print(round(($t1 - $t0) / 1e9, 3))")" "$(python3 -c "print(int(200000 / ($t1 - $t0) * 1e9))")"
done
