/// Turns policy file bytes into a ``PolicySet``, collecting every diagnostic.
/// What a file of a policy directory holds, by its name.
enum FileRole: Equatable {
  case evidence, fixtures, transitions, stickers, shortcuts, table

  init(name: String) {
    switch name.split(separator: "/").last.map(String.init) ?? name {
    case PolicySet.evidenceFileName: self = .evidence
    case PolicySet.fixturesFileName: self = .fixtures
    case PolicySet.transitionsFileName: self = .transitions
    case PolicySet.stickersFileName: self = .stickers
    case PolicySet.shortcutsFileName: self = .shortcuts
    default: self = .table
    }
  }
}

struct PolicyLoader {
  private var diagnostics: [Diagnostic] = []
  /// The policy directory as the user named it, for problems with no file of their own.
  var source = "Policies"

  /// Largest policy file accepted, in bytes.
  static let maximumFileBytes = 8 << 20

  mutating func load(files: [(name: String, bytes: [UInt8])]) throws(DiagnosticsError) -> PolicySet {
    let set = loadPartially(files: files)
    if !errors.isEmpty { throw DiagnosticsError(diagnostics) }
    return set
  }

  /// Loads what can be loaded; `diagnostics` then holds every problem found.
  mutating func loadPartially(files: [(name: String, bytes: [UInt8])]) -> PolicySet {
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
    } else {
      diagnostics.append(
        Diagnostic(
          file: source, code: .missingTable,
          message: "no evidence registry (evidence.json) in the policy directory"))
    }
    var tables: [DecisionTable] = []
    var brokenTables = false
    for file in parsed where role(file.name) == .table {
      let before = diagnostics.count
      let table = readTable(file.value, file: file.name, knownEvidence: known)
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
    let unreadTables = files.contains { f in
      role(f.name) == .table && !parsed.contains { $0.name == f.name }
    }
    var missingTables = false
    for event in Situation.Event.allCases
    where !tables.contains(where: { $0.event == event }) && !unreadTables {
      missingTables = true
      diagnostics.append(
        Diagnostic(file: source, code: .missingTable, message: "no table decides event \"\(event.rawValue)\"")
      )
    }

    var fixtures: [Fixture] = []
    var fixturesFile = PolicySet.fixturesFileName
    var transitions: [Transition] = []
    if let file = parsed.first(where: { role($0.name) == .transitions }) {
      transitions = readTransitions(file.value, file: file.name, knownEvidence: known)
    }
    var stickers: StickerRules?
    if let file = parsed.first(where: { role($0.name) == .stickers }) {
      stickers = readStickers(file.value, file: file.name, knownEvidence: known)
    }
    var shortcuts: ShortcutRules?
    if let file = parsed.first(where: { role($0.name) == .shortcuts }) {
      shortcuts = readShortcuts(file.value, file: file.name, knownEvidence: known)
    }
    if let file = parsed.first(where: { role($0.name) == .fixtures }) {
      fixturesFile = file.name
      // With a broken or missing table its rules are unknown; fixtures naming them are not
      // at fault, and the missing table is reported once above.
      fixtures = readFixtures(
        file.value, file: file.name, knownEvidence: known,
        ruleNames: brokenTables || unreadTables || missingTables ? nil : tables)
    }

    return PolicySet(
      tables: tables, evidence: evidence, fixtures: fixtures, transitions: transitions, stickers: stickers,
      shortcuts: shortcuts,
      warnings: diagnostics.filter { $0.severity == .warning }, evidenceFile: evidenceFile,
      fixturesFile: fixturesFile)
  }

  /// Adds diagnostics found by a reader.
  mutating func append(_ found: [Diagnostic]) { diagnostics += found }

  /// The error diagnostics collected so far.
  var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

  /// Reads a fixture file's tree against known evidence and tables.
  mutating func readFixturesFile(
    _ root: JSONValue, file: String, knownEvidence: Set<String>, tables: [DecisionTable]
  ) -> [Fixture] {
    readFixtures(root, file: file, knownEvidence: knownEvidence, ruleNames: tables)
  }

