#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ and runs each for SECONDS (default 60).
#
#   scripts/fuzz.sh [seconds] [target...]      targets: url event line table bulk (default: all)
#
# The library is compiled once into a static library with -sanitize=fuzzer,address (rebuilt
# only when the library's sources change); each target is its file in Fuzz/Targets/ plus
# Fuzz/Support/, linked against it. Each run starts from the seed corpus Fuzz/corpus/<target>/
# (read only) and a working corpus in .build/fuzz/corpus/<target>/ (kept between runs), with
# the URL dictionary Fuzz/url.dict. A crash is saved in .build/fuzz/crashes/<target>/ and makes
# the script fail; turn it into a named regression test (Tests/.../Security/FuzzRegressionTests.swift).
# The summary gives the executions of each target and in total.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(url event line table bulk)

out=.build/fuzz
mkdir -p "$out/lib"
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -swift-version 6 -package-name activityrouter
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
  -enable-upcoming-feature InternalImportsByDefault)

# 1. The library, when its sources (or these flags) changed: each stage of the data flow
#    (Package.swift) is a module of its own, compiled in order against the ones before it.
stages=(RouterSupport RouteEvents AppleAppFiles RouteTables RouteMatcher SceneDecision DecisionRecords RouteFixtures ActivityRouter)
mapfile -t sources < <(for stage in "${stages[@]}"; do find "Sources/$stage" -name '*.swift' | LC_ALL=C sort; done)
stamp="$( (printf '%s\n' "${flags[@]}"; cat "${sources[@]}") | sha256sum | cut -c1-16)"
# Linked dependents first (a static library resolves only what the ones before it need).
libs=()
for ((i = ${#stages[@]} - 1; i >= 0; i--)); do libs+=("$out/lib/lib${stages[i]}.a"); done
if [ ! -f "$out/lib/libActivityRouter.a" ] || [ "$(cat "$out/lib/stamp" 2>/dev/null)" != "$stamp" ]; then
  echo "== building the library for fuzzing (${#sources[@]} files, ${#stages[@]} modules)"
  rm -f "$out/lib/stamp"
  for stage in "${stages[@]}"; do
    mapfile -t files < <(find "Sources/$stage" -name '*.swift' | LC_ALL=C sort)
    rm -f "$out/lib/lib$stage.a"  # an archive is appended to, not replaced: no stale objects
    swiftc -wmo -emit-library -static -emit-module -module-name "$stage" -num-threads 2 "${flags[@]}" -I "$out/lib" \
      -emit-module-path "$out/lib/$stage.swiftmodule" "${files[@]}" -o "$out/lib/lib$stage.a" \
      2> >(grep -v "ld.gold: warning: Cannot export local symbol" >&2)
  done
  echo "$stamp" > "$out/lib/stamp"
fi

declare -A file=([url]=FuzzURL [event]=FuzzEvent [line]=FuzzLine [table]=FuzzTable [bulk]=FuzzBulk)
declare -A maxlen=([url]=4096 [event]=4096 [line]=4096 [table]=8192 [bulk]=4096)

# 2. The targets.
for t in "${targets[@]}"; do
  [ -n "${file[$t]:-}" ] || { echo "error: unknown target '$t' (url event line table bulk)" >&2; exit 64; }
done
# The targets are built one a core (each a small compile and a link against the library above).
build_jobs="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}"
building=()
for t in "${targets[@]}"; do
  echo "== building fuzz-$t"
  swiftc "${flags[@]}" -I "$out/lib" Fuzz/Support/*.swift "Fuzz/Targets/${file[$t]}.swift" \
    "${libs[@]}" -o "$out/fuzz-$t" 2> >(grep -v "ld.gold: warning: Cannot export local symbol" >&2) &
  building+=($!)
  if [ ${#building[@]} -ge "$build_jobs" ]; then wait "${building[0]}"; building=("${building[@]:1}"); fi
done
for pid in "${building[@]}"; do wait "$pid"; done

# 3. The runs, FUZZ_JOBS at a time (default: the number of cores). libFuzzer runs one process on
#    one core, so on 2 cores two targets at a time each get the whole of their SECONDS on a core of
#    their own, as one at a time would give them, in half the wall time (docs/security.md).
jobs="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}"
run_target() {  # run_target TARGET: runs it, writes its exit status to .build/fuzz/fuzz-TARGET.status
  local t=$1 status
  mkdir -p "$out/corpus/$t" "$out/crashes/$t"
  set +e
  # No Swift backtracer: it reads the crashed stack, which ASan reports as a second error.
  SWIFT_BACKTRACE=enable=no LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0" "$out/fuzz-$t" -max_total_time="$seconds" -max_len="${maxlen[$t]}" -timeout=10 -rss_limit_mb=2048 \
    -dict=Fuzz/url.dict -print_final_stats=1 -artifact_prefix="$out/crashes/$t/" \
    "$out/corpus/$t" "Fuzz/corpus/$t" > "$out/fuzz-$t.log" 2>&1
  status=$?
  set -e
  echo "$status" > "$out/fuzz-$t.status"
}
running=0
for t in "${targets[@]}"; do
  rm -f "$out/fuzz-$t.status"
  echo "== fuzz-$t for ${seconds}s"
  run_target "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

total=0
failed=()
summary=()
for t in "${targets[@]}"; do
  log="$out/fuzz-$t.log"
  status="$(cat "$out/fuzz-$t.status" 2>/dev/null || echo missing)"
  runs="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)"
  runs="${runs:-0}"
  total=$((total + runs))
  units="$(ls "$out/corpus/$t" | wc -l)"
  if [ "$status" != 0 ]; then
    failed+=("$t")
    summary+=("$(printf '%-6s %12s executions  corpus %5s  CRASH (status %s), see %s' "$t" "$runs" "$units" "$status" "$log")")
    grep -E "invariant broken|ERROR: AddressSanitizer|Fatal error|SUMMARY" "$log" | head -5 >&2 || true
    ls -t "$out/crashes/$t" | head -3 | sed "s|^|   input: $out/crashes/$t/|" >&2
  else
    summary+=("$(printf '%-6s %12s executions  corpus %5s  ok' "$t" "$runs" "$units")")
  fi
done
echo
echo "== fuzzing summary (${seconds}s a target, $jobs at a time)"
printf '%s\n' "${summary[@]}"
printf 'total  %12s executions\n' "$total"
[ ${#failed[@]} -eq 0 ] || { echo "crashes in: ${failed[*]}" >&2; exit 1; }
