import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("Contested decisions and assumed defaults (issue 12)")
struct ContestedDecisionTests {
  /// A tap on a message of an app the recipient has not installed, with an https URL: the
  /// product page, contested by the header's browser sentence (N-5, F-4).
  static let contestedTap =
    #"{"event":"tap","app":{"installed":false,"published":true},"tap":{"url":"https://example.com/x"}}"#

  @Test("the plain tap says it assumed iOS 26; no reading a reader cannot check contests it")
  func plainTap() throws {
    let situation = try Situation.parse(Array(#"{"event":"tap"}"#.utf8), file: "s").get()
    let decision = try engine().decide(situation)
    #expect(decision.rule == "tap/launch-ios26" && decision.presentation == .expanded)
    #expect(decision.assumed.prefix(2).map(\.fact) == [.platform, .osVersion])
    #expect(decision.assumed.first { $0.fact == .osVersion }?.value == .text("26"))
    #expect(
      decision.assumed.map(\.fact) == Fact.allCases.filter { f in decision.assumed.contains { $0.fact == f } }
    )
    // The iOS 26 compact report (DOMAIN.md's F-5) has no link, so it is no other reading; the
    // decision is as sure as its callbacks, which no quote lists for iOS 26 (inferred).
    #expect(decision.alternatives == nil && decision.confidence == .inferred)
    let support = try engine().policies.support(for: decision)
    #expect(support.first { $0.field == "outcome" }?.confidence == .documented)
    #expect(support.first { $0.field == "callbacks" }?.confidence == .inferred)
  }

  @Test("a contested tap shows the other reading with its evidence")
  func contestedReading() throws {
    let situation = try Situation.parse(Array(Self.contestedTap.utf8), file: "s").get()
    let decision = try engine().decide(situation)
    #expect(decision.rule == "tap/message-not-installed-web-url" && decision.outcome == .storeProductPage)
    #expect(decision.confidence == .contested)
    let alternatives = try #require(decision.alternatives)
    #expect(alternatives.count == 1)
    #expect(alternatives[0].outcome == .browser && alternatives[0].evidence == ["N-5", "F-4"])
    #expect(alternatives[0].rule == "tap/message-not-installed-web-url")
  }

  @Test("explain prints the assumed defaults first, then the outcome, then the other reading")
  func explainText() throws {
    let situation = try Situation.parse(Array(Self.contestedTap.utf8), file: "s").get()
    let lines = DecisionText.render(try engine().explain(situation), trace: true).split(separator: "\n")
    #expect(lines.first?.hasPrefix("assumed (not given): platform iOS, osVersion 26, ") == true)
    #expect(lines.dropFirst().first == "outcome:      storeProductPage")
    #expect(lines.contains("contested: other reading:"))
    #expect(
      lines.contains {
        $0.hasPrefix(
          #"  - browser "https://example.com/x" by tap/message-not-installed-web-url on N-5, F-4: "#)
      })
  }

  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var json: String
    var assumed: [Fact]
    var testDescription: String { name }
  }

  static let rows: [Row] = [
    Row(
      name: "every fact the rule tests given: nothing assumed",
      json:
        #"{"event":"tap","platform":"iOS","osVersion":"17","app":{"installed":true,"enabledInMessages":true},"tap":{"target":"message","extensionRunning":false,"afterDrawerSwipe":false}}"#,
      assumed: []),
    Row(
      name: "a null osVersion counts as left out",
      json: #"{"event":"open","osVersion":null,"open":{"url":"containerAppDemo://"}}"#,
      // The open launches the container: the delivery table's life cycle and running state too.
      assumed: [.platform, .osVersion, .hasContainerApp, .extensionPoint, .lifecycle, .running]),
    Row(
      name: "an open without a URL assumes the URL facts",
      json: #"{"event":"open","platform":"iOS","osVersion":"17","app":{"hasContainerApp":true}}"#,
      assumed: [.urlClass, .extensionPoint]),
    Row(
      name: "a redirect adds the open rule's facts and the delivery's; its URL is given",
      json:
        #"{"event":"tap","platform":"iOS","osVersion":"17","app":{"installed":true,"enabledInMessages":true},"tap":{"target":"message","extensionRunning":false,"afterDrawerSwipe":false,"redirect":{"hooks":["willBecomeActive"],"url":"containerAppDemo://"}}}"#,
      assumed: [.hasContainerApp, .lifecycle, .running]),
  ]

