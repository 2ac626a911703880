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
