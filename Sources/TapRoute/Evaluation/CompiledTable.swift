/// A decision table compiled for deciding: one bitset of matching rules per fact value,
/// and, where the fact space is small enough, a dense table of first hits.
///
/// For each fact the table tests and each of that fact's values there is a row of bits,
/// bit `r` set when rule `r` accepts the value (a rule without a condition on the fact
/// accepts every value). ANDing one row per fact and taking the lowest set bit gives the
/// first rule that matches. OS versions are first mapped to the interval between the
/// table's version boundaries, so they index rows like any finite fact.
///
/// When the product of the value counts of the facts known without the URL is at most
/// ``maximumDenseCells``, the first hit of every cell is computed once at load
/// (``DenseLookup``), and deciding is one index computation and one array read (two, and one
/// URL scan, where the answer turns on the URL), whatever the number of rules.
package final class CompiledTable: Sendable {
  package let table: DecisionTable
  /// The tested facts and their values, shared with verification.
  package let shape: TableSlots
  /// The facts at least one rule tests, in declaration order.
  package var slots: [Fact] { shape.facts }
  /// Sorted `osVersion` boundaries; a version's interval index is how many are <= it.
  package var versionBounds: [OSVersion] { shape.versionBounds }
  /// Sorted `sdkVersion` boundaries: each version fact is cut at its own rules' bounds.
  package var sdkVersionBounds: [OSVersion] { shape.sdkVersionBounds }
  /// Where each slot's rows start in `bits`.
  package let slotOffsets: [Int]
  /// 64-bit words per row.
  package let words: Int
  /// Row-major bits: slot offset + value index * words + word.
  package let bits: [UInt64]
  /// Some rule tests a computed fact (`schemeOwner`, `universalLink`): the decide path
  /// computes those facts only then.
  package let testsComputedFacts: Bool
  /// What each rule decides, ready to return (with its alternative readings, if contested).
  package let templates: [Decision]
  /// Per rule, what the decide path reads without building a decision (but its callbacks,
  /// ``callbacks(_:)``).
  package let rules: [RuleData]
  /// The rules (one bit each, first word) that test `urlClass` or `urlNeedsEncoding`: with
  /// one word of bits, the URL is scanned only when the first remaining rule is one of them.
  package let urlTesters: UInt64
  /// The slots of `urlClass` and `urlNeedsEncoding` (-1 when no rule tests it).
  package let urlClassSlot: Int
  package let urlEncodingSlot: Int

  /// The data of rule `rule`; an undecided rule's for an index out of range.
  @inline(__always)
  package func ruleData(_ rule: Int) -> RuleData {
    rules.indices.contains(rule) ? rules[rule] : .undecided
  }

  /// The callbacks of rule `rule`; nil for an index out of range.
  @inline(__always)
  package func callbacks(_ rule: Int) -> [Situation.Callback]? {
    ruleCallbacks.indices.contains(rule) ? ruleCallbacks[rule] : nil
  }
  /// Each rule's callbacks (``RuleData``'s, kept apart).
  package let ruleCallbacks: [[Situation.Callback]?]

  /// What a situation no rule matches decides, ready to return.
  package let undecided: Decision
  /// The slots indexing `dense`'s cells (every slot but the URL's), each with its stride.
  package let denseSlots: [(slot: Int, stride: Int)]
  /// The same slots as `firstMatch` reads them: each fact's place in ``FactSnapshot/indices``,
  /// where its rows start in `bits`, and its stride in `dense`.
  package let immediateSlots: [(place: Int, offset: Int, stride: Int)]
  /// The `osVersion` and `sdkVersion` bounds as ``OSVersion/orderKey``s: a version's interval
  /// is how many of them are <= its key, counted without a branch per bound.
  package let versionKeys: [UInt64]
  package let sdkVersionKeys: [UInt64]
  /// Where the version facts' values are in ``FactSnapshot/indices``: kept in the table, as
  /// a static `let` is read through a once-only check on every read.
  package let osVersionPlace = CompiledTable.place(of: .osVersion)
  package let sdkVersionPlace = CompiledTable.place(of: .sdkVersion)
  /// One bit per rule (at most 64): where ANDing the rows starts.
  package let allRules: UInt64
  /// A URL cell's stride for the URL's scheme class and for its needing encoding (0 for a
  /// fact no rule tests).
  package let urlClassStride: Int
  package let urlEncodingStride: Int
  /// The first matching rule of every cell, when the space is small enough.
  package let dense: DenseLookup?

  /// The largest fact space (without the URL's facts) compiled densely (4 MB of Int32).
  package static let maximumDenseCells = 1 << 20

  /// Compiles `table`. `dense` nil builds the dense lookup when it pays: more than 64 rules
  /// (with one word of bits per row, ANDing the rows costs no more than indexing the dense
  /// table) and a small enough space; true forces it and false skips it (tests compare
  /// both paths).
  package init(_ table: DecisionTable, dense wantDense: Bool? = nil) {
    self.table = table
    let shape = TableSlots(table)
    self.shape = shape
    let slots = shape.facts
    let ruleCount = table.rules.count
    let words = max(1, (ruleCount + 63) / 64)
    self.words = words
    var offsets: [Int] = []
    var bits: [UInt64] = []
    // Reserved at once: growing by doubling past a large version slot would copy it.
    var rowCount = 0
    for count in shape.counts { rowCount += count }
    bits.reserveCapacity(rowCount * words)
    for fact in slots {
      offsets.append(bits.count)
      if fact.isVersion {
        Self.appendVersionRows(
          table.rules, fact: fact, bounds: shape.bounds(of: fact), words: words, to: &bits)
        continue
      }
      let valueCount = fact.finiteCount
      var rows = [UInt64](repeating: 0, count: valueCount * words)
      for value in 0..<valueCount {
        for (r, rule) in table.rules.enumerated()
        where rule.condition(on: fact)?.matches(index: value) ?? true {
          rows[value * words + r / 64] |= 1 << UInt64(r % 64)
        }
      }
      bits += rows
    }
    slotOffsets = offsets
    self.bits = bits
    let urlClassSlot = slots.firstIndex(of: .urlClass) ?? -1
    let urlEncodingSlot = slots.firstIndex(of: .urlNeedsEncoding) ?? -1
    self.urlClassSlot = urlClassSlot
    self.urlEncodingSlot = urlEncodingSlot
    let immediate = slots.indices.filter { $0 != urlClassSlot && $0 != urlEncodingSlot }
    let urlSlots = slots.indices.filter { $0 == urlClassSlot || $0 == urlEncodingSlot }
    let counts = shape.counts
    var denseSlots: [(slot: Int, stride: Int)] = []
    var stride = 1
    for s in immediate.reversed() {
      denseSlots.insert((s, stride), at: 0)
      stride = stride.multipliedReportingOverflow(by: counts[s]).overflow ? 0 : stride * counts[s]
    }
    self.denseSlots = denseSlots
    immediateSlots = denseSlots.map { (Self.place(of: slots[$0.slot]), offsets[$0.slot], $0.stride) }
    versionKeys = shape.versionBounds.map(\.orderKey)
    sdkVersionKeys = shape.sdkVersionBounds.map(\.orderKey)
    allRules = ruleCount >= 64 ? ~0 : (1 << UInt64(ruleCount)) - 1
    // The URL slots in declaration order, the first varying slowest.
    var urlStrides: [Int: Int] = [:]
    var urlStride = 1
    for s in urlSlots.reversed() {
      urlStrides[s] = urlStride
      urlStride *= counts[s]
    }
    urlClassStride = urlStrides[urlClassSlot] ?? 0
    urlEncodingStride = urlStrides[urlEncodingSlot] ?? 0
    let testedMasks = table.rules.map { rule in rule.conditions.reduce(0) { $0 | $1.fact.bit } }
    testsComputedFacts = table.rules.contains { rule in rule.conditions.contains { $0.fact.computedBy != nil }
    }
    var urlTesterWords = [UInt64](repeating: 0, count: words)
    for (r, mask) in testedMasks.enumerated()
    where mask & (Fact.urlClass.bit | Fact.urlNeedsEncoding.bit) != 0 {
      urlTesterWords[r / 64] |= 1 << UInt64(r % 64)
    }
    urlTesters = urlTesterWords[0]
    dense =
      (wantDense ?? (words > 1))
      ? DenseLookup(
        DenseLookup.Rows(
          bits: bits, words: words, ruleCount: ruleCount, counts: immediate.map { counts[$0] },
          offsets: immediate.map { offsets[$0] }, urlCounts: urlSlots.map { counts[$0] },
          urlOffsets: urlSlots.map { offsets[$0] }, urlTesters: urlTesterWords),
        maximumCells: Self.maximumDenseCells) : nil
    undecided = Decision(
      outcome: .undecided,
      notes: ["no rule of table \"\(table.name)\" matches this situation; TapRoute does not guess"])
    templates = table.rules.map { rule in
      Decision(
        outcome: rule.then.outcome, callbacks: rule.then.callbacks, presentation: rule.then.presentation,
        rule: "\(table.name)/\(rule.id)", evidence: rule.evidence, confidence: rule.confidence,
        notes: rule.note.map { [$0] } ?? [],
        alternatives: rule.alternatives.isEmpty
          ? nil : rule.alternatives.map { Self.template(of: $0, rule: "\(table.name)/\(rule.id)") },
        delivery: rule.then.delivery)
    }
    ruleCallbacks = table.rules.map(\.then.callbacks)
    rules = table.rules.map(RuleData.init)
  }

  /// An alternative reading as a decision: what it decides, whose reading it is, its evidence.
  package static func template(of alternative: Rule.Alternative, rule: String) -> Decision {
    Decision(
      outcome: alternative.then.outcome, callbacks: alternative.then.callbacks,
      presentation: alternative.then.presentation, rule: rule, evidence: alternative.evidence,
      notes: alternative.note.map { [$0] } ?? [], delivery: alternative.then.delivery)
  }

  /// Appends the rows of a version slot (`fact`) to `bits`, one per interval between `bounds`
  /// (in place: at 20,000 rules with their own ranges the rows are 100 MB).
  ///
  /// A range accepts a run of consecutive intervals (their lowest versions ascend), found by
  /// two binary searches; each row is the previous one with the bits of the rules whose run
  /// starts or ends there flipped. Rules x intervals tests, at 20,000 rules each naming its
  /// own range, took 20 s; this is O(n log n) plus copying the rows, a word per 64 rules.
  package static func appendVersionRows(
    _ rules: [Rule], fact: Fact = .osVersion, bounds: [OSVersion], words: Int, to bits: inout [UInt64]
  ) {
    let intervals = bounds.count + 1
    /// The first interval whose lowest version is not below `version` (`intervals` if none).
    func firstInterval(notBelow version: OSVersion) -> Int {
      var lo = 0
      var hi = intervals
      while lo < hi {
        let mid = (lo + hi) / 2
        let lowest = mid == 0 ? OSVersion(clamping: 0) : bounds[mid - 1]
        if lowest < version { lo = mid + 1 } else { hi = mid }
      }
      return lo
    }
    let base = bits.count
    bits.append(contentsOf: repeatElement(0, count: intervals * words))
    // flips[i]: the rules whose run starts or ends at interval i (i >= 1).
    var flips = [[Int]](repeating: [], count: intervals + 1)
    for (r, rule) in rules.enumerated() {
      let bit: UInt64 = 1 << UInt64(r % 64)
      guard let condition = rule.condition(on: fact), case .range(let range) = condition.test else {
        bits[base + r / 64] |= bit
        continue
      }
      let start = range.lower.map(firstInterval(notBelow:)) ?? 0
      let end = range.upper.map(firstInterval(notBelow:)) ?? intervals
      guard start < end else { continue }
      if start == 0 { bits[base + r / 64] |= bit } else { flips[start].append(r) }
      flips[end].append(r)
    }
    // Every row lies inside the `intervals * words` words appended above.
    bits.withUnsafeMutableBufferPointer { buffer in
      guard let start = buffer.baseAddress else { return }
      for i in 1..<max(1, intervals) {
        let row = start + base + i * words
        row.update(from: row - words, count: words)
        for r in flips[i] { row[r / 64] ^= 1 << UInt64(r % 64) }
      }
    }
  }

  /// The interval index of `version` among the table's `osVersion` boundaries.
  package func versionIndex(_ version: OSVersion) -> Int {
    TableSlots.interval(of: version, in: shape.versionBounds)
  }

  /// The interval index of an SDK version among the table's `sdkVersion` boundaries.
  package func sdkVersionIndex(_ version: OSVersion) -> Int {
    TableSlots.interval(of: version, in: shape.sdkVersionBounds)
  }

  /// The row index of `facts`' value of slot `s`: a version's interval, else the value's index.
  @inline(__always)
  private func value(ofSlot s: Int, _ facts: FactSnapshot) -> Int {
    switch slots[s] {
    case .osVersion: versionIndex(facts.osVersion)
    case .sdkVersion: sdkVersionIndex(facts.sdkVersion)
    default: facts.index(of: slots[s])
    }
  }

  /// The index of the first rule matching `facts`, whose URL facts are not yet known: `url`
  /// is classified only when a remaining rule tests it (one word of bits), else first.
  /// Allocates nothing.
  ///
  /// The facts' values are laid out on the stack first (``values(_:)``) and each slot
  /// reads its value with a load; version intervals are counted without branches. A switch
  /// on each slot's fact (an indirect branch) and a binary search per version fact cost the
  /// interpreter about 280 of its 1,990 instructions a decision on the benchmark's mix.
  func firstMatch(_ facts: FactSnapshot, url: String?) -> Int? {
    if let dense {
      var indices = values(facts)
      let cell = withUnsafeMutableBytes(of: &indices) { bytes in
        let values = bytes.bindMemory(to: Int32.self)
        return immediateSlots.withUnsafeBufferPointer { slots in
          var cell = 0
          for slot in slots { cell &+= Int(values[slot.place]) &* slot.stride }
          return cell
        }
      }
      return dense.firstMatch(cell: cell) {
        let (urlClass, needsEncoding) = URLSchemeClass.scan(url)
        return urlCell(urlClass, needsEncoding)
      }
    }
    guard words == 1 else {
      var scanned = facts
      (scanned.urlClass, scanned.urlNeedsEncoding) = URLSchemeClass.scan(url)
      return firstMatch(scanned)
    }
    // No early exit when no rule is left: a branch per slot costs more than the few ANDs it
    // would save (the shipped tables leave a rule for every situation).
    // Through buffers, without a bounds check per slot: a slot's rows hold one per value of
    // its fact, and a snapshot's index is always one of them.
    var indices = values(facts)
    let acc = withUnsafeMutableBytes(of: &indices) { bytes in
      let values = bytes.bindMemory(to: Int32.self)
      return bits.withUnsafeBufferPointer { bits in
        immediateSlots.withUnsafeBufferPointer { slots in
          var acc = allRules
          for slot in slots { acc &= bits[slot.offset &+ Int(values[slot.place])] }
          return acc
        }
      }
    }
    let hit = firstRule(acc, url: url)
    return hit >= 0 ? hit : nil
  }

  /// The facts' values as ``FactSnapshot/indices`` holds them, the version facts' as their
  /// interval's index. Returned, not handed to a closure: a closure that captured the table
  /// retained it for each table matched.
  @inline(__always)
  private func values(_ facts: FactSnapshot) -> FactSnapshot.Indices {
    var indices = facts.indices
    withUnsafeMutableBytes(of: &indices) { bytes in
      let values = bytes.bindMemory(to: Int32.self)
      values[osVersionPlace] = Self.interval(of: facts.osVersion.orderKey, in: versionKeys)
      values[sdkVersionPlace] = Self.interval(of: facts.sdkVersion.orderKey, in: sdkVersionKeys)
    }
    return indices
  }

  /// A fact's place in ``FactSnapshot/indices``: its position in `Fact.allCases` (bit order;
  /// the bits themselves need not be contiguous).
  package static func place(of fact: Fact) -> Int { Fact.allCases.firstIndex(of: fact) ?? 0 }

  /// How many of the sorted `keys` are <= `key`: the interval of a version whose order key
  /// is `key` (as ``TableSlots/interval(of:in:)``). Each bound adds the sign bit of
  /// `bound - key - 1` (keys are below 2^51), so the count takes no branch per bound.
  @inline(__always)
  private static func interval(of key: UInt64, in keys: [UInt64]) -> Int32 {
    var count: UInt64 = 0
    for bound in keys { count &+= (bound &- key &- 1) >> 63 }
    return Int32(truncatingIfNeeded: count)
  }

  /// The first of the rules left in `acc` (one word of bits, every slot but the URL's
  /// ANDed), reading the URL only when that rule tests it; -1 for none.
  @inline(__always)
  private func firstRule(_ acc: UInt64, url: String?) -> Int {
    var acc = acc
    guard acc != 0 else { return -1 }
    guard acc & urlTesters != 0, (acc & (0 &- acc)) & urlTesters != 0 else {
      return acc.trailingZeroBitCount
    }
    let (urlClass, needsEncoding) = URLSchemeClass.scan(url)
    if urlClassSlot >= 0 { acc &= bits[slotOffsets[urlClassSlot] + urlClass.index] }
    if urlEncodingSlot >= 0 { acc &= bits[slotOffsets[urlEncodingSlot] + (needsEncoding ? 1 : 0)] }
    return acc == 0 ? -1 : acc.trailingZeroBitCount
  }

  /// The index of the first rule matching `facts`, or nil. Allocates nothing.
  func firstMatch(_ facts: FactSnapshot) -> Int? {
    if let dense {
      return dense.firstMatch(cell: denseCell(facts)) { urlCell(facts.urlClass, facts.urlNeedsEncoding) }
    }
    return firstMatchByBits(facts)
  }

  /// The index of a URL's facts in a row of `dense`'s URL rows.
  @inline(__always)
  private func urlCell(_ urlClass: URLSchemeClass, _ needsEncoding: Bool) -> Int {
    urlClass.index * urlClassStride + (needsEncoding ? urlEncodingStride : 0)
  }

  /// The index of `facts`' cell in `dense` (the URL's facts are not read).
  @inline(__always)
  private func denseCell(_ facts: FactSnapshot) -> Int {
    var cell = 0
    for (s, stride) in denseSlots { cell += value(ofSlot: s, facts) * stride }
    return cell
  }

  /// The first matching rule by ANDing bit rows (tables too large for a dense lookup).
  func firstMatchByBits(_ facts: FactSnapshot) -> Int? {
    if words == 1 {
      // One word per row (at most 64 rules): AND as the facts are read, no buffer.
      var acc: UInt64 = templates.count == 64 ? ~0 : (1 << UInt64(templates.count)) - 1
      for s in 0..<slots.count {
        acc &= bits[slotOffsets[s] + value(ofSlot: s, facts)]
        if acc == 0 { return nil }
      }
      return acc.trailingZeroBitCount
    }
    let ruleCount = templates.count
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, slots.count)) { rows in
      for (s, fact) in slots.enumerated() {
        let value: Int
        switch fact {
        case .osVersion: value = versionIndex(facts.osVersion)
        case .sdkVersion: value = sdkVersionIndex(facts.sdkVersion)
        default: value = facts.index(of: fact)
        }
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
        if condition.fact.isVersion {
          let version = facts.version(of: condition.fact)
          passes = condition.matches(version: version)
          actual = version.description
        } else {
          let value = facts.index(of: condition.fact)
          passes = condition.matches(index: value)
          actual = condition.fact.valueName(value)
        }
        if !passes {
          entries.append(
            TraceEntry(
              rule: "\(table.name)/\(rule.id)", fact: condition.fact, expected: condition.written,
              actual: actual))
          break
        }
      }
    }
    return entries
  }
}
