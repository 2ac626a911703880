/// Decision tables compiled to Swift by `taproute generate swift`: what a generated type
/// provides so that ``Engine/init(compiled:)`` decides through it.
///
/// Write none of this by hand: the generator emits a type conforming to it, the library's own
/// built-in decisions use one (``Engine/builtIn``), and the `TapRouteGenerate` build-tool
/// plugin makes one from a target's `Policies/` folder. Deciding reads no policy file: the
/// first matching rule comes from a `switch` per fact, and a decision is a few indices into
/// the static rule data below, turned into strings only when a field is read.
///
/// Generated code's API, not a client's: it is `@_spi(Generated)` (as swift-openapi-runtime
/// marks what its generated code calls), so a plain `import TapRoute` does not see it and
/// generated files say `@_spi(Generated) import TapRoute`. A client decides through the
/// generated type's `engine`.
@_spi(Generated)
public protocol CompiledPolicies: Sendable {
  /// The OS version a situation without `osVersion` is decided for.
  static var newestOSVersion: OSVersion { get }
  /// The SDK version a situation without `app.sdkVersion` is decided for.
  static var newestSDKVersion: OSVersion { get }
  /// The index of the first rule of `event`'s table matching `situation`, -1 for none (or
  /// for an event the type has no table for): the generator writes one function per table
  /// and this `switch` over them.
  static func rule(_ event: Situation.Event, _ situation: Situation) -> Int
  /// The index of the first rule of `step`'s table matching `situation` with the facts the
  /// step sets taken from it instead of the situation (how a tap's redirect opens its URL,
  /// and how a delivery composes after the rule that opened the container app), -1 for none.
  static func composedRule(_ step: ComposedStep, _ situation: Situation) -> Int
  /// What deciding reads of rule `rule` of `event`'s table; ``RuleData/undecided`` for an
  /// index out of range.
  static func ruleData(_ event: Situation.Event, _ rule: Int) -> RuleData
  /// The callbacks of rule `rule` of `event`'s table (read on access to a decision's
  /// `callbacks`, which is cheaper as a `switch` than through the rule data).
  static func callbacks(_ event: Situation.Event, _ rule: Int) -> [Situation.Callback]?
  /// The name and rule data of `event`'s table; nil for an event the type has no table for
  /// (a type generated before the event existed).
  static func table(_ event: Situation.Event) -> CompiledTableData?
  /// Decides `situation` from the functions above. Do not implement it: the default
  /// implementation is the engine's algorithm, `@inlinable`, so specialized for the
  /// generated type in the type's own module.
  static func decide(_ situation: Situation) -> Decision
  /// The policies the tables were generated from, parsed: what ``Engine/policies`` and
  /// ``Engine/explain(_:)`` read (parsed on first use, never by `decide`).
  static func loadPolicies() throws(DiagnosticsError) -> PolicySet
  /// An interpreting engine over ``loadPolicies()``, made once on first use; declare it as
  /// `static let interpreted = Engine(interpreting: Self.self)`.
  static var interpreted: Engine { get }
}

/// What deciding reads of one rule, whether the rule is generated Swift
/// (``CompiledPolicies/ruleData(_:_:)``) or a loaded table's (the interpreter's compiled
/// table): the one list of a rule's fields the decide path reads, but its callbacks. Plain
/// values only, so that reading it copies no reference (with the callbacks array in it,
/// every read of a field copied the whole rule through its value witness: about 55
/// instructions a decision).
///
/// In two parts, because the generator writes each part's values as a static array: an
/// array whose elements hold more than six scalars (a ``FactMask`` is two) is not
/// initialized at compile time, and the first decision of a process then built it, with the
/// runtime's metadata for its type (about 47,000 instructions).
@_spi(Generated)
public struct RuleData: Sendable, Hashable {
  /// The facts the rule tests, as ``Fact/bit``s: what a decision by it rests on (the mask
  /// `Decision.assumed` is kept as).
  public var tested: FactMask
  /// What the rule decides.
  public var decides: Decides

