@_spi(Generated) import TapRoute

/// Whether each rule of a first-hit table can fire, proved rule by rule within a work budget.
///
/// A rule is shadowed when the earlier rules' boxes cover its box. The proof splits the
/// rule's box among the earlier rules that meet it, one fact at a time: a region is covered
/// as soon as one of its candidates contains it, and a region no candidate meets is a
/// situation the rule decides, which ends the proof (the rule is reachable). Each split
/// takes the fact that the most candidates constrain, and the emptiest part first, so a
/// reachable rule usually shows a witness after a few splits; only a shadowed rule needs
/// the whole cover, and only its own box and the rules meeting it are ever split.
///
/// Covering is co-NP-hard in the number of facts, so a proof may take too long: each rule
/// gets `budget` splits, and a rule whose proof runs out of them is reported as unproven
/// rather than left to run for minutes.
struct CoverProof {
  let analysis: PartitionAnalysis
  /// Splits one rule's proof may take (each costs about a word operation per value of the
  /// region per 64 earlier rules).
  let budget: Int

  /// The default budget of splits per rule: a rule of a generated 4,000-rule table over the
  /// shipped facts needs a few hundred at most.
  static let defaultBudget = 20_000

  enum Verdict: Equatable {
    /// The rule decides some situation.
    case reachable
    /// Earlier rules match everything the rule matches: these ones together (each contains
    /// a part of the rule's box; the lowest such rule for each part).
    case shadowed(cover: [Int])
    /// The proof ran out of budget.
    case unproven
  }

  /// What `rule` (an index into the table's rules) is: reachable, shadowed or unproven.
  func verdict(of rule: Int) -> Verdict {
    let box = analysis.boxes[rule]
    let words = (rule + 63) / 64
    // A rule matching nothing decides nothing, and is covered by no rule.
    guard !box.isEmpty else { return .shadowed(cover: []) }
    guard words > 0 else { return .reachable }
    let local = Local(analysis, members: earlierRules(meeting: box, before: rule, words: words), box: box)
    let candidates = [UInt64](repeating: ~0, count: local.words).enumerated().map { w, all in
      w == local.words - 1 && local.members.count % 64 != 0
        ? (1 << UInt64(local.members.count % 64)) - 1 : all
    }
    var fixed = [Bool](repeating: false, count: box.sets.count)
    // A dimension of one value is fixed: every candidate meets the box, so accepts it.
    for d in box.sets.indices where box.sets[d] & (box.sets[d] - 1) == 0 { fixed[d] = true }
    var left = budget
    var covering = Set<Int>()
    switch cover(box, candidates, fixed, local, left: &left, covering: &covering) {
    case .uncovered: return .reachable
    case .exhausted: return .unproven
    case .covered: return .shadowed(cover: covering.map { local.members[$0] }.sorted())
    }
  }

  /// The earlier rules meeting one rule's box, numbered from 0 in table order, and which of
  /// them accept each value: the proof works on these, a word per 64 of them rather than
  /// per 64 rules of the table.
  private struct Local {
    /// The rules, ascending.
    let members: [Int]
    let words: Int
    /// `words` words per value, at `(valueOffsets[d] + value) * words`, for the values of the box.
    let accepting: [UInt64]
    let valueOffsets: [Int]

    init(_ analysis: PartitionAnalysis, members set: [UInt64], box: Box) {
      var members: [Int] = []
      for w in 0..<set.count {
        var bits = set[w]
        while bits != 0 {
          members.append(w * 64 + bits.trailingZeroBitCount)
          bits &= bits - 1
        }
      }
      self.members = members
      let words = (members.count + 63) / 64
      self.words = words
      valueOffsets = analysis.valueOffsets
      var accepting = [UInt64](repeating: 0, count: analysis.space.sizes.reduce(0, +) * words)
      for (i, r) in members.enumerated() {
        let rule = analysis.boxes[r]
        for d in box.sets.indices {
          var values = box.sets[d] & rule.sets[d]
          while values != 0 {
            accepting[(analysis.valueOffsets[d] + values.trailingZeroBitCount) * words + i / 64] |=
              1 << UInt64(i % 64)
            values &= values - 1
          }
        }
      }
      self.accepting = accepting
    }
  }

