#!/usr/bin/env python3
"""The pictures, looked at: Scripts/check-pictures.sh's checks (stdlib only).

Renders each picture to PNG with rsvg-convert, measures every <text> in headless Chromium
(getBBox() in the SVG's user space, one browser run for all pictures), and reads the sequence
diagrams' lanes and arrows (the data-role / data-from / data-to attributes) and their Mermaid
text. A picture fails when:

  render         rsvg-convert exits non-zero or writes to stderr
  size           the PNG's size (IHDR) is not the SVG's width and height
  xml            the SVG does not parse
  edge           a text box leaves [0,W]x[0,H] (0.5 px tolerance)
  overlap        two text boxes of one picture intersect by more than 0.5 px in both axes
  font           a text box is wider than the layout's estimate (7.5 px a character + 1 px)
  contract       the root <svg> has not the data-kind it should (sequence or flowchart); a
                 sequence diagram has no <g class="lane" data-role> or <g class="arrow"
                 data-from data-to> of the known roles; a Mermaid participant's id is not one
                 of User, Surface, System, Extension, Destination, App
  first-arrow    the first arrow of a decision or of a session that starts with a tap is not
                 from the user (SVG: the first <g class="arrow">'s data-from; Mermaid: the
                 first arrow line starts "User->>")
  messages-lane  an event other than tap and open draws a lane named Messages (unless the
                 situation's link.from or appClip.invokedFrom is messages)
  generate       taproute explain failed on a fixture's situation, or taproute matrix --svg
                 on one of MATRICES

  check-pictures.py check --taproute BIN --out DIR [--self-test] -- CHROMIUM-COMMAND...

Exit status: 0 all pictures pass, 1 failures, 2 setup errors (no rsvg-convert, the browser
wrote no measurements, a self-test case the check did not catch).
"""
import collections
import concurrent.futures
import glob
import html
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
RESOURCES = "Sources/TapRoute/TapRoute.docc/Resources"
TOLERANCE = 0.5
CHAR_WIDTH = 7.5  # SVGText.charWidth: the renderer lays text out at this advance a character
ROLES = {"user", "surface", "system", "extension", "destination", "app"}


class SetupError(Exception):
    pass


class Picture:
    """One SVG to check, with what it draws: its Mermaid twin and situation when generated."""

    def __init__(self, name, svg, kind, mermaid=None, situation=None, first_tap=True):
        self.name = name            # how failures name it
        self.svg = svg              # path
        self.kind = kind            # "sequence" or "flowchart"
        self.mermaid = mermaid      # path or None
        self.situation = situation  # dict or None (no Messages-lane check without one)
        self.first_tap = first_tap  # whether its first arrow must be the user's


def fail(failures, picture, group, message):
    failures.append((group, "%s: %s" % (picture.name, message)))


def short(text, n=60):
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


def box_text(b):
    return "[%.1f, %.1f]-[%.1f, %.1f]" % tuple(b)


# -- the set ---------------------------------------------------------------------------------

def shipped_pictures():
    """Every SVG the catalog ships: a flow chart per table and per matrix, a sequence diagram per
    session and the composed decision. Sessions are checked with their situation: the first arrow is the
    user's when the first step is a tap (a session may start with a send or a receive), and a
    widget session draws no Messages lane."""
    pictures = []
    for path in sorted(glob.glob(os.path.join(RESOURCES, "*.svg"))):
        stem = os.path.basename(path)[:-4]
        if stem.startswith("table-") or stem.startswith("matrix-"):
            pictures.append(Picture(path, path, "flowchart"))
            continue
        session = os.path.join("Policies/sessions", stem + ".json")
        example = os.path.join("Examples/situations", stem[len("explain-"):] + ".json")
        if os.path.exists(session):
            s = json.load(open(session, encoding="utf-8"))
            steps = s.get("steps") or [{}]
            pictures.append(Picture(path, path, "sequence", situation=s.get("situation"),
                                    first_tap=steps[0].get("step") == "tap"))
        elif stem.startswith("explain-") and os.path.exists(example):
            pictures.append(Picture(path, path, "sequence",
                                    situation=json.load(open(example, encoding="utf-8"))))
        else:
            pictures.append(Picture(path, path, "sequence", first_tap=False))
    return pictures


