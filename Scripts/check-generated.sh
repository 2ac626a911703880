#!/usr/bin/env bash
# Compiles generated Swift for seeded tables of RULES rules (default 1000 tap + 1000 open:
# 16 mask words per fact) into a throwaway package, and checks that it decides every one of
# 200,000 seeded situations exactly as the interpreter's eager evaluation over the same files
# (`explain` less its trace; Decision ==: outcome, URL, callbacks, rule, evidence, notes,
# steps, alternatives). Tables of more than 64 rules are generated both ways: as a dense
# lookup of first hits (the default, type Big) and word by word from static rows
# (`--lookup words`, type BigWords); CI runs it at 100 rules, which has both. The tap table
# tests many OS versions and the open table few, so that both ways of indexing a version's
# interval are compiled and checked (a tree of ifs; a branch-free sum). The tests check the
# generator's plan in memory at 100 to 10,000 rules; this checks the emitted source itself,
# once, because compiling it takes too long for a unit test.
set -euo pipefail
cd "$(dirname "$0")/.."
RULES="${1:-1000}"
ROOT="$PWD"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/policies" "$WORK/pkg/Sources/Check"

python3 - "$RULES" "$WORK/policies" <<'PY'
import json, random, sys
n, out = int(sys.argv[1]), sys.argv[2]
rng = random.Random(n)
# Each fact's values as the catalog declares them (the generated facts schema), so that a
# value added to the catalog needs no edit here.
conditions = json.load(open("Policies/schema/facts.schema.json"))["definitions"]["conditions"]["properties"]
def values(fact):
    return conditions[fact]["oneOf"][0]["enum"]
