#!/usr/bin/env bash
# Drive `route-cli route TABLE --json` as a bash coprocess: write one line, read its answer, repeat.
#
#   Examples/coprocess.sh [TABLE]        (route-cli from $ROUTE_CLI, else .build/debug/route-cli)
#
# route-cli answers each line before it waits for the next, so `read` returns at once.
set -euo pipefail
table=${1:-Fixtures/Notes/Notes.routes.json}
route_cli=${ROUTE_CLI:-.build/debug/route-cli}

coproc ROUTER { exec "$route_cli" route "$table" --json; }
to_router=${ROUTER[1]} from_router=${ROUTER[0]} router_pid=$ROUTER_PID

# One field of a record. A real program parses the JSON (jq, python); these keys occur once.
field() { sed -n "s/.*\"$1\":\"\([^\"]*\)\".*/\1/p" <<<"$2"; }

ask() {  # ask LINE: writes LINE, reads its record, prints a summary
  local answer
  printf '%s\n' "$1" >&"$to_router"
  IFS= read -r answer <&"$from_router"
  local line=${answer#'{"line":'}; line=${line%%,*}
  local outcome rule code
  outcome=$(field outcome "$answer") rule=$(field rule "$answer") code=$(field code "$answer")
  echo "$line: $outcome${rule:+ by route '$rule'}${code:+ [$code]}"
}

ask 'notes://tag/work'
ask '{"id": "n1", "url": "notes://note/6F0E4F5A-6A57-4B55-9B0A-7C7C2B9B1E11"}'
ask 'notes://nowhere'
ask 'not a url'

exec {to_router}>&-      # end of input: route-cli finishes and exits
status=0
wait "$router_pid" || status=$?
echo "route-cli exited with status $status"
