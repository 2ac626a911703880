import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// A small seeded generator (SplitMix64), so every property run is reproducible.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Generators of hostile and ordinary input.
enum Generate {
  static let fragments = [
    "containerAppDemo://", "https://", "HTTP://", "data:", "file:///", "://", ":", "//", "/", "?", "#", "%",
    "%4",
    "%41", "%zz", " ", "\t", "\n", "\r\n", "\u{0}", "\u{7F}", "\u{85}", "\u{2028}", "é", "☃", "🙂", "\u{301}",
    "mailto:", "a+b-c.d:", "1abc:", "_x:", "[::1]", "@", "!$&'()*+,;=", "~", "..", "x", "\u{FEFF}",
    "\u{202E}",
  ]

  /// A URL string: random bytes as UTF-8, random scalars, or a mix of tricky fragments.
  static func url(_ rng: inout SeededRandom, maxLength: Int) -> String {
    switch rng.next() % 4 {
    case 0:
      let count = Int(rng.next() % UInt64(min(maxLength, 256) + 1))
      return String(decoding: (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, as: UTF8.self)
    case 1:
      let count = Int(rng.next() % 64)
      var s = String.UnicodeScalarView()
      for _ in 0..<count {
        let v = UInt32(rng.next() % 0x11_0000)
        if let scalar = Unicode.Scalar(v) { s.append(scalar) }
      }
      return String(s)
    case 2:
      let length = Int(rng.next() % UInt64(maxLength + 1))
      let head = fragments[Int(rng.next() % UInt64(fragments.count))]
      return head + String(repeating: "a", count: max(0, length - head.utf8.count))
    default:
      let count = Int(rng.next() % 12)
      return (0..<count).map { _ in fragments[Int(rng.next() % UInt64(fragments.count))] }.joined()
    }
  }

  static func pick<T>(_ values: [T], _ rng: inout SeededRandom) -> T {
    values[Int(rng.next() % UInt64(values.count))]
  }
  static func bool(_ rng: inout SeededRandom) -> Bool { rng.next() & 1 == 1 }

  /// A situation anywhere in the fact space, URLs included.
  static func situation(_ rng: inout SeededRandom) -> Situation {
    var s = Situation(event: pick(Situation.Event.allCases, &rng), platform: pick(Platform.allCases, &rng))
    // Android only where the event is read on it (the link event); elsewhere the reader refuses it.
    if s.platform == .android && !s.event.readsAndroid { s.platform = .iOS }
    if rng.next() % 8 != 0 {
      s.osVersion = try? OSVersion(Int(rng.next() % 31), Int(rng.next() % 4), Int(rng.next() % 3))
    }
    s.app = App(
      hasContainerApp: bool(&rng), installed: bool(&rng), enabledInMessages: bool(&rng),
      published: bool(&rng),
      sdkVersion: pick(sdkVersions, &rng))
    let hooks = Redirect.Hooks(Redirect.Hook.allCases.filter { _ in bool(&rng) })
    s.tap = Tap(
      target: pick(TapTarget.allCases, &rng), url: bool(&rng) ? someURL(&rng) : nil,
      transport: rng.next() % 4 == 0 ? pick(Transport.allCases, &rng) : .iMessage,
      layout: rng.next() % 4 == 0 ? .live : .template, expired: rng.next() % 8 == 0,
      extensionRunning: bool(&rng), alreadySelected: bool(&rng), afterDrawerSwipe: rng.next() % 4 == 0,
      presentationContext: rng.next() % 4 == 0 ? .media : .messages,
      redirect: Redirect(hooks: hooks, url: bool(&rng) ? someURL(&rng) : pick(redirectURLs, &rng)))
    s.open = Open(url: bool(&rng) ? someURL(&rng) : nil, extensionPoint: pick(ExtensionPoint.allCases, &rng))
    // The delivery facts, and now and then the SDK after iOS 26 (U-75).
    s.app.lifecycle = pick(App.Lifecycle.allCases, &rng)
    s.app.running = bool(&rng)
    // Drawn always (the draws after it stay those of earlier runs), kept only where read: a
    // part the event does not read is remarked on, and a remarked decision is built eagerly.
    let handoff = pick(Handoff.allCases, &rng)
    if s.event == .delivery { s.delivery = Delivery(handoff: handoff) }
    if rng.next() % 16 == 0 { s.app.sdkVersion = try? OSVersion(27) }
    // The app's configuration, drawn last so the draws above stay those of earlier runs.
    if rng.next() % 3 == 0 { s.app.urlSchemes = pick([[], ["containerAppDemo"], ["otherapp", "x"]], &rng) }
    if rng.next() % 8 == 0 {
      s.app.appID = Situation.witnessAppID
      s.app.associatedDomains = pick([[], ["applinks:example.com"], ["applinks:*.example.com"]], &rng)
      let exclude = bool(&rng) ? #","exclude":true"# : ""
      try? s.app.aasa.set(
        domain: "example.com",
        json: (#"{"applinks":{"details":[{"appIDs":[""# + Situation.witnessAppID
          + #""],"components":[{"/":"/item/*""# + exclude + "}]}]}}").utf8)
    }
    // A link on Android: where it is tapped, the app's filters and state, the device; drawn
    // last, so the draws above stay those of earlier runs.
    if s.platform == .android {
      s.link = Situation.Link(
        url: pick(["myapp://item/1", "https://example.com/item/1", "noscheme"], &rng),
        from: pick(Situation.Link.Source.allCases, &rng))
      s.android = Situation.Android(
        filter: pick(Situation.Android.Filter.allCases, &rng),
        domainState: pick(Situation.Android.DomainState.allCases, &rng), allHostsVerified: bool(&rng),
        userSelected: bool(&rng), linkHandlingAllowed: bool(&rng),
        otherApp: pick(Situation.Android.OtherApp.allCases, &rng), googleServices: bool(&rng),
        dynamicRule: pick(Situation.Android.DynamicRule.allCases, &rng))
    }
    return s
  }

  /// SDK versions on each side of 17 (N-8), and nil (the newest).
  static let sdkVersions: [OSVersion?] = [
    nil, try? OSVersion(9), try? OSVersion(16, 4), try? OSVersion(17), try? OSVersion(26),
  ]
  static let redirectURLs = [
    "containerAppDemo://", "https://x", "containerAppDemo://item/a b", "https://x/a b", "otherapp://a b",
    "containerAppDemo://item/café",
  ]

  /// A random URL, or one of the URL texts whose reading depends on the SDK.
  static func someURL(_ rng: inout SeededRandom) -> String {
    rng.next() % 3 == 0
      ? pick(redirectURLs + ["file:///x", "data:,x", "data:,a b", "://x", "noscheme", ""], &rng)
      : url(&rng, maxLength: 300)
  }
}

/// The first situation that breaks the Messages-extension restriction, if any: an
/// `open` from the Messages extension, or a tap redirecting through it, that opens anything
/// but the container app (or nothing), or an iMessage-only app that launches a container.
func restrictionCounterexample(_ engine: Engine, seed: UInt64, count: Int) -> (Situation, Decision)? {
  var rng = SeededRandom(seed: seed)
  for i in 0..<count {
    // A few URLs are huge (up to 1 MB) to reach the scanner's long paths.
    let maxLength = i % 500 == 0 ? 1 << 20 : 2_000
    let url = Generate.url(&rng, maxLength: maxLength)
    var open = Situation(
      event: .open, platform: Generate.pick([.iOS, .iPadOS], &rng),
      osVersion: try? OSVersion(Int(rng.next() % 31))
    )
    open.open = Open(url: url, extensionPoint: .messages)
    open.app.hasContainerApp = Generate.bool(&rng)
    var tap = Generate.situation(&rng)
    tap.event = .tap
    tap.tap.redirect.url = url
    for situation in [open, tap] {
      let decision = engine.decide(situation)
      let viaMessages = situation.event == .open || decision.steps != nil
      if viaMessages && [.otherAppLaunch, .browser].contains(decision.outcome) {
        return (situation, decision)
      }
      if !situation.app.hasContainerApp && decision.outcome == .containerLaunch {
        return (situation, decision)
      }
    }
  }
  return nil
}

@Suite("Properties over generated input (seeded, reproducible)")
struct PropertyTests {
  @Test(
    "open(url) from the Messages extension opens only the container app, or nothing; iMessage-only apps never launch one",
    arguments: [1, 2, 3] as [UInt64])
  func messagesExtensionRestriction(seed: UInt64) throws {
    let found = restrictionCounterexample(try engine(), seed: seed, count: 2_000)
    #expect(
      found == nil,
      "seed \(seed): \(found.map { "\($0.0.minimalJSON.prefix(300)) -> \($0.1.outcome.rawValue) by \($0.1.rule ?? "-")" } ?? "")"
    )
  }

  @Test("the property fails when a rule lets the Messages extension open another app")
  func restrictionPropertyCatchesABrokenRule() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "open.json") {
      $0["rules", id: "messages-any-scheme"]?["then"]?["outcome"] = .string("otherAppLaunch")
      // Another app is handed nothing of the container's.
      $0["rules", id: "messages-any-scheme"]?["then"]?["handoff"] = nil
      $0["rules", id: "messages-any-scheme"]?["support"]?["handoff"] = nil
    }
    let broken = try Engine(policies: PolicySet.loadForVerification(directory: dir).0)
    let found = try #require(restrictionCounterexample(broken, seed: 1, count: 2_000))
    #expect(found.1.outcome == .otherAppLaunch)
    #expect(found.1.rule == "open/messages-any-scheme")
  }

