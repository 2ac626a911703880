/// `assumed`: the facts a decision rests on that the situation left out.
///
/// A decision lists the facts its deciding rule tests (for a redirect, the tap rule's and the
/// open rule's) whose fields the situation did not give, with the default each took. A
/// left-out fact the deciding rule does not test cannot change that rule's answer, so it is
/// not listed; the facts that made earlier rules fail are in the `explain` trace.
extension Engine {
  /// The default value of every fact, in catalog order: what a left-out field stands for.
  static func assumedDefaults(newestOS: OSVersion, newestSDK: OSVersion) -> [AssumedFact] {
    let facts = FactSnapshot(
      Situation(event: .tap), event: .tap, url: nil, defaultVersion: newestOS, defaultSDKVersion: newestSDK)
    return Fact.allCases.map { fact in
      switch fact.kind {
      case .version: AssumedFact(fact: fact, value: .text(facts.version(of: fact).description))
      case .bool: AssumedFact(fact: fact, value: .bool(facts.index(of: fact) == 1))
      case .enumeration(let names): AssumedFact(fact: fact, value: .text(names[facts.index(of: fact)]))
      }
    }
  }

}

extension EngineTables {
  /// The facts URL text gives: left out only when that URL field was.
  private static let urlFacts = Fact.urlClass.bit | Fact.urlNeedsEncoding.bit

  /// The assumed facts of a decision by tap rule `tapHit` (or open rule, for an open event)
  /// and, for a redirect, open rule `redirectHit`, as ``Fact/bit``s.
  func assumedMask(_ situation: Situation, hit: Int, redirectHit: Int? = nil) -> FactMask {
    let leftOut = situation.leftOut
    var mask: FactMask
    switch situation.event {
    case .tap:
      mask = tap.ruleData(hit).tested & leftOut
      if let redirectHit {
        // The redirect's URL is its own field; its extension point is the Messages extension.
        var redirectLeftOut = leftOut & ~(Self.urlFacts | Fact.extensionPoint.bit)
        if situation.tap.redirect.url == nil { redirectLeftOut |= Self.urlFacts }
        mask |= open.ruleData(redirectHit).tested & redirectLeftOut
      }
    default:
      mask = table(situation.event).ruleData(hit).tested & leftOut
    }
    return mask
  }
}
