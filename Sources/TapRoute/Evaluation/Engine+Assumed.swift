/// `assumed`: the facts a decision rests on that the situation left out.
///
/// A decision lists the facts its deciding rule tests (for a redirect, the tap rule's and the
/// open rule's) whose fields the situation did not give, with the default each took. A
/// left-out fact the deciding rule does not test cannot change that rule's answer, so it is
/// not listed; the facts that made earlier rules fail are in the `explain` trace.
extension Engine {
  /// The default value of every fact, in catalog order: what a left-out field stands for.
  package static func assumedDefaults(newestOS: OSVersion, newestSDK: OSVersion) -> [AssumedFact] {
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
