import Foundation

/// Decides what a tap or an `open(url)` call does, from compiled decision tables.
///
/// An engine is an immutable value: build it once and share it across threads.
/// `decide` never throws; a situation no rule matches yields ``Outcome/undecided``.
public struct Engine: Sendable {
  /// Where the decisions come from: generated Swift, or loaded tables. One enum of one
  /// reference (or a metatype), so that copying an engine, or reading ``builtIn``, is cheap.
  @usableFromInline package let source: DecisionSource

  /// An engine deciding through `source`.
  @inlinable package init(source: DecisionSource) {
    self.source = source
  }

  /// The policies the engine was built from (for a compiled engine, parsed on first use).
  public var policies: PolicySet { interpreting.policies }
  /// The generated type a compiled engine decides through; nil for an interpreting one.
  package var compiled: (any CompiledPolicies.Type)? {
    switch source {
    case .compiled(let compiled): compiled.policies
    case .tables: nil
    }
  }
  /// The OS version a situation without `osVersion` is decided for.
  public var newestOSVersion: OSVersion { source.newestOSVersion }
  /// The SDK version a situation without `app.sdkVersion` is decided for.
  public var newestSDKVersion: OSVersion { source.newestSDKVersion }
  /// The tables `explain` and `policies` read: this engine's own, or for a compiled one
  /// those of its generated type's interpreting engine (parsed on first use).
  package var interpreting: EngineTables {
    switch source {
    case .tables(let tables): tables
    case .compiled(let compiled): compiled.policies.interpreted.interpreting
    }
  }

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
    case .compiled(let compiled):
      let policies = compiled.policies
      // The built-in type is called directly: its decide is inlined here and writes the
      // decision in place, where a call through the protocol's witness table copies it twice.
      if ObjectIdentifier(policies) == ObjectIdentifier(CompiledBuiltinPolicies.self) {
        return CompiledBuiltinPolicies.decide(situation)
      }
      return policies.decide(situation)
    case .tables(let tables): return Self.decideInterpreted(tables, situation)
    }
  }

  /// ``decide(_:)`` through loaded tables: out of line, so that the built-in type's decide,
  /// inlined in `decide`, writes its decision in place (with both inlined, `decide` grew past
  /// the size the optimizer inlines into, and the built-in's decision was copied out of its
  /// own frame: about 70 instructions a decision).
  @inline(never)
  package static func decideInterpreted(_ tables: consuming EngineTables, _ situation: Situation) -> Decision
  {
    decideLean(TableRules(tables: tables), situation)
  }

  /// What the situation does, with the trace of every rule tried before the deciding one.
  public func explain(_ situation: Situation) -> Decision {
    interpreting.evaluate(situation, tracing: true)
  }

  /// What the situation does, decided by this engine's interpreter (for a compiled engine,
  /// its generated type's tables, interpreted) with every field built now: what the tests
  /// hold generated code's `decide` equal to.
  package func decideEagerly(_ situation: Situation) -> Decision {
    interpreting.evaluate(situation, tracing: false)
  }
}

extension EngineTables {
  /// What the situation does, as the lean decide decides it (one algorithm for every way
  /// of deciding), its fields built now; with `tracing`, each step's trace added: the rules
  /// of its table tried before the deciding one, and the condition that failed.
  package func evaluate(_ situation: Situation, tracing: Bool) -> Decision {
    var decision = Engine.decideLean(TableRules(tables: self), situation).materialized
    if tracing { addTraces(situation, to: &decision) }
    return decision
  }

  /// Adds the traces of the tables a decision went through: the event's table (the
  /// decision's own trace, and its first step's), then for a tap's redirect the `open` table
  /// as the redirect reads it (its second step's).
  private func addTraces(_ situation: Situation, to decision: inout Decision) {
    let event = situation.event
    let trace = self.trace(event, situation)
    decision.trace = trace
    guard var steps = decision.steps, !steps.isEmpty else { return }
    steps[0].trace = trace
    if event == .tap, steps.count >= 2 {
      steps[1].trace = self.trace(.redirect(of: situation), situation)
    }
    // A delivery composed after a container launch is the last step.
    if let delivery = Engine.deliveryEvent, let handoff = decision.delivery?.handoff, steps.count >= 2,
      steps[steps.count - 1].rule?.hasPrefix(table(delivery).table.name + "/") == true
    {
      steps[steps.count - 1].trace = self.trace(.delivery(handoff: handoff), situation)
    }
    decision.steps = steps
  }

