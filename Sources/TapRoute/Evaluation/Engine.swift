import Foundation

/// Decides what a tap or an `open(url)` call does, from compiled decision tables.
///
/// An engine is an immutable value: build it once and share it across threads.
/// `decide` never throws; a situation no rule matches yields ``Outcome/undecided``.
public struct Engine: Sendable {
  /// Where the decisions come from: generated Swift, or loaded tables. One enum of one
  /// reference (or a metatype), so that copying an engine, or reading ``builtIn``, is cheap.
  let source: DecisionSource

  /// The policies the engine was built from (for a compiled engine, parsed on first use).
  public var policies: PolicySet { interpreting.policies }
  /// The generated type a compiled engine decides through; nil for an interpreting one.
  var compiled: (any CompiledPolicies.Type)? {
    if case .generated(let generated) = source { return generated.policies }
    return nil
  }
  /// The OS version a situation without `osVersion` is decided for.
  public var newestOSVersion: OSVersion { source.newestOSVersion }
  /// The SDK version a situation without `app.sdkVersion` is decided for.
  public var newestSDKVersion: OSVersion { source.newestSDKVersion }
  /// The tables `explain` and `policies` read: this engine's own, or for a compiled one
  /// those of its generated type's interpreting engine (parsed on first use).
  var interpreting: EngineTables {
    switch source {
    case .tables(let tables): tables
    case .generated(let generated): generated.policies.interpreted.interpreting
    }
  }
  /// The compiled tap table (of ``interpreting``).
  var tap: CompiledTable { interpreting.tap }
  /// The compiled open table (of ``interpreting``).
  var open: CompiledTable { interpreting.open }

  /// MSMessage.url longer than this fails to send (D-3).
  public static let maximumMessageURLLength = 5_000

  /// Evidence the engine's own checks cite (not a table's rules): the URL length limit, and
  /// the send-time error that limit produces (N-14).
  package static let checkEvidence = ["D-3", "N-14"]

  /// An engine over the policies built into the library.
  ///
  /// Parses the decision tables only: the evidence registry, fixtures and the other parts of
  /// ``policies`` are parsed once per process, when one of them is first read
  /// (``PolicySet/builtIn()``).
  public init() throws(DiagnosticsError) {
    try self.init(policies: PolicySet.builtIn())
  }

  /// An engine over the policy files in `url` (a directory).
  public init(policiesAt url: URL) throws(DiagnosticsError) {
    try self.init(policies: PolicySet.load(directory: url))
  }

  /// An engine over loaded policies.
  ///
  /// Does not throw: loading proved what deciding needs (a table for each event, every fact,
  /// value and evidence id known), and a ``PolicySet`` is read-only, so nothing is checked
  /// again.
  public init(policies: PolicySet) {
    source = .tables(EngineTables(policies: policies))
  }

  /// What the situation does, without a trace.
  public func decide(_ situation: Situation) -> Decision {
    switch source {
    case .generated(let generated):
      let policies = generated.policies
      // The built-in type is called directly: its decide is inlined here and writes the
      // decision in place, where a call through the protocol's witness table copies it twice.
      if ObjectIdentifier(policies) == ObjectIdentifier(CompiledBuiltinPolicies.self) {
        return CompiledBuiltinPolicies.decide(situation)
      }
      return policies.decide(situation)
    case .tables(let tables): return Self.decideLean(TableRules(tables: tables), situation)
    }
  }

  /// What the situation does, with the trace of every rule tried before the deciding one.
  public func explain(_ situation: Situation) -> Decision {
    interpreting.evaluate(situation, tracing: true)
  }

  /// What the situation does, built eagerly as `explain` builds it but without the trace:
  /// the oracle the tests hold `decide` (built lazily) equal to.
  package func decideEagerly(_ situation: Situation) -> Decision {
    interpreting.evaluate(situation, tracing: false)
  }
}

extension EngineTables {
  func evaluate(_ situation: Situation, tracing: Bool) -> Decision {
    var decision = evaluateRules(situation, tracing: tracing)
    Engine.addRemarks(situation, .tables(self), to: &decision)
    return decision
  }

  private func evaluateRules(_ situation: Situation, tracing: Bool) -> Decision {
    switch situation.event {
    case .tap:
      let (tapDecision, tapHit) = single(
        tap, situation, event: .tap, url: situation.tap.url, tracing: tracing)
      var decision = tapDecision
      if let tapHit {
        decision.setAssumed(assumedMask(situation, hit: tapHit), from: assumedDefaults)
        if !situation.tap.redirect.hooks.isEmpty, tapDecision.alternatives != nil {
          decision.alternatives = tapAlternatives(tapDecision, situation, tapHit: tapHit, openHit: nil)
        }
      }
      let hooks = situation.tap.redirect.hooks
      // A live message's view fires no callback either: its redirect never runs (N-4).
      switch tapDecision.outcome {
      case .extensionLaunch, .transcriptView:
        if !hooks.isEmpty, let tapHit {
          decision = composeRedirect(decision, tapHit: tapHit, situation, tracing: tracing)
        }
      default: break
      }
      Engine.flagLongMessageURL(situation.tap.url, in: &decision)
      return decision
    default:
      // Every other event: the first matching rule of its table decides.
      let event = situation.event
      var (decision, hit) = single(
        table(event), situation, event: event, url: situation.eventURL, tracing: tracing)
      if let hit { decision.setAssumed(assumedMask(situation, hit: hit), from: assumedDefaults) }
      return decision
    }
  }

