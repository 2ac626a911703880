#!/usr/bin/env bash
# Writes the pictures the documentation ships, with the CLI: a sequence diagram of every
# session in Policies/sessions/, of a composed decision and of one decision per surface
# (Policies/surfaces/), and a flow chart of each table (an index and its parts for a table
# too tall for one picture), as SVG into the DocC catalog's Resources/, the DocC article that
# shows them (Pictures.md), Policies/README.md (which has the same pictures in Mermaid), and
# the second-tap trap's Mermaid diagram in README.md. A test fails when any of them drifts
# (Tests/TapRouteTests/TapRouteTools/Rendering/PictureTests.swift).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -q --product taproute
taproute="$(swift build --show-bin-path)/taproute"
docc=Sources/TapRoute/TapRoute.docc
mkdir -p "$docc/Resources"
for session in Policies/sessions/*.json; do
  "$taproute" simulate "$session" --format svg > "$docc/Resources/$(basename "$session" .json).svg"
done
# One decision per surface: Policies/surfaces/EVENT.json.
for surface in Policies/surfaces/*.json; do
  "$taproute" explain --format svg < "$surface" > "$docc/Resources/surface-$(basename "$surface" .json).svg"
done
situation=Examples/situations/redirect-in-didselect.json
"$taproute" explain --format svg < "$situation" > "$docc/Resources/explain-$(basename "$situation" .json).svg"
# One link at every place it is tapped (PictureGallery.everyPlace).
"$taproute" matrix --vary from --svg Examples/situations/link-every-place.json > "$docc/Resources/matrix-link-from.svg"
# Each table's flow chart, or the index and the parts of one too tall for one picture: the
# files PictureGallery.svgFiles lists, written by the library (old parts removed first).
rm -f "$docc/Resources"/table-*.svg
"$taproute" table Policies --format svg --resources "$docc/Resources"
"$taproute" table Policies --format pictures > "$docc/Pictures.md"
"$taproute" table Policies > Policies/README.md
# README.md shows the second-tap trap's diagram inline: replace its Mermaid block.
"$taproute" simulate Policies/sessions/s004-10-second-tap-trap.json --format mermaid > .build/trap.mmd
python3 - .build/trap.mmd <<'PY'
import re, sys
diagram = open(sys.argv[1], encoding="utf-8").read()
text = open("README.md", encoding="utf-8").read()
pattern = r"```mermaid\nsequenceDiagram\n  accTitle: S004-10:.*?```\n"
new, n = re.subn(pattern, lambda m: "```mermaid\n" + diagram + "```\n", text, count=1, flags=re.S)
if n != 1:
    sys.exit("README.md has no Mermaid block of the S004-10 session to replace")
open("README.md", "w", encoding="utf-8").write(new)
PY
echo "pictures: $(ls "$docc/Resources"/*.svg | wc -l) SVG files in $docc/Resources, $docc/Pictures.md, Policies/README.md"
