#!/usr/bin/env bash
# Every bundled route table and fixture validates with check-jsonschema (the validator people run
# in pre-commit hooks and CI), from Schemas/ alone: the schemas' relative $refs resolve offline.
# Deliberately broken inputs (Fixtures/**/invalid/) are left out, as in validate-schemas.py.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v check-jsonschema >/dev/null || python3 -m pip install --quiet --disable-pip-version-check check-jsonschema
check() {
  local schema=$1 pattern=$2
  local files=()
  while IFS= read -r -d '' f; do files+=("$f"); done < <(find Fixtures -name "$pattern" -not -path '*/invalid/*' -print0 | sort -z)
  [ ${#files[@]} -gt 0 ] || { echo "no $pattern files found" >&2; exit 1; }
  check-jsonschema --no-cache --schemafile "Schemas/$schema" "${files[@]}"
  echo "${#files[@]} $pattern files valid against Schemas/$schema (check-jsonschema, offline references)"
}
check route-table.schema.json '*.routes.json'
check fixture.schema.json '*.fixture.json'
