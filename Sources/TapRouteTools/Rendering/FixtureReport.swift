@_spi(Generated) import TapRoute
import TapRouteAASA

/// The readable report of a fixture run: one line per row, details for failures, with
/// `--coverage` the rules no row reaches and the rows that leave fields of their decision
/// unstated, and the closing line `N passed, M failed`.
package enum FixtureReport {
  package static func text(
    _ results: [FixtureRunner.Result], unreached: [String]?, unstated: [FixtureRunner.UnstatedFields]? = nil
  ) -> String {
    var lines: [String] = []
    for result in results {
      let decision = result.decision
      if result.passed {
        lines.append(
          "PASS  \(result.fixture.name)  (\(decision.outcome.rawValue) by \(decision.rule ?? "no rule"))")
        continue
      }
      lines.append("FAIL  \(result.fixture.name)")
      lines.append(
        "      expected: \(result.fixture.expected.outcome.rawValue)\(result.fixture.expected.rule.map { " by \($0)" } ?? "")"
      )
      lines.append(
        "      actual:   \(decision.outcome.rawValue) by \(decision.rule ?? "no rule") (\(decision.confidence?.rawValue ?? "-"))"
      )
      for mismatch in result.mismatches { lines.append("      - \(mismatch)") }
      lines.append("      situation: \(result.fixture.situation.minimalJSON)")
      // The sections that explain a failure, each with its header; the outcome and rule
      // are on the lines above.
      let sections = DecisionText.Sections(decision, trace: true)
      lines += (sections.contested + sections.notes + sections.steps + sections.trace).map { "      " + $0 }
    }
    if let unreached {
      lines.append(
        unreached.isEmpty
          ? "coverage: every rule is reached by a fixture"
          : "coverage: \(Words.count(unreached.count, "rule")) reached by no fixture:")
      lines += unreached.map { "  \($0)" }
    }
    if let unstated {
      let rows = Words.count(unstated.count, "row") + (unstated.count == 1 ? " leaves " : " leave ")
      let fields = Words.count(unstated.reduce(0) { $0 + $1.fields.count }, "field")
      lines.append(
        unstated.isEmpty
          ? "coverage: every row states every field of its decision"
          : "coverage: \(rows)\(fields) of their decision unstated:")
      lines += unstated.map { "  \($0.fixture)  (\($0.fields.map(\.rawValue).joined(separator: ", ")))" }
    }
    let passed = results.filter(\.passed).count
    lines.append("\(passed) passed, \(results.count - passed) failed")
    return lines.joined(separator: "\n") + "\n"
  }
}
