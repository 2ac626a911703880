import TapRouteAASA

extension Rule {
  /// The evidence behind one field of a rule or a decision, and how sure it makes that field.
  ///
  /// A rule's `support` names, for each field its `then` asserts, the evidence entries whose
  /// quotes state that field's value for the rule's situations, and the confidence those quotes
  /// give it; a field no quote states is `inferred` and says why (`reasoning`). A note's
  /// support is the evidence ids its text names. A rule's confidence is derived from its
  /// fields' (see ``derivedConfidence(_:)``), and `verify --strict` reports a field without a
  /// supporting quote and a field whose confidence is above its quotes' (TR315, TR316).
  public struct FieldSupport: Sendable, Hashable {
    /// A field a rule's `then` can assert, in the order `then` is read and support is listed.
    public enum Field: String, Sendable, Hashable, CaseIterable {
      case outcome, url, handoff, callbacks, presentation, appCallbacks, delivers, activityType, urlLocation
    }

    /// The field: a ``Field``'s raw value, or `note[N]` for a decision's note N (from 0).
    public internal(set) var field: String
    /// The evidence ids whose quotes state the field's value; may be empty for `inferred`.
    public internal(set) var evidence: [String]
    /// How sure those quotes make the field.
    public internal(set) var confidence: Confidence
    /// Why an `inferred` field holds: what it is reasoned from.
    public internal(set) var reasoning: String?
    /// The rule whose field it is (`table/rule-id`), in a decision's support; nil in a rule's.
    public internal(set) var rule: String?
    /// Where the citation is written; line 0 for a note's, which the note's text makes.
    public internal(set) var location: SourcePosition

    package init(
      field: String, evidence: [String], confidence: Confidence, reasoning: String? = nil,
      rule: String? = nil,
      location: SourcePosition = SourcePosition(line: 0, column: 0)
    ) {
      self.field = field
      self.evidence = evidence
      self.confidence = confidence
      self.reasoning = reasoning
      self.rule = rule
      self.location = location
    }

    /// A rule's confidence from its fields': `contested` when any field is, else the weakest.
    /// Notes explain and do not lower it.
    public static func derivedConfidence(_ fields: [FieldSupport]) -> Confidence? {
      if fields.contains(where: { $0.confidence == .contested }) { return .contested }
      return fields.lazy.filter { !$0.isNote }.map(\.confidence).min()
    }

    /// True for a note's support (`note[N]` or a rule's `note`).
    public var isNote: Bool { field.hasPrefix("note") }
  }
}

extension RuleOutcome {
  /// The fields this outcome asserts, in ``Rule/FieldSupport/Field`` order.
  public var fields: [Rule.FieldSupport.Field] {
    FieldSupport.Field.allCases.filter { field in
      switch field {
      case .outcome: true
      case .url: delivery?.urlFrom != nil
      case .handoff: delivery?.handoff != nil
      case .callbacks: callbacks != nil
      case .presentation: presentation != nil
      case .appCallbacks: delivery?.appCallbacks != nil
      case .delivers: delivery?.delivers != nil
      case .activityType: delivery?.activityType != nil
      case .urlLocation: delivery?.urlLocation != nil
      }
    }
  }
}

extension RuleOutcome {
  /// `field`'s value as written, for comparing two readings; nil when not stated.
  package func value(of field: String) -> String? {
    switch FieldSupport.Field(rawValue: field) {
    case .outcome?: outcome.rawValue
    case .url?: delivery?.urlFrom
    case .handoff?: delivery?.handoff?.rawValue
    case .callbacks?: callbacks.map { $0.map(\.rawValue).joined(separator: ", ") }
    case .presentation?: presentation?.rawValue
    case .appCallbacks?: delivery?.appCallbacks.map { $0.map(\.rawValue).joined(separator: ", ") }
    case .delivers?: delivery?.delivers?.rawValue
    case .activityType?: delivery?.activityType
    case .urlLocation?: delivery?.urlLocation
    case nil: nil
    }
  }
}

extension Rule {
  /// The support of the rule's note: the evidence ids its text names, as sure as the weakest
  /// of them (`inferred` when it names none). Nil when the rule has no note.
  package func noteSupport(_ evidence: (String) -> EvidenceEntry?) -> FieldSupport? {
    guard let note else { return nil }
    return Self.support(ofNote: note, field: "note", evidence)
  }

  /// The support a note's text gives itself: the registered ids it names.
  package static func support(ofNote note: String, field: String, _ evidence: (String) -> EvidenceEntry?)
    -> FieldSupport
  {
    let entries = EvidenceEntry.idsNamed(in: note).compactMap(evidence)
    let level = entries.map(\.confidence).filter { $0 != .contested }.min() ?? .inferred
    return FieldSupport(
      field: field, evidence: entries.map(\.id), confidence: entries.isEmpty ? .inferred : level,
      reasoning: entries.isEmpty ? "the note names no evidence" : nil)
  }
}

