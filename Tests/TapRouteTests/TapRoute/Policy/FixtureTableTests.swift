import Testing

@testable import TapRoute
@testable import TapRouteTools

/// A fixture row named by its fixture name, so a failure says which row.
struct FixtureRow: CustomTestStringConvertible, Sendable {
  let fixture: Fixture
  var testDescription: String { fixture.name }
}

let fixtureRows: [FixtureRow] = ((try? builtInEngine.get())?.policies.fixtures ?? []).map(FixtureRow.init)

@Suite("The fixture table in Policies/fixtures.json", .tags(.memory))
struct FixtureTableTests {
  @Test("fixture row decides as expected", arguments: fixtureRows)
  func row(_ row: FixtureRow) throws {
    let decision = try engine().decide(row.fixture.situation)
    let problems = row.fixture.expected.mismatches(decision)
    #expect(problems.isEmpty, "\(row.fixture.name): \(problems.joined(separator: "; "))")
  }

  @Test func thereAreFixtures() {
    #expect(fixtureRows.count >= 60)
  }

  @Test("every shipped row states every field of its decision (issue 35)")
  func everyFieldStated() throws {
    let engine = try engine()
    let results = FixtureRunner.run(fixtureRows.map(\.fixture), engine: engine)
    let unstated = FixtureRunner.unstatedFields(results)
    #expect(
      unstated.isEmpty,
      "rows leaving fields unstated: \(unstated.prefix(5).map { "\($0.fixture) (\($0.fields.map(\.rawValue)))" })"
    )
  }

  @Test("every registered evidence id is cited by a rule and by a fixture")
  func evidenceIsCitedByRulesAndFixtures() throws {
    let policies = try engine().policies
    // A rule cites evidence for its decision, against it, and for each other reading (TR113
    // keeps an id on one side): all three count.
    let citedByRules = Set(
      policies.tables.flatMap {
        $0.rules.flatMap(\.citedEvidence)
      }
        + policies.transitions.flatMap(\.evidence)
        + (policies.stickers?.citedEvidence ?? []) + (policies.shortcuts?.citedEvidence ?? []))
    let citedByFixtures = Set(
      policies.fixtures.flatMap(\.evidence) + StickerFixture.all.flatMap(\.evidence)
        + ShortcutFixture.all.flatMap(\.evidence))
    for entry in policies.evidence {
      if Engine.checkEvidence.contains(entry.id) { continue }  // cited by the engine's checks, tested below
      if entry.uncited != nil {  // says why no rule cites it; verify reports it once one does (TR311)
        #expect(!citedByRules.contains(entry.id), "\(entry.id) is cited but marked uncited")
        continue
      }
      #expect(citedByRules.contains(entry.id), "no rule cites \(entry.id)")
      #expect(citedByFixtures.contains(entry.id), "no fixture cites \(entry.id)")
    }
  }

  @Test("every rule is the deciding rule of some fixture")
  func everyRuleIsReached() throws {
    let engine = try engine()
    let policies = engine.policies
    var reached: Set<String> = []
    for fixture in policies.fixtures {
      let decision = engine.decide(fixture.situation)
      for rule in [decision.rule] + (decision.steps ?? []).map(\.rule) {
        if let rule { reached.insert(rule) }
      }
    }
    for table in policies.tables {
      for rule in table.rules {
        #expect(reached.contains("\(table.name)/\(rule.id)"), "no fixture reaches \(table.name)/\(rule.id)")
      }
    }
  }

  @Test("D-3: a message URL over 5,000 characters is decided as usual and flagged")
  func longMessageURLIsFlagged() throws {
    let engine = try engine()
    let atLimit = Situation(
      event: .tap, osVersion: try OSVersion(17), tap: Tap(url: "a://" + String(repeating: "x", count: 4_996)))
    let over = Situation(
      event: .tap, osVersion: try OSVersion(17), tap: Tap(url: "a://" + String(repeating: "x", count: 4_997)))
    let plain = engine.decide(atLimit)
    let flagged = engine.decide(over)
    #expect(plain.outcome == .extensionLaunch && !plain.evidence.contains("D-3"))
    #expect(flagged.outcome == .extensionLaunch && flagged.rule == "tap/launch")
    #expect(flagged.evidence.last == "D-3")
    #expect(flagged.notes.contains { $0.contains("5001 characters") && $0.contains("urlExceedsMaxSize") })
  }
}
