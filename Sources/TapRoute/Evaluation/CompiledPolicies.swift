/// Decision tables compiled to Swift by `taproute generate swift`: what a generated type
/// provides so that ``Engine/init(compiled:)`` decides through it.
///
/// Write none of this by hand: the generator emits a type conforming to it, the library's own
/// built-in decisions use one (``Engine/builtIn``), and the `TapRouteGenerate` build-tool
/// plugin makes one from a target's `Policies/` folder. Deciding reads no policy file: the
/// first matching rule comes from a `switch` per fact, and a decision is a few indices into
/// the static rule data below, turned into strings only when a field is read.
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
  static func testedFacts(_ table: Situation.Event, _ rule: Int) -> UInt32
  /// True when rule `rule` of the `table` table is contested (it has other readings): its
  /// decisions are made by ``interpreted``, which builds their `alternatives`.
  static func contested(_ table: Situation.Event, _ rule: Int) -> Bool
  /// The redirect hooks among tap rule `rule`'s callbacks, in firing order, 4 bits each
  /// (the hook's index in `Situation.Redirect.Hook.allCases` + 1, first hook lowest).
  static func tapRedirectHooks(_ rule: Int) -> UInt64
  /// The policies the tables were generated from, parsed: what ``Engine/policies`` and
  /// ``Engine/explain(_:)`` read (parsed on first use, never by `decide`).
  static func loadPolicies() throws(DiagnosticsError) -> PolicySet
  /// An interpreting engine over ``loadPolicies()``, made once on first use; declare it as
  /// `static let interpreted = Engine(interpreting: Self.self)`.
  static var interpreted: Engine { get }
}

/// A compiled table's name and the data of its rules, for reading a decision's fields.
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

  /// Rule data as the generator writes it.
  public init(
    id: String, outcome: Outcome, callbacks: [Situation.Callback]? = nil, presentation: Presentation? = nil,
    evidence: [String], confidence: Confidence, note: String? = nil
  ) {
    self.id = id
    self.outcome = outcome
    self.callbacks = callbacks
    self.presentation = presentation
    self.evidence = evidence
    self.confidence = confidence
    self.note = note
  }
}

extension CompiledPolicies {
  /// The template decision of rule `rule` of `table`: what the interpreter's compiled
  /// table holds for it.
  static func template(_ table: CompiledTableData, _ rule: Int) -> Decision {
    guard table.rules.indices.contains(rule) else { return Decision.undecided(table: table.name) }
    let data = table.rules[rule]
    return Decision(
      outcome: data.outcome, callbacks: data.callbacks, presentation: data.presentation,
      rule: "\(table.name)/\(data.id)", evidence: data.evidence, confidence: data.confidence,
      notes: data.note.map { [$0] } ?? [])
  }

  /// Decides `situation` as ``Engine/decide(_:)`` does for the interpreted tables, from the
  /// generated first-match functions. Allocates nothing and retains nothing but the URL
  /// string the decision carries (unless that URL is over the D-3 limit, whose note is
  /// written at once).
  static func decideCompiled(_ situation: Situation) -> Decision {
    switch situation.event {
    case .open:
      let url = situation.open.url
      let rule = openRule(situation, url: url, extensionPoint: situation.open.extensionPoint)
      guard rule >= 0 else {
        return Decision(outcome: .undecided, compiled: CompiledHit(Self.self, .undecided, event: .open))
      }
      if contested(.open, rule) { return interpreted.decide(situation) }
      let outcome = openOutcome(rule)
      var decision = Decision(
        outcome: outcome, url: outcome.carriesURL ? url : nil,
        compiled: CompiledHit(Self.self, .rule, event: .open, tapRule: 0, openRule: rule))
      decision.setAssumed(compiled: testedFacts(.open, rule) & situation.leftOut)
      return decision
    case .tap:
      let url = situation.tap.url
      var decision = decideTap(situation, url: url)
      if decision.isInterpreted { return decision }
      if let url, url.utf8.count > Engine.maximumMessageURLLength {
        Engine.flagLongMessageURL(url, in: &decision)
      }
      return decision
    }
  }

