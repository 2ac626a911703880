@_spi(Generated) import TapRoute
import TapRouteAASA

/// A decision table as a flow chart: the questions it asks in the order its rules ask them
/// (first match wins, so each "no" leads to the next rule's question), each "yes" to a leaf
/// with the rule's outcome, id and confidence; contested leaves are marked.
///
/// The same data as the Markdown table of ``TableDocument``, drawn as Mermaid text
/// (``mermaid(_:)``) or SVG (``svg(_:)``).
package struct FlowChart: Sendable, Hashable {
  /// One rule: its question (nil when it has no condition: it decides every situation that
  /// reaches it) and its leaf.
  package struct Row: Sendable, Hashable {
    package var question: [String]?
    package var outcome: String
    package var rule: String
    package var confidence: Confidence
    /// The other readings of a contested rule.
    package var alternatives: [String]
    package var contested: Bool { confidence == .contested || !alternatives.isEmpty }

    /// The leaf's text: the outcome, the rule and its confidence, and a contested rule's
    /// other readings.
    var leaf: [String] {
      var lines = [outcome, "\(rule) (\(confidence.rawValue))"]
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
  /// True when a situation can pass every rule (the last rule has conditions): the chart
  /// ends in an `undecided` leaf.
  package var fallsThrough: Bool { rows.last?.question != nil }

  package init(_ table: DecisionTable) {
    self.table = table.name
    title = "\(table.name): \(table.title.isEmpty ? table.event.rawValue : table.title)"
    rows = table.rules.map { rule in
      Row(
        question: rule.conditions.isEmpty ? nil : rule.conditions.map(Self.question),
        outcome: rule.then.summary, rule: "\(table.name)/\(rule.id)", confidence: rule.confidence,
        alternatives: rule.alternatives.map(\.then.summary))
    }
  }

  /// A condition as a question's line: `platform = macOS`, `transport in [sms, rcs]`,
  /// `osVersion >=26`.
  static func question(_ condition: Condition) -> String {
    switch condition.test {
    case .range: "\(condition.fact.rawValue) \(condition.written)"
    case .oneOf(let values) where values.count == 1: "\(condition.fact.rawValue) = \(condition.written)"
    case .oneOf: "\(condition.fact.rawValue) in \(condition.written)"
    }
  }

  /// What the picture shows, in words, for `<desc>` and `accDescr`.
  package var description: String {
    let questions = rows.filter { $0.question != nil }.count
    let contested = rows.filter(\.contested).count
    return
      "Flow chart of the \(table) table: \(Words.count(questions, "question")) in the order its rules ask them; "
      + "each yes leads to the rule's outcome, each no to the next question"
      + (contested > 0 ? "; \(Words.count(contested, "contested rule")) marked CONTESTED" : "")
      + (fallsThrough ? "; a situation no rule matches is undecided." : ".")
  }
}
