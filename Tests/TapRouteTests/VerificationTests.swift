import Foundation
import Testing

@testable import TapRoute

/// Cuts the rule with `id` out of a table file's text.
func deletingRule(_ id: String, from text: String) -> String {
  guard let start = text.range(of: "    {\n      \"id\": \"\(id)\"") else { return text }
  guard let next = text.range(of: "\n    {\n", range: start.upperBound..<text.endIndex) else {
    // The last rule: cut back to the previous rule's closing brace.
    guard
      let previousEnd = text.range(
        of: "},\n", options: .backwards, range: text.startIndex..<start.lowerBound),
      let end = text.range(of: "\n    }\n", range: start.lowerBound..<text.endIndex)
    else { return text }
    return String(text[..<previousEnd.lowerBound]) + "}\n" + String(text[end.upperBound...])
  }
  return String(text[..<start.lowerBound]) + String(text[text.index(after: next.lowerBound)...])
}

/// The text of the rule with `id`, from its `{` to its `},` line.
func ruleText(_ id: String, in text: String) -> String? {
  guard let start = text.range(of: "    {\n      \"id\": \"\(id)\""),
    let end = text.range(of: "\n    },\n", range: start.upperBound..<text.endIndex)
  else { return nil }
  return String(text[start.lowerBound..<end.upperBound])
}

