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
  /// The tap table's name and rule data, in rule order.
  static var tapTable: CompiledTableData { get }
  /// The open table's name and rule data, in rule order.
  static var openTable: CompiledTableData { get }
  /// The index of the first tap rule matching `situation`, -1 for none.
  static func tapRule(_ situation: Situation) -> Int
  /// The index of the first open rule matching `situation` with `url` opened from
  /// `extensionPoint` (a redirect is an open from the Messages extension), -1 for none.
  static func openRule(_ situation: Situation, url: String?, extensionPoint: Situation.Open.ExtensionPoint)
    -> Int
  /// The index of the first rule of `event`'s table matching `situation`, -1 for none, for
  /// every event but `tap` and `open` (which have their own functions above): the generator
  /// writes one function per table and this `switch` over them.
  static func rule(_ event: Situation.Event, _ situation: Situation) -> Int
  /// The name and rule data of `event`'s table; nil for an event the type has no table for
  /// (a type generated before the event existed).
  static func table(_ event: Situation.Event) -> CompiledTableData?
  /// The outcome of rule `rule` of `event`'s table, for every event but `tap` and `open`.
  static func outcome(_ event: Situation.Event, _ rule: Int) -> Outcome
  /// The outcome of tap rule `rule`.
  static func tapOutcome(_ rule: Int) -> Outcome
  /// The outcome of open rule `rule`.
  static func openOutcome(_ rule: Int) -> Outcome
  /// The callbacks of rule `rule` of the `table` table (read on access to a decision's
  /// `callbacks`, which is cheaper as a `switch` than through the rule data).
  static func callbacks(_ table: Situation.Event, _ rule: Int) -> [Situation.Callback]?
  /// The presentation of rule `rule` of the `table` table.
  static func presentation(_ table: Situation.Event, _ rule: Int) -> Presentation?
  /// The facts rule `rule` of the `table` table tests, one bit per fact (the mask `Decision.assumed` is kept as).
  static func testedFacts(_ table: Situation.Event, _ rule: Int) -> FactMask
  /// True when rule `rule` of the `table` table is contested (it has other readings): its
  /// decisions keep what their `alternatives` read of the situation, and build them when read.
  static func contested(_ table: Situation.Event, _ rule: Int) -> Bool
  /// The redirect hooks among tap rule `rule`'s callbacks, in firing order, 4 bits each
  /// (the hook's index in `Situation.Redirect.Hook.allCases` + 1, first hook lowest).
  static func tapRedirectHooks(_ rule: Int) -> UInt64
  /// What a delivery composed after rule `rule` of the `table` table is decided with: its
  /// `then.handoff`, nil when it says nothing or names its own `appCallbacks`
  /// (``AppDelivery/composedHandoff``).
  static func handoff(_ table: Situation.Event, _ rule: Int) -> Situation.Handoff?
  /// The index of the first rule of `event`'s table matching `situation` with the handoff
  /// fact taken as `handoff` instead of the situation's (how a delivery composes after the
  /// rule that opened the container app), -1 for none.
  static func composedRule(_ event: Situation.Event, _ situation: Situation, handoff: Situation.Handoff)
    -> Int
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
  /// A type generated for the `tap` and `open` tables alone decides no other event.
  @inlinable
  public static func rule(_ event: Situation.Event, _ situation: Situation) -> Int { -1 }

  /// A type generated for the `tap` and `open` tables alone has those two.
  public static func table(_ event: Situation.Event) -> CompiledTableData? {
    switch event {
    case .tap: tapTable
    case .open: openTable
    default: nil
    }
  }

  /// Read from the table data (the generator writes a `switch` instead).
  public static func handoff(_ table: Situation.Event, _ rule: Int) -> Situation.Handoff? {
    guard let rules = self.table(table)?.rules, rules.indices.contains(rule) else { return nil }
    return rules[rule].delivery?.handoff
  }

  /// Decided on a copy of `situation` with the handoff set (the generator passes the handoff
  /// to the delivery table's function instead, with no copy).
  public static func composedRule(
    _ event: Situation.Event, _ situation: Situation, handoff: Situation.Handoff
  ) -> Int {
    guard let handoffFact = Engine.handoffFact else { return -1 }
    var step = situation
    step.event = event
    guard step.setFinite(handoffFact, index: handoff.index) else { return -1 }
    return rule(event, step)
  }

  /// Read from the table data (the generator writes a `switch` instead).
  @inlinable
  public static func outcome(_ event: Situation.Event, _ rule: Int) -> Outcome {
    guard let rules = table(event)?.rules, rules.indices.contains(rule) else { return .undecided }
    return rules[rule].outcome
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
    case .extensionLaunch, .transcriptView, .browser, .containerLaunch, .otherAppLaunch, .appClipLaunch: true
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
    source =
      ObjectIdentifier(compiled) == ObjectIdentifier(CompiledBuiltinPolicies.self)
      ? .builtIn : .generated(GeneratedType(compiled))
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
