#!/usr/bin/env bash
# Generates the benchmark inputs under Benchmarks/data/generated/ (gitignored), deterministically:
# the synthetic tables (1k, 10k, 100k routes) and, for the GitHub table and the 10k and 100k
# tables, 1,000,000 hits + 100,000 misses each (NAME.urls, NAME.idx, NAME.expect).
#
#   scripts/bench-data.sh            # everything (about two minutes)
#   scripts/bench-data.sh github     # only the GitHub URL set and the CLI's table (what CI's smoke test needs)
#
# Files that already exist are kept; delete Benchmarks/data/generated/ to start over.
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks/data"
mkdir -p generated
gen() { python3 gen.py "$@"; }

table() {  # table NAME ROUTES SEED
  [[ -s generated/$1.txt ]] || gen table --routes "$2" --seed "$3" --out "generated/$1.txt"
}
urls() {   # urls NAME TABLE
  [[ -s generated/$1.expect ]] || gen urls --table "$2" --hits 1000000 --miss-frac 0.1 --seed 7 --out "generated/$1"
}

what="${1:-all}"
urls github tables/github.txt
# The CLI's inputs: a table of the same routes (each delivering a value made of its parameters)
# and the URL set as full URLs.
[[ -s generated/github.routes.json ]] || python3 cli-table.py tables/github.txt > generated/github.routes.json
[[ -s generated/github.cli.urls ]] || awk '{ print "https://example.com" $0 }' generated/github.urls > generated/github.cli.urls
# The table of the pattern forms of issue 14 (value sets, affixes, optional groups): 200,000 paths.
[[ -s generated/patterns.urls ]] || python3 patterns.py 200000 > generated/patterns.urls
# The table of host parameters and any host (custom schemes): 200,000 full URLs.
[[ -s generated/hosts.urls ]] || python3 hosts.py 200000 > generated/hosts.urls
[[ "$what" == github ]] && exit 0
table synth1k 1000 3
table synth10k 10000 1
table synth100k 100000 2
urls synth10k generated/synth10k.txt
urls synth100k generated/synth100k.txt
echo "bench data ready in Benchmarks/data/generated"