def sample_pictures(taproute, out, failures):
    """The first fixture of each (event, outcome) in Policies/fixtures.json, explained as SVG
    and as Mermaid into OUT/sample/."""
    sample = os.path.join(out, "sample")
    shutil.rmtree(sample, ignore_errors=True)
    os.makedirs(sample)
    fixtures = json.load(open("Policies/fixtures.json", encoding="utf-8"))["fixtures"]
    seen = set()
    pictures = []
    for fixture in fixtures:
        situation = fixture["situation"]
        # The loader requires "event" (Situation+JSON.swift); "tap" is Situation's own default.
        key = (situation.get("event", "tap"), fixture["expect"]["outcome"])
        if key in seen:
            continue
        seen.add(key)
        stem = os.path.join(sample, "%s-%s" % key)
        text = json.dumps(situation)
        with open(stem + ".json", "w", encoding="utf-8") as f:
            f.write(text + "\n")
        ok = True
        for fmt, ext in (("svg", ".svg"), ("mermaid", ".mmd")):
            r = subprocess.run([taproute, "explain", "--format", fmt], input=text,
                               capture_output=True, text=True, timeout=60)
            with open(stem + ext, "w", encoding="utf-8") as f:
                f.write(r.stdout)
            if r.returncode != 0 or not r.stdout.strip():
                failures.append(("generate", "%s (%s): taproute explain --format %s exited %d: %s"
                                 % (stem + ext, fixture["name"], fmt, r.returncode,
                                    short(r.stderr, 200))))
                ok = False
        if ok:
            pictures.append(Picture(stem + ".svg", stem + ".svg", "sequence",
                                    mermaid=stem + ".mmd", situation=situation))
    return pictures


MATRICES = [
    # (name, taproute matrix arguments, input): issue 41's every place one link is tapped, the
    # tap's default matrix, and one too tall for one picture, drawn in pieces side by side.
    ("link-from", ["--vary", "from", "Examples/situations/link-every-place.json"], None),
    ("tap", [], "{}"),
    ("open", [], '{"event":"open"}'),
]


def matrix_pictures(taproute, out, failures):
    """taproute matrix --svg of each of MATRICES, into OUT/sample/matrix-NAME.svg (after
    sample_pictures, which empties OUT/sample/)."""
    sample = os.path.join(out, "sample")
    os.makedirs(sample, exist_ok=True)
    pictures = []
    for name, args, stdin in MATRICES:
        svg = os.path.join(sample, "matrix-%s.svg" % name)
        r = subprocess.run([taproute, "matrix", "--svg"] + args, input=stdin or "",
                           capture_output=True, text=True, timeout=120)
        with open(svg, "w", encoding="utf-8") as f:
            f.write(r.stdout)
        if r.returncode != 0 or not r.stdout.strip():
            failures.append(("generate", "%s: taproute matrix --svg %s exited %d: %s"
                             % (svg, " ".join(args), r.returncode, short(r.stderr, 200))))
            continue
        pictures.append(Picture(svg, svg, "flowchart"))
    return pictures


# -- rsvg-convert ----------------------------------------------------------------------------

def svg_size(root):
    def px(v):
        m = re.match(r"\s*([0-9.]+)\s*(px)?\s*$", v or "")
        return float(m.group(1)) if m else None
    return px(root.get("width")), px(root.get("height"))


def user_space(root):
    """The SVG's user-space rectangle: its viewBox, or 0,0 to width,height."""
    vb = (root.get("viewBox") or "").replace(",", " ").split()
    if len(vb) == 4:
        x, y, w, h = map(float, vb)
        return x, y, x + w, y + h
    w, h = svg_size(root)
    return 0.0, 0.0, w or 0.0, h or 0.0


