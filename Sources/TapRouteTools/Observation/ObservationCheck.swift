@_spi(Generated) import TapRoute

/// Another reading of a contested decision: what the tables would decide if the evidence
/// against the chosen reading were right.
///
/// Decisions do not carry alternatives yet; ``ObservationCheck`` asks a closure for them, so
/// that once `Decision.alternatives` exists the closure maps it and nothing else changes.
package struct ObservationAlternative: Sendable, Hashable {
  /// The other reading's outcome.
  package var outcome: Outcome
  /// nil: the same callbacks as the decision.
  package var callbacks: [Situation.Callback]?
  /// nil: the same presentation as the decision.
  package var presentation: Presentation?
  /// nil: the same app callbacks as the decision.
  package var appCallbacks: [AppCallback]?
  /// nil: the same delivery as the decision.
  package var delivers: Delivered?
  /// The evidence for this reading.
  package var evidence: [String]

  /// Another reading from its parts.
  package init(
    outcome: Outcome, callbacks: [Situation.Callback]? = nil, presentation: Presentation? = nil,
    appCallbacks: [AppCallback]? = nil, delivers: Delivered? = nil, evidence: [String] = []
  ) {
    self.outcome = outcome
    self.callbacks = callbacks
    self.presentation = presentation
    self.appCallbacks = appCallbacks
    self.delivers = delivers
    self.evidence = evidence
  }

  /// `extensionLaunch, compact (F-5)`.
  package var summary: String {
    var parts = [outcome.rawValue]
    if let presentation { parts.append(presentation.rawValue) }
    if let callbacks { parts.append("callbacks [" + callbacks.map(\.rawValue).joined(separator: ", ") + "]") }
    if let appCallbacks { parts.append("appCallbacks " + ObservationCheck.list(appCallbacks)) }
    if let delivers { parts.append("delivers \(delivers.rawValue)") }
    return parts.joined(separator: ", ") + (evidence.isEmpty ? "" : " (\(evidence.joined(separator: ", ")))")
  }
}

