/// The facts a table's rules test, and the values each is cut into: the one description of
/// a table's fact space that deciding (`CompiledTable`) and verifying (`FactSpace`) index by.
///
/// A finite fact keeps its domain's values. A version fact (`osVersion`, `sdkVersion`) is cut
/// into intervals at every boundary its rules name, interval `i` being
/// `[bounds[i-1], bounds[i])`, so any version range a rule writes is a run of intervals.
package struct TableSlots: Sendable {
  /// The facts at least one rule tests, in declaration order.
  package let facts: [Fact]
  /// Values per slot: a finite fact's domain size, a version fact's interval count.
  package let counts: [Int]
  /// Sorted `osVersion` boundaries.
  package let versionBounds: [OSVersion]
  /// Sorted `sdkVersion` boundaries: each version fact is cut at its own rules' bounds.
  package let sdkVersionBounds: [OSVersion]

  package init(_ table: DecisionTable) {
    let tested = Set(table.rules.flatMap { $0.conditions.map(\.fact) })
    facts = table.facts.map(\.fact).filter { tested.contains($0) }
    var bounds: [Fact: Set<OSVersion>] = [:]
    for rule in table.rules {
      for condition in rule.conditions {
        guard case .range(let range) = condition.test else { continue }
        if let lo = range.lower { bounds[condition.fact, default: []].insert(lo) }
        if let hi = range.upper { bounds[condition.fact, default: []].insert(hi) }
      }
    }
    let versionBounds = (bounds[.osVersion] ?? []).sorted()
    let sdkVersionBounds = (bounds[.sdkVersion] ?? []).sorted()
    self.versionBounds = versionBounds
    self.sdkVersionBounds = sdkVersionBounds
    counts = facts.map { fact in
      guard fact.isVersion else { return fact.finiteCount }
      if case .sdkVersion = fact { return sdkVersionBounds.count + 1 }
      return versionBounds.count + 1
    }
  }

  /// The boundaries of a version fact (`osVersion`'s for any other fact).
  package func bounds(of fact: Fact) -> [OSVersion] {
    if case .sdkVersion = fact { return sdkVersionBounds }
    return versionBounds
  }

  /// The lowest version of interval `i` of a version fact.
  package func lowestVersion(interval i: Int, of fact: Fact) -> OSVersion {
    i == 0 ? OSVersion(clamping: 0) : bounds(of: fact)[i - 1]
  }

  /// How many of the sorted `bounds` are <= `version`: the interval `version` lies in.
  package static func interval<Version: Comparable>(of version: Version, in bounds: [Version]) -> Int {
    var lo = 0
    var hi = bounds.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if bounds[mid] <= version { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }
}
