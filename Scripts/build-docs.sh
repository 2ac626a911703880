#!/usr/bin/env bash
# Builds the DocC documentation of the TapRoute library into .build/docs (no plugin, no
# package dependency: the toolchain's docc and the compiler's symbol graphs).
set -euo pipefail
cd "$(dirname "$0")/.."
graphs=.build/symbol-graphs
rm -rf "$graphs" && mkdir -p "$graphs"
swift build --target TapRoute -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >/dev/null
docc convert Sources/TapRoute/TapRoute.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name TapRoute --fallback-bundle-identifier org.taproute.TapRoute \
  --output-path .build/docs --warnings-as-errors "$@"
echo "documentation: .build/docs (open .build/docs/index.html through a web server, or use 'docc preview')"