  private static func decideTap(_ situation: Situation, url: String?) -> Decision {
    let tap = tapRule(situation)
    guard tap >= 0 else {
      return Decision(outcome: .undecided, compiled: CompiledHit(Self.self, .undecided, event: .tap))
    }
    if contested(.tap, tap) { return interpreted.decide(situation) }
    let outcome = tapOutcome(tap)
    let single = CompiledHit(Self.self, .rule, event: .tap, tapRule: tap)
    let hooks = situation.tap.redirect.hooks.mask
    let leftOut = situation.leftOut
    let assumed = testedFacts(.tap, tap) & leftOut
    switch outcome {
    case .extensionLaunch, .transcriptView: break
    default:
      var decision = Decision(outcome: outcome, url: outcome.carriesURL ? url : nil, compiled: single)
      decision.setAssumed(compiled: assumed)
      return decision
    }
    guard hooks != 0 else {
      var decision = Decision(outcome: outcome, url: url, compiled: single)
      decision.setAssumed(compiled: assumed)
      return decision
    }
    // The first of the rule's callbacks (in firing order) that holds redirect code.
    var candidates = tapRedirectHooks(tap)
    var hook = -1
    while candidates != 0 {
      let index = Int(truncatingIfNeeded: candidates & 0xF) - 1
      if index >= 0, index < 8, hooks & (1 << UInt8(index)) != 0 {
        hook = index
        break
      }
      candidates >>= 4
    }
    guard hook >= 0 else {
      var decision = Decision(outcome: outcome, url: url, compiled: single)
      decision.setAssumed(compiled: assumed)
      decision.noteUnfired(mask: hooks)
      return decision
    }
    // A live message's view whose callbacks hold redirect code never composes: the
    // interpreter says how (no table ships one).
    guard case .extensionLaunch = outcome else { return interpreted.decide(situation) }
    let redirectURL = situation.tap.redirect.url
    let open = openRule(situation, url: redirectURL, extensionPoint: .messages)
    guard open >= 0 else {
      var decision = Decision(
        outcome: .undecided, url: url,
        compiled: CompiledHit(Self.self, .redirectUndecided, event: .tap, tapRule: tap, hook: hook))
      decision.setAssumed(compiled: assumed)
      return decision
    }
    if contested(.open, open) { return interpreted.decide(situation) }
    // The redirect's URL is its own field; its extension point is the Messages extension.
    var redirectLeftOut = leftOut & ~(Fact.urlClass.bit | Fact.urlNeedsEncoding.bit | Fact.extensionPoint.bit)
    if redirectURL == nil { redirectLeftOut |= Fact.urlClass.bit | Fact.urlNeedsEncoding.bit }
    let composedAssumed = assumed | testedFacts(.open, open) & redirectLeftOut
    let composed = CompiledHit(Self.self, .composed, event: .tap, tapRule: tap, openRule: open, hook: hook)
    var decision: Decision
    switch openOutcome(open) {
    case .containerLaunch:
      decision = Decision(outcome: .containerLaunch, url: redirectURL, compiled: composed)
    case .otherAppLaunch: decision = Decision(outcome: .otherAppLaunch, url: redirectURL, compiled: composed)
    default: decision = Decision(outcome: outcome, url: url, compiled: composed)
    }
    decision.setAssumed(compiled: composedAssumed)
    return decision
  }
}

extension Outcome {
  /// True for the outcomes whose decision names the URL that opens.
  var carriesURL: Bool {
    switch self {
    case .extensionLaunch, .transcriptView, .browser, .containerLaunch, .otherAppLaunch: true
    default: false
    }
  }
}

/// Where a compiled decision came from: the generated type and the indices of the rules,
/// from which every field but `outcome` and `url` is produced when it is read.
struct CompiledHit: Sendable {
  enum Kind: UInt8, Sendable {
    /// Rule `tapRule` or `openRule` of the `event` table.
    case rule
    /// No rule of the `event` table matches.
    case undecided
    /// A tap launching the extension, whose redirect in `hook` opens by `openRule`.
    case composed
    /// As `composed`, but no open rule decides the redirect.
    case redirectUndecided
  }

  let policies: any CompiledPolicies.Type
  let tapRule: Int32
  let openRule: Int32
  let kind: Kind
  let event: Situation.Event
  /// Index in `Situation.Redirect.Hook.allCases`.
  let hook: UInt8

