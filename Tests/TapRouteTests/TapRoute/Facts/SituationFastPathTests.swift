import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// `Situation.parseCommon` (the fast path) against the strict reader: whenever the fast path
/// answers, the strict reader accepts the same bytes and reads the same situation; the usual
/// documents do take the fast path; everything unusual falls back with the strict diagnostics.
@Suite("The situation fast path reads what the strict reader reads, or leaves it to it", .tags(.memory))
struct SituationFastPathTests {
  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var json: String
    var testDescription: String { name }
  }

  /// Valid documents the fast path reads itself.
  static let fastRows: [Row] = [
    Row(name: "event only", json: #"{"event":"tap"}"#),
    Row(
      name: "every key",
      json: """
        {"event":"open","platform":"iPadOS","osVersion":"17.4.1","app":{"hasContainerApp":false,"installed":true,\
        "enabledInMessages":false,"published":true},"tap":{"target":"sticker","url":"a://b","extensionRunning":true,\
        "alreadySelected":true,"afterDrawerSwipe":true,"redirect":{"hooks":["didSelect","willBecomeActive"],\
        "url":"https://x/é"}},"open":{"url":"containerAppDemo://","extensionPoint":"share"}}
        """),
    Row(
      name: "nulls where allowed",
      json: #"{"osVersion":null,"event":"tap","tap":{"url":null,"redirect":{"url":null}}}"#),
    Row(
      name: "white space everywhere",
      json: " \t\r\n{ \"event\" :\n\"tap\" , \"app\" : { } , \"tap\":{\"redirect\":{\"hooks\":[ ]}} }\r\n "),
    Row(name: "empty objects", json: #"{"event":"tap","app":{},"tap":{},"open":{}}"#),
    Row(name: "DEL and non-ASCII in a URL", json: "{\"event\":\"tap\",\"tap\":{\"url\":\"x\u{7F}☃🙂\"}}"),
  ]

  /// Documents the fast path leaves to the strict reader: errors, and valid rarities.
  static let fallbackRows: [Row] = [
    Row(name: "duplicate top-level key", json: #"{"event":"tap","event":"open"}"#),
    Row(name: "duplicate nested key", json: #"{"event":"tap","tap":{"url":"a","url":"b"}}"#),
    Row(
      name: "hook listed twice",
      json: #"{"event":"tap","tap":{"redirect":{"hooks":["didSelect","didSelect"]}}}"#),
    Row(name: "trailing comma in an object", json: #"{"event":"tap",}"#),
    Row(
      name: "trailing comma in hooks", json: #"{"event":"tap","tap":{"redirect":{"hooks":["didSelect",]}}}"#),
    Row(name: "escaped slash in a URL (valid)", json: #"{"event":"tap","tap":{"url":"a:\/\/b"}}"#),
    Row(name: "escaped key (valid)", json: #"{"\u0065vent":"tap"}"#),
    Row(name: "byte-order mark (valid)", json: "\u{FEFF}{\"event\":\"tap\"}"),
    Row(name: "null platform", json: #"{"event":"tap","platform":null}"#),
    Row(name: "number for a flag", json: #"{"event":"tap","app":{"installed":1}}"#),
    Row(name: "unknown key", json: #"{"event":"tap","evnt":"tap"}"#),
    Row(name: "unknown value", json: #"{"event":"tapp"}"#),
    Row(name: "missing event", json: #"{"platform":"iOS"}"#),
    Row(name: "bad version", json: #"{"event":"tap","osVersion":"17.x"}"#),
    Row(name: "control character in a string", json: "{\"event\":\"tap\",\"tap\":{\"url\":\"a\u{1}\"}}"),
    Row(name: "text after the value", json: #"{"event":"tap"} x"#),
    Row(name: "two values", json: #"{"event":"tap"}{"event":"tap"}"#),
    Row(name: "truncated literal", json: #"{"event":"tap","app":{"installed":tru}}"#),
    Row(name: "literal run on", json: #"{"event":"tap","app":{"installed":truex}}"#),
    Row(
      name: "URL over the limit",
      json: #"{"event":"tap","tap":{"url":""# + String(repeating: "a", count: 65_537) + #""}}"#),
    Row(
      name: "URL over the limit in bytes, within it in characters (valid)",
      json: #"{"event":"tap","tap":{"url":""# + String(repeating: "é", count: 40_000) + #""}}"#),
    Row(name: "an array", json: #"[{"event":"tap"}]"#),
    Row(name: "empty", json: ""),
  ]

  @Test("ordinary documents take the fast path and read as the strict reader reads them", arguments: fastRows)
  func fast(_ row: Row) throws {
    let bytes = Array(row.json.utf8)
    let fast = try #require(Situation.parseCommon(bytes))
    #expect(try Situation.parseStrictly(bytes, file: "x").get() == fast)
  }

  @Test("unusual or bad documents fall back to the strict reader", arguments: fallbackRows)
  func fallback(_ row: Row) {
    let bytes = Array(row.json.utf8)
    #expect(Situation.parseCommon(bytes) == nil)
    // What parse returns is the strict reader's answer, diagnostics and all.
    #expect(
      Self.describe(Situation.parse(bytes, file: "x"))
        == Self.describe(Situation.parseStrictly(bytes, file: "x")))
  }

  @Test(
    "invalid UTF-8 in a URL falls back",
    arguments: [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xE2, 0x82]] as [[UInt8]])
  func invalidUTF8(_ bad: [UInt8]) {
    let bytes = Array(#"{"event":"tap","tap":{"url":"a"#.utf8) + bad + Array(#""}}"#.utf8)
    #expect(Situation.parseCommon(bytes) == nil)
    #expect(throws: DiagnosticsError.self) { try Situation.parseStrictly(bytes, file: "x").get() }
  }

  @Test("every fixture's situation without an AASA file takes the fast path, compact and pretty")
  func fixtures() throws {
    let engine = try engine()
    let pretty = JSONEncoder()
    pretty.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
    // A situation with `app.aasa` or an Android app's files goes to the strict reader by
    // design: it checks each file (and computes the Android facts from them).
    let fixtures = engine.policies.fixtures.filter {
      $0.situation.app.aasa.isEmpty && $0.situation.android.fingerprints == nil
    }
    #expect(fixtures.count < engine.policies.fixtures.count && fixtures.count > 250)
    for fixture in fixtures {
      for bytes in [Array(fixture.situation.minimalJSON.utf8), Array(try pretty.encode(fixture.situation))] {
        #expect(Situation.parseCommon(bytes) == fixture.situation, "\(fixture.name)")
      }
    }
  }

  @Test(
    "generated and mutated documents (seeded): the fast path agrees or steps aside",
    arguments: [1, 2, 3] as [UInt64])
  func mutated(seed: UInt64) throws {
    var rng = SeededRandom(seed: seed)
    let compact = JSONEncoder()
    compact.outputFormatting = [.sortedKeys]
    let pretty = JSONEncoder()
    pretty.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
    let inserts: [UInt8] = Array(#""\,:{}[] ntfu0-"#.utf8) + [0x0A, 0x01, 0x7F, 0xC3, 0xFF]
    var mutantHits = 0
    for _ in 0..<300 {
      var situation = Generate.situation(&rng)
      let plain = Generate.bool(&rng)
      if plain {
        // Half with URLs that need no escape, the kind the fast path reads itself.
        let urls = ["containerAppDemo://item/1", "https://example.com/é?q=1", "", "a:b", nil]
        situation.tap.url = Generate.pick(urls, &rng)
        situation.tap.redirect.url = Generate.pick(urls, &rng)
        situation.open.url = Generate.pick(urls, &rng)
        // An AASA file is the strict reader's to check: the fast path steps aside for it.
        situation.app.aasa = Situation.AASAFiles()
      }
      let forms = [
        Array(situation.minimalJSON.utf8), Array(try compact.encode(situation)),
        Array(try pretty.encode(situation)),
      ]
      if plain {
        // Escaped slashes send the compact form to the strict reader; the others are read fast.
        #expect(Situation.parseCommon(forms[0]) != nil)
        #expect(Situation.parseCommon(forms[2]) == situation)
      }
      for form in forms {
        var candidates = [form]
        for _ in 0..<12 { candidates.append(Self.mutate(form, &rng, inserts: inserts)) }
        for bytes in candidates {
          guard let fast = Situation.parseCommon(bytes) else { continue }
          if bytes != form { mutantHits += 1 }
          let strict = Situation.parseStrictly(bytes, file: "x")
          #expect(
            (try? strict.get()) == fast,
            "seed \(seed): \(String(decoding: bytes, as: UTF8.self).prefix(400)) -> \(Self.describe(strict))")
        }
      }
    }
    // Enough mutated documents took the fast path for the comparison to mean something (295
    // at seed 1 with the 2026-11-28 catalog).
    #expect(mutantHits > 250, "\(mutantHits) mutated documents read by the fast path")
  }

  // MARK: Helpers

  @Test("with a cache, every fixture with an AASA file takes the fast path; the second read is the cache's")
  func fixturesWithFilesAndCache() throws {
    let engine = try engine()
    let fixtures = engine.policies.fixtures.filter { !$0.situation.app.aasa.isEmpty }
    #expect(fixtures.count > 10)
    let cache = AASAFilesCache()
    for fixture in fixtures {
      let bytes = Array(fixture.situation.minimalJSON.utf8)
      #expect(Situation.parseCommon(bytes) == nil, "without a cache the strict reader reads it")
      let fast = Situation.parseCommon(bytes, cache: cache)
      #expect(fast == fixture.situation, "\(fixture.name)")
      #expect(fast == (try Situation.parseStrictly(bytes, file: "x").get()), "\(fixture.name)")
      #expect(fast?.unspecified == fixture.situation.unspecified, "\(fixture.name)")
    }
    let held = cache.count
    #expect(held > 0 && held < fixtures.count, "fixtures share files: \(held) of \(fixtures.count)")
    for fixture in fixtures {
      #expect(
        Situation.parseCommon(Array(fixture.situation.minimalJSON.utf8), cache: cache) == fixture.situation)
    }
    #expect(cache.count == held, "the second pass reads every file from the cache")
  }

  /// `app.aasa` values around the cache's edges: a string holding brackets and escapes, an
  /// error the strict reader must locate, white space, nesting at the parser's limit.
  static let aasaRows: [Row] = {
    let file = #"{"applinks":{"details":[{"appIDs":["T.a"],"components":[{"/":"/a}\"]{\u0041"}]}]}}"#
    func situation(_ aasa: String) -> String {
      #"{"event":"link","app":{"appID":"T.a","aasa":"# + aasa + "}}"
    }
    func nested(_ depth: Int) -> String {
      #"{"example.com":{"applinks":{"details":[]},"x":"# + String(repeating: "[", count: depth)
        + String(repeating: "]", count: depth) + "}}"
    }
    var rows = [
      Row(name: "brackets and escapes in a pattern", json: situation(#"{"example.com":"# + file + "}")),
      Row(name: "white space around the value", json: situation(" \n{ \"example.com\" : " + file + " } ")),
      Row(name: "an error in the file", json: situation(#"{"example.com":{"applinks":3}}"#)),
      Row(name: "not a domain", json: situation(#"{"https://example.com":"# + file + "}")),
      Row(name: "not an object", json: situation("[]")),
      Row(name: "truncated", json: #"{"event":"link","app":{"aasa":{"example.com":{"applinks":"#),
      Row(name: "a string where the object goes", json: situation(#""{}""#)),
    ]
    for depth in 58...63 {
      rows.append(Row(name: "an unknown key nested \(depth) deep", json: situation(nested(depth))))
    }
    return rows
  }()

  @Test(
    "with a cache, an AASA value reads as the strict reader reads it, or is left to it", arguments: aasaRows)
  func aasaWithCache(_ row: Row) {
    let bytes = Array(row.json.utf8)
    let cache = AASAFilesCache()
    let strict = Self.describe(Situation.parseStrictly(bytes, file: "x"))
    for _ in 0..<2 {
      #expect(Self.describe(Situation.parse(bytes, file: "x", cache: cache)) == strict)
      if let fast = Situation.parseCommon(bytes, cache: cache) {
        #expect(strict == Self.describe(.success(fast)))
      }
    }
  }

  static func describe(_ result: Result<Situation, DiagnosticsError>) -> String {
    switch result {
    case .success(let situation): "ok \(situation.minimalJSON)"
    case .failure(let error): "failed \(error.diagnostics.map(\.description)) +\(error.omitted)"
    }
  }

  /// One random edit: delete, insert, replace, duplicate a slice, or truncate.
  static func mutate(_ bytes: [UInt8], _ rng: inout SeededRandom, inserts: [UInt8]) -> [UInt8] {
    guard !bytes.isEmpty else { return bytes }
    var out = bytes
    let at = Int(rng.next() % UInt64(bytes.count))
    switch rng.next() % 5 {
    case 0: out.remove(at: at)
    case 1: out.insert(Generate.pick(inserts, &rng), at: at)
    case 2: out[at] = Generate.pick(inserts, &rng)
    case 3:
      let end = min(bytes.count, at + 1 + Int(rng.next() % 40))
      out.insert(contentsOf: bytes[at..<end], at: end)
    default: out.removeLast(Int(rng.next() % UInt64(bytes.count)))
    }
    return out
  }
}
