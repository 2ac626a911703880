import Foundation
import Testing

@_spi(Generated) @testable import TapRoute
@testable import TapRouteTools

/// Seeded generated policies for the cost tests: a tap table over the shipped facts (a
/// quarter of its rules launch the extension with redirect hooks), an open table, and the
/// evidence. `versionRanges` gives every tap rule its own version range.
enum GeneratedPolicies {
  struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  }

  static let platforms = ["iOS", "iPadOS", "macOS", "watchOS", "visionOS"]
  static let classes = ["none", "unparseable", "noScheme", "emptyScheme", "web", "data", "file", "other"]
  static let points = [
    "messages", "today", "share", "action", "keyboard", "other", "safariWebExtension", "shieldAction",
  ]
  static let launches = [
    #""outcome": "extensionLaunch", "callbacks": ["willBecomeActive", "didBecomeActive"], "presentation": "compact""#,
    #""outcome": "extensionLaunch", "callbacks": ["willSelect", "didSelect"], "presentation": "expanded""#,
    #""outcome": "extensionLaunch", "callbacks": ["viewDidLoad"], "presentation": "compact""#,
  ]

  static func files(tapRules: Int, openRules: Int, versionRanges: Bool = false, seed: UInt64 = 1)
    -> [(name: String, bytes: [UInt8])]
  {
    var rng = Random(state: seed)
    var tap: [String] = []
    for i in 0..<tapRules {
      var conditions: [String] = []
      if i < tapRules - 1 {
        if rng.below(2) == 0 { conditions.append(#""platform": ["\#(platforms[rng.below(4)])"]"#) }
        if versionRanges {
          let a = 8 + rng.below(19)
          conditions.append(#""osVersion": "\#(a).\#(i)..<\#(a + 1 + rng.below(4)).\#(i)""#)
        } else if rng.below(2) == 0 {
          conditions.append(#""osVersion": ">=\#(8 + rng.below(19))""#)
        }
        if rng.below(2) == 0 { conditions.append(#""urlClass": ["\#(classes[rng.below(8)])"]"#) }
        if rng.below(2) == 0 { conditions.append(#""extensionRunning": [\#(rng.below(2) == 0)]"#) }
        if rng.below(2) == 0 { conditions.append(#""alreadySelected": [\#(rng.below(2) == 0)]"#) }
      }
      let then =
        i % 4 == 0
        ? launches[i / 4 % launches.count] : #""outcome": "\#(["storeFront", "manageApps"][rng.below(2)])""#
      tap.append(
        #"{ "id": "t\#(i)", "when": { \#(conditions.joined(separator: ", ")) }, "then": { \#(then) }, "evidence": ["G-1"], "confidence": "inferred", "note": "tap \#(i)" }"#
      )
    }
    var open: [String] = []
    for i in 0..<openRules {
      var conditions: [String] = []
      if i < openRules - 1 {
        conditions.append(#""urlClass": ["\#(classes[rng.below(8)])"]"#)
        if rng.below(2) == 0 { conditions.append(#""extensionPoint": ["\#(points[rng.below(6)])"]"#) }
        if rng.below(2) == 0 { conditions.append(#""hasContainerApp": [\#(rng.below(2) == 0)]"#) }
      }
      open.append(
        #"{ "id": "o\#(i)", "when": { \#(conditions.joined(separator: ", ")) }, "then": { "outcome": "\#(["containerLaunch", "nothing"][rng.below(2)])" }, "evidence": ["G-1"], "confidence": "several", "note": "open \#(i)" }"#
      )
    }
    let tapFacts =
      #""platform": ["iOS", "iPadOS", "macOS", "watchOS", "visionOS"], "osVersion": { "newest": "26" }, "urlClass": [\#(classes.map { "\"\($0)\"" }.joined(separator: ", "))], "extensionRunning": "bool", "alreadySelected": "bool""#
    let openFacts =
      #""hasContainerApp": "bool", "extensionPoint": [\#(points.map { "\"\($0)\"" }.joined(separator: ", "))], "urlClass": [\#(classes.map { "\"\($0)\"" }.joined(separator: ", "))]"#
    return [
      (
        "gen/tap.json",
        Array(
          #"{ "table": "tap", "event": "tap", "facts": { \#(tapFacts) }, "rules": [\#(tap.joined(separator: ",\n"))] }"#
            .utf8)
      ),
      (
        "gen/open.json",
        Array(
          #"{ "table": "open", "event": "open", "facts": { \#(openFacts) }, "rules": [\#(open.joined(separator: ",\n"))] }"#
            .utf8)
      ),
      (
        "gen/delivery.json",
        Array(
          #"{ "table": "delivery", "event": "delivery", "facts": { "running": "bool" }, "rules": [{ "id": "d0", "when": {}, "then": { "outcome": "containerLaunch", "appCallbacks": [], "delivers": "nothing" }, "evidence": ["G-1"], "confidence": "inferred", "note": "delivery" }] }"#
            .utf8)
      ),
      (
        "gen/evidence.json",
        Array(
          #"{ "evidence": { "G-1": { "claim": "generated", "confidence": "inferred", "sources": [{ "kind": "inference", "title": "ScalingTests", "date": null, "platforms": [] }] } } }"#
            .utf8)
      ),
    ]
  }

  /// Seeded tap situations with a redirect in one hook, to a URL of every class in turn.
  static func redirects(count: Int, seed: UInt64 = 9) -> [Situation] {
    var rng = Random(state: seed)
    return (0..<count).map { i in
      var s = Situation(event: .tap)
      s.platform = Situation.Platform.allCases[rng.below(4)]
      s.osVersion = OSVersion(clamping: 7 + rng.below(21))
      s.app.hasContainerApp = rng.below(2) == 0
      s.tap.url = URLSchemeClass.allCases[rng.below(8)].exampleURL
      s.tap.extensionRunning = rng.below(2) == 0
      s.tap.alreadySelected = rng.below(2) == 0
      s.tap.redirect = Situation.Redirect(
        hooks: [Situation.Redirect.Hook.allCases[i % 4]], url: URLSchemeClass.allCases[(i / 4) % 8].exampleURL
      )
      return s
    }
  }
}

/// Costs that grew faster than the input (issue 10 item 3): each fix is checked against the
/// straightforward computation it replaced, and the large inputs against generous bounds.
@Suite struct ScalingTests {
  struct Sizes: CustomTestStringConvertible {
    var name: String
    var tap: Int
    var open: Int
    var testDescription: String { name }
  }

  @Test(
    "decide names the rules an independent first-match reading of the tables gives, on generated redirects",
    arguments: [
      Sizes(name: "40 tap + 30 open rules", tap: 40, open: 30),
      Sizes(name: "200 tap + 3 open rules", tap: 200, open: 3),
    ])
  func decisionsMatchIndependentReading(_ sizes: Sizes) throws {
    let engine = Engine(
      policies: try PolicySet.load(files: GeneratedPolicies.files(tapRules: sizes.tap, openRules: sizes.open))
    )
    let tap = try #require(engine.policies.table(for: .tap))
    let open = try #require(engine.policies.table(for: .open))
    var composedCount = 0
    for situation in GeneratedPolicies.redirects(count: 4_000) {
      let decided = engine.decide(situation)
      #expect(engine.explain(situation).withoutTrace == decided, "\(situation.minimalJSON)")
      let tapHit = Self.firstMatch(tap, situation, event: .tap, url: situation.tap.url)
      let tapRule = tapHit.map { "tap/\(tap.rules[$0].id)" }
      if let steps = decided.steps, steps.count == 2 {
        // A redirect: the tap rule, then the open rule the redirect's URL takes from Messages.
        let openHit = Self.firstMatch(
          open, situation, event: .open, url: situation.tap.redirect.url, extensionPoint: .messages)
        #expect(steps[0].rule == tapRule, "\(situation.minimalJSON)")
        #expect(steps[1].rule == openHit.map { "open/\(open.rules[$0].id)" }, "\(situation.minimalJSON)")
        if decided.outcome != .undecided { composedCount += 1 }
      } else {
        #expect(decided.rule == tapRule, "\(situation.minimalJSON)")
        #expect((decided.outcome == .undecided) == (tapHit == nil), "\(situation.minimalJSON)")
      }
    }
    #expect(composedCount > 100, "the situations must reach composed decisions")
  }

  /// The first rule of `table` every condition of which holds for the situation's facts, read
  /// condition by condition: an oracle independent of the compiled bit rows.
  static func firstMatch(
    _ table: DecisionTable, _ situation: Situation, event: Situation.Event, url: String?,
    extensionPoint: Situation.Open.ExtensionPoint? = nil, newest: OSVersion = OSVersion(clamping: 26)
  ) -> Int? {
    // The generated tables' newest OS and SDK are 26: what a left-out version stands for.
    var facts = FactSnapshot(
      situation, event: event, url: url, defaultVersion: newest, defaultSDKVersion: newest)
    if let extensionPoint { facts.extensionPoint = extensionPoint.index }
    return table.rules.firstIndex { rule in
      rule.conditions.allSatisfy { condition in
        condition.fact.isVersion
          ? condition.matches(version: facts.version(of: condition.fact))
          : condition.matches(index: facts.index(of: condition.fact))
      }
    }
  }

  @Test func shippedRedirectsDecideAlikeGeneratedAndInterpreted() throws {
    let engine = try Engine()
    for fixture in engine.policies.fixtures {
      for hook in Situation.Redirect.Hook.allCases {
        var situation = fixture.situation
        situation.event = .tap
        situation.tap.redirect = Situation.Redirect(hooks: [hook], url: "containerAppDemo://item")
        let expected = engine.explain(situation).withoutTrace
        #expect(engine.decide(situation) == expected, "\(fixture.name), \(hook)")
        #expect(Engine.builtIn.decide(situation) == expected, "\(fixture.name), \(hook)")
        #expect(engine.decide(situation).alternatives == expected.alternatives, "\(fixture.name), \(hook)")
      }
    }
  }

  @Test func largePoliciesLoadWithinBounds() throws {
    let files = GeneratedPolicies.files(tapRules: 5_000, openRules: 5_000)
    let policies = try PolicySet.load(files: files)
    let clock = ContinuousClock()
    var engine: Engine?
    let elapsed = clock.measure { engine = Engine(policies: policies) }
    let built = try #require(engine)
    // 1,250 launches, 416 of them without a redirect hook among their callbacks: the tap x
    // hook x open product (75 million decisions) is composed when a decision is read, never
    // at load.
    let launches = built.interpreting.table(.tap).rules.filter {
      $0.decides.outcome == .extensionLaunch && $0.decides.redirectHooks != 0
    }
    #expect(launches.count == 834)
    // Generous: about 0.1 s in a release build; a debug build on a loaded machine is slower.
    #expect(elapsed < .seconds(20))
    let decided = GeneratedPolicies.redirects(count: 200).map(built.decide)
    #expect(decided.contains { $0.steps?.count == 2 })
  }

  @Test(
    "version rows by binary search equal testing every rule on every interval",
    arguments: [("ranges", 300, true), ("lower bounds", 300, false), ("one rule", 1, true)])
  func versionRows(_ name: String, _ rules: Int, _ ranges: Bool) throws {
    let policies = try PolicySet.load(
      files: GeneratedPolicies.files(tapRules: rules, openRules: 2, versionRanges: ranges))
    let table = try #require(policies.table(for: .tap))
    let compiled = CompiledTable(table, dense: false)
    let words = compiled.words
    let intervals = compiled.versionBounds.count + 1
    var naive = [UInt64](repeating: 0, count: intervals * words)
    for value in 0..<intervals {
      let version = value == 0 ? OSVersion(clamping: 0) : compiled.versionBounds[value - 1]
      for (r, rule) in table.rules.enumerated()
      where rule.condition(on: .osVersion)?.matches(version: version) ?? true {
        naive[value * words + r / 64] |= 1 << UInt64(r % 64)
      }
    }
    var rows: [UInt64] = [7]  // appended after what is there
    CompiledTable.appendVersionRows(table.rules, bounds: compiled.versionBounds, words: words, to: &rows)
    #expect(rows == [7] + naive)
  }

  @Test func versionRangesCompileInQuasiLinearTime() throws {
    let policies = try PolicySet.load(
      files: GeneratedPolicies.files(tapRules: 20_000, openRules: 2, versionRanges: true))
    let table = try #require(policies.table(for: .tap))
    let clock = ContinuousClock()
    var compiled: CompiledTable?
    let elapsed = clock.measure { compiled = CompiledTable(table) }
    #expect((compiled?.versionBounds.count ?? 0) > 30_000)
    // Generous for a debug build on a loaded machine; testing every rule on every interval
    // took 225 s of CPU in a release build.
    #expect(elapsed < .seconds(60))
  }

  @Test(
    "whole-space descents and the rule-by-rule proof find the rules the full descent never reaches, and covers that cover",
    arguments: [
      ("400 rules, rule by rule", 400, UInt64(3), 0), ("150 rules, rule by rule", 150, UInt64(11), 0),
      ("400 rules, whole space", 400, UInt64(3), Verifier.wholeSpaceCells),
    ])
  func shadowedCovers(_ name: String, _ rules: Int, _ seed: UInt64, _ cells: Int) throws {
    let policies = try PolicySet.load(
      files: GeneratedPolicies.files(tapRules: rules, openRules: 2, seed: seed))
    let table = try #require(policies.table(for: .tap))
    var report = VerificationReport()
    Verifier.verify(table, wholeSpaceCells: cells, into: &report)
    #expect(report.shadowed.count > 5, "the table must shadow rules")
    #expect(report.unproven.isEmpty)
    // The former computation: one descent of the whole space; a rule winning no region is shadowed.
    let space = FactSpace(table)
    let analysis = PartitionAnalysis(space: space, boxes: table.rules.map(space.box(of:)))
    var reached = Set<Int>()
    analysis.descend(
      space.universe, analysis.candidates(meeting: space.universe), position: 0,
      winner: { rule, _, _ in reached.insert(rule) }, gap: { _ in })
    let unreached = table.rules.indices.filter { !reached.contains($0) }.map { table.rules[$0].id }
    #expect(report.shadowed.map(\.rule) == unreached)
    let index = Dictionary(uniqueKeysWithValues: table.rules.enumerated().map { ($1.id, $0) })
    for shadowed in report.shadowed {
      // The cover is earlier rules, and descending the rule's box among them leaves no gap.
      let j = try #require(index[shadowed.rule])
      let cover = try shadowed.coveredBy.map { try #require(index[$0]) }
      #expect(!cover.isEmpty && cover.allSatisfy { $0 < j }, "\(shadowed.rule)")
      var among = [UInt64](repeating: 0, count: analysis.words)
      for i in cover { among[i / 64] |= 1 << UInt64(i % 64) }
      let box = analysis.boxes[j]
      var uncovered = 0
      analysis.descend(
        box, analysis.candidates(meeting: box, among: among), position: 0, winner: { _, _, _ in },
        gap: { _ in uncovered += 1 })
      #expect(uncovered == 0, "\(shadowed.rule) is not covered by \(shadowed.coveredBy)")
    }
  }

  @Test func dynamicItemsOverTheBoundAreRefusedWithALocation() {
    let items = (0..<30_000).map { #"{"type":"t\#($0)","title":"T"}"# }.joined(separator: ",")
    let json = #"{"items":[\#(items)],"appendOnEachLaunch":true,"launches":1000}"#
    guard case .failure(let error) = ShortcutPlan.Dynamic.parse(Array(json.utf8), file: "d.json") else {
      Issue.record("accepted 30,000 dynamic items")
      return
    }
    #expect(
      error.diagnostics.map(\.description) == [
        "d.json:1:10: error: $.items: 30000 dynamic items; the limit is 100 [TR002]"
      ])
  }

  @Test func theLargestAllowedDynamicPlanIsBoundedAndExact() throws {
    let rules = try #require(try Engine().policies.shortcuts)
    let items = (0..<ShortcutPlan.Dynamic.maximumItems).map { ShortcutItem(type: "t\($0)", title: "T\($0)") }
    let dynamic = ShortcutPlan.Dynamic(
      items: items, appendOnEachLaunch: true, launches: ShortcutPlan.Dynamic.maximumLaunches)
    let report = ShortcutPlan.plan(
      staticItems: [], file: "Info.plist", dynamic: dynamic, launch: nil, rules: rules)
    #expect(report.growth.count == 1_000 && report.growth.last == 100_000 && report.growth[1] == 200)
    #expect(report.shown.count + report.hidden.count == 100_000)
    var over = dynamic
    over.launches = 1_001
    let refused = ShortcutPlan.plan(
      staticItems: [], file: "Info.plist", dynamic: over, launch: nil, rules: rules)
    #expect(
      refused.findings.map(\.code) == [.inputTooLarge] && refused.hidden.isEmpty && refused.growth == [0])
  }
}