  /// What a rule decides, as deciding reads it (at most six scalars: see ``RuleData``).
  public struct Decides: Sendable, Hashable {
    /// The outcome.
    public var outcome: Outcome
    /// How the extension presents (extension launches).
    public var presentation: Presentation?
    /// How sure the rule's evidence makes it; nil for no rule.
    public var confidence: Confidence?
    /// True when the rule is contested (it has other readings): its decisions keep what
    /// their `alternatives` read of the situation, and build them when read.
    public var contested: Bool
    /// What a delivery composed after the rule is decided with: its `then.handoff`, nil when
    /// it says nothing or names its own `appCallbacks` (``AppDelivery/composedHandoff``).
    public var handoff: Situation.Handoff?
    /// The redirect hooks among the rule's callbacks, in firing order, 4 bits each (the
    /// hook's index in `Situation.Redirect.Hook.allCases` + 1, first hook lowest), for a rule
    /// that launches the extension (whose code can call `open(url)`); 0 for any other.
    public var redirectHooks: UInt64

    /// What a rule decides, as the generator writes it (the fields it does not have left out).
    @inlinable
    public init(
      outcome: Outcome, presentation: Presentation? = nil, confidence: Confidence? = nil,
      contested: Bool = false, handoff: Situation.Handoff? = nil, redirectHooks: UInt64 = 0
    ) {
      self.outcome = outcome
      self.presentation = presentation
      self.confidence = confidence
      self.contested = contested
      self.handoff = handoff
      self.redirectHooks = redirectHooks
    }

    /// True when a decision by the rule names the event's URL
    /// (``Outcome/carriesURL(handoff:)``), the handoff read only for the outcomes that are
    /// handed something: the launches of the container app and of an App Clip.
    @inlinable
    var namesURL: Bool {
      switch outcome {
      case .containerLaunch, .appClipLaunch: outcome.carriesURL(handoff: handoff)
      default: outcome.carriesURL
      }
    }
  }

  /// Rule data from its parts.
  @inlinable
  public init(tested: FactMask, decides: Decides) {
    self.tested = tested
    self.decides = decides
  }

  /// The data of a rule that decides nothing (an index out of range).
  @inlinable
  public static var undecided: RuleData { RuleData(tested: 0, decides: Decides(outcome: .undecided)) }
}

extension RuleData {
  /// The data of `rule`: what the interpreter's compiled table keeps and the generator writes.
  package init(_ rule: Rule) {
    let launches = rule.then.outcome == .extensionLaunch || rule.then.outcome == .transcriptView
    self.init(
      tested: rule.conditions.reduce(0) { $0 | $1.fact.bit },
      decides: Decides(
        outcome: rule.then.outcome, presentation: rule.then.presentation, confidence: rule.confidence,
        contested: !rule.alternatives.isEmpty, handoff: rule.then.delivery?.composedHandoff,
        redirectHooks: launches ? Situation.Redirect.Hooks.packed(rule.then.callbacks ?? []) : 0))
  }
}

extension RuleData.Decides {
  /// The value as the generator writes it: `RuleData.Decides(outcome: .nothing)`, the fields
  /// at their defaults left out.
  package var sourceLiteral: String {
    var fields = ["outcome: .\(outcome.rawValue)"]
    if let presentation { fields.append("presentation: .\(presentation.rawValue)") }
    if let confidence { fields.append("confidence: .\(confidence.rawValue)") }
    if contested { fields.append("contested: true") }
    if let handoff { fields.append("handoff: .\(handoff.rawValue)") }
    if redirectHooks != 0 { fields.append("redirectHooks: 0x\(String(redirectHooks, radix: 16))") }
    return "RuleData.Decides(\(fields.joined(separator: ", ")))"
  }
}

/// A step of a decision composed after a rule of another table, and what it takes from that
/// rule rather than from the situation: the first rule of ``event``'s table matching the
/// situation with those facts decides it (``CompiledPolicies/composedRule(_:_:)``).
@_spi(Generated)
public enum ComposedStep: Sendable {
  /// An `open(url)` made by code in an extension the rule launched (a tap's redirect):
  /// `url`, opened from `extensionPoint`. The open table decides it.
  case open(url: String?, from: Situation.Open.ExtensionPoint)
  /// The container app, opened by the rule, handed `handoff`. The delivery table decides it.
  case delivery(handoff: Situation.Handoff)

