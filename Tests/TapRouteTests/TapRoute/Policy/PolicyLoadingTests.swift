import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("Policy loading: built-in copy, located errors, fail closed")
struct PolicyLoadingTests {
  @Test("the built-in copy equals Policies/ byte for byte (run Scripts/embed-policies.sh)")
  func builtInCopyMatchesPolicies() throws {
    let files = try Repo.policyFiles()
    let builtIn = BuiltinPolicies.files.map { (name: "Policies/" + $0.name, bytes: Array($0.contents.utf8)) }
    #expect(builtIn.map(\.name) == files.map(\.name), "file lists differ; run Scripts/embed-policies.sh")
    for file in files {
      let embedded = builtIn.first { $0.name == file.name }?.bytes ?? []
      let same = embedded == file.bytes
      #expect(
        same,
        """
        \(file.name) drifted from its built-in copy (\(firstDifference(
          String(decoding: file.bytes, as: UTF8.self), String(decoding: embedded, as: UTF8.self),
          names: ("Policies/", "built-in")))); \
        run Scripts/embed-policies.sh
        """)
    }
  }

  @Test("every file in Policies/ loads with zero diagnostics")
  func shippedPoliciesAreClean() throws {
    let set = try PolicySet.load(directory: Repo.policies)
    #expect(set.warnings.isEmpty, "\(set.warnings.map(\.description))")
    #expect(set.tables.map(\.name).sorted() == Situation.Event.allCases.map(\.rawValue).sorted())
  }

  /// A small policy set with files replaced by broken ones, and the diagnostics it must
  /// produce; a marker in a file stands where a diagnostic points, and for that diagnostic's
  /// `line:column` in `expected`.
  struct Breakage: CustomTestStringConvertible, Sendable {
    var name: String
    var file: String
    var text: MarkedText
    var expected: [String]
    var testDescription: String { name }
  }

  static let duplicateIDs = MarkedText(
    """
    {
      "table": "open",
      "event": "open",
      "facts": { "platform": ["iOS", "iPadOS", "macOS", "watchOS", "visionOS"] },
      "rules": [
        { "id": 1️⃣"not-ios", "when": { "platform": "macOS" }, "then": { "outcome": "nothing" }, "evidence": ["D-1"], "confidence": "documented" },
        { "id": 2️⃣"not-ios", "when": { "platform": "watchOS" }, "then": { "outcome": "nothing" }, "evidence": ["D-1"], "confidence": "documented" },
        { "id": "ios", "when": { "platform": ["iOS", "iPadOS"] }, "then": { "outcome": 3️⃣"otherApp" }, "evidence": ["D-2"], "confidence": "documented" },
        4️⃣{ "id": "no-confidence", "then": { "outcome": "nothing" }, "evidence": ["D-2"] }
      ]
    }
    """)

  static let breakages: [Breakage] = [
    Breakage(
      name: "rule cites unknown evidence", file: "tap.json",
      text: MarkedText(
        """
        {
          "table": "tap",
          "event": "tap",
          "facts": { "platform": ["iOS", "iPadOS", "macOS", "watchOS", "visionOS"] },
          "rules": [
            { "id": "not-ios", "when": { "platform": ["macOS", "watchOS", "visionOS"] }, "then": { "outcome": "nothing" }, "evidence": ["D-1"], "confidence": "documented" },
            { "id": "not-enabled", "then": { "outcome": "manageApps" }, "evidence": ["F-1", 1️⃣"S004-99"], "confidence": "single" }
          ]
        }
        """),
      expected: [
        #"tap.json:1️⃣: error: $.rules[1].evidence[1]: rule "not-enabled" cites unknown evidence "S004-99" [TR104]"#
      ]),
    Breakage(
      name: "unknown fact value and undeclared fact", file: "tap.json",
      text: MarkedText(
        """
        {
          "table": "tap",
          "event": "tap",
          "facts": { "platform": ["iOS", "iPadOS", "macOS", "watchOS", "visionOS"] },
          "rules": [
            { "id": "watchos", "when": { "platform": 1️⃣"watchos", 2️⃣"colour": "red" }, "then": { "outcome": "nothing" }, "evidence": ["D-1"], "confidence": "documented" }
          ]
        }
        """),
      expected: [
        #"tap.json:1️⃣: error: $.rules[0].when.platform: unknown value of platform "watchos"; expected one of iOS, iPadOS, macOS, watchOS, visionOS, android (did you mean "watchOS"?) [TR106]"#,
        #"tap.json:2️⃣: error: $.rules[0].when.colour: condition on undeclared fact "colour" [TR105]"#,
      ]),
    Breakage(
      name: "empty and malformed version ranges", file: "open.json",
      text: MarkedText(
        """
        {
          "table": "open",
          "event": "open",
          "facts": { "platform": ["iOS", "iPadOS", "macOS", "watchOS", "visionOS"], "osVersion": { "newest": "26" } },
          "rules": [
            { "id": "empty", "when": { "osVersion": 1️⃣"10..<8" }, "then": { "outcome": "nothing" }, "evidence": ["D-1"], "confidence": "documented" },
            { "id": "malformed", "when": { "osVersion": 2️⃣"=>8" }, "then": { "outcome": "nothing" }, "evidence": ["D-1"], "confidence": "documented" }
          ]
        }
        """),
      expected: [
        #"open.json:1️⃣: error: $.rules[0].when.osVersion: version range "10..<8" is empty [TR107]"#,
        #"open.json:2️⃣: error: $.rules[1].when.osVersion: invalid version range "=>8"; expected ">=X", "<X", "X..<Y" or a major version "X" [TR107]"#,
      ]),
    Breakage(
      name: "duplicate rule id, unknown outcome, missing confidence", file: "open.json",
      text: duplicateIDs,
      expected: [
        #"open.json:2️⃣: error: $.rules[1].id: rule id "not-ios" is already used at line "#
          + "\(duplicateIDs.line("1️⃣")) [TR108]",
        #"open.json:3️⃣: error: $.rules[2].then.outcome: unknown outcome "otherApp"; expected one of storeFront, storeProductPage, manageApps, extensionLaunch, containerLaunch, otherAppLaunch, browser, transcriptView, nothing, intentRun, appClipLaunch, backgroundLaunch, expandsInPlace, offersToOpenOnPhone, appLaunch, disambiguationDialog [TR106]"#,
        #"open.json:4️⃣: error: $.rules[3]: missing required key "confidence" [TR103]"#,
      ]),
    Breakage(
      name: "callbacks on a store page, extension launch without presentation", file: "tap.json",
      text: MarkedText(
        """
        {
          "table": "tap",
          "event": "tap",
          "facts": { "installed": "bool", "enabledInMessages": "bool" },
          "rules": [
            { "id": "not-enabled", "when": { "enabledInMessages": false }, "then": { "outcome": "manageApps", "callbacks": 1️⃣[] }, "evidence": ["F-1"], "confidence": "single" },
            { "id": "launch", "when": { "installed": true }, "then": 2️⃣{ "outcome": "extensionLaunch", "callbacks": [] }, "evidence": ["D-2"], "confidence": "documented" },
            { "id": "launch-anyway", "then": 3️⃣{ "outcome": "extensionLaunch", "callbacks": [] }, "evidence": ["D-2"], "confidence": "documented" }
          ]
        }
        """),
      expected: [
        #"tap.json:1️⃣: error: $.rules[0].then.callbacks: only an extensionLaunch has callbacks [TR110]"#,
        #"tap.json:2️⃣: error: $.rules[1].then: an extensionLaunch must give its presentation (expanded or compact) [TR110]"#,
        #"tap.json:3️⃣: error: $.rules[2].then: an extensionLaunch must give its presentation (expanded or compact) [TR110]"#,
      ]),
    Breakage(
      name: "declared domain misses a value", file: "tap.json",
      text: MarkedText(
        """
        {
          "table": "tap",
          "event": "tap",
          "facts": { "target": 1️⃣["message", "sticker", "notificationPreview"] },
          "rules": [
            { "id": "all", "then": { "outcome": "nothing" }, "evidence": ["D-1"], "confidence": "documented" }
          ]
        }
        """),
      expected: [
        #"tap.json:1️⃣: error: $.facts.target: domain of "target" must be exactly message, sticker, attribution, notificationPreview (missing attribution) [TR109]"#
      ]),
    Breakage(
      name: "syntax error", file: "evidence.json",
      text: MarkedText(
        """
        {
          "evidence": {
            "D-1": { "claim": "c", "confidence": "documented", "sources": [{ "kind": "appleDocumentation", "title": "t", "url": "https://example.com/e", "date": "2026", "platforms": ["iOS"] }] },1️⃣,
            "D-2": { "claim": "c", "confidence": "documented", "sources": [{ "kind": "appleDocumentation", "title": "t", "url": "https://example.com/e", "date": "2026", "platforms": ["iOS"] }] }
          }
        }
        """),
      expected: [#"evidence.json:1️⃣: error: expected a quoted key, found ',' [TR001]"#]),
    Breakage(
      name: "fixture names an unknown rule and evidence", file: "fixtures.json",
      text: MarkedText(
        """
        {
          "fixtures": [
            { "name": "launch", "situation": { "event": "tap" }, "expect": { "outcome": "extensionLaunch", "rule": "tap/launch" }, "evidence": ["D-2"] },
            { "name": "switched off", "situation": { "event": "tap", "app": { "enabledInMessages": false } }, "expect": { "outcome": "manageApps", "rule": 1️⃣"tap/not-enable" }, "evidence": [2️⃣"F-11"] }
          ]
        }
        """),
      expected: [
        #"fixtures.json:1️⃣: error: $.fixtures[1].expect.rule: fixture expects rule "tap/not-enable", which no table defines (did you mean "tap/not-enabled"?) [TR112]"#,
        #"fixtures.json:2️⃣: error: $.fixtures[1].evidence[0]: fixture cites unknown evidence "F-11" [TR104]"#,
      ]),
  ]

  @Test("a broken policy file gives located errors and loads nothing", arguments: breakages)
  func brokenPolicy(_ breakage: Breakage) throws {
    let dir = try SmallPolicies.write(replacing: [breakage.file: breakage.text.text])
    defer { try? FileManager.default.removeItem(at: dir) }
    do {
      let set = try PolicySet.load(directory: dir)
      Issue.record("loaded \(set.tables.count) tables despite the breakage")
    } catch {
      #expect(lines(error.diagnostics, in: dir) == breakage.expected.map { breakage.text.resolving($0) })
    }
  }

  @Test("errors in several files: every one is reported, and nothing loads (library and CLI)")
  func failClosedReportsEverything() throws {
    let tap = MarkedText(
      """
      {
        "table": "tap",
        "event": "tap",
        "facts": { "installed": "bool" },
        "rules": [
          { "id": "not-installed", "when": { "installed": false }, "then": { "outcome": "storeProductPage" }, "evidence": ["S004-1"], "confidence": 1️⃣"likely" },
          { "id": "installed", "when": { "installed": true }, "then": { "outcome": "nothing" }, "evidence": ["D-1"], "confidence": 2️⃣"likely" }
        ]
      }
      """)
    let open = MarkedText(
      """
      {
        "table": "open",
        "event": "open",
        "hitPolicy": 3️⃣"any",
        "facts": {},
        "rules": [
          { "id": "all", "then": { "outcome": "nothing" }, "evidence": ["D-1"], "confidence": "documented" }
        ]
      }
      """)
    let evidence = MarkedText(
      """
      {
        "evidence": {
          "S004-1": { "claim": "c", "confidence": "single", "sources": [{ "kind": "appleDocumentation", "title": "t", "url": "https://example.com/e", "date": "2026", "platforms": ["iOS"] }] },
          4️⃣"D1": { "claim": "c", "confidence": "documented", "sources": [{ "kind": "appleDocumentation", "title": "t", "url": "https://example.com/e", "date": "2026", "platforms": ["iOS"] }] }
        }
      }
      """)
    let dir = try SmallPolicies.write(replacing: [
      "tap.json": tap.text, "open.json": open.text, "evidence.json": evidence.text,
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    var loaded: PolicySet?
    var diagnostics: [Diagnostic] = []
    do { loaded = try PolicySet.load(directory: dir) } catch { diagnostics = error.diagnostics }
    #expect(loaded == nil)
    #expect(
      lines(diagnostics, in: dir) == [
        evidence.resolving(
          #"evidence.json:4️⃣: error: $.evidence.D1: evidence id "D1" is not of the form S004-1, D-1 or IOSN-1 [TR102]"#
        ),
        open.resolving(
          #"open.json:3️⃣: error: $.hitPolicy: unknown hit policy "any"; expected one of first, unique [TR106]"#
        ),
        tap.resolving(
          #"tap.json:1️⃣: error: $.rules[0].confidence: unknown confidence "likely"; expected one of documented, several, single, inferred, contested [TR106]"#
        ),
        tap.resolving(
          #"tap.json:2️⃣: error: $.rules[1].confidence: unknown confidence "likely"; expected one of documented, several, single, inferred, contested [TR106]"#
        ),
      ])
    #expect(throws: DiagnosticsError.self) { try Engine(policiesAt: dir) }
    let r = try Binary.run(["decide", "--policies", dir.path], stdin: #"{"event":"tap"}"#)
    #expect(r.status == 1 && r.stdout.isEmpty)
    #expect(r.stderr.split(separator: "\n").count == diagnostics.count + 1)
  }

  @Test func missingEvidenceAndTable() throws {
    let dir = try SmallPolicies.write(removing: ["evidence.json", "open.json"])
    defer { try? FileManager.default.removeItem(at: dir) }
    do {
      _ = try PolicySet.load(directory: dir)
      Issue.record("loaded without evidence.json and open.json")
    } catch {
      let codes = error.diagnostics.map(\.code)
      #expect(codes.filter { $0 == .missingTable }.count == 2)
      let tap = try JSONParser.parse(SmallPolicies.tap).get()
      let citations = tap["rules"]?.elements.map { $0["evidence"]?.elements.count ?? 0 }.reduce(0, +) ?? 0
      #expect(citations == 6)
      #expect(
        error.diagnostics.filter { $0.code == .unknownEvidence && $0.file.hasSuffix("tap.json") }.count
          == citations,
        "every citation of the tap table is now unknown")
      #expect(error.diagnostics.contains { $0.message.contains("no evidence registry (evidence.json)") })
      #expect(error.diagnostics.contains { $0.message.contains("no table decides event \"open\"") })
    }
  }

  @Test func unreadableDirectory() {
    #expect(throws: DiagnosticsError.self) {
      try PolicySet.load(directory: URL(fileURLWithPath: "/nonexistent/taproute-policies"))
    }
  }
}