  @Test("assumed lists the left-out facts the deciding rules test", arguments: rows)
  func assumedFacts(_ row: Row) throws {
    let situation = try Situation.parse(Array(row.json.utf8), file: "s").get()
    #expect(try engine().decide(situation).assumed.map(\.fact) == row.assumed)
    // JSONDecoder records the same left-out fields as the strict reader.
    let decoded = try JSONDecoder().decode(Situation.self, from: Data(row.json.utf8))
    #expect(decoded.unspecified == situation.unspecified)
  }

  @Test("a Situation built in Swift assumes only the versions it leaves nil")
  func swiftSituation() throws {
    let decision = try engine().decide(Situation(event: .tap))
    #expect(decision.assumed.map(\.fact) == [.osVersion])
  }

  @Test("an https redirect opens nothing by default; the container reading is composed as the alternative")
  func redirectAlternative() throws {
    let situation = Situation(
      event: .tap, osVersion: try OSVersion(17),
      tap: Tap(redirect: Redirect(hooks: [.willBecomeActive], url: "https://example.com/x")))
    let decision = try engine().decide(situation)
    #expect(decision.outcome == .extensionLaunch && decision.confidence == .contested)
    let alternative = try #require(decision.alternatives?.first)
    #expect(decision.alternatives?.count == 1)
    #expect(alternative.outcome == .containerLaunch && alternative.rule == "open/messages-web-url")
    #expect(alternative.evidence == ["S004-7"] && alternative.url == "https://example.com/x")
  }

  @Test("a decision's JSON carries assumed and alternatives, and reads back the same")
  func jsonRoundTrip() throws {
    let situation = try Situation.parse(
      Array(
        #"{"event":"open","osVersion":"12","open":{"url":"otherapp://x","extensionPoint":"today"}}"#.utf8),
      file: "s"
    ).get()
    let decision = try engine().decide(situation)
    #expect(decision.rule == "open/today" && decision.alternatives?.first?.outcome == .containerLaunch)
    #expect(decision.alternatives?.first?.url == "otherapp://x")
    let json = DecisionText.json(decision, pretty: false)
    #expect(json.contains(#""assumed":{"hasContainerApp":true,"platform":"iOS","schemeOwner":"unknown"}"#))
    let back = try JSONDecoder().decode(Decision.self, from: Data(json.utf8))
    #expect(back == decision)
  }
}

@Suite("TR113: evidence against, alternatives and contested go together")
struct ContestedRuleLoadingTests {
  struct Breakage: CustomTestStringConvertible, Sendable {
    var name: String
    /// The rule, in the small tap table's `not-enabled` place; a marker stands where the
    /// diagnostic points.
    var rule: String
    var message: String
    var testDescription: String { name }
  }

