@_spi(Generated) import TapRoute
import TapRouteAASA

/// A decision table as a flow chart: the questions it asks in the order its rules ask them
/// (first match wins, so each "no" leads to the next rule's question), each "yes" to a leaf
/// with the rule's outcome, id and confidence; contested leaves are marked.
///
/// The same data as the Markdown table of ``TableDocument``, drawn as Mermaid text
/// (``mermaid(_:title:)``) or SVG (``svg(_:title:)``). A ``Matrix`` is drawn the same way, a
/// question per row (`FlowChart+Matrix.swift`).
package struct FlowChart: Sendable, Hashable {
  /// One rule: its question (nil when it has no condition: it decides every situation that
  /// reaches it) and its leaf.
  package struct Row: Sendable, Hashable {
    package var question: [String]?
    package var outcome: String
    package var rule: String
    /// Nil for a leaf no rule decides (a matrix's undecided row), which names no confidence.
    package var confidence: Confidence?
    /// The other readings of a contested rule.
    package var alternatives: [String]
    /// When set, the leaf is no outcome but a pointer to another picture (a part of a split
    /// table, or where a cut part continues), and says this.
    package var link: String? = nil
    package var contested: Bool { link == nil && (confidence == .contested || !alternatives.isEmpty) }

    /// A row whose leaf points to another picture.
    static func link(question: [String]?, to text: String) -> Row {
      Row(question: question, outcome: "", rule: "", confidence: nil, alternatives: [], link: text)
    }

    /// The leaf's text: the outcome, the rule and its confidence, and a contested rule's
    /// other readings; or the picture a link leads to.
    var leaf: [String] {
      if let link { return [link] }
      var lines = [outcome, confidence.map { "\(rule) (\($0.rawValue))" } ?? rule]
      if contested {
        lines.append(
          "CONTESTED"
            + (alternatives.isEmpty ? "" : "; also read as: " + alternatives.joined(separator: "; ")))
      }
      return lines
    }
  }

  package var table: String
  package var title: String
  package var rows: [Row]
  /// What the chart draws, for its description: `the tap table`, or a part of it.
  package var subject: String
  /// The chart's name among the charts drawn together: Mermaid node ids start with it.
  package var id: String
  /// The number of the first question (a piece of a cut part goes on counting).
  package var start = 1
  /// Where a situation that passes every row goes on, when the chart is a piece of a cut
  /// part (`continued in part 3`); nil when it is undecided there.
  package var continuation: String? = nil
  /// True when the rows cover every situation the chart draws though the last one asks a
  /// question (a matrix's rows are disjoint and cover every value): no situation passes them
  /// all, so the last question has no "no".
  package var exhaustive = false
  /// True when a situation can pass every rule (the last rule has conditions, and the chart
  /// is not ``exhaustive``): the chart ends in an `undecided` leaf, or in its
  /// ``continuation``. A chart with no rows ends there too.
  package var fallsThrough: Bool { rows.last.map { $0.question != nil && !exhaustive } ?? true }

  package init(_ table: DecisionTable) {
    self.init(
      table, title: "\(table.name): \(table.title.isEmpty ? table.event.rawValue : table.title)",
      rules: table.rules.map { ($0, $0.conditions) })
  }

  /// A chart of `rules` of `table`, each asking the conditions given (a part of a split table
  /// asks fewer than the rule has).
  init(_ table: DecisionTable, title: String, rules: [(rule: Rule, conditions: [Rule.Condition])]) {
    self.table = table.name
    self.title = title
    subject = "the \(table.name) table"
    id = table.name
    rows = rules.map { rule, conditions in
      Row(
        question: conditions.isEmpty ? nil : conditions.map(Self.question),
        outcome: rule.then.summary, rule: "\(table.name)/\(rule.id)", confidence: rule.confidence,
        alternatives: rule.alternatives.map(\.then.summary))
    }
  }

  /// The tallest a picture should be, in pixels (about two screens): a table whose chart is
  /// taller is split into parts (``parts(_:)``), and the charts one SVG draws are set in
  /// columns no taller than this.
  package static let maxHeight = 1800

  /// The height of the chart drawn alone (``svg(_:)`` of it), without drawing it.
  package var height: Int { Self.margin + bodyHeight + Self.chartGap }

  /// A condition as a question's line: `platform = macOS`, `transport in [sms, rcs]`,
  /// `osVersion >=26`.
  static func question(_ condition: Condition) -> String {
    switch condition.test {
    case .range: "\(condition.fact.rawValue) \(condition.written)"
    case .oneOf(let values) where values.count == 1: "\(condition.fact.rawValue) = \(condition.written)"
    case .oneOf: "\(condition.fact.rawValue) in \(condition.written)"
    }
  }

  /// What the picture shows, in words, for `<desc>` and `accDescr`, when the rows do not say
  /// it (an index of parts).
  package var about: String? = nil

  /// What the picture shows, in words, for `<desc>` and `accDescr`.
  package var description: String {
    if let about { return about }
    let questions = rows.filter { $0.question != nil }.count
    let contested = rows.filter(\.contested).count
    return
      "Flow chart of \(subject): \(Words.count(questions, "question")) in the order its rules ask them; "
      + "each yes leads to the rule's outcome, each no to the next question"
      + (contested > 0 ? "; \(Words.count(contested, "contested rule")) marked CONTESTED" : "")
      + (!fallsThrough
        ? "."
        : continuation.map { "; a situation no rule matches is \($0)." }
          ?? "; a situation no rule matches is undecided.")
  }
}
