import TapRouteAASA

extension PolicySet {
  /// One decision table as written in a policy file: declared facts, then ordered rules.
  ///
  /// See the DocC article <doc:PolicyFormat> and `Policies/schema/table.schema.json`.
  /// Read-only: a table comes from loading a policy file, which checked every fact, value,
  /// evidence id and outcome in it.
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
    /// The event whose situations the table decides.
    public internal(set) var event: Situation.Event
    /// A one-line description, shown in rendered tables.
    public internal(set) var title: String
    /// How the rules combine.
    public internal(set) var hitPolicy: HitPolicy
    /// The facts the table declares, in its column order.
    public internal(set) var facts: [Fact.Declaration]
    /// The rules in order: the first that matches decides.
    public internal(set) var rules: [Rule]
    /// The file it came from, for diagnostics.
    public internal(set) var file: String
    /// The newest OS version this table knows (the `newest` of its `osVersion` fact).
    public internal(set) var newestOSVersion: OSVersion?
    /// The newest SDK version this table knows (the `newest` of its `sdkVersion` fact).
    public internal(set) var newestSDKVersion: OSVersion? = nil
    /// Where the `rules` array starts, for findings about the table as a whole.
    public internal(set) var rulesLocation: SourcePosition?
    /// The sections of the guide article the file declares (`guide`), in its order; a rule of
    /// any table joins one by naming it (``Rule`` `guide`).
    package internal(set) var guide: [GuideSection] = []
  }
}

extension Fact {
  /// A fact a table declares, with the domain it declares for it.
  public struct Declaration: Sendable, Hashable {
    /// The fact declared.
    public internal(set) var fact: Fact
    /// Where the declaration is written.
    public internal(set) var location: SourcePosition
  }
}

/// One row of a decision table.
public struct Rule: Sendable, Hashable {
  /// The rule's id, unique within its table; decisions name it `table/id`.
  public internal(set) var id: String
  /// The conditions in the order written; an absent fact matches anything.
  public internal(set) var conditions: [Condition]
  /// What the rule decides.
  public internal(set) var then: Rule.Then
  /// The evidence ids the rule cites, each registered in `evidence.json`.
  public internal(set) var evidence: [String]
  /// Evidence that contradicts `then`; a rule citing any is `contested`.
  public internal(set) var against: [String] = []
  /// The other readings of a contested rule, each with the evidence for it.
  public internal(set) var alternatives: [Alternative] = []

  /// Another reading of a contested rule: what it would decide, and the evidence for it.
  public struct Alternative: Sendable, Hashable {
    /// What the rule would decide under this reading.
    public internal(set) var then: Rule.Then
    /// The evidence for this reading.
    public internal(set) var evidence: [String]
    /// A note for the reader, carried into the alternative decision.
    public internal(set) var note: String?

    /// A reading from its parts.
    package init(then: RuleOutcome, evidence: [String], note: String? = nil) {
      self.then = then
      self.evidence = evidence
      self.note = note
    }
  }
  /// How sure the cited evidence makes the rule: with ``support``, derived from its fields'
  /// (``Rule/FieldSupport/derivedConfidence(_:)``); otherwise as written.
  public internal(set) var confidence: Confidence
  /// The evidence behind each field `then` asserts, in ``Rule/FieldSupport/Field`` order; empty for
  /// a rule that cites its evidence as a whole (the older form, which `verify --strict` reports).
  public internal(set) var support: [FieldSupport] = []
  /// A note for the reader, carried into the decision's notes.
  public internal(set) var note: String?
  /// The author expects this rule to overlap no other rule with a different outcome.
  public internal(set) var expectsNoOverlap: Bool
  /// Where the rule is written.
  public internal(set) var location: SourcePosition
  /// The JSON path of the rule (`$.rules[3]`).
  public internal(set) var path: String
  /// The id of the guide section that shows the rule (``GuideSection``), if one does.
  package internal(set) var guide: String? = nil

  /// Every evidence id the rule cites: for, against, for each alternative, and in its note.
  public var citedEvidence: [String] {
    evidence + against + alternatives.flatMap(\.evidence) + (note.map(EvidenceEntry.idsNamed(in:)) ?? [])
  }

  /// The condition on `fact`, if the rule has one.
  public func condition(on fact: Fact) -> Condition? {
    conditions.first { $0.fact == fact }
  }
}

extension Rule {
  /// A test of one fact.
  public struct Condition: Sendable, Hashable {
    /// What a condition requires of its fact's value.
    public enum Test: Sendable, Hashable {
      /// The fact's value index is one of these (bool: 0 false, 1 true; enumerations in
      /// catalog order).
      case oneOf([Int])
      /// The OS version lies in this range.
      case range(VersionRange)
    }

    /// The fact tested.
    public internal(set) var fact: Fact
    /// What the fact's value must be.
    public internal(set) var test: Test
    /// Where the condition is written.
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
}

extension Rule {
  /// What a rule decides.
  public struct Then: Sendable, Hashable {
    /// What the tap or `open(url)` does.
    public internal(set) var outcome: Outcome
    /// The extension's callbacks in order, for an extension launch; nil otherwise.
    public internal(set) var callbacks: [Situation.Callback]?
    /// How the extension presents, for an extension launch; nil otherwise.
    public internal(set) var presentation: Presentation?
    /// What the container app is handed and which of its callbacks receive it (`handoff`,
    /// `appCallbacks`, `delivers`, `activityType`, `urlLocation`); nil when the rule says none.
    public internal(set) var delivery: AppDelivery? = nil

    /// A short form for tables and messages: `extensionLaunch (expanded: viewDidLoad, ...)`.
    public var summary: String {
      Self.summary(outcome: outcome, callbacks: callbacks, presentation: presentation, delivery: delivery)
    }

    /// The short form of what a rule or a decision asserts (``summary``): the outcome, an
    /// extension launch's presentation and callbacks, and what the container app is handed.
    package static func summary(
      outcome: Outcome, callbacks: [Situation.Callback]?, presentation: Presentation?, delivery: AppDelivery?
    ) -> String {
      var text = outcome.rawValue
      if outcome == .extensionLaunch {
        let list = (callbacks ?? []).map(\.rawValue).joined(separator: ", ")
        text += " (\(presentation?.rawValue ?? "?")\(list.isEmpty ? "; no callbacks" : ": " + list))"
      }
      if let delivery {
        var parts: [String] = []
        if let handoff = delivery.handoff { parts.append("handoff " + handoff.rawValue) }
        if let callbacks = delivery.appCallbacks {
          parts.append(
            callbacks.isEmpty ? "no app callbacks" : callbacks.map(\.rawValue).joined(separator: ", "))
        }
        if let delivers = delivery.delivers { parts.append("delivers " + delivers.rawValue) }
        if !parts.isEmpty { text += " [" + parts.joined(separator: "; ") + "]" }
      }
      return text
    }
  }
}
