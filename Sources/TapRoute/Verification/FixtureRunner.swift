/// Runs fixture rows through an engine and reports, per row, what was expected and got.
package enum FixtureRunner {
  /// The outcome of one fixture row.
  package typealias Result = Fixture.Result

  /// Decides every fixture.
  package static func run(_ fixtures: [Fixture], engine: Engine) -> [Result] {
    fixtures.map(engine.check)
  }

  /// The rules (`table/rule-id`) that decide no fixture, at top level or in a step.
  package static func unreachedRules(_ results: [Result], tables: [DecisionTable]) -> [String] {
    var reached: Set<String> = []
    for result in results {
      if let rule = result.decision.rule { reached.insert(rule) }
      for step in result.decision.steps ?? [] { if let rule = step.rule { reached.insert(rule) } }
    }
    return tables.flatMap { table in table.rules.map { "\(table.name)/\($0.id)" } }.filter {
      !reached.contains($0)
    }
  }
}
