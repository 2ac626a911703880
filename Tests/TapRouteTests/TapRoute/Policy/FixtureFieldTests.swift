import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// A fixture row may state every field of its decision under `expect`: each loads, a wrong
/// value of each is a located error, `mismatches(_:)` compares each, `null` (or `[]`) says
/// "must be none", and `test --coverage` lists what a row leaves unstated.
@Suite("Every field of a decision in a fixture row's expect")
struct FixtureFieldTests {
  /// A fixture file of one row on a tap, with `expect` as given.
  static func file(_ expect: String) -> String {
    #"{"fixtures": [{"name": "row", "situation": {"event": "tap"}, "expect": \#(expect), "evidence": []}]}"#
  }

  /// Loads a fixture file against the built-in tables (so rule names are checked).
  static func load(_ text: String) throws(DiagnosticsError) -> [Fixture] {
    guard let policies = try? engine().policies else { throw DiagnosticsError([]) }
    return try policies.loadFixtures(bytes: Array(text.utf8), file: "fixtures.json")
  }

  struct LoadRow: CustomTestStringConvertible, Sendable {
    var name: String
    var expect: String
    var expected: Fixture.Expectation
    var testDescription: String { name }
  }

  static let loads: [LoadRow] = [
    LoadRow(
      name: "confidence", expect: #"{"outcome": "nothing", "confidence": "documented"}"#,
      expected: .init(outcome: .nothing, confidence: .documented)),
    LoadRow(
      name: "handoff", expect: #"{"outcome": "nothing", "handoff": "universalLink"}"#,
      expected: .init(outcome: .nothing, handoff: .equals(.universalLink))),
    LoadRow(
      name: "handoff null", expect: #"{"outcome": "nothing", "handoff": null}"#,
      expected: .init(outcome: .nothing, handoff: .null)),
    LoadRow(
      name: "activityType",
      expect: #"{"outcome": "nothing", "activityType": "NSUserActivityTypeBrowsingWeb"}"#,
      expected: .init(outcome: .nothing, activityType: .equals("NSUserActivityTypeBrowsingWeb"))),
    LoadRow(
      name: "activityType null", expect: #"{"outcome": "nothing", "activityType": null}"#,
      expected: .init(outcome: .nothing, activityType: .null)),
    LoadRow(
      name: "urlLocation", expect: #"{"outcome": "nothing", "urlLocation": "URLContexts"}"#,
      expected: .init(outcome: .nothing, urlLocation: .equals("URLContexts"))),
    LoadRow(
      name: "urlLocation null", expect: #"{"outcome": "nothing", "urlLocation": null}"#,
      expected: .init(outcome: .nothing, urlLocation: .null)),
    LoadRow(
      name: "alternatives, with and without a rule",
      expect:
        #"{"outcome": "nothing", "alternatives": [{"outcome": "browser", "rule": "tap/message-not-installed-web-url"}, {"outcome": "storeFront"}]}"#,
      expected: .init(
        outcome: .nothing,
        alternatives: [
          .init(outcome: .browser, rule: "tap/message-not-installed-web-url"), .init(outcome: .storeFront),
        ])),
    LoadRow(
      name: "alternatives empty: no other reading", expect: #"{"outcome": "nothing", "alternatives": []}"#,
      expected: .init(outcome: .nothing, alternatives: [])),
    LoadRow(
      name: "notes",
      expect: #"{"outcome": "nothing", "notes": ["AASA file", "^On a cold launch", "U-4[0-9]"]}"#,
      expected: .init(outcome: .nothing, notes: ["AASA file", "^On a cold launch", "U-4[0-9]"])),
    LoadRow(
      name: "the fields that were there before",
      expect: #"{"outcome": "storeFront", "url": null, "delivers": "url"}"#,
      expected: .init(outcome: .storeFront, url: .noURL, delivers: .url)),
  ]

  @Test("each field loads", arguments: loads)
  func eachFieldLoads(_ row: LoadRow) throws {
    let fixtures = try Self.load(Self.file(row.expect))
    #expect(fixtures.map(\.expected) == [row.expected])
  }

  struct BadRow: CustomTestStringConvertible, Sendable {
    var name: String
    /// The row's `expect`, marked where the diagnostic points.
    var expect: String
    /// The diagnostic, its location written as the marker (`fixtures.json:1️⃣: error: ...`).
    var diagnostic: String
    var testDescription: String { name }
  }

