#!/usr/bin/env bash
# Regenerates every derived file from its one declaration, in dependency order:
#   1. the situation catalog (Sources/CatalogGenerator): the Swift facts and value enums, the
#      situation and facts JSON Schemas, the catalog's doc articles (swift run CatalogGenerator);
#   2. the policies built into the library (Scripts/embed-policies.sh);
#   3. the built-in tables compiled to Swift (taproute generate swift);
#   4. the pictures, Policies/README.md and README.md's Mermaid diagram (Scripts/render-pictures.sh);
#   5. the DocC evidence list and the guide (taproute table --format docc | guide).
#
#   Scripts/regenerate.sh          # rewrites what is stale, says which files changed
#   Scripts/regenerate.sh --check  # changes nothing; exits 1 naming every stale file (CI runs this)
#
# The drift tests in `swift test` check the same files one by one and name this command.
set -euo pipefail
cd "$(dirname "$0")/.."
check=false
case "${1:-}" in
  --check) check=true ;;
  "") ;;
  *) echo "usage: Scripts/regenerate.sh [--check]" >&2; exit 2 ;;
esac

# What the regeneration may write: everything is compared with a snapshot taken first, so
# that --check can say what was stale and put it back as it was.
derived=(Sources Policies README.md)
snapshot=$(mktemp -d)
restore() {
  # Put the tree back as it was: remove what the run added, restore what it changed.
  find "${derived[@]}" -type f -print0 | sort -z | xargs -0 sha1sum > "$snapshot/after"
  { diff "$snapshot/before" "$snapshot/after" || true; } | sed -n 's/^> [0-9a-f]*  //p' | while IFS= read -r file; do
    grep -qF "  $file" "$snapshot/before" || rm -f -- "$file"
  done
  tar -xf "$snapshot/tree.tar"
}
finish() {
  local status=$?
  if $check && [[ $status -ne 0 && ! -f "$snapshot/restored" ]]; then restore; fi
  rm -rf "$snapshot"
  exit $status
}
trap finish EXIT
tar -cf "$snapshot/tree.tar" "${derived[@]}"
find "${derived[@]}" -type f -print0 | sort -z | xargs -0 sha1sum > "$snapshot/before"

swift run -q CatalogGenerator > /dev/null
Scripts/embed-policies.sh > /dev/null
swift build -q --product taproute
taproute="$(swift build --show-bin-path)/taproute"
"$taproute" generate swift --policies Policies --type CompiledBuiltinPolicies --access internal --library \
  --output Sources/TapRoute/Generated/CompiledBuiltinPolicies+Generated.swift
# The pictures are drawn by the library: a changed table must be in the binary that draws it.
swift build -q --product taproute
Scripts/render-pictures.sh > /dev/null
# Written beside the target and renamed: a command that fails leaves the old file whole.
write() {
  local out="$1"
  shift
  "$@" > "$out.partial" || { rm -f "$out.partial"; return 1; }
  mv -f "$out.partial" "$out"
}
write Sources/TapRoute/TapRoute.docc/Evidence.md "$taproute" table Policies --format docc
write Sources/TapRoute/TapRoute.docc/WhatATapDoes.md "$taproute" table Policies --format guide

find "${derived[@]}" -type f -print0 | sort -z | xargs -0 sha1sum > "$snapshot/after"
changed=$({ diff "$snapshot/before" "$snapshot/after" || true; } | sed -n 's/^[<>] [0-9a-f]*  //p' | sort -u)
if [[ -z "$changed" ]]; then
  echo "regenerate: every derived file is up to date"
  exit 0
fi
if $check; then
  restore
  touch "$snapshot/restored"
  echo "regenerate --check: stale (run Scripts/regenerate.sh):" >&2
  sed 's/^/  /' <<<"$changed" >&2
  exit 1
fi
echo "regenerate: rewrote"
sed 's/^/  /' <<<"$changed"
