// The URL the app receives when a rule says it is not the event's own: a rule's `then.url`
// names another URL field of the event's part (`widgetURL`: a small widget ignores the `Link`
// the tap lands on, so the app receives the widget's `widgetURL`). The tables decide on the
// event's URL; the decision's URL fields then name the URL each reading delivers.

@_spi(Generated) extension Engine {
  /// Names, in `decision`, the URL that each reading's `then.url` picks: its URL now, and its
  /// first step's and other readings' URLs now too unless the decision is lazy with pending
  /// remarks, whose build does it (``PendingRemarks/selectURLs(in:template:)``). Only a
  /// situation with a URL besides the event's (``Situation/hasOtherURL``) reaches here.
  @usableFromInline
  package static func selectURLs<Rules: LeanRules>(
    _ rules: Rules, _ situation: Situation, in decision: inout Decision
  ) {
    let event = situation.event
    guard event != .tap, situation.hasOtherURL else { return }
    let rule = rules.rule(event, situation)
    guard rule >= 0 else { return }
    let template = rules.source.template(event, rule)
    if let key = template.delivery?.urlFrom { decision.url = situation.otherURL(key) }
    if decision.hasPendingRemarks { return }
    selectNestedURLs(template, situation, in: &decision)
  }

  /// Names the URL each `then.url` of `template` (the deciding rule's template) picks in
  /// `decision`'s first step (the event's own) and in its other readings. A reading whose
  /// `then` names no field keeps the event's URL.
  package static func selectNestedURLs(
    _ template: Decision, _ situation: Situation, in decision: inout Decision
  ) {
    if let key = template.delivery?.urlFrom { selectFirstStepURL(key, situation, in: &decision) }
    guard var alternatives = decision.alternatives, let templates = template.alternatives,
      alternatives.count == templates.count,
      templates.contains(where: { $0.delivery?.urlFrom != nil })
    else { return }
    for i in alternatives.indices {
      guard let key = templates[i].delivery?.urlFrom else { continue }
      alternatives[i].url = situation.otherURL(key)
      selectFirstStepURL(key, situation, in: &alternatives[i])
    }
    decision.alternatives = alternatives
  }

  /// The first step of `decision` names the URL field `key`, where it names a URL at all.
  private static func selectFirstStepURL(_ key: String, _ situation: Situation, in decision: inout Decision) {
    guard var steps = decision.steps, let first = steps.first, first.rawURL != nil else { return }
    steps[0].url = situation.otherURL(key)
    decision.steps = steps
  }
}