  static let bad: [BadRow] = [
    BadRow(
      name: "unknown key", expect: #"{"outcome": "nothing", 1️⃣"confidance": "single"}"#,
      diagnostic:
        #"fixtures.json:1️⃣: error: $.fixtures[0].expect.confidance: unknown key "confidance"; did you mean "confidence"? allowed: outcome, rule, confidence, url, callbacks, presentation, handoff, appCallbacks, delivers, activityType, urlLocation, alternatives, notes [TR101]"#
    ),
    BadRow(
      name: "confidence: unknown value", expect: #"{"outcome": "nothing", "confidence": 1️⃣"sure"}"#,
      diagnostic:
        #"fixtures.json:1️⃣: error: $.fixtures[0].expect.confidence: unknown confidence "sure"; expected one of documented, several, single, inferred, contested [TR106]"#
    ),
    BadRow(
      name: "confidence: wrong type", expect: #"{"outcome": "nothing", "confidence": 1️⃣null}"#,
      diagnostic:
        #"fixtures.json:1️⃣: error: $.fixtures[0].expect.confidence: expected a string, found null [TR102]"#),
    BadRow(
      name: "handoff: unknown value", expect: #"{"outcome": "nothing", "handoff": 1️⃣"universalLinks"}"#,
      diagnostic:
        #"fixtures.json:1️⃣: error: $.fixtures[0].expect.handoff: unknown handoff "universalLinks"; expected one of url, universalLink, userActivity, notificationResponse, shortcutItem, intent, nothing (did you mean "universalLink"?) [TR106]"#
    ),
    BadRow(
      name: "handoff: wrong type", expect: #"{"outcome": "nothing", "handoff": 1️⃣true}"#,
      diagnostic:
        #"fixtures.json:1️⃣: error: $.fixtures[0].expect.handoff: expected a string, found a boolean [TR102]"#),
    BadRow(
      name: "activityType: wrong type", expect: #"{"outcome": "nothing", "activityType": 1️⃣7}"#,
      diagnostic:
        #"fixtures.json:1️⃣: error: $.fixtures[0].expect.activityType: expected a string or null, found a number [TR102]"#
    ),
    BadRow(
      name: "urlLocation: wrong type", expect: #"{"outcome": "nothing", "urlLocation": 1️⃣["URLContexts"]}"#,
      diagnostic:
        #"fixtures.json:1️⃣: error: $.fixtures[0].expect.urlLocation: expected a string or null, found an array [TR102]"#
    ),
    BadRow(
      name: "alternatives: wrong type", expect: #"{"outcome": "nothing", "alternatives": 1️⃣null}"#,
      diagnostic:
        #"fixtures.json:1️⃣: error: $.fixtures[0].expect.alternatives: expected an array, found null [TR102]"#),
    BadRow(
      name: "alternatives: an item without its outcome",
      expect: #"{"outcome": "nothing", "alternatives": [1️⃣{"rule": "tap/launch"}]}"#,
      diagnostic:
        #"fixtures.json:1️⃣: error: $.fixtures[0].expect.alternatives[0]: missing required key "outcome" [TR103]"#
    ),
    BadRow(
      name: "alternatives: an unknown outcome",
      expect: #"{"outcome": "nothing", "alternatives": [{"outcome": 1️⃣"web"}]}"#,
      diagnostic:
        #"fixtures.json:1️⃣: error: $.fixtures[0].expect.alternatives[0].outcome: unknown outcome "web"; expected one of storeFront, storeProductPage, manageApps, extensionLaunch, containerLaunch, otherAppLaunch, browser, transcriptView, nothing, intentRun, appClipLaunch, backgroundLaunch, expandsInPlace, offersToOpenOnPhone, appLaunch, disambiguationDialog, undecided [TR106]"#
    ),
    BadRow(
      name: "alternatives: an unknown rule",
      expect: #"{"outcome": "nothing", "alternatives": [{"outcome": "browser", "rule": 1️⃣"tap/lunch"}]}"#,
      diagnostic:
        #"fixtures.json:1️⃣: error: $.fixtures[0].expect.alternatives[0].rule: fixture expects rule "tap/lunch", which no table defines (did you mean "tap/launch"?) [TR112]"#
    ),
    BadRow(
      name: "alternatives: an unknown key",
      expect: #"{"outcome": "nothing", "alternatives": [{"outcome": "browser", 1️⃣"note": "x"}]}"#,
      diagnostic:
        #"fixtures.json:1️⃣: error: $.fixtures[0].expect.alternatives[0].note: unknown key "note"; allowed: outcome, rule, url [TR101]"#
    ),
    BadRow(
      name: "notes: not a regular expression",
      expect: #"{"outcome": "nothing", "notes": ["ok", 1️⃣"(unclosed"]}"#,
      diagnostic:
        #"fixtures.json:1️⃣: error: $.fixtures[0].expect.notes[1]: note pattern "(unclosed" is not a regular expression (NSRegularExpression syntax) [TR114]"#
    ),
    BadRow(
      name: "notes: an item that is no string", expect: #"{"outcome": "nothing", "notes": [1️⃣3]}"#,
      diagnostic:
        #"fixtures.json:1️⃣: error: $.fixtures[0].expect.notes[0]: expected a string, found a number [TR102]"#),
    BadRow(
      name: "notes: a string, not an array", expect: #"{"outcome": "nothing", "notes": 1️⃣"AASA"}"#,
      diagnostic:
        #"fixtures.json:1️⃣: error: $.fixtures[0].expect.notes: expected an array, found a string [TR102]"#),
  ]

  @Test("a wrong value of each field is a located error, and nothing loads", arguments: bad)
  func badValue(_ row: BadRow) throws {
    let marked = MarkedText(Self.file(row.expect))
    do {
      let fixtures = try Self.load(marked.text)
      Issue.record("loaded \(fixtures.count) fixtures despite the bad value")
    } catch {
      #expect(error.diagnostics.map(\.description) == [marked.resolving(row.diagnostic)])
    }
  }

  /// A container launch handed a universal link, with every field set.
  static let delivered = Decision(
    outcome: .containerLaunch, rule: "link/universal-link", confidence: .documented,
    notes: [
      "The domain's AASA file matches the URL for this app (U-4).",
      "On a cold launch the universal link is an NSUserActivity (U-45).",
    ],
    alternatives: [Decision(outcome: .browser, rule: "link/universal-link")],
    delivery: AppDelivery(
      handoff: .universalLink, appCallbacks: [.sceneWillConnect], delivers: .userActivity,
      activityType: "NSUserActivityTypeBrowsingWeb", urlLocation: "connectionOptions.userActivities"))

  /// A store page: no URL, no delivery, no other reading, no notes.
  static let bare = Decision(outcome: .storeFront, rule: "tap/unpublished", confidence: .single)

  struct MismatchRow: CustomTestStringConvertible, Sendable {
    var name: String
    var decision: Decision
    var expectation: Fixture.Expectation
    var mismatches: [String]
    var testDescription: String { name }
  }

  static let mismatchRows: [MismatchRow] = [
    MismatchRow(
      name: "every field stated and equal", decision: delivered,
      expectation: .init(
        outcome: .containerLaunch, rule: "link/universal-link", url: .noURL,
        appCallbacks: [.sceneWillConnect],
        delivers: .userActivity, confidence: .documented, handoff: .equals(.universalLink),
        activityType: .equals("NSUserActivityTypeBrowsingWeb"),
        urlLocation: .equals("connectionOptions.userActivities"),
        alternatives: [.init(outcome: .browser, rule: "link/universal-link")], notes: ["AASA", "^On a cold"]),
      mismatches: []),
    MismatchRow(
      name: "nothing stated but the outcome", decision: delivered,
      expectation: .init(outcome: .containerLaunch), mismatches: []),
    MismatchRow(
      name: "confidence differs", decision: delivered,
      expectation: .init(outcome: .containerLaunch, confidence: .single),
      mismatches: ["confidence: expected single, got documented"]),
    MismatchRow(
      name: "handoff differs", decision: delivered,
      expectation: .init(outcome: .containerLaunch, handoff: .equals(.url)),
      mismatches: ["handoff: expected url, got universalLink"]),
    MismatchRow(
      name: "handoff null: must be none, and is not", decision: delivered,
      expectation: .init(outcome: .containerLaunch, handoff: .null),
      mismatches: ["handoff: expected null, got universalLink"]),
    MismatchRow(
      name: "handoff null: must be none, and is", decision: bare,
      expectation: .init(outcome: .storeFront, handoff: .null), mismatches: []),
    MismatchRow(
      name: "handoff expected, none", decision: bare,
      expectation: .init(outcome: .storeFront, handoff: .equals(.url)),
      mismatches: ["handoff: expected url, got null"]),
    MismatchRow(
      name: "activityType differs", decision: delivered,
      expectation: .init(outcome: .containerLaunch, activityType: .equals("com.example.view")),
      mismatches: [#"activityType: expected "com.example.view", got "NSUserActivityTypeBrowsingWeb""#]),
    MismatchRow(
      name: "activityType null: must be none, and is not", decision: delivered,
      expectation: .init(outcome: .containerLaunch, activityType: .null),
      mismatches: [#"activityType: expected null, got "NSUserActivityTypeBrowsingWeb""#]),
    MismatchRow(
      name: "activityType null: must be none, and is", decision: bare,
      expectation: .init(outcome: .storeFront, activityType: .null), mismatches: []),
    MismatchRow(
      name: "urlLocation differs", decision: delivered,
      expectation: .init(outcome: .containerLaunch, urlLocation: .equals("URLContexts")),
      mismatches: [#"urlLocation: expected "URLContexts", got "connectionOptions.userActivities""#]),
    MismatchRow(
      name: "urlLocation null: must be none, and is not", decision: delivered,
      expectation: .init(outcome: .containerLaunch, urlLocation: .null),
      mismatches: [#"urlLocation: expected null, got "connectionOptions.userActivities""#]),
    MismatchRow(
      name: "urlLocation expected, none", decision: bare,
      expectation: .init(outcome: .storeFront, urlLocation: .equals("URLContexts")),
      mismatches: [#"urlLocation: expected "URLContexts", got null"#]),
    MismatchRow(
      name: "alternatives equal without a rule", decision: delivered,
      expectation: .init(outcome: .containerLaunch, alternatives: [.init(outcome: .browser)]), mismatches: []),
    MismatchRow(
      name: "alternatives: another outcome", decision: delivered,
      expectation: .init(outcome: .containerLaunch, alternatives: [.init(outcome: .nothing)]),
      mismatches: ["alternatives: expected [nothing], got [browser by link/universal-link]"]),
    MismatchRow(
      name: "alternatives: another rule", decision: delivered,
      expectation: .init(
        outcome: .containerLaunch, alternatives: [.init(outcome: .browser, rule: "link/other")]),
      mismatches: ["alternatives: expected [browser by link/other], got [browser by link/universal-link]"]),
    MismatchRow(
      name: "alternatives: one more than the decision has", decision: delivered,
      expectation: .init(
        outcome: .containerLaunch, alternatives: [.init(outcome: .browser), .init(outcome: .nothing)]),
      mismatches: ["alternatives: expected [browser, nothing], got [browser by link/universal-link]"]),
    MismatchRow(
      name: "alternatives empty: must be none, and is not", decision: delivered,
      expectation: .init(outcome: .containerLaunch, alternatives: []),
      mismatches: ["alternatives: expected [], got [browser by link/universal-link]"]),
    MismatchRow(
      name: "alternatives empty: must be none, and is", decision: bare,
      expectation: .init(outcome: .storeFront, alternatives: []), mismatches: []),
    MismatchRow(
      name: "notes: a pattern no note matches", decision: delivered,
      expectation: .init(outcome: .containerLaunch, notes: ["AASA", "^The domain's AASA file matches$"]),
      mismatches: [
        #"notes: expected a note matching "^The domain's AASA file matches$", got "The domain's AASA file matches the URL for this app (U-4).", "On a cold launch the universal link is an NSUserActivity (U-45).""#
      ]),
    MismatchRow(
      name: "notes: a decision without notes", decision: bare,
      expectation: .init(outcome: .storeFront, notes: ["U-4[0-9]"]),
      mismatches: [#"notes: expected a note matching "U-4[0-9]", got none"#]),
    MismatchRow(
      name: "notes: a pattern built in code that does not compile", decision: delivered,
      expectation: .init(outcome: .containerLaunch, notes: ["[U-4"]),
      mismatches: [#"notes: "[U-4" is not a regular expression"#]),
    MismatchRow(
      name: "several fields differ: one line each, in the order of a decision's fields", decision: bare,
      expectation: .init(
        outcome: .storeFront, confidence: .documented, handoff: .equals(.url),
        alternatives: [.init(outcome: .browser)]),
      mismatches: [
        "confidence: expected documented, got single", "handoff: expected url, got null",
        "alternatives: expected [browser], got []",
      ]),
  ]

  @Test("mismatches reports each field's difference, and nothing when equal", arguments: mismatchRows)
  func eachFieldIsCompared(_ row: MismatchRow) {
    #expect(row.expectation.mismatches(row.decision) == row.mismatches)
  }

  /// The contested store page of a tap on an https message URL, app not installed, with
  /// every field its decision has stated.
  static let contestedRow = #"""
    {"name": "every field", "situation": {"event": "tap", "app": {"installed": false}, "tap": {"url": "https://example.com"}},
     "expect": {"outcome": "storeProductPage", "rule": "tap/message-not-installed-web-url", "confidence": "contested",
       "url": null, "handoff": null, "activityType": null, "urlLocation": null,
       "alternatives": [{"outcome": "browser", "rule": "tap/message-not-installed-web-url"}],
       "notes": ["^Default product page"]},
     "evidence": []}
    """#

  @Test("a row stating every field passes through the engine and leaves nothing unstated")
  func everyFieldThroughTheEngine() throws {
    let fixtures = try Self.load(#"{"fixtures": [\#(Self.contestedRow)]}"#)
    let results = FixtureRunner.run(fixtures, engine: try engine())
    #expect(results.map(\.mismatches) == [[]])
    #expect(FixtureRunner.unstatedFields(results) == [])
  }

  @Test("what a decision has for a row to state: a row can state none of url and the delivery strings")
  func decisionHas() {
    typealias Field = Fixture.Expectation.Field
    #expect(
      Field.allCases.filter(Self.delivered.has)
        == Field.allCases.filter { $0 != .callbacks && $0 != .presentation })
    #expect(
      Field.allCases.filter(Self.bare.has)
        == [.outcome, .rule, .confidence, .url, .handoff, .activityType, .urlLocation, .alternatives])
    #expect(Field.allCases.filter(Decision(outcome: .undecided).has).contains(.rule) == false)
  }

  @Test("coverage lists the fields a row leaves unstated, in text and in the report")
  func coverageListsUnstatedFields() {
    let stated = Fixture(
      name: "states little", situation: Situation(event: .tap),
      expected: .init(outcome: .storeFront, rule: "tap/unpublished", url: .noURL, alternatives: []))
    let full = Fixture(
      name: "states all", situation: Situation(event: .tap),
      expected: .init(
        outcome: .storeFront, rule: "tap/unpublished", url: .noURL, confidence: .single, handoff: .null,
        activityType: .null, urlLocation: .null, alternatives: []))
    let results = [stated, full].map {
      Fixture.Result(fixture: $0, decision: Self.bare, mismatches: $0.expected.mismatches(Self.bare))
    }
    #expect(results.allSatisfy { $0.passed })
    let unstated = FixtureRunner.unstatedFields(results)
    #expect(
      unstated == [
        .init(fixture: "states little", fields: [.confidence, .handoff, .activityType, .urlLocation])
      ])
    #expect(
      FixtureReport.text(results, unreached: [], unstated: unstated) == """
        PASS  states little  (storeFront by tap/unpublished)
        PASS  states all  (storeFront by tap/unpublished)
        coverage: every rule is reached by a fixture
        coverage: 1 row leaves 4 fields of their decision unstated:
          states little  (confidence, handoff, activityType, urlLocation)
        2 passed, 0 failed

        """)
    #expect(
      FixtureReport.text(Array(results.dropFirst()), unreached: nil, unstated: [])
        .contains("coverage: every row states every field of its decision\n"))
  }

  @Test("taproute test --coverage lists unstated fields, in text and JSON, and still exits 0")
  func coverageCLI() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "taproute-fixture-fields-\(UUID().uuidString).json")
    try Data(
      #"""
      {"fixtures": [
        \#(Self.contestedRow),
        {"name": "outcome only", "situation": {"event": "tap", "app": {"installed": false}, "tap": {"url": "https://example.com"}}, "expect": {"outcome": "storeProductPage"}, "evidence": []}
      ]}
      """#.utf8
    ).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let text = try Binary.run(["test", file.path, "--coverage"])
    #expect(text.status == 0, "\(text.stderr)")
    #expect(
      text.stdout.contains(
        """
        coverage: 1 row leaves 8 fields of their decision unstated:
          outcome only  (rule, confidence, url, handoff, activityType, urlLocation, alternatives, notes)
        2 passed, 0 failed

        """), "\(text.stdout)")
    let json = try Binary.run(["test", file.path, "--coverage", "--json"])
    #expect(json.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let unstated = try #require(object["unstatedFields"] as? [[String: Any]])
    #expect(unstated.count == 1)
    #expect(unstated.first?["name"] as? String == "outcome only")
    #expect(
      unstated.first?["fields"] as? [String]
        == ["rule", "confidence", "url", "handoff", "activityType", "urlLocation", "alternatives", "notes"])
    let plain = try Binary.run(["test", file.path, "--json"])
    let without = try #require(
      try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])
    #expect(without["unstatedFields"] == nil, "only --coverage reports unstated fields")
  }

  /// The node at a path of `fixtures.schema.json`.
  static func schema(_ path: [String]) throws -> JSONValue {
    let bytes = [UInt8](
      try Data(contentsOf: Repo.policies.appendingPathComponent("schema/fixtures.schema.json")))
    var node = try JSONParser.parse(bytes).get()
    for key in path {
      node = try #require(node.objectValue?.first { $0.key == key }?.value, "no \(key) in \(path)")
    }
    return node
  }

  static let expectPath = ["properties", "fixtures", "items", "properties", "expect"]

  @Test("fixtures.schema.json describes exactly the fields the loader reads, with the values it accepts")
  func schemaMatchesTheFields() throws {
    let expect = try Self.schema(Self.expectPath + ["properties"])
    #expect(expect.objectValue?.map(\.key) == Fixture.Expectation.Field.allCases.map(\.rawValue))
    let alternative = try Self.schema(
      Self.expectPath + ["properties", "alternatives", "items", "properties"])
    #expect(
      alternative.objectValue?.map(\.key) == Fixture.Expectation.Alternative.Field.allCases.map(\.rawValue))
    func values(_ field: String) throws -> [String?] {
      try #require(try Self.schema(Self.expectPath + ["properties", field, "enum"]).arrayValue).map(
        \.stringValue)
    }
    #expect(try values("confidence") == Confidence.allCases.map(\.rawValue))
    #expect(try values("handoff") == Situation.Handoff.allCases.map(\.rawValue) + [nil])
    #expect(try values("outcome") == Outcome.allCases.map(\.rawValue))
  }

  /// The part of a document from the first line starting with `start` to the next line
  /// starting with `end` (or the end of the text).
  static func section(_ path: String, from start: String, to end: String) throws -> String {
    let text = try String(contentsOf: Repo.root.appendingPathComponent(path), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let first = try #require(lines.firstIndex { $0.hasPrefix(start) }, "\(path) has no line \(start)")
    let rest = lines[(first + 1)...]
    return lines[first..<(rest.firstIndex { $0.hasPrefix(end) } ?? lines.endIndex)].joined(separator: "\n")
  }

  @Test(
    "the README's and the DocC article's fixture sections name every field a row may state",
    arguments: [
      ("README.md", "- `fixtures.json`:", "Code style:"),
      ("Sources/TapRoute/TapRoute.docc/PolicyFormat.md", "### Fixtures", "### "),
    ])
  func docsNameEveryField(_ path: String, _ start: String, _ end: String) throws {
    let text = try Self.section(path, from: start, to: end)
    for field in Fixture.Expectation.Field.allCases {
      #expect(text.contains("`\(field.rawValue)`"), "\(path) does not name `\(field.rawValue)`")
    }
  }

  @Test("the DocC article's fixture row loads and passes")
  func docsExampleRowPasses() throws {
    let text = try Self.section(
      "Sources/TapRoute/TapRoute.docc/PolicyFormat.md", from: "### Fixtures", to: "### ")
    let parts = text.components(separatedBy: "```")
    let block = try #require(parts.dropFirst().first, "no code block")
    let row = try #require(block.hasPrefix("json\n") ? String(block.dropFirst(5)) : nil, "not JSON")
    let results = FixtureRunner.run(try Self.load(#"{"fixtures": [\#(row)]}"#), engine: try engine())
    #expect(results.count == 1 && results.allSatisfy { $0.passed }, "\(results.map(\.mismatches))")
    #expect(FixtureRunner.unstatedFields(results) == [])
  }
}
