// Where a composed decision's confidence comes from: the step that is least sure. A composed
// decision (a tap and its redirect's open(url); a surface and the delivery to the app's
// callbacks) is as sure as its weakest step, and a reader acting on it wants to know which
// step that is: the surface's rule, or the delivery under an assumed life cycle.

extension Decision {
  /// The step of a composed decision whose confidence is the decision's: the weakest step,
  /// the first of equals. Nil for a decision of one rule (its rule is the source).
  public var confidenceFrom: ConfidenceSource? {
    guard let steps, let confidence,
      let index = steps.firstIndex(where: { $0.confidence == confidence }), let rule = steps[index].rule
    else { return nil }
    return ConfidenceSource(step: index, rule: rule, confidence: confidence)
  }

  /// The table, and so the event, that decided a step: the part of its rule before the `/`.
  static func event(ofRule rule: String?) -> String? {
    rule.flatMap { $0.split(separator: "/", maxSplits: 1).first.map(String.init) }
  }
}

/// The step a composed decision's confidence comes from (``Decision/confidenceFrom``).
public struct ConfidenceSource: Sendable, Hashable, Codable {
  /// The step's index in ``Decision/steps`` (0: the first).
  public var step: Int
  /// The table that decided the step, named after its event (`widget`, `delivery`).
  public var event: String
  /// The step's rule, `table/rule-id`.
  public var rule: String
  /// The step's confidence, which is the decision's.
  public var confidence: Confidence

  /// The source of a decision's confidence: step `step`, decided by `rule`.
  public init(step: Int, rule: String, confidence: Confidence) {
    self.step = step
    self.rule = rule
    self.confidence = confidence
    event = Decision.event(ofRule: rule) ?? ""
  }
}

/// A step of a composed decision as the JSON writes it: the decision's fields and `event`, the
/// table that decided it.
struct DecisionStep: Encodable {
  var decision: Decision

  private enum CodingKeys: String, CodingKey { case event }

  func encode(to encoder: any Encoder) throws {
    try decision.encode(to: encoder)
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(Decision.event(ofRule: decision.rule), forKey: .event)
  }
}