def render(picture, root, png_dir, failures):
    png = os.path.join(png_dir, os.path.basename(picture.svg)[:-4] + ".png")
    r = subprocess.run(["rsvg-convert", "-o", png, picture.svg], capture_output=True, text=True,
                       timeout=120)
    if r.returncode != 0 or r.stderr.strip():
        fail(failures, picture, "render", "rsvg-convert exited %d: %s"
             % (r.returncode, short(r.stderr, 200) or "(no message)"))
        return
    with open(png, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        fail(failures, picture, "render", "rsvg-convert wrote no PNG to %s" % png)
        return
    pw, ph = struct.unpack(">II", head[16:24])
    w, h = svg_size(root)
    if w is None or h is None or (pw, ph) != (round(w), round(h)):
        fail(failures, picture, "size", "PNG is %dx%d, the SVG's width and height %sx%s"
             % (pw, ph, root.get("width"), root.get("height")))


# -- Chromium --------------------------------------------------------------------------------

MEASURE = r"""
window.addEventListener("load", function () {
  var out = [];
  document.querySelectorAll("div.picture").forEach(function (div) {
    var svg = div.querySelector("svg");
    var toRoot = svg.getScreenCTM().inverse();
    var boxes = [];
    svg.querySelectorAll("text").forEach(function (t) {
      var b = t.getBBox(), m = toRoot.multiply(t.getScreenCTM());
      var xs = [], ys = [];
      [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]
        .forEach(function (p) {
          xs.push(m.a * p[0] + m.c * p[1] + m.e);
          ys.push(m.b * p[0] + m.d * p[1] + m.f);
        });
      boxes.push({text: t.textContent,
                  box: [Math.min.apply(null, xs), Math.min.apply(null, ys),
                        Math.max.apply(null, xs), Math.max.apply(null, ys)]});
    });
    out.push({i: Number(div.getAttribute("data-i")), boxes: boxes});
  });
  document.getElementById("out").textContent = JSON.stringify(out);
});
"""


def inline(svg_text, i):
    """An SVG's text ready to sit inside the page: no XML declaration, ids made unique (every
    picture has a title, a desc and two markers of the same ids)."""
    text = re.sub(r"^\s*<\?xml[^>]*\?>\s*", "", svg_text)
    text = re.sub(r"<!DOCTYPE[^>]*>", "", text)
    prefix = "p%d-" % i
    text = re.sub(r'\bid="([^"]+)"', lambda m: 'id="%s%s"' % (prefix, m.group(1)), text)
    text = re.sub(r"url\(#([^)]+)\)", lambda m: "url(#%s%s)" % (prefix, m.group(1)), text)
    text = re.sub(r'href="#([^"]+)"', lambda m: 'href="#%s%s"' % (prefix, m.group(1)), text)
    text = re.sub(r'aria-labelledby="([^"]+)"',
                  lambda m: 'aria-labelledby="%s"' % " ".join(prefix + x for x in m.group(1).split()),
                  text)
    return text


def measure(entries, page, browse):
    """{index: [{"text", "box"}]} for each (index, svg text) in ENTRIES, from one Chromium run
    on an XHTML page (parsed as XML, as the SVG files are) that inlines them all."""
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n'
             '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>pictures</title>'
             '<style>div.picture { margin: 8px; }</style></head><body>\n']
    for i, text in entries:
        parts.append('<div class="picture" data-i="%d">%s</div>\n' % (i, inline(text, i)))
    parts.append('<pre id="out"></pre>\n<script>//<![CDATA[\n%s//]]></script>\n</body></html>\n'
                 % MEASURE)
    with open(page, "w", encoding="utf-8") as f:
        f.write("".join(parts))
    r = subprocess.run(browse + ["--virtual-time-budget=10000", "--dump-dom",
                                 "file://" + os.path.abspath(page)],
                       capture_output=True, text=True)
    m = re.search(r'<pre id="out">(.*?)</pre>', r.stdout, re.S)
    if not m or not m.group(1).strip():
        raise SetupError("the browser wrote no measurements for %s (exit %d): %s"
                         % (page, r.returncode, short(r.stderr, 300)))
    return {p["i"]: p["boxes"] for p in json.loads(html.unescape(m.group(1)))}


