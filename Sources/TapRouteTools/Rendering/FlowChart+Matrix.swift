@_spi(Generated) import TapRoute
import TapRouteAASA

/// A ``Matrix`` as a flow chart: a question per row naming the values of the columns the row
/// restricts, whose yes leads to the row's decision (`taproute matrix --svg`, `--mermaid`).
///
/// The rows are disjoint and cover every situation of the columns (``Matrix/rows``), so the
/// questions may be asked in any order and the chart is ``exhaustive``: it asks every row's
/// question, naming the values of the last row too, and no situation is left undecided.
extension FlowChart {
  /// The chart of `matrix`: one question per row, a leaf with the row's decision (the
  /// summary of what it does, the deciding rule and its confidence; a contested decision's
  /// other readings). A column the row covers whole is not asked; a row that covers every
  /// value (the matrix's only row) asks nothing.
  package init(_ matrix: Matrix) {
    table = matrix.event.rawValue
    title = MatrixText.title(matrix) { $0 }
    subject = "what \(matrix.event.rawValue) decides for each " + Self.columnNames(matrix)
    id = "matrix"
    rows = matrix.rows.map { row in
      let question = row.recipients.columns.compactMap(Self.question)
      return Row(
        question: question.isEmpty ? nil : question, outcome: Self.summary(row.decision),
        rule: row.decision.rule ?? "no rule matches", confidence: row.decision.confidence,
        alternatives: (row.decision.alternatives ?? []).map(Self.summary))
    }
    exhaustive = true
    if rows.isEmpty {
      // No table for the event, or one too large to partition (TR305): nothing to draw.
      continuation = "no rows"
      about =
        "Flow chart of \(subject): the matrix has no rows (the event has no table, or one too large for the matrix)."
    } else {
      about = Self.about(subject: subject, rows: rows, first: 1, total: rows.count, continuation: nil)
    }
  }

  /// The charts that draw `matrix` in one SVG: its chart when it fits in ``maxHeight``,
  /// otherwise pieces of consecutive rows, each as tall as fits, whose last "no" leads on to
  /// the next (``svg(_:title:)`` sets them side by side).
  package static func charts(_ matrix: Matrix) -> [FlowChart] { FlowChart(matrix).pieces() }

  /// `matrix` as one SVG document (its pieces side by side when it is too tall for one).
  package static func svg(_ matrix: Matrix) -> String {
    let whole = FlowChart(matrix)
    return svg(whole.pieces(), title: whole.title)
  }

  /// `matrix` as Mermaid `flowchart` text: one chart, however tall.
  package static func mermaid(_ matrix: Matrix) -> String {
    let chart = FlowChart(matrix)
    return mermaid([chart], title: chart.title)
  }

  /// The chart of a matrix when it fits in ``maxHeight``, otherwise its pieces
  /// (``charts(_:)``).
  private func pieces() -> [FlowChart] {
    guard height > Self.maxHeight, rows.count > 1 else { return [self] }
    // Cut with the longest heading a piece can have, then number the pieces.
    var cuts: [[Row]] = []
    var current: [Row] = []
    var start = 1
    for row in rows {
      var longer = piece(current + [row], number: cuts.isEmpty ? 1 : 99, of: 99, start: start)
      longer.exhaustive = false
      longer.continuation = "continued in part 99"
      if !current.isEmpty, longer.height > Self.maxHeight {
        cuts.append(current)
        start += current.count
        current = [row]
      } else {
        current.append(row)
      }
    }
    cuts.append(current)
    start = 1
    return cuts.enumerated().map { k, rows in
      defer { start += rows.count }
      return piece(rows, number: k + 1, of: cuts.count, start: start)
    }
  }

  /// Part `number` of `total` of the chart: `rows`, numbered from `start`; each part but the
  /// last continues in the next, the last is exhaustive.
  private func piece(_ rows: [Row], number: Int, of total: Int, start: Int) -> FlowChart {
    var chart = self
    chart.rows = rows
    chart.start = start
    chart.id = "\(id)_p\(number)"
    chart.title =
      number == 1
      ? "\(title), part 1 of \(total)" : "part \(number) of \(total), continued from part \(number - 1)"
    chart.exhaustive = number == total
    chart.continuation = number == total ? nil : "continued in part \(number + 1)"
    chart.about = Self.about(
      subject: "part \(number) of \(total) of \(subject)", rows: rows, first: start,
      total: self.rows.count, continuation: chart.continuation)
    return chart
  }

  /// What a chart of a matrix's rows shows, for `<desc>` and `accDescr`.
  private static func about(
    subject: String, rows: [Row], first: Int, total: Int, continuation: String?
  ) -> String {
    let contested = rows.filter(\.contested).count
    let which =
      rows.count == total
      ? Words.count(total, "row") : "rows \(first) to \(first + rows.count - 1) of \(total)"
    return "Flow chart of \(subject): \(which), each a question on the values the row covers; "
      + "each yes leads to the row's decision (what it does, the deciding rule and its confidence), "
      + "each no to the next row"
      + (contested > 0 ? "; \(Words.count(contested, "contested decision")) marked CONTESTED" : "")
      + (continuation.map { "; a situation no row matches is \($0)." }
        ?? ". The rows cover every situation, each once.")
  }

  /// The matrix's columns in words: `from`, `platform, osVersion and installed`.
  private static func columnNames(_ matrix: Matrix) -> String {
    let names = matrix.columns.map(\.rawValue)
    guard let last = names.last, names.count > 1 else { return names.joined() }
    return names.dropLast().joined(separator: ", ") + " and " + last
  }

  /// A question's line for a column a row restricts: `from in [messages, mail]`,
  /// `installed = false`, `osVersion 10..<26`, `osVersion in [<10, >=26]`; nil when the row
  /// covers every value of the column.
  static func question(_ column: Matrix.Recipients.Column) -> String? {
    guard !column.coversAll else { return nil }
    guard column.fact.isVersion else { return Fixed(fact: column.fact, values: column.values).question }
    let ranges = column.versions.map(\.description)
    return ranges.count == 1
      ? "\(column.fact.rawValue) \(ranges.joined())"
      : "\(column.fact.rawValue) in [\(ranges.joined(separator: ", "))]"
  }

  /// What a decision does, as a rule's ``Rule/Then/summary`` says it, and for a composed
  /// decision the callback whose `open(url)` led to it: `containerLaunch via didSelect`.
  static func summary(_ decision: Decision) -> String {
    let text = Rule.Then.summary(
      outcome: decision.outcome, callbacks: decision.callbacks, presentation: decision.presentation,
      delivery: decision.delivery)
    guard let trigger = decision.steps?.lazy.compactMap(\.trigger).first else { return text }
    return text + " via \(trigger.rawValue)"
  }
}