  @Test("the property fails when an iMessage-only app could open its (absent) container")
  func imessageOnlyPropertyCatchesABrokenRule() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "open.json") {
      $0["rules", id: "messages-no-parent-app"]?["then"]?["outcome"] = .string("containerLaunch")
    }
    let broken = try Engine(policies: PolicySet.loadForVerification(directory: dir).0)
    let found = try #require(restrictionCounterexample(broken, seed: 1, count: 2_000))
    #expect(!found.0.app.hasContainerApp && found.1.outcome == .containerLaunch)
  }

  @Test(
    "every generated situation is decided, and decide equals the decision inside explain",
    arguments: [11, 12] as [UInt64])
  func decidedEverywhereAndExplainAgrees(seed: UInt64) throws {
    let engine = try engine()
    var rng = SeededRandom(seed: seed)
    for _ in 0..<5_000 {
      let situation = Generate.situation(&rng)
      let decision = engine.decide(situation)
      #expect(decision.outcome != .undecided, "\(situation.minimalJSON)")
      #expect(SelfCheck.decision(situation, engine: engine).isEmpty, "\(situation.minimalJSON)")
      if decision.outcome == .undecided { return }
    }
  }

  @Test("scanner: bytes and string agree, and nothing traps, for generated URLs")
  func scannerAgreesOnGeneratedURLs() throws {
    var rng = SeededRandom(seed: 7)
    for i in 0..<5_000 {
      let url = Generate.url(&rng, maxLength: i % 1_000 == 0 ? 1 << 20 : 512)
      let fromString = URLSchemeClass.scan(url)
      let fromBytes = Array(url.utf8).withUnsafeBufferPointer { URLSchemeClass.scan(bytes: $0) }
      #expect(fromString == fromBytes)
      // Text outside RFC 3986 is a URL only once encoded, or none at all.
      if url.unicodeScalars.contains(where: { !$0.isASCII || $0.value < 0x21 || $0.value == 0x7F }) {
        #expect(fromString.class == .unparseable || fromString.needsEncoding, "\(Words.quoted(url))")
      }
    }
  }
}

