@_spi(Generated) import TapRoute
import TapRouteAASA

/// Splitting a table whose chart is taller than ``FlowChart/maxHeight`` into parts, each a
/// chart of its own, and an index chart that says which part draws which situations.
///
/// A part fixes the table's leading question to a class of its values: values that every
/// rule's condition on that fact treats alike (each admits all of them or none), so the part
/// is the table as it reads for those values. Rules that exclude the class are left out, a
/// condition that admits the whole class is no longer asked, rules that do not test the fact
/// stay, all in rule order. A part still too tall is split again by its own leading question,
/// and one that no question shortens is cut into pieces whose last "no" leads on to the next.
extension FlowChart {
  /// A fact a part fixes, and the values it fixes it to.
  package struct Fixed: Sendable, Hashable {
    package var fact: Fact
    /// The value indices of the class (as ``Rule/Condition/matches(index:)`` reads them), in
    /// domain order.
    package var values: [Int]

    /// The values' names: `[iOS, iPadOS]`.
    package var names: [String] { values.map(fact.valueName) }

    /// As a question's line: `platform = macOS`, `platform in [iOS, iPadOS]`.
    var question: String {
      values.count == 1
        ? "\(fact.rawValue) = \(names.joined())" : "\(fact.rawValue) in [\(names.joined(separator: ", "))]"
    }

    /// As a title names it: `platform iOS or iPadOS`.
    var phrase: String { "\(fact.rawValue) " + names.joined(separator: " or ") }
  }

  /// One picture of a table too tall for one: the table for the situations its ``fixed``
  /// facts hold, or a piece of that when it is cut.
  package struct Part: Sendable, Hashable {
    /// The part's number in its table, from 1.
    package var number: Int
    /// What the part fixes, the outermost split first; empty when the table was only cut.
    package var fixed: [Fixed]
    /// Which piece of a cut part this is, from 1, and how many there are (1 of 1 when the
    /// part is whole).
    package var piece: Int
    package var pieces: Int
    /// The part's name in file names: lower-case letters, digits and hyphens, from what it
    /// fixes (`platform-ios-ipados`), so it stays while the table's other rules change; a
    /// piece of a cut part adds its number (`-2`), and a part that fixes nothing is `part-N`.
    package var name: String
    package var chart: FlowChart
    /// The conditions the part still asks of each of its rules, in rule order.
    package var asked: [[Rule.Condition]]

    /// The rules the part draws, `table/id`, in rule order.
    package var rules: [String] { chart.rows.map(\.rule) }

    /// True when the part draws the situations in which `fact` has value index `value`.
    package func holds(_ fact: Fact, _ value: Int) -> Bool {
      fixed.first { $0.fact == fact }.map { $0.values.contains(value) } ?? true
    }
  }

  /// A rule and the conditions a part still asks of it.
  typealias Asked = (rule: Rule, conditions: [Rule.Condition])

  /// The rules of a part before it is numbered and titled.
  private struct Slice {
    var fixed: [Fixed]
    var rules: [Asked]
    /// The first question's number in a piece.
    var start = 1
  }

  /// The parts of `table`, in order: none when its chart fits in ``maxHeight``.
  package static func parts(_ table: DecisionTable) -> [Part] {
    let whole = Slice(fixed: [], rules: reachable(table.rules.map { ($0, $0.conditions) }))
    guard height(whole, table) > maxHeight else { return [] }
    // Split, then cut what no split shortens; each piece but a part's last continues.
    var groups: [[Slice]] = []
    for slice in split(whole, table) {
      groups.append(height(slice, table) > maxHeight ? cut(slice, table) : [slice])
    }
    let total = groups.reduce(0) { $0 + $1.count }
    var parts: [Part] = []
    var names: Set<String> = []
    for group in groups {
      for (k, slice) in group.enumerated() {
        let number = parts.count + 1
        let fixed = slug(slice.fixed)
        var name = fixed.isEmpty ? "part-\(number)" : fixed + (group.count > 1 ? "-\(k + 1)" : "")
        if names.contains(name) { name += "-part-\(number)" }
        names.insert(name)
        var chart = FlowChart(
          table, title: title(table, number: number, of: total, slice.fixed, continuing: k > 0),
          rules: slice.rules)
        chart.id = "\(table.name)_p\(number)"
        chart.start = slice.start
        chart.subject =
          "part \(number) of \(total) of the \(table.name) table"
          + (slice.fixed.isEmpty ? "" : " (\(slice.fixed.map(\.phrase).joined(separator: ", ")))")
        if k < group.count - 1 { chart.continuation = "continued in part \(number + 1)" }
        parts.append(
          Part(
            number: number, fixed: slice.fixed, piece: k + 1, pieces: group.count, name: name, chart: chart,
            asked: slice.rules.map(\.conditions)))
      }
    }
    return parts
  }

