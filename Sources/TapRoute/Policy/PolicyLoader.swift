import TapRouteAASA

/// Turns policy file bytes into a ``PolicySet``, collecting every diagnostic.
package struct PolicyLoader {
  private var diagnostics: [Diagnostic] = []
  /// The policy directory as the user named it, for problems with no file of their own.
  package var source = "Policies"

  /// A loader that has found nothing yet.
  package init() {}

  /// Largest policy file accepted, in bytes.
  package static let maximumFileBytes = 8 << 20

  /// The events every policy set decides: a tap in Messages and the extension's
  /// `open(url)`, which generated code and the simulator build on. Any other event may go
  /// without a table; its situations are then undecided (the built-in policies have one for
  /// every event, which a test checks).
  package static let requiredEvents: [Situation.Event] = [.tap, .open]

  /// Whether the files hold the evidence registry, or it is read (and citations checked)
  /// elsewhere: the built-in tables, whose registry is loaded when first read.
  package enum Evidence { case required, deferred }

  package mutating func load(files: [(name: String, bytes: [UInt8])], evidence: Evidence = .required)
    throws(DiagnosticsError) -> PolicySet
  {
    let set = loadPartially(files: files, evidence: evidence)
    if !errors.isEmpty { throw DiagnosticsError(diagnostics) }
    return set
  }

  /// Loads what can be loaded; `diagnostics` then holds every problem found.
  package mutating func loadPartially(
    files: [(name: String, bytes: [UInt8])], evidence required: Evidence = .required
  )
    -> PolicySet
  {
    var parsed: [(name: String, value: JSONValue)] = []
    for file in files {
      switch JSONParser.document(
        file.bytes, file: file.name, what: "policy file", maximumBytes: Self.maximumFileBytes)
      {
      case .success(let value): parsed.append((file.name, value))
      case .failure(let error): diagnostics += error.diagnostics
      }
    }
    let role = { (name: String) in FileRole(name: name) }
    let isEvidence = { (name: String) in role(name) == .evidence }

    var evidence: [EvidenceEntry] = []
    var evidenceFile = PolicySet.evidenceFileName
    // nil when evidence.json is present but broken: citations cannot be checked, and
    // reporting every one of them as unknown would bury the real error.
    var known: Set<String>? = []
    if let file = parsed.first(where: { isEvidence($0.name) }) {
      evidenceFile = file.name
      let before = diagnostics.count
      evidence = readEvidence(file.value, file: file.name)
      known = diagnostics.count == before ? Set(evidence.map(\.id)) : nil
    } else if files.contains(where: { isEvidence($0.name) }) {
      known = nil  // present but unparseable: already reported
    } else if required == .deferred {
      known = nil  // checked where the registry is loaded
    } else {
      diagnostics.append(
        Diagnostic(
          file: source, code: .missingTable,
          message: "no evidence registry (evidence.json) in the policy directory"))
    }
    var tables: [DecisionTable] = []
    var brokenTables = false
    let unreadTables = files.contains { f in
      role(f.name) == .table && !parsed.contains { $0.name == f.name }
    }
    // A rule may name a guide section another table file declares: with a table file unread
    // or a required one missing, the sections are unknown, and rules naming them are not at
    // fault (the missing file is reported once below).
    let sections = Self.guideSectionIDs(parsed, complete: !unreadTables)
    for file in parsed where role(file.name) == .table {
      let before = diagnostics.count
      let table = readTable(file.value, file: file.name, knownEvidence: known, sections: sections)
      if diagnostics.count != before { brokenTables = true }
      if let table {
        if let other = tables.first(where: { $0.name == table.name }) {
          error(
            file.name, "$.table", nil, .duplicateID,
            "table \"\(table.name)\" is also defined in \(other.file)")
        } else if let other = tables.first(where: { $0.event == table.event }) {
          error(
            file.name, "$.event", nil, .duplicateID,
            "a second table for event \"\(table.event.rawValue)\"; \(other.file) already decides it")
        } else {
          tables.append(table)
        }
      }
    }
    var missingTables = false
    for event in Self.requiredEvents
    where !tables.contains(where: { $0.event == event }) && !unreadTables {
      missingTables = true
      diagnostics.append(
        Diagnostic(file: source, code: .missingTable, message: "no table decides event \"\(event.rawValue)\"")
      )
    }

    var fixtures: [Fixture] = []
    var fixturesFile = PolicySet.fixturesFileName
    // The companion files (session transitions, sticker and quick-action rules) are parsed
    // here and read by the tools that use them (`TapRouteTools`); deciding needs none of them.
    let companions = parsed.filter { [.transitions, .stickers, .shortcuts].contains(role($0.name)) }.map {
      PolicySet.CompanionFile(role: role($0.name), name: $0.name, value: $0.value)
    }
    if let file = parsed.first(where: { role($0.name) == .fixtures }) {
      fixturesFile = file.name
      // With a broken or missing table its rules are unknown; fixtures naming them are not
      // at fault, and the missing table is reported once above.
      let own = known.flatMap { readClientEvidence(file.value, file: file.name, policyEvidence: $0) } ?? []
      fixtures = readFixtures(
        file.value, file: file.name, knownEvidence: known?.union(own),
        ruleNames: brokenTables || unreadTables || missingTables ? nil : tables)
    }
    checkGuide(tables: tables, fixtures: fixtures, fixturesFile: fixturesFile)

    return PolicySet(
      tables: tables, evidence: evidence, fixtures: fixtures,
      companions: PolicySet.Companions(files: companions, knownEvidence: known),
      warnings: diagnostics.filter { $0.severity == .warning }, evidenceFile: evidenceFile,
      fixturesFile: fixturesFile)
  }

  /// Adds diagnostics found by a reader.
  package mutating func append(_ found: [Diagnostic]) { diagnostics += found }

  /// Every problem found so far, in the order found.
  package var diagnosticsFound: [Diagnostic] { diagnostics }

  /// The error diagnostics collected so far.
  package var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

  private mutating func error(
    _ file: String, _ path: String, _ location: SourcePosition?, _ code: DiagnosticCode, _ message: String
  ) {
    diagnostics.append(Diagnostic(file: file, path: path, location: location, code: code, message: message))
  }

  /// The evidence ids a rule, fixture or transition cites, each checked against the
  /// registry (`known` is nil when the registry itself failed to load).
  package static func evidenceIDs(
    _ value: JSONValue, path: String, citer: String, known: Set<String>?, requireOne: Bool,
    reader: inout JSONReader
  ) -> [String] {
    guard let items = reader.array(value, path: path) else { return [] }
    if requireOne && items.isEmpty {
      reader.error(
        .policyMissingField, "a rule must cite at least one evidence id", path: path, at: value.location)
    }
    var ids: [String] = []
    for (i, item) in items.enumerated() {
      let itemPath = JSONReader.join(path, i)
      guard let id = reader.string(item, path: itemPath) else { continue }
      if let known, !known.contains(id) {
        reader.error(
          .unknownEvidence, "\(citer) cites unknown evidence \(Words.quoted(id))", path: itemPath,
          at: item.location)
      }
      ids.append(id)
    }
    return ids
  }

  /// The `confidence` field of a rule or transition.
  package static func confidence(
    _ fields: [String: JSONValue], path: String, at location: SourcePosition, reader: inout JSONReader
  ) -> Confidence? {
    reader.require(fields, "confidence", path: path, at: location).flatMap {
      reader.choice(
        $0, path: path + ".confidence", what: "confidence",
        choices: Confidence.allCases.map { ($0.rawValue, $0) })
    }
  }

  package static func isIdentifier(_ s: String) -> Bool {
    !s.isEmpty && s.utf8.count <= 64
      && s.utf8.allSatisfy { b in
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
          || b == 0x5F
      }
  }
}
