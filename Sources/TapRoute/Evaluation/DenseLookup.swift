/// The first matching rule of every cell of a table's fact space, computed once, in two
/// levels: the first level is indexed by the facts known without reading the URL, the second
/// (only for cells whose answer turns on the URL) by the facts of one URL scan.
///
/// A cell's entry is the first rule left after ANDing one row of rule bits per immediate
/// fact. When that rule tests no URL fact it matches whatever the URL is, so the entry is the
/// rule and deciding never scans the URL; otherwise the entry names a row of first hits per
/// URL value (rows shared between cells that have the same one). Deciding is then an index
/// computation and one or two array reads, whatever the number of rules: the interpreter
/// (``CompiledTable``) keeps the entries in arrays, and generated code (``SwiftGenerator``)
/// in static text.
package struct DenseLookup: Sendable {
  /// Per immediate cell: a rule index (>= 0), -1 for no rule, or `-2 - k` for URL row `k`.
  package let cells: [Int32]
  /// URL rows, `urlCells` entries each: a rule index, or -1 for no rule.
  package let urlRows: [Int32]
  /// Entries per URL row: the product of the URL slots' value counts (1 with none).
  package let urlCells: Int

  /// Rows of rule bits, `words` words per row, and where each slot's rows start.
  package struct Rows {
    package var bits: [UInt64]
    package var words: Int
    package var ruleCount: Int
    /// Immediate slots, in cell order (the first varies slowest).
    package var counts: [Int]
    package var offsets: [Int]
    /// URL slots, in URL-row order (the first varies slowest).
    package var urlCounts: [Int]
    package var urlOffsets: [Int]
    /// The rules that test a URL fact, `words` words.
    package var urlTesters: [UInt64]

    package init(
      bits: [UInt64], words: Int, ruleCount: Int, counts: [Int], offsets: [Int], urlCounts: [Int],
      urlOffsets: [Int], urlTesters: [UInt64]
    ) {
      (self.bits, self.words, self.ruleCount, self.counts, self.offsets) = (
        bits, words, ruleCount, counts, offsets
      )
      (self.urlCounts, self.urlOffsets, self.urlTesters) = (urlCounts, urlOffsets, urlTesters)
    }
  }

  /// The cell count of `counts`, or nil past `maximumCells`.
  package static func cellCount(_ counts: [Int], maximumCells: Int) -> Int? {
    var cells = 1
    for count in counts {
      let (product, overflow) = cells.multipliedReportingOverflow(by: count)
      guard !overflow, product <= maximumCells else { return nil }
      cells = product
    }
    return cells
  }

  /// The most words ANDed to fill a lookup (cells x words per row): past it, filling at
  /// load would cost more than deciding by the bit rows saves (a debug build took 48 s to
  /// fill 20,000 rules over 40,000 version intervals).
  package static let maximumWork = 1 << 25

  /// The lookup of `rows`, or nil when the immediate cells (or the URL rows' entries) would
  /// be more than `maximumCells`, or filling them more than ``maximumWork``.
  package init?(_ rows: Rows, maximumCells: Int) {
    guard let cells = Self.cellCount(rows.counts, maximumCells: maximumCells),
      let urlCells = Self.cellCount(rows.urlCounts, maximumCells: maximumCells),
      case let (work, overflow) = cells.multipliedReportingOverflow(by: max(1, rows.words)),
      !overflow, work <= Self.maximumWork
    else { return nil }
    self.urlCells = urlCells
    var urlRows: [Int32] = []
    var rowIndex: [[Int32]: Int32] = [:]
    var tooLarge = false
    let words = rows.words
    // Per URL cell, where each URL slot's row for that cell's value starts (the same for
    // every cell of the first level, so computed once).
    let urlDepth = rows.urlCounts.count
    var urlRowStarts = [Int](repeating: 0, count: urlCells * urlDepth)
    for c in 0..<urlCells {
      var rest = c
      for d in stride(from: urlDepth - 1, through: 0, by: -1) {
        urlRowStarts[c * urlDepth + d] = rows.urlOffsets[d] + rest % rows.urlCounts[d] * words
        rest /= rows.urlCounts[d]
      }
    }
    // The URL row of a cell whose rules left are `mask`: per URL value, the first rule left.
    var urlRow = [Int32](repeating: -1, count: urlCells)
    func urlEntry(_ mask: UnsafeBufferPointer<UInt64>, _ bits: UnsafeBufferPointer<UInt64>) -> Int32 {
      guard !tooLarge else { return -1 }  // the lookup is dropped: no more rows to build
      for c in 0..<urlCells {
        urlRow[c] = -1
        for w in 0..<words {
          var m = mask[w]
          for d in 0..<urlDepth { m &= bits[urlRowStarts[c * urlDepth + d] + w] }
          if m != 0 {
            urlRow[c] = Int32(w * 64 + m.trailingZeroBitCount)
            break
          }
        }
      }
      if let k = rowIndex[urlRow] { return -2 - k }
      let k = Int32(rowIndex.count)
      if urlRows.count + urlCells > maximumCells {
        tooLarge = true
        return -1
      }
      rowIndex[urlRow] = k
      urlRows += urlRow
      return -2 - k
    }
    self.cells = Self.fill(cells: cells, rows) { mask, bits in
      guard let w = (0..<words).first(where: { mask[$0] != 0 }) else { return -1 }
      let first = mask[w] & (0 &- mask[w])
      return first & rows.urlTesters[w] != 0
        ? urlEntry(mask, bits) : Int32(w * 64 + first.trailingZeroBitCount)
    }
    guard !tooLarge else { return nil }
    self.urlRows = urlRows
  }

  /// The entry of every cell: `leaf` gets the rules left in the cell (`words` words) and the
  /// rows. Cells are visited in order like an odometer over the slots; level d of `level`
  /// holds the AND of the rows chosen for slots 0..<d, so moving the last digit recomputes
  /// one level only, and a prefix that no rule matches skips every cell below it.
  private static func fill(
    cells: Int, _ rows: Rows,
    leaf: (UnsafeBufferPointer<UInt64>, UnsafeBufferPointer<UInt64>) -> Int32
  ) -> [Int32] {
    var dense = [Int32](repeating: -1, count: cells)
    let depth = rows.counts.count
    let words = rows.words
    // The odometer's state lives in raw buffers: the loop runs once per cell, and array
    // uniqueness and bounds checks there cost more than the work itself. Every index below
    // is bounded by `depth`, `words` and the row offsets computed at compile time.
    let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: depth + 1)
    let offsets = UnsafeMutableBufferPointer<Int>.allocate(capacity: depth + 1)
    let digits = UnsafeMutableBufferPointer<Int>.allocate(capacity: depth + 1)
    let below = UnsafeMutableBufferPointer<Int>.allocate(capacity: depth + 1)
    let level = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: (depth + 1) * words)
    defer {
      counts.deallocate()
      offsets.deallocate()
      digits.deallocate()
      below.deallocate()
      level.deallocate()
    }
    for d in 0..<depth {
      counts[d] = rows.counts[d]
      offsets[d] = rows.offsets[d]
      digits[d] = 0
    }
    below[depth] = 1
    for d in stride(from: depth - 1, through: 0, by: -1) { below[d] = below[d + 1] * counts[d] }
    for w in 0..<words { level[w] = ~0 }
    if rows.ruleCount % 64 != 0 { level[words - 1] = (1 << UInt64(rows.ruleCount % 64)) - 1 }
    if rows.ruleCount == 0 { level[0] = 0 }

    /// Moves the odometer past position `d`; returns the first level to recompute.
    func advance(_ d: Int) -> Int {
      var d = d
      while d >= 0 {
        digits[d] += 1
        if digits[d] < counts[d] {
          var k = d + 1
          while k < depth {
            digits[k] = 0
            k += 1
          }
          return d
        }
        digits[d] = 0
        d -= 1
      }
      return 0
    }

    dense.withUnsafeMutableBufferPointer { out in
      rows.bits.withUnsafeBufferPointer { bits in
        var from = 0
        var cell = 0
        while cell < cells {
          var skipped = false
          var d = from
          while d < depth {
            let row = offsets[d] + digits[d] * words
            var any: UInt64 = 0
            for w in 0..<words {
              let v = level[d * words + w] & bits[row + w]
              level[(d + 1) * words + w] = v
              any |= v
            }
            if any == 0 {
              cell += below[d + 1]  // nothing matches below this prefix: those cells stay -1
              from = advance(d)
              skipped = true
              break
            }
            d += 1
          }
          if skipped { continue }
          out[cell] = leaf(UnsafeBufferPointer(rebasing: level[(depth * words)...]), bits)
          cell += 1
          if depth == 0 { continue }
          let last = depth - 1
          if digits[last] + 1 < counts[last] {
            digits[last] += 1
            from = last
          } else {
            from = advance(last)
          }
        }
      }
    }
    return dense
  }

  /// The first rule of `cell` (nil for none), scanning the URL only when the answer turns
  /// on it: `urlCell` is called then, and gives the URL facts' cell.
  @inline(__always)
  package func firstMatch(cell: Int, urlCell: () -> Int) -> Int? {
    let entry = cells[cell]
    if entry >= -1 { return entry < 0 ? nil : Int(entry) }
    let hit = urlRows[Int(-2 - entry) * urlCells + urlCell()]
    return hit < 0 ? nil : Int(hit)
  }
}
