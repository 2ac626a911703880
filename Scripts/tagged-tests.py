#!/usr/bin/env python3
"""Prints a `swift test --filter` regular expression for the tests that carry a tag.

    swift test --filter "$(Scripts/tagged-tests.py concurrency)"

SwiftPM 6.3's `--filter` matches test ids, not Swift Testing's tags, so the tag written on a
test or suite in Tests/ (`.tags(.concurrency)`) stays the one declaration and this reads the
ids from it: a tagged `@Suite` gives `Target.Type`, a tagged `@Test` `Target.Type/function`.
Fails when a `.tags(` in the sources is not on an attribute it can read, so that a tag is never
silently dropped from a run.
"""
import pathlib
import re
import sys

if len(sys.argv) != 2 or not re.fullmatch(r"[A-Za-z]\w*", sys.argv[1]):
    sys.exit("usage: Scripts/tagged-tests.py TAG")
tag = sys.argv[1]
root = pathlib.Path(__file__).resolve().parent.parent / "Tests"

# An attribute's argument list, with parentheses nested two deep and strings skipped whole.
string = r'"(?:[^"\\\n]|\\.)*"'
inner = rf'(?:{string}|[^()"])*'
args = rf'\((?:{string}|[^()"]|\({inner}(?:\({inner}\){inner})*\))*\)'
attribute = re.compile(rf'@(Suite|Test)\s*({args})?\s*(?:@\w+\s*)*(?:(?:static|final|private|fileprivate|mutating)\s+)*(struct|class|enum|func)\s+(\w+)')
declaration = re.compile(r'^(?:@\w+(?:\([^)]*\))?\s+)*(?:final\s+)?(?:struct|class|enum|extension)\s+(\w+)', re.M)

ids = []
# A test target's files may sit in folders laid out like the sources.
for path in sorted(root.glob("*/**/*.swift")):
    text = path.read_text()
    target = path.relative_to(root).parts[0]
    seen = 0
    for m in attribute.finditer(text):
        kind, arguments, _, name = m.groups()
        tags = re.findall(r"\.tags\(([^)]*)\)", arguments or "")
        if not tags:
            continue
        seen += len(tags)
        if tag not in re.findall(r"\.(\w+)", ",".join(tags)):
            continue
        if kind == "Suite":
            ids.append(f"{target}.{name}")
        else:
            # The type a test function belongs to: the nearest type declaration above it.
            owners = [d.group(1) for d in declaration.finditer(text, 0, m.start())]
            if not owners:
                sys.exit(f"{path}: a tagged test outside a type: {name}")
            ids.append(f"{target}.{owners[-1]}/{name}")
    if seen != text.count(".tags("):
        sys.exit(f"{path}: {text.count('.tags(')} .tags( in the file, {seen} read from attributes")
if not ids:
    sys.exit(f"no test carries the tag .{tag}")
print("^(" + "|".join(re.escape(i) for i in ids) + r")(/|$|\()")