  static let breakages: [Breakage] = [
    Breakage(
      name: "against on a rule that is not contested",
      rule:
        #"{ "id": "not-enabled", "when": { "platform": ["iOS", "iPadOS"], "osVersion": ">=10", "installed": true, "enabledInMessages": false }, "then": { "outcome": "manageApps" }, "evidence": ["F-1"], "against": ["D-2"], "confidence": 1️⃣"single" }"#,
      message:
        #"$.rules[3].confidence: rule "not-enabled" cites evidence against it, so its confidence must be "contested""#
    ),
    Breakage(
      name: "alternatives on a rule that is not contested",
      rule:
        #"{ "id": "not-enabled", "when": { "platform": ["iOS", "iPadOS"], "osVersion": ">=10", "installed": true, "enabledInMessages": false }, "then": { "outcome": "manageApps" }, "evidence": ["F-1"], "alternatives": [{ "then": { "outcome": "nothing" }, "evidence": ["D-2"] }], "confidence": 1️⃣"single" }"#,
      message:
        #"$.rules[3].confidence: rule "not-enabled" gives alternative readings, so its confidence must be "contested""#
    ),
    Breakage(
      name: "a contested rule without alternatives",
      rule:
        #"{ "id": "not-enabled", "when": { "platform": ["iOS", "iPadOS"], "osVersion": ">=10", "installed": true, "enabledInMessages": false }, "then": { "outcome": "manageApps" }, "evidence": ["F-1"], "against": ["D-2"], "confidence": 1️⃣"contested" }"#,
      message:
        #"$.rules[3].confidence: contested rule "not-enabled" must give at least one alternative reading"#),
    Breakage(
      name: "the same evidence for and against",
      rule:
        #"{ "id": "not-enabled", "when": { "platform": ["iOS", "iPadOS"], "osVersion": ">=10", "installed": true, "enabledInMessages": false }, "then": { "outcome": "manageApps" }, "evidence": ["F-1"], "against": 1️⃣["F-1"], "alternatives": [{ "then": { "outcome": "nothing" }, "evidence": ["D-2"] }], "confidence": "contested" }"#,
      message: #"$.rules[3].against: evidence "F-1" is cited both for and against rule "not-enabled""#),
    Breakage(
      name: "an alternative that decides the same as the rule",
      rule:
        #"{ "id": "not-enabled", "when": { "platform": ["iOS", "iPadOS"], "osVersion": ">=10", "installed": true, "enabledInMessages": false }, "then": { "outcome": "manageApps" }, "evidence": ["F-1"], "alternatives": [1️⃣{ "then": { "outcome": "manageApps" }, "evidence": ["D-2"] }], "confidence": "contested" }"#,
      message:
        #"$.rules[3].alternatives[0]: alternative 1 of rule "not-enabled" decides the same as the rule"#),
  ]

  @Test("each broken combination is TR113, located", arguments: breakages)
  func broken(_ breakage: Breakage) throws {
    let original = try #require(
      SmallPolicies.tap.split(separator: "\n").first { $0.contains(#""id": "not-enabled""#) })
    let text = MarkedText(
      SmallPolicies.tap.replacingOccurrences(of: original, with: "        " + breakage.rule + ","))
    let dir = try SmallPolicies.write(replacing: ["tap.json": text.text])
    defer { try? FileManager.default.removeItem(at: dir) }
    do {
      _ = try PolicySet.load(directory: dir)
      Issue.record("loaded despite \(breakage.name)")
    } catch {
      #expect(
        lines(error.diagnostics, in: dir)
          == [text.resolving("tap.json:1️⃣: error: " + breakage.message + " [TR113]")])
    }
  }

  @Test("a contested rule with evidence against it and an alternative loads, and its citations count")
  func contestedRuleLoads() throws {
    let original = try #require(
      SmallPolicies.tap.split(separator: "\n").first { $0.contains(#""id": "not-enabled""#) })
    let rule =
      #"{ "id": "not-enabled", "when": { "platform": ["iOS", "iPadOS"], "osVersion": ">=10", "installed": true, "enabledInMessages": false }, "then": { "outcome": "manageApps" }, "evidence": ["F-1"], "against": ["S004-1"], "alternatives": [{ "then": { "outcome": "nothing" }, "evidence": ["D-2"], "note": "n" }], "confidence": "contested" },"#
    let dir = try SmallPolicies.write(
      replacing: ["tap.json": SmallPolicies.tap.replacingOccurrences(of: original, with: "        " + rule)])
    defer { try? FileManager.default.removeItem(at: dir) }
    let set = try PolicySet.load(directory: dir)
    let loaded = try #require(set.table(for: .tap)?.rules.first { $0.id == "not-enabled" })
    #expect(loaded.against == ["S004-1"] && loaded.alternatives.first?.note == "n")
    #expect(loaded.citedEvidence == ["F-1", "S004-1", "D-2"])
  }
}