  private mutating func error(
    _ file: String, _ path: String, _ location: SourcePosition?, _ code: DiagnosticCode, _ message: String
  ) {
    diagnostics.append(Diagnostic(file: file, path: path, location: location, code: code, message: message))
  }

  // MARK: tables

  private mutating func readTable(_ root: JSONValue, file: String, knownEvidence: Set<String>?)
    -> DecisionTable?
  {
    var reader = JSONReader(file: file, codes: .policy)
    defer { diagnostics += reader.sortedDiagnostics }
    guard
      let fields = reader.object(
        root, path: "$", allowed: ["$schema", "table", "event", "title", "hitPolicy", "facts", "rules"])
    else { return nil }
    let name = reader.require(fields, "table", path: "$", at: root.location).flatMap {
      reader.string($0, path: "$.table")
    }
    if let name, !Self.isIdentifier(name) {
      reader.error(
        .policyWrongType, "table name \(Words.quoted(name)) must be letters, digits, '-' or '_'",
        path: "$.table", at: fields["table"]?.location)
    }
    let event = reader.require(fields, "event", path: "$", at: root.location).flatMap {
      reader.choice(
        $0, path: "$.event", what: "event", choices: Situation.Event.allCases.map { ($0.rawValue, $0) })
    }
    let title = fields["title"].flatMap { reader.string($0, path: "$.title") } ?? ""
    let hitPolicy =
      fields["hitPolicy"].flatMap {
        reader.choice(
          $0, path: "$.hitPolicy", what: "hit policy",
          choices: DecisionTable.HitPolicy.allCases.map { ($0.rawValue, $0) })
      } ?? .first
    var declarations: [FactDeclaration] = []
    var newest: [Fact: OSVersion] = [:]
    if let factsValue = reader.require(fields, "facts", path: "$", at: root.location) {
      (declarations, newest) = readFacts(factsValue, event: event, reader: &reader)
    }
    var rules: [Rule] = []
    let rulesLocation = fields["rules"]?.location
    if let rulesValue = reader.require(fields, "rules", path: "$", at: root.location),
      let items = reader.array(rulesValue, path: "$.rules")
    {
      var seen: [String: SourcePosition] = [:]
      for (i, item) in items.enumerated() {
        let path = JSONReader.join("$.rules", i)
        guard
          let rule = readRule(
            item, path: path, declared: declarations.map(\.fact), knownEvidence: knownEvidence,
            reader: &reader)
        else { continue }
        if let first = seen[rule.id] {
          reader.error(
            .duplicateID, "rule id \"\(rule.id)\" is already used at line \(first.line)", path: path + ".id",
            at: item.objectValue?.first { $0.key == "id" }?.value.location ?? rule.location)
        } else {
          seen[rule.id] = item.objectValue?.first { $0.key == "id" }?.value.location ?? rule.location
          rules.append(rule)
        }
      }
      if items.isEmpty {
        reader.error(
          .policyMissingField, "a table needs at least one rule", path: "$.rules", at: rulesValue.location)
      }
    }
    guard let name, let event else { return nil }
    return DecisionTable(
      name: name, event: event, title: title, hitPolicy: hitPolicy, facts: declarations, rules: rules,
      file: file, newestOSVersion: newest[.osVersion], newestSDKVersion: newest[.sdkVersion],
      rulesLocation: rulesLocation)
  }

