/// Replays a session: each tap is decided by the engine from the carried state, and every
/// step changes the state by the first matching rule of `Policies/transitions.json`.
package enum Simulator {
  /// What one step did.
  package struct StepResult: Sendable, Hashable {
    package var step: SessionStep
    /// The decision, for taps.
    package var decision: Decision?
    /// The transition applied (`transitions/id`), nil when none matched.
    package var transition: String?
    package var state: SessionState
    /// False when the step's expected outcome was not met; nil when nothing was expected.
    package var met: Bool?
  }

  /// The whole replay.
  package struct Result: Sendable, Hashable {
    package var session: Session
    package var steps: [StepResult]
    package var failures: Int { steps.filter { $0.met == false || $0.transition == nil }.count }
  }

  package static func run(_ session: Session, engine: Engine) -> Result {
    var state = session.start
    var results: [StepResult] = []
    for step in session.steps {
      var decision: Decision?
      if step.kind == .tap {
        var situation = session.situation
        situation.app.installed = state.installed
        situation.tap.extensionRunning = state.extensionRunning
        situation.tap.alreadySelected =
          state.extensionRunning && step.message != nil && state.selected == step.message
        situation.tap.afterDrawerSwipe = state.afterDrawerSwipe
        decision = engine.decide(situation)
      }
      let transition = engine.policies.transitions.first { $0.matches(step.kind, outcome: decision?.outcome) }
      transition?.changes.apply(to: &state, message: step.message)
      let met = step.expect.map { $0 == decision?.outcome }
      results.append(
        StepResult(
          step: step, decision: decision, transition: transition.map { "transitions/\($0.id)" }, state: state,
          met: met))
    }
    return Result(session: session, steps: results)
  }

  /// The replay as readable text: each step's decision and the state after it.
  package static func text(_ result: Result) -> String {
    var lines = ["session: \(result.session.name)", "start: \(result.session.start.summary)"]
    for (i, r) in result.steps.enumerated() {
      var head = "\(i + 1). \(r.step.kind.rawValue)\(r.step.message.map { " \($0)" } ?? "")"
      if let d = r.decision {
        head += " -> \(d.outcome.rawValue) by \(d.rule ?? "no rule") (\(d.confidence?.rawValue ?? "-"))"
        if let callbacks = d.callbacks {
          head +=
            "; callbacks: " + (callbacks.isEmpty ? "none" : callbacks.map(\.rawValue).joined(separator: ", "))
        }
      }
      lines.append(head)
      if let expect = r.step.expect {
        lines.append("   \(r.met == true ? "ok" : "MISMATCH"): expected \(expect.rawValue)")
      }
      lines.append("   \(r.transition ?? "no transition matches this step") -> \(r.state.summary)")
    }
    let expected = result.steps.filter { $0.met != nil }
    lines.append(
      "\(result.steps.count) steps; expectations: \(expected.filter { $0.met == true }.count) met, \(result.failures) failed"
    )
    return lines.joined(separator: "\n") + "\n"
  }
}
