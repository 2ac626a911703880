@_spi(Generated) import TapRoute

/// Replays a session: each tap is decided by the engine from the carried state, and every
/// step changes the state by the first matching rule of `Policies/transitions.json`.
///
/// The state's flags with a fact are those facts of every tap, whatever the session's event:
/// `appRunning` is `app.running`, so a tap that opens the container app (which the
/// transitions mark as running) and a step that sends it to the background make the next
/// tap a warm launch, with the running app's callbacks.
///
/// A message that arrives fires the callbacks its arrival transition names; when the
/// session's redirect code lives in one of them, the engine decides that `open(url)` like
/// any other, and the transition for its outcome changes the state again.
package enum Simulator {
  /// What one step did.
  package struct StepResult: Sendable, Hashable {
    package var step: SessionStep
    /// The decision: for taps, the tap's; for arrivals, the open made by redirect code in a
    /// callback the arrival fired (nil when none ran).
    package var decision: Decision?
    /// For arrivals: the callbacks the arrival fired, in order.
    package var callbacks: [Situation.Callback]?
    /// For taps that launch the container app: its callbacks that fire, in order.
    package var appCallbacks: [AppCallback]? { decision?.appCallbacks }
    /// For arrivals: the callback whose redirect code called `open(url)`.
    package var redirectHook: Situation.Callback?
    /// The transitions applied (`transitions/id`, two joined by ", " for an arrival whose
    /// redirect opened something), nil when none matched.
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
      if step.kind == .receive {
        results.append(receive(step, session: session, state: &state, engine: engine))
        continue
      }
      var decision: Decision?
      if step.kind == .tap {
        var situation = session.situation
        for (_, field, fact) in SessionState.flags {
          if let fact {
            _ = situation.setFinite(fact, index: state[keyPath: field] ? 1 : 0)
            situation.unspecified.remove(fact)
          }
        }
        situation.tap.alreadySelected =
          state.extensionRunning && step.message != nil && state.selected == step.message
        decision = engine.decide(situation)
      }
      let transition = engine.policies.transitions.first { $0.matches(step.kind, outcome: decision?.outcome) }
      transition?.changes.apply(to: &state, message: step.message)
      var met = step.expect.map { $0 == decision?.outcome }
      if let expected = step.expectAppCallbacks {
        met = (met ?? true) && expected == (decision?.appCallbacks ?? [])
      }
      results.append(
        StepResult(
          step: step, decision: decision, callbacks: nil, redirectHook: nil,
          transition: transition.map { "transitions/\($0.id)" }, state: state, met: met))
    }
    return Result(session: session, steps: results)
  }

  /// A message arrives: the arrival transition names the callbacks and changes the state;
  /// redirect code in a fired callback opens its URL, decided by the open table; the
  /// transition for that outcome (nothing when no redirect ran) changes the state again.
  static func receive(_ step: SessionStep, session: Session, state: inout SessionState, engine: Engine)
    -> StepResult
  {
    let messageSession = step.session ?? .same
    let bound = state.bound
    let transitions = engine.policies.transitions
    let arrival = transitions.first { $0.matchesArrival(bound: bound, session: messageSession) }
    let callbacks = arrival?.callbacks ?? []
    arrival?.changes.apply(to: &state, message: step.message)
    // The state says whether the app is installed; the redirect is decided as a tap's is.
    var situation = session.situation
    situation.app.installed = state.installed
    situation.unspecified.remove(.installed)
    let redirect = engine.decideRedirect(situation, firing: callbacks)
    let hook = redirect?.hook
    let decision = redirect?.decision
    let outcome = decision?.outcome ?? .nothing
    let after = transitions.first {
      $0.matchesArrivalOutcome(outcome, bound: bound, session: messageSession)
    }
    after?.changes.apply(to: &state, message: step.message)
    var applied: String?
    if let arrival, let after {
      applied = "transitions/\(arrival.id)" + (hook == nil ? "" : ", transitions/\(after.id)")
    }
    return StepResult(
      step: step, decision: decision, callbacks: callbacks, redirectHook: hook, transition: applied,
      state: state, met: step.expect.map { $0 == outcome })
  }

  /// The replay as readable text: each step's decision and the state after it.
  package static func text(_ result: Result) -> String {
    let messages = result.session.situation.event == .tap
    var lines = [
      "session: \(result.session.name)", "start: \(result.session.start.summary(messages: messages))",
    ]
    for (i, r) in result.steps.enumerated() {
      var head = "\(i + 1). \(r.step.kind.rawValue)\(r.step.message.map { " \($0)" } ?? "")"
      if r.step.kind == .receive {
        head += " (\((r.step.session ?? .same).rawValue) session)"
        let fired = r.callbacks ?? []
        head += "; callbacks: " + (fired.isEmpty ? "none" : fired.map(\.rawValue).joined(separator: ", "))
        if let hook = r.redirectHook, let d = r.decision {
          head +=
            "; redirect in \(hook.rawValue) -> \(d.outcome.rawValue) by \(d.rule ?? "no rule") (\(d.confidence?.rawValue ?? "-"))"
        } else {
          head += " -> nothing opens"
        }
      } else if let d = r.decision {
        head += " -> \(d.outcome.rawValue) by \(d.rule ?? "no rule") (\(d.confidence?.rawValue ?? "-"))"
        if let callbacks = d.callbacks {
          head +=
            "; callbacks: " + (callbacks.isEmpty ? "none" : callbacks.map(\.rawValue).joined(separator: ", "))
        }
        if let app = d.appCallbacks {
          head += "; appCallbacks: " + (app.isEmpty ? "none" : app.map(\.rawValue).joined(separator: ", "))
          if let delivery = d.steps?.last, delivery.appCallbacks != nil, let rule = delivery.rule {
            head += " by \(rule)"
          }
        }
      }
      lines.append(head)
      let expected = [
        r.step.expect.map(\.rawValue),
        r.step.expectAppCallbacks.map { "appCallbacks " + ObservationCheck.list($0) },
      ].compactMap { $0 }
      if !expected.isEmpty {
        lines.append("   \(r.met == true ? "ok" : "MISMATCH"): expected \(expected.joined(separator: ", "))")
      }
      lines.append(
        "   \(r.transition ?? "no transition matches this step") -> \(r.state.summary(messages: messages))")
    }
    let expected = result.steps.filter { $0.met != nil }
    lines.append(
      "\(result.steps.count) steps; expectations: \(expected.filter { $0.met == true }.count) met, \(result.failures) failed"
    )
    return lines.joined(separator: "\n") + "\n"
  }
}
