#!/usr/bin/env bash
# The stripped release size of a client executable that decides one tap through the module an
# app links (`import TapRoute` alone; Benchmarks/ClientSize), in bytes. Issue 37 asks for it
# before and after the engine and the tools became two modules: Benchmarks/README.md.
#   Scripts/client-size.sh [SCRATCH]   (default .build/client-size)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${1:-.build/client-size}"
swift build -c release --package-path Benchmarks/ClientSize --scratch-path "$scratch" >&2
binary="$scratch/release/DecideOne"
copy="$scratch/DecideOne.stripped"
cp "$binary" "$copy"
strip "$copy"
"$copy" >/dev/null
echo "DecideOne: $(wc -c < "$binary") bytes, $(wc -c < "$copy") stripped"
