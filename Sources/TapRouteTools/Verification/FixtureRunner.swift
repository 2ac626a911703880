@_spi(Generated) import TapRoute

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

  /// A fixture row and the fields of its decision that the row does not state.
  package struct UnstatedFields: Sendable, Hashable {
    /// The row's name.
    package var fixture: String
    /// The fields, in the order of a decision's fields.
    package var fields: [Fixture.Expectation.Field]
  }

  /// The rows that leave a field of their decision unstated (``Decision/has(_:)``), in row
  /// order, each with those fields; rows that state every field are left out.
  package static func unstatedFields(_ results: [Result]) -> [UnstatedFields] {
    results.compactMap { result in
      let fields = Fixture.Expectation.Field.allCases.filter {
        result.decision.has($0) && !result.fixture.expected.states($0)
      }
      return fields.isEmpty ? nil : UnstatedFields(fixture: result.fixture.name, fields: fields)
    }
  }
}