  /// The evidence ids a rule, fixture or transition cites, each checked against the
  /// registry (`known` is nil when the registry itself failed to load).
  static func evidenceIDs(
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
  static func confidence(
    _ fields: [String: JSONValue], path: String, at location: SourcePosition, reader: inout JSONReader
  ) -> Confidence? {
    reader.require(fields, "confidence", path: path, at: location).flatMap {
      reader.choice(
        $0, path: path + ".confidence", what: "confidence",
        choices: Confidence.allCases.map { ($0.rawValue, $0) })
    }
  }

  static func isIdentifier(_ s: String) -> Bool {
    !s.isEmpty && s.utf8.count <= 64
      && s.utf8.allSatisfy { b in
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
          || b == 0x5F
      }
  }

  private func readFacts(
    _ value: JSONValue, event: Situation.Event?, reader: inout JSONReader
  ) -> ([FactDeclaration], [Fact: OSVersion]) {
    guard let members = value.objectValue else {
      reader.wrongType(value, expected: "an object of fact declarations", path: "$.facts")
      return ([], [:])
    }
    var declarations: [FactDeclaration] = []
    var newest: [Fact: OSVersion] = [:]
    for member in members {
      let path = JSONReader.join("$.facts", member.key)
      guard let fact = Fact(rawValue: member.key) else {
        let hint =
          JSONReader.nearest(member.key, in: Fact.allCases.map(\.rawValue)).map {
            " (did you mean \"\($0)\"?)"
          } ?? ""
        reader.error(
          .unknownFact, "unknown fact \"\(member.key)\"\(hint)", path: path, at: member.keyLocation)
        continue
      }
      if let event, !fact.events.contains(event) {
        reader.error(
          .unknownFact, "fact \"\(fact.rawValue)\" is not part of a \(event.rawValue) situation", path: path,
          at: member.keyLocation)
        continue
      }
      switch fact.kind {
      case .bool:
        if member.value.stringValue != "bool" {
          reader.error(
            .domainMismatch, "fact \"\(fact.rawValue)\" is a boolean; declare it as \"bool\"", path: path,
            at: member.value.location)
        }
      case .enumeration(let values):
        guard let items = member.value.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
          reader.error(
            .domainMismatch,
            "fact \"\(fact.rawValue)\" takes a list of its values: \(values.joined(separator: ", "))",
            path: path, at: member.value.location)
          continue
        }
        let declared = items.compactMap(\.stringValue)
        let missing = values.filter { !declared.contains($0) }
        let extra = declared.filter { !values.contains($0) }
        if !missing.isEmpty || !extra.isEmpty || declared.count != values.count {
          var parts: [String] = []
          if !missing.isEmpty { parts.append("missing \(missing.joined(separator: ", "))") }
          if !extra.isEmpty {
            parts.append("unknown \(extra.map(Words.quoted).joined(separator: ", "))")
          }
          if parts.isEmpty { parts.append("a value is listed twice") }
          reader.error(
            .domainMismatch,
            "domain of \"\(fact.rawValue)\" must be exactly \(values.joined(separator: ", ")) (\(parts.joined(separator: "; ")))",
            path: path, at: member.value.location)
        }
      case .version:
        guard let f = reader.object(member.value, path: path, allowed: ["newest"]),
          let n = reader.require(f, "newest", path: path, at: member.value.location),
          let text = reader.string(n, path: path + ".newest")
        else { continue }
        if let v = OSVersion(parsing: text) {
          newest[fact] = v
        } else {
          reader.error(
            .badVersionRange, "invalid OS version \(Words.quoted(text))", path: path + ".newest",
            at: n.location)
        }
      }
      declarations.append(FactDeclaration(fact: fact, location: member.keyLocation))
    }
    return (declarations, newest)
  }

