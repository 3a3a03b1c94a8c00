#!/usr/bin/env bash
# Runs every benchmark of docs/performance.md and writes the measurements, one JSON object per
# line, to Benchmarks/results/latest.jsonl (then scripts/bench-chart.py draws the chart from it).
#
#   scripts/bench-all.sh            # everything: about 35 minutes on a 2-core machine
#   scripts/bench-all.sh --quick    # instructions on the GitHub table, timings, CLI, the engine's
#                                   # rows with fewer lines (about 10 minutes)
#
# Instructions per match come from callgrind (repeatable); times are wall-clock on this machine
# (a trend, not a promise: run on a quiet machine). Needs valgrind and python3.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
quick=0
[[ "${1:-}" == "--quick" ]] && quick=1

out="Benchmarks/results/latest.jsonl"
mkdir -p Benchmarks/results
: > "$out.tmp"
emit() { printf '%s\n' "$1" >> "$out.tmp"; [[ -t 2 ]] && printf '  %s\n' "$1" >&2 || true; }
say() { [[ -t 2 ]] && printf '== %s\n' "$*" >&2 || true; }

if [[ $quick == 1 ]]; then scripts/bench-data.sh github >/dev/null; else scripts/bench-data.sh >/dev/null; fi
gen=Benchmarks/data/generated
tables=(github)
[[ $quick == 1 ]] || tables=(github synth10k synth100k)

swift build -c release --package-path Benchmarks --product route-bench >/dev/null
bench="$(swift build -c release --package-path Benchmarks --show-bin-path)/route-bench"
swift build -c release --product route-cli >/dev/null
cli="$(swift build -c release --show-bin-path)/route-cli"

routes_of() { [[ $1 == github ]] && echo Benchmarks/data/tables/github.txt || echo "$gen/$1.txt"; }
tag() { sed "s/^{/{\"bench\":\"$1\",/"; }
tagt() { sed "s/^{/{\"bench\":\"time\",\"table\":\"$1\",/"; }

# 1. Instructions per match (callgrind, N and 2N URLs).
for t in "${tables[@]}"; do
  say "instructions per match: $t"
  emit "$(scripts/bench-callgrind.sh "$t" --calls --json 2>/dev/null | tag ir)"
  emit "$(scripts/bench-callgrind.sh "$t" --mode split --json 2>/dev/null | tag ir)"
  # The linear scan costs up to millions of instructions a URL: fewer URLs.
  case "$t" in github) n=10000 ;; synth10k) n=1000 ;; *) n=100 ;; esac
  emit "$(scripts/bench-callgrind.sh "$t" --mode linear -n "$n" --json 2>/dev/null | tag ir)"
done

# 2. Time per match, all URLs once (the checksum is checked by route-bench).
for t in "${tables[@]}"; do
  say "time per match: $t"
  r="$(routes_of "$t")"
  emit "$("$bench" match --routes "$r" --urls "$gen/$t.urls" --mode trie | tagt "$t")"
  emit "$("$bench" match --routes "$r" --urls "$gen/$t.urls" --mode split | tagt "$t")"
  case "$t" in github) n=100000 ;; synth10k) n=10000 ;; *) n=1000 ;; esac
  emit "$("$bench" match --routes "$r" --urls "$gen/$t.urls" --mode linear --limit "$n" | tagt "$t")"
done

# 2b. A real route table (the Notes app), full URLs: its URL lines of events.txt, 100,000 times.
grep -v '^{' Fixtures/Notes/events.txt | grep -v 'evil' > "$gen/notes.urls.one"
python3 -c "import sys; lines = open(sys.argv[1]).read().splitlines(); open(sys.argv[2], 'w').write('\\n'.join(lines * 100000) + '\\n')" \
  "$gen/notes.urls.one" "$gen/notes.urls"
for api in rule match; do
  say "Notes table: $api"
  emit "$("$bench" match --table Fixtures/Notes/Notes.routes.json --urls "$gen/notes.urls" --api "$api" | sed 's/^{/{"bench":"table",/')"
done

# 3. Compile time and memory.
if [[ $quick == 0 ]]; then
  for t in synth1k synth10k synth100k; do
    say "compile: $t"
    emit "$("$bench" compile --routes "$gen/$t.txt" | sed "s/^{/{\"table\":\"$t\",/" | tag compile)"
  done
fi
emit "$("$bench" compile --routes Benchmarks/data/tables/github.txt | sed 's/^{/{"table":"github",/' | tag compile)"

# 4. Scene selection with open sessions.
for n in 1 10 100; do
  say "scene selection: $n sessions"
  emit "$("$bench" scenes --sessions "$n" --events 100000 | tag scenes)"
done

# 5. Decisions and their records in process: the bulk path over every line, the full path over
#    200,000 (40 times slower); the output hashes of the first 200,000 lines must agree.
say "records: bulk and full"
emit "$("$bench" records --table "$gen/github.routes.json" --lines "$gen/github.cli.urls" --path bulk | tag records)"
emit "$("$bench" records --table "$gen/github.routes.json" --lines "$gen/github.cli.urls" --path full --limit 200000 | tag records)"
bulk200k="$("$bench" records --table "$gen/github.routes.json" --lines "$gen/github.cli.urls" --path bulk --limit 200000 | tag records)"
emit "$bulk200k"
hash_of() { grep "\"lines\":200000" "$out.tmp" | grep "\"path\":\"$1\"" | grep -o '"output_fnv1a":"[0-9a-f]*"'; }
[[ "$(hash_of bulk)" == "$(hash_of full)" ]] || { echo "error: the bulk and full records differ" >&2; exit 1; }

# 6. The whole CLI over 1.1M lines: the URL set with its origin, and a table of the same routes.
say "route-cli over 1.1M lines"
lines=$(wc -l < "$gen/github.cli.urls")
measure() {  # measure NAME COMMAND... : wall seconds and peak RSS of the whole process
  local name="$1" t0 t1 rss
  shift
  t0=$(date +%s%N)
  rss=$( { /usr/bin/time -f '%M' "$@" < "$gen/github.cli.urls" > /dev/null; } 2>&1 | tail -1)
  t1=$(date +%s%N)
  local s; s=$(python3 -c "print(round(($t1 - $t0) / 1e9, 3))")
  emit "{\"bench\":\"cli\",\"mode\":\"$name\",\"lines\":$lines,\"seconds\":$s,\"lines_per_s\":$(python3 -c "print(int($lines / ($t1 - $t0) * 1e9))"),\"max_rss_kb\":$rss}"
}
measure read cat
measure read-lines wc -l
measure stats "$cli" route "$gen/github.routes.json" --stats
measure json "$cli" route "$gen/github.routes.json" --json
measure text "$cli" route "$gen/github.routes.json"

measure json-stateful "$cli" route "$gen/github.routes.json" --json --stateful

# 7. The engine around the matcher (scripts/bench-engine.sh): a full decision and its record,
#    open sessions, real apps' tables through both APIs, loading, compiling, the CLI's whole process.
say "engine rows (scripts/bench-engine.sh)"
engine_args=()
[[ $quick == 1 ]] && engine_args=(--quick)
while IFS= read -r row; do emit "$row"; done < <(scripts/bench-engine.sh "${engine_args[@]}")

mv "$out.tmp" "$out"
say "wrote $out"
python3 scripts/bench-chart.py "$out"
