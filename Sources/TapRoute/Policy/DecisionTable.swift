/// One decision table as written in a policy file: declared facts, then ordered rules.
///
/// See the DocC article "The policy format" and `Policies/schema/table.schema.json`.
public struct DecisionTable: Sendable, Hashable {
  /// How rules combine.
  public enum HitPolicy: String, Sendable, Hashable, CaseIterable {
    /// Rules are tried in order; the first that matches decides.
    case first
    /// As `first`, and verification reports any two rules with different outcomes that
    /// match a common situation.
    case unique
  }

  /// The table's name (`tap`); rules are named `table/rule-id`.
  public var name: String
  public var event: Situation.Event
  public var title: String
  public var hitPolicy: HitPolicy
  /// The facts the table declares, in its column order.
  public var facts: [FactDeclaration]
  public var rules: [Rule]
  /// The file it came from, for diagnostics.
  public var file: String
  /// The newest OS version this table knows (the `newest` of its `osVersion` fact).
  public var newestOSVersion: OSVersion?
  /// The newest SDK version this table knows (the `newest` of its `sdkVersion` fact).
  public var newestSDKVersion: OSVersion? = nil
  /// Where the `rules` array starts, for findings about the table as a whole.
  public var rulesLocation: SourcePosition?
}

/// A fact a table declares, with the domain it declares for it.
public struct FactDeclaration: Sendable, Hashable {
  public var fact: Fact
  public var location: SourcePosition
}

/// One row of a decision table.
public struct Rule: Sendable, Hashable {
  public var id: String
  /// The conditions in the order written; an absent fact matches anything.
  public var conditions: [Condition]
  public var then: RuleOutcome
  public var evidence: [String]
  /// Evidence that contradicts `then`; a rule citing any is `contested`.
  public var against: [String] = []
  /// The other readings of a contested rule, each with the evidence for it.
  public var alternatives: [Alternative] = []

  /// Another reading of a contested rule: what it would decide, and the evidence for it.
  public struct Alternative: Sendable, Hashable {
    public var then: RuleOutcome
    public var evidence: [String]
    public var note: String?

    public init(then: RuleOutcome, evidence: [String], note: String? = nil) {
      self.then = then
      self.evidence = evidence
      self.note = note
    }
  }
  public var confidence: Confidence
  public var note: String?
  /// The author expects this rule to overlap no other rule with a different outcome.
  public var expectsNoOverlap: Bool
  public var location: SourcePosition
  /// The JSON path of the rule (`$.rules[3]`).
  public var path: String

  /// Every evidence id the rule cites: for, against, and for each alternative.
  public var citedEvidence: [String] {
    evidence + against + alternatives.flatMap(\.evidence)
  }

  /// The condition on `fact`, if the rule has one.
  public func condition(on fact: Fact) -> Condition? {
    conditions.first { $0.fact == fact }
  }
}

/// A test of one fact.
public struct Condition: Sendable, Hashable {
  public enum Test: Sendable, Hashable {
    /// The fact's value index is one of these (bool: 0 false, 1 true; enumerations in
    /// catalog order).
    case oneOf([Int])
    /// The OS version lies in this range.
    case range(VersionRange)
  }

  public var fact: Fact
  public var test: Test
  public var location: SourcePosition

  /// True when `value` (a finite fact's value index) satisfies the test.
  public func matches(index value: Int) -> Bool {
    if case .oneOf(let values) = test { return values.contains(value) }
    return true
  }

  /// True when `version` satisfies the test.
  public func matches(version: OSVersion) -> Bool {
    if case .range(let range) = test { return range.contains(version) }
    return true
  }

  /// The condition as a reader would write it: `false`, `iOS`, `[iOS, iPadOS]`, `>=10`.
  public var written: String {
    switch test {
    case .range(let range): range.description
    case .oneOf(let values):
      values.count == 1
        ? fact.valueName(values[0]) : "[" + values.map(fact.valueName).joined(separator: ", ") + "]"
    }
  }
}

/// What a rule decides.
public struct RuleOutcome: Sendable, Hashable {
  public var outcome: Outcome
  public var callbacks: [Situation.Callback]?
  public var presentation: Presentation?

  /// A short form for tables and messages: `extensionLaunch (expanded: viewDidLoad, ...)`.
  public var summary: String {
    var text = outcome.rawValue
    if outcome == .extensionLaunch {
      let list = (callbacks ?? []).map(\.rawValue).joined(separator: ", ")
      text += " (\(presentation?.rawValue ?? "?")\(list.isEmpty ? "; no callbacks" : ": " + list))"
    }
    return text
  }
}