  private func readRule(
    _ value: JSONValue, path: String, declared: [Fact], knownEvidence: Set<String>?, reader: inout JSONReader
  ) -> Rule? {
    guard
      let fields = reader.object(
        value, path: path,
        allowed: [
          "id", "when", "then", "evidence", "against", "alternatives", "confidence", "note", "unique",
        ])
    else { return nil }
    let id = reader.require(fields, "id", path: path, at: value.location).flatMap {
      reader.string($0, path: path + ".id")
    }
    if let id, !Self.isIdentifier(id) {
      reader.error(
        .policyWrongType, "rule id \(Words.quoted(id)) must be letters, digits, '-' or '_'",
        path: path + ".id", at: fields["id"]?.location)
    }
    var conditions: [Condition] = []
    var conditionsOK = true
    if let when = fields["when"] {
      if let members = when.objectValue {
        for member in members {
          let cpath = JSONReader.join(path + ".when", member.key)
          guard let fact = Fact(rawValue: member.key), declared.contains(fact) else {
            let hint =
              JSONReader.nearest(member.key, in: declared.map(\.rawValue)).map {
                " (did you mean \"\($0)\"?)"
              } ?? ""
            reader.error(
              .unknownFact, "condition on undeclared fact \"\(member.key)\"\(hint)", path: cpath,
              at: member.keyLocation)
            conditionsOK = false
            continue
          }
          if let condition = readCondition(member.value, fact: fact, path: cpath, reader: &reader) {
            conditions.append(condition)
          } else {
            conditionsOK = false
          }
        }
      } else {
        reader.wrongType(when, expected: "an object of conditions", path: path + ".when")
        conditionsOK = false
      }
    }
    let outcome = reader.require(fields, "then", path: path, at: value.location).flatMap {
      readOutcome($0, path: path + ".then", reader: &reader)
    }
    let evidence =
      reader.require(fields, "evidence", path: path, at: value.location).map {
        Self.evidenceIDs(
          $0, path: path + ".evidence", citer: id.map { "rule \"\($0)\"" } ?? "rule", known: knownEvidence,
          requireOne: true, reader: &reader)
      } ?? []
    let citer = id.map { "rule \"\($0)\"" } ?? "rule"
    let against =
      fields["against"].map {
        Self.evidenceIDs(
          $0, path: path + ".against", citer: citer, known: knownEvidence, requireOne: true, reader: &reader)
      } ?? []
    let alternatives =
      fields["alternatives"].map {
        readAlternatives(
          $0, path: path + ".alternatives", citer: citer, known: knownEvidence, reader: &reader)
      } ?? []
    let confidence = Self.confidence(fields, path: path, at: value.location, reader: &reader)
    let note = fields["note"].flatMap { reader.string($0, path: path + ".note") }
    let unique = fields["unique"].flatMap { reader.bool($0, path: path + ".unique") } ?? false
    guard let id, let outcome, let confidence, conditionsOK else { return nil }
    var rule = Rule(
      id: id, conditions: conditions, then: outcome, evidence: evidence, confidence: confidence, note: note,
      expectsNoOverlap: unique, location: value.location, path: path)
    rule.against = against
    rule.alternatives = alternatives
    checkContest(rule, fields: fields, reader: &reader)
    return rule
  }

  /// The `alternatives` of a rule: each another `then` with its own evidence.
  private func readAlternatives(
    _ value: JSONValue, path: String, citer: String, known: Set<String>?, reader: inout JSONReader
  ) -> [Rule.Alternative] {
    guard let items = reader.array(value, path: path) else { return [] }
    var alternatives: [Rule.Alternative] = []
    for (i, item) in items.enumerated() {
      let itemPath = JSONReader.join(path, i)
      guard let f = reader.object(item, path: itemPath, allowed: ["then", "evidence", "note"]) else {
        continue
      }
      let then = reader.require(f, "then", path: itemPath, at: item.location).flatMap {
        readOutcome($0, path: itemPath + ".then", reader: &reader)
      }
      let evidence =
        reader.require(f, "evidence", path: itemPath, at: item.location).map {
          Self.evidenceIDs(
            $0, path: itemPath + ".evidence", citer: citer, known: known, requireOne: true, reader: &reader)
        } ?? []
      let note = f["note"].flatMap { reader.string($0, path: itemPath + ".note") }
      if let then { alternatives.append(Rule.Alternative(then: then, evidence: evidence, note: note)) }
    }
    return alternatives
  }

