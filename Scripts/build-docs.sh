#!/usr/bin/env bash
# Builds the DocC documentation of the TapRoute library into .build/docs (no plugin, no
# package dependency: the toolchain's docc and the compiler's symbol graphs).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --target TapRoute >&2
graphs=.build/symbol-graphs
rm -rf "$graphs" && mkdir -p "$graphs"
# The library's symbol graph with what it re-exports: `import TapRoute` brings TapRouteAASA's
# types (the AASA reader and matcher, Diagnostic, OSVersion), so its documentation describes
# them too. SwiftPM's dump-symbol-graph has no option for that; the compiler's extractor,
# reading the modules just built, has.
modules="$(swift build --show-bin-path)/Modules"
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
swift symbolgraph-extract -module-name TapRoute -I "$modules" -target "$triple" -output-dir "$graphs" \
  -minimum-access-level public -experimental-allowed-reexported-modules=TapRouteAASA
docc convert Sources/TapRoute/TapRoute.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name TapRoute --fallback-bundle-identifier org.taproute.TapRoute \
  --output-path .build/docs --warnings-as-errors "$@"
echo "documentation: .build/docs (open .build/docs/index.html through a web server, or use 'docc preview')"
