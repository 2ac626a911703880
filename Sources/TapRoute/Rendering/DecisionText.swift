import Foundation

/// Renders decisions for people (aligned text) and machines (JSON).
package enum DecisionText {
  /// A readable summary; with `trace`, every rule tried before the hit and why it failed.
  package static func render(_ decision: Decision, trace: Bool) -> String {
    var lines: [String] = []
    func field(_ name: String, _ value: String?) {
      guard let value else { return }
      lines.append((name + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + value)
    }
    field("outcome", decision.outcome.rawValue)
    field("url", decision.url.map(JSONReader.quoted))
    field(
      "callbacks",
      decision.callbacks.map { $0.isEmpty ? "(none fire)" : $0.map(\.rawValue).joined(separator: ", ") })
    field("presentation", decision.presentation?.rawValue)
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
