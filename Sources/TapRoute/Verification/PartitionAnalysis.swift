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
    // Group the region's values of dimension d by the candidates that accept them.
    var groups: [(values: UInt64, candidates: [UInt64])] = []
    var remaining = region.sets[d]
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
    for group in groups {
      var child = region
      child.sets[d] = group.values
      descend(child, group.candidates, position: position + 1, winner: winner, gap: gap)
    }
  }

  private func lowest(_ set: [UInt64]) -> Int? {
    for w in 0..<set.count where set[w] != 0 { return w * 64 + set[w].trailingZeroBitCount }
    return nil
  }

}