  /// The charts that draw `table`: its chart when it fits, otherwise its index then its parts.
  package static func charts(_ table: DecisionTable) -> [FlowChart] {
    let parts = parts(table)
    return parts.isEmpty ? [FlowChart(table)] : [index(table, parts: parts)] + parts.map(\.chart)
  }

  /// The index of a split table: a question per part (each piece of a cut part after the
  /// first is reached from the one before), whose yes leads to a leaf naming the part.
  package static func index(_ table: DecisionTable, parts: [Part]) -> FlowChart {
    var chart = FlowChart(
      table, title: "\(table.name): \(table.title.isEmpty ? table.event.rawValue : table.title)", rules: [])
    chart.id = "\(table.name)_index"
    let firsts = parts.filter { $0.piece == 1 }
    chart.rows = firsts.enumerated().map { i, part in
      let last = part.number + part.pieces - 1
      let name =
        (part.pieces > 1 ? "parts \(part.number) to \(last)" : "part \(part.number)")
        + (part.fixed.isEmpty ? "" : ": " + part.fixed.map(\.phrase).joined(separator: ", "))
      // The classes cover every value, so the last question is always answered yes.
      return Row.link(question: i == firsts.count - 1 ? nil : part.fixed.map(\.question), to: name)
    }
    var facts: [String] = []
    for part in parts {
      for fixed in part.fixed where !facts.contains(fixed.fact.rawValue) { facts.append(fixed.fact.rawValue) }
    }
    chart.about =
      "Index of the flow charts of the \(table.name) table, too tall for one picture: "
      + (facts.isEmpty ? "" : "split by " + facts.joined(separator: ", then ") + " ")
      + "into \(Words.count(parts.count, "part")); each question picks the situations a part draws, "
      + "each yes leads to the part's name."
    return chart
  }

  // MARK: Splitting

  /// A part's title: `tap table, part 1 of 4: platform iOS or iPadOS`.
  private static func title(
    _ table: DecisionTable, number: Int, of total: Int, _ fixed: [Fixed], continuing: Bool
  )
    -> String
  {
    "\(table.name) table, part \(number) of \(total)"
      + (fixed.isEmpty ? "" : ": " + fixed.map(\.phrase).joined(separator: ", "))
      + (continuing ? ", continued from part \(number - 1)" : "")
  }

  /// The height of a slice's chart, with the longest title its numbering could give it.
  private static func height(_ slice: Slice, _ table: DecisionTable, continued: Bool = false) -> Int {
    var chart = FlowChart(
      table, title: title(table, number: 99, of: 99, slice.fixed, continuing: true), rules: slice.rules)
    chart.start = slice.start
    if continued { chart.continuation = "continued in part 99" }
    return chart.height
  }

  /// `rules` up to the first that asks nothing: no situation passes it.
  private static func reachable(_ rules: [Asked]) -> [Asked] {
    guard let end = rules.firstIndex(where: { $0.conditions.isEmpty }) else { return rules }
    return Array(rules[...end])
  }

  /// `slice` split by its leading question, and each part split again while it is too tall;
  /// a slice that fits, or that no question shortens, stays whole.
  private static func split(_ slice: Slice, _ table: DecisionTable) -> [Slice] {
    let height = height(slice, table)
    guard height > maxHeight, let parts = leading(slice, table, shorterThan: height) else { return [slice] }
    return parts.flatMap { split($0, table) }
  }