@Suite("URL scanner byte sets", .tags(.memory))
struct URLByteSetTests {
  /// The set the masks are meant to hold, written as RFC 3986 names it.
  static func bytes(_ characters: String, letters: Bool = true, digits: Bool = true) -> Set<UInt8> {
    var set = Set(characters.utf8)
    if letters {
      set.formUnion(UInt8(ascii: "a")...UInt8(ascii: "z"));
      set.formUnion(UInt8(ascii: "A")...UInt8(ascii: "Z"))
    }
    if digits { set.formUnion(UInt8(ascii: "0")...UInt8(ascii: "9")) }
    return set
  }

  @Test(
    "the scanner's masks hold exactly the URI, plain and scheme characters",
    arguments: [
      ("uri", URLSchemeClass.uriMask, "-._~:/?#[]@!$&'()*+,;="),
      ("plain", URLSchemeClass.plainMask, "-._~[]@!$&'()*+,;="),
      ("scheme", URLSchemeClass.schemeMask, "+-."),
    ])
  func masksMatchTheirCharacters(name: String, mask: (UInt64, UInt64), characters: String) {
    let expected = Self.bytes(characters)
    for b in UInt8.min...UInt8.max {
      #expect(URLSchemeClass.inSet(b, mask) == expected.contains(b), "\(name) mask, byte \(b)")
    }
  }

