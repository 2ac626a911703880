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
  public internal(set) var name: String
  public internal(set) var event: Situation.Event
  public internal(set) var title: String
  public internal(set) var hitPolicy: HitPolicy
  /// The facts the table declares, in its column order.
  public internal(set) var facts: [FactDeclaration]
  public internal(set) var rules: [Rule]
  /// The file it came from, for diagnostics.
  public internal(set) var file: String
  /// The newest OS version this table knows (the `newest` of its `osVersion` fact).
  public internal(set) var newestOSVersion: OSVersion?
  /// Where the `rules` array starts, for findings about the table as a whole.
  public internal(set) var rulesLocation: SourcePosition?
}

/// A fact a table declares, with the domain it declares for it.
public struct FactDeclaration: Sendable, Hashable {
  public internal(set) var fact: Fact
  public internal(set) var location: SourcePosition
}

/// One row of a decision table.
public struct Rule: Sendable, Hashable {
  public internal(set) var id: String
  /// The conditions in the order written; an absent fact matches anything.
  public internal(set) var conditions: [Condition]
  public internal(set) var then: RuleOutcome
  public internal(set) var evidence: [String]
  public internal(set) var confidence: Confidence
  public internal(set) var note: String?
  /// The author expects this rule to overlap no other rule with a different outcome.
  public internal(set) var expectsNoOverlap: Bool
  public internal(set) var location: SourcePosition
  /// The JSON path of the rule (`$.rules[3]`).
  public internal(set) var path: String

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

  public internal(set) var fact: Fact
  public internal(set) var test: Test
  public internal(set) var location: SourcePosition

  /// True when `value` (a finite fact's value index) satisfies the test.
  package func matches(index value: Int) -> Bool {
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
  public internal(set) var outcome: Outcome
  public internal(set) var callbacks: [Situation.Callback]?
  public internal(set) var presentation: Presentation?

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
