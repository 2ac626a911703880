#!/usr/bin/env python3
"""Validates every policy file in Policies/ against the JSON Schema its "$schema" names.

The schemas are for editors; TapRoute's own loader is the authority. This check keeps the
two in step. Needs the jsonschema package (pip install jsonschema)."""
import json
import pathlib
import sys

import jsonschema

root = pathlib.Path(__file__).resolve().parent.parent / "Policies"
failed = 0
for path in sorted(list(root.glob("*.json")) + list(root.glob("sessions/*.json"))):
    document = json.loads(path.read_text())
    schema_path = (path.parent / document.get("$schema", "")).resolve()
    if not schema_path.is_file():
        print(f"{path.name}: no schema at {document.get('$schema')!r}")
        failed += 1
        continue
    schema = json.loads(schema_path.read_text())
    errors = list(jsonschema.validators.validator_for(schema)(schema).iter_errors(document))
    for error in errors:
        print(f"{path.name}: {'/'.join(map(str, error.absolute_path))}: {error.message}")
    failed += bool(errors)
    print(f"{path.name}: {'ok' if not errors else 'INVALID'} against {schema_path.name}")
sys.exit(1 if failed else 0)