  /// The `open(url)` the redirect code of a tap on `situation` makes: the redirect's URL,
  /// from the Messages extension.
  @inlinable
  public static func redirect(of situation: Situation) -> ComposedStep {
    .open(url: situation.tap.redirect.url, from: .messages)
  }

  /// The event whose table decides the step.
  @inlinable
  public var event: Situation.Event {
    switch self {
    case .open: .open
    case .delivery: .delivery
    }
  }

  /// The facts the step sets, which a decision of it does not assume.
  @inlinable
  var sets: FactMask {
    switch self {
    case .open: Fact.urlClass.bit | Fact.urlNeedsEncoding.bit | Fact.extensionPoint.bit
    case .delivery: Fact.handoff.bit
    }
  }

  /// The facts the step leaves out whatever the situation says: an open of no URL, the
  /// URL's.
  @inlinable
  var leavesOut: FactMask {
    guard case .open(nil, _) = self else { return 0 }
    return Fact.urlClass.bit | Fact.urlNeedsEncoding.bit
  }

  /// The facts the step leaves out of `situation` (``Situation/leftOut``): the situation's,
  /// but those the step sets.
  @inlinable
  func leftOut(_ situation: Situation) -> FactMask {
    situation.leftOut & ~sets | leavesOut
  }
}

extension Situation {
  /// The situation of `step` composed after a rule deciding this one: its event, with the
  /// facts the step sets (and those it leaves out) in place of this situation's. What a
  /// composed step is decided as on its own (the simulator's redirect, a step's trace).
  func composing(_ step: ComposedStep) -> Situation {
    var composed = self
    composed.event = step.event
    switch step {
    case .open(let url, let extensionPoint):
      composed.open.url = url
      composed.open.extensionPoint = extensionPoint
    case .delivery(let handoff):
      composed.delivery.handoff = handoff
    }
    composed.unspecifiedMask = unspecifiedMask & ~step.sets | step.leavesOut
    return composed
  }
}

/// A compiled table's name and the data of its rules, for reading a decision's fields.
@_spi(Generated)
public struct CompiledTableData: Sendable {
  /// The table's name (`tap`, `open`), which rule names begin with.
  public var name: String
  /// Every rule, in table order.
  public var rules: [CompiledRule]

  /// Table data as the generator writes it.
  public init(name: String, rules: [CompiledRule]) {
    self.name = name
    self.rules = rules
  }
}

/// What one rule of a compiled table decides, as written in its policy file.
@_spi(Generated)
public struct CompiledRule: Sendable {
  /// The rule's id within its table.
  public var id: String
  /// What the rule decides.
  public var outcome: Outcome
  /// The lifecycle callbacks that fire, in order (extension launches).
  public var callbacks: [Situation.Callback]?
  /// How the extension presents (extension launches).
  public var presentation: Presentation?
  /// The evidence ids the rule cites.
  public var evidence: [String]
  /// How sure its evidence makes the rule.
  public var confidence: Confidence
  /// The rule's note, if any.
  public var note: String?
  /// For a contested rule, its other readings, in table order.
  public var alternatives: [CompiledAlternative]
  /// What the container app is handed and receives, if the rule says.
  public var delivery: AppDelivery?

  /// Rule data as the generator writes it.
  public init(
    id: String, outcome: Outcome, callbacks: [Situation.Callback]? = nil, presentation: Presentation? = nil,
    evidence: [String], confidence: Confidence, note: String? = nil, alternatives: [CompiledAlternative] = [],
    delivery: AppDelivery? = nil
  ) {
    self.delivery = delivery
    self.id = id
    self.outcome = outcome
    self.callbacks = callbacks
    self.presentation = presentation
    self.evidence = evidence
    self.confidence = confidence
    self.note = note
    self.alternatives = alternatives
  }
}

