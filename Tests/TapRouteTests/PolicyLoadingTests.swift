import Foundation
import Testing

@testable import TapRoute

@Suite("Policy loading: built-in copy, located errors, fail closed")
struct PolicyLoadingTests {
  @Test("the built-in copy equals Policies/ byte for byte (run Scripts/embed-policies.sh)")
  func builtInCopyMatchesPolicies() throws {
    let files = try Repo.policyFiles()
    let builtIn = BuiltinPolicies.files.map { (name: "Policies/" + $0.name, bytes: Array($0.contents.utf8)) }
    #expect(builtIn.map(\.name) == files.map(\.name), "file lists differ; run Scripts/embed-policies.sh")
    for file in files {
      let embedded = builtIn.first { $0.name == file.name }?.bytes
      #expect(
        embedded == file.bytes, "\(file.name) drifted from its built-in copy; run Scripts/embed-policies.sh")
    }
  }

  @Test("every file in Policies/ loads with zero diagnostics")
  func shippedPoliciesAreClean() throws {
    let set = try PolicySet.load(directory: Repo.policies)
    #expect(set.warnings.isEmpty, "\(set.warnings.map(\.description))")
    #expect(set.tables.map(\.name).sorted() == ["open", "tap"])
  }

  /// A broken copy of Policies/, and the diagnostics it must produce (file:line:col and code).
  struct Breakage: CustomTestStringConvertible, Sendable {
    var name: String
    var file: String
    var change: @Sendable (String) -> String
    var expected: [String]
    var testDescription: String { name }
  }

  static let breakages: [Breakage] = [
    Breakage(
      name: "rule cites unknown evidence", file: "tap.json",
      change: {
        $0.replacingOccurrences(
          of: #""evidence": ["F-1", "N-23"],"#, with: #""evidence": ["F-1", "N-23", "S004-99"],"#)
      },
      expected: [
        #"tap.json:279:35: error: $.rules[28].evidence[2]: rule "not-enabled" cites unknown evidence "S004-99" [TR104]"#
      ]),
    Breakage(
      name: "unknown fact value and undeclared fact", file: "tap.json",
      change: {
        $0.replacingOccurrences(
          of: #""when": { "platform": "watchOS" },"#,
          with: #""when": { "platform": "watchos", "colour": "red" },"#)
      },
      expected: [
        #"tap.json:69:29: error: $.rules[5].when.platform: unknown value of platform "watchos"; expected one of iOS, iPadOS, macOS, watchOS, visionOS (did you mean "watchOS"?) [TR106]"#,
        #"tap.json:69:40: error: $.rules[5].when.colour: condition on undeclared fact "colour" [TR105]"#,
      ]),
    Breakage(
      name: "empty and malformed version ranges", file: "open.json",
      change: {
        $0.replacingOccurrences(of: #""osVersion": "<8""#, with: #""osVersion": "10..<8""#)
          .replacingOccurrences(
            of: #""osVersion": "8..<10", "extensionPoint": "today""#,
            with: #""osVersion": "=>8", "extensionPoint": "today""#)
      },
      expected: [
        #"open.json:27:61: error: $.rules[1].when.osVersion: version range "10..<8" is empty [TR107]"#,
        #"open.json:131:61: error: $.rules[13].when.osVersion: invalid version range "=>8"; expected ">=X", "<X", "X..<Y" or a major version "X" [TR107]"#,
      ]),
    Breakage(
      name: "duplicate rule id, unknown outcome, missing confidence", file: "open.json",
      change: {
        $0.replacingOccurrences(of: #""id": "before-extensions""#, with: #""id": "not-ios""#)
          .replacingOccurrences(
            of: #""then": { "outcome": "otherAppLaunch" }"#, with: #""then": { "outcome": "otherApp" }"#
          )
          .replacingOccurrences(
            of: "\"evidence\": [\"D-1\", \"S000-5\"],\n      \"confidence\": \"inferred\",",
            with: "\"evidence\": [\"D-1\", \"S000-5\"],")
      },
      expected: [
        #"open.json:26:13: error: $.rules[1].id: rule id "not-ios" is already used at line 18 [TR108]"#,
        #"open.json:113:5: error: $.rules[11]: missing required key "confidence" [TR103]"#,
        #"open.json:131:28: error: $.rules[13].then.outcome: unknown outcome "otherApp"; expected one of storeFront, storeProductPage, manageApps, extensionLaunch, containerLaunch, otherAppLaunch, browser, transcriptView, nothing [TR106]"#,
        #"open.json:139:28: error: $.rules[14].then.outcome: unknown outcome "otherApp"; expected one of storeFront, storeProductPage, manageApps, extensionLaunch, containerLaunch, otherAppLaunch, browser, transcriptView, nothing [TR106]"#,
        #"open.json:155:28: error: $.rules[15].then.outcome: unknown outcome "otherApp"; expected one of storeFront, storeProductPage, manageApps, extensionLaunch, containerLaunch, otherAppLaunch, browser, transcriptView, nothing [TR106]"#,
      ]),
    Breakage(
      name: "callbacks on a store page, extension launch without presentation", file: "tap.json",
      change: {
        $0.replacingOccurrences(
          of: #""then": { "outcome": "manageApps" }"#,
          with: #""then": { "outcome": "manageApps", "callbacks": [] }"#
        )
        .replacingOccurrences(
          of: #""callbacks": [], "presentation": "expanded" },"#, with: #""callbacks": [] },"#)
      },
      expected: [
        #"tap.json:278:55: error: $.rules[28].then.callbacks: only an extensionLaunch has callbacks [TR110]"#,
        #"tap.json:302:15: error: $.rules[31].then: an extensionLaunch must give its presentation (expanded or compact) [TR110]"#,
        #"tap.json:318:15: error: $.rules[32].then: an extensionLaunch must give its presentation (expanded or compact) [TR110]"#,
        #"tap.json:326:15: error: $.rules[33].then: an extensionLaunch must give its presentation (expanded or compact) [TR110]"#,
      ]),
    Breakage(
      name: "declared domain misses a value", file: "tap.json",
      change: {
        $0.replacingOccurrences(
          of: #""target": ["message", "sticker", "attribution", "notificationPreview"],"#,
          with: #""target": ["message", "sticker", "notificationPreview"],"#)
      },
      expected: [
        #"tap.json:16:15: error: $.facts.target: domain of "target" must be exactly message, sticker, attribution, notificationPreview (missing attribution) [TR109]"#
      ]),
    Breakage(
      name: "syntax error", file: "evidence.json",
      change: {
        $0.replacingOccurrences(
          of: #""confidence": "documented" },"#, with: #""confidence": "documented" },,"#)
      },
      expected: [#"evidence.json:4:249: error: expected a quoted key, found ',' [TR001]"#]),
    Breakage(
      name: "fixture names an unknown rule and evidence", file: "fixtures.json",
      change: {
        $0.replacingOccurrences(
          of: #""rule": "tap/not-enabled"}, "evidence": ["F-1", "N-23"]"#,
          with: #""rule": "tap/not-enable"}, "evidence": ["F-11", "N-23"]"#)
      },
      expected: [
        #"fixtures.json:24:192: error: $.fixtures[20].expect.rule: fixture expects rule "tap/not-enable", which no table defines (did you mean "tap/not-enabled"?) [TR112]"#,
        #"fixtures.json:24:224: error: $.fixtures[20].evidence[0]: fixture cites unknown evidence "F-11" [TR104]"#,
      ]),
  ]

  @Test("a broken policy file gives located errors and loads nothing", arguments: breakages)
  func brokenPolicy(_ breakage: Breakage) throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, breakage.file, breakage.change)
    do {
      let set = try PolicySet.load(directory: dir)
      Issue.record("loaded \(set.tables.count) tables despite the breakage")
    } catch {
      let lines = error.diagnostics.map { $0.description.replacingOccurrences(of: dir.path + "/", with: "") }
      #expect(lines == breakage.expected)
    }
  }

  @Test("errors in several files: every one is reported, and nothing loads (library and CLI)")
  func failClosedReportsEverything() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "tap.json") {
      $0.replacingOccurrences(of: #""confidence": "single","#, with: #""confidence": "likely","#)
    }
    try Repo.edit(dir, "open.json") {
      $0.replacingOccurrences(of: #""hitPolicy": "unique""#, with: #""hitPolicy": "any""#)
    }
    try Repo.edit(dir, "evidence.json") { $0.replacingOccurrences(of: #""D-6": {"#, with: #""D6": {"#) }
    var loaded: PolicySet?
    var diagnostics: [Diagnostic] = []
    do { loaded = try PolicySet.load(directory: dir) } catch { diagnostics = error.diagnostics }
    #expect(loaded == nil)
    let files = Set(diagnostics.map { URL(fileURLWithPath: $0.file).lastPathComponent })
    #expect(files == ["tap.json", "open.json", "evidence.json"], "\(diagnostics.map(\.description))")
    #expect(
      diagnostics.filter { $0.file.hasSuffix("tap.json") }.count == 7, "every rule with the bad confidence")
    #expect(throws: DiagnosticsError.self) { try Engine(policiesAt: dir) }
    let r = try Binary.run(["decide", "--policies", dir.path], stdin: #"{"event":"tap"}"#)
    #expect(r.status == 1 && r.stdout.isEmpty)
    #expect(r.stderr.split(separator: "\n").count == diagnostics.count + 1)
  }

  @Test func missingEvidenceAndTable() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.removeItem(at: dir.appendingPathComponent("evidence.json"))
    try FileManager.default.removeItem(at: dir.appendingPathComponent("open.json"))
    do {
      _ = try PolicySet.load(directory: dir)
      Issue.record("loaded without evidence.json and open.json")
    } catch {
      let codes = error.diagnostics.map(\.code)
      #expect(codes.contains(.missingTable))
      #expect(codes.filter { $0 == .unknownEvidence }.count > 20, "every citation is now unknown")
      #expect(error.diagnostics.contains { $0.message.contains("no table decides event \"open\"") })
    }
  }

  @Test func unreadableDirectory() {
    #expect(throws: DiagnosticsError.self) {
      try PolicySet.load(directory: URL(fileURLWithPath: "/nonexistent/taproute-policies"))
    }
  }
}
