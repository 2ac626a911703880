#!/usr/bin/env bash
# Checks in a real browser that the DocC articles show their pictures: builds the site for
# static hosting (or takes the one TAPROUTE_DOCS_SITE names), serves it on loopback, loads each
# article that has images, and the landing page, in headless Chromium, and fails when a page's
# DOM lacks the <img> of one of its article's images, or an image is not served, empty, not
# SVG or without a <text>. Takes a screenshot of the pictures article for a person to look at.
#
#   Scripts/check-docs-browser.sh                      # build .build/docs, then check it
#   TAPROUTE_DOCS_SITE=DIR Scripts/check-docs-browser.sh   # check a site already built
#   Scripts/check-docs-browser.sh --self-test          # then check that the check fails on a
#                                                      # copy of the site with one SVG emptied
#
# Installs Debian's chromium with apt-get when it is missing. Every step has a timeout.
set -euo pipefail
cd "$(dirname "$0")/.."
self_test=false
case "${1:-}" in
  --self-test) self_test=true ;;
  "") ;;
  *) echo "usage: Scripts/check-docs-browser.sh [--self-test]" >&2; exit 2 ;;
esac
catalog=Sources/TapRoute/TapRoute.docc
out="${TAPROUTE_DOCS_CHECK_OUT:-.build/docs-check}"
mkdir -p "$out"

if ! command -v chromium >/dev/null 2>&1; then
  echo "installing chromium (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  timeout 240 apt-get install -y -q chromium >/dev/null 2>&1 ||
    { timeout 120 apt-get update -q >/dev/null && timeout 240 apt-get install -y -q chromium >/dev/null; }
fi
echo "browser: $(chromium --version 2>/dev/null | sed -n 1p)"

site="${TAPROUTE_DOCS_SITE:-}"
if [[ -z "$site" ]]; then
  timeout 900 Scripts/build-docs.sh --transform-for-static-hosting >/dev/null
  site=.build/docs
fi
[[ -f "$site/index.html" ]] || { echo "error: no DocC site in '$site' (no index.html)" >&2; exit 1; }

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >"$out/server.log" 2>&1 &
server=$!
copy=""
trap 'kill "$server" 2>/dev/null || true; [[ -z "$copy" ]] || rm -rf "$copy"' EXIT
for _ in $(seq 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/', timeout=1)" 2>/dev/null && break
  sleep 0.1
done
echo "serving $site on http://127.0.0.1:$port/"

# Chromium as root needs --no-sandbox; --virtual-time-budget lets the page's scripts render
# it before the DOM is written out.
browse=(timeout 90 chromium --headless --no-sandbox --disable-gpu --disable-dev-shm-usage
  --no-first-run --hide-scrollbars)

python3 - "$catalog" "$port" "$out" "${browse[@]}" <<'PY'
import os, re, subprocess, sys, urllib.parse, urllib.request
import xml.etree.ElementTree as ET

catalog, port, out, browse = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
base = "http://127.0.0.1:%s" % port
SVG = "{http://www.w3.org/2000/svg}"

def dom(url):
    r = subprocess.run(browse + ["--virtual-time-budget=15000", "--dump-dom", url],
                       capture_output=True, text=True)
    return r.stdout

# The pages: the landing page, and every article with an image, each with the images it shows.
pages = [("documentation/taproute/", [])]
for name in sorted(os.listdir(catalog)):
    if name.endswith(".md"):
        images = re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", open(os.path.join(catalog, name), encoding="utf-8").read())
        if images:
            pages.append(("documentation/taproute/%s/" % name[:-3].lower(), images))

failures = []
checked_images = 0
for path, images in pages:
    url = base + "/" + path
    page = dom(url)
    if "<main" not in page or len(page) < 2000:
        failures.append("%s: the page did not render (%d bytes of DOM)" % (path, len(page)))
        continue
    srcs = re.findall(r"<img\b[^>]*\bsrc=\"([^\"]+)\"", page)
    print("page %s: %d bytes of DOM, %d <img>" % (path, len(page), len(srcs)))
    for image in images:
        stem = os.path.splitext(os.path.basename(image))[0]
        found = [s for s in srcs if os.path.basename(urllib.parse.urlparse(s).path).split("~")[0].startswith(stem)]
        if not found:
            failures.append("%s: no <img> for %s in the DOM" % (path, image))
            continue
        src = urllib.parse.urljoin(url, found[0])
        try:
            body = urllib.request.urlopen(src, timeout=10).read()
        except Exception as e:
            failures.append("%s: %s is not served (%s)" % (path, src, e))
            continue
        if not body.strip():
            failures.append("%s: %s is empty" % (path, src))
            continue
        try:
            root = ET.fromstring(body)
        except ET.ParseError as e:
            failures.append("%s: %s does not parse as XML (%s)" % (path, src, e))
            continue
        texts = [t for t in root.iter(SVG + "text") if (t.text or "").strip()]
        if root.tag != SVG + "svg" or not texts or root.find(SVG + "title") is None:
            failures.append("%s: %s is not an SVG with a <title> and <text>" % (path, src))
            continue
        checked_images += 1
        print("  ok %s: %d bytes, %d <text>" % (image, len(body), len(texts)))

if len(pages) > 1:
    shot = os.path.join(out, "pictures.png")
    subprocess.run(browse + ["--virtual-time-budget=15000", "--window-size=1280,2000",
                             "--screenshot=" + shot, base + "/" + pages[-1][0]],
                   capture_output=True)
    print("screenshot of %s: %s" % (pages[-1][0], shot if os.path.exists(shot) else "not taken"))

for f in failures:
    print("error: " + f, file=sys.stderr)
print("browser check: %d pages, %d images shown and served, %d failures" % (len(pages), checked_images, len(failures)))
sys.exit(1 if failures or checked_images == 0 else 0)
PY

if $self_test; then
  # The check must fail on a site whose pictures are broken: one SVG emptied.
  copy=$(mktemp -d)
  cp -r "$site/." "$copy/"
  # sed reads the whole list: `head` would close the pipe early, and under pipefail sort's
  # SIGPIPE (exit 141) fails the script once the list outgrows the pipe's buffer.
  victim=$(find "$copy/images" -name '*.svg' | sort | sed -n 1p)
  [[ -n "$victim" ]] || { echo "self-test: no SVG in the site's images/" >&2; exit 1; }
  : >"$victim"
  if TAPROUTE_DOCS_SITE="$copy" TAPROUTE_DOCS_CHECK_OUT="$out/self-test" "$0" >"$out/self-test.log" 2>&1; then
    echo "self-test: the check PASSED a site with $(basename "$victim") emptied" >&2
    exit 1
  fi
  echo "self-test: with $(basename "$victim") emptied the check fails: $(grep -m1 '^error:' "$out/self-test.log")"
fi
