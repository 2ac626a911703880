// The reader of fixture files (`fixtures.json`, or a client's own), beside the fixture model.

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
