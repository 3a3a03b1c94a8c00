#!/usr/bin/env bash
# Builds the DocC documentation of the ActivityRouter library with the toolchain's own `docc`
# (no plugin: the docc plugin is an outside package). From the repository root:
#
#   scripts/build-docs.sh                 # writes .build/docs (a static site: serve it, or open index.html)
#
# 1. `swift build` emits the library's symbol graphs, in a scratch directory of its own so the
#    usual debug build is not rebuilt with other flags;
# 2. `docc convert` joins them with the catalog Sources/ActivityRouter/ActivityRouter.docc.
#    The ActivityRouter module re-exports every stage of the library (Package.swift), and its
#    symbol graph holds their symbols: only its graphs are given to docc, so every symbol has
#    one page, under ActivityRouter, as an embedder imports it.
# Any DocC warning (a symbol link that does not resolve, a parameter left undocumented) fails
# the script.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build/docs-scratch
graphs=$scratch/symbol-graphs
output=.build/docs
rm -rf "$output"
mkdir -p "$graphs"

build_symbol_graphs() {
  # The product module's graph holds every re-exported stage's symbols, but the module is only
  # compiled when its own file changes: recompile it each time, so the graph is never stale.
  touch Sources/ActivityRouter/Exports.swift
  rm -f "$graphs"/ActivityRouter*.symbols.json
  swift build --target ActivityRouter --scratch-path "$scratch" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs"
}
build_symbol_graphs
# The graphs are written only when the module is compiled; if they are missing (removed by
# hand while the build was up to date), build from scratch.
if [[ ! -s $graphs/ActivityRouter.symbols.json ]]; then
  rm -rf "$scratch"
  mkdir -p "$graphs"
  build_symbol_graphs
fi

docc="$(command -v docc || true)"
if [[ -z $docc ]]; then docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"; fi
product=$scratch/product-symbol-graphs
rm -rf "$product"
mkdir -p "$product"
cp "$graphs"/ActivityRouter.symbols.json "$graphs"/ActivityRouter@*.symbols.json "$product"/
"$docc" convert Sources/ActivityRouter/ActivityRouter.docc \
  --additional-symbol-graph-dir "$product" \
  --output-path "$output" \
  --fallback-display-name ActivityRouter \
  --fallback-bundle-identifier org.activityrouter.ActivityRouter \
  --warnings-as-errors

echo "Documentation: $output (open $output/index.html through a web server, e.g. python3 -m http.server -d $output)"
