import Foundation
import TapRouteAASA

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
  package mutating func loadFixtures(bytes: [UInt8], file: String, policies: PolicySet)
    throws(DiagnosticsError)
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
  package mutating func readClientEvidence(_ root: JSONValue, file: String, policyEvidence: Set<String>)
    -> Set<
      String
    >?
  {
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
  package mutating func readFixturesFile(
    _ root: JSONValue, file: String, knownEvidence: Set<String>, tables: [DecisionTable]
  ) -> [Fixture] {
    readFixtures(root, file: file, knownEvidence: knownEvidence, ruleNames: tables)
  }

  /// Reads a fixture file's tree: each row's situation, expectation and evidence; with
  /// `ruleNames`, every rule a row expects must exist in those tables.
  package mutating func readFixtures(
    _ root: JSONValue, file: String, knownEvidence: Set<String>?, ruleNames tables: [DecisionTable]?
  ) -> [Fixture] {
    var reader = JSONReader(file: file, codes: .policy)
    defer { append(reader.sortedDiagnostics) }
    guard let fields = reader.object(root, path: "$", allowed: ["$schema", "evidenceFile", "fixtures"]),
      let list = reader.require(fields, "fixtures", path: "$", at: root.location),
      let items = reader.array(list, path: "$.fixtures")
    else { return [] }
    let ruleNames = tables.map { Set($0.flatMap { t in t.rules.map { "\(t.name)/\($0.id)" } }) }
    let sections = tables.map { Set($0.flatMap { $0.guide.map(\.id) }) }
    var fixtures: [Fixture] = []
    var seen: Set<String> = []
    for (i, item) in items.enumerated() {
      let path = JSONReader.join("$.fixtures", i)
      guard
        let f = reader.object(
          item, path: path, allowed: ["name", "situation", "expect", "evidence", "guide"])
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
      let guide = f["guide"].flatMap {
        Self.guidePlacement(
          $0, path: path + ".guide", ruleNames: ruleNames, sections: sections, reader: &reader)
      }
      if let name, let situation, let expected {
        var fixture = Fixture(
          name: name, situation: situation, expected: expected, evidence: evidence, location: item.location)
        fixture.guide = guide
        fixtures.append(fixture)
      }
    }
    return fixtures
  }

  /// A row's `expect`: `outcome`, then every other field it states (``Fixture/Expectation/Field``),
  /// each value checked and every problem located.
  private func readExpectation(
    _ value: JSONValue, path: String, ruleNames: Set<String>?, reader: inout JSONReader
  ) -> Fixture.Expectation? {
    typealias Field = Fixture.Expectation.Field
    guard let f = reader.object(value, path: path, allowed: Field.allCases.map(\.rawValue)) else {
      return nil
    }
    guard
      let outcome = reader.require(f, Field.outcome.rawValue, path: path, at: value.location).flatMap({
        Self.outcome($0, path: path + ".outcome", reader: &reader)
      })
    else { return nil }
    var expectation = Fixture.Expectation(outcome: outcome)
    for field in Field.allCases {
      guard let v = f[field.rawValue] else { continue }
      let at = path + "." + field.rawValue
      switch field {
      case .outcome: break
      case .rule: expectation.rule = Self.rule(v, path: at, ruleNames: ruleNames, reader: &reader)
      case .confidence:
        expectation.confidence = reader.choice(
          v, path: at, what: "confidence", choices: Confidence.allCases.map { ($0.rawValue, $0) })
      case .url:
        expectation.url = reader.nullableString(v, path: at).map { $0.map { .equals($0) } ?? .noURL }
      case .callbacks:
        expectation.callbacks = reader.choices(
          v, path: at, what: "callback", choices: Callback.allCases.map { ($0.rawValue, $0) })
      case .presentation:
        expectation.presentation = reader.choice(
          v, path: at, what: "presentation", choices: Presentation.allCases.map { ($0.rawValue, $0) })
      case .handoff:
        expectation.handoff = Self.nullable(v) {
          reader.choice(
            v, path: at, what: "handoff", choices: Situation.Handoff.allCases.map { ($0.rawValue, $0) })
        }
      case .appCallbacks:
        expectation.appCallbacks = reader.choices(
          v, path: at, what: "app callback", choices: AppCallback.allCases.map { ($0.rawValue, $0) })
      case .delivers:
        expectation.delivers = reader.choice(
          v, path: at, what: "delivered value", choices: Delivered.allCases.map { ($0.rawValue, $0) })
      case .activityType:
        expectation.activityType = reader.nullableString(v, path: at).map { $0.map { .equals($0) } ?? .null }
      case .urlLocation:
        expectation.urlLocation = reader.nullableString(v, path: at).map { $0.map { .equals($0) } ?? .null }
      case .alternatives:
        expectation.alternatives = Self.readAlternatives(v, path: at, ruleNames: ruleNames, reader: &reader)
      case .notes: expectation.notes = Self.readNotePatterns(v, path: at, reader: &reader)
      }
    }
    return expectation
  }

  /// An outcome a fixture expects.
  private static func outcome(_ value: JSONValue, path: String, reader: inout JSONReader) -> Outcome? {
    reader.choice(value, path: path, what: "outcome", choices: Outcome.allCases.map { ($0.rawValue, $0) })
  }

  /// A rule a fixture expects, which must be one of `ruleNames` when they are given (TR112).
  private static func rule(
    _ value: JSONValue, path: String, ruleNames: Set<String>?, reader: inout JSONReader
  ) -> String? {
    guard let rule = reader.string(value, path: path) else { return nil }
    if let ruleNames, !ruleNames.contains(rule) {
      let hint = JSONReader.nearest(rule, in: Array(ruleNames)).map { " (did you mean \"\($0)\"?)" } ?? ""
      reader.error(
        .unknownRule, "fixture expects rule \(Words.quoted(rule)), which no table defines\(hint)",
        path: path, at: value.location)
    }
    return rule
  }

  /// `.null` for JSON null, else `.equals` of what `read` reads (nil on its error).
  private static func nullable<T>(
    _ value: JSONValue, _ read: () -> T?
  ) -> Fixture.Expectation.Nullable<T>? {
    value.isNull ? .null : read().map { .equals($0) }
  }

  /// `alternatives`: the other readings in order, each `{ "outcome": ..., "rule": ..., "url": ... }`.
  private static func readAlternatives(
    _ value: JSONValue, path: String, ruleNames: Set<String>?, reader: inout JSONReader
  ) -> [Fixture.Expectation.Alternative]? {
    typealias Field = Fixture.Expectation.Alternative.Field
    guard let items = reader.array(value, path: path) else { return nil }
    var alternatives: [Fixture.Expectation.Alternative] = []
    for (i, item) in items.enumerated() {
      let at = JSONReader.join(path, i)
      guard let f = reader.object(item, path: at, allowed: Field.allCases.map(\.rawValue)),
        let outcome = reader.require(f, Field.outcome.rawValue, path: at, at: item.location).flatMap({
          Self.outcome($0, path: at + ".outcome", reader: &reader)
        })
      else { continue }
      let rule = f[Field.rule.rawValue].flatMap {
        Self.rule($0, path: at + ".rule", ruleNames: ruleNames, reader: &reader)
      }
      let url = f[Field.url.rawValue].flatMap { v in
        Self.nullable(v) { reader.string(v, path: at + ".url") }
      }
      alternatives.append(Fixture.Expectation.Alternative(outcome: outcome, rule: rule, url: url))
    }
    return alternatives.count == items.count ? alternatives : nil
  }

  /// `notes`: patterns, each of which must compile as a regular expression (TR114).
  private static func readNotePatterns(_ value: JSONValue, path: String, reader: inout JSONReader)
    -> [String]?
  {
    guard let items = reader.array(value, path: path) else { return nil }
    let patterns = items.enumerated().compactMap { i, item -> String? in
      let at = JSONReader.join(path, i)
      guard let pattern = reader.string(item, path: at) else { return nil }
      guard Fixture.Expectation.notePattern(pattern) != nil else {
        reader.error(
          .badNotePattern,
          "note pattern \(Words.quoted(pattern)) is not a regular expression (NSRegularExpression syntax)",
          path: at, at: item.location)
        return nil
      }
      return pattern
    }
    return patterns.count == items.count ? patterns : nil
  }
}