  /// Decides one table. `url` is the URL the event looks at (its scheme class is a fact).
  func single(
    _ table: CompiledTable, _ situation: Situation, event: Situation.Event, url: String?, tracing: Bool,
    extensionPoint: ExtensionPoint? = nil
  ) -> (decision: Decision, hit: Int?) {
    var facts = FactSnapshot(
      situation, event: event, url: url, defaultVersion: newestOSVersion, defaultSDKVersion: newestSDKVersion)
    if let extensionPoint { facts.extensionPoint = extensionPoint.index }
    let hit = table.firstMatch(facts)
    var decision: Decision
    if let hit {
      decision = table.templates[hit]
      if decision.outcome.carriesURL { decision.url = url }
      if url != nil, decision.alternatives != nil {
        decision.alternatives = Engine.alternatives(decision.alternatives, url: url)
      }
    } else {
      decision = table.undecided
    }
    if tracing { decision.trace = table.trace(facts, upTo: hit) }
    return (decision, hit)
  }

  /// Composes a tap that launches the extension with the `open(url)` its redirect code makes.
  ///
  /// The redirect runs in the first fired callback that is one of the situation's redirect
  /// hooks; which callbacks fire is table data, so the second-tap trap, its workaround and
  /// the already-selected case follow from the tap table alone.
  private func composeRedirect(_ tapDecision: Decision, tapHit: Int, _ situation: Situation, tracing: Bool)
    -> Decision
  {
    let hooks = situation.tap.redirect.hooks
    guard let hook = tapDecision.callbacks?.first(where: { hooks.contains(callback: $0) }) else {
      var decision = tapDecision
      decision.noteUnfired(Array(hooks))
      return decision
    }
    let redirectURL = situation.tap.redirect.url
    let (openStep, openHit) = single(
      open, situation, event: .open, url: redirectURL, tracing: tracing, extensionPoint: .messages)
    // Only a launch composes: a live message's view keeps its steps, undecided.
    guard let openHit, tap.templates[tapHit].outcome == .extensionLaunch else {
      return Engine.undecidedRedirect(tapDecision, hook: hook, openStep: openStep)
    }
    var decision = Engine.compose(tap.templates[tapHit], hook: hook, open.templates[openHit])
    decision.url = decision.outcome == .extensionLaunch ? situation.tap.url : redirectURL
    decision.setAssumed(assumedMask(situation, hit: tapHit, redirectHit: openHit), from: assumedDefaults)
    if let alternatives = tapAlternatives(decision, situation, tapHit: tapHit, openHit: openHit) {
      decision.alternatives = alternatives
    }
    if tracing, let steps = decision.steps, steps.count == 2 {
      var tapStep = steps[0]
      var openTraced = steps[1]
      tapStep.trace = tapDecision.trace
      openTraced.trace = openStep.trace
      decision.steps = [tapStep, openTraced]
      decision.trace = tapDecision.trace
    }
    return decision
  }
}

extension Engine {
  /// D-3: a message URL over 5,000 characters is decided as usual but cannot be sent.
  @usableFromInline
  static func flagLongMessageURL(_ url: String?, in decision: inout Decision) {
    guard let url, url.utf8.count > Self.maximumMessageURLLength else { return }
    let length = url.utf16.count
    guard length > Self.maximumMessageURLLength else { return }
    decision.notes.append(
      "MSMessage.url is \(length) characters, over the \(Self.maximumMessageURLLength) limit: inserting this message fails with urlExceedsMaxSize, so no recipient ever taps it (D-3)"
    )
    if !decision.evidence.contains("D-3") { decision.evidence.append("D-3") }
  }

  /// A tap whose redirect in `hook` no open rule decides: undecided, with both steps.
  static func undecidedRedirect(_ tapDecision: Decision, hook: Callback, openStep: Decision) -> Decision {
    var decision = tapDecision
    decision.outcome = .undecided
    decision.rule = nil
    decision.alternatives = nil
    decision.notes = tapDecision.notes + openStep.notes + ["the redirect in \(hook.rawValue) is undecided"]
    decision.steps = [tapDecision, openStep]
    return decision
  }

  /// The composed decision of a tap rule's launch, a redirect hook, and an open rule.
  /// Steps carry rule, outcome, evidence and trigger; the URL that opens is the composed
  /// decision's own `url`.
  static func compose(_ tapTemplate: Decision, hook: Callback, _ openTemplate: Decision) -> Decision {
    var openStep = openTemplate
    openStep.trigger = hook
    var decision: Decision
    switch openTemplate.outcome {
    case .containerLaunch, .otherAppLaunch:
      decision = openTemplate
      decision.callbacks = tapTemplate.callbacks
      decision.presentation = tapTemplate.presentation
      decision.notes =
        tapTemplate.notes + openTemplate.notes + [
          "\(hook.rawValue) calls open(url): the \(openTemplate.outcome == .containerLaunch ? "container app" : "other app") opens and the extension resigns active (S004-10)"
        ]
    default:
      decision = tapTemplate
      decision.notes =
        tapTemplate.notes + openTemplate.notes + [
          "\(hook.rawValue) calls open(url) but nothing opens (completion reports false); the extension stays"
        ]
    }
    decision.evidence =
      tapTemplate.evidence + openTemplate.evidence.filter { !tapTemplate.evidence.contains($0) }
    decision.confidence = [tapTemplate.confidence, openTemplate.confidence].compactMap { $0 }.min()
    decision.trigger = nil
    decision.steps = [tapTemplate, openStep]
    decision.alternatives = nil  // composed per situation (Engine+Alternatives)
    return decision
  }
}