# The tap and open tables list the platforms those events are read on: Apple's, not Android
# (read for the link event only).
platforms = [p for p in values("platform") if p != "android"]
classes = values("urlClass")
points = values("extensionPoint")
launches = [
    {"outcome": "extensionLaunch", "callbacks": ["willBecomeActive", "didBecomeActive"], "presentation": "compact"},
    {"outcome": "extensionLaunch", "callbacks": ["willSelect", "didSelect"], "presentation": "expanded"},
    {"outcome": "extensionLaunch", "callbacks": ["viewDidLoad"], "presentation": "compact"},
]
tap = []
for i in range(n):
    when = {}
    if i < n - 1:
        if rng.random() < 0.5: when["platform"] = [rng.choice(platforms)]
        if rng.random() < 0.5: when["osVersion"] = ">=%d" % rng.randint(8, 26)
        if rng.random() < 0.3: when["osVersion"] = "%d.%d..<%d" % (rng.randint(8, 20), rng.randint(0, 3), rng.randint(21, 27))
        if rng.random() < 0.5: when["urlClass"] = rng.sample(classes, rng.randint(1, 3))
        if rng.random() < 0.5: when["extensionRunning"] = rng.random() < 0.5
        if rng.random() < 0.5: when["alreadySelected"] = rng.random() < 0.5
    then = launches[(i // 4) % 3] if i % 4 == 0 else {"outcome": rng.choice(["storeFront", "manageApps"])}
    tap.append({"id": "t%d" % i, "when": when, "then": then, "evidence": ["G-1"], "confidence": "inferred", "note": "tap %d" % i})
opn = []
for i in range(n):
    when = {}
    if i < n - 1:
        if rng.random() < 0.7: when["urlClass"] = rng.sample(classes, rng.randint(1, 3))
        if rng.random() < 0.5: when["extensionPoint"] = [rng.choice(points)]
        if rng.random() < 0.5: when["hasContainerApp"] = rng.random() < 0.5
        # Few OS versions here (the tap table has many): the open table's version interval
        # is generated without branches, the tap table's as a tree of ifs.
        if rng.random() < 0.3: when["osVersion"] = ">=%d" % rng.choice([14, 17, 18, 26])
    opn.append({"id": "o%d" % i, "when": when, "then": {"outcome": rng.choice(["containerLaunch", "nothing"])}, "evidence": ["G-1"], "confidence": "several"})
facts_tap = {"platform": platforms, "osVersion": {"newest": "26"}, "urlClass": classes, "extensionRunning": "bool", "alreadySelected": "bool"}
facts_open = {"hasContainerApp": "bool", "extensionPoint": points, "urlClass": classes, "osVersion": {"newest": "26"}}
json.dump({"table": "tap", "event": "tap", "facts": facts_tap, "rules": tap}, open(out + "/tap.json", "w"), indent=1)
json.dump({"table": "open", "event": "open", "facts": facts_open, "rules": opn}, open(out + "/open.json", "w"), indent=1)
json.dump({"evidence": {"G-1": {"claim": "generated", "confidence": "inferred", "sources": [{"kind": "inference", "title": "check-generated.sh", "date": None, "platforms": []}]}}}, open(out + "/evidence.json", "w"))
PY

swift build -q --product taproute
"$(swift build --show-bin-path)/taproute" generate swift --policies "$WORK/policies" --type Big \
  --output "$WORK/pkg/Sources/Check/Big+Generated.swift"
"$(swift build --show-bin-path)/taproute" generate swift --policies "$WORK/policies" --type BigWords \
  --lookup words --output "$WORK/pkg/Sources/Check/BigWords+Generated.swift"
for type in Big BigWords; do
  file="$WORK/pkg/Sources/Check/$type+Generated.swift"
  grep -q 'Cells: StaticString' "$file" && kind="dense lookup" || kind="word by word"
  echo "generated $type: $(wc -l <"$file") lines, $(grep -c 'Cells: StaticString' "$file" || true) dense tables ($kind)"
done

cat > "$WORK/pkg/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
  name: "Check",
  platforms: [.macOS(.v13)],
  dependencies: [.package(path: "$ROOT")],
  targets: [.executableTarget(name: "Check", dependencies: [.product(name: "TapRoute", package: "$(basename "$ROOT")")])],
  swiftLanguageModes: [.v6]
)
SWIFT
cat > "$WORK/pkg/Sources/Check/main.swift" <<SWIFT
// SPI: the check counts the generated rules through table(_:), which only generated code reads.
import Foundation
@_spi(Generated) import TapRoute

let interpreted = try Engine(policiesAt: URL(fileURLWithPath: "$WORK/policies"))
let generatedEngines = [("dense", Big.engine), ("words", BigWords.engine)]
nonisolated(unsafe) var state: UInt64 = 7
func below(_ n: Int) -> Int {
  state &+= 0x9E37_79B9_7F4A_7C15
  var z = state
  z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
  z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
  return Int((z ^ (z >> 31)) % UInt64(n))
}
let urls: [String?] = [nil, "", "x y", "noscheme", "://x", "https://x", "data:x", "file:///x", "app://x"]
let hooks: [Situation.Redirect.Hooks] = [[], [.didSelect], [.willBecomeActive], [.willSelect, .didBecomeActive]]
var checked = 0
var differ = 0
for _ in 0..<200_000 {
  var s = Situation(event: below(3) == 0 ? .open : .tap)
  s.platform = Situation.Platform.allCases[below(Situation.Platform.allCases.count)]
  s.osVersion = below(6) == 0 ? nil : OSVersion(parsing: "\(6 + below(23)).\(below(4))")
  s.app.hasContainerApp = below(2) == 0
  s.tap.url = urls[below(urls.count)]
  s.tap.extensionRunning = below(2) == 0
  s.tap.alreadySelected = below(2) == 0
  s.tap.redirect = Situation.Redirect(hooks: hooks[below(4)], url: urls[below(urls.count)])
  s.open = Situation.Open(url: urls[below(urls.count)], extensionPoint: Situation.Open.ExtensionPoint.allCases[below(6)])
  // The oracle: the interpreter's eager evaluation (explain, less its trace), which builds
  // every field at once; decide on either engine builds them lazily from rule indices.
  let b = interpreted.explain(s).withoutTrace
  checked += 1
  for (kind, generated) in generatedEngines {
    let a = generated.decide(s)
    if a != b || a.callbacks != b.callbacks {
      differ += 1
      if differ <= 5 { print("differ (\(kind)): generated \(a.rule ?? "-") \(a.outcome), interpreted \(b.rule ?? "-") \(b.outcome)") }
    }
  }
}
print("generated (dense and word by word) and interpreted agree on all but \(differ) of \(checked) situations (\(Big.table(.tap)?.rules.count ?? 0) tap + \(Big.table(.open)?.rules.count ?? 0) open rules)")
exit(differ == 0 ? 0 : 1)
SWIFT
# In the root package's build folder, so that the library's release objects the benchmark's
# build left there (Scripts/instructions.sh, before this in CI) are reused, not compiled again.
swift build -q -c release --package-path "$WORK/pkg" --scratch-path "$ROOT/.build"
"$ROOT/.build/release/Check"