  /// The split of `slice` by its leading question: of the finite facts its rules ask about
  /// (and whose values they do not all treat alike), the one whose tallest part is shortest;
  /// ties go to the fact more rules ask about, then to the one asked first. Nil when no split
  /// takes a tenth off `height` at least: parts that repeat nearly all of it would only add
  /// pictures to the pieces it is cut into anyway.
  private static func leading(_ slice: Slice, _ table: DecisionTable, shorterThan height: Int) -> [Slice]? {
    var asked: [Fact: Int] = [:]
    var order: [Fact] = []
    for (_, conditions) in slice.rules {
      for condition in conditions where condition.fact.finiteCount > 0 {
        guard case .oneOf = condition.test else { continue }
        if asked[condition.fact] == nil { order.append(condition.fact) }
        asked[condition.fact, default: 0] += 1
      }
    }
    var best: (parts: [Slice], tallest: Int, asked: Int)?
    for fact in order {
      let classes = classes(of: fact, in: slice.rules)
      guard classes.count > 1 else { continue }
      let parts = classes.map { specialise(slice, Fixed(fact: fact, values: $0)) }
      let tallest = parts.map { Self.height($0, table) }.max() ?? 0
      let count = asked[fact] ?? 0
      if tallest * 10 <= height * 9,
        best.map({ tallest < $0.tallest || (tallest == $0.tallest && count > $0.asked) }) ?? true
      {
        best = (parts, tallest, count)
      }
    }
    return best?.parts
  }

  /// The values of `fact` grouped into classes that every rule's condition on it treats alike,
  /// each in domain order, the classes in the order of their first value.
  static func classes(of fact: Fact, in rules: [Asked]) -> [[Int]] {
    let tests = rules.flatMap { $0.conditions.filter { $0.fact == fact } }
    var classes: [[Int]] = []
    var signatures: [[Bool]] = []
    for value in 0..<fact.finiteCount {
      let signature = tests.map { $0.matches(index: value) }
      if let i = signatures.firstIndex(of: signature) {
        classes[i].append(value)
      } else {
        signatures.append(signature)
        classes.append([value])
      }
    }
    return classes
  }

  /// `slice` for the situations in which `fixed` holds: rules that exclude the class left out,
  /// conditions that admit all of it no longer asked.
  private static func specialise(_ slice: Slice, _ fixed: Fixed) -> Slice {
    var rules: [Asked] = []
    for (rule, conditions) in slice.rules {
      var kept: [Rule.Condition] = []
      var excluded = false
      for condition in conditions {
        if condition.fact == fixed.fact, case .oneOf = condition.test {
          let admitted = fixed.values.filter { condition.matches(index: $0) }.count
          if admitted == 0 { excluded = true }
          if admitted == fixed.values.count { continue }
        }
        kept.append(condition)
      }
      if !excluded { rules.append((rule, kept)) }
    }
    return Slice(fixed: slice.fixed + [fixed], rules: reachable(rules))
  }

  /// `slice` cut into pieces of consecutive rules, each as tall as fits with the leaf that
  /// says where it continues.
  private static func cut(_ slice: Slice, _ table: DecisionTable) -> [Slice] {
    var pieces: [Slice] = []
    var piece = Slice(fixed: slice.fixed, rules: [], start: slice.start)
    for asked in slice.rules {
      var longer = piece
      longer.rules.append(asked)
      if !piece.rules.isEmpty, height(longer, table, continued: true) > maxHeight {
        pieces.append(piece)
        piece = Slice(fixed: slice.fixed, rules: [asked], start: piece.start + piece.rules.count)
      } else {
        piece = longer
      }
    }
    pieces.append(piece)
    return pieces
  }

  /// A file-name-safe name of what a part fixes: `platform-ios-ipados`.
  private static func slug(_ fixed: [Fixed]) -> String {
    let text = fixed.map { ([$0.fact.rawValue] + $0.names).joined(separator: "-") }.joined(separator: "-")
    var out = ""
    for c in text.lowercased() {
      if c.isASCII && (c.isLetter || c.isNumber) {
        out.append(c)
      } else if !out.isEmpty && out.last != "-" {
        out.append("-")
      }
    }
    while out.last == "-" { out.removeLast() }
    return out
  }
}
