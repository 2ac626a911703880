@_spi(Generated) import TapRoute
import TapRouteAASA

/// Proves decision tables complete and unambiguous, and the policy files tidy.
///
/// Rules are boxes in the fact space (Calvanese et al., "Semantics and Analysis of DMN
/// Decision Tables", BPM 2016; Drools' DTAnalysis): gaps are what is left of the whole
/// space after subtracting every rule; a rule is shadowed when subtracting the earlier
/// rules that overlap it leaves nothing; two rules conflict when their boxes intersect and
/// their outcomes differ. Nothing enumerates the product of the domains.
public enum Verifier {
  /// Verifies every table of a policy set, and its evidence and fixtures.
  ///
  /// Use it on a client's own policies (``Engine/init(policiesAt:)``) before shipping them:
  /// an error (a gap, a failing fixture) means a situation the tables decide wrongly or not
  /// at all; warnings are hygiene (shadowed rules, uncited evidence).
  public static func verify(_ policies: PolicySet) -> VerificationReport {
    var report = VerificationReport()
    for table in policies.tables {
      verify(table, into: &report)
    }
    let cited = Set(
      policies.tables.flatMap { $0.rules.flatMap(\.citedEvidence) } + policies.transitions.flatMap(\.evidence)
        + (policies.stickers?.citedEvidence ?? []) + (policies.shortcuts?.citedEvidence ?? [])
        + Engine.checkEvidence)
    for entry in policies.evidence where !cited.contains(entry.id) && entry.uncited == nil {
      report.diagnostics.append(
        Diagnostic(
          file: policies.evidenceFile, path: "$.evidence.\(entry.id)", location: entry.location,
          severity: .warning,
          code: .uncitedEvidence,
          message: "evidence \(Words.quoted(entry.id)) is registered but no rule cites it"))
    }
    report.diagnostics += EvidenceCheck.diagnostics(policies, cited: cited)
    return report
  }

  /// Verifies one table; `budget` is the work a proof that a rule can fire may take
  /// (``CoverProof``), and the gap search that much per rule.
  /// `wholeSpaceCells` is the largest fact space verified by whole-space descents rather than
  /// rule by rule.
  static func verify(
    _ table: DecisionTable, budget: Int = CoverProof.defaultBudget, wholeSpaceCells: Int = wholeSpaceCells,
    into report: inout VerificationReport
  ) {
    let space = FactSpace(table)
    guard space.fits else {
      let (d, size) =
        zip(space.dimensions, space.sizes).first { $0.1 > FactSpace.maximumValues } ?? (.osVersion, 0)
      report.diagnostics.append(
        Diagnostic(
          file: table.file, path: "$.rules", location: table.rulesLocation, code: .verificationLimit,
          message:
            "fact \(Words.quoted(d.rawValue)) has \(size) distinct intervals; verification handles at most \(FactSpace.maximumValues)"
        ))
      return
    }
    let boxes = table.rules.map(space.box(of:))
    let analysis = PartitionAnalysis(space: space, boxes: boxes)
    findGapsAndShadowed(table, analysis, budget: budget, wholeSpaceCells: wholeSpaceCells, into: &report)
    findConflicts(table, space, boxes, into: &report)
  }

  // MARK: gaps and shadowed rules

  /// The largest fact space (the product of the values of its dimensions) verified by
  /// descents of the whole space: their splits are bounded by its cells, and over a few facts
  /// they are faster than a proof per rule. A larger space is verified rule by rule.
  static let wholeSpaceCells = 1 << 20

