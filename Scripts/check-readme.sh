#!/usr/bin/env bash
# Builds and tests the README's Swift snippets as written, in a client package beside a
# checkout named TapRoute: the manifest of "Add it to your package" (a path dependency on
# ../TapRoute), the first snippet of "In Swift" as its executable's main.swift (its output
# must be the snippet's `// ...` comment), and the test snippet with the fixtures of
# Examples/ClientPackage as its resource.
#
#   Scripts/check-readme.sh        # the client builds in .build/readme-client (kept, so reruns are quick)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The README's path form names the folder TapRoute, whatever this clone's folder is called.
ln -s "$root" "$work/TapRoute"
mkdir -p "$work/TapDemo/Sources/TapDemo" "$work/TapDemo/Tests/TapDemoTests"
python3 - "$root/README.md" "$work/TapDemo" <<'PY'
import pathlib, re, sys
readme, out = pathlib.Path(sys.argv[1]).read_text(), pathlib.Path(sys.argv[2])
blocks = re.findall(r"^```swift\n(.*?)^```", readme, re.S | re.M)
def one(what, test):
    found = [b for b in blocks if test(b)]
    if len(found) != 1:
        sys.exit(f"check-readme: expected one README snippet for {what}, found {len(found)}")
    return found[0]
manifest = one("the client manifest", lambda b: b.startswith("// swift-tools-version"))
main = one("In Swift", lambda b: b.startswith("import TapRoute\n"))
tests = one("the test target", lambda b: b.startswith("import Foundation\nimport TapRoute\nimport Testing\n"))
(out / "Package.swift").write_text(manifest)
(out / "Sources/TapDemo/main.swift").write_text(main)
(out / "Tests/TapDemoTests/FixtureTests.swift").write_text(tests)
expected = [l[3:] for l in main.splitlines() if l.startswith("// ")]
(out / "expected-output.txt").write_text("\n".join(expected) + "\n")
PY
cp Examples/ClientPackage/Tests/MessagesRoutingTests/fixtures.json "$work/TapDemo/Tests/TapDemoTests/"
scratch="$root/.build/readme-client"
printed=$(swift run --package-path "$work/TapDemo" --scratch-path "$scratch" -q TapDemo)
if [[ "$printed" != "$(cat "$work/TapDemo/expected-output.txt")" ]]; then
  echo "check-readme: 'In Swift' printed '$printed', the README says '$(cat "$work/TapDemo/expected-output.txt")'" >&2
  exit 1
fi
echo "In Swift: printed what the README says: $printed"
swift test --package-path "$work/TapDemo" --scratch-path "$scratch" 2>&1 | tail -n 3