  /// TR113: evidence against a rule and alternative readings go with `contested`, and a
  /// contested rule gives at least one alternative that decides differently.
  private func checkContest(_ rule: Rule, fields: [String: JSONValue], reader: inout JSONReader) {
    let confidenceLocation = fields["confidence"]?.location ?? rule.location
    let contested = rule.confidence == .contested
    if !rule.against.isEmpty && !contested {
      reader.error(
        .contestedRule,
        "rule \"\(rule.id)\" cites evidence against it, so its confidence must be \"contested\"",
        path: rule.path + ".confidence", at: confidenceLocation)
    }
    if !rule.alternatives.isEmpty && !contested {
      reader.error(
        .contestedRule,
        "rule \"\(rule.id)\" gives alternative readings, so its confidence must be \"contested\"",
        path: rule.path + ".confidence", at: confidenceLocation)
    }
    if contested && fields["alternatives"] == nil {
      reader.error(
        .contestedRule, "contested rule \"\(rule.id)\" must give at least one alternative reading",
        path: rule.path + ".confidence", at: confidenceLocation)
    }
    for id in rule.against where rule.evidence.contains(id) {
      reader.error(
        .contestedRule, "evidence \(Words.quoted(id)) is cited both for and against rule \"\(rule.id)\"",
        path: rule.path + ".against", at: fields["against"]?.location ?? rule.location)
    }
    for (i, alternative) in rule.alternatives.enumerated() where alternative.then == rule.then {
      let path = JSONReader.join(rule.path + ".alternatives", i)
      reader.error(
        .contestedRule, "alternative \(i + 1) of rule \"\(rule.id)\" decides the same as the rule",
        path: path, at: fields["alternatives"]?.arrayValue?[i].location ?? rule.location)
    }
  }

  private func readCondition(_ value: JSONValue, fact: Fact, path: String, reader: inout JSONReader)
    -> Condition?
  {
    switch fact.kind {
    case .version:
      guard let text = reader.string(value, path: path) else { return nil }
      switch VersionRange.parse(text) {
      case .success(let range): return Condition(fact: fact, test: .range(range), location: value.location)
      case .failure(let failure):
        reader.error(.badVersionRange, failure.message, path: path, at: value.location)
        return nil
      }
    case .bool:
      let items = value.arrayValue ?? [value]
      var indices: [Int] = []
      for (i, item) in items.enumerated() {
        guard let b = item.boolValue else {
          reader.wrongType(
            item, expected: "true or false", path: value.arrayValue == nil ? path : JSONReader.join(path, i))
          return nil
        }
        indices.append(b ? 1 : 0)
      }
      return oneOf(indices, fact: fact, value: value, path: path, reader: &reader)
    case .enumeration(let names):
      let items = value.arrayValue ?? [value]
      var indices: [Int] = []
      for (i, item) in items.enumerated() {
        let ipath = value.arrayValue == nil ? path : JSONReader.join(path, i)
        guard
          let index = reader.choice(
            item, path: ipath, what: "value of \(fact.rawValue)", choices: names.enumerated().map { ($1, $0) }
          )
        else {
          return nil
        }
        indices.append(index)
      }
      return oneOf(indices, fact: fact, value: value, path: path, reader: &reader)
    }
  }

  private func oneOf(_ indices: [Int], fact: Fact, value: JSONValue, path: String, reader: inout JSONReader)
    -> Condition?
  {
    if indices.isEmpty {
      reader.error(
        .unknownValue, "an empty list matches nothing; omit the condition to match anything", path: path,
        at: value.location)
      return nil
    }
    if Set(indices).count != indices.count {
      reader.error(.unknownValue, "a value is listed twice", path: path, at: value.location)
      return nil
    }
    return Condition(fact: fact, test: .oneOf(indices.sorted()), location: value.location)
  }

