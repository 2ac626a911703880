import TapRouteAASA

// The reader of a decision table's rules: conditions, outcomes, contested readings.

extension PolicyLoader {
  /// Reads one rule: its id, conditions on the declared facts, outcome, evidence and
  /// confidence, and for a contested rule the evidence against it and its other readings.
  package func readRule(
    _ value: JSONValue, path: String, declared: [Fact], knownEvidence: Set<String>?, sections: Set<String>?,
    reader: inout JSONReader
  ) -> Rule? {
    guard
      let fields = reader.object(
        value, path: path,
        allowed: [
          "id", "when", "then", "support", "evidence", "against", "alternatives", "confidence", "note",
          "unique", "guide",
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
    let citer = id.map { "rule \"\($0)\"" } ?? "rule"
    let alternatives =
      fields["alternatives"].map {
        readAlternatives(
          $0, path: path + ".alternatives", citer: citer, known: knownEvidence, reader: &reader)
      } ?? []
    // A field only another reading states (a contested `url`) may be cited too.
    let readings = alternatives.flatMap(\.then.fields)
    let support = fields["support"].map {
      readSupport(
        $0, path: path + ".support", asserted: outcome?.fields, alsoAllowed: readings, citer: citer,
        known: knownEvidence, reader: &reader)
    }
    let note = fields["note"].flatMap { reader.string($0, path: path + ".note") }
    // With per-field support, the rule's evidence and confidence are derived from it (and,
    // where still written, must agree with it); without, both are required.
    let against =
      fields["against"].map {
        Self.evidenceIDs(
          $0, path: path + ".against", citer: citer, known: knownEvidence, requireOne: true, reader: &reader)
      } ?? []
    // A contested field cites both sides; the evidence against the rule stays in `against`.
    let derivedEvidence = support.map {
      Self.supportedEvidence($0).filter { !against.contains($0) }
    }
    let statedEvidence =
      (derivedEvidence == nil
      ? reader.require(fields, "evidence", path: path, at: value.location) : fields["evidence"]).map {
        Self.evidenceIDs(
          $0, path: path + ".evidence", citer: citer, known: knownEvidence, requireOne: true, reader: &reader)
      }
    if let derivedEvidence, let statedEvidence, Set(statedEvidence) != Set(derivedEvidence) {
      reader.error(
        .supportMismatch,
        "\(citer) lists evidence its fields do not cite, or cites evidence it does not list: list \(derivedEvidence.joined(separator: ", ")), or leave \"evidence\" out (it is derived from \"support\")",
        path: path + ".evidence", at: fields["evidence"]?.location)
    }
    let evidence = derivedEvidence ?? statedEvidence ?? []
    let confidence: Confidence?
    if let support {
      let derived = FieldSupport.derivedConfidence(support)
      let stated = fields["confidence"].flatMap { _ in
        Self.confidence(fields, path: path, at: value.location, reader: &reader)
      }
      if let stated, let derived, stated != derived {
        reader.error(
          .supportMismatch,
          "\(citer) says \"\(stated.rawValue)\", but its fields make it \"\(derived.rawValue)\" (\(Self.weakest(support))): a rule is as sure as its least sure field; leave \"confidence\" out (it is derived from \"support\")",
          path: path + ".confidence", at: fields["confidence"]?.location)
      }
      confidence = derived
    } else {
      confidence = Self.confidence(fields, path: path, at: value.location, reader: &reader)
    }
    let unique = fields["unique"].flatMap { reader.bool($0, path: path + ".unique") } ?? false
    let guide = fields["guide"].flatMap {
      Self.guideSection($0, path: path + ".guide", sections: sections, reader: &reader)
    }
    guard let id, let outcome, let confidence, conditionsOK else { return nil }
    var rule = Rule(
      id: id, conditions: conditions, then: outcome, evidence: evidence, confidence: confidence, note: note,
      expectsNoOverlap: unique, location: value.location, path: path)
    rule.against = against
    rule.alternatives = alternatives
    rule.support = support ?? []
    rule.guide = guide
    checkContest(rule, fields: fields, reader: &reader)
    return rule
  }

  /// A rule's `support`: for each field its `then` asserts (and no other but one of
  /// `alsoAllowed`, the fields only another reading states), the evidence whose quotes state
  /// it, its confidence, and for an inferred field the reasoning (TR115).
  private func readSupport(
    _ value: JSONValue, path: String, asserted: [FieldSupport.Field]?, alsoAllowed: [FieldSupport.Field],
    citer: String, known: Set<String>?, reader: inout JSONReader
  ) -> [FieldSupport] {
    guard let members = value.objectValue else {
      reader.wrongType(value, expected: "an object of the rule's fields", path: path)
      return []
    }
    var support: [FieldSupport] = []
    for member in members {
      let fpath = JSONReader.join(path, member.key)
      guard let field = FieldSupport.Field(rawValue: member.key),
        asserted.map({ $0.contains(field) || alsoAllowed.contains(field) }) ?? true
      else {
        let names = (asserted ?? []).map(\.rawValue)
        reader.error(
          .supportMismatch,
          "\(citer) gives support for \(Words.quoted(member.key)), which its \"then\" does not state; its fields: \(names.joined(separator: ", "))",
          path: fpath, at: member.keyLocation)
        continue
      }
      guard
        let f = reader.object(member.value, path: fpath, allowed: ["evidence", "confidence", "reasoning"])
      else { continue }
      let evidence =
        reader.require(f, "evidence", path: fpath, at: member.value.location).map {
          Self.evidenceIDs(
            $0, path: fpath + ".evidence", citer: citer, known: known, requireOne: false, reader: &reader)
        } ?? []
      let confidence = Self.confidence(f, path: fpath, at: member.value.location, reader: &reader)
      let reasoning = f["reasoning"].flatMap { reader.string($0, path: fpath + ".reasoning") }
      guard let confidence else { continue }
      support.append(
        FieldSupport(
          field: field.rawValue, evidence: evidence, confidence: confidence, reasoning: reasoning,
          location: member.value.location))
    }
    for field in asserted ?? [] where !members.contains(where: { $0.key == field.rawValue }) {
      reader.error(
        .supportMismatch,
        "\(citer) states \(Words.quoted(field.rawValue)) in its \"then\" but gives no support for it: add \"\(field.rawValue)\": {\"evidence\": [...], \"confidence\": ...}",
        path: path, at: value.location)
    }
    let order = FieldSupport.Field.allCases.map(\.rawValue)
    return support.sorted { (order.firstIndex(of: $0.field) ?? 0) < (order.firstIndex(of: $1.field) ?? 0) }
  }

  /// The evidence a rule with `support` rests on: its fields' ids, once each. (Its note's ids
  /// are the note's own support, read from its text where a registry is at hand.)
  package static func supportedEvidence(_ support: [FieldSupport]) -> [String] {
    var ids: [String] = []
    for id in support.flatMap(\.evidence) where !ids.contains(id) {
      ids.append(id)
    }
    return ids
  }

  /// The least sure fields of `support`, for a message: `handoff inferred`.
  package static func weakest(_ support: [FieldSupport]) -> String {
    guard let level = FieldSupport.derivedConfidence(support) else { return "no fields" }
    return support.filter { !$0.isNote && $0.confidence == level }.map { "\($0.field) \(level.rawValue)" }
      .joined(separator: ", ")
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
    guard
      let fields = reader.object(
        value, path: path, allowed: FieldSupport.Field.allCases.map(\.rawValue))
    else { return nil }
    let decided = Outcome.allCases.filter { $0 != .undecided }
    guard
      let outcome = reader.require(fields, "outcome", path: path, at: value.location).flatMap({
        reader.choice(
          $0, path: path + ".outcome", what: "outcome", choices: decided.map { ($0.rawValue, $0) })
      })
    else { return nil }
    let callbacks = fields["callbacks"].flatMap {
      reader.choices(
        $0, path: path + ".callbacks", what: "callback", choices: Callback.allCases.map { ($0.rawValue, $0) })
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
    let delivery = readDelivery(fields, outcome: outcome, path: path, reader: &reader)
    return RuleOutcome(outcome: outcome, callbacks: callbacks, presentation: presentation, delivery: delivery)
  }

  /// The keys of a `then` that say what the container app is handed and receives.
  package static let deliveryKeys = [
    "handoff", "appCallbacks", "delivers", "activityType", "urlLocation", "url",
  ]

  /// A `then`'s delivery fields: nil when it has none. Only a launch of the container app (or
  /// an App Clip) is handed something; the callbacks and what they receive may also be said
  /// of `nothing` (what a delivery that reaches no callback leaves).
  private func readDelivery(
    _ fields: [String: JSONValue], outcome: Outcome, path: String, reader: inout JSONReader
  ) -> AppDelivery? {
    guard Self.deliveryKeys.contains(where: { fields[$0] != nil }) else { return nil }
    var delivery = AppDelivery()
    if let value = fields["handoff"] {
      delivery.handoff = reader.choice(
        value, path: path + ".handoff", what: "handoff",
        choices: Situation.Handoff.allCases.map { ($0.rawValue, $0) })
      if outcome != .containerLaunch && outcome != .appClipLaunch && outcome != .backgroundLaunch {
        reader.error(
          .badOutcomeFields,
          "only a containerLaunch, an appClipLaunch or a backgroundLaunch is handed something",
          path: path + ".handoff", at: value.location)
      }
    }
    if let value = fields["appCallbacks"] {
      delivery.appCallbacks = reader.choices(
        value, path: path + ".appCallbacks", what: "app callback",
        choices: AppCallback.allCases.map { ($0.rawValue, $0) })
    }
    if let value = fields["delivers"] {
      delivery.delivers = reader.choice(
        value, path: path + ".delivers", what: "delivered value",
        choices: Delivered.allCases.map { ($0.rawValue, $0) })
    }
    if let value = fields["activityType"] {
      delivery.activityType = reader.string(value, path: path + ".activityType")
    }
    if let value = fields["urlLocation"] {
      delivery.urlLocation = reader.string(value, path: path + ".urlLocation")
    }
    if let value = fields["url"] {
      // Which of the event's URL fields, checked against the event where the table is read.
      delivery.urlFrom = reader.string(value, path: path + ".url")
      // The browser loads a URL too: an intent: URL's fallback (AND-35).
      if delivery.handoff != .url && delivery.handoff != .universalLink && outcome != .browser {
        reader.error(
          .badOutcomeFields,
          "only a rule that hands the app a URL (handoff url or universalLink) or opens the browser names which URL",
          path: path + ".url", at: value.location)
      }
    }
    if outcome == .extensionLaunch || outcome == .transcriptView {
      reader.error(
        .badOutcomeFields, "an \(outcome.rawValue) hands the container app nothing", path: path,
        at: fields["handoff"]?.location ?? fields["appCallbacks"]?.location)
    }
    return delivery
  }
}
