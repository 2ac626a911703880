@_spi(Generated) import TapRoute

/// A decision table planned for generated Swift: per fact, which rules each value (or each
/// interval between version boundaries) leaves standing, as words of rule bits.
///
/// The generated first-match function is this plan written out: start from every rule,
/// AND the row of each fact's value, and take the lowest rule left. Facts read from a URL
/// (its scheme class) are deferred: they are computed only when the lowest rule left tests
/// them, which is when they can change the answer. ``firstMatch(_:)`` runs the same steps
/// in memory, so the tests can hold the plan to the interpreter on tables far too large to
/// compile in a test. A table of more than 64 rules whose space is small enough is written
/// as a ``DenseLookup`` instead.
struct TablePlan: Sendable {
  /// One fact the table tests.
  struct Slot: Sendable {
    let fact: Fact
    /// Per value of a finite fact, or per interval between `bounds` of a version fact:
    /// the rules that accept it, `words` words each.
    let rows: [[UInt64]]
    /// A version fact's sorted boundaries (``OSVersion/orderKey``); interval `i` holds
    /// the versions with exactly `i` boundaries at or below them.
    let bounds: [UInt64]
    /// Computed only when the lowest rule left tests it.
    let deferred: Bool
    /// The rules with a condition on the fact.
    let testers: [UInt64]
  }

  let table: DecisionTable
  let words: Int
  /// Every rule: the starting mask.
  let all: [UInt64]
  /// Immediate facts first (in declaration order), then deferred ones.
  let slots: [Slot]
  /// For more than 64 rules, the first rule of every cell, when the immediate facts' space
  /// is at most ``maximumDenseCells``: what the generated code reads instead of the words.
  let dense: DenseLookup?

  /// The largest immediate fact space (and URL rows' entries) generated as a dense lookup:
  /// two or three characters of source each.
  static let maximumDenseCells = 1 << 18

  /// The facts computed from the URL the event looks at.
  static let deferredFacts: Set<Fact> = [.urlClass, .urlNeedsEncoding]

  /// The plan of `table`; `dense` false writes a table of more than 64 rules word by word
  /// whatever its space.
  init(_ table: DecisionTable, dense wantDense: Bool = true) {
    self.table = table
    let ruleCount = table.rules.count
    let words = max(1, (ruleCount + 63) / 64)
    self.words = words
    var all = [UInt64](repeating: 0, count: words)
    for r in 0..<ruleCount { all[r / 64] |= 1 << UInt64(r % 64) }
    self.all = all
    let tested = Set(table.rules.flatMap { $0.conditions.map(\.fact) })
    var immediate: [Slot] = []
    var deferred: [Slot] = []
    for fact in table.facts.map(\.fact) where tested.contains(fact) {
      var testers = [UInt64](repeating: 0, count: words)
      for (r, rule) in table.rules.enumerated() where rule.condition(on: fact) != nil {
        testers[r / 64] |= 1 << UInt64(r % 64)
      }
      // A computed fact (`universalLink` evaluates the app's AASA files) is deferred too, in a
      // table of one word: computed only when the lowest rule left tests it.
      let isDeferred = Self.deferredFacts.contains(fact) || (words == 1 && fact.computedBy != nil)
      let slot: Slot
      if fact.kind == .version {
        var keys: Set<UInt64> = []
        for rule in table.rules {
          guard let condition = rule.condition(on: fact), case .range(let range) = condition.test else {
            continue
          }
          if let lower = range.lower { keys.insert(lower.orderKey) }
          if let upper = range.upper { keys.insert(upper.orderKey) }
        }
        let bounds = keys.sorted()
        let versions =
          [OSVersion(clamping: 0)]
          + table.rules.flatMap { rule -> [OSVersion] in
            guard let condition = rule.condition(on: fact), case .range(let range) = condition.test else {
              return []
            }
            return [range.lower, range.upper].compactMap { $0 }
          }
        var lowest: [UInt64: OSVersion] = [:]
        for version in versions { lowest[version.orderKey] = version }
        let representatives = [OSVersion(clamping: 0)] + bounds.compactMap { lowest[$0] }
        let rows = representatives.map { version in
          Self.row(table.rules, words: words) { $0.condition(on: fact)?.matches(version: version) ?? true }
        }
        slot = Slot(fact: fact, rows: rows, bounds: bounds, deferred: isDeferred, testers: testers)
      } else {
        let rows = (0..<fact.finiteCount).map { value in
          Self.row(table.rules, words: words) { $0.condition(on: fact)?.matches(index: value) ?? true }
        }
        slot = Slot(fact: fact, rows: rows, bounds: [], deferred: isDeferred, testers: testers)
      }
      if isDeferred { deferred.append(slot) } else { immediate.append(slot) }
    }
    slots = immediate + deferred
    dense =
      words > 1 && wantDense
      ? Self.denseLookup(immediate: immediate, deferred: deferred, words: words, ruleCount: ruleCount) : nil
  }