  init(
    _ policies: any CompiledPolicies.Type, _ kind: Kind, event: Situation.Event, tapRule: Int = 0,
    openRule: Int = 0, hook: Int = 0
  ) {
    self.policies = policies
    self.kind = kind
    self.event = event
    self.tapRule = Int32(truncatingIfNeeded: tapRule)
    self.openRule = Int32(truncatingIfNeeded: openRule)
    self.hook = UInt8(truncatingIfNeeded: hook)
  }

  /// The same rules of the same generated type.
  func same(as other: CompiledHit) -> Bool {
    ObjectIdentifier(policies) == ObjectIdentifier(other.policies) && kind == other.kind
      && event == other.event && tapRule == other.tapRule && openRule == other.openRule && hook == other.hook
  }

  /// The decision's fields, built as the interpreter builds them (the differential tests
  /// hold both equal). `url` is the decision's URL, which an undecided redirect's tap step
  /// repeats.
  func decision(url: String?, assumed: UInt32) -> Decision {
    let tapTable = policies.tapTable
    let openTable = policies.openTable
    switch kind {
    case .rule:
      return event == .tap
        ? policies.template(tapTable, Int(tapRule)) : policies.template(openTable, Int(openRule))
    case .undecided:
      return Decision.undecided(table: event == .tap ? tapTable.name : openTable.name)
    case .composed:
      return Engine.compose(
        policies.template(tapTable, Int(tapRule)), hook: callback, policies.template(openTable, Int(openRule))
      )
    case .redirectUndecided:
      var tapStep = policies.template(tapTable, Int(tapRule))
      tapStep.url = url
      tapStep.setAssumed(assumed, from: assumedDefaults)
      return Engine.undecidedRedirect(
        tapStep, hook: callback, openStep: Decision.undecided(table: openTable.name))
    }
  }

  /// The table and rule whose callbacks and presentation the decision shows: the tap rule
  /// of a composed or undecided redirect (the launch happened), else the deciding rule.
  private var shown: (table: Situation.Event, rule: Int)? {
    kind == .undecided ? nil : (event, Int(event == .tap ? tapRule : openRule))
  }

  /// The default of every fact, as the interpreter's engine holds them.
  var assumedDefaults: AssumedValues {
    AssumedValues(
      Engine.assumedDefaults(newestOS: policies.newestOSVersion, newestSDK: policies.newestSDKVersion))
  }

  /// `callbacks`, without building the other fields.
  var callbacks: [Situation.Callback]? { shown.flatMap { policies.callbacks($0.table, $0.rule) } }

  /// `presentation`, without building the other fields.
  var presentation: Presentation? { shown.flatMap { policies.presentation($0.table, $0.rule) } }

  /// `confidence`, without building the other fields: a composed decision is as sure as the
  /// weaker of its rules.
  var confidence: Confidence? {
    guard let (table, rule) = shown else { return nil }
    let rules = table == .tap ? policies.tapTable.rules : policies.openTable.rules
    guard rules.indices.contains(rule) else { return nil }
    guard kind == .composed else { return rules[rule].confidence }
    let shown = rules[rule]
    let open = policies.openTable.rules
    return open.indices.contains(Int(openRule)) ? min(shown.confidence, open[Int(openRule)].confidence) : nil
  }

  private var callback: Situation.Callback {
    let hooks = Situation.Redirect.Hook.allCases
    return hooks.indices.contains(Int(hook)) ? hooks[Int(hook)].callback : .didSelect
  }
}

extension Engine {
  /// An engine deciding through tables compiled to Swift by `taproute generate swift`.
  ///
  /// `decide` runs the generated code alone: no policy file is read or parsed, and a
  /// decision holds indices into the generated rule data. ``policies`` and ``explain(_:)``
  /// parse the policies the code was generated from on first use.
  public init(compiled: any CompiledPolicies.Type) {
    self.init(compiledOnly: compiled)
  }

  /// An interpreting engine over the policies a generated type was made from; what the
  /// generated `interpreted` property holds. Should they fail to load (the generator loaded
  /// them cleanly, so only a hand-edited file can), every decision is undecided and the load
  /// errors are the policies' warnings.
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
  static func undecided(table name: String) -> Decision {
    Decision(
      outcome: .undecided,
      notes: ["no rule of table \"\(name)\" matches this situation; TapRoute does not guess"])
  }
}