  private func readOutcome(_ value: JSONValue, path: String, reader: inout JSONReader) -> RuleOutcome? {
    guard let fields = reader.object(value, path: path, allowed: ["outcome", "callbacks", "presentation"])
    else { return nil }
    let decided = Outcome.allCases.filter { $0 != .undecided }
    guard
      let outcome = reader.require(fields, "outcome", path: path, at: value.location).flatMap({
        reader.choice(
          $0, path: path + ".outcome", what: "outcome", choices: decided.map { ($0.rawValue, $0) })
      })
    else { return nil }
    var callbacks: [Callback]?
    if let c = fields["callbacks"], let items = reader.array(c, path: path + ".callbacks") {
      callbacks = []
      for (i, item) in items.enumerated() {
        if let cb = reader.choice(
          item, path: JSONReader.join(path + ".callbacks", i), what: "callback",
          choices: Callback.allCases.map { ($0.rawValue, $0) })
        {
          callbacks?.append(cb)
        }
      }
    }
    let presentation = fields["presentation"].flatMap {
      reader.choice(
        $0, path: path + ".presentation", what: "presentation",
        choices: Presentation.allCases.map { ($0.rawValue, $0) })
    }
    if outcome == .extensionLaunch {
      if callbacks == nil {
        reader.error(
          .badOutcomeFields, "an extensionLaunch must list its callbacks (an empty list if none fire)",
          path: path, at: value.location)
      }
      if presentation == nil {
        reader.error(
          .badOutcomeFields, "an extensionLaunch must give its presentation (expanded or compact)",
          path: path, at: value.location)
      }
    } else {
      if fields["callbacks"] != nil {
        reader.error(
          .badOutcomeFields, "only an extensionLaunch has callbacks", path: path + ".callbacks",
          at: fields["callbacks"]?.location)
      }
      if fields["presentation"] != nil {
        reader.error(
          .badOutcomeFields, "only an extensionLaunch has a presentation", path: path + ".presentation",
          at: fields["presentation"]?.location)
      }
    }
    return RuleOutcome(outcome: outcome, callbacks: callbacks, presentation: presentation)
  }

  // MARK: transitions.json

