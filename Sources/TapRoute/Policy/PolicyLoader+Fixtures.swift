import Foundation

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
    var known = Set(policies.evidence.map(\.id))
    if let own = readClientEvidence(value, file: file, policyEvidence: known) { known.formUnion(own) }
    let fixtures = readFixturesFile(value, file: file, knownEvidence: known, tables: policies.tables)
    if !errors.isEmpty { throw DiagnosticsError(errors) }
    return fixtures
  }

  /// The ids of the client's own evidence registry a fixture file names with
  /// `"evidenceFile": "team-evidence.json"` (a path relative to the fixture file's folder),
  /// read in the format of `evidence.json`; nil when the file names none, or it fails to load
  /// (every problem reported). Its ids must differ from the policies' own, so that a row
  /// citing `S004-3` always means the shipped entry.
  mutating func readClientEvidence(_ root: JSONValue, file: String, policyEvidence: Set<String>) -> Set<
    String
  >? {
    guard let member = root.objectValue?.first(where: { $0.key == "evidenceFile" }) else { return nil }
    var reader = JSONReader(file: file, codes: .policy)
    defer { append(reader.sortedDiagnostics) }
    guard let name = reader.string(member.value, path: "$.evidenceFile") else { return nil }
    let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
    let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : folder.appendingPathComponent(name)
    guard let data = FileManager.default.contents(atPath: url.path) else {
      reader.error(
        .unreadable,
        "cannot read the evidence file \(Words.quoted(name)) (looked for \(Words.quoted(url.path)))",
        path: "$.evidenceFile", at: member.value.location)
      return nil
    }
    let value: JSONValue
    switch JSONParser.document(
      [UInt8](data), file: url.path, what: "evidence file", maximumBytes: Self.maximumFileBytes)
    {
    case .success(let parsed): value = parsed
    case .failure(let failure):
      append(failure.diagnostics)
      return nil
    }
    let before = errors.count
    let entries = readEvidence(value, file: url.path, clientIDs: true)
    var own = JSONReader(file: url.path, codes: .policy)
    for entry in entries where policyEvidence.contains(entry.id) {
      own.error(
        .duplicateID,
        "evidence id \(Words.quoted(entry.id)) is the policies' own; a client's ids must differ",
        path: JSONReader.join("$.evidence", entry.id), at: entry.location)
    }
    append(own.sortedDiagnostics)
    return errors.count == before ? Set(entries.map(\.id)) : nil
  }

  /// Reads a fixture file's tree against known evidence and tables.
  mutating func readFixturesFile(
    _ root: JSONValue, file: String, knownEvidence: Set<String>, tables: [DecisionTable]
  ) -> [Fixture] {
    readFixtures(root, file: file, knownEvidence: knownEvidence, ruleNames: tables)
  }

  /// Reads a fixture file's tree: each row's situation, expectation and evidence; with
  /// `ruleNames`, every rule a row expects must exist in those tables.
  mutating func readFixtures(
    _ root: JSONValue, file: String, knownEvidence: Set<String>?, ruleNames tables: [DecisionTable]?
  ) -> [Fixture] {
    var reader = JSONReader(file: file, codes: .policy)
    defer { append(reader.sortedDiagnostics) }
    guard let fields = reader.object(root, path: "$", allowed: ["$schema", "evidenceFile", "fixtures"]),
      let list = reader.require(fields, "fixtures", path: "$", at: root.location),
      let items = reader.array(list, path: "$.fixtures")
    else { return [] }
    let ruleNames = tables.map { Set($0.flatMap { t in t.rules.map { "\(t.name)/\($0.id)" } }) }
    var fixtures: [Fixture] = []
    var seen: Set<String> = []
    for (i, item) in items.enumerated() {
      let path = JSONReader.join("$.fixtures", i)
      guard let f = reader.object(item, path: path, allowed: ["name", "situation", "expect", "evidence"])
      else { continue }
      let name = reader.require(f, "name", path: path, at: item.location).flatMap {
        reader.string($0, path: path + ".name")
      }
      if let name, !seen.insert(name).inserted {
        reader.error(
          .duplicateID, "fixture name \"\(name)\" is used twice", path: path + ".name",
          at: f["name"]?.location)
      }
      var situation: Situation?
      if let s = reader.require(f, "situation", path: path, at: item.location) {
        switch Situation.decode(s, file: file) {
        case .success(let value): situation = value
        case .failure(let failure):
          for var d in failure.diagnostics {
            d.path = path + ".situation" + d.path.dropFirst()
            reader.diagnostics.append(d)
          }
        }
      }
      let expected = reader.require(f, "expect", path: path, at: item.location).flatMap {
        readExpectation($0, path: path + ".expect", ruleNames: ruleNames, reader: &reader)
      }
      let evidence =
        reader.require(f, "evidence", path: path, at: item.location).map {
          Self.evidenceIDs(
            $0, path: path + ".evidence", citer: "fixture", known: knownEvidence, requireOne: false,
            reader: &reader)
        } ?? []
      if let name, let situation, let expected {
        fixtures.append(
          Fixture(
            name: name, situation: situation, expected: expected, evidence: evidence, location: item.location)
        )
      }
    }
    return fixtures
  }

  private func readExpectation(
    _ value: JSONValue, path: String, ruleNames: Set<String>?, reader: inout JSONReader
  ) -> Fixture.Expectation? {
    guard
      let f = reader.object(
        value, path: path,
        allowed: ["outcome", "rule", "callbacks", "presentation", "url", "appCallbacks", "delivers"])
    else { return nil }
    guard
      let outcome = reader.require(f, "outcome", path: path, at: value.location).flatMap({
        reader.choice(
          $0, path: path + ".outcome", what: "outcome", choices: Outcome.allCases.map { ($0.rawValue, $0) })
      })
    else { return nil }
    var expectation = Fixture.Expectation(outcome: outcome)
    if let r = f["rule"], let rule = reader.string(r, path: path + ".rule") {
      if let ruleNames, !ruleNames.contains(rule) {
        let hint = JSONReader.nearest(rule, in: Array(ruleNames)).map { " (did you mean \"\($0)\"?)" } ?? ""
        reader.error(
          .unknownRule, "fixture expects rule \(Words.quoted(rule)), which no table defines\(hint)",
          path: path + ".rule", at: r.location)
      }
      expectation.rule = rule
    }
    if let c = f["callbacks"] {
      expectation.callbacks = reader.choices(
        c, path: path + ".callbacks", what: "callback", choices: Callback.allCases.map { ($0.rawValue, $0) })
    }
    if let p = f["presentation"] {
      expectation.presentation = reader.choice(
        p, path: path + ".presentation", what: "presentation",
        choices: Presentation.allCases.map { ($0.rawValue, $0) })
    }
    if let u = f["url"], let url = reader.nullableString(u, path: path + ".url") {
      expectation.url = url.map { .equals($0) } ?? .noURL
    }
    if let c = f["appCallbacks"] {
      expectation.appCallbacks = reader.choices(
        c, path: path + ".appCallbacks", what: "app callback",
        choices: AppCallback.allCases.map { ($0.rawValue, $0) })
    }
    if let d = f["delivers"] {
      expectation.delivers = reader.choice(
        d, path: path + ".delivers", what: "delivered value",
        choices: Delivered.allCases.map { ($0.rawValue, $0) })
    }
    return expectation
  }
}
