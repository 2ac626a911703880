#!/usr/bin/env python3
"""Validates every policy file in Policies/ against the JSON Schema its "$schema" names (the
example situations of Policies/surfaces/ against situation.schema.json).

The schemas are for editors; TapRoute's own loader is the authority. This check keeps the
two in step. Needs the jsonschema package (pip install jsonschema)."""
import json
import pathlib
import sys

import jsonschema
from referencing import Registry, Resource

root = pathlib.Path(__file__).resolve().parent.parent / "Policies"
# The schemas refer to each other by file name (table.schema.json to the generated
# facts.schema.json, fixtures and sessions to situation.schema.json).
registry = Registry().with_resources(
    (path.name, Resource.from_contents(json.loads(path.read_text())))
    for path in (root / "schema").glob("*.schema.json"))
failed = 0
for path in sorted(list(root.glob("*.json")) + list(root.glob("sessions/*.json")) + list(root.glob("surfaces/*.json"))):
    document = json.loads(path.read_text())
    # A surface's example is a bare situation, as `taproute explain` reads it: no "$schema" key.
    named = "../schema/situation.schema.json" if path.parent.name == "surfaces" else document.get("$schema", "")
    schema_path = (path.parent / named).resolve()
    if not schema_path.is_file():
        print(f"{path.name}: no schema at {document.get('$schema')!r}")
        failed += 1
        continue
    schema = json.loads(schema_path.read_text())
    errors = list(jsonschema.validators.validator_for(schema)(schema, registry=registry).iter_errors(document))
    for error in errors:
        print(f"{path.name}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
    failed += bool(errors)
    print(f"{path.name}: {'ok' if not errors else 'INVALID'} against {schema_path.name}")
sys.exit(1 if failed else 0)
