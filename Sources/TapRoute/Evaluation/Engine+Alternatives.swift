/// `alternatives`: the other readings of a contested decision.
///
/// A contested rule's template carries its alternatives (``CompiledTable``). A decision by
/// one table shows them as they are, with the URL set. A redirect composes each other reading
/// of the tap rule with the same redirect, and the tap with each other reading of the open
/// rule: one reading changes at a time, and a reading that ends where the decision does
/// (same outcome, callbacks and presentation) is left out, since it says nothing new.
///
/// The eager evaluation (`explain`) and a lazy decision's fields (``LazyHit``) both build
/// them here, from rule templates and what they read of the situation.
extension Engine {
  /// Sets the URL on alternatives whose outcome opens one.
  package static func alternatives(_ alternatives: [Decision]?, url: String?) -> [Decision]? {
    guard let alternatives, let url else { return alternatives }
    return alternatives.map { alternative in
      var copy = alternative
      if alternative.outcome.carriesURL(handoff: alternative.delivery?.handoff) { copy.url = url }
      return copy
    }
  }

  /// The other readings of `decided`, a tap decided by `tapTemplate`'s rule whose redirect
  /// (if it composed) was decided by open rule `openHit`; nil when there are none.
  /// `redirectOpenHit` is the open rule the situation's redirect takes (asked only when an
  /// alternative reading launches the extension with a hook among its callbacks).
  package static func tapAlternatives(
    _ decided: Decision, tapTemplate: Decision, openTemplate: (Int) -> Decision, openHit: Int?,
    hooks: Situation.Redirect.Hooks, tapURL: String?, redirectURL: String?, redirectOpenHit: () -> Int?
  ) -> [Decision]? {
    let openDecider = openHit.map(openTemplate)
    let openAlternatives = openDecider?.alternatives ?? []
    guard tapTemplate.alternatives != nil || !openAlternatives.isEmpty else { return nil }
    if hooks.isEmpty { return alternatives(tapTemplate.alternatives, url: tapURL) }
    var out: [Decision] = []
    for alternative in tapTemplate.alternatives ?? [] {
      out.append(
        redirected(
          alternative, hooks: hooks, openTemplate: openTemplate, tapURL: tapURL, redirectURL: redirectURL,
          redirectOpenHit: redirectOpenHit))
    }
    if let openDecider, let hook = hooks.first(in: tapTemplate.callbacks ?? []) {
      for alternative in openAlternatives {
        let composed = compose(tapTemplate, hook: hook, alternative)
        out.append(
          Decision(
            outcome: composed.outcome,
            url: composed.outcome == .extensionLaunch ? tapURL : redirectURL,
            callbacks: composed.callbacks, presentation: composed.presentation,
            rule: openDecider.rule, evidence: alternative.evidence, notes: alternative.notes))
      }
    }
    out.removeAll {
      $0.outcome == decided.outcome && $0.callbacks == decided.callbacks
        && $0.presentation == decided.presentation
    }
    return out.isEmpty ? nil : out
  }

  /// One other reading of the tap rule, followed through the situation's redirect: the
  /// first redirect hook among its callbacks calls `open(url)`.
  private static func redirected(
    _ alternative: Decision, hooks: Situation.Redirect.Hooks, openTemplate: (Int) -> Decision,
    tapURL: String?, redirectURL: String?, redirectOpenHit: () -> Int?
  ) -> Decision {
    var result = alternative
    if case .extensionLaunch = alternative.outcome,
      let hook = hooks.first(in: alternative.callbacks ?? []),
      let openHit = redirectOpenHit()
    {
      let composed = compose(alternative, hook: hook, openTemplate(openHit))
      result.outcome = composed.outcome
      result.callbacks = composed.callbacks
      result.presentation = composed.presentation
      if composed.outcome != .extensionLaunch {
        result.url = redirectURL
        return result
      }
    }
    return alternatives([result], url: tapURL)?.first ?? result
  }
}
