extension Fixture {
  /// The check of one fixture row against an engine: what it decided and what differs.
  ///
  /// ``Engine/check(_:)`` returns it; a row passes when nothing differs.
  public struct Result: Sendable {
    /// The row checked.
    public let fixture: Fixture
    /// The decision with its trace (as ``Engine/explain(_:)`` gives it).
    public let decision: Decision
    /// What differs from the expectation, one readable line per field
    /// (`outcome: expected extensionLaunch, got storeProductPage`); empty when the row passed.
    public let mismatches: [String]
    /// True when nothing differs.
    public var passed: Bool { mismatches.isEmpty }
  }
}

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

extension PolicySet {
  /// Loads a fixture file other than the set's own, checked against this set's tables
  /// and evidence.
  package func loadFixtures(bytes: [UInt8], file: String) throws(DiagnosticsError) -> [Fixture] {
    var loader = PolicyLoader()
    return try loader.loadFixtures(bytes: bytes, file: file, policies: self)
  }
}

extension PolicyLoader {
  mutating func loadFixtures(bytes: [UInt8], file: String, policies: PolicySet) throws(DiagnosticsError)
    -> [Fixture]
  {
    let value = try JSONParser.document(
      bytes, file: file, what: "fixture file", maximumBytes: Self.maximumFileBytes
    ).get()
    let fixtures = readFixturesFile(
      value, file: file, knownEvidence: Set(policies.evidence.map(\.id)), tables: policies.tables)
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    return fixtures
  }
}