  @Test("the fast scan's table marks exactly the bytes that are not URI characters")
  func tableMatchesURIMask() {
    let table = URLSchemeClass.notURICharacter.withUTF8Buffer { Array($0) }
    #expect(table.count == 128)
    for b in 0..<min(table.count, 128) {
      let marked = table[b] == UInt8(ascii: "1")
      #expect(marked || table[b] == UInt8(ascii: "0"), "byte \(b): only 0 and 1")
      #expect(marked != URLSchemeClass.inSet(UInt8(b), URLSchemeClass.uriMask), "byte \(b)")
    }
  }

  @Test("the classifier's table gives each byte exactly its roles")
  func byteRolesMatchTheirSets() {
    let table = URLSchemeClass.byteRoles.withUTF8Buffer { Array($0) }
    #expect(table.count == 256)
    let hostInvalid = Set("\"<>\\^`{|}".utf8).union(0..<0x21).union([0x7F]).union(0x80...0xFF)
    for b in 0..<min(table.count, 256) {
      let byte = UInt8(b)
      var expected: UInt8 = 0
      if !URLSchemeClass.inSet(byte, URLSchemeClass.schemeMask) { expected |= URLSchemeClass.notScheme }
      if byte == UInt8(ascii: ":") { expected |= URLSchemeClass.colon }
      if Set("/?#".utf8).contains(byte) { expected |= URLSchemeClass.endsSegment }
      if Set(":@".utf8).contains(byte) || hostInvalid.contains(byte) {
        expected |= URLSchemeClass.checkAuthority
      }
      #expect(table[b] == UInt8(ascii: "0") + expected, "byte \(b)")
    }
  }

  /// Short strings over an alphabet of URL pieces and the bytes that end or break them, so
  /// that every branch of the scans is taken many times; with pieces that make an
  /// authority's port or host fail only when the text is not valid as it stands, and a path
  /// after it that decides that validity.
  static let urlPieces = [
    "a", "Z", "9", "+", "-", ".", ":", "/", "?", "#", "%", "%2F", "%g1", " ", "@", "[", "]", "~", "!", "\"",
    "<", "{", "^", "\u{7F}", "\u{01}", "é", "http", "HTTPS", "data", "File", "//", "://", "host:80", ":x",
    "host:8a", "a b", "user@", "[::1]",
  ]

  /// Up to eight of ``urlPieces``, joined.
  static func urlText(_ rng: inout SeededRandom) -> String {
    let count = Int(rng.next() % 9)
    return (0..<count).map { _ in urlPieces[Int(rng.next() % UInt64(urlPieces.count))] }.joined()
  }

  @Test(
    "where the fast scan answers, the byte-by-byte scan gives the same answer",
    arguments: [21, 22] as [UInt64])
  func fastScanAgreesWithExact(seed: UInt64) {
    var rng = SeededRandom(seed: seed)
    var answered = 0
    for _ in 0..<100_000 {
      let text = Self.urlText(&rng)
      Array(text.utf8).withUnsafeBufferPointer { bytes in
        let exact = URLSchemeClass.scanExact(bytes)
        guard let fast = URLSchemeClass.scanSimple(bytes) else { return }
        answered += 1
        #expect(fast == exact, "\(Words.quoted(text))")
      }
    }
    // The fast path must be the common one, or it buys nothing.
    #expect(answered > 10_000)
  }

  @Test(
    "classifying reads the scheme and authority only, and gives the full scan's class",
    arguments: [23, 24] as [UInt64])
  func classOnlyAgreesWithExact(seed: UInt64) {
    var rng = SeededRandom(seed: seed)
    var kinds: Set<URLSchemeClass> = []
    for _ in 0..<100_000 {
      let text = Self.urlText(&rng)
      let exact = Array(text.utf8).withUnsafeBufferPointer { URLSchemeClass.scanExact($0).class }
      let classified = URLSchemeClass.classify(text)
      kinds.insert(classified)
      #expect(classified == exact, "\(Words.quoted(text))")
    }
    // Every class but `none` (no text) is reached.
    #expect(kinds.count == URLSchemeClass.allCases.count - 1)
    #expect(URLSchemeClass.classify(nil) == URLSchemeClass.none)
  }
}

