// Comparing a decision with what a fixture row expects: here, in the stage that makes
// decisions, so that the fixture model in Policy/ reads nothing of a later stage.

extension Fixture.Expectation {
  /// The differences between this expectation and `decision`, as readable lines.
  public func mismatches(_ decision: Decision) -> [String] {
    var out: [String] = []
    if decision.outcome != outcome {
      out.append("outcome: expected \(outcome.rawValue), got \(decision.outcome.rawValue)")
    }
    if let rule, decision.rule != rule {
      out.append("rule: expected \(rule), got \(decision.rule ?? "none")")
    }
    if let callbacks, decision.callbacks != callbacks {
      let got = decision.callbacks.map { "[" + $0.map(\.rawValue).joined(separator: ", ") + "]" } ?? "none"
      out.append("callbacks: expected [\(callbacks.map(\.rawValue).joined(separator: ", "))], got \(got)")
    }
    if let presentation, decision.presentation != presentation {
      out.append(
        "presentation: expected \(presentation.rawValue), got \(decision.presentation?.rawValue ?? "none")")
    }
    if let url {
      let wanted: String? =
        switch url {
        case .noURL: nil
        case .equals(let value): value
        }
      if decision.url != wanted {
        out.append(
          "url: expected \(wanted.map(Words.quoted) ?? "null"), got \(decision.url.map(Words.quoted) ?? "null")"
        )
      }
    }
    if let appCallbacks, decision.appCallbacks != appCallbacks {
      let got = decision.appCallbacks.map { "[" + $0.map(\.rawValue).joined(separator: ", ") + "]" } ?? "none"
      out.append(
        "appCallbacks: expected [\(appCallbacks.map(\.rawValue).joined(separator: ", "))], got \(got)")
    }
    if let delivers, decision.delivers != delivers {
      out.append("delivers: expected \(delivers.rawValue), got \(decision.delivers?.rawValue ?? "none")")
    }
    return out
  }
}
