#!/usr/bin/env bash
# Regenerates Benchmarks/Sources/GeneratedTables/Generated1000Policies+Generated.swift:
# the benchmark's seeded 1,000-rule tap table (TableGenerator, seed 42) compiled to Swift by
# `taproute generate swift`, for the rule-count rows of the generated decide.
set -euo pipefail
cd "$(dirname "$0")/.."
TAPROUTE_BENCHMARK_LEAN=1 swift build -c release --package-path Benchmarks >&2
bin="$(TAPROUTE_BENCHMARK_LEAN=1 swift build -c release --package-path Benchmarks --show-bin-path)/TapRouteBenchmarks"
dir=Benchmarks/.build/generated-1000
rm -rf "$dir"
mkdir -p "$(dirname "$dir")"
mv "$("$bin" --write-generated 1000 0)" "$dir"
mkdir -p Benchmarks/Sources/GeneratedTables
swift run -q taproute generate swift --policies "$dir" --type Generated1000Policies --access public \
  --output Benchmarks/Sources/GeneratedTables/Generated1000Policies+Generated.swift
# The generator writes a mask word whose top bit is set as a bare hex literal before
# `>> UInt64(...)`, which Swift types as Int and refuses (tables of more than 64 rules with a
# URL test); typing it keeps the same value. Drop this once the generator writes UInt64(...).
sed -i.orig 's/: \(0x[0-9a-f]*\) >> UInt64(/: UInt64(\1) >> UInt64(/g' \
  Benchmarks/Sources/GeneratedTables/Generated1000Policies+Generated.swift
rm -f Benchmarks/Sources/GeneratedTables/Generated1000Policies+Generated.swift.orig
