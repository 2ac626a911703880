#!/usr/bin/env bash
# Installs the taproute command: builds it in release mode and copies the binary to
# $PREFIX/bin (PREFIX defaults to /usr/local, so /usr/local/bin/taproute).
#
#   Scripts/install.sh                    # /usr/local/bin/taproute (may need sudo)
#   PREFIX="$HOME/.local" Scripts/install.sh   # ~/.local/bin/taproute, no sudo
#
# Prints the installed path and the installed binary's --version.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${PREFIX:-/usr/local}"
swift build -c release --product taproute
bin="$(swift build -c release --show-bin-path)/taproute"
mkdir -p "$prefix/bin"
# Copy beside the target, then rename: a running taproute is never half-overwritten.
cp "$bin" "$prefix/bin/.taproute.new"
chmod 755 "$prefix/bin/.taproute.new"
mv -f "$prefix/bin/.taproute.new" "$prefix/bin/taproute"
echo "installed $prefix/bin/taproute ($("$prefix/bin/taproute" --version))"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "note: $prefix/bin is not on your PATH; add it, e.g. export PATH=\"$prefix/bin:\$PATH\"" >&2 ;;
esac
