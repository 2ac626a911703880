import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("Verification: gaps, shadowed rules, conflicts, hygiene")
struct VerificationTests {
  @Test("the shipped tables verify clean, with no warnings")
  func shippedTablesAreClean() throws {
    let report = Verifier.verify(try engine().policies)
    #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.description))")
  }

  @Test(
    "every tap rule whose deletion leaves situations undecided: gap with a witness explain shows undecided",
    arguments: ["not-ios", "before-ios10", "not-installed", "not-enabled", "launch"])
  func deletedRuleLeavesAGap(_ id: String) throws {
    let dir = try SmallPolicies.write()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "tap.json") { $0["rules", id: id] = nil }
    // The fixtures that name the rule would (rightly) fail to load; drop them, as a user would.
    try Repo.edit(dir, "fixtures.json") { json in
      json["fixtures"]?.elements.removeAll { $0["expect"]?["rule"]?.stringValue == "tap/\(id)" }
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
    // The small tap table without its rule for an app switched off in Messages.
    let tap = MarkedText(
      """
      {
        "table": "tap",
        "event": "tap",
        "facts": {
          "platform": ["iOS", "iPadOS", "macOS", "watchOS", "visionOS"],
          "osVersion": { "newest": "26" },
          "installed": "bool",
          "enabledInMessages": "bool"
        },
        "rules": 1️⃣[
          { "id": "not-ios", "when": { "platform": ["macOS", "watchOS", "visionOS"] }, "then": { "outcome": "nothing" }, "evidence": ["D-1"], "confidence": "documented" },
          { "id": "before-ios10", "when": { "platform": ["iOS", "iPadOS"], "osVersion": "<10" }, "then": { "outcome": "nothing" }, "evidence": ["D-1"], "confidence": "documented" },
          { "id": "not-installed", "when": { "platform": ["iOS", "iPadOS"], "osVersion": ">=10", "installed": false }, "then": { "outcome": "storeProductPage" }, "evidence": ["S004-1", "F-1"], "confidence": "single" },
          { "id": "launch", "when": { "platform": ["iOS", "iPadOS"], "osVersion": ">=10", "installed": true, "enabledInMessages": true }, "then": { "outcome": "extensionLaunch", "callbacks": ["willBecomeActive", "didBecomeActive"], "presentation": "expanded" }, "evidence": ["D-2"], "confidence": "documented" }
        ]
      }
      """)
    let dir = try SmallPolicies.write(replacing: ["tap.json": tap.text])
    defer { try? FileManager.default.removeItem(at: dir) }
    let (set, hygiene) = try PolicySet.loadForVerification(directory: dir)
    #expect(
      hygiene.map(\.code) == [.unknownRule, .unknownRule],
      "the fixtures naming the rules not in this table are reported")
    let gap = try #require(Verifier.verify(set).diagnostics.first { $0.code == .gap })
    #expect(
      lines([gap], in: dir)
        == [
          tap.resolving(
            #"tap.json:1️⃣: error: $.rules: gap: no rule decides platform={iOS, iPadOS}, osVersion>=10, installed=true, enabledInMessages=false; for example {"event":"tap","osVersion":"10","app":{"enabledInMessages":false}} [TR301]"#
          )
        ])
  }

  @Test("a rule copied above another shadows it, and the cover is named")
  func copiedRuleShadows() throws {
    let dir = try SmallPolicies.write()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "tap.json") { json in
      guard var copy = json["rules", id: "launch"] else { return }
      copy["id"] = .string("launch-early")
      json.insert(copy, into: "rules", before: "launch-ipados18")
    }
    let report = Verifier.verify(try PolicySet.loadForVerification(directory: dir).0)
    #expect(report.shadowed.map(\.rule) == ["launch-ipados18", "launch"])
    #expect(report.shadowed.allSatisfy { $0.coveredBy == ["launch-early"] })
    // Besides the small set's rules citing their evidence as a whole (TR315, its older form).
    #expect(report.errorCount == 0 && report.diagnostics.filter { $0.code != .unsupportedField }.count == 2)
    #expect(
      report.diagnostics.first?.message
        == #"rule "launch-ipados18" can never fire: earlier rule "launch-early" covers every situation it matches"#
    )
  }

  @Test("a contradicting rule in a unique table is a conflict with a witness both rules match")
  func conflictUnderUnique() throws {
    let dir = try SmallPolicies.write()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "open.json") { json in
      let contradiction = try JSONParser.parse(
        #"""
        {
          "id": "contradiction",
          "when": { "platform": "iOS", "hasContainerApp": true },
          "then": { "outcome": "otherAppLaunch" },
          "evidence": ["D-2"],
          "alternatives": [{ "then": { "outcome": "containerLaunch" }, "evidence": ["D-2"] }],
          "confidence": "contested"
        }
        """#
      ).get()
      json["rules"]?.elements.append(contradiction)
    }
    let set = try PolicySet.loadForVerification(directory: dir).0
    let report = Verifier.verify(set)
    #expect(report.conflicts.map(\.rules) == [["container", "contradiction"]])
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
    let dir = try SmallPolicies.write()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "tap.json") { $0["rules", id: "not-enabled"]?["unique"] = .bool(true) }
    let report = Verifier.verify(try PolicySet.loadForVerification(directory: dir).0)
    #expect(
      report.conflicts.isEmpty,
      "not-enabled overlaps no rule with another outcome: \(report.conflicts)")
    // Now make an overlapping rule disagree: launch-ipados18 overlaps launch.
    try Repo.edit(dir, "tap.json") { json in
      json["rules", id: "launch"]?["unique"] = .bool(true)
      json["rules", id: "launch-ipados18"]?["then"]?["presentation"] = .string("compact")
    }
    let second = Verifier.verify(try PolicySet.loadForVerification(directory: dir).0)
    #expect(second.conflicts.map(\.rules) == [["launch-ipados18", "launch"]])
    #expect(second.conflicts.first?.region.contains("platform=iPadOS, osVersion in 18") == true)
  }

  @Test func uncitedEvidenceIsAWarning() throws {
    let evidence = MarkedText(
      """
      {
        "evidence": {
          "S004-1": { "claim": "c", "confidence": "single", "sources": [{ "kind": "appleDocumentation", "title": "t", "url": "https://example.com/e", "date": "2026", "platforms": ["iOS"], "quote": "q" }] },
          "F-1": { "claim": "c", "confidence": "single", "sources": [{ "kind": "appleDocumentation", "title": "t", "url": "https://example.com/e", "date": "2026", "platforms": ["iOS"], "quote": "q" }] },
          1️⃣"F-99": { "claim": "c", "confidence": "single", "sources": [{ "kind": "appleDocumentation", "title": "t", "url": "https://example.com/e", "date": "2026", "platforms": ["iOS"], "quote": "q" }] },
          "D-1": { "claim": "c", "confidence": "documented", "sources": [{ "kind": "appleDocumentation", "title": "t", "url": "https://example.com/e", "date": "2026", "platforms": ["iOS"], "quote": "q" }] },
          "D-2": { "claim": "c", "confidence": "documented", "sources": [{ "kind": "appleDocumentation", "title": "t", "url": "https://example.com/e", "date": "2026", "platforms": ["iOS"], "quote": "q" }] }
        }
      }
      """)
    let dir = try SmallPolicies.write(replacing: ["evidence.json": evidence.text])
    defer { try? FileManager.default.removeItem(at: dir) }
    let report = Verifier.verify(try PolicySet.loadForVerification(directory: dir).0)
    #expect(
      lines(report.diagnostics.filter { $0.code != .unsupportedField }, in: dir)
        == [
          evidence.resolving(
            #"evidence.json:1️⃣: warning: $.evidence.F-99: evidence "F-99" is registered but no rule cites it [TR304]"#
          )
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