  private static func findGapsAndShadowed(
    _ table: DecisionTable, _ analysis: PartitionAnalysis, budget: Int, wholeSpaceCells: Int,
    into report: inout VerificationReport
  ) {
    let product = budget.multipliedReportingOverflow(by: max(1, table.rules.count))
    let gapBudget = product.overflow ? Int.max : product.partialValue
    var shadowed: [(rule: Int, cover: [Int])] = []
    var unproven: [String] = []
    var gaps: [Box]?
    // The number of cells of the space, saturating.
    let cells = analysis.space.sizes.reduce(1) { cells, size in
      let product = cells.multipliedReportingOverflow(by: size)
      return product.overflow ? Int.max : product.partialValue
    }
    if cells <= wholeSpaceCells {
      (gaps, shadowed) = wholeSpace(analysis, rules: table.rules.count)
    } else {
      gaps = analysis.gaps(budget: gapBudget)
      // Each rule on its own: is its box covered by the earlier rules' boxes?
      let proof = CoverProof(analysis: analysis, budget: budget)
      for (j, rule) in table.rules.enumerated() {
        switch proof.verdict(of: j) {
        case .reachable: continue
        case .unproven: unproven.append(rule.id)
        case .shadowed(let cover): shadowed.append((j, cover))
        }
      }
    }
    let space = analysis.space
    if let gaps {
      for region in merged(gaps) {
        let witness = space.witness(region, event: table.event)
        let gap = VerificationReport.Gap(table: table.name, region: space.describe(region), witness: witness)
        report.gaps.append(gap)
        report.diagnostics.append(
          Diagnostic(
            file: table.file, path: "$.rules", location: table.rulesLocation, code: .gap,
            message: "gap: no rule decides \(gap.region); for example \(witness.minimalJSON)"))
      }
    } else {
      report.diagnostics.append(
        Diagnostic(
          file: table.file, path: "$.rules", location: table.rulesLocation, severity: .warning,
          code: .verificationLimit,
          message:
            "the search for gaps stopped after \(gapBudget) splits; the table may leave situations undecided"
        ))
    }
    for (j, cover) in shadowed {
      let rule = table.rules[j]
      let names = cover.map { table.rules[$0].id }
      report.shadowed.append(VerificationReport.Shadowed(table: table.name, rule: rule.id, coveredBy: names))
      report.diagnostics.append(
        Diagnostic(
          file: table.file, path: rule.path, location: rule.location, severity: .warning, code: .shadowedRule,
          message:
            "rule \(Words.quoted(rule.id)) can never fire: earlier \(Words.plural(names.count, "rule")) \(names.map(Words.quoted).joined(separator: ", ")) cover\(names.count == 1 ? "s" : "") every situation it matches"
        ))
    }
    guard !unproven.isEmpty else { return }
    report.unproven.append(VerificationReport.Unproven(table: table.name, rules: unproven))
    report.diagnostics.append(
      Diagnostic(
        file: table.file, path: "$.rules", location: table.rulesLocation, severity: .warning,
        code: .verificationLimit,
        message:
          "\(unproven.count) \(Words.plural(unproven.count, "rule")) not proven reachable or shadowed within \(budget) splits each (they may be shadowed): \(unproven.map(Words.quoted).joined(separator: ", "))"
      ))
  }

  /// Gaps and shadowed rules from descents of the whole space.
  ///
  /// One descent partitions the space into regions each decided by its first rule (gaps where
  /// none is left); a rule deciding no region is shadowed, and its cover is the rules that
  /// decide the parts of its box: the winners of the regions where it is still a candidate,
  /// found by a second descent. The cover is then exactly the rules that decide what the
  /// shadowed rule matches.
  private static func wholeSpace(_ analysis: PartitionAnalysis, rules: Int) -> (
    gaps: [Box], shadowed: [(rule: Int, cover: [Int])]
  ) {
    let space = analysis.space
    var reachable = [Bool](repeating: false, count: rules)
    var gaps: [Box] = []
    let all = analysis.candidates(meeting: space.universe)
    analysis.descend(
      space.universe, all, position: 0, winner: { rule, _, _ in reachable[rule] = true },
      gap: { gaps.append($0) })
    var shadowedSet = [UInt64](repeating: 0, count: analysis.words)
    for (j, isReachable) in reachable.enumerated() where !isReachable {
      shadowedSet[j / 64] |= 1 << UInt64(j % 64)
    }
    // Per shadowed rule, the winners met (a winner repeats over its regions: the last one
    // added is skipped, the rest removed when sorting).
    var covers = [[Int]](repeating: [], count: rules)
    if shadowedSet.contains(where: { $0 != 0 }) {
      analysis.descend(
        space.universe, all, position: 0,
        winner: { rule, _, candidates in
          for w in 0..<candidates.count where candidates[w] & shadowedSet[w] != 0 {
            var bits = candidates[w] & shadowedSet[w]
            while bits != 0 {
              let j = w * 64 + bits.trailingZeroBitCount
              if covers[j].last != rule { covers[j].append(rule) }
              bits &= bits - 1
            }
          }
        },
        gap: { _ in })
    }
    let shadowed = reachable.indices.filter { !reachable[$0] }.map { ($0, Set(covers[$0]).sorted()) }
    return (gaps, shadowed)
  }