  /// The trace of `event`'s table on `situation` (with the event's own URL).
  private func trace(_ event: Situation.Event, _ situation: Situation) -> [TraceEntry] {
    trace(table(event), situation, event: event, url: situation.eventURL)
  }

  /// The trace of `step`'s table on `situation`, with the facts the step sets.
  private func trace(_ step: ComposedStep, _ situation: Situation) -> [TraceEntry] {
    trace(table(step.event), situation, event: step.event, url: step.url(in: situation), step: step)
  }

  /// The rules of `table` tried before the first that matches the situation (read with
  /// `url` as the event's URL, and the facts a composed `step` sets), each with the condition
  /// that failed.
  private func trace(
    _ table: CompiledTable, _ situation: Situation, event: Situation.Event, url: String?,
    step: ComposedStep? = nil
  ) -> [TraceEntry] {
    var facts = FactSnapshot(
      situation, event: event, url: url, defaultVersion: newestOSVersion, defaultSDKVersion: newestSDKVersion)
    if let step { facts.set(step) }
    return table.trace(facts, upTo: table.firstMatch(facts))
  }
}

extension Engine {
  /// D-3: a message URL over 5,000 characters is decided as usual but cannot be sent.
  @usableFromInline
  package static func flagLongMessageURL(_ url: String?, in decision: inout Decision) {
    guard let url, url.utf8.count > Self.maximumMessageURLLength else { return }
    let length = url.utf16.count
    guard length > Self.maximumMessageURLLength else { return }
    decision.notes.append(
      "MSMessage.url is \(length) characters, over the \(Self.maximumMessageURLLength) limit: inserting this message fails with urlExceedsMaxSize, so no recipient ever taps it (D-3)"
    )
    if !decision.evidence.contains("D-3") { decision.evidence.append("D-3") }
  }

  /// The `open(url)` a tap's redirect code makes when `callbacks` fire (in order), decided
  /// as an open event of its own: the callback whose code runs is the first of them holding
  /// redirect code, and the open is the step a tap's decision composes
  /// (``ComposedStep/redirect(of:)``), as the decide path picks and reads them. Nil when no
  /// callback holds redirect code. What the simulator decides when a message arrives.
  package func decideRedirect(_ situation: Situation, firing callbacks: [Callback]) -> (
    hook: Callback, decision: Decision
  )? {
    guard let hook = situation.tap.redirect.hooks.first(in: callbacks) else { return nil }
    return (hook, decide(situation.composing(.redirect(of: situation))))
  }

  /// A tap whose redirect in `hook` no open rule decides: undecided, with both steps.
  package static func undecidedRedirect(_ tapDecision: Decision, hook: Callback, openStep: Decision)
    -> Decision
  {
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
  package static func compose(_ tapTemplate: Decision, hook: Callback, _ openTemplate: Decision) -> Decision {
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

// Delivery into the container app: after any decision that opens it with a `handoff`, the
// `delivery` table says which of the app's callbacks fire and what they receive.
extension Engine {
  /// The event whose table decides delivery into the container app. A constant (reading it
  /// by raw value, `Situation.Event(rawValue:)`, cost the first container launch of a
  /// process about 65,000 instructions of one-time initialization).
  @usableFromInline
  package static let deliveryEvent: Situation.Event? = .delivery
  /// The fact of the `delivery` table a launching rule's `handoff` sets.
  @usableFromInline
  package static let handoffFact: Fact? = .handoff

  /// `decided` (a launch of the container app) followed by `delivery`, a rule of the
  /// `delivery` table: its callbacks, what they receive and where, its evidence and notes
  /// join the decision, which is as sure as the weaker of the two, and the delivery is its
  /// last step (after the tap and its redirect, or after the launching event's own rule).
  package static func composeDelivery(_ decided: Decision, _ delivery: Decision) -> Decision {
    var decision = decided
    var first = decided
    first.steps = nil
    first.alternatives = nil
    decision.steps = (decided.steps ?? [first]) + [delivery]
    decision.delivery = (decided.delivery ?? AppDelivery()).merged(with: delivery.delivery)
    decision.evidence = decided.evidence + delivery.evidence.filter { !decided.evidence.contains($0) }
    decision.notes = decided.notes + delivery.notes
    decision.confidence = [decided.confidence, delivery.confidence].compactMap { $0 }.min()
    return decision
  }
}
