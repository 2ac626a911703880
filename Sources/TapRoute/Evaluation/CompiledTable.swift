/// A decision table compiled for deciding: one bitset of matching rules per fact value.
///
/// For each fact the table tests and each of that fact's values there is a row of bits,
/// bit `r` set when rule `r` accepts the value (a rule without a condition on the fact
/// accepts every value). Deciding ANDs one row per fact and takes the lowest set bit: the
/// first rule that matches. OS versions are first mapped to the interval between the
/// table's version boundaries, so they index rows like any finite fact.
struct CompiledTable: Sendable {
  let table: DecisionTable
  /// The facts at least one rule tests, in declaration order.
  let slots: [Fact]
  /// Sorted version boundaries; a version's interval index is how many are <= it.
  let versionBounds: [OSVersion]
  /// Where each slot's rows start in `bits`.
  let slotOffsets: [Int]
  /// 64-bit words per row.
  let words: Int
  /// Row-major bits: slot offset + value index * words + word.
  let bits: [UInt64]
  /// What each rule decides, ready to return.
  let templates: [Decision]

  init(_ table: DecisionTable) {
    self.table = table
    let tested = Set(table.rules.flatMap { $0.conditions.map(\.fact) })
    slots = table.facts.map(\.fact).filter { tested.contains($0) }
    var bounds: Set<OSVersion> = []
    for rule in table.rules {
      for case .range(let range) in rule.conditions.map(\.test) {
        if let lo = range.lower { bounds.insert(lo) }
        if let hi = range.upper { bounds.insert(hi) }
      }
    }
    versionBounds = bounds.sorted()
    let ruleCount = table.rules.count
    let words = max(1, (ruleCount + 63) / 64)
    self.words = words
    var offsets: [Int] = []
    var bits: [UInt64] = []
    for fact in slots {
      offsets.append(bits.count)
      let valueCount = fact.kind == .version ? versionBounds.count + 1 : fact.finiteCount
      var rows = [UInt64](repeating: 0, count: valueCount * words)
      for value in 0..<valueCount {
        let representative: OSVersion? =
          fact.kind == .version ? (value == 0 ? OSVersion(0) : versionBounds[value - 1]) : nil
        for (r, rule) in table.rules.enumerated() {
          let accepts: Bool
          if let condition = rule.condition(on: fact) {
            accepts = representative.map { condition.matches(version: $0) } ?? condition.matches(index: value)
          } else {
            accepts = true
          }
          if accepts { rows[value * words + r / 64] |= 1 << UInt64(r % 64) }
        }
      }
      bits += rows
    }
    slotOffsets = offsets
    self.bits = bits
    templates = table.rules.map { rule in
      Decision(
        outcome: rule.then.outcome, callbacks: rule.then.callbacks, presentation: rule.then.presentation,
        rule: "\(table.name)/\(rule.id)", evidence: rule.evidence, confidence: rule.confidence,
        notes: rule.note.map { [$0] } ?? [])
    }
  }

  /// The interval index of `version` among the table's version boundaries.
  func versionIndex(_ version: OSVersion) -> Int {
    var lo = 0
    var hi = versionBounds.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if versionBounds[mid] <= version { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// The index of the first rule matching `facts`, or nil. Allocates nothing.
  func firstMatch(_ facts: FactSnapshot) -> Int? {
    let ruleCount = templates.count
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, slots.count)) { rows in
      for (s, fact) in slots.enumerated() {
        let value = fact == .osVersion ? versionIndex(facts.version) : facts.index(of: fact)
        rows[s] = slotOffsets[s] + value * words
      }
      for w in 0..<words {
        var acc: UInt64 = ~0
        let remaining = ruleCount - w * 64
        if remaining < 64 { acc = (1 << UInt64(remaining)) - 1 }
        for s in 0..<slots.count {
          acc &= bits[rows[s] + w]
          if acc == 0 { break }
        }
        if acc != 0 { return w * 64 + acc.trailingZeroBitCount }
      }
      return nil
    }
  }

  /// The rules tried before the first match, each with its first failing condition.
  func trace(_ facts: FactSnapshot, upTo hit: Int?) -> [TraceEntry] {
    var entries: [TraceEntry] = []
    for rule in table.rules.prefix(hit ?? table.rules.count) {
      for condition in rule.conditions {
        let passes: Bool
        let actual: String
        if condition.fact == .osVersion {
          passes = condition.matches(version: facts.version)
          actual = facts.version.description
        } else {
          let value = facts.index(of: condition.fact)
          passes = condition.matches(index: value)
          actual = condition.fact.valueName(value)
        }
        if !passes {
          entries.append(
            TraceEntry(rule: "\(table.name)/\(rule.id)", fact: condition.fact, expected: condition.written, actual: actual))
          break
        }
      }
    }
    return entries
  }
}
