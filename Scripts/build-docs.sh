#!/usr/bin/env bash
# Builds the DocC documentation of the TapRoute and TapRouteAASA modules into .build/docs, one
# site (no plugin, no package dependency: the toolchain's docc and the compiler's symbol graphs).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --target TapRoute >&2
graphs=.build/symbol-graphs
parts=.build/docs-parts
rm -rf "$graphs" "$parts" && mkdir -p "$graphs/TapRoute" "$graphs/TapRouteAASA" "$parts"
# Each module's symbol graph from the compiler's extractor, reading the modules just built.
# TapRoute's takes in the three types it re-exports from TapRouteAASA (Diagnostic,
# DiagnosticsError, OSVersion), so its pages describe them where a client of TapRoute meets
# them; TapRouteAASA's archive describes the AASA reader and matcher.
modules="$(swift build --show-bin-path)/Modules"
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
swift symbolgraph-extract -module-name TapRoute -I "$modules" -target "$triple" -output-dir "$graphs/TapRoute" \
  -minimum-access-level public -experimental-allowed-reexported-modules=TapRouteAASA
swift symbolgraph-extract -module-name TapRouteAASA -I "$modules" -target "$triple" \
  -output-dir "$graphs/TapRouteAASA" -minimum-access-level public
for module in TapRoute TapRouteAASA; do
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.taproute.$module" \
    --output-path "$parts/$module.doccarchive" --warnings-as-errors "$@"
done
# One site for both modules: documentation/taproute and documentation/taprouteaasa.
rm -rf .build/docs
docc merge "$parts/TapRoute.doccarchive" "$parts/TapRouteAASA.doccarchive" \
  --synthesized-landing-page-name TapRoute --output-path .build/docs
echo "documentation: .build/docs (open .build/docs/index.html through a web server, or use 'docc preview')"
