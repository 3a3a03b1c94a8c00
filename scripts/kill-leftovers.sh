#!/usr/bin/env bash
# Kills `route-cli route --sessions S --stateful --state S` runs with SIGKILL at random moments
# and counts the files they leave beside S (docs/security.md#honest-writes): temporary files
# (S.tmp-<pid>-<hex>) and the lock file (S.lock). Each run's write removes the temporary files of
# dead runs, so at most the last killed run's can remain.
#   scripts/kill-leftovers.sh [KILLS] [SESSIONS] [BINARY]
set -euo pipefail
kills=${1:-400}
sessions=${2:-2000}
bin=${3:-$(swift build --show-bin-path)/route-cli}
root=$(cd "$(dirname "$0")/.." && pwd)
table="$root/Fixtures/Notes/Notes.routes.json"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
for i in $(seq 1 "$sessions"); do printf 'notes://note/6F0E4F5A-6A57-4B55-9B0A-%012d\n' "$i"; done >links
"$bin" route "$table" --stateful --state state.json <links >/dev/null
size=$(wc -c <state.json)
# How long one complete run takes, to spread the kills over it.
start=$(date +%s%N)
"$bin" route "$table" --sessions state.json --stateful --state state.json notes://tag/a >/dev/null
span=$((($(date +%s%N) - start) / 1000))
most=0
RANDOM=1808
for _ in $(seq 1 "$kills"); do
  "$bin" route "$table" --sessions state.json --stateful --state state.json notes://tag/a >/dev/null 2>&1 &
  pid=$!
  sleep "$(awk -v us=$((RANDOM * 32768 + RANDOM)) -v span="$span" 'BEGIN { printf "%.6f", (us % (span + 1)) / 1e6 }')"
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  now=$(find . -maxdepth 1 -name 'state.json.tmp-*' | wc -l)
  ((now > most)) && most=$now
  # Whatever happened, the state is whole JSON.
  python3 -c 'import json,sys; json.load(open("state.json"))' || { echo "state.json is not whole" >&2; exit 1; }
done
left=$(find . -maxdepth 1 -name 'state.json.tmp-*' | wc -l)
biggest=$(find . -maxdepth 1 -name 'state.json.tmp-*' -printf '%s\n' | sort -n | tail -1)
locks=$(find . -maxdepth 1 -name 'state.json.lock' | wc -l)
echo "$kills runs killed with SIGKILL within ${span} µs (a whole run), state of $sessions sessions ($size bytes):"
echo "  temporary files left at the end: $left (largest ${biggest:-0} bytes); most at any moment: $most"
echo "  lock file left: $locks (unlocked; the next run takes it)"
