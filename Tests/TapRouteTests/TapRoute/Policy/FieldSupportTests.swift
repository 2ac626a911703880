import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// Per-field citations (issue 36): a rule's `support` is read, checked against its `then`,
/// derives the rule's evidence and confidence, is verified against its quotes, and reaches
/// `explain` field by field.
@Suite("Per-field support")
struct FieldSupportTests {
  /// The small policy set with the `launch` rule's evidence cited per field by `support`
  /// (a JSON object's text), and `edit` applied to the rule after.
  private func policies(
    support: String, evidence: [String: String] = [:], edit: (inout JSONValue) throws -> Void = { _ in }
  ) throws -> Result<PolicySet, DiagnosticsError> {
    let dir = try SmallPolicies.write()
    defer { try? FileManager.default.removeItem(at: dir) }
    func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)).get() }
    if !evidence.isEmpty {
      try Repo.edit(dir, "evidence.json") { file in
        for (id, text) in evidence { file["evidence"]?[id] = try parse(text) }
      }
    }
    try Repo.edit(dir, "tap.json") { tap in
      guard var rule = tap["rules", id: "launch"] else { return }
      rule["support"] = try parse(support)
      rule["evidence"] = nil
      rule["confidence"] = nil
      try edit(&rule)
      tap["rules", id: "launch"] = rule
    }
    do throws(DiagnosticsError) {
      return .success(try PolicySet.load(directory: dir))
    } catch {
      return .failure(error)
    }
  }

  private static let launchFields =
    #"{"outcome": {"evidence": ["D-2"], "confidence": "documented"}, "callbacks": {"evidence": ["D-2"], "confidence": "documented"}, "presentation": {"evidence": [], "confidence": "inferred", "reasoning": "D-2 names no presentation"}}"#

  @Test("a rule's evidence and confidence are derived from its fields and its note")
  func derived() throws {
    let set = try policies(support: Self.launchFields) { rule in
      rule["note"] = .string(
        "Launches (D-2); switched off it would not (F-1, and X-99, which is not registered).")
    }.get()
    let rule = try #require(set.rule(named: "tap/launch"))
    #expect(rule.confidence == .inferred)
    #expect(rule.evidence == ["D-2"])
    #expect(rule.citedEvidence.contains("F-1"))
    #expect(rule.support.map(\.field) == ["outcome", "callbacks", "presentation"])
    let note = try #require(rule.noteSupport(set.evidence(_:)))
    #expect(note.evidence == ["D-2", "F-1"])
    #expect(note.confidence == .single)
  }

  @Test(
    "support that does not fit the rule is a load error (TR115)",
    arguments: [
      (
        #"{"outcome": {"evidence": ["D-2"], "confidence": "documented"}}"#, "",
        #"states "callbacks" in its "then" but gives no support for it"#
      ),
      (
        #"{"outcome": {"evidence": ["D-2"], "confidence": "documented"}, "callbacks": {"evidence": ["D-2"], "confidence": "documented"}, "presentation": {"evidence": ["D-2"], "confidence": "documented"}, "handoff": {"evidence": ["D-2"], "confidence": "single"}}"#,
        "", #"gives support for "handoff", which its "then" does not state"#
      ),
      (
        launchFields, "documented",
        #"says "documented", but its fields make it "inferred" (presentation inferred)"#
      ),
      (launchFields, "evidence", "lists evidence its fields do not cite"),
    ])
  func mismatch(_ row: (support: String, stated: String, message: String)) throws {
    let result = try policies(support: row.support) { rule in
      if row.stated == "evidence" {
        rule["evidence"] = .strings(["D-2", "F-1"])
      } else if !row.stated.isEmpty {
        rule["confidence"] = .string(row.stated)
      }
    }
    guard case .failure(let error) = result else {
      Issue.record("loaded")
      return
    }
    let messages = error.diagnostics.filter { $0.code == .supportMismatch }.map(\.message)
    #expect(messages.contains { $0.contains(row.message) }, "\(error.diagnostics)")
    #expect(error.diagnostics.allSatisfy { $0.code == .supportMismatch }, "\(error.diagnostics)")
  }

  @Test(
    "verify reports a field without a supporting quote and a field above its quotes",
    arguments: [
      (
        #"{"outcome": {"evidence": ["X-1"], "confidence": "documented"}, "callbacks": {"evidence": ["D-2"], "confidence": "documented"}, "presentation": {"evidence": ["D-2"], "confidence": "documented"}}"#,
        "TR316", #"field "outcome" of rule "tap/launch" is "documented", but its quotes give "single" (X-1)"#
      ),
      (
        #"{"outcome": {"evidence": ["X-1"], "confidence": "several"}, "callbacks": {"evidence": ["D-2"], "confidence": "documented"}, "presentation": {"evidence": ["D-2"], "confidence": "documented"}}"#,
        "TR316", #"is "several", but its quotes give "single""#
      ),
      (
        #"{"outcome": {"evidence": ["D-2"], "confidence": "documented"}, "callbacks": {"evidence": ["D-2"], "confidence": "documented"}, "presentation": {"evidence": [], "confidence": "inferred"}}"#,
        "TR315", #"field "presentation" of rule "tap/launch" is inferred without its reasoning"#
      ),
      (
        #"{"outcome": {"evidence": ["X-2"], "confidence": "inferred", "reasoning": "r"}, "callbacks": {"evidence": ["D-2"], "confidence": "documented"}, "presentation": {"evidence": ["D-2"], "confidence": "documented"}}"#,
        "TR315", #"cites "X-2", which quotes no source a reader can open"#
      ),
      (
        #"{"outcome": {"evidence": ["D-2"], "confidence": "contested"}, "callbacks": {"evidence": ["D-2"], "confidence": "documented"}, "presentation": {"evidence": ["D-2"], "confidence": "documented"}}"#,
        "TR316", "no other reading differs in it"
      ),
    ])
  func verified(_ row: (support: String, code: String, message: String)) throws {
    let blog =
      #"{"claim": "c", "confidence": "single", "sources": [{"kind": "blog", "title": "t", "url": "https://example.org/a", "date": "2026", "platforms": [], "quote": "q"}]}"#
    let unquoted =
      #"{"claim": "c", "confidence": "inferred", "sources": [{"kind": "inference", "title": "t", "date": "2026", "platforms": []}]}"#
    let set = try policies(support: row.support, evidence: ["X-1": blog, "X-2": unquoted]) { rule in
      rule["note"] = .string("Launches (D-2).")
      if row.support.contains("contested") {
        rule["alternatives"] = try JSONParser.parse(
          Array(
            #"[{"then": {"outcome": "extensionLaunch", "callbacks": ["willBecomeActive"], "presentation": "expanded"}, "evidence": ["X-1"]}]"#
              .utf8)
        ).get()
      }
    }.get()
    let findings = Verifier.verify(set).diagnostics.filter {
      $0.code.rawValue == row.code && $0.path.hasPrefix("$.rules[5]")
    }
    #expect(findings.map(\.message).contains { $0.contains(row.message) }, "\(findings.map(\.message))")
  }

  @Test("a rule that cites its evidence as a whole, and a note that names none, are reported (TR315)")
  func wholeRule() throws {
    let set = try PolicySet.load(directory: try SmallPolicies.write())
    let messages = Verifier.verify(set).diagnostics.filter { $0.code == .unsupportedField }.map(\.message)
    #expect(
      messages.contains(
        #"rule "tap/launch" cites its evidence for the whole rule: give "support", the evidence and confidence of each field its "then" states (outcome, callbacks, presentation)"#
      ))
    let noted = try policies(support: Self.launchFields) { $0["note"] = .string("Launches.") }.get()
    #expect(
      Verifier.verify(noted).diagnostics.contains {
        $0.code == .unsupportedField
          && $0.message.hasPrefix(#"the note of rule "tap/launch" names no evidence"#)
      })
  }

  @Test(
    "evidence ids are read from a note's text",
    arguments: [
      ("Reported (S004-10, U-44); see W-4.", ["S004-10", "U-44", "W-4"]),
      ("iOS-17, TR-1x, W-4a, -4, AB-, W-12 and W-12 again", ["W-12"]),
      ("IAB-3 then XW-4", ["IAB-3", "XW-4"]),
      ("IOSN-21 and IOSN-2, not ABCDE-1", ["IOSN-21", "IOSN-2"]),
      ("", []),
    ])
  func idsInNotes(_ row: (text: String, ids: [String])) {
    #expect(EvidenceEntry.idsNamed(in: row.text) == row.ids)
  }

  @Test("explain's support names each field the decision asserts, the rule it comes from, and each note")
  func explained() throws {
    let engine = try engine()
    let situation = try Situation.parse(
      Array(
        #"{"event":"widget","osVersion":"17","widget":{"element":"link","url":"myapp://a","location":"homeScreen","family":"systemMedium"},"app":{"urlSchemes":["myapp"],"lifecycle":"scenes"}}"#
          .utf8), file: "s"
    ).get()
    let decision = engine.explain(situation)
    let support = engine.policies.support(for: decision)
    let byField = Dictionary(support.map { ($0.field, $0) }, uniquingKeysWith: { a, _ in a })
    #expect(byField["outcome"]?.rule == decision.steps?.first?.rule)
    #expect(byField["url"]?.rule == decision.steps?.first?.rule)
    #expect(byField["appCallbacks"]?.rule == decision.steps?.last?.rule)
    #expect(byField["appCallbacks"]?.rule?.hasPrefix("delivery/") == true)
    #expect(support.filter(\.isNote).map(\.field) == decision.notes.indices.map { "note[\($0)]" })
    for field in support where !field.isNote {
      let rule = try #require(field.rule.flatMap(engine.policies.rule(named:)))
      #expect(rule.then.fields.map(\.rawValue).contains(field.field == "url" ? "handoff" : field.field))
    }
    let json = DecisionText.json(
      decision, pretty: false, explained: DecisionText.Explanation(decision, engine.policies))
    let parsed = try JSONParser.parse(Array(json.utf8)).get()
    let fields = parsed["support"]?.arrayValue?.compactMap { $0["field"]?.stringValue } ?? []
    #expect(fields == support.map(\.field))
    #expect(parsed["support"]?.arrayValue?.first?["evidence"]?.arrayValue?.isEmpty == false)
  }
}
