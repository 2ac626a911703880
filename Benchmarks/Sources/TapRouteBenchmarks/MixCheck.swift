import TapRoute
import TapRouteReference

/// What a mix of situations holds, for the table's labels and the README: how many are taps
/// with redirect code, how many of those redirects fire (the decision composes the tap with
/// the redirect's `open(url)`), how many decisions are contested (they have other readings),
/// and how many leave the OS version out (decided on the default OS, the newest).
struct MixProfile: CustomStringConvertible {
  var situations = 0
  var redirects = 0
  var firing = 0
  var contested = 0
  var defaultOS = 0

  init(_ situations: [Situation], engine: Engine = .builtIn) {
    self.situations = situations.count
    for situation in situations {
      let decision = engine.decide(situation)
      if situation.event == .tap, !situation.tap.redirect.hooks.isEmpty {
        redirects += 1
        if decision.steps != nil { firing += 1 }
      }
      if decision.alternatives != nil { contested += 1 }
      if situation.osVersion == nil { defaultOS += 1 }
    }
  }

  var description: String {
    "\(situations) situations: \(redirects) taps with redirect code (\(firing) of them firing), "
      + "\(contested) contested, \(defaultOS) on the default OS"
  }
}

/// The situations of `mix` on which `engine` and `ReferenceSwitch` (called as the benchmark
/// times it) disagree: outcome, callbacks, presentation, the container app's callbacks, or the
/// other readings of a contested decision. Checked before anything is timed, so that a reference that decides
/// wrongly cannot look fast.
func referenceDisagreements(_ mix: [Situation], engine: Engine, name: String) -> [String] {
  var seen = Set<Situation>()
  var out: [String] = []
  for situation in mix where seen.insert(situation).inserted {
    let decision = engine.decide(situation)
    let reference = ReferenceSwitch.decide(situation)
    let readings = (decision.alternatives ?? []).map {
      ReferenceSwitch.Result($0.outcome, $0.callbacks, $0.presentation)
    }
    let referenceReadings = ReferenceSwitch.alternatives(situation)
    if decision.outcome != reference.outcome || decision.callbacks != reference.callbacks
      || decision.presentation != reference.presentation || readings != referenceReadings
      || (reference.appCallbacks != nil && decision.appCallbacks != reference.appCallbacks)
    {
      out.append(
        "\(name) \(decision.outcome.rawValue) (other readings \(readings.map(\.outcome.rawValue))) by "
          + "\(decision.rule ?? "-"), switch \(reference.outcome.rawValue) (other readings "
          + "\(referenceReadings.map(\.outcome.rawValue))): \(situation)")
    }
  }
  return out
}