extension EvidenceEntry {
  /// The evidence ids written in `text` (`W-4`, `S004-10`, `U-44`, `IOSN-21`), in order, once
  /// each: one to four capital letters, optionally three digits, a hyphen and digits, standing
  /// alone.
  package static func idsNamed(in text: String) -> [String] {
    let bytes = Array(text.utf8)
    var ids: [String] = []
    var i = 0
    func isWordByte(_ b: UInt8) -> Bool {
      (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D
        || b == 0x5F
    }
    while i < bytes.count {
      let b = bytes[i]
      guard b >= 0x41 && b <= 0x5A, i == 0 || !isWordByte(bytes[i - 1]) else {
        i += 1
        continue
      }
      var j = i + 1
      while j < bytes.count, bytes[j] >= 0x41 && bytes[j] <= 0x5A { j += 1 }
      let letters = j - i
      var digitsBefore = 0
      while j < bytes.count, bytes[j] >= 0x30 && bytes[j] <= 0x39 {
        j += 1
        digitsBefore += 1
      }
      guard letters <= 4, digitsBefore == 0 || digitsBefore == 3, j < bytes.count, bytes[j] == 0x2D else {
        i = j
        continue
      }
      var k = j + 1
      while k < bytes.count, bytes[k] >= 0x30 && bytes[k] <= 0x39 { k += 1 }
      if k > j + 1, k == bytes.count || !isWordByte(bytes[k]) {
        let id = String(decoding: bytes[i..<k], as: UTF8.self)
        if !ids.contains(id) { ids.append(id) }
      }
      i = k
    }
    return ids
  }
}

extension PolicySet {
  /// The rule named `table/rule-id`, if these policies have it.
  public func rule(named name: String) -> Rule? {
    guard let slash = name.firstIndex(of: "/") else { return nil }
    let table = name[..<slash]
    let id = name[name.index(after: slash)...]
    return tables.first { $0.name == table }?.rules.first { $0.id == id }
  }

  /// The evidence behind each field `decision` asserts, with the rule that asserts it: the
  /// `support` of `explain --json`. A field comes from the last step whose rule states it (the
  /// outcome from the first step that decided it, the URL from the rule that hands it over),
  /// and note N from the rule whose note it is, or from its own text for a note the engine
  /// adds. A rule that cites its evidence as a whole supports each of its fields with all of it.
  public func support(for decision: Decision) -> [Rule.FieldSupport] {
    guard decision.outcome != .undecided else { return [] }
    let steps = decision.steps ?? [decision]
    let rules: [(name: String, rule: Rule)?] = steps.map { step in
      step.rule.flatMap { name in rule(named: name).map { (name, $0) } }
    }
    func stated(_ field: FieldSupport.Field, _ named: (name: String, rule: Rule)) -> FieldSupport? {
      let rule = named.rule
      guard rule.then.fields.contains(field) else { return nil }
      var support =
        rule.support.first { $0.field == field.rawValue }
        ?? FieldSupport(field: field.rawValue, evidence: rule.evidence, confidence: rule.confidence)
      support.rule = named.name
      return support
    }
    var out: [FieldSupport] = []
    let delivery = decision.delivery
    for field in FieldSupport.Field.allCases {
      let asserted: Bool
      switch field {
      case .outcome: asserted = true
      case .url: asserted = decision.url != nil
      case .handoff: asserted = delivery?.handoff != nil
      case .callbacks: asserted = decision.callbacks != nil
      case .presentation: asserted = decision.presentation != nil
      case .appCallbacks: asserted = delivery?.appCallbacks != nil
      case .delivers: asserted = delivery?.delivers != nil
      case .activityType: asserted = delivery?.activityType != nil
      case .urlLocation: asserted = delivery?.urlLocation != nil
      }
      guard asserted else { continue }
      var found: FieldSupport?
      switch field {
      case .outcome:
        let present = rules.compactMap { $0 }
        let deciding = present.first { $0.rule.then.outcome == decision.outcome } ?? present.last
        found = deciding.flatMap { stated(.outcome, $0) }
      case .url:
        found =
          rules.reversed().lazy.compactMap { $0.flatMap { stated(.url, $0) ?? stated(.handoff, $0) } }.first
        found?.field = FieldSupport.Field.url.rawValue
      default:
        found = rules.reversed().lazy.compactMap { $0.flatMap { stated(field, $0) } }.first
      }
      if let found { out.append(found) }
    }
    for (i, note) in decision.notes.enumerated() {
      let owner = rules.lazy.compactMap { $0 }.first { $0.rule.note == note }
      var support = Rule.support(ofNote: note, field: "note[\(i)]", evidence(_:))
      support.rule = owner?.name
      out.append(support)
    }
    return out
  }
}
