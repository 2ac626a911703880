#!/usr/bin/env python3
"""Prints a `swift test --filter` regular expression for the tests that carry a tag.

    swift test --filter "$(Scripts/tagged-tests.py concurrency)"

With --sources, it prints instead the test target's files those tests need (their own files,
the shared support, the files of other suites they name), which Package.swift reads from
TAPROUTE_TEST_SOURCES to build only those: CI's sanitizer builds compile no test they do not run.

SwiftPM 6.3's `--filter` matches test ids, not Swift Testing's tags, so the tag written on a
test or suite in Tests/ (`.tags(.concurrency)`) stays the one declaration and this reads the
ids from it: a tagged `@Suite` gives `Target.Type`, a tagged `@Test` `Target.Type/function`.
Fails when a `.tags(` in the sources is not on an attribute it can read, so that a tag is never
silently dropped from a run.
"""
import pathlib
import re
import sys

arguments = sys.argv[1:]
sources = arguments[:1] == ["--sources"]
if sources:
    arguments = arguments[1:]
if len(arguments) != 1 or not re.fullmatch(r"[A-Za-z]\w*", arguments[0]):
    sys.exit("usage: Scripts/tagged-tests.py [--sources] TAG")
tag = arguments[0]
root = pathlib.Path(__file__).resolve().parent.parent / "Tests"

# An attribute's argument list, with parentheses nested two deep and strings skipped whole.
string = r'"(?:[^"\\\n]|\\.)*"'
inner = rf'(?:{string}|[^()"])*'
args = rf'\((?:{string}|[^()"]|\({inner}(?:\({inner}\){inner})*\))*\)'
attribute = re.compile(rf'@(Suite|Test)\s*({args})?\s*(?:@\w+\s*)*(?:(?:static|final|private|fileprivate|mutating)\s+)*(struct|class|enum|func)\s+(\w+)')
declaration = re.compile(r'^(?:@\w+(?:\([^)]*\))?\s+)*(?:final\s+)?(?:struct|class|enum|extension)\s+(\w+)', re.M)

ids = []
files = set()
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
        files.add(path)
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

if sources:
    # The test target's files the tagged tests need: their own files, the shared support (the
    # target's top-level files and Support/), and, until nothing is added, the file declaring
    # each type a needed file names (`DifferentialTests.enumeratedSample()`, a helper type).
    target = root / "TapRouteTests"
    declared = {}
    for path in sorted(target.glob("**/*.swift")):
        pattern = r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:private|fileprivate|internal|final)\s+)*(?:struct|class|enum|protocol|typealias)\s+(\w+)"
        for m in re.finditer(pattern, path.read_text(), re.M):
            declared.setdefault(m.group(1), path)
    needed = {p for p in files if target in p.parents}
    needed |= set(target.glob("*.swift")) | set(target.glob("Support/**/*.swift"))
    queue = list(needed)
    while queue:
        for name in set(re.findall(r"\b([A-Z]\w*)\b", queue.pop().read_text())):
            path = declared.get(name)
            if path and path not in needed:
                needed.add(path)
                queue.append(path)
    # Relative to the target's folder, as Package.swift's `sources:` takes them.
    print(" ".join(sorted(str(p.relative_to(target)) for p in needed)))
    sys.exit(0)
print("^(" + "|".join(re.escape(i) for i in ids) + r")(/|$|\()")