  /// Joins boxes that differ in one dimension only, until no two do.
  static func merged(_ boxes: [Box]) -> [Box] {
    var boxes = boxes
    var changed = true
    while changed {
      changed = false
      var i = 0
      while i < boxes.count {
        var j = i + 1
        while j < boxes.count {
          if let union = union(boxes[i], boxes[j]) {
            boxes[i] = union
            boxes.remove(at: j)
            changed = true
          } else {
            j += 1
          }
        }
        i += 1
      }
    }
    return boxes
  }

  private static func union(_ a: Box, _ b: Box) -> Box? {
    var differing = -1
    for d in a.sets.indices where a.sets[d] != b.sets[d] {
      if differing >= 0 { return nil }
      differing = d
    }
    if differing < 0 { return a }
    var u = a
    u.sets[differing] |= b.sets[differing]
    return u
  }

  // MARK: conflicts

  private static func findConflicts(
    _ table: DecisionTable, _ space: FactSpace, _ boxes: [Box], into report: inout VerificationReport
  ) {
    let everyPair = table.hitPolicy == .unique
    let flagged = table.rules.indices.filter { table.rules[$0].expectsNoOverlap }
    guard everyPair || !flagged.isEmpty else { return }
    for j in boxes.indices {
      for i in 0..<j where everyPair || table.rules[i].expectsNoOverlap || table.rules[j].expectsNoOverlap {
        guard table.rules[i].then != table.rules[j].then, boxes[i].intersects(boxes[j]) else { continue }
        let overlap = boxes[i].intersection(boxes[j])
        let witness = space.witness(overlap, event: table.event)
        let (a, b) = (table.rules[i], table.rules[j])
        report.conflicts.append(
          VerificationReport.Conflict(
            table: table.name, rules: [a.id, b.id], region: space.describe(overlap), witness: witness))
        report.diagnostics.append(
          Diagnostic(
            file: table.file, path: b.path, location: b.location, code: .conflict,
            message:
              "rules \(Words.quoted(a.id)) and \(Words.quoted(b.id)) both match \(space.describe(overlap)) with different outcomes (\(a.then.summary) vs \(b.then.summary)); for example \(witness.minimalJSON)"
          ))
      }
    }
  }
}

/// What verification found: every finding as a diagnostic, and the structured findings.
public struct VerificationReport: Sendable {
  /// Every finding, located, as `taproute verify` prints them.
  public package(set) var diagnostics: [Diagnostic] = []
  /// The regions no rule decides.
  public internal(set) var gaps: [Gap] = []
  /// The rules that can never fire.
  public internal(set) var shadowed: [Shadowed] = []
  /// The overlapping rules with different outcomes where the table asks for none.
  public internal(set) var conflicts: [Conflict] = []
  /// The rules whose proof ran out of its work budget, per table: each may be shadowed.
  public internal(set) var unproven: [Unproven] = []

  /// How many findings are errors.
  public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
  /// How many findings are warnings.
  public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }

  /// A region no rule decides, and one situation in it.
  public struct Gap: Sendable, Hashable {
    /// The table's name.
    public internal(set) var table: String
    /// The region, by the values of the facts that bound it.
    public internal(set) var region: String
    /// One situation in the region: what a missing rule would have to decide.
    public internal(set) var witness: Situation
  }

  /// A rule that can never fire, and the earlier rules that cover it.
  public struct Shadowed: Sendable, Hashable {
    /// The table's name.
    public internal(set) var table: String
    /// The shadowed rule's id.
    public internal(set) var rule: String
    /// The ids of the earlier rules that together match everything it matches.
    public internal(set) var coveredBy: [String]
  }

  /// Rules of a table not proven reachable or shadowed within the verifier's work budget.
  public struct Unproven: Sendable, Hashable {
    /// The table's name.
    public internal(set) var table: String
    /// The ids of the rules, in table order.
    public internal(set) var rules: [String]
  }

  /// Two overlapping rules with different outcomes, and a situation both match.
  public struct Conflict: Sendable, Hashable {
    /// The table's name.
    public internal(set) var table: String
    /// The ids of the two rules.
    public internal(set) var rules: [String]
    /// The region both match, as conditions.
    public internal(set) var region: String
    /// One situation both rules match.
    public internal(set) var witness: Situation
  }
}