def check_boxes(picture, root, boxes, failures):
    x0, y0, x1, y1 = user_space(root)
    t = TOLERANCE
    boxes = [b for b in boxes if b["text"].strip()]
    for b in boxes:
        bx0, by0, bx1, by1 = b["box"]
        if bx0 < x0 - t or by0 < y0 - t or bx1 > x1 + t or by1 > y1 + t:
            fail(failures, picture, "edge", "\"%s\" %s leaves the canvas [%g, %g]-[%g, %g]"
                 % (short(b["text"]), box_text(b["box"]), x0, y0, x1, y1))
        chars = len(" ".join(b["text"].split()))
        if bx1 - bx0 > CHAR_WIDTH * chars + 1:
            fail(failures, picture, "font", "\"%s\" %s is %.1f px wide, more than %g px for %d characters"
                 % (short(b["text"]), box_text(b["box"]), bx1 - bx0, CHAR_WIDTH * chars + 1, chars))
    # Sorted by left edge: a box meets only those that start before it ends.
    order = sorted(boxes, key=lambda b: b["box"][0])
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            if b["box"][0] >= a["box"][2] - t:
                break
            dx = min(a["box"][2], b["box"][2]) - max(a["box"][0], b["box"][0])
            dy = min(a["box"][3], b["box"][3]) - max(a["box"][1], b["box"][1])
            if dx > t and dy > t:
                fail(failures, picture, "overlap", "\"%s\" %s and \"%s\" %s overlap by %.1f x %.1f px"
                     % (short(a["text"], 40), box_text(a["box"]), short(b["text"], 40),
                        box_text(b["box"]), dx, dy))


# -- what the diagrams draw ------------------------------------------------------------------

def messages_allowed(situation):
    # A link's `from` defaults to messages (the situation catalog's default, Situation.Link.Source);
    # an App Clip's `invokedFrom` defaults to qrCode.
    event = situation.get("event", "tap")
    return (event in ("tap", "open")
            or (event == "link" and (situation.get("link") or {}).get("from", "messages") == "messages")
            or (situation.get("appClip") or {}).get("invokedFrom") == "messages")


def check_semantics(picture, root, failures):
    kind = root.get("data-kind")
    if picture.kind != "sequence":
        if kind != picture.kind:
            fail(failures, picture, "contract", "the root <svg> has %s, a flow chart's is data-kind=\"%s\""
                 % ("data-kind=\"%s\"" % kind if kind is not None else "no data-kind", picture.kind))
        return
    lanes = [g for g in root.iter(SVG + "g") if "lane" in (g.get("class") or "").split()]
    arrows = [g for g in root.iter(SVG + "g") if "arrow" in (g.get("class") or "").split()]
    missing = []
    if kind != picture.kind:
        missing.append("data-kind=\"%s\" on the root <svg> (%s)"
                       % (picture.kind, "has \"%s\"" % kind if kind is not None else "has none"))
    if not lanes:
        missing.append("<g class=\"lane\" data-role>")
    if not arrows:
        missing.append("<g class=\"arrow\" data-from data-to>")
    missing += ["a known data-role (lane has %r)" % g.get("data-role")
                for g in lanes if g.get("data-role") not in ROLES]
    missing += ["known data-from and data-to (arrow has %r to %r)" % (g.get("data-from"), g.get("data-to"))
                for g in arrows if not {g.get("data-from"), g.get("data-to")} <= ROLES]
    if missing:
        fail(failures, picture, "contract", "a sequence diagram without " + ", ".join(missing))
    if picture.first_tap and arrows and arrows[0].get("data-from") != "user":
        fail(failures, picture, "first-arrow", "the first arrow is from %r to %r, not from the user"
             % (arrows[0].get("data-from"), arrows[0].get("data-to")))
    if picture.situation is not None and not messages_allowed(picture.situation):
        for g in lanes:
            label = " ".join("".join(t.itertext()) for t in g.iter(SVG + "text"))
            if "Messages" in label:
                fail(failures, picture, "messages-lane", "event \"%s\" draws the lane \"%s\" (%s)"
                     % (picture.situation.get("event", "tap"), short(label), g.get("data-role")))


MERMAID_IDS = {"User", "Surface", "System", "Extension", "Destination", "App"}
ARROW = re.compile(r"^\s*([A-Za-z0-9_]+)\s*(--?>>|--?>|--?x|--?\))\s*([A-Za-z0-9_]+)\s*:")


