#!/usr/bin/env bash
# Looks at the pictures (beside the browser check, which checks that the articles show them):
# every SVG the DocC catalog ships, and a sample of generated ones (taproute explain, as SVG and
# as Mermaid, of the first fixture of each event and outcome in Policies/fixtures.json, and
# taproute matrix --svg of a few matrices, one of them in pieces), are
# rendered to PNG with rsvg-convert (kept in .build/pictures-check/png/ for a person to look
# at), and every <text> is measured in one headless Chromium run. Fails when rsvg-convert
# complains or its PNG is not the SVG's size, when a label leaves the canvas, two labels
# overlap or a label is wider than the layout's 7.5 px a character, and, in the sequence
# diagrams, when the user's tap is not the first arrow or an event other than tap and open
# draws a Messages lane. Scripts/check-pictures.py holds the checks and lists them.
#
#   Scripts/check-pictures.sh               # check; exit 1 on failures, 2 on setup errors
#   Scripts/check-pictures.sh --self-test   # first prove that the check fails on doctored
#                                           # pictures (a 300-character label, a label drawn
#                                           # twice, the first arrow not the user's, a widget
#                                           # with a Messages lane), then check
#
# Installs Debian's librsvg2-bin (rsvg-convert) and chromium with apt-get when they are
# missing; a failed install fails the check. Every step has a timeout.
set -euo pipefail
cd "$(dirname "$0")/.."
self_test=()
case "${1:-}" in
  --self-test) self_test=(--self-test) ;;
  "") ;;
  *) echo "usage: Scripts/check-pictures.sh [--self-test]" >&2; exit 2 ;;
esac
out="${TAPROUTE_PICTURES_CHECK_OUT:-.build/pictures-check}"
mkdir -p "$out"

# `apt-get install PACKAGE`, after an `apt-get update` when the first try fails.
apt_install() {
  echo "installing $1 (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  timeout 240 apt-get install -y -q "$1" >/dev/null 2>&1 ||
    { timeout 120 apt-get update -q >/dev/null && timeout 240 apt-get install -y -q "$1" >/dev/null; } ||
    { echo "error: could not install $1" >&2; exit 2; }
}
command -v rsvg-convert >/dev/null 2>&1 || apt_install librsvg2-bin
command -v chromium >/dev/null 2>&1 || apt_install chromium
echo "renderer: $(rsvg-convert --version | head -n 1); browser: $(chromium --version 2>/dev/null | head -n 1)"

taproute="$(swift build --show-bin-path)/taproute"
[[ -x "$taproute" ]] || timeout 900 swift build -q --product taproute || { echo "error: could not build taproute" >&2; exit 2; }

# Chromium as root needs --no-sandbox (the same flags as Scripts/check-docs-browser.sh).
browse=(timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage
  --no-first-run --hide-scrollbars)
exec python3 Scripts/check-pictures.py check --taproute "$taproute" --out "$out" "${self_test[@]}" -- "${browse[@]}"
