#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml at the repository root), one subcommand each. The
# inputs come in ROUTE_* variables; results go to GitHub's files ($GITHUB_OUTPUT, $GITHUB_ENV,
# $GITHUB_PATH). scripts/test-action.py runs them locally the way the runner does.
#
#   install     download ROUTE_ARCHIVE_URL, check ROUTE_ARCHIVE_SHA256, unpack, put bin/ on the PATH
#   cache-key   the key of the route-cli build: OS, architecture, configuration, hash of the sources
#   build       swift build the route-cli product of this checkout (ROUTE_BUILD_CONFIGURATION)
#   check       route-cli check --format github on each of ROUTE_TABLES (default every *.routes.json)
#   test        route-cli test ROUTE_FIXTURES --format github --junit ROUTE_JUNIT --html ROUTE_HTML
#   verdict     fail when check or test failed (they do not stop the job, so the reports upload)
set -euo pipefail
action_root="$(cd "$(dirname "$0")/.." && pwd)"
: "${GITHUB_OUTPUT:?run by the GitHub runner or scripts/test-action.py}"

use_route_cli() {  # use_route_cli PATH: for the later steps and as the action's output
  echo "ROUTE_CLI=$1" >>"$GITHUB_ENV"
  dirname "$1" >>"$GITHUB_PATH"
  echo "route-cli=$1" >>"$GITHUB_OUTPUT"
  echo "route-cli: $("$1" --version | head -1) at $1"
}

case "${1:-}" in
  install)
    : "${ROUTE_ARCHIVE_URL:?no archive-url}"
    dir="${RUNNER_TEMP:-/tmp}/route-cli-install"
    rm -rf "$dir" && mkdir -p "$dir"
    curl --fail --silent --show-error --location --retry 3 -o "$dir/route-cli.tar.gz" "$ROUTE_ARCHIVE_URL"
    actual="$(sha256sum "$dir/route-cli.tar.gz" | cut -d' ' -f1)"
    if [[ -n ${ROUTE_ARCHIVE_SHA256:-} ]]; then
      expected="${ROUTE_ARCHIVE_SHA256%% *}"  # a line of SHA256SUMS or the bare hash
      if [[ $actual != "$expected" ]]; then
        echo "::error title=route-cli archive::the SHA-256 of $ROUTE_ARCHIVE_URL is $actual, not $expected"
        exit 1
      fi
    else
      echo "::warning title=route-cli archive::no sha256 given; the archive's is $actual"
    fi
    tar -xzf "$dir/route-cli.tar.gz" -C "$dir"
    found=("$dir"/*/bin/route-cli)
    [[ -x ${found[0]} ]] || { echo "::error title=route-cli archive::no */bin/route-cli in the archive"; exit 1; }
    use_route_cli "${found[0]}"
    ;;
  cache-key)
    configuration="${ROUTE_BUILD_CONFIGURATION:-release}"
    prefix="route-cli-$(uname -s)-$(uname -m)-$configuration-$(swift --version 2>/dev/null | head -1 | sha256sum | cut -c1-8)-"
    sources="$(cd "$action_root" && find Package.swift Sources -type f -name '*.swift' | LC_ALL=C sort | xargs cat | sha256sum | cut -c1-16)"
    echo "key=$prefix$sources" >>"$GITHUB_OUTPUT"
    echo "restore-prefix=$prefix" >>"$GITHUB_OUTPUT"
    echo "cache key: $prefix$sources"
    ;;
  build)
    configuration="${ROUTE_BUILD_CONFIGURATION:-release}"
    swift build --package-path "$action_root" -c "$configuration" --product route-cli
    use_route_cli "$(swift build --package-path "$action_root" -c "$configuration" --show-bin-path)/route-cli"
    ;;
  check)
    route_cli="${ROUTE_CLI:?no route-cli: the install or build step did not run}"
    tables=()
    if [[ -n ${ROUTE_TABLES//[[:space:]]/} ]]; then
      read -r -d '' -a tables <<<"$ROUTE_TABLES" || true
    else
      while IFS= read -r -d '' table; do tables+=("${table#./}"); done \
        < <(find . -name .build -prune -o -name .git -prune -o -name '*.routes.json' -type f -print0 | LC_ALL=C sort -z)
    fi
    status=0
    for table in "${tables[@]}"; do
      "$route_cli" check "$table" --format github || status=1
    done
    [[ ${#tables[@]} -gt 0 ]] || echo "::warning title=route-cli check::no *.routes.json in the repository"
    echo "status=$status" >>"$GITHUB_OUTPUT"
    ;;
  test)
    route_cli="${ROUTE_CLI:?no route-cli: the install or build step did not run}"
    read -r -d '' -a fixtures <<<"$ROUTE_FIXTURES" || true
    args=(test "${fixtures[@]}" --format github --junit "${ROUTE_JUNIT:-route-tests.xml}" --html "${ROUTE_HTML:-route-tests.html}")
    [[ -z ${ROUTE_MIN_COVERAGE:-} ]] || args+=(--min-coverage "$ROUTE_MIN_COVERAGE")
    status=0
    "$route_cli" "${args[@]}" || status=1
    echo "ran=true" >>"$GITHUB_OUTPUT"
    echo "status=$status" >>"$GITHUB_OUTPUT"
    ;;
  verdict)
    failed=()
    [[ ${ROUTE_CHECK_STATUS:-0} == 0 ]] || failed+=("route-cli check")
    [[ ${ROUTE_TEST_STATUS:-0} == 0 ]] || failed+=("route-cli test")
    if [[ ${#failed[@]} -gt 0 ]]; then
      echo "failed: ${failed[*]} (the annotations and the reports say where)"
      exit 1
    fi
    echo "route checks passed"
    ;;
  *)
    sed -n '2,12p' "$0" >&2
    exit 64
    ;;
esac
