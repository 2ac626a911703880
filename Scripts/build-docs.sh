#!/usr/bin/env bash
# Builds the DocC documentation of the TapRoute library into .build/docs (no plugin, no
# package dependency: the toolchain's docc and the compiler's symbol graphs).
set -euo pipefail
cd "$(dirname "$0")/.."
# SwiftPM's own dump-symbol-graph (no plugin) always writes fresh graphs; only the
# library's is handed to docc.
# It exits non-zero when a module it also visits (the tests) is not built yet, so success is
# judged by the library's graph being there.
out=$( (swift package dump-symbol-graph --minimum-access-level public 2>&1 || true) | sed -n 's/^Files written to //p' | tail -n 1)
[[ -f "$out/TapRoute.symbols.json" ]] || { echo "no symbol graph for TapRoute in '$out'" >&2; exit 1; }
graphs=.build/symbol-graphs
rm -rf "$graphs" && mkdir -p "$graphs"
cp "$out"/TapRoute.symbols.json "$graphs"/
cp "$out"/TapRoute@*.symbols.json "$graphs"/ 2>/dev/null || true
docc convert Sources/TapRoute/TapRoute.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name TapRoute --fallback-bundle-identifier org.taproute.TapRoute \
  --output-path .build/docs --warnings-as-errors "$@"
echo "documentation: .build/docs (open .build/docs/index.html through a web server, or use 'docc preview')"