@Suite("Verification: gaps, shadowed rules, conflicts, hygiene")
struct VerificationTests {
  @Test("the shipped tables verify clean, with no warnings")
  func shippedTablesAreClean() throws {
    let report = Verifier.verify(try engine().policies)
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))")
  }

  @Test(
    "every tap rule whose deletion leaves situations undecided: gap with a witness explain shows undecided",
    arguments: ["not-enabled", "watchos-view-only", "launch", "message-not-installed", "before-ios10-other"])
  func deletedRuleLeavesAGap(_ id: String) throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "tap.json") { deletingRule(id, from: $0) }
    // The fixtures that name the rule would (rightly) fail to load; drop them, as a user would.
    try Repo.edit(dir, "fixtures.json") { text in
      text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("\"tap/\(id)\"") }
        .joined(separator: "\n").replacingOccurrences(of: "},\n  ]", with: "}\n  ]")
    }
    let (set, hygiene) = try PolicySet.loadForVerification(directory: dir)
    #expect(hygiene.isEmpty)
    let report = Verifier.verify(set)
    let gaps = report.gaps.filter { $0.table == "tap" }
    #expect(!gaps.isEmpty, "deleting \(id) left no gap")
    #expect(report.diagnostics.contains { $0.code == .gap && $0.severity == .error })
    let engine = try Engine(policiesAt: dir)
    for gap in gaps {
      #expect(
        engine.explain(gap.witness).outcome == .undecided,
        "witness \(gap.witness.minimalJSON) of \(gap.region)")
      // The witness is public situation JSON: it parses back to the same situation.
      #expect(try Situation.parse(Array(gap.witness.minimalJSON.utf8), file: "w").get() == gap.witness)
    }
  }

  @Test func gapLineIsReadable() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "tap.json") { deletingRule("not-enabled", from: $0) }
    let (set, hygiene) = try PolicySet.loadForVerification(directory: dir)
    #expect(
      hygiene.map(\.code) == [.unknownRule, .unknownRule], "the fixtures naming the deleted rule are reported"
    )
    let gap = try #require(Verifier.verify(set).diagnostics.first { $0.code == .gap })
    #expect(
      gap.description.replacingOccurrences(of: dir.path + "/", with: "")
        == #"tap.json:26:12: error: $.rules: gap: no rule decides platform={iOS, iPadOS}, osVersion>=10, installed=true, enabledInMessages=false, transport=iMessage, target=message, expired=false, any sdkVersion, published, layout, urlClass, urlNeedsEncoding, extensionRunning, alreadySelected, afterDrawerSwipe, presentationContext; for example {"event":"tap","osVersion":"10","app":{"enabledInMessages":false}} [TR301]"#
    )
  }

  @Test("a rule copied above another shadows it, and the cover is named")
  func copiedRuleShadows() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "tap.json") { text in
      guard let rule = ruleText("running", in: text),
        let target = text.range(of: "    {\n      \"id\": \"running-ipados18\"")
      else { return text }
      return text.replacingCharacters(
        in: target.lowerBound..<target.lowerBound,
        with: rule.replacingOccurrences(of: "\"id\": \"running\"", with: "\"id\": \"running-early\"")
          .dropFirst(0) + "")
    }
    let report = Verifier.verify(try PolicySet.loadForVerification(directory: dir).0)
    #expect(report.shadowed.map(\.rule) == ["running-ipados18", "running"])
    // The rules before it that take part of its box (expired messages, SMS, live layouts, the
    // media context), and the copy, which takes the rest.
    let cover = [
      "expired-message", "sms-rcs-url-rejected-by-sdk", "sms-rcs-web-url", "sms-rcs-other",
      "live-layout-in-transcript", "running-media-context", "running-early",
    ]
    #expect(report.shadowed.allSatisfy { $0.coveredBy == cover })
    #expect(report.errorCount == 0 && report.warningCount == 2)
    #expect(
      report.diagnostics.first?.message
        == #"rule "running-ipados18" can never fire: earlier rules "expired-message", "sms-rcs-url-rejected-by-sdk", "sms-rcs-web-url", "sms-rcs-other", "live-layout-in-transcript", "running-media-context", "running-early" cover every situation it matches"#
    )
  }

  @Test("a contradicting rule in a unique table is a conflict with a witness both rules match")
  func conflictUnderUnique() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "open.json") { text in
      text.replacingOccurrences(
        of: "    {\n      \"id\": \"today-no-parent-app\"",
        with: """
              {
                "id": "contradiction",
                "when": { "platform": "iOS", "osVersion": ">=10", "extensionPoint": "messages", "hasContainerApp": true, "urlClass": "other", "urlNeedsEncoding": false },
                "then": { "outcome": "otherAppLaunch" },
                "evidence": ["F-9"],
                "alternatives": [{ "then": { "outcome": "containerLaunch" }, "evidence": ["S004-7"] }],
                "confidence": "contested"
              },
              {
                "id": "today-no-parent-app"
          """)
    }
    let set = try PolicySet.loadForVerification(directory: dir).0
    let report = Verifier.verify(set)
    #expect(report.conflicts.map(\.rules) == [["messages-any-scheme", "contradiction"]])
    let conflict = try #require(report.conflicts.first)
    let table = try #require(set.table(for: .open))
    let facts = FactSnapshot(
      conflict.witness, event: .open, url: conflict.witness.open.url, defaultVersion: try OSVersion(26))
    for id in conflict.rules {
      let rule = try #require(table.rules.first { $0.id == id })
      #expect(
        CompiledTable(
          DecisionTable(
            name: "t", event: .open, title: "", hitPolicy: .first, facts: table.facts, rules: [rule], file: ""
          )
        ).firstMatch(facts) == 0,
        "the witness must match \(id)")
    }
    #expect(report.diagnostics.contains { $0.code == .conflict && $0.severity == .error })
  }

  @Test("a rule marked unique in a first-hit table is checked against every other rule")
  func uniqueRuleInFirstTable() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "tap.json") {
      $0.replacingOccurrences(
        of: "\"id\": \"notification-preview\",",
        with: "\"id\": \"notification-preview\",\n      \"unique\": true,")
    }
    let report = Verifier.verify(try PolicySet.loadForVerification(directory: dir).0)
    #expect(
      report.conflicts.isEmpty,
      "notification-preview overlaps no rule with another outcome: \(report.conflicts)")
    // Now make an overlapping rule disagree: running-ipados18 overlaps running.
    try Repo.edit(dir, "tap.json") {
      $0.replacingOccurrences(
        of: "\"id\": \"running\",", with: "\"id\": \"running\",\n      \"unique\": true,"
      )
      .replacingOccurrences(
        of:
          #""callbacks": ["willSelect", "didSelect", "willTransition", "didTransition"], "presentation": "expanded" },\#n      "evidence": ["F-7""#,
        with:
          #""callbacks": ["willSelect", "didSelect"], "presentation": "compact" },\#n      "evidence": ["F-7""#
      )
    }
    let second = Verifier.verify(try PolicySet.loadForVerification(directory: dir).0)
    #expect(second.conflicts.allSatisfy { $0.rules.last == "running" })
    let ipad = try #require(second.conflicts.first { $0.rules == ["running-ipados18", "running"] })
    #expect(ipad.region.contains("platform=iPadOS, osVersion in 18"))
  }

  @Test func uncitedEvidenceIsAWarning() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "evidence.json") {
      $0.replacingOccurrences(
        of: "\"evidence\": {\n",
        with:
          "\"evidence\": {\n    \"F-99\": { \"claim\": \"c\", \"source\": \"s\", \"confidence\": \"single\" },\n"
      )
    }
    let report = Verifier.verify(try PolicySet.loadForVerification(directory: dir).0)
    #expect(
      report.diagnostics.map(\.description).map { $0.replacingOccurrences(of: dir.path + "/", with: "") }
        == [
          #"evidence.json:4:5: warning: $.evidence.F-99: evidence "F-99" is registered but no rule cites it [TR304]"#
        ])
  }

  @Test func boxSubtractionIsDisjointAndExact() {
    let a = Box(sets: [0b1111, 0b111])
    let b = Box(sets: [0b0110, 0b010])
    let pieces = a.subtracting(b)
    #expect(pieces.allSatisfy { !$0.intersects(b) && a.contains($0) })
    for i in pieces.indices {
      for j in pieces.indices where i < j { #expect(!pieces[i].intersects(pieces[j])) }
    }
    let count = { (box: Box) in box.sets.reduce(1) { $0 * $1.nonzeroBitCount } }
    #expect(pieces.map(count).reduce(0, +) == count(a) - count(b))
    #expect(Verifier.merged(pieces).count <= pieces.count)
  }
}
