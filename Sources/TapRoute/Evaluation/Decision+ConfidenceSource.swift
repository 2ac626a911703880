// Where a composed decision's confidence comes from: the step that is least sure. A composed
// decision (a tap and its redirect's open(url); a surface and the delivery to the app's
// callbacks) is as sure as its weakest step, and a reader acting on it wants to know which
// step that is: the surface's rule, or the delivery under an assumed life cycle.

extension Decision {
  /// The step of a composed decision whose confidence is the decision's: the weakest step,
  /// the first of equals. Nil for a decision of one rule (its rule is the source).
  public var confidenceFrom: Confidence.Source? {
    guard let steps, let confidence,
      let index = steps.firstIndex(where: { $0.confidence == confidence }), let rule = steps[index].rule
    else { return nil }
    return ConfidenceSource(step: index, rule: rule, confidence: confidence, assumed: steps[index].assumed)
  }

  /// The table, and so the event, that decided a step: the part of its rule before the `/`.
  package static func event(ofRule rule: String?) -> String? {
    rule.flatMap { $0.split(separator: "/", maxSplits: 1).first.map(String.init) }
  }
}

extension Confidence {
  /// The step a composed decision's confidence comes from (``Decision/confidenceFrom``).
  public struct Source: Sendable, Hashable, Codable {
    /// The step's index in ``Decision/steps`` (0: the first).
    public var step: Int
    /// The table that decided the step, named after its event (`widget`, `delivery`).
    public var event: String
    /// The step's rule, `table/rule-id`.
    public var rule: String
    /// The step's confidence, which is the decision's.
    public var confidence: Confidence
    /// The defaults the step's rule took for facts the situation did not give: when not empty,
    /// the confidence rests on them, and giving those facts may change it.
    public var assumed: [Decision.AssumedFact]

    /// The source of a decision's confidence: step `step`, decided by `rule`, which took the
    /// defaults `assumed`.
    public init(step: Int, rule: String, confidence: Confidence, assumed: [Decision.AssumedFact] = []) {
      self.step = step
      self.rule = rule
      self.confidence = confidence
      self.assumed = assumed
      event = Decision.event(ofRule: rule) ?? ""
    }

    /// The situation keys to give to replace the step's defaults (`app.lifecycle`), in order.
    public var keysToGive: [String] {
      assumed.map { item in
        let path = item.fact.source(for: Situation.Event(rawValue: event) ?? .tap)
        return path.hasPrefix("$.") ? String(path.dropFirst(2)) : path
      }
    }

    private enum CodingKeys: String, CodingKey { case step, event, rule, confidence, assumed }

    /// Reads the JSON form `encode(to:)` writes; a missing `assumed` is none.
    public init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      step = try c.decode(Int.self, forKey: .step)
      event = try c.decode(String.self, forKey: .event)
      rule = try c.decode(String.self, forKey: .rule)
      confidence = try c.decode(Confidence.self, forKey: .confidence)
      assumed = try c.decodeIfPresent(AssumedFacts.self, forKey: .assumed)?.facts ?? []
    }

    /// Writes `step`, `event`, `rule`, `confidence`, and `assumed` (an object of fact and
    /// default) when the step took defaults.
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(step, forKey: .step)
      try c.encode(event, forKey: .event)
      try c.encode(rule, forKey: .rule)
      try c.encode(confidence, forKey: .confidence)
      if !assumed.isEmpty { try c.encode(AssumedFacts(facts: assumed), forKey: .assumed) }
    }
  }
}

/// A step of a composed decision as the JSON writes it: the decision's fields and `event`, the
/// table that decided it.
package struct DecisionStep: Encodable {
  package var decision: Decision

  private enum CodingKeys: String, CodingKey { case event }

  package func encode(to encoder: any Encoder) throws {
    try decision.encode(to: encoder)
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(Decision.event(ofRule: decision.rule), forKey: .event)
  }
}
