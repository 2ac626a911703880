import Foundation

/// Decides what a tap or an `open(url)` call does, from compiled decision tables.
///
/// An engine is an immutable value: build it once and share it across threads.
/// `decide` never throws; a situation no rule matches yields ``Outcome/undecided``.
public struct Engine: Sendable {
  /// The policies the engine was built from.
  public let policies: PolicySet
  /// The OS version a situation without `osVersion` is decided for.
  public let newestOSVersion: OSVersion
  let tap: CompiledTable
  let open: CompiledTable

  /// MSMessage.url longer than this fails to send (D-3).
  public static let maximumMessageURLLength = 5_000

  /// Evidence the engine's own checks cite (not a table's rules): the URL length limit.
  public static let checkEvidence = ["D-3"]

  /// An engine over the policies built into the library.
  public init() throws(DiagnosticsError) {
    try self.init(policies: PolicySet.builtIn())
  }

  /// An engine over the policy files in `url` (a directory).
  public init(policiesAt url: URL) throws(DiagnosticsError) {
    try self.init(policies: PolicySet.load(directory: url))
  }

  /// An engine over loaded policies.
  public init(policies: PolicySet) throws(DiagnosticsError) {
    guard let tapTable = policies.table(for: .tap), let openTable = policies.table(for: .open) else {
      throw DiagnosticsError([
        Diagnostic(file: "policies", code: .missingTable, message: "the policies need a table for each of tap and open")
      ])
    }
    self.policies = policies
    tap = CompiledTable(tapTable)
    open = CompiledTable(openTable)
    newestOSVersion = policies.tables.compactMap(\.newestOSVersion).max() ?? OSVersion(26)
  }

  /// What the situation does, without a trace.
  public func decide(_ situation: Situation) -> Decision {
    evaluate(situation, tracing: false)
  }

  /// What the situation does, with the trace of every rule tried before the deciding one.
  public func explain(_ situation: Situation) -> Decision {
    evaluate(situation, tracing: true)
  }

  private func evaluate(_ situation: Situation, tracing: Bool) -> Decision {
    switch situation.event {
    case .open:
      return single(open, situation, event: .open, url: situation.open.url, tracing: tracing)
    case .tap:
      var decision = single(tap, situation, event: .tap, url: situation.tap.url, tracing: tracing)
      flagLongMessageURL(situation.tap.url, in: &decision)
      return composeRedirect(decision, situation, tracing: tracing)
    }
  }

  /// Decides one table. `url` is the URL the event looks at (its scheme class is a fact).
  private func single(
    _ table: CompiledTable, _ situation: Situation, event: Situation.Event, url: String?, tracing: Bool,
    extensionPoint: ExtensionPoint? = nil
  ) -> Decision {
    var facts = FactSnapshot(situation, event: event, url: url, defaultVersion: newestOSVersion)
    if let extensionPoint { facts.extensionPoint = ExtensionPoint.allCases.firstIndex(of: extensionPoint) ?? 0 }
    let hit = table.firstMatch(facts)
    var decision: Decision
    if let hit {
      decision = table.templates[hit]
      switch decision.outcome {
      case .extensionLaunch, .browser, .containerLaunch, .otherAppLaunch: decision.url = url
      default: break
      }
    } else {
      decision = Decision(
        outcome: .undecided,
        notes: ["no rule of table \"\(table.table.name)\" matches this situation; TapRoute does not guess"])
    }
    if tracing { decision.trace = table.trace(facts, upTo: hit) }
    return decision
  }

  /// D-3: a message URL over 5,000 characters is decided as usual but cannot be sent.
  private func flagLongMessageURL(_ url: String?, in decision: inout Decision) {
    guard let url, url.utf8.count > Self.maximumMessageURLLength else { return }
    let length = url.utf16.count
    guard length > Self.maximumMessageURLLength else { return }
    decision.notes.append(
      "MSMessage.url is \(length) characters, over the \(Self.maximumMessageURLLength) limit: inserting this message fails with urlExceedsMaxSize, so no recipient ever taps it (D-3)"
    )
    if !decision.evidence.contains("D-3") { decision.evidence.append("D-3") }
  }

  /// Composes a tap that launches the extension with the `open(url)` its redirect code makes.
  ///
  /// The redirect runs in the first fired callback that is one of the situation's redirect
  /// hooks; which callbacks fire is table data, so the second-tap trap, its workaround and
  /// the already-selected case follow from the tap table alone.
  private func composeRedirect(_ tapDecision: Decision, _ situation: Situation, tracing: Bool) -> Decision {
    let hooks = situation.tap.redirect.hooks
    guard tapDecision.outcome == .extensionLaunch, !hooks.isEmpty,
      let hook = tapDecision.callbacks?.first(where: { hooks.contains($0) })
    else {
      if tapDecision.outcome == .extensionLaunch && !hooks.isEmpty {
        var decision = tapDecision
        let listed = hooks.map(\.rawValue).joined(separator: ", ")
        decision.notes.append("none of the redirect hooks (\(listed)) fires on this tap, so open(url) is never called")
        return decision
      }
      return tapDecision
    }
    var openStep = single(
      open, situation, event: .open, url: situation.tap.redirect.url, tracing: tracing, extensionPoint: .messages)
    openStep.trigger = hook
    var tapStep = tapDecision
    if !tracing { tapStep.trace = nil }
    var decision: Decision
    switch openStep.outcome {
    case .containerLaunch, .otherAppLaunch:
      decision = openStep
      decision.callbacks = tapDecision.callbacks
      decision.presentation = tapDecision.presentation
      decision.notes = tapDecision.notes + openStep.notes + [
        "\(hook.rawValue) calls open(url): the \(openStep.outcome == .containerLaunch ? "container app" : "other app") opens and the extension resigns active (S004-10)"
      ]
    case .undecided:
      decision = tapDecision
      decision.outcome = .undecided
      decision.rule = nil
      decision.notes = tapDecision.notes + openStep.notes + ["the redirect in \(hook.rawValue) is undecided"]
    default:
      decision = tapDecision
      decision.notes = tapDecision.notes + openStep.notes + [
        "\(hook.rawValue) calls open(url) but nothing opens (completion reports false); the extension stays"
      ]
    }
    decision.evidence = tapDecision.evidence + openStep.evidence.filter { !tapDecision.evidence.contains($0) }
    decision.confidence = [tapDecision.confidence, openStep.confidence].compactMap { $0 }.min()
    decision.trigger = nil
    decision.trace = tracing ? tapDecision.trace : nil
    decision.steps = [tapStep, openStep]
    return decision
  }
}
