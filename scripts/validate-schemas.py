#!/usr/bin/env python3
"""Validates every bundled table, fixture and session file against the JSON Schemas that
`route-cli schema` prints (Schemas/*.json), with the `jsonschema` package (tooling only).

    python3 -m pip install jsonschema && python3 scripts/validate-schemas.py
"""
import glob
import json
import pathlib
import sys

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

ROOT = pathlib.Path(__file__).resolve().parent.parent
schemas = {p.name: json.loads(p.read_text()) for p in (ROOT / "Schemas").glob("*.schema.json")}
# The schemas have no `$id`: their `$ref`s ("route-table.schema.json") are relative to the file
# itself, so any validator resolves them offline from the folder (check-jsonschema included).
resources = [(name, Resource.from_contents(s)) for name, s in schemas.items()]
registry = Registry().with_resources(resources)
KINDS = [("*.routes.json", "route-table.schema.json"), ("*.fixture.json", "fixture.schema.json"),
         ("*.sessions.json", "sessions.schema.json")]
failures = 0
checked = 0
for pattern, schema in KINDS:
    Draft202012Validator.check_schema(schemas[schema])
    validator = Draft202012Validator(schemas[schema], registry=registry)
    for path in sorted(glob.glob(str(ROOT / "Fixtures" / "**" / pattern), recursive=True)):
        if "/invalid/" in path:
            continue  # deliberately broken inputs for diagnostics tests
        checked += 1
        for error in validator.iter_errors(json.loads(pathlib.Path(path).read_text())):
            failures += 1
            print(f"{pathlib.Path(path).relative_to(ROOT)}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
print(f"{checked} files checked against Schemas/, {failures} problems")
sys.exit(1 if failures else 0)
