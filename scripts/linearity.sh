#!/usr/bin/env bash
# No blow-up: for each scenario of Fuzz/Linearity/LinearityProbe.swift, doubles the input size
# several times and counts, with callgrind, the instructions of the measured operation alone.
# Counts are deterministic (no timing). The script fails when one doubling more than
# RATIO_LIMIT-folds the work (default 2.3: linear plus a small constant; quadratic would be ~4),
# or when the work over the whole range grows more than the sizes do (x1.15).
#
#   scripts/linearity.sh [scenario...]
#
# The probe is linked against the debug build of the library (swift build), so it needs no
# build of its own. Needs valgrind.
#
# Matching (and reading URLs and events), stateful runs (each line against the sessions the
# earlier lines opened), session files and loading a table (table-load: the JSON read, every route
# and pattern checked) are guaranteed linear and enforced. Compiling a table is measured and
# printed but not enforced (REPORT_ONLY): it is done once per table, and tables are trusted; its
# figures are in docs/security.md ("Figures").
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "error: valgrind is needed (apt-get install valgrind)" >&2; exit 1; }
limit="${RATIO_LIMIT:-2.3}"
out=.build/linearity
mkdir -p "$out"

swift build --target ActivityRouter >/dev/null
bin="$(swift build --show-bin-path)"
# The library's stages, in the order of the data flow (Package.swift).
stages=(RouterSupport RouteEvents AppleAppFiles RouteTables RouteMatcher SceneDecision DecisionRecords RouteFixtures ActivityRouter)
objects=()
for stage in "${stages[@]}"; do objects+=("$bin/$stage.build"/*.o); done
rm -f "$out/LinearityProbe" "$out"/callgrind.* "$out"/dump.*  # never count with a stale probe or read stale counts
swiftc -g -Onone -parse-as-library -swift-version 6 -I "$bin/Modules" Fuzz/Linearity/LinearityProbe.swift \
  "${objects[@]}" -o "$out/LinearityProbe" 2>&1 | grep -v "ld.gold: warning" || true
[ -x "$out/LinearityProbe" ] || { echo "error: the probe did not build" >&2; exit 1; }

declare -A sizes=(
  [url-length]="1024 2048 4096 8192 16384 32768"
  [url-escapes]="512 1024 2048 4096 8192 16384"
  # With one-byte segments, from 254 on the path is 512 bytes or more, which the fast path leaves
  # to the general path: a step (the general path does more per segment), not a slope. So
  # 'segments' stays below it and 'segments-general' measures the general path up to the limit.
  [segments]="8 16 32 64 128 252"
  [segments-general]="8 16 32 64 128 255"
  [dot-segments]="64 128 256 512 1024 2048"
  [affix-length]="512 1024 2048 4096 8192 16384"
  [opaque-segments]="16 32 64 128 200 250"
  [query-items]="4 8 16 32 64 124"
  [host-labels]="15 31 62 125 250 500"
  [host-labels-unknown]="15 31 62 125 250 500"
  [table-branching]="128 256 512 1024 2048 4096"
  [table-optionals]="16 32 64 128 256 512"
  [table-load]="125 250 500 1000 2000 4000"
  [compile-params]="16 32 64 128 256 512"
  [compile-query]="16 32 64 128 256 512"
  [event-json]="64 128 256 512 1024 2048"
  [parse]="128 256 512 1024 2048 4096"
  # Stateful runs and session files (issue 18 item 4): n note links each opening a window, so
  # line n meets n open sessions; a session file of n sessions read and written.
  [stateful-notes]="64 128 256 512 1024 2048"
  # n note links opening windows, and a close of the oldest open one after every second link
  # (issue 17 item 2): the open windows grow to n/2, and every close takes one from the front.
  [stateful-closing]="64 128 256 512 1024 2048"
  [session-file]="125 250 500 1000 2000 4000"
)
scenarios=("$@")
# By default the enforced scenarios; name compile-params or compile-query to see those.
[ ${#scenarios[@]} -gt 0 ] || scenarios=(url-length url-escapes segments segments-general dot-segments affix-length opaque-segments query-items host-labels
  host-labels-unknown table-branching table-optionals table-load event-json parse stateful-notes stateful-closing session-file)

# The exact symbol: a wildcard would also match the closures inside it, and each entry into a
# matching function toggles collection (off, inside the closures).
symbol="$(nm "$out/LinearityProbe" | awk '$3 ~ /measuredWork.*VFZ$/ && !found { print $3; found = 1 }')"
[ -n "$symbol" ] || { echo "error: no measuredWork symbol in the probe" >&2; exit 1; }

# Each scenario under callgrind in one process, all its sizes in turn (callgrind writes a profile
# after each call of the measured function: callgrind.<scenario>.<n>); two scenarios at a time,
# the heaviest first (table-load, session-file and the stateful runs are most of the work), so that
# the two cores end together. One process a scenario, not one a size: valgrind and the Swift
# runtime start in about 2 s of a core each time, which over 102 runs was a third of the step.
heavy=(table-load session-file stateful-notes stateful-closing)
run_all() {
  local s
  {
    for s in "${heavy[@]}"; do [[ " ${scenarios[*]} " != *" $s "* ]] || printf '%s %s\n' "$s" "${sizes[$s]}"; done
    for s in "${scenarios[@]}"; do [[ " ${heavy[*]} " == *" $s "* ]] || printf '%s %s\n' "$s" "${sizes[$s]}"; done
  } | xargs -P "${JOBS:-2}" -L 1 sh -c '
    out="$0" symbol="$1" s="$2"
    shift 2
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out/dump.$s" \
      --toggle-collect="$symbol" --dump-after="$symbol" "$out/LinearityProbe" "$s" "$@" >/dev/null 2>"$out/callgrind.$s.log"
    k=1
    for n in "$@"; do
      [ ! -f "$out/dump.$s.$k" ] || mv -f "$out/dump.$s.$k" "$out/callgrind.$s.$n"
      k=$((k + 1))
    done
    rm -f "$out/dump.$s"' "$out" "$symbol"
}

count() {  # instructions of measuredWork for scenario $1, size $2
  awk '/^(summary|totals):/ { print $2; exit }' "$out/callgrind.$1.$2"
}

for s in "${scenarios[@]}"; do
  [ -n "${sizes[$s]:-}" ] || { echo "error: unknown scenario '$s'" >&2; exit 64; }
done
rm -f "$out"/callgrind.* "$out"/dump.*
run_all

report_only=" ${REPORT_ONLY:-compile-params compile-query} "
failed=()
printf '%-20s %s\n' "scenario" "instructions at each size (ratio to the previous)"
for s in "${scenarios[@]}"; do
  read -r -a ns <<< "${sizes[$s]}"
  line=""
  previous=""
  first=""
  verdict="linear"
  for n in "${ns[@]}"; do
    w="$(count "$s" "$n")"
    [ -n "$w" ] && [ "$w" -gt 0 ] || { echo "error: no count for $s $n (see $out/callgrind.$s.log)" >&2; exit 1; }
    if [ -n "$previous" ]; then
      ratio="$(awk -v a="$w" -v b="$previous" 'BEGIN { printf "%.2f", a / b }')"
      line+=" $n:$w(x$ratio)"
      awk -v r="$ratio" -v l="$limit" 'BEGIN { exit !(r > l) }' && verdict="SUPERLINEAR"
    else
      line+=" $n:$w"
      first="$w"
    fi
    previous="$w"
  done
  # Over the whole range: work may grow at most as the size does (plus 15%).
  growth="$(awk -v a="$previous" -v b="$first" 'BEGIN { printf "%.1f", a / b }')"
  span="$(awk -v a="${ns[-1]}" -v b="${ns[0]}" 'BEGIN { printf "%.1f", a / b }')"
  awk -v g="$growth" -v s="$span" 'BEGIN { exit !(g > s * 1.15) }' && verdict="SUPERLINEAR"
  note=""
  [[ "$report_only" == *" $s "* ]] && note=" (reported, not enforced)"
  printf '%-20s %s  [work x%s for size x%s: %s%s]\n' "$s" "$line" "$growth" "$span" "$verdict" "$note"
  [ "$verdict" = linear ] || [ -n "$note" ] || failed+=("$s")
done
[ ${#failed[@]} -eq 0 ] || { echo "super-linear work in: ${failed[*]}" >&2; exit 1; }
echo "all scenarios linear"
