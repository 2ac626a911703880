import TapRouteAASA

// The reader of decision table files (`tap.json`, `open.json`): the table, its declared facts.

extension PolicyLoader {
  /// Reads a decision table file's tree: name, event, declared facts and rules, each
  /// checked; nil when the file is not a table at all (its problems are recorded).
  /// `sections` are the guide section ids the set's table files declare, which a rule's
  /// `guide` must name (nil: not checked).
  package mutating func readTable(
    _ root: JSONValue, file: String, knownEvidence: Set<String>?, sections: Set<String>? = nil
  ) -> DecisionTable? {
    var reader = JSONReader(file: file, codes: .policy)
    defer { append(reader.sortedDiagnostics) }
    guard
      let fields = reader.object(
        root, path: "$",
        allowed: ["$schema", "table", "event", "title", "hitPolicy", "guide", "facts", "rules"])
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
    let guide = fields["guide"].map { readGuideSections($0, reader: &reader) } ?? []
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
            sections: sections, reader: &reader)
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
    if let event { checkURLFields(rules, event: event, reader: &reader) }
    guard let name, let event else { return nil }
    return DecisionTable(
      name: name, event: event, title: title, hitPolicy: hitPolicy, facts: declarations, rules: rules,
      file: file, newestOSVersion: newest[.osVersion], newestSDKVersion: newest[.sdkVersion],
      rulesLocation: rulesLocation, guide: guide)
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
      case .enumeration(let all):
        // `platform` lists the platforms the event is read on (Android for the link event only).
        let values = fact == .platform ? (event?.platforms.map(\.rawValue) ?? all) : all
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

  /// TR106: a `then.url` names one of the URL fields of the event's part other than its own
  /// URL (``Situation/otherURLKeys(of:)``).
  private func checkURLFields(_ rules: [Rule], event: Situation.Event, reader: inout JSONReader) {
    let keys = Situation.otherURLKeys(of: event)
    for rule in rules {
      let thens =
        [(rule.then, rule.path + ".then")]
        + rule.alternatives.enumerated().map {
          ($1.then, JSONReader.join(rule.path + ".alternatives", $0) + ".then")
        }
      for (then, path) in thens {
        guard let key = then.delivery?.urlFrom, !keys.contains(key) else { continue }
        let known =
          keys.isEmpty ? "it has none" : "it has " + keys.map { "\"\($0)\"" }.joined(separator: ", ")
        reader.error(
          .unknownValue,
          "\"\(key)\" is not a URL of a \(event.rawValue) situation besides its own url; \(known)",
          path: path + ".url", at: rule.location)
      }
    }
  }
}