  private mutating func readTransitions(_ root: JSONValue, file: String, knownEvidence: Set<String>?)
    -> [Transition]
  {
    var reader = JSONReader(file: file, codes: .policy)
    defer { diagnostics += reader.sortedDiagnostics }
    guard let fields = reader.object(root, path: "$", allowed: ["$schema", "transitions"]),
      let list = reader.require(fields, "transitions", path: "$", at: root.location),
      let items = reader.array(list, path: "$.transitions")
    else { return [] }
    var out: [Transition] = []
    var seen: Set<String> = []
    for (i, item) in items.enumerated() {
      let path = JSONReader.join("$.transitions", i)
      guard
        let f = reader.object(
          item, path: path, allowed: ["id", "on", "set", "evidence", "confidence", "note"])
      else { continue }
      let id = reader.require(f, "id", path: path, at: item.location).flatMap {
        reader.string($0, path: path + ".id")
      }
      if let id, !seen.insert(id).inserted {
        reader.error(
          .duplicateID, "transition id \"\(id)\" is used twice", path: path + ".id", at: f["id"]?.location)
      }
      var step: SessionStep.Kind?
      var outcomes: [Outcome]?
      if let on = reader.require(f, "on", path: path, at: item.location),
        let o = reader.object(on, path: path + ".on", allowed: ["step", "outcome"])
      {
        step = reader.require(o, "step", path: path + ".on", at: on.location).flatMap {
          reader.choice(
            $0, path: path + ".on.step", what: "step",
            choices: SessionStep.Kind.allCases.map { ($0.rawValue, $0) })
        }
        if let v = o["outcome"] {
          let values = v.arrayValue ?? [v]
          outcomes = values.enumerated().compactMap { k, value in
            reader.choice(
              value,
              path: v.arrayValue == nil ? path + ".on.outcome" : JSONReader.join(path + ".on.outcome", k),
              what: "outcome", choices: Outcome.allCases.map { ($0.rawValue, $0) })
          }
          if step != nil && step != .tap {
            reader.error(
              .unknownValue, "only a tap step has an outcome to match", path: path + ".on.outcome",
              at: v.location)
          }
        }
      }
      var changes = Transition.Changes()
      if let set = reader.require(f, "set", path: path, at: item.location),
        let c = reader.object(
          set, path: path + ".set",
          allowed: ["installed", "extensionRunning", "selected", "afterDrawerSwipe", "foreground"])
      {
        changes.installed = c["installed"].flatMap { reader.bool($0, path: path + ".set.installed") }
        changes.extensionRunning = c["extensionRunning"].flatMap {
          reader.bool($0, path: path + ".set.extensionRunning")
        }
        changes.afterDrawerSwipe = c["afterDrawerSwipe"].flatMap {
          reader.bool($0, path: path + ".set.afterDrawerSwipe")
        }
        changes.foreground = c["foreground"].flatMap {
          reader.choice(
            $0, path: path + ".set.foreground", what: "foreground",
            choices: SessionState.Foreground.allCases.map { ($0.rawValue, $0) })
        }
        if let v = c["selected"] {
          if v.isNull {
            changes.selected = Transition.Changes.Selection.none
          } else {
            changes.selected = reader.choice(
              v, path: path + ".set.selected", what: "selection",
              choices: [("tapped", Transition.Changes.Selection.tapped), ("sent", .sent)])
          }
        }
      }
      let evidence =
        reader.require(f, "evidence", path: path, at: item.location).map {
          Self.evidenceIDs(
            $0, path: path + ".evidence", citer: "transition", known: knownEvidence, requireOne: false,
            reader: &reader)
        } ?? []
      let confidence = Self.confidence(f, path: path, at: item.location, reader: &reader)
      let note = f["note"].flatMap { reader.string($0, path: path + ".note") }
      if let id, let step, let confidence {
        out.append(
          Transition(
            id: id, step: step, outcomes: outcomes, changes: changes, evidence: evidence,
            confidence: confidence, note: note, location: item.location))
      }
    }
    // Every step, and every tap outcome, must be covered: a session never stalls on a gap.
    if reader.diagnostics.isEmpty {
      for kind in SessionStep.Kind.allCases {
        let outcomes: [Outcome?] = kind == .tap ? Outcome.allCases.map { $0 } : [nil]
        for outcome in outcomes where !out.contains(where: { $0.matches(kind, outcome: outcome) }) {
          reader.error(
            .missingTable,
            "no transition covers step \"\(kind.rawValue)\"\(outcome.map { " with outcome \"\($0.rawValue)\"" } ?? "")",
            path: "$.transitions", at: list.location)
        }
      }
    }
    return out
  }

  // MARK: fixtures.json

  private mutating func readFixtures(
    _ root: JSONValue, file: String, knownEvidence: Set<String>?, ruleNames tables: [DecisionTable]?
  ) -> [Fixture] {
    var reader = JSONReader(file: file, codes: .policy)
    defer { diagnostics += reader.sortedDiagnostics }
    guard let fields = reader.object(root, path: "$", allowed: ["$schema", "fixtures"]),
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
        value, path: path, allowed: ["outcome", "rule", "callbacks", "presentation", "url"])
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
    if let c = f["callbacks"], let items = reader.array(c, path: path + ".callbacks") {
      expectation.callbacks = items.enumerated().compactMap { i, item in
        reader.choice(
          item, path: JSONReader.join(path + ".callbacks", i), what: "callback",
          choices: Callback.allCases.map { ($0.rawValue, $0) })
      }
    }
    if let p = f["presentation"] {
      expectation.presentation = reader.choice(
        p, path: path + ".presentation", what: "presentation",
        choices: Presentation.allCases.map { ($0.rawValue, $0) })
    }
    if let u = f["url"], let url = reader.nullableString(u, path: path + ".url") {
      expectation.url = url.map { .equals($0) } ?? Fixture.Expectation.URLExpectation.none
    }
    return expectation
  }
}
