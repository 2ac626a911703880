/// What a tap or an `open(url)` call does.
///
/// The raw values are public and stable: tools outside this repository match on them.
public enum Outcome: String, Sendable, Hashable, Codable, CaseIterable {
  /// Messages opens the App Store on its front page.
  case storeFront
  /// Messages opens the App Store on the app's product (download) page.
  case storeProductPage
  /// Messages opens its app-management page, where the user can switch the app on.
  case manageApps
  /// Messages launches the iMessage app (the extension).
  case extensionLaunch
  /// The container app opens (through the extension's `open(url)`).
  case containerLaunch
  /// Some other app opens (App Review risk).
  case otherAppLaunch
  /// A web browser loads the URL (fallback platforms).
  case browser
  /// Nothing opens (for `open(url)`: the completion reports false).
  case nothing
  /// No rule decides this situation; TapRoute does not guess.
  case undecided
}

/// How the extension is presented when it launches.
public enum Presentation: String, Sendable, Hashable, Codable, CaseIterable {
  case expanded, compact
}

/// How sure the evidence behind a rule is, strongest first.
public enum Confidence: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
  /// Apple's documentation says so.
  case documented
  /// Several independent reports agree.
  case several
  /// One report.
  case single
  /// Reasoned from other evidence, not observed.
  case inferred
  /// Reports disagree; the rule picks one reading and its note says which.
  case contested

  /// Strength as a number: documented is strongest.
  var strength: Int {
    switch self {
    case .documented: 4
    case .several: 3
    case .single: 2
    case .inferred: 1
    case .contested: 0
    }
  }

  /// Weaker sorts first, so `min` of several confidences is the weakest.
  public static func < (a: Confidence, b: Confidence) -> Bool { a.strength < b.strength }
}

/// The answer for one situation, with the rule and evidence behind it.
public struct Decision: Sendable, Hashable, Codable {
  public var outcome: Outcome
  /// The URL that opens: the message URL for an extension launch or the browser, the
  /// `open(url)` URL for a container or other-app launch.
  public var url: String?
  /// The lifecycle callbacks that fire, in order (extension launches).
  public var callbacks: [Callback]?
  public var presentation: Presentation?
  /// The deciding rule as `table/rule-id`; nil when undecided.
  public var rule: String?
  public var evidence: [String]
  public var confidence: Confidence?
  public var notes: [String]
  /// For a composed decision, each decision in turn (the tap, then the redirect's open).
  public var steps: [Decision]?
  /// On a redirect step, the callback whose code called `open(url)`.
  public var trigger: Callback?
  /// With `explain`: every rule tried before the hit, and the condition that failed.
  public var trace: [TraceEntry]?

  public init(
    outcome: Outcome, url: String? = nil, callbacks: [Callback]? = nil, presentation: Presentation? = nil,
    rule: String? = nil, evidence: [String] = [], confidence: Confidence? = nil, notes: [String] = [],
    steps: [Decision]? = nil, trigger: Callback? = nil, trace: [TraceEntry]? = nil
  ) {
    self.outcome = outcome
    self.url = url
    self.callbacks = callbacks
    self.presentation = presentation
    self.rule = rule
    self.evidence = evidence
    self.confidence = confidence
    self.notes = notes
    self.steps = steps
    self.trigger = trigger
    self.trace = trace
  }

  /// The decision without any trace, at every depth (what `decide` returns).
  public var withoutTrace: Decision {
    var copy = self
    copy.trace = nil
    copy.steps = steps?.map(\.withoutTrace)
    return copy
  }
}

/// One rule tried before the deciding one, and the first of its conditions that failed.
public struct TraceEntry: Sendable, Hashable, Codable {
  /// `table/rule-id`.
  public var rule: String
  public var fact: Fact
  /// The condition as written in the table (`false`, `[iOS, iPadOS]`, `>=10`).
  public var expected: String
  /// The situation's value of the fact.
  public var actual: String

  public init(rule: String, fact: Fact, expected: String, actual: String) {
    self.rule = rule
    self.fact = fact
    self.expected = expected
    self.actual = actual
  }
}
