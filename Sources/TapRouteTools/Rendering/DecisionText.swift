import Foundation
@_spi(Generated) import TapRoute
import TapRouteAASA

/// Renders decisions for people (aligned text) and machines (JSON).
package enum DecisionText {
  /// A readable summary; with `trace`, every rule tried before the hit and why it failed.
  ///
  /// The defaults the decision rests on come first (`assumed (not given): ...`), then the
  /// outcome, then, for a contested decision, each other reading with its evidence. With
  /// `policies` (what `explain` reads), each field the decision asserts follows with the
  /// evidence behind it and the words that support it, then each cited entry with its sources
  /// and the words each source says.
  package static func render(_ decision: Decision, trace: Bool, policies: PolicySet? = nil) -> String {
    Sections(decision, trace: trace, policies: policies).lines.joined(separator: "\n") + "\n"
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
    /// `support:`, then per field the evidence and confidence behind it and the supporting words.
    package var support: [String] = []
    /// `sources:`, then each cited entry's claim and its sources, each with its quote.
    package var sources: [String] = []
    /// `steps:` and one line per step of a composed decision.
    package var steps: [String] = []
    /// The trace of each step (or of the decision): a header, then one line per rule tried.
    package var trace: [String] = []

    /// Every section in reading order.
    package var lines: [String] {
      assumed + outcome + contested + basis + notes + support + sources + steps + trace
    }

    /// The sections of `decision`; `trace` empty unless asked for, `support` and `sources`
    /// empty without `policies` to look the rules and cited ids up in.
    package init(_ decision: Decision, trace withTrace: Bool, policies: PolicySet? = nil) {
      func field(_ name: String, _ value: String?) -> [String] {
        guard let value else { return [] }
        return [(name + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + value]
      }
      if !decision.assumed.isEmpty {
        assumed.append(
          "assumed (not given): "
            + Self.listed(decision.assumed))
      }
      outcome += field("outcome", decision.outcome.rawValue)
      outcome += field("url", decision.url.map(Words.quoted))
      outcome += field(
        "callbacks",
        decision.callbacks.map { $0.isEmpty ? "(none fire)" : $0.map(\.rawValue).joined(separator: ", ") })
      outcome += field("presentation", decision.presentation?.rawValue)
      if let delivery = decision.delivery {
        outcome += field("handoff", delivery.handoff?.rawValue)
        outcome += field(
          "appCallbacks",
          delivery.appCallbacks.map {
            $0.isEmpty ? "(none fire)" : $0.map(\.rawValue).joined(separator: ", ")
          })
        outcome += field("delivers", delivery.delivers?.rawValue)
        outcome += field("activityType", delivery.activityType)
        outcome += field("urlLocation", delivery.urlLocation)
      }
      if let alternatives = decision.alternatives, !alternatives.isEmpty {
        contested.append("contested: other \(Words.plural(alternatives.count, "reading")):")
        for alternative in alternatives {
          contested.append("  - " + DecisionText.reading(alternative, against: decision))
        }
      }
      basis += field("rule", decision.rule ?? "(none)")
      basis += field(
        "evidence", decision.evidence.isEmpty ? "(none)" : decision.evidence.joined(separator: ", "))
      basis += field(
        "confidence",
        decision.confidence.map { confidence in
          // A composed decision names the step its confidence comes from.
          guard let source = decision.confidenceFrom else { return confidence.rawValue }
          let from = "\(confidence.rawValue), from step \(source.step + 1) (\(source.rule))"
          // Whether that step rests on defaults, and what to give to replace them.
          guard !source.assumed.isEmpty else { return from }
          let defaults = Self.listed(source.assumed)
          return from + ", under assumed \(defaults); give \(source.keysToGive.joined(separator: ", "))"
        })
      if !decision.notes.isEmpty {
        notes.append("notes:")
        notes += decision.notes.map { "  - " + $0 }
      }
      if let decisionSteps = decision.steps {
        steps.append("steps:")
        for (i, step) in decisionSteps.enumerated() {
          let what = Self.stepLabel(step)
          let assumed =
            step.assumed.isEmpty
            ? ""
            : "; assumed " + Self.listed(step.assumed)
          steps.append(
            "  \(i + 1). \(what) -> \(step.outcome.rawValue) by \(step.rule ?? "(no rule)") (\(step.confidence?.rawValue ?? "-")\(assumed))"
          )
        }
      }
      if let policies {
        support = Self.support(policies.support(for: decision), policies.evidence(_:))
        sources = Self.sources(DecisionText.citedEntries(decision, policies.evidence(_:)))
      }
      if withTrace { trace = Self.trace(decision) }
    }

    /// `support:`, then per field `  outcome: W-4 (documented), by widget/own-scheme`, its
    /// reasoning when inferred, and under it each cited entry's first quote (Apple's words
    /// first), on one line and cut at about 300 characters.
    static func support(_ fields: [FieldSupport], _ evidence: (String) -> EvidenceEntry?) -> [String] {
      guard !fields.isEmpty else { return [] }
      var lines = ["support:"]
      for field in fields {
        // A note's support is `note[0]` in JSON; a reader counts the notes above from 1.
        let name =
          field.field.hasPrefix("note[")
          ? "note " + String((Int(field.field.dropFirst(5).dropLast()) ?? 0) + 1) : field.field
        let ids = field.evidence.isEmpty ? "no evidence" : field.evidence.joined(separator: ", ")
        lines.append(
          "  \(name): \(ids) (\(field.confidence.rawValue))" + (field.rule.map { ", by \($0)" } ?? ""))
        if let reasoning = field.reasoning { lines.append("      why: " + reasoning) }
        for id in field.evidence {
          guard let shown = evidence(id).flatMap(DecisionText.supportingWords) else { continue }
          lines.append("      \(id): “\(shown)”")
        }
      }
      return lines
    }

    /// `sources:`, then per entry `  S000-1 (documented): claim`, and per source its title,
    /// kind, date and link, then its quote (with `where`) and English rendering, indented.
    static func sources(_ entries: [EvidenceEntry]) -> [String] {
      guard !entries.isEmpty else { return [] }
      var lines = ["sources:"]
      for entry in entries {
        lines.append("  \(entry.id) (\(entry.confidence.rawValue)): \(entry.claim)")
        for source in entry.sources {
          var head =
            "    - \(source.title) (\(TableDocument.kindName(source.kind)), \(source.date ?? "undated"))"
          if let place = source.url ?? source.file { head += " " + place }
          lines.append(head)
          if let quote = source.quote {
            lines.append("      " + said(quote) + (source.quoteLocation.map { " (\($0))" } ?? ""))
          }
          if let english = source.quoteEnglish { lines.append("      in English: " + said(english)) }
        }
      }
      return lines
    }

    /// Words a source says, whole and on one line, in typographic quotes.
    /// Assumed facts as the text lists them: `lifecycle scenes, running false`.
    static func listed(_ assumed: [AssumedFact]) -> String {
      assumed.map { "\($0.fact.rawValue) \($0.value)" }.joined(separator: ", ")
    }

    static func said(_ words: String) -> String {
      "\u{201C}" + DecisionText.oneLine(words) + "\u{201D}"
    }

    /// What a step is: a redirect's `open(url)` in its callback, else the table its rule is
    /// of (`tap`, `delivery`, `widget`).
    static func stepLabel(_ step: Decision) -> String {
      if let trigger = step.trigger { return "open(url) in \(trigger.rawValue)" }
      return Decision.event(ofRule: step.rule) ?? "tap"
    }

    /// The trace of each step of `decision` (or of the decision itself).
    static func trace(_ decision: Decision) -> [String] {
      var lines: [String] = []
      let traced: [(String, Decision)] =
        decision.steps.map { steps in
          steps.map { (stepLabel($0), $0) }
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

  /// `text` on one line: each line trimmed, blank lines dropped, the rest joined by a space.
  package static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      !$0.isEmpty
    }
    .joined(separator: " ")
  }

  /// The words an entry's field citation shows: its first quote from Apple's own text, else its
  /// first quote (in English where the source is not), on one line and cut at 300 characters.
  package static func supportingWords(_ entry: EvidenceEntry) -> String? {
    let quoted = entry.sources.filter { $0.quote != nil }
    guard let source = quoted.first(where: \.isPlatformsOwnText) ?? quoted.first, let quote = source.quote
    else {
      return nil
    }
    let words = (source.quoteEnglish ?? quote).split(whereSeparator: \.isNewline).joined(separator: " ")
    return words.count > 300 ? String(words.prefix(299)) + "…" : words
  }

  /// The entries `decision` cites, then those its other readings, steps and notes cite, each once,
  /// in that order; ids `evidence` does not know are left out.
  package static func citedEntries(_ decision: Decision, _ evidence: (String) -> EvidenceEntry?)
    -> [EvidenceEntry]
  {
    var ids: [String] = []
    for id in decision.evidence + (decision.alternatives ?? []).flatMap(\.evidence)
      + (decision.steps ?? []).flatMap(\.evidence) + decision.notes.flatMap(EvidenceEntry.idsNamed(in:))
    where !ids.contains(id) {
      ids.append(id)
    }
    return ids.compactMap(evidence)
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

  /// The decision as JSON with sorted keys; one line unless `pretty`. With `cited` (what
  /// `explain` adds), a `cited` member lists each cited entry with its sources' quotes.
  package static func json(_ decision: Decision, pretty: Bool, explained: Explanation? = nil) -> String {
    guard let explained else { return encode(decision, pretty: pretty) }
    return encode(
      Explained(
        decision: decision, cited: explained.cited.map(CitedEntry.init),
        support: explained.support.map(SupportEntry.init)),
      pretty: pretty)
  }

  /// What `explain` adds to a decision: the entries it cites, and the evidence behind each of
  /// its fields.
  package struct Explanation {
    var cited: [EvidenceEntry]
    var support: [FieldSupport]

    /// The explanation of `decision` from `policies`.
    package init(_ decision: Decision, _ policies: PolicySet) {
      cited = DecisionText.citedEntries(decision, policies.evidence(_:))
      support = policies.support(for: decision)
    }

    package init(cited: [EvidenceEntry], support: [FieldSupport]) {
      self.cited = cited
      self.support = support
    }
  }

  /// A decision with the entries it cites and its fields' support, as `explain --json`
  /// writes it: the decision's members, `cited` and `support`.
  struct Explained: Encodable {
    var decision: Decision
    var cited: [CitedEntry]
    var support: [SupportEntry]

    private enum Key: String, CodingKey { case cited, support }

    func encode(to encoder: any Encoder) throws {
      try decision.encode(to: encoder)
      var c = encoder.container(keyedBy: Key.self)
      try c.encode(cited, forKey: .cited)
      try c.encode(support, forKey: .support)
    }
  }

  /// One field's support in `explain --json`: `field`, `evidence`, `confidence`, and the
  /// `rule` that asserts it and the `reasoning` of an inferred field when there are.
  package struct SupportEntry: Encodable, Equatable {
    var field: String
    var evidence: [String]
    var confidence: String
    var reasoning: String?
    var rule: String?

    init(_ support: FieldSupport) {
      field = support.field
      evidence = support.evidence
      confidence = support.confidence.rawValue
      reasoning = support.reasoning
      rule = support.rule
    }
  }

  /// One cited entry in `explain --json`: its id, claim, confidence and sources, each source
  /// with its quote, English rendering and `where` when given.
  package struct CitedEntry: Encodable, Equatable {
    var id: String
    var claim: String
    var confidence: String
    var sources: [CitedSource]

    init(_ entry: EvidenceEntry) {
      id = entry.id
      claim = entry.claim
      confidence = entry.confidence.rawValue
      sources = entry.sources.map(CitedSource.init)
    }
  }

  /// One source of a ``CitedEntry``; the members of the evidence format, nil ones left out.
  package struct CitedSource: Encodable, Equatable {
    var kind: String
    var title: String
    var url: String?
    var file: String?
    var date: String?
    var quote: String?
    var quoteEnglish: String?
    var `where`: String?

    init(_ source: EvidenceEntry.Source) {
      kind = source.kind.rawValue
      title = source.title
      url = source.url
      file = source.file
      date = source.date
      quote = source.quote
      quoteEnglish = source.quoteEnglish
      `where` = source.quoteLocation
    }
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
