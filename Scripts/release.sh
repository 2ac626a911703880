#!/usr/bin/env bash
# Tags a release: the newest numbered version of CHANGELOG.md, which must be what
# `taproute --version` prints, becomes an annotated Git tag of the bare version (1.0.0),
# the form SwiftPM resolves `from: "1.0.0"` against. Pushing the tag is left to you.
#
#   Scripts/release.sh --check   # only check that CHANGELOG.md and taproute --version agree
#   Scripts/release.sh           # check, then tag HEAD (a clean tree, a tag not yet made)
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^## \[\([0-9][^]]*\)\].*/\1/p' CHANGELOG.md | head -n 1)
[[ -n "$version" ]] || { echo "release: CHANGELOG.md has no numbered version section" >&2; exit 1; }
printed=$(swift run -q taproute --version)
if [[ "$printed" != "taproute $version" ]]; then
  echo "release: CHANGELOG.md says $version, taproute --version says '$printed'" >&2
  exit 1
fi
if [[ "${1:-}" == "--check" ]]; then
  echo "release $version: CHANGELOG.md and taproute --version agree"
  exit 0
fi
[[ -z "$(git status --porcelain)" ]] || { echo "release: the working tree has changes; commit them first" >&2; exit 1; }
if git rev-parse -q --verify "refs/tags/$version" >/dev/null; then
  echo "release: tag $version exists" >&2
  exit 1
fi
git tag -a "$version" -m "TapRoute $version"
echo "tagged $version at $(git rev-parse --short HEAD); publish it with: git push origin $version"