/// Checks observations against the tables: each agrees, contradicts the deciding rule
/// (naming every field that differs), or, for a contested rule, supports another reading.
package struct ObservationCheck: Sendable {
  /// The engine whose tables the observations are checked against.
  package let engine: Engine
  /// The other readings of a decision: by default its ``Decision/alternatives``.
  package let alternatives: @Sendable (Decision) -> [ObservationAlternative]
  /// The callbacks some rule of the tap table names. Others (`viewDidAppear`, the resign
  /// callbacks) are outside what the tables model and are not compared.
  package let modelledCallbacks: Set<Situation.Callback>

  /// A check against `engine`, asking `alternatives` for the other readings of a contested decision.
  package init(
    engine: Engine,
    alternatives: @escaping @Sendable (Decision) -> [ObservationAlternative] = ObservationCheck.alternatives(
      of:)
  ) {
    self.engine = engine
    self.alternatives = alternatives
    modelledCallbacks = Set(
      engine.policies.tables.flatMap { $0.rules.flatMap { $0.then.callbacks ?? [] } })
  }

  /// The other readings a decision carries, as observations compare them: its own, and
  /// those of the `delivery` rule composed after it (which change only the app's callbacks
  /// and what they receive).
  @Sendable package static func alternatives(of decision: Decision) -> [ObservationAlternative] {
    let own = (decision.alternatives ?? []).map {
      ObservationAlternative(
        outcome: $0.outcome, callbacks: $0.callbacks, presentation: $0.presentation,
        appCallbacks: $0.appCallbacks, delivers: $0.delivers, evidence: $0.evidence)
    }
    guard let steps = decision.steps, steps.count >= 2, let delivery = steps.last, delivery.delivery != nil
    else { return own }
    return own
      + (delivery.alternatives ?? []).map {
        ObservationAlternative(
          outcome: decision.outcome, appCallbacks: $0.appCallbacks ?? [], delivers: $0.delivers ?? .nothing,
          evidence: $0.evidence)
      }
  }

  /// One field an observation disagrees on.
  package struct Difference: Sendable, Hashable {
    /// `outcome`, `callbacks`, `notCalled`, `presentation`, `completion`, `appCallbacks`,
    /// `delivers`, `activityType` or `urlLocation`.
    package var field: String
    /// What the tables say.
    package var expected: String
    /// What the observation saw.
    package var seen: String
  }

  /// The check of one observation.
  package struct Result: Sendable, Hashable {
    /// How an observation relates to the tables.
    package enum Verdict: Sendable, Hashable {
      case agrees
      case contradicts
      /// Contradicts a contested decision but matches this other reading of it.
      case supports(ObservationAlternative)
    }

    /// The observation checked.
    package var observation: DeviceObservation
    /// What the tables decide for its situation.
    package var decision: Decision
    /// Agrees, contradicts, or supports another reading.
    package var verdict: Verdict
    /// How the observation differs from the decision (empty when it agrees).
    package var differences: [Difference]
    /// Callbacks seen that no rule models, so not compared.
    package var unmodelled: [Situation.Callback]
    /// App callbacks seen but not compared: a launch callback the decision does not list
    /// (``AppCallback/firesOnEveryColdLaunch``).
    package var unmodelledAppCallbacks: [AppCallback] = []
    /// Evidence ids the observation cites that the registry does not hold (yet).
    package var unregistered: [String] = []

    /// The deciding rule, or `undecided`.
    package var rule: String { decision.rule ?? "undecided" }
    /// A contradiction the tables do not already flag as contested.
    package var isFailure: Bool {
      verdict == .contradicts && decision.confidence != .contested
    }
  }

  /// Per deciding rule: how many observations agree, contradict it, support another reading.
  package struct RuleSummary: Sendable, Hashable {
    /// The rule, or `undecided`.
    package var rule: String
    /// The rule's confidence.
    package var confidence: Confidence?
    /// Observations that agree.
    package var agree = 0
    /// Observations that contradict the rule.
    package var contradict = 0
    /// Observations that support another reading of it.
    package var supportAlternative = 0
  }

  /// The check of many observations.
  package struct Report: Sendable, Hashable {
    /// One result per observation, in input order.
    package var results: [Result]
    /// One entry per rule some observation reached, in table order of first appearance.
    package var summary: [RuleSummary]
    /// 1 when a rule that is not contested is contradicted, else 0.
    package var exitStatus: Int32 { results.contains(where: \.isFailure) ? 1 : 0 }

    /// One readable line per observation that contradicts its rule (`tap on m1 #1
    /// contradicts tap/launch-ios26: presentation: expected expanded, seen compact`).
    package var disagreements: [String] {
      results.filter { $0.verdict == .contradicts }.map { result in
        let differences = result.differences.map { "\($0.field): expected \($0.expected), seen \($0.seen)" }
        return "\(result.observation.displayName) contradicts \(result.rule)"
          + (differences.isEmpty ? "" : ": " + differences.joined(separator: "; "))
      }
    }
  }

  /// Checks one observation.
  package func check(_ observation: DeviceObservation) -> Result {
    var result = verdict(observation)
    result.unregistered = observation.evidence.filter { engine.policies.evidence($0) == nil }
    return result
  }

  private func verdict(_ observation: DeviceObservation) -> Result {
    let decision = engine.decide(observation.situation)
    let seen = observation.observed
    let unmodelled = (seen.callbacks ?? []).filter { !modelledCallbacks.contains($0) }
    let expectedApp = decision.appCallbacks ?? []
    let unmodelledApp = (seen.appCallbacks ?? []).filter {
      !Self.comparesAppCallback($0, expected: expectedApp)
    }
    let differences = compare(
      seen, outcome: decision.outcome, callbacks: decision.callbacks, presentation: decision.presentation,
      completion: expectedCompletion(observation.situation, decision), delivery: decision.delivery)
    guard !differences.isEmpty else {
      return Result(
        observation: observation, decision: decision, verdict: .agrees, differences: [],
        unmodelled: unmodelled, unmodelledAppCallbacks: unmodelledApp)
    }
    var verdict = Result.Verdict.contradicts
    if decision.confidence == .contested {
      let match = alternatives(decision).first { alternative in
        compare(
          seen, outcome: alternative.outcome, callbacks: alternative.callbacks ?? decision.callbacks,
          presentation: alternative.presentation ?? decision.presentation, completion: nil,
          checksCompletion: false,
          delivery: AppDelivery(
            appCallbacks: alternative.appCallbacks ?? decision.appCallbacks,
            delivers: alternative.delivers ?? decision.delivers)
        ).isEmpty
      }
      if let match { verdict = .supports(match) }
    }
    return Result(
      observation: observation, decision: decision, verdict: verdict, differences: differences,
      unmodelled: unmodelled, unmodelledAppCallbacks: unmodelledApp)
  }

  /// Whether an app callback seen is compared with the decision's: every one but a launch
  /// callback the decision does not list. `application(_:didFinishLaunchingWithOptions:)`
  /// runs on every cold launch (U-44); the `delivery` table names it only where it receives
  /// what the app is handed or must set a delegate (T-2).
  static func comparesAppCallback(_ callback: AppCallback, expected: [AppCallback]) -> Bool {
    !callback.firesOnEveryColdLaunch || expected.contains(callback)
  }

  /// Checks observations, with a summary per rule.
  package func check(_ observations: [DeviceObservation]) -> Report {
    let results = observations.map(check)
    var summary: [RuleSummary] = []
    for result in results {
      let i =
        summary.firstIndex { $0.rule == result.rule }
        ?? {
          summary.append(RuleSummary(rule: result.rule, confidence: result.decision.confidence))
          return summary.count - 1
        }()
      switch result.verdict {
      case .agrees: summary[i].agree += 1
      case .contradicts: summary[i].contradict += 1
      case .supports: summary[i].supportAlternative += 1
      }
    }
    return Report(results: results, summary: summary)
  }

  /// What the completion handler of the extension's `open(url)` should report, or nil when
  /// the tables say no `open(url)` is made.
  func expectedCompletion(_ situation: Situation, _ decision: Decision) -> Bool? {
    switch situation.event {
    case .open:
      return decision.outcome == .undecided ? nil : decision.outcome != .nothing
    case .tap:
      guard let steps = decision.steps, steps.count >= 2 else { return nil }
      return steps[1].outcome == .containerLaunch || steps[1].outcome == .otherAppLaunch
    default:
      return nil  // only an extension's open(url) has a completion handler
    }
  }

  private func compare(
    _ seen: DeviceObservation.Observed, outcome: Outcome, callbacks: [Situation.Callback]?,
    presentation: Presentation?, completion: Bool?, checksCompletion: Bool = true, delivery: AppDelivery?
  ) -> [Difference] {
    var out: [Difference] = []
    if seen.outcome != outcome {
      out.append(Difference(field: "outcome", expected: outcome.rawValue, seen: seen.outcome.rawValue))
    }
    let expectedCallbacks = callbacks ?? []
    if let list = seen.callbacks {
      let compared = list.filter(modelledCallbacks.contains)
      if compared != expectedCallbacks {
        out.append(
          Difference(field: "callbacks", expected: Self.list(expectedCallbacks), seen: Self.list(compared)))
      }
    }
    let firing = seen.notCalled.filter(expectedCallbacks.contains)
    if !firing.isEmpty {
      out.append(
        Difference(
          field: "notCalled", expected: Self.list(firing) + " fire", seen: Self.list(firing) + " not called"))
    }
    if let p = seen.presentation, p != presentation {
      out.append(
        Difference(field: "presentation", expected: presentation?.rawValue ?? "none", seen: p.rawValue))
    }
    if checksCompletion, let c = seen.completion, c != completion {
      out.append(
        Difference(
          field: "completion", expected: completion.map { "\($0)" } ?? "no open(url) call", seen: "\(c)"))
    }
    let expectedApp = delivery?.appCallbacks ?? []
    if let list = seen.appCallbacks {
      let compared = list.filter { Self.comparesAppCallback($0, expected: expectedApp) }
      if compared != expectedApp {
        out.append(
          Difference(field: "appCallbacks", expected: Self.list(expectedApp), seen: Self.list(compared)))
      }
    }
    if let d = seen.delivers, d != (delivery?.delivers ?? .nothing) {
      out.append(
        Difference(field: "delivers", expected: (delivery?.delivers ?? .nothing).rawValue, seen: d.rawValue))
    }
    // The detail is compared only where both say it: the tables name no activity type
    // for a widget's activity (W-5), and a recorder may not know where a URL sat.
    if let seenType = seen.activityType, let type = delivery?.activityType, seenType != type {
      out.append(Difference(field: "activityType", expected: type, seen: seenType))
    }
    if let seenLocation = seen.urlLocation, let location = delivery?.urlLocation, seenLocation != location {
      out.append(Difference(field: "urlLocation", expected: location, seen: seenLocation))
    }
    return out
  }

  static func list(_ callbacks: [Situation.Callback]) -> String {
    "[" + callbacks.map(\.rawValue).joined(separator: ", ") + "]"
  }

  static func list(_ callbacks: [AppCallback]) -> String {
    "[" + callbacks.map(\.rawValue).joined(separator: ", ") + "]"
  }
}
