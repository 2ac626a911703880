import Foundation

/// Renders decisions for people (aligned text) and machines (JSON).
package enum DecisionText {
  /// A readable summary; with `trace`, every rule tried before the hit and why it failed.
  ///
  /// The defaults the decision rests on come first (`assumed (not given): ...`), then the
  /// outcome, then, for a contested decision, each other reading with its evidence.
  package static func render(_ decision: Decision, trace: Bool) -> String {
    var lines: [String] = []
    func field(_ name: String, _ value: String?) {
      guard let value else { return }
      lines.append((name + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + value)
    }
    if !decision.assumed.isEmpty {
      lines.append(
        "assumed (not given): "
          + decision.assumed.map { "\($0.fact.rawValue) \($0.value)" }.joined(separator: ", "))
    }
    field("outcome", decision.outcome.rawValue)
    field("url", decision.url.map(Words.quoted))
    field(
      "callbacks",
      decision.callbacks.map { $0.isEmpty ? "(none fire)" : $0.map(\.rawValue).joined(separator: ", ") })
    field("presentation", decision.presentation?.rawValue)
    if let alternatives = decision.alternatives, !alternatives.isEmpty {
      lines.append("contested: other reading\(alternatives.count == 1 ? "" : "s"):")
      for alternative in alternatives {
        lines.append("  - " + reading(alternative, against: decision))
      }
    }
    field("rule", decision.rule ?? "(none)")
    field("evidence", decision.evidence.isEmpty ? "(none)" : decision.evidence.joined(separator: ", "))
    field("confidence", decision.confidence?.rawValue)
    if !decision.notes.isEmpty {
      lines.append("notes:")
      lines += decision.notes.map { "  - " + $0 }
    }
    if let steps = decision.steps {
      lines.append("steps:")
      for (i, step) in steps.enumerated() {
        let what = step.trigger.map { "open(url) in \($0.rawValue)" } ?? "tap"
        lines.append(
          "  \(i + 1). \(what) -> \(step.outcome.rawValue) by \(step.rule ?? "(no rule)") (\(step.confidence?.rawValue ?? "-"))"
        )
      }
    }
    if trace {
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
          "\(head) (\(entries.count) rule\(entries.count == 1 ? "" : "s") tried before \(step.rule ?? "giving up")):"
        )
        let width = min(48, entries.map(\.rule.count).max() ?? 0)
        for entry in entries {
          lines.append(
            "  " + entry.rule.padding(toLength: max(width, entry.rule.count), withPad: " ", startingAt: 0)
              + "  \(entry.fact.rawValue) is \(entry.actual), rule wants \(entry.expected)")
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
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