  /// The rules before `rule` whose boxes meet `box`, as `words` words.
  private func earlierRules(meeting box: Box, before rule: Int, words: Int) -> [UInt64] {
    var set = [UInt64](repeating: ~0, count: words)
    if rule % 64 != 0 { set[words - 1] = (1 << UInt64(rule % 64)) - 1 }
    let universe = analysis.space.universe
    for d in box.sets.indices where box.sets[d] != universe.sets[d] {
      var meeting = [UInt64](repeating: 0, count: words)
      var values = box.sets[d]
      while values != 0 {
        let row = (analysis.valueOffsets[d] + values.trailingZeroBitCount) * analysis.words
        values &= values - 1
        for w in 0..<words { meeting[w] |= analysis.accepting[row + w] }
      }
      for w in 0..<words { set[w] &= meeting[w] }
    }
    return set
  }

  private enum Cover { case covered, uncovered, exhausted }

  /// Whether `candidates` cover `region`. Every candidate meets the region, and accepts every
  /// value of the dimensions marked `fixed`.
  private func cover(
    _ region: Box, _ candidates: [UInt64], _ fixed: [Bool], _ local: Local, left: inout Int,
    covering: inout Set<Int>
  ) -> Cover {
    guard candidates.contains(where: { $0 != 0 }) else { return .uncovered }
    left -= 1
    guard left >= 0 else { return .exhausted }
    let words = candidates.count
    // The candidates accepting all of the region's values, over every dimension not fixed;
    // the dimension the most candidates constrain is the one to split.
    var containing = candidates
    var split = -1
    var splitting = 0
    var accepting = [UInt64](repeating: 0, count: words)
    for d in region.sets.indices where !fixed[d] {
      for w in 0..<words { accepting[w] = candidates[w] }
      var values = region.sets[d]
      while values != 0 {
        let row = (local.valueOffsets[d] + values.trailingZeroBitCount) * words
        values &= values - 1
        for w in 0..<words { accepting[w] &= local.accepting[row + w] }
      }
      var constraining = 0
      for w in 0..<words {
        containing[w] &= accepting[w]
        constraining += (candidates[w] & ~accepting[w]).nonzeroBitCount
      }
      if constraining > splitting { (split, splitting) = (d, constraining) }
    }
    if let rule = Self.lowest(containing) {
      covering.insert(rule)
      return .covered
    }
    // Not reached: with no candidate containing the region, one constrains a dimension.
    guard split >= 0 else { return .exhausted }
    var parts = groups(region.sets[split], of: split, candidates, local)
    // The part with the fewest candidates is the likeliest to hold a situation none decides.
    parts.sort { $0.count < $1.count }
    var childFixed = fixed
    childFixed[split] = true
    var exhausted = false
    for part in parts {
      var child = region
      child.sets[split] = part.values
      switch cover(child, part.candidates, childFixed, local, left: &left, covering: &covering) {
      case .uncovered: return .uncovered
      case .exhausted: exhausted = true
      case .covered: break
      }
    }
    return exhausted ? .exhausted : .covered
  }

  /// The values of dimension `d` in `values`, grouped by the candidates that accept them
  /// (groups with no candidate included).
  private func groups(_ values: UInt64, of d: Int, _ candidates: [UInt64], _ local: Local) -> [(
    values: UInt64, candidates: [UInt64], count: Int
  )] {
    var groups: [(values: UInt64, candidates: [UInt64], count: Int)] = []
    var remaining = values
    while remaining != 0 {
      let v = remaining.trailingZeroBitCount
      remaining &= remaining - 1
      let row = (local.valueOffsets[d] + v) * local.words
      var next = candidates
      var count = 0
      for w in 0..<next.count {
        next[w] &= local.accepting[row + w]
        count += next[w].nonzeroBitCount
      }
      if let i = groups.firstIndex(where: { $0.candidates == next }) {
        groups[i].values |= 1 << UInt64(v)
      } else {
        groups.append((1 << UInt64(v), next, count))
      }
    }
    return groups
  }

  private static func lowest(_ set: [UInt64]) -> Int? {
    for w in 0..<set.count where set[w] != 0 { return w * 64 + set[w].trailingZeroBitCount }
    return nil
  }
}