  private static func denseLookup(immediate: [Slot], deferred: [Slot], words: Int, ruleCount: Int)
    -> DenseLookup?
  {
    guard DenseLookup.cellCount(immediate.map(\.rows.count), maximumCells: maximumDenseCells) != nil else {
      return nil
    }
    var bits: [UInt64] = []
    var offsets: [Int] = []
    for slot in immediate + deferred {
      offsets.append(bits.count)
      for row in slot.rows { bits += row }
    }
    return DenseLookup(
      DenseLookup.Rows(
        bits: bits, words: words, ruleCount: ruleCount, counts: immediate.map(\.rows.count),
        offsets: Array(offsets.prefix(immediate.count)), urlCounts: deferred.map(\.rows.count),
        urlOffsets: Array(offsets.dropFirst(immediate.count)),
        urlTesters: deferredTesters(deferred, words: words)),
      maximumCells: maximumDenseCells)
  }

  /// The rules that test any of the deferred (URL) facts, `words` words.
  static func deferredTesters(_ deferred: [Slot], words: Int) -> [UInt64] {
    var testers = [UInt64](repeating: 0, count: words)
    for slot in deferred { for w in 0..<words { testers[w] |= slot.testers[w] } }
    return testers
  }

  private static func row(_ rules: [Rule], words: Int, accepts: (Rule) -> Bool) -> [UInt64] {
    var row = [UInt64](repeating: 0, count: words)
    for (r, rule) in rules.enumerated() where accepts(rule) { row[r / 64] |= 1 << UInt64(r % 64) }
    return row
  }

  /// The first rule matching `facts`, by the plan the generated code is written from (all
  /// words at once; the code for more than 64 rules reads them a word at a time, to the same
  /// answer); nil for none.
  func firstMatch(_ facts: FactSnapshot) -> Int? {
    func value(_ slot: Slot) -> Int {
      slot.fact.kind == .version
        ? TableSlots.interval(of: facts.version(of: slot.fact).orderKey, in: slot.bounds)
        : facts.index(of: slot.fact)
    }
    if let dense {
      var cell = 0
      var urlCell = 0
      for slot in slots {
        if slot.deferred {
          urlCell = urlCell * slot.rows.count + value(slot)
        } else {
          cell = cell * slot.rows.count + value(slot)
        }
      }
      return dense.firstMatch(cell: cell) { urlCell }
    }
    var mask = all
    for slot in slots where !slot.deferred {
      let row = slot.rows[value(slot)]
      for w in 0..<words { mask[w] &= row[w] }
    }
    var done = Set<Fact>()
    while true {
      guard let w = mask.firstIndex(where: { $0 != 0 }) else { return nil }
      let rule = w * 64 + mask[w].trailingZeroBitCount
      guard
        let slot = slots.first(where: {
          $0.deferred && !done.contains($0.fact) && $0.testers[w] & (1 << UInt64(rule % 64)) != 0
        })
      else { return rule }
      done.insert(slot.fact)
      let row = slot.rows[value(slot)]
      for w in 0..<words { mask[w] &= row[w] }
    }
  }
}
