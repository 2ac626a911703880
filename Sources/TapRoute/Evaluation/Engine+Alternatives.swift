/// `alternatives`: the other readings of a contested decision.
///
/// A contested rule's template carries its alternatives (``CompiledTable``). A decision by
/// one table shows them as they are, with the URL set. A redirect composes each other reading
/// of the tap rule with the same redirect, and the tap with each other reading of the open
/// rule: one reading changes at a time, and a reading that ends where the decision does
/// (same outcome, callbacks and presentation) is left out, since it says nothing new.
extension Engine {
  /// Sets the URL on alternatives whose outcome opens one.
  static func alternatives(_ alternatives: [Decision]?, url: String?) -> [Decision]? {
    guard let alternatives, let url else { return alternatives }
    return alternatives.map { alternative in
      var copy = alternative
      switch alternative.outcome {
      case .extensionLaunch, .transcriptView, .browser, .containerLaunch, .otherAppLaunch: copy.url = url
      default: break
      }
      return copy
    }
  }

  /// The other readings of a tap decided by tap rule `tapHit`, whose redirect (if it
  /// composed) was decided by open rule `openHit`; nil when there are none.
  func tapAlternatives(_ decision: Decision, _ situation: Situation, tapHit: Int, openHit: Int?)
    -> [Decision]?
  {
    let tapTemplate = tap.templates[tapHit]
    let openAlternatives = openHit.flatMap { open.templates[$0].alternatives } ?? []
    guard tapTemplate.alternatives != nil || !openAlternatives.isEmpty else { return nil }
    let hooks = situation.tap.redirect.hooks
    if hooks.isEmpty { return Self.alternatives(tapTemplate.alternatives, url: situation.tap.url) }
    var out: [Decision] = []
    for alternative in tapTemplate.alternatives ?? [] {
      out.append(redirected(alternative, situation))
    }
    if let openHit, let hook = tapTemplate.callbacks?.first(where: { hooks.contains($0) }) {
      for alternative in openAlternatives {
        let composed = Self.compose(tapTemplate, hook: hook, alternative)
        out.append(
          Decision(
            outcome: composed.outcome,
            url: composed.outcome == .extensionLaunch ? situation.tap.url : situation.tap.redirect.url,
            callbacks: composed.callbacks, presentation: composed.presentation,
            rule: open.templates[openHit].rule,
            evidence: alternative.evidence, notes: alternative.notes))
      }
    }
    out.removeAll {
      $0.outcome == decision.outcome && $0.callbacks == decision.callbacks
        && $0.presentation == decision.presentation
    }
    return out.isEmpty ? nil : out
  }

  /// One other reading of the tap rule, followed through the situation's redirect: the
  /// first redirect hook among its callbacks calls `open(url)`.
  private func redirected(_ alternative: Decision, _ situation: Situation) -> Decision {
    var result = alternative
    let hooks = situation.tap.redirect.hooks
    if case .extensionLaunch = alternative.outcome,
      let hook = alternative.callbacks?.first(where: { hooks.contains($0) })
    {
      let (_, openHit) = single(
        open, situation, event: .open, url: situation.tap.redirect.url, tracing: false,
        extensionPoint: .messages)
      if let openHit {
        let composed = Self.compose(alternative, hook: hook, open.templates[openHit])
        result.outcome = composed.outcome
        result.callbacks = composed.callbacks
        result.presentation = composed.presentation
        if composed.outcome != .extensionLaunch {
          result.url = situation.tap.redirect.url
          return result
        }
      }
    }
    return Self.alternatives([result], url: situation.tap.url)?.first ?? result
  }
}
