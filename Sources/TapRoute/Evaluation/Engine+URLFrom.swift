// The URL the app receives when a rule says it is not the event's own: a rule's `then.url`
// names another URL field of the event's part (`widgetURL`: a small widget ignores the `Link`
// the tap lands on, so the app receives the widget's `widgetURL`). The tables decide on the
// event's URL; the decision's URL fields then name the URL each reading delivers.

extension Engine {
  /// The URL the app receives for a reading whose then is `delivery`, where the event's URL
  /// would be `url`: the situation's URL field that `delivery.urlFrom` names, else `url`.
  static func deliveredURL(_ url: String?, _ delivery: AppDelivery?, _ situation: Situation) -> String? {
    guard let key = delivery?.urlFrom else { return url }
    return situation.otherURL(key)
  }

  /// Names, in `decision`, the URL that each reading's `then.url` picks: its URL now, and its
  /// steps' and other readings' URLs now too unless the decision is lazy with pending
  /// remarks, whose build does it (``PendingRemarks/selectURLs(in:template:)``). Only a
  /// situation with a URL besides the event's (``Situation/hasOtherURL``) reaches here.
  @usableFromInline
  static func selectURLs<Rules: LeanRules>(
    _ rules: Rules, _ situation: Situation, in decision: inout Decision
  ) {
    let event = situation.event
    guard event != .tap, situation.hasOtherURL else { return }
    let rule = rules.rule(event, situation)
    guard rule >= 0 else { return }
    let template = rules.source.template(event, rule)
    if decision.rawURL != nil || template.delivery?.urlFrom != nil {
      decision.url = deliveredURL(decision.rawURL, template.delivery, situation)
    }
    if decision.hasPendingRemarks { return }
    selectNestedURLs(template, situation, in: &decision)
  }

  /// Names the URL each `then.url` of `template` (the deciding rule's template) picks in
  /// `decision`'s first step (the event's own) and its other readings.
  static func selectNestedURLs(_ template: Decision, _ situation: Situation, in decision: inout Decision) {
    if var steps = decision.steps, let first = steps.first, first.rawURL != nil {
      steps[0].url = deliveredURL(first.rawURL, template.delivery, situation)
      decision.steps = steps
    }
    guard var alternatives = decision.alternatives, let templates = template.alternatives,
      alternatives.count == templates.count,
      templates.contains(where: { $0.delivery?.urlFrom != nil })
    else { return }
    for i in alternatives.indices where alternatives[i].rawURL != nil || templates[i].delivery?.urlFrom != nil
    {
      alternatives[i].url = deliveredURL(alternatives[i].rawURL, templates[i].delivery, situation)
      if var steps = alternatives[i].steps, let first = steps.first, first.rawURL != nil {
        steps[0].url = deliveredURL(first.rawURL, templates[i].delivery, situation)
        alternatives[i].steps = steps
      }
    }
    decision.alternatives = alternatives
  }
}