def check_mermaid(picture, failures):
    if picture.mermaid is None:
        return
    text = open(picture.mermaid, encoding="utf-8").read()
    name = picture.mermaid
    lines = text.splitlines()
    arrows = [line.strip() for line in lines if ARROW.match(line)]
    participants = [line.strip() for line in lines if re.match(r"\s*participant\s", line)]
    ids = [re.match(r"participant\s+(\S+)", p).group(1) for p in participants]
    unknown = [i for i in ids if i not in MERMAID_IDS]
    if unknown:
        failures.append(("contract", "%s: participants %s, not of %s"
                         % (name, ", ".join(unknown), ", ".join(sorted(MERMAID_IDS)))))
    if not arrows:
        failures.append(("first-arrow", "%s: no arrow line" % name))
    elif picture.first_tap and not arrows[0].startswith("User->>"):
        failures.append(("first-arrow", "%s: the first arrow is \"%s\", not User->>" % (name, short(arrows[0]))))
    if picture.situation is not None and not messages_allowed(picture.situation):
        for line in participants:
            if "Messages" in line.split(" as ", 1)[-1]:
                failures.append(("messages-lane", "%s: event \"%s\" declares \"%s\""
                                 % (name, picture.situation.get("event", "tap"), short(line))))


# -- the check -------------------------------------------------------------------------------

def check(pictures, out, browse, failures, label="pictures"):
    """Every check on PICTURES; appends (group, message) to FAILURES."""
    png_dir = os.path.join(out, "png")
    os.makedirs(png_dir, exist_ok=True)
    roots = {}
    for i, p in enumerate(pictures):
        try:
            roots[i] = ET.parse(p.svg).getroot()
        except ET.ParseError as e:
            fail(failures, p, "xml", "does not parse (%s)" % e)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        found = [[] for _ in pictures]
        jobs = [pool.submit(render, pictures[i], roots[i], png_dir, found[i]) for i in roots]
        for j in jobs:
            j.result()
    for f in found:
        failures.extend(f)
    boxes = measure([(i, open(pictures[i].svg, encoding="utf-8").read()) for i in roots],
                    os.path.join(out, label + ".xhtml"), browse)
    with open(os.path.join(out, label + "-boxes.json"), "w", encoding="utf-8") as f:
        json.dump({pictures[i].svg: boxes.get(i) for i in roots}, f, indent=0)
    for i in roots:
        if i not in boxes:
            raise SetupError("the browser measured no text of %s" % pictures[i].svg)
        check_boxes(pictures[i], roots[i], boxes[i], failures)
        check_semantics(pictures[i], roots[i], failures)
        check_mermaid(pictures[i], failures)


def report(failures, pictures, limit=25):
    sys.stdout.flush()
    groups = collections.OrderedDict()
    for group, message in failures:
        groups.setdefault(group, []).append(message)
    for group, messages in groups.items():
        print("-- %s: %d failures" % (group, len(messages)), file=sys.stderr)
        for m in messages[:limit]:
            print("error: [%s] %s" % (group, m), file=sys.stderr)
        if len(messages) > limit:
            print("  … and %d more %s failures" % (len(messages) - limit, group), file=sys.stderr)
    bad = len({m.split(": ", 1)[0] for _, m in failures})
    summary = ", ".join("%d %s" % (len(m), g) for g, m in groups.items())
    sys.stderr.flush()
    print("pictures check: %d pictures (%d with Mermaid), %d failures in %d files%s"
          % (len(pictures), sum(p.mermaid is not None for p in pictures), len(failures), bad,
             " (%s)" % summary if summary else ""))


# -- the self-test ---------------------------------------------------------------------------

LANES_TAP = [("user", "User"), ("surface", "Messages (message bubble)"),
             ("extension", "Extension"), ("app", "Container app")]
LANES_WIDGET = [("user", "User"), ("system", "System (widget)"), ("app", "Container app")]


