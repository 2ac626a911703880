import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools
@testable import taproute

/// `JSONWriter` against `JSONEncoder` (with the options `decide --lines --json` used before it):
/// the same bytes for every string, decision, numbered decision and error line.
@Suite("JSONWriter writes what JSONEncoder writes, byte for byte", .tags(.memory))
struct JSONWriterTests {
  /// Strings that exercise every escape and pass-through rule.
  static let texts: [String] = [
    "", "plain", "quote \" and backslash \\", "slash / and </script>", "\\\"\\\\",
    "controls \u{0}\u{1}\u{7}\u{8}\t\n\u{B}\u{C}\r\u{E}\u{1F} and \u{7F}",
    "é ☃ 🙂 \u{301} \u{85} \u{2028}\u{2029} \u{FEFF} \u{202E} \u{10FFFF}",
    "containerAppDemo://item/1?q=a%20b#frag", String(repeating: "long \"quoted\" text ", count: 40),
  ]

  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var testDescription: String { name }
  }

  static let stringRows: [Row] =
    texts.enumerated().map { Row(name: "text \($0.offset)", text: $0.element) }
    + (0..<0x80).map { byte in
      // Alone, and at each place of an eight-byte word the writer checks at once.
      let scalar = String(UnicodeScalar(UInt8(byte)))
      let placed =
        String(repeating: "a", count: byte % 9) + scalar + String(repeating: "é", count: 7) + scalar
      return Row(name: "byte 0x\(String(byte, radix: 16))", text: scalar + "|" + placed)
    }

  @Test("a string, quoted and escaped", arguments: stringRows)
  func string(_ row: Row) {
    var json = JSONWriter()
    json.beginArray()
    json.string(row.text)
    json.string(row.text + "x")
    json.endArray()
    #expect(
      String(decoding: json.bytes, as: UTF8.self)
        == DecisionText.encode([row.text, row.text + "x"], pretty: false))
  }

  @Test("integers", arguments: [0, 1, 9, 10, 99, 100, 12_345, -1, -10, Int.max, Int.min])
  func integer(_ value: Int) {
    var json = JSONWriter()
    json.beginArray()
    json.int(value)
    json.int(value)
    json.endArray()
    #expect(
      String(decoding: json.bytes, as: UTF8.self) == DecisionText.encode([value, value], pretty: false))
  }

  @Test("explain's cited evidence: every shipped entry, quotes and all, written as JSONEncoder writes it")
  func citedEvidence() throws {
    let engine = try engine()
    let situation = try Situation.parse(
      Array(
        #"{"event":"tap","app":{"installed":false,"published":true},"tap":{"url":"https://example.com/x"}}"#
          .utf8),
      file: "s"
    ).get()
    let decision = engine.explain(situation)
    // All entries, so that every source field (url or file, date or not, quotes in any script) is written.
    let cited = engine.policies.evidence
    let explained = DecisionText.Explanation(
      cited: cited, support: DecisionText.Explanation(decision, engine.policies).support)
    #expect(!explained.support.isEmpty)
    var json = JSONWriter()
    json.decision(decision, line: nil, explained: explained)
    #expect(
      String(decoding: json.bytes, as: UTF8.self)
        == DecisionText.json(decision, pretty: false, explained: explained))
    #expect(cited.contains { $0.sources.contains { $0.quoteEnglish != nil } })
  }

  @Test("a decision with every optional field set, nested in steps, with and without a line number")
  func everyField() {
    let decision = Self.everyFieldDecision
    for line in [nil, 1, 200_000] as [Int?] {
      #expect(Self.written(decision, line: line) == Self.encoded(decision, line: line))
    }
  }

  /// Fails when `Decision` gains a field the writer does not know: add it to
  /// `JSONWriter.decision(_:line:)` and `decisionKeys`, in sorted place, and set it in
  /// `everyFieldDecision` so the byte comparison covers it.
  @Test("the writer knows every field of Decision, and writes keys in sorted order")
  func fieldList() {
    let fields = Self.fieldNames(of: Self.everyFieldDecision)
    #expect(fields.count >= 11)
    for field in fields {
      #expect(JSONWriter.decisionKeys.contains(field), "Decision.\(field) is not written by JSONWriter")
    }
    #expect(
      JSONWriter.decisionKeys
        == JSONWriter.decisionKeys.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) })
    // Every key the encoder writes for the full decision (and for its steps, which add
    // `event`) is one the writer writes.
    let encoded = Self.encoded(Self.everyFieldDecision, line: 7)
    let object = try? JSONSerialization.jsonObject(with: Data(encoded.utf8)) as? [String: Any]
    let steps = object?["steps"] as? [[String: Any]] ?? []
    #expect(object?["confidenceFrom"] != nil)
    #expect(steps.allSatisfy { $0["event"] as? String == "tap" })
    #expect(
      Set((object?.keys.map { $0 } ?? []) + steps.flatMap(\.keys)) == Set(JSONWriter.decisionKeys))
  }

  @Test(
    "generated decisions (seeded): every outcome, composed steps, hostile strings",
    arguments: [1, 2, 3] as [UInt64])
  func generated(seed: UInt64) {
    var rng = SeededRandom(seed: seed)
    var outcomes: Set<Outcome> = []
    for i in 0..<2_000 {
      let decision = Self.decision(&rng, depth: 0)
      outcomes.insert(decision.outcome)
      let line: Int? = i % 3 == 0 ? nil : i
      let written = Self.written(decision, line: line)
      let encoded = Self.encoded(decision, line: line)
      #expect(written == encoded, "seed \(seed), decision \(i)")
      if written != encoded { return }
    }
    #expect(outcomes == Set(Outcome.allCases))
  }

  @Test("the engine's decisions and explanations of every fixture")
  func engineDecisions() throws {
    let engine = try engine()
    var json = JSONWriter()
    var count = 0
    for (i, fixture) in engine.policies.fixtures.enumerated() {
      for decision in [engine.decide(fixture.situation), engine.explain(fixture.situation)] {
        json.removeAll()
        json.decision(decision, line: i + 1)
        #expect(
          String(decoding: json.bytes, as: UTF8.self) == Self.encoded(decision, line: i + 1),
          "\(fixture.name)")
        count += 1
      }
    }
    #expect(count > 100)
  }

  @Test("several documents in one buffer, separated by raw newlines")
  func documentsInOneBuffer() {
    let decision = Decision(outcome: .nothing, notes: ["a"])
    var json = JSONWriter()
    json.decision(decision, line: 1)
    json.raw("\n")
    json.decision(decision, line: 2)
    json.raw("\n")
    #expect(
      String(decoding: json.bytes, as: UTF8.self)
        == Self.encoded(decision, line: 1) + "\n" + Self.encoded(decision, line: 2) + "\n")
  }

  @Test("error lines (seeded), and the entries of real diagnostics", arguments: [1, 2] as [UInt64])
  func errorLines(seed: UInt64) {
    var rng = SeededRandom(seed: seed)
    func maybe<T>(_ value: T) -> T? { Generate.bool(&rng) ? value : nil }
    for i in 0..<500 {
      let entries = (0..<Int(rng.next() % 4)).map { _ in
        ErrorLine.Entry(
          file: maybe(Self.text(&rng)), line: maybe(Int(rng.next() % 1000)),
          column: maybe(Int(rng.next() % 80)),
          path: maybe(Self.text(&rng)), code: maybe("TR10\(rng.next() % 10)"),
          severity: Generate.pick(["error", "warning", "note"], &rng), message: Self.text(&rng))
      }
      let value = ErrorLine(line: maybe(i), errors: entries)
      var json = JSONWriter()
      value.write(to: &json)
      #expect(String(decoding: json.bytes, as: UTF8.self) == DecisionText.encode(value, pretty: false))
    }
    for bad in [#"{"event":"tap","x\"y":1, "tap": {"url": 3}}"#, "{\"event\":\"nope\u{1}\"}", "[", ""] {
      guard case .failure(let error) = Situation.parse(Array(bad.utf8), file: "stdin \"quoted\"") else {
        Issue.record("\(bad) parsed")
        continue
      }
      let value = ErrorLine(line: 3, errors: ErrorLine.entries(error.diagnostics, omitted: 120))
      var json = JSONWriter()
      value.write(to: &json)
      #expect(String(decoding: json.bytes, as: UTF8.self) == DecisionText.encode(value, pretty: false))
    }
  }

  @Test("decide --lines --json writes the engine's decisions as JSONEncoder would, error lines included")
  func endToEnd() throws {
    let engine = try engine()
    // As the CLI reads them: a field its minimal JSON leaves out is one the decision assumed.
    let situations = try engine.policies.fixtures.map {
      try Situation.parse(Array($0.situation.minimalJSON.utf8), file: "stdin").get()
    }
    let bad = #"{"event":"tap","tap":{"url":"x","url":"y"}}"#
    let input = (situations.map(\.minimalJSON) + [bad, ""] + situations.prefix(3).map(\.minimalJSON))
      .joined(separator: "\n")
    let r = try Binary.run(["decide", "--lines", "--json"], stdin: input)
    #expect(r.status == 2)
    var expected = situations.enumerated().map {
      Self.encoded(engine.decide($0.element), line: $0.offset + 1)
    }
    let badLine = situations.count + 1
    guard case .failure(let error) = Situation.parse(Array(bad.utf8), file: "stdin") else {
      Issue.record("the bad line parsed")
      return
    }
    let located = error.diagnostics.map { d -> Diagnostic in
      var d = d
      d.location = SourcePosition(line: badLine, column: d.location?.column ?? 1)
      return d
    }
    expected.append(
      DecisionText.encode(ErrorLine(line: badLine, errors: ErrorLine.entries(located)), pretty: false))
    expected += situations.prefix(3).enumerated().map {
      Self.encoded(engine.decide($0.element), line: badLine + 2 + $0.offset)
    }
    #expect(r.stdout == expected.map { $0 + "\n" }.joined())
  }

  // MARK: Helpers

  /// The old `--lines --json` wrapper: the decision's members and `line`, through JSONEncoder.
  private struct Numbered: Encodable {
    var line: Int
    var decision: Decision
    private enum Key: String, CodingKey { case line }
    func encode(to encoder: any Encoder) throws {
      try decision.encode(to: encoder)
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(line, forKey: .line)
    }
  }

  static func encoded(_ decision: Decision, line: Int?) -> String {
    line.map { DecisionText.encode(Numbered(line: $0, decision: decision), pretty: false) }
      ?? DecisionText.encode(decision, pretty: false)
  }

  static func written(_ decision: Decision, line: Int?) -> String {
    var json = JSONWriter()
    json.decision(decision, line: line)
    return String(decoding: json.bytes, as: UTF8.self)
  }

  /// The names of a decision's stored fields, looking through its storage object.
  static func fieldNames(of value: Any) -> [String] {
    Mirror(reflecting: value).children.flatMap { child -> [String] in
      guard let label = child.label, !Self.writtenThroughOtherKeys.contains(label) else { return [] }
      // `body` is the storage (`stored`) of a decision, or a compiled decision's rules;
      // `assumed` is kept as a mask over a shared table of values.
      if label == "assumedMask" { return ["assumed"] }
      // `callbacks` and `presentation` are kept next to `outcome` as well as in the storage.
      if label == "shownCallbacks" { return ["callbacks"] }
      if label == "shownPresentation" { return ["presentation"] }
      // `url` is kept as decided, and percent-encoded when read (`encodesURLs`).
      if label == "rawURL" { return ["url"] }
      // The delivery fields are written flat, each under its own key.
      if label == "delivery" {
        return ["activityType", "appCallbacks", "delivers", "handoff", "urlLocation"]
      }
      return ["storage", "fields", "body", "stored"].contains(label) ? fieldNames(of: child.value) : [label]
    }
  }

  /// Stored fields that are no JSON key of their own: a pending note of unfired redirect
  /// hooks is written out as the last of `notes`; `encodesURLs` decides how `url` reads.
  static let writtenThroughOtherKeys: Set<String> = ["unfiredHooks", "assumedValues", "encodesURLs"]

  static let everyFieldDecision: Decision = {
    let trace = [TraceEntry(rule: "tap/a \"b\"", fact: .installed, expected: "true", actual: "false\n")]
    let step = Decision(
      outcome: .extensionLaunch, url: "u://1", callbacks: [.viewDidLoad, .didSelect], presentation: .expanded,
      rule: "tap/launch", evidence: ["D-4"], confidence: .documented, notes: ["n\u{1}"], steps: nil,
      trigger: .didBecomeActive, trace: trace)
    // The weaker step, whose confidence is the decision's: `confidenceFrom` names it.
    var weakest = step
    weakest.confidence = .several
    weakest.assumed = [
      AssumedFact(fact: .lifecycle, value: .text("scenes")), AssumedFact(fact: .running, value: .bool(false)),
    ]
    return Decision(
      outcome: .containerLaunch, url: "containerAppDemo://x/é", callbacks: [], presentation: .compact,
      rule: "open/messages-any-scheme", evidence: ["S004-5", "F-9"], confidence: .several,
      notes: ["quote \"", "slash /"], steps: [step, weakest], trigger: .willBecomeActive, trace: trace,
      alternatives: [step],
      assumed: [
        AssumedFact(fact: .platform, value: .text("iOS")), AssumedFact(fact: .osVersion, value: .text("26")),
        AssumedFact(fact: .expired, value: .bool(false)),
      ],
      delivery: AppDelivery(
        handoff: .url, appCallbacks: [.sceneWillConnect, .onOpenURL], delivers: .url,
        activityType: "NSUserActivityTypeBrowsingWeb", urlLocation: "connectionOptions.urlContexts"))
  }()

  static func text(_ rng: inout SeededRandom) -> String {
    Generate.bool(&rng) ? Generate.pick(texts, &rng) : Generate.url(&rng, maxLength: 80)
  }

  /// A decision with each optional field set or not; steps one level deep.
  static func decision(_ rng: inout SeededRandom, depth: Int) -> Decision {
    func maybe<T>(_ make: (inout SeededRandom) -> T) -> T? { Generate.bool(&rng) ? make(&rng) : nil }
    func someTexts(_ rng: inout SeededRandom) -> [String] {
      (0..<Int(rng.next() % 4)).map { _ in text(&rng) }
    }
    return Decision(
      outcome: Generate.pick(Outcome.allCases, &rng), url: maybe(text),
      callbacks: maybe { rng in Situation.Callback.allCases.filter { _ in Generate.bool(&rng) } },
      presentation: maybe { Generate.pick(Presentation.allCases, &$0) }, rule: maybe(text),
      evidence: someTexts(&rng),
      confidence: maybe { Generate.pick(Confidence.allCases, &$0) }, notes: someTexts(&rng),
      steps: depth > 0
        ? nil : maybe { rng in (0..<Int(1 + rng.next() % 2)).map { _ in decision(&rng, depth: 1) } },
      trigger: maybe { Generate.pick(Situation.Callback.allCases, &$0) },
      trace: maybe { rng in
        (0..<Int(rng.next() % 3)).map { _ in
          TraceEntry(
            rule: text(&rng), fact: Generate.pick(Fact.allCases, &rng), expected: text(&rng),
            actual: text(&rng))
        }
      })
  }
}
