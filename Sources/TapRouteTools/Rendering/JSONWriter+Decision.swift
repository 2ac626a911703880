@_spi(Generated) import TapRoute

/// The compact JSON of a decision, byte for byte what ``DecisionText/encode(_:pretty:)``
/// writes without `pretty`, written with ``JSONWriter`` instead of `JSONEncoder`.
extension JSONWriter {
  /// Every key ``decision(_:line:)`` can write, in the order it writes them: byte order, as
  /// `JSONEncoder`'s `.sortedKeys`. A new field of ``Decision`` goes into both, in its sorted
  /// place; the tests compare this list with the decision's fields and the bytes with
  /// `JSONEncoder`'s, so a field left out fails them.
  package static let decisionKeys = [
    "activityType", "alternatives", "appCallbacks", "assumed", "callbacks", "confidence", "confidenceFrom",
    "delivers", "event", "evidence", "handoff", "line", "notes", "outcome", "presentation", "rule", "steps",
    "trace", "trigger", "url", "urlLocation",
  ]

  /// Writes `decision` as one JSON object; with `line`, a `"line": N` member is added in its
  /// sorted place (the numbered form of `decide --lines --json`), and with `explained` the
  /// `cited` and `support` members (what `explain --json` adds: ``DecisionText/CitedEntry``,
  /// ``DecisionText/SupportEntry``).
  ///
  /// A lazy decision (what ``Engine/decide(_:)`` returns) is written from the template of its
  /// rules (``DecisionTemplates``), recorded the first time this writer sees them.
  package mutating func decision(
    _ decision: Decision, line: Int? = nil, explained: DecisionText.Explanation? = nil
  ) {
    if explained == nil, !isRecording, let parts = decision.lazyParts,
      let template = decisionTemplates.template(
        decision, parts, numbered: line != nil,
        record: { $0.fields(of: $1, line: line.map { _ in 0 }, explained: nil) })
    {
      write(template) { json, slot in
        switch DecisionTemplates.Slot(rawValue: slot) {
        case .line?: json.int(line ?? 0)
        case .url?: json.string(decision.rawURL ?? "")
        case .eventURL?: json.string(parts.hit.eventURL ?? "")
        case .redirectURL?: json.string(parts.hit.redirectURL ?? "")
        case nil: json.string("")
        }
      }
      return
    }
    fields(of: decision, line: line, explained: explained)
  }

  /// Writes every field of `decision`; while a template is recorded, the line number and the
  /// URLs standing in for a slot (``DecisionTemplates/Slot``) are left as holes.
  private mutating func fields(
    of decision: Decision, line: Int?, explained: DecisionText.Explanation?, step: Bool = false
  ) {
    // Every field is read: build a compiled decision's fields once, not once per field.
    let decision = decision.materialized
    beginObject()
    let delivery = decision.delivery
    member("activityType", delivery?.activityType)
    if let alternatives = decision.alternatives {
      key("alternatives")
      beginArray()
      for alternative in alternatives { fields(of: alternative, line: nil, explained: nil) }
      endArray()
    }
    if let callbacks = delivery?.appCallbacks {
      key("appCallbacks")
      beginArray()
      for callback in callbacks { string(callback.rawValue) }
      endArray()
    }
    if !decision.assumed.isEmpty {
      key("assumed")
      assumedFacts(decision.assumed)
    }
    if let callbacks = decision.callbacks {
      key("callbacks")
      beginArray()
      for callback in callbacks { string(callback.rawValue) }
      endArray()
    }
    if let explained {
      key("cited")
      beginArray()
      for entry in explained.cited { citedEntry(entry) }
      endArray()
    }
    member("confidence", decision.confidence?.rawValue)
    if let source = decision.confidenceFrom {
      key("confidenceFrom")
      beginObject()
      if !source.assumed.isEmpty {
        key("assumed")
        assumedFacts(source.assumed)
      }
      key("confidence")
      string(source.confidence.rawValue)
      key("event")
      string(source.event)
      key("rule")
      string(source.rule)
      key("step")
      int(source.step)
      endObject()
    }
    member("delivers", delivery?.delivers?.rawValue)
    if step { member("event", Decision.event(ofRule: decision.rule)) }
    key("evidence")
    strings(decision.evidence)
    member("handoff", delivery?.handoff?.rawValue)
    if let line {
      key("line")
      if isRecording { hole(DecisionTemplates.Slot.line.rawValue) } else { int(line) }
    }
    key("notes")
    strings(decision.notes)
    key("outcome")
    string(decision.outcome.rawValue)
    member("presentation", decision.presentation?.rawValue)
    member("rule", decision.rule)
    if let steps = decision.steps {
      key("steps")
      beginArray()
      for each in steps { fields(of: each, line: nil, explained: nil, step: true) }
      endArray()
    }
    if let explained {
      key("support")
      beginArray()
      for field in explained.support { supportEntry(field) }
      endArray()
    }
    if let trace = decision.trace {
      key("trace")
      beginArray()
      for entry in trace { traceEntry(entry) }
      endArray()
    }
    member("trigger", decision.trigger?.rawValue)
    if let url = decision.url {
      key("url")
      if isRecording, let slot = DecisionTemplates.Slot.of(url) { hole(slot.rawValue) } else { string(url) }
    }
    member("urlLocation", delivery?.urlLocation)
    endObject()
  }

  /// An entry as ``DecisionText/CitedEntry`` encodes it, keys in byte order.
  private mutating func citedEntry(_ entry: EvidenceEntry) {
    beginObject()
    key("claim")
    string(entry.claim)
    key("confidence")
    string(entry.confidence.rawValue)
    key("id")
    string(entry.id)
    key("sources")
    beginArray()
    for source in entry.sources {
      beginObject()
      member("date", source.date)
      member("file", source.file)
      key("kind")
      string(source.kind.rawValue)
      member("quote", source.quote)
      member("quoteEnglish", source.quoteEnglish)
      key("title")
      string(source.title)
      member("url", source.url)
      member("where", source.quoteLocation)
      endObject()
    }
    endArray()
    endObject()
  }

  /// A field's support as ``DecisionText/SupportEntry`` encodes it, keys in byte order.
  private mutating func supportEntry(_ support: FieldSupport) {
    beginObject()
    key("confidence")
    string(support.confidence.rawValue)
    key("evidence")
    strings(support.evidence)
    key("field")
    string(support.field)
    member("reasoning", support.reasoning)
    member("rule", support.rule)
    endObject()
  }

  private mutating func traceEntry(_ entry: TraceEntry) {
    beginObject()
    key("actual")
    string(entry.actual)
    key("expected")
    string(entry.expected)
    key("fact")
    string(entry.fact.rawValue)
    key("rule")
    string(entry.rule)
    endObject()
  }

  /// Assumed facts as an object, sorted by name as `.sortedKeys` writes a nested object.
  private mutating func assumedFacts(_ facts: [AssumedFact]) {
    beginObject()
    for item in facts.sorted(by: { $0.fact.rawValue.utf8.lexicographicallyPrecedes($1.fact.rawValue.utf8) }) {
      key(item.fact.rawValue)
      switch item.value {
      case .bool(let b): bool(b)
      case .text(let t): string(t)
      }
    }
    endObject()
  }
}