/// One other reading of a contested rule, as written in its policy file.
@_spi(Generated)
public struct CompiledAlternative: Sendable {
  /// What the rule decides under this reading.
  public var outcome: Outcome
  /// The lifecycle callbacks that fire under this reading (extension launches).
  public var callbacks: [Situation.Callback]?
  /// How the extension presents under this reading (extension launches).
  public var presentation: Presentation?
  /// The evidence ids for this reading.
  public var evidence: [String]
  /// The reading's note, if any.
  public var note: String?
  /// What the container app is handed and receives under this reading, if it says.
  public var delivery: AppDelivery?

  /// Alternative data as the generator writes it.
  public init(
    outcome: Outcome, callbacks: [Situation.Callback]? = nil, presentation: Presentation? = nil,
    evidence: [String], note: String? = nil, delivery: AppDelivery? = nil
  ) {
    self.delivery = delivery
    self.outcome = outcome
    self.callbacks = callbacks
    self.presentation = presentation
    self.evidence = evidence
    self.note = note
  }
}

extension CompiledPolicies {
  /// The template decision of rule `rule` of `table`: what the interpreter's compiled
  /// table holds for it.
  package static func template(_ table: CompiledTableData, _ rule: Int) -> Decision {
    guard table.rules.indices.contains(rule) else { return Decision.undecided(table: table.name) }
    let data = table.rules[rule]
    let name = "\(table.name)/\(data.id)"
    return Decision(
      outcome: data.outcome, callbacks: data.callbacks, presentation: data.presentation,
      rule: name, evidence: data.evidence, confidence: data.confidence,
      notes: data.note.map { [$0] } ?? [],
      alternatives: data.alternatives.isEmpty
        ? nil
        : data.alternatives.map { alternative in
          Decision(
            outcome: alternative.outcome, callbacks: alternative.callbacks,
            presentation: alternative.presentation,
            rule: name, evidence: alternative.evidence, notes: alternative.note.map { [$0] } ?? [],
            delivery: alternative.delivery)
        },
      delivery: data.delivery)
  }
}

extension Outcome {
  /// True for the outcomes whose decision names the URL that opens.
  @inlinable
  package var carriesURL: Bool {
    switch self {
    case .extensionLaunch, .transcriptView, .browser, .containerLaunch, .otherAppLaunch, .appClipLaunch,
      .appLaunch, .disambiguationDialog:
      true
    default: false
    }
  }

  /// True when a decision with this outcome and `handoff` (its rule's `then.handoff`) names
  /// a URL: the URL field is what the app receives, so a rule that hands it a user activity,
  /// an intent, a notification response or nothing names none, even where the tapped view
  /// carried one (a `Link` in a small widget). No handoff (a rule that says nothing of it)
  /// keeps the URL.
  @inlinable
  package func carriesURL(handoff: Situation.Handoff?) -> Bool {
    guard carriesURL else { return false }
    switch handoff {
    case nil, .url?, .universalLink?: return true
    case .userActivity?, .notificationResponse?, .shortcutItem?, .intent?, .nothing?: return false
    }
  }
}

extension Engine {
  /// An engine deciding through tables compiled to Swift by `taproute generate swift`.
  ///
  /// `decide` runs the generated code alone: no policy file is read or parsed, and a
  /// decision holds indices into the generated rule data. ``policies`` and ``explain(_:)``
  /// parse the policies the code was generated from on first use.
  @_spi(Generated)
  public init(compiled: any CompiledPolicies.Type) {
    source = .compiled(.generated(GeneratedType(compiled)))
  }

  /// An interpreting engine over the policies a generated type was made from; what the
  /// generated `interpreted` property holds. Should they fail to load (the generator loaded
  /// them cleanly, so only a hand-edited file can), every decision is undecided and the load
  /// errors are the policies' warnings.
  @_spi(Generated)
  public init(interpreting compiled: any CompiledPolicies.Type) {
    do throws(DiagnosticsError) {
      try self.init(policies: compiled.loadPolicies())
    } catch {
      self.init(failedToLoad: error.diagnostics)
    }
  }
}

extension Decision {
  /// The decision of a table no rule of which matches.
  package static func undecided(table name: String) -> Decision {
    Decision(
      outcome: .undecided,
      notes: ["no rule of table \"\(name)\" matches this situation; TapRoute does not guess"])
  }
}
