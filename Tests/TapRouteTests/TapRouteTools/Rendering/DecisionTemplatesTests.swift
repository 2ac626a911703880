import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// `JSONWriter` writes the engine's lazy decisions from templates recorded once per
/// combination of rules (``DecisionTemplates``): the bytes must be what `JSONEncoder` writes
/// for each decision, whatever its URLs hold and however many engines share the writer.
@Suite("Decision templates write what JSONEncoder writes, byte for byte")
struct DecisionTemplatesTests {
  /// URL texts that exercise every escape, the stand-ins' own text among them.
  static let urls: [String?] =
    [nil] + JSONWriterTests.texts
    + DecisionTemplates.Slot.allCases.map(\.standIn) + ["\u{1}taproute-stand-in-", "https://x/\u{1}y"]

  /// Each fixture's situation with its URLs (message, redirect, open) set to each of `urls`.
  static func situations(_ engine: Engine) -> [Situation] {
    engine.policies.fixtures.enumerated().flatMap { i, fixture in
      urls.indices.map { j in
        var situation = fixture.situation
        // Vary the three URLs independently, so that equal and different texts both occur.
        let url = { (k: Int) in urls[(j + k * (i + 1)) % urls.count] }
        switch situation.event {
        case .tap:
          if situation.tap.url != nil || j % 2 == 0 { situation.tap.url = url(0) }
          if situation.tap.redirect.url != nil || j % 3 == 0 { situation.tap.redirect.url = url(1) }
        default:
          if situation.event.urlPath != nil { situation.setEventURL(url(2)) }
        }
        return situation
      }
    }
  }

  @Test(
    "every fixture with hostile URLs, interpreted and generated, numbered and not", arguments: [false, true])
  func fixtures(generated: Bool) throws {
    // The built-in engine carries no fixtures: the interpreter's give the situations.
    let interpreter = try engine()
    let engine = generated ? Engine.builtIn : interpreter
    let situations = Self.situations(interpreter)
    var json = JSONWriter()
    var lazy = 0
    for (i, situation) in situations.enumerated() {
      let decision = engine.decide(situation)
      if decision.lazyParts != nil { lazy += 1 }
      let line: Int? = i % 4 == 0 ? nil : i
      json.removeAll()
      json.decision(decision, line: line)
      let written = String(decoding: json.bytes, as: UTF8.self)
      #expect(
        written == JSONWriterTests.encoded(decision, line: line), "situation \(i): \(situation.minimalJSON)")
      if written != JSONWriterTests.encoded(decision, line: line) { return }
    }
    let count = json.decisionTemplates.count
    // Many decisions are lazy, and share templates: far fewer were recorded than written.
    // (Most hostile URLs need percent-encoding, and a decision naming an encoded URL carries
    // the remark that says so, which no template holds: about half of these are lazy.)
    #expect(lazy > situations.count / 3)
    #expect(count.usable > 50)
    #expect(count.recorded * 4 < lazy)
  }

  @Test("random situations (seeded)", arguments: [1, 2, 3] as [UInt64])
  func random(seed: UInt64) throws {
    let engine = try engine()
    var rng = SeededRandom(seed: seed)
    var json = JSONWriter()
    for i in 0..<3_000 {
      let situation = Generate.situation(&rng)
      let decision = engine.decide(situation)
      json.removeAll()
      json.decision(decision, line: i)
      let written = String(decoding: json.bytes, as: UTF8.self)
      #expect(written == JSONWriterTests.encoded(decision, line: i), "seed \(seed), situation \(i)")
      if written != JSONWriterTests.encoded(decision, line: i) { return }
    }
    #expect(json.decisionTemplates.count.usable > 0)
  }

  @Test("two engines sharing one writer keep their own templates")
  func twoEngines() throws {
    let dir = try SmallPolicies.write()
    defer { try? FileManager.default.removeItem(at: dir) }
    let small = try Engine(policiesAt: dir)
    // The same rules with other notes: the same rule indices, other bytes.
    let noted = SmallPolicies.tap.replacingOccurrences(
      of: #""then": {"#, with: #""note": "noted", "then": {"#)
    #expect(noted != SmallPolicies.tap)
    let notedDir = try SmallPolicies.write(replacing: ["tap.json": noted])
    defer { try? FileManager.default.removeItem(at: notedDir) }
    let engines = [small, try Engine(policiesAt: notedDir), try engine(), Engine.builtIn]
    var json = JSONWriter()
    for round in 0..<2 {
      for fixture in small.policies.fixtures {
        for engine in engines {
          let decision = engine.decide(fixture.situation)
          json.removeAll()
          json.decision(decision, line: round + 1)
          #expect(
            String(decoding: json.bytes, as: UTF8.self) == JSONWriterTests.encoded(decision, line: round + 1),
            "\(fixture.name), round \(round)")
        }
      }
    }
    #expect(json.decisionTemplates.count.usable > small.policies.fixtures.count)
  }

  @Test("a rule whose note holds a stand-in's text is written the ordinary way")
  func standInInANote() throws {
    let note = #"quotes \u0001taproute-stand-in-1 here"#
    let tap = SmallPolicies.tap.replacingOccurrences(
      of: #""id": "launch", "#, with: #""id": "launch", "note": "\#(note)", "#)
    #expect(tap != SmallPolicies.tap)
    let dir = try SmallPolicies.write(replacing: ["tap.json": tap])
    defer { try? FileManager.default.removeItem(at: dir) }
    let engine = try Engine(policiesAt: dir)
    var situation = Situation(event: .tap)
    situation.tap.url = "https://example.com/a"
    let decision = engine.decide(situation)
    #expect(decision.rule == "tap/launch")
    #expect(decision.notes.contains { $0.contains("\u{1}taproute-stand-in-1") })
    var json = JSONWriter()
    for line in 1...2 {
      json.removeAll()
      json.decision(decision, line: line)
      #expect(String(decoding: json.bytes, as: UTF8.self) == JSONWriterTests.encoded(decision, line: line))
    }
    #expect(json.decisionTemplates.count.recorded == 1)
    #expect(json.decisionTemplates.count.usable == 0)
  }
}
