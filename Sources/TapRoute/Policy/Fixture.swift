/// A row of a fixture table: a situation and what the tables must decide for it.
///
/// Fixture files (`Policies/fixtures.json`, or a client's own) load with
/// ``Engine/fixtures(contentsOf:)``; ``Engine/check(_:)`` decides a row and says what
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
    public var delivers: Delivered?

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

    /// An expectation; every field but `outcome` is optional and unchecked when nil.
    public init(
      outcome: Outcome, rule: String? = nil, callbacks: [Situation.Callback]? = nil,
      presentation: Presentation? = nil, url: URLExpectation? = nil, appCallbacks: [AppCallback]? = nil,
      delivers: Delivered? = nil
    ) {
      self.appCallbacks = appCallbacks
      self.delivers = delivers
      self.outcome = outcome
      self.rule = rule
      self.callbacks = callbacks
      self.presentation = presentation
      self.url = url
    }
  }
}
