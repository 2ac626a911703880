@_spi(Generated) import TapRoute

/// Gaps and reachable rules of a first-hit table in one descent over the fact space.
///
/// The descent fixes one fact at a time (facts most rules test first). At each step the
/// values of the fact are grouped by the set of rules still matching, so values no rule
/// tells apart stay one region. A region stops being split as soon as its first remaining
/// rule places no condition on the facts not yet fixed: that rule decides the whole region
/// (it is reachable) and every later candidate is pre-empted there. A region with no rule
/// left is a gap. The work follows the distinctions the rules make, not the product of the
/// domains.
struct PartitionAnalysis {
  let space: FactSpace
  let boxes: [Box]
  let words: Int
  /// The dimensions in descent order.
  let order: [Int]
  /// Per rule, the first position in `order` from which the rule tests no more facts.
  let freeFrom: [Int]
  /// Per dimension and value, the rules whose boxes accept the value: `words` words at
  /// `(valueOffsets[d] + value) * words`. Splitting a region ANDs one of these with the
  /// candidates, a word per 64 rules, instead of testing each candidate's box.
  let accepting: [UInt64]
  let valueOffsets: [Int]

  init(space: FactSpace, boxes: [Box]) {
    self.space = space
    self.boxes = boxes
    words = max(1, (boxes.count + 63) / 64)
    let universe = space.universe
    let dims = space.dimensions.indices
    let constrainedBy = dims.map { d in boxes.filter { $0.sets[d] != universe.sets[d] }.count }
    let order = dims.sorted {
      constrainedBy[$0] > constrainedBy[$1] || (constrainedBy[$0] == constrainedBy[$1] && $0 < $1)
    }
    self.order = order
    var offsets: [Int] = []
    var total = 0
    for size in space.sizes {
      offsets.append(total)
      total += size
    }
    valueOffsets = offsets
    var accepting = [UInt64](repeating: 0, count: total * words)
    for (r, box) in boxes.enumerated() {
      for d in dims {
        var set = box.sets[d]
        while set != 0 {
          accepting[(offsets[d] + set.trailingZeroBitCount) * words + r / 64] |= 1 << UInt64(r % 64)
          set &= set - 1
        }
      }
    }
    self.accepting = accepting
    freeFrom = boxes.map { box in
      var last = -1
      for (position, d) in order.enumerated() where box.sets[d] != universe.sets[d] { last = position }
      return last + 1
    }
  }

  /// The rule set with every rule whose box meets `region`.
  func candidates(meeting region: Box, among allowed: [UInt64]? = nil) -> [UInt64] {
    var set = [UInt64](repeating: 0, count: words)
    for (r, box) in boxes.enumerated() where box.intersects(region) {
      if let allowed, allowed[r / 64] & (1 << UInt64(r % 64)) == 0 { continue }
      set[r / 64] |= 1 << UInt64(r % 64)
    }
    return set
  }

  /// Descends `region` with `candidates`; calls `winner` for each region a rule decides and
  /// `gap` for each region no rule decides.
  ///
  /// `winner` also gets the candidates left in its region. Descending from the universe with
  /// every rule, these are exactly the rules whose boxes meet the region: each candidate
  /// accepts every value fixed so far (values are grouped by the candidates accepting them)
  /// and has no empty set among the dimensions not yet fixed.
  func descend(
    _ region: Box, _ candidates: [UInt64], position: Int, winner: (Int, Box, [UInt64]) -> Void,
    gap: (Box) -> Void
  ) {
    guard let first = lowest(candidates) else {
      gap(region)
      return
    }
    if freeFrom[first] <= position || position == order.count {
      winner(first, region, candidates)
      return
    }
    let d = order[position]
    for group in groups(region.sets[d], of: d, candidates) {
      var child = region
      child.sets[d] = group.values
      descend(child, group.candidates, position: position + 1, winner: winner, gap: gap)
    }
  }

  /// The regions no rule decides, as `descend` from the universe finds them, or nil once
  /// more than `budget` regions were split.
  ///
  /// A region is not split once any candidate (not only the first) places no condition on
  /// the facts not yet fixed: that rule contains the region, so no part of it is a gap. The
  /// regions holding a gap are split exactly as `descend` splits them, so the gaps are the
  /// same, in the same order; a table with a catch-all rule is proved gap-free at once.
  func gaps(budget: Int) -> [Box]? {
    // Per position, the rules free of every fact from that position on.
    var free = [UInt64](repeating: 0, count: (order.count + 1) * words)
    for (r, position) in freeFrom.enumerated() {
      for p in position...order.count { free[p * words + r / 64] |= 1 << UInt64(r % 64) }
    }
    var gaps: [Box] = []
    var left = budget
    func search(_ region: Box, _ candidates: [UInt64], position: Int) -> Bool {
      guard candidates.contains(where: { $0 != 0 }) else {
        gaps.append(region)
        return true
      }
      for w in 0..<words where candidates[w] & free[position * words + w] != 0 { return true }
      left -= 1
      guard left >= 0, position < order.count else { return left >= 0 }
      let d = order[position]
      for group in groups(region.sets[d], of: d, candidates) {
        var child = region
        child.sets[d] = group.values
        guard search(child, group.candidates, position: position + 1) else { return false }
      }
      return true
    }
    return search(space.universe, candidates(meeting: space.universe), position: 0) ? gaps : nil
  }

  /// The values of dimension `d` in `values`, grouped by the candidates that accept them.
  private func groups(_ values: UInt64, of d: Int, _ candidates: [UInt64]) -> [(
    values: UInt64, candidates: [UInt64]
  )] {
    var groups: [(values: UInt64, candidates: [UInt64])] = []
    var remaining = values
    while remaining != 0 {
      let v = remaining.trailingZeroBitCount
      remaining &= remaining - 1
      let bit: UInt64 = 1 << UInt64(v)
      var next = candidates
      let row = (valueOffsets[d] + v) * words
      for w in 0..<words { next[w] &= accepting[row + w] }
      if let i = groups.firstIndex(where: { $0.candidates == next }) {
        groups[i].values |= bit
      } else {
        groups.append((bit, next))
      }
    }
    return groups
  }

  private func lowest(_ set: [UInt64]) -> Int? {
    for w in 0..<set.count where set[w] != 0 { return w * 64 + set[w].trailingZeroBitCount }
    return nil
  }

}