@Suite("Compiled tables", .tags(.memory))
struct CompiledTableTests {
  @Test("a dense lookup shares its URL rows, and is dropped when they outgrow the cell limit")
  func denseLookupURLRowsAndTheirLimit() throws {
    // Rules 0 and 1 test the URL (values 0 and 1 of its slot); rule 2 matches everything.
    // The second immediate value excludes rule 0, so its cell needs another URL row; the
    // third admits every rule, as the first does, so its cell shares the first's row.
    let rows = DenseLookup.Rows(
      bits: [0b111, 0b110, 0b111, 0b101, 0b110, 0b100, 0b100], words: 1, ruleCount: 3, counts: [3],
      offsets: [0], urlCounts: [4], urlOffsets: [3], urlTesters: [0b011])
    let lookup = try #require(DenseLookup(rows, maximumCells: 8))
    #expect(lookup.cells == [-2, -3, -2])
    #expect(lookup.urlRows == [0, 1, 2, 2, 2, 1, 2, 2])
    #expect(lookup.firstMatch(cell: 1) { 0 } == 2)
    #expect(lookup.firstMatch(cell: 0) { 1 } == 1)
    // Eight URL-row entries do not fit in four cells: no lookup (the bit rows decide).
    #expect(DenseLookup(rows, maximumCells: 4) == nil)
  }

  @Test(
    "the dense lookup and the bit rows agree on generated situations, for every table",
    .tags(.exhaustive, .memory))
  func denseMatchesBits() throws {
    let engine = try engine()
    let tap = engine.interpreting.table(.tap)
    #expect(tap.dense == nil, "64 rules or fewer decide through one word of bits per fact")
    for compiled in [
      CompiledTable(tap.table, dense: true),
      CompiledTable(engine.interpreting.table(.open).table, dense: true),
    ] {
      // Without the URL's facts, both shipped spaces are small enough to be dense.
      #expect(compiled.dense != nil, "the shipped \(compiled.table.name) table is small enough to be dense")
      #expect(
        (compiled.dense?.urlRows.count ?? 0) > 0, "some of \(compiled.table.name)'s cells turn on the URL")
      var rng = SeededRandom(seed: 99)
      for _ in 0..<Enumeration.count(20_000, sampled: 4_000) {
        let situation = Generate.situation(&rng)
        let url = compiled.table.event == .tap ? situation.tap.url : situation.open.url
        let facts = FactSnapshot(
          situation, event: compiled.table.event, url: url, defaultVersion: engine.newestOSVersion)
        let unscanned = FactSnapshot(
          situation, event: compiled.table.event, defaultVersion: engine.newestOSVersion)
        #expect(compiled.firstMatch(unscanned, url: url) == compiled.firstMatchByBits(facts))
        #expect(compiled.firstMatch(facts) == compiled.firstMatchByBits(facts))
      }
    }
  }
}

@Suite("Concurrency", .tags(.concurrency))
struct ConcurrencyTests {
  @Test("100,000 decisions from 8 concurrent tasks equal the serial ones")
  func concurrentDecisionsAreIdentical() async throws {
    let engine = try engine()
    let situations = engine.policies.fixtures.map(\.situation)
    let expected = situations.map { engine.decide($0) }
    let perTask = 100_000 / 8
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var bad = 0
          for i in 0..<perTask {
            let k = (i + task * 7) % situations.count
            if engine.decide(situations[k]) != expected[k] { bad += 1 }
          }
          return bad
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }

  @Test("the built-in engine explains and writes JSON from 8 concurrent tasks as it does serially")
  func concurrentExplanationsAreIdentical() async throws {
    // The built-in engine's decisions read their notes, steps, other readings and evidence
    // lazily, and the JSON writer keeps per-engine templates: both shared by every task.
    let situations = try engine().policies.fixtures.map(\.situation)
    let engine = Engine.builtIn
    try #require(situations.count > 100)
    let expected = situations.map { DecisionText.json(engine.explain($0), pretty: false) }
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var bad = 0
          for i in 0..<2_000 {
            let k = (i * 5 + task * 11) % situations.count
            if DecisionText.json(engine.explain(situations[k]), pretty: false) != expected[k] { bad += 1 }
          }
          return bad
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}
