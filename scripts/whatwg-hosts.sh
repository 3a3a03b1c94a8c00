#!/usr/bin/env bash
# Records WHATWG's reading (Node's URL class, which is ada) of every input the host tests use,
# into Tests/Data/whatwg-hosts.json, so that the tests need no Node. Run it after changing the
# inputs of Tests/ActivityRouterTests/Security/HostSpoofingTests.swift. Needs node >= 18.
set -euo pipefail
cd "$(dirname "$0")/.."
inputs="$(mktemp)"
trap 'rm -f "$inputs"' EXIT
# The test writes its inputs, then fails while the file is stale; only the inputs matter here.
WRITE_HOST_INPUTS="$inputs" swift test --filter 'HostSpoofingTests/theOracleFileHasExactlyTheseInputs' >/dev/null 2>&1 || true
test -s "$inputs" || { echo "error: the test did not write its inputs" >&2; exit 1; }
node scripts/whatwg-hosts.mjs "$inputs" > Tests/Data/whatwg-hosts.json
echo "wrote Tests/Data/whatwg-hosts.json ($(node -e 'console.log(Object.keys(JSON.parse(require("fs").readFileSync("Tests/Data/whatwg-hosts.json","utf8")).cases).length)') inputs, node $(node --version))"
swift test --filter HostSpoofingTests