def synthetic_svg(lanes, arrows, title):
    """A sequence diagram in the contract's shape: lanes as <g class="lane" data-role>, arrows
    as <g class="arrow" data-from data-to>, each label inside its box."""
    w = 40 + 250 * len(lanes)
    h = 120 + 40 * len(arrows)
    x = {role: 145 + 250 * k for k, (role, _) in enumerate(lanes)}
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'data-kind="sequence" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" '
           'font-size="12">' % (w, h, w, h),
           '<title id="title">%s</title>' % title,
           '<defs><marker id="call" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" '
           'markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker></defs>',
           '<rect width="100%" height="100%" fill="#fff"/>',
           '<text x="20" y="35" font-weight="bold">%s</text>' % title]
    for role, label in lanes:
        out.append('<g class="lane" data-role="%s"><rect x="%d" y="49" width="220" height="29" '
                   'fill="#fff" stroke="#000"/><text x="%d" y="68" text-anchor="middle">%s</text>'
                   '<line x1="%d" y1="78" x2="%d" y2="%d" stroke="#000"/></g>'
                   % (role, x[role] - 110, x[role], label, x[role], x[role], h - 20))
    for k, (a, b, label) in enumerate(arrows):
        y = 110 + 40 * k
        out.append('<g class="arrow" data-from="%s" data-to="%s"><text x="%d" y="%d" '
                   'text-anchor="middle">%s</text><line x1="%d" y1="%d" x2="%d" y2="%d" '
                   'stroke="#000" marker-end="url(#call)"/></g>'
                   % (a, b, (x[a] + x[b]) // 2, y, label, x[a], y + 7, x[b], y + 7))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def synthetic_mermaid(lanes, arrows):
    ids = {"user": "User", "surface": "Surface", "system": "System", "extension": "Extension",
           "destination": "Destination", "app": "App"}
    out = ["sequenceDiagram", "  accTitle: synthetic"]
    out += ["  participant %s as %s" % (ids[r], label) for r, label in lanes]
    out += ["  %s->>%s: %s" % (ids[a], ids[b], label) for a, b, label in arrows]
    return "\n".join(out) + "\n"


def self_test(out, browse):
    """The check must catch each kind of fault: synthetic pictures in the contract's shape
    (a tap and a widget decision that pass), doctored copies of them that must each fail on
    their fault, and two doctored copies of a shipped picture that must fail on theirs."""
    d = os.path.join(out, "self-test")
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    tap = {"event": "tap", "app": {"installed": True}}
    widget = {"event": "widget", "app": {"lifecycle": "scenes"}}
    tap_arrows = [("user", "surface", "tap m1"), ("surface", "extension", "didSelect"),
                  ("extension", "app", "open(url)")]
    widget_arrows = [("user", "system", "tap the widget"),
                     ("system", "app", "scene(_:willConnectTo:options:)")]

    cases = []  # (name, expected group or None, svg text, mermaid text or None, situation)

    def add(name, expect, svg, mermaid=None, situation=None):
        cases.append((name, expect, svg, mermaid, situation))

    clean_tap = synthetic_svg(LANES_TAP, tap_arrows, "a tap")
    clean_widget = synthetic_svg(LANES_WIDGET, widget_arrows, "a widget")
    add("clean-tap", None, clean_tap, synthetic_mermaid(LANES_TAP, tap_arrows), tap)
    add("clean-widget", None, clean_widget, synthetic_mermaid(LANES_WIDGET, widget_arrows), widget)
    add("label-300", "edge", clean_tap.replace(">didSelect<", ">%s<" % ("didSelect" * 34)[:300]),
        None, tap)
    first_text = re.search(r"<text [^>]*>didSelect</text>", clean_tap).group(0)
    add("text-duplicated", "overlap", clean_tap.replace(first_text, first_text * 2), None, tap)
    add("first-arrow-swapped", "first-arrow",
        clean_tap.replace('data-from="user" data-to="surface"', 'data-from="surface" data-to="user"', 1),
        None, tap)
    add("first-arrow-swapped-mermaid", "first-arrow", clean_tap,
        synthetic_mermaid(LANES_TAP, [("surface", "user", "tap m1")] + tap_arrows[1:]), tap)
    widget_messages = [("user", "User"), ("system", "Messages (message bubble)"), ("app", "Container app")]
    add("widget-messages-lane", "messages-lane", synthetic_svg(widget_messages, widget_arrows, "a widget"),
        None, widget)
    add("widget-messages-lane-mermaid", "messages-lane", clean_widget,
        synthetic_mermaid(widget_messages, widget_arrows), widget)
    add("no-data-kind", "contract", clean_tap.replace(' data-kind="sequence"', ""), None, tap)
    # A shipped sequence diagram, doctored: its last label 300 characters long; a label drawn
    # twice.
    shipped = [p.svg for p in shipped_pictures() if p.kind == "sequence"][0]
    real = open(shipped, encoding="utf-8").read()
    texts = list(re.finditer(r"<text [^>]*>([^<]+)</text>", real))
    last = texts[-1]
    long_label = ("x" * 300)
    add("shipped-label-300", ("edge", long_label),
        real[: last.start(1)] + long_label + real[last.end(1):])
    middle = texts[len(texts) // 2]
    add("shipped-text-duplicated", ("overlap", middle.group(1)),
        real[: middle.end()] + middle.group(0) + real[middle.end():])

    pictures = []
    for name, expect, svg, mermaid, situation in cases:
        path = os.path.join(d, name + ".svg")
        open(path, "w", encoding="utf-8").write(svg)
        mpath = None
        if mermaid is not None:
            mpath = os.path.join(d, name + ".mmd")
            open(mpath, "w", encoding="utf-8").write(mermaid)
        pictures.append(Picture(path, path, "sequence", mermaid=mpath, situation=situation))
    failures = []
    check(pictures, d, browse, failures, label="self-test")
    wrong = []
    for (name, expect, _, _, _), p in zip(cases, pictures):
        mine = [(g, m) for g, m in failures
                if m.startswith(p.svg + ":") or (p.mermaid and m.startswith(p.mermaid + ":"))]
        if expect is None:
            if mine:
                wrong.append("%s should pass, but: %s" % (name, "; ".join("[%s] %s" % f for f in mine)))
            else:
                print("self-test: %s passes" % name)
            continue
        group, needle = expect if isinstance(expect, tuple) else (expect, "")
        hit = [m for g, m in mine if g == group and short(needle, 40).rstrip("…") in m]
        if hit:
            print("self-test: %s fails as it should: [%s] %s" % (name, group, short(hit[0], 160)))
        else:
            wrong.append("%s should fail on %s, but the check found: %s"
                         % (name, group, "; ".join("[%s] %s" % f for f in mine) or "nothing"))
    sys.stdout.flush()
    for w in wrong:
        print("self-test: error: " + w, file=sys.stderr)
    if wrong:
        raise SetupError("the self-test failed: %d of %d cases" % (len(wrong), len(cases)))
    print("self-test: the check catches each of %d faults and passes %d clean pictures"
          % (sum(c[1] is not None for c in cases), sum(c[1] is None for c in cases)), flush=True)


def main(argv):
    if "--" not in argv:
        print(__doc__, file=sys.stderr)
        return 2
    args, browse = argv[: argv.index("--")], argv[argv.index("--") + 1:]
    opts = {"--taproute": None, "--out": ".build/pictures-check"}
    self_testing = False
    i = 0
    while i < len(args):
        if args[i] == "--self-test":
            self_testing = True
        elif args[i] in opts and i + 1 < len(args):
            opts[args[i]] = args[i + 1]
            i += 1
        elif args[i] != "check":
            print("unknown argument %r" % args[i], file=sys.stderr)
            return 2
        i += 1
    out = opts["--out"]
    os.makedirs(out, exist_ok=True)
    try:
        if shutil.which("rsvg-convert") is None:
            raise SetupError("no rsvg-convert on the PATH")
        if not opts["--taproute"] or not os.access(opts["--taproute"], os.X_OK):
            raise SetupError("no taproute binary at %r" % opts["--taproute"])
        if self_testing:
            self_test(out, browse)
        failures = []
        pictures = (shipped_pictures() + sample_pictures(opts["--taproute"], out, failures)
                    + matrix_pictures(opts["--taproute"], out, failures))
        check(pictures, out, browse, failures)
    except (SetupError, subprocess.TimeoutExpired, OSError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    with open(os.path.join(out, "failures.txt"), "w", encoding="utf-8") as f:
        f.writelines("[%s] %s\n" % x for x in failures)
    report(failures, pictures)
    print("PNGs in %s/png, every failure in %s/failures.txt" % (out, out))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
