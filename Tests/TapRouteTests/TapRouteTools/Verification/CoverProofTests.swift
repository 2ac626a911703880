import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// The verifier's work budget: what it says of the rules and gaps it could not prove within it.
/// (`wholeSpaceCells: 0` verifies these small spaces rule by rule, as a space of many facts is.)
@Suite struct CoverProofTests {
  /// The generated tap table (its last rule a catch-all), and its rules that test the platform
  /// alone (none tests visionOS, so they leave gaps).
  func tables(rules: Int, seed: UInt64) throws -> (DecisionTable, DecisionTable) {
    let policies = try PolicySet.load(
      files: GeneratedPolicies.files(tapRules: rules, openRules: 2, seed: seed))
    let table = try #require(policies.table(for: .tap))
    var open = table
    open.rules.removeAll { $0.condition(on: .platform) == nil }
    return (table, open)
  }

  @Test(
    "a proof out of budget names its rules, and the rules it does prove agree with the full budget",
    arguments: [1, 2, 3])
  func unprovenRulesAreNamed(_ budget: Int) throws {
    let (table, _) = try tables(rules: 300, seed: 5)
    var full = VerificationReport()
    Verifier.verify(table, wholeSpaceCells: 0, into: &full)
    var cut = VerificationReport()
    Verifier.verify(table, budget: budget, wholeSpaceCells: 0, into: &cut)
    #expect(full.unproven.isEmpty)
    let unproven = try #require(cut.unproven.first, "a budget of \(budget) proved every rule")
    #expect(cut.unproven.count == 1 && unproven.table == "tap")
    // Every rule is reachable, shadowed or unproven: a shadowed rule is shadowed or unproven
    // within the smaller budget, and what that budget proves shadowed is shadowed.
    let shadowed = Set(full.shadowed.map(\.rule))
    let cutShadowed = Set(cut.shadowed.map(\.rule))
    #expect(cutShadowed.isSubset(of: shadowed))
    #expect(shadowed.isSubset(of: cutShadowed.union(unproven.rules)))
    #expect(Set(unproven.rules).isDisjoint(with: cutShadowed))
    // Some unproven rule is reachable: the budget cut proofs of reachable rules too.
    #expect(!Set(unproven.rules).isSubset(of: shadowed))
    // One located warning names them all, in table order.
    let limits = cut.diagnostics.filter { $0.code == .verificationLimit }
    #expect(limits.count == 1)
    let limit = try #require(limits.first)
    #expect(limit.severity == .warning && limit.path == "$.rules" && limit.location == table.rulesLocation)
    #expect(
      limit.message
        == "\(unproven.rules.count) \(unproven.rules.count == 1 ? "rule" : "rules") not proven reachable or shadowed within \(budget) splits each (they may be shadowed): "
        + unproven.rules.map { "\"\($0)\"" }.joined(separator: ", "))
    let order = Dictionary(uniqueKeysWithValues: table.rules.enumerated().map { ($1.id, $0) })
    #expect(unproven.rules.map { order[$0] ?? -1 } == unproven.rules.map { order[$0] ?? -1 }.sorted())
  }

  @Test(
    "the gap search finds the regions the full descent finds, in its order", arguments: [UInt64(2), 8, 13])
  func gapsAsTheDescentFindsThem(_ seed: UInt64) throws {
    let (_, open) = try tables(rules: 120, seed: seed)
    let space = FactSpace(open)
    let analysis = PartitionAnalysis(space: space, boxes: open.rules.map(space.box(of:)))
    var descended: [Box] = []
    analysis.descend(
      space.universe, analysis.candidates(meeting: space.universe), position: 0, winner: { _, _, _ in },
      gap: { descended.append($0) })
    #expect(!descended.isEmpty, "the table without its catch-all must leave gaps")
    #expect(analysis.gaps(budget: 1_000_000) == descended)
    #expect(analysis.gaps(budget: 0) == nil)
  }

  @Test func gapSearchOutOfBudgetSaysSo() throws {
    let (_, open) = try tables(rules: 120, seed: 2)
    var report = VerificationReport()
    Verifier.verify(open, budget: 0, wholeSpaceCells: 0, into: &report)
    #expect(report.gaps.isEmpty)
    let limit = try #require(report.diagnostics.first)
    #expect(limit.code == .verificationLimit && limit.severity == .warning)
    #expect(
      limit.message == "the search for gaps stopped after 0 splits; the table may leave situations undecided")
    var full = VerificationReport()
    Verifier.verify(open, wholeSpaceCells: 0, into: &full)
    #expect(!full.gaps.isEmpty && !full.diagnostics.contains { $0.code == .verificationLimit })
  }

  @Test("a table with a catch-all needs no split to be proved gap-free")
  func catchAllEndsTheGapSearch() throws {
    let (table, _) = try tables(rules: 400, seed: 3)
    let space = FactSpace(table)
    let analysis = PartitionAnalysis(space: space, boxes: table.rules.map(space.box(of:)))
    #expect(analysis.gaps(budget: 0) == [])
  }
}
