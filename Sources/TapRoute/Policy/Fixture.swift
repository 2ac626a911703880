import TapRouteAASA

/// A row of a fixture table: a situation and what the tables must decide for it.
///
/// Fixture files (`Policies/fixtures.json`, or a client's own) load with
/// ``Engine/fixtures(contentsOf:filePath:)``; ``Engine/check(_:)`` decides a row and says what
/// differs. A fixture describes itself by its name, so a parameterized Swift Testing test
/// over fixtures names each case after its row.
public struct Fixture: Sendable, Hashable, CustomStringConvertible {
  /// The row's name, unique within its file.
  public var name: String
  /// The situation to decide.
  public var situation: Situation
  /// What the decision must be.
  public var expected: Expectation
  /// The evidence ids the row rests on.
  public var evidence: [String]
  /// Where the row is written (line 0 for a fixture built in code).
  public var location: SourcePosition
  /// Where the guide article shows the row beside the rules, if it does (its `guide` key).
  package var guide: GuidePlacement? = nil

  /// A fixture built in code.
  public init(
    name: String, situation: Situation, expected: Expectation, evidence: [String] = [],
    location: SourcePosition = SourcePosition(line: 0, column: 0)
  ) {
    self.name = name
    self.situation = situation
    self.expected = expected
    self.evidence = evidence
    self.location = location
  }

  /// The row's name.
  public var description: String { name }

  /// What a fixture expects; a field left nil is not checked.
  ///
  /// Every field of a decision may be stated (``Decision/outcome``, ``Decision/rule``,
  /// ``Decision/confidence``, ``Decision/url``, ``Decision/callbacks``,
  /// ``Decision/presentation``, the ``Decision/delivery`` fields, ``Decision/alternatives``,
  /// ``Decision/notes``); a field that may be none says "must be none" with `.noURL`,
  /// ``Nullable/null`` or an empty array.
  public struct Expectation: Sendable, Hashable {
    /// The outcome the decision must have.
    public var outcome: Outcome
    /// The deciding rule (`tap/launch`), when checked.
    public var rule: String?
    /// The callbacks, in order, when checked.
    public var callbacks: [Situation.Callback]?
    /// The presentation, when checked.
    public var presentation: Presentation?
    /// The URL that opens, when checked.
    public var url: URLExpectation?
    /// The container app's callbacks, in order, when checked.
    public var appCallbacks: [AppCallback]?
    /// What those callbacks receive, when checked.
    public var delivers: AppDelivery.Delivered?
    /// The decision's confidence, when checked.
    public var confidence: Confidence?
    /// What the container app is handed (``AppDelivery/handoff``), when checked.
    public var handoff: Nullable<Situation.Handoff>?
    /// The `activityType` of a delivered `NSUserActivity` (``AppDelivery/activityType``),
    /// when checked.
    public var activityType: Nullable<String>?
    /// Where the URL sits in what the app's callbacks receive (``AppDelivery/urlLocation``),
    /// when checked.
    public var urlLocation: Nullable<String>?
    /// The decision's other readings, in order, when checked; empty: it has none.
    public var alternatives: [Alternative]?
    /// Patterns in `NSRegularExpression` syntax, each of which must match part of at least
    /// one of the decision's notes, when checked (a plain phrase is a substring test; `^` and
    /// `$` anchor a pattern to a whole note). A pattern that does not compile is reported as
    /// a mismatch.
    public var notes: [String]?

    /// What a fixture expects of the decision's `url`.
    ///
    /// No case is named `none`: in `url: .none` the compiler would read Optional's `none`
    /// ("don't check") for a parameter of type `URLExpectation?`.
    public enum URLExpectation: Sendable, Hashable {
      /// The decision opens no URL (`"url": null` in a fixture file).
      case noURL
      /// The decision opens exactly this URL.
      case equals(String)
    }

    /// What a fixture expects of a decision field that may be none (`handoff`,
    /// `activityType`, `urlLocation`): none, or exactly a value.
    ///
    /// As with ``URLExpectation``, no case is named `none`.
    public enum Nullable<Value: Sendable & Hashable>: Sendable, Hashable {
      /// The decision has none (`null` in a fixture file).
      case null
      /// The decision has exactly this value.
      case equals(Value)

      /// The value expected; nil for ``null``.
      public var value: Value? {
        switch self {
        case .null: nil
        case .equals(let value): value
        }
      }
    }

    /// One other reading a fixture expects the decision to have: its outcome and,
    /// when checked, its rule.
    public struct Alternative: Sendable, Hashable {
      /// The other reading's outcome.
      public var outcome: Outcome
      /// The rule whose other reading it is (`tap/message-not-installed-web-url`), when checked.
      public var rule: String?
      /// The URL the app receives under it (`null`: none), when checked.
      public var url: Nullable<String>?

      /// An expected other reading.
      public init(outcome: Outcome, rule: String? = nil, url: Nullable<String>? = nil) {
        self.outcome = outcome
        self.rule = rule
        self.url = url
      }
    }

    /// An expectation; every field but `outcome` is optional and unchecked when nil.
    public init(
      outcome: Outcome, rule: String? = nil, callbacks: [Situation.Callback]? = nil,
      presentation: Presentation? = nil, url: URLExpectation? = nil, appCallbacks: [AppCallback]? = nil,
      delivers: AppDelivery.Delivered? = nil, confidence: Confidence? = nil,
      handoff: Nullable<Situation.Handoff>? = nil,
      activityType: Nullable<String>? = nil, urlLocation: Nullable<String>? = nil,
      alternatives: [Alternative]? = nil, notes: [String]? = nil
    ) {
      self.appCallbacks = appCallbacks
      self.delivers = delivers
      self.outcome = outcome
      self.rule = rule
      self.callbacks = callbacks
      self.presentation = presentation
      self.url = url
      self.confidence = confidence
      self.handoff = handoff
      self.activityType = activityType
      self.urlLocation = urlLocation
      self.alternatives = alternatives
      self.notes = notes
    }
  }
}
