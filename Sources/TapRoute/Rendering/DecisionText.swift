import Foundation

/// Renders decisions for people (aligned text) and machines (JSON).
package enum DecisionText {
  /// A readable summary; with `trace`, every rule tried before the hit and why it failed.
  ///
  /// The defaults the decision rests on come first (`assumed (not given): ...`), then the
  /// outcome, then, for a contested decision, each other reading with its evidence.
  package static func render(_ decision: Decision, trace: Bool) -> String {
    Sections(decision, trace: trace).lines.joined(separator: "\n") + "\n"
  }

  /// The lines of a rendered decision, section by section, so that a report can show some
  /// sections (each with its header) without filtering rendered text.
  package struct Sections {
    /// `assumed (not given): platform iOS, ...`, when the decision took defaults.
    package var assumed: [String] = []
    /// `outcome:`, `url:`, `callbacks:`, `presentation:`.
    package var outcome: [String] = []
    /// `contested: other readings:` and one line per reading.
    package var contested: [String] = []
    /// `rule:`, `evidence:`, `confidence:`.
    package var basis: [String] = []
    /// `notes:` and one line per note.
    package var notes: [String] = []
    /// `steps:` and one line per step of a composed decision.
    package var steps: [String] = []
    /// The trace of each step (or of the decision): a header, then one line per rule tried.
    package var trace: [String] = []

    /// Every section in reading order.
    package var lines: [String] { assumed + outcome + contested + basis + notes + steps + trace }

    /// The sections of `decision`; `trace` empty unless asked for.
    package init(_ decision: Decision, trace withTrace: Bool) {
      func field(_ name: String, _ value: String?) -> [String] {
        guard let value else { return [] }
        return [(name + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + value]
      }
      if !decision.assumed.isEmpty {
        assumed.append(
          "assumed (not given): "
            + decision.assumed.map { "\($0.fact.rawValue) \($0.value)" }.joined(separator: ", "))
      }
      outcome += field("outcome", decision.outcome.rawValue)
      outcome += field("url", decision.url.map(Words.quoted))
      outcome += field(
        "callbacks",
        decision.callbacks.map { $0.isEmpty ? "(none fire)" : $0.map(\.rawValue).joined(separator: ", ") })
      outcome += field("presentation", decision.presentation?.rawValue)
      if let alternatives = decision.alternatives, !alternatives.isEmpty {
        contested.append("contested: other \(Words.plural(alternatives.count, "reading")):")
        for alternative in alternatives {
          contested.append("  - " + DecisionText.reading(alternative, against: decision))
        }
      }
      basis += field("rule", decision.rule ?? "(none)")
      basis += field(
        "evidence", decision.evidence.isEmpty ? "(none)" : decision.evidence.joined(separator: ", "))
      basis += field("confidence", decision.confidence?.rawValue)
      if !decision.notes.isEmpty {
        notes.append("notes:")
        notes += decision.notes.map { "  - " + $0 }
      }
      if let decisionSteps = decision.steps {
        steps.append("steps:")
        for (i, step) in decisionSteps.enumerated() {
          let what = step.trigger.map { "open(url) in \($0.rawValue)" } ?? "tap"
          steps.append(
            "  \(i + 1). \(what) -> \(step.outcome.rawValue) by \(step.rule ?? "(no rule)") (\(step.confidence?.rawValue ?? "-"))"
          )
        }
      }
      if withTrace { trace = Self.trace(decision) }
    }

    /// The trace of each step of `decision` (or of the decision itself).
    static func trace(_ decision: Decision) -> [String] {
      var lines: [String] = []
      let traced: [(String, Decision)] =
        decision.steps.map { steps in
          steps.map { ($0.trigger.map { "open(url) in \($0.rawValue)" } ?? "tap", $0) }
        }
        ?? [("", decision)]
      for (label, step) in traced {
        let entries = step.trace ?? []
        let head = label.isEmpty ? "trace" : "trace of \(label)"
        if entries.isEmpty {
          lines.append("\(head): \(step.rule ?? "no rule") is the first rule tried")
          continue
        }
        lines.append(
          "\(head) (\(Words.count(entries.count, "rule")) tried before \(step.rule ?? "giving up")):")
        let width = min(48, entries.map(\.rule.count).max() ?? 0)
        for entry in entries {
          lines.append(
            "  " + entry.rule.padding(toLength: max(width, entry.rule.count), withPad: " ", startingAt: 0)
              + "  \(entry.fact.rawValue) is \(entry.actual), rule wants \(entry.expected)")
        }
      }
      return lines
    }
  }

  /// One alternative on a line: its outcome, the callbacks and presentation where they
  /// differ from the decision's, its rule, evidence and note.
  static func reading(_ alternative: Decision, against decision: Decision) -> String {
    var text = alternative.outcome.rawValue
    var details: [String] = []
    if let presentation = alternative.presentation,
      presentation != decision.presentation || alternative.outcome != decision.outcome
    {
      details.append(presentation.rawValue)
    }
    if let callbacks = alternative.callbacks,
      callbacks != decision.callbacks || alternative.outcome != decision.outcome
    {
      details.append(callbacks.isEmpty ? "no callbacks" : callbacks.map(\.rawValue).joined(separator: ", "))
    }
    if !details.isEmpty { text += " (" + details.joined(separator: "; ") + ")" }
    if let url = alternative.url, url != decision.url { text += " " + Words.quoted(url) }
    if let rule = alternative.rule { text += " by " + rule }
    text +=
      " on " + (alternative.evidence.isEmpty ? "(no evidence)" : alternative.evidence.joined(separator: ", "))
    if let note = alternative.notes.first { text += ": " + note }
    return text
  }

  /// The decision as JSON with sorted keys; one line unless `pretty`.
  package static func json(_ decision: Decision, pretty: Bool) -> String {
    encode(decision, pretty: pretty)
  }

  /// Any encodable value as JSON with sorted keys and unescaped slashes.
  package static func encode<T: Encodable>(_ value: T, pretty: Bool) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty
      ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) else {
      return "{\"error\":\"could not encode the result as JSON\"}"
    }
    return text
  }
}
