#!/usr/bin/env python3
"""Feeds the schemas' boundary cases to both the JSON Schemas and TapRoute's own loader, and
fails when they disagree.

The schemas are for editors and the loader is the authority; this keeps them in step at the
edges: OS versions (components 0 to 99999, at most six digits, at most three components),
version ranges (">=X", "<X", "X..<Y", a major version "X"; "18.1" is no range; "10..<10" is
empty), and URL length (counted in characters, as JSON Schema's maxLength counts them).
One gap is known and listed: a schema cannot compare two versions, so a range written with its
bounds reversed ("10..<9") or equal in value but not in text ("17..<17.0") is refused by the
loader only. Run after `swift build`; needs the jsonschema package."""
import copy
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

import jsonschema
from referencing import Registry, Resource

root = pathlib.Path(__file__).resolve().parent.parent
taproute = str(root / ".build" / "debug" / "taproute")
schemas = root / "Policies" / "schema"


# The schemas refer to each other by file name (table.schema.json to facts.schema.json).
registry = Registry().with_resources(
    (path.name, Resource.from_contents(json.loads(path.read_text()))) for path in schemas.glob("*.schema.json"))


def validator(name):
    schema = json.loads((schemas / name).read_text())
    return jsonschema.validators.validator_for(schema)(schema, registry=registry)


def schema_accepts(v, document):
    return not list(v.iter_errors(document))


situation_schema = validator("situation.schema.json")
table_schema = validator("table.schema.json")
failures = 0


def check(what, case, by_schema, by_loader, known_gap=False):
    global failures
    agree = by_schema == by_loader
    verdict = "agree" if agree else ("known gap" if known_gap else "DISAGREE")
    print(f"{what} {case!r:>26.26}: schema {'accepts' if by_schema else 'refuses'}, "
          f"loader {'accepts' if by_loader else 'refuses'}: {verdict}")
    if not agree and not known_gap:
        failures += 1
    if agree and known_gap:
        print("  (listed as a known gap, but they agree now: update the list)")
        failures += 1


def loader_accepts_situation(document):
    run = subprocess.run([taproute, "decide"], input=json.dumps(document).encode(), capture_output=True)
    return run.returncode == 0


versions = ["17", "17.1", "17.1.2", "0", "99999", "099999", "100000", "0999999", "17.1.2.3",
            "", "17.", ".17", " 17", "1e3", "-1", "17.99999", "17.100000"]
for text in versions:
    document = {"event": "tap", "osVersion": text}
    check("situation osVersion", text, schema_accepts(situation_schema, document),
          loader_accepts_situation(document))

for label, url in [("65,536 ASCII characters", "x:" + "a" * 65534),
                   ("65,537 ASCII characters", "x:" + "a" * 65535),
                   ("65,536 two-byte characters", "x:" + "é" * 65534),
                   ("65,537 two-byte characters", "x:" + "é" * 65535)]:
    document = {"event": "open", "open": {"url": url}}
    check("situation open.url", label, schema_accepts(situation_schema, document),
          loader_accepts_situation(document))

# Version ranges: put each into the first tap rule that tests osVersion, in a scratch copy.
tap = json.loads((root / "Policies" / "tap.json").read_text())
index = next(i for i, r in enumerate(tap["rules"]) if "osVersion" in r.get("when", {}))
ranges = [(">=10", False), ("<10", False), ("10..<26", False), ("18", False), ("018", False),
          ("99999", False), ("18.1", False), ("10..<10", False), ("10.0..<10.0", False),
          ("<=10", False), (">10", False), ("10..<", False), ("100000", False), (">=17.1.2.3", False),
          ("10..<9", True), ("17..<17.0", True)]
with tempfile.TemporaryDirectory() as scratch:
    scratch = pathlib.Path(scratch)
    for path in (root / "Policies").glob("*.json"):
        shutil.copy(path, scratch / path.name)
    shutil.copytree(schemas, scratch / "schema")
    for text, known_gap in ranges:
        edited = copy.deepcopy(tap)
        edited["rules"][index]["when"]["osVersion"] = text
        (scratch / "tap.json").write_text(json.dumps(edited, indent=2))
        run = subprocess.run([taproute, "table", "--policies", str(scratch)], capture_output=True)
        check("tap rule osVersion", text, schema_accepts(table_schema, edited), run.returncode == 0,
              known_gap)

print(f"{failures} disagreement{'s' if failures != 1 else ''}")
sys.exit(1 if failures else 0)
