import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteAASA
@testable import TapRouteTools

/// The AASA reader's diagnostics, each at the place a marker shows in its own small file.
@Suite("AASA reader", .tags(.memory))
struct AASAReaderTests {
  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var marked: String
    var code: DiagnosticCode
    var severity: Diagnostic.Severity = .error
    var testDescription: String { name }
  }

  static let rows: [Row] = [
    Row(name: "the root is not an object", marked: "1️⃣[]", code: .aasaWrongType),
    Row(
      name: "an unknown root key", marked: #"{1️⃣"applink": {}}"#, code: .aasaUnknownKey, severity: .warning),
    Row(
      name: "applinks without details", marked: #"{"applinks": 1️⃣{"defaults": {}}}"#,
      code: .aasaMissingField),
    Row(
      name: "a detail without an app", marked: #"{"applinks": {"details": [1️⃣{"components": []}]}}"#,
      code: .aasaMissingField, severity: .warning),
    Row(
      name: "an app ID without a dot",
      marked: #"{"applinks": {"details": [{"appIDs": [1️⃣"ABCDE12345"], "components": []}]}}"#,
      code: .aasaBadAppID, severity: .warning),
    Row(
      name: "an app ID prefix that is not a team ID",
      marked: #"{"applinks": {"details": [{"appIDs": [1️⃣"abc.com.x"], "components": []}]}}"#,
      code: .aasaBadAppID, severity: .warning),
    Row(
      name: "appID and appIDs both set",
      marked:
        #"{"applinks": {"details": [{"appID": "ABCDE12345.a", "appIDs": 1️⃣["ABCDE12345.a"], "paths": []}]}}"#,
      code: .aasaAppIDTwice, severity: .warning),
    Row(
      name: "an unknown component key",
      marked: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{1️⃣"path": "/"}]}]}}"#,
      code: .aasaUnknownKey, severity: .warning),
    Row(
      name: "exclude that is not a boolean",
      marked:
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"exclude": 1️⃣"yes"}]}]}}"#,
      code: .aasaWrongType),
    Row(
      name: "a query item pattern that is not a string",
      marked:
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"?": {"id": 1️⃣7}}]}]}}"#,
      code: .aasaWrongType, severity: .warning),
    Row(
      name: "an unclosed variable",
      marked:
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": 1️⃣"/$(food"}]}]}}"#,
      code: .aasaBadPattern),
    Row(
      name: "an undefined variable",
      marked:
        ##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"#": 1️⃣"$(food)"}]}]}}"##,
      code: .aasaBadPattern),
    Row(
      name: "a Unicode pattern with percentEncoded true",
      marked:
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": 1️⃣"/café"}]}]}}"#,
      code: .aasaBadPattern, severity: .warning),
    Row(
      name: "a Unicode pattern with percentEncoded false from the detail's defaults",
      marked:
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "defaults": {"percentEncoded": false}, "components": [{"/": "/café"}, {"?": 1️⃣7}]}]}}"#,
      code: .aasaWrongType),
    Row(
      name: "a component after one that matches every URL",
      marked:
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "*", "comment": "all"}, 1️⃣{"/": "/a", "exclude": true}]}]}}"#,
      code: .aasaBadPattern, severity: .warning),
    Row(
      name: "a variable name with a parenthesis",
      marked: #"{"applinks": {"substitutionVariables": {1️⃣"a(b": ["x"]}, "details": []}}"#,
      code: .aasaBadVariable),
    Row(
      name: "a variable value that uses a variable",
      marked: #"{"applinks": {"substitutionVariables": {"a": [1️⃣"$(b)"]}, "details": []}}"#,
      code: .aasaBadVariable),
    Row(
      name: "an unknown defaults key",
      marked: #"{"applinks": {"defaults": {1️⃣"color": "red"}, "details": []}}"#,
      code: .aasaUnknownKey, severity: .warning),
    Row(
      name: "paths beside components",
      marked:
        #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "paths": 1️⃣["/"], "components": []}]}}"#,
      code: .aasaIgnored, severity: .note),
    Row(
      name: "an empty NOT path",
      marked: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "paths": [1️⃣"NOT "]}]}}"#,
      code: .aasaBadPattern),
  ]

  @Test("a problem is reported with its code, severity and place", arguments: rows)
  func diagnostic(_ row: Row) throws {
    let marked = MarkedText(row.marked)
    let check = try AASADocument.read(Array(marked.text.utf8), file: "aasa.json")
    let found = check.diagnostics.filter { $0.code == row.code }
    #expect(found.count == 1, "\(check.diagnostics)")
    #expect(found.first?.severity == row.severity)
    #expect(found.first?.location == marked.markers["1️⃣"])
    #expect(found.first?.description.hasPrefix("aasa.json:") == true)
  }

  @Test("percentEncoded false, from the component, the detail or the file, silences the Unicode warning")
  func unicodePatterns() throws {
    for settings in [
      (#""percentEncoded": false, "#, "", ""), ("", #""defaults": {"percentEncoded": false}, "#, ""),
      ("", "", #""defaults": {"percentEncoded": false}, "#),
    ] {
      let json =
        #"{"applinks": {\#(settings.2)"details": [{\#(settings.1)"appIDs": ["ABCDE12345.a"], "components": [{\#(settings.0)"/": "/café"}]}]}}"#
      let check = try AASADocument.read(Array(json.utf8), file: "x")
      #expect(check.isClean, "\(json): \(check.diagnostics)")
    }
  }

  @Test("the example file and every corpus document are clean")
  func examplesAreClean() throws {
    let data = try Data(
      contentsOf: Repo.root.appendingPathComponent("Examples/aasa/apple-app-site-association.json"))
    let check = try AASADocument.read([UInt8](data), file: "example")
    #expect(check.isClean, "\(check.diagnostics)")
    #expect(check.document.appIDs.count == 3)
  }

  @Test("not JSON, or nested too deep, throws TR001 or TR002 with a place")
  func notJSON() {
    #expect(throws: DiagnosticsError.self) { try AASADocument.read(Array("{\"applinks\": ".utf8), file: "x") }
    do {
      _ = try AASADocument.read(Array(String(repeating: "[", count: 100).utf8), file: "x")
      Issue.record("nesting 100 deep was accepted")
    } catch {
      #expect(error.diagnostics.first?.code == .inputTooLarge)
    }
  }

  @Test("a file over 128 KB is refused with TR708; one at the limit is not")
  func sizeLimit() throws {
    func document(padding: Int) -> [UInt8] {
      let head = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"comment": ""#
      let tail = #""}]}]}}"#
      return Array((head + String(repeating: "x", count: padding) + tail).utf8)
    }
    let base = document(padding: 0).count
    let at = try AASADocument.read(document(padding: AASADocument.maximumBytes - base), file: "x")
    #expect(at.document.byteCount == AASADocument.maximumBytes)
    #expect(!at.diagnostics.contains { $0.code == .aasaTooLarge })
    let over = try AASADocument.read(document(padding: AASADocument.maximumBytes - base + 1), file: "x")
    #expect(over.diagnostics.map(\.code) == [.aasaTooLarge])
  }
}

@Suite("AASA matcher", .tags(.memory))
struct AASAMatcherTests {
  static func document(_ json: String) throws -> AASADocument {
    let check = try AASADocument.read(Array(json.utf8), file: "x")
    #expect(!check.hasErrors, "\(check.diagnostics)")
    return check.document
  }

  @Test("a trace names the detail, the component and the part that failed")
  func trace() throws {
    let d = try Self.document(
      ##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "/a", "#": "f"}, {"?": {"q": "1"}}]}]}}"##
    )
    let result = AASAMatcher.match(d, url: try AASAURL(parsing: "https://x.com/a?q=2", file: "u"))
    let steps = try #require(result.apps.first?.steps)
    #expect(steps.map(\.location) == ["details[0].components[0]", "details[0].components[1]"])
    #expect(steps.map(\.failedPart) == ["#", "?q"])
    #expect(result.verdicts.isEmpty)
  }

  /// `swcutil`'s reading of slashes in a `/` pattern, each row as blazingly-aasa's
  /// docs/parity.md states it (checked against `swcutil` on macOS 27, 2026-09-02; IOSN-11).
  @Test(
    "slashes at the ends of a path pattern read as swcutil reads them",
    arguments: [
      // "`swcutil` matches `abc` against `/abc`, and `buy/*` against `/buy/42`."
      ("abc", "/abc", true), ("buy/*", "/buy/42", true),
      // "`/buy/*` matches `/buy`, `/buy` matches `/buy/`, `/buy/` matches `/buy`, and `/buy/*`
      // matches `/buy//`."
      ("/buy/*", "/buy", true), ("/buy", "/buy/", true), ("/buy/", "/buy", true), ("/buy/*", "/buy//", true),
      // "A leading run of slashes in a pattern collapses to one, so `//abc` matches `/abc`."
      ("//abc", "/abc", true),
      // "`/id/????` does not match `/id/481`, even though `481/` is four characters."
      ("/id/????", "/id/481", false), ("/id/????", "/id/481/", false),
      // Still no match where the text differs.
      ("abc", "/abcd", false), ("/buy/*", "/buyer", false),
    ])
  func slashes(_ pattern: String, _ path: String, _ matches: Bool) throws {
    let json =
      #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "\#(pattern)"}]}]}}"#
    // No warning either: the pattern is read as the device reads it.
    let check = try AASADocument.read(Array(json.utf8), file: "x")
    #expect(check.diagnostics.isEmpty, "\(check.diagnostics)")
    let result = AASAMatcher.match(
      check.document, url: try AASAURL(parsing: "https://x.com" + path, file: "u"))
    #expect((result.verdicts["ABCDE12345.a"] == .match) == matches, "\(pattern) against \(path)")
  }

  /// What a device reads although the format does not define it, each row as blazingly-aasa
  /// recorded `swcutil`'s answer (conformance/oracle/swcutil-gap-probes.tsv and docs/parity.md,
  /// 2026-09; IOSN-11): the file is read with a warning, and matched as the device matches it.
  @Test(
    "what a device tolerates is a warning, and matching goes on as the device's",
    arguments: [
      // unknown-alongside-path, unknown-nonmatching: the unknown key is ignored.
      (#"{"/": "/foo/*", "totallyUnknownKey": "x"}"#, "/foo/1", true),
      (#"{"/": "/foo/*", "totallyUnknownKey": "x"}"#, "/bar", false),
      // nested-unknown-object.
      (#"{"/": "/foo/*", "future": {"a": "b"}}"#, "/foo/1", true),
      // misspelled-known: `casesensitive` is not `caseSensitive`, so the match stays case-sensitive.
      (#"{"/": "/foo/*", "casesensitive": false}"#, "/FOO/1", false),
      // "`{"a": "1", "flag": true}` matches `?a=2`."
      (#"{"?": {"a": "1", "flag": true}}"#, "/x?a=2", true),
    ])
  func tolerated(_ component: String, _ path: String, _ matches: Bool) throws {
    let json = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [\#(component)]}]}}"#
    let check = try AASADocument.read(Array(json.utf8), file: "x")
    #expect(!check.hasErrors, "\(check.diagnostics)")
    #expect(check.diagnostics.map(\.severity) == [.warning])
    #expect(check.diagnostics.first?.message.contains("the device") == true)
    let result = AASAMatcher.match(
      check.document, url: try AASAURL(parsing: "https://x.com" + path, file: "u"))
    #expect((result.verdicts["ABCDE12345.a"] == .match) == matches, "\(component) against \(path)")
  }

  /// blazingly-aasa's docs/parity.md (oracle, 2026-09-02): "`$(region)` from
  /// `Locale.isoRegionCodes`", "`$(lang)` from `Locale.isoLanguageCodes`", "`$(region)` does
  /// not match `UK`"; "folding applies to predefined variables under `caseSensitive: false`".
  @Test(
    "$(region) and $(lang) are Foundation's ISO lists",
    arguments: [
      ("/$(region)/*", "/GB/x", true, true), ("/$(region)/*", "/UK/x", true, false),
      ("/$(region)/*", "/gb/x", true, false), ("/$(region)/*", "/gb/x", false, true),
      ("/$(region)/*", "/001/x", true, false), ("/$(lang)/*", "/en/x", true, true),
      ("/$(lang)/*", "/zz/x", true, false), ("/$(lang)_$(region)/*", "/pt_BR/x", true, true),
    ])
  func codeVariables(_ pattern: String, _ path: String, _ caseSensitive: Bool, _ matches: Bool) throws {
    let d = try Self.document(
      #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "\#(pattern)", "caseSensitive": \#(caseSensitive)}]}]}}"#
    )
    let result = AASAMatcher.match(d, url: try AASAURL(parsing: "https://x.com" + path, file: "u"))
    #expect((result.verdicts["ABCDE12345.a"] == .match) == matches, "\(pattern) against \(path)")
  }

  /// blazingly-aasa's gap probes against `swcutil` (conformance/oracle/swcutil-gap-probes.tsv,
  /// "defaults" rows; IOSN-11): a `defaults` object's `/`, `?` and `exclude` apply to the
  /// components that leave the key out. The last two rows are TapRoute's reading of "the more
  /// specific definition overrides the less specific" (U-5) and of iOS 13.5, which reads no
  /// `defaults`.
  @Test(
    "a defaults object's /, ? and exclude apply to the components that leave them out",
    arguments: [
      // applinks-path, applinks-path-agreeing, detail-path.
      (
        ##""defaults": {"/": "/foo/*"}, "details": [{"appIDs": ["ABCDE12345.a"], "components": [{"#": "*"}]}]"##,
        "/bar", "17", AASAMatch.Verdict?.none
      ),
      (
        ##""defaults": {"/": "/foo/*"}, "details": [{"appIDs": ["ABCDE12345.a"], "components": [{"#": "*"}]}]"##,
        "/foo/1", "17", .match
      ),
      (
        ##""details": [{"appIDs": ["ABCDE12345.a"], "defaults": {"/": "/foo/*"}, "components": [{"#": "*"}]}]"##,
        "/bar", "17", nil
      ),
      // applinks-exclude: "blocked match".
      (
        ##""defaults": {"exclude": true}, "details": [{"appIDs": ["ABCDE12345.a"], "components": [{"#": "*"}]}]"##,
        "/bar", "17", .exclude
      ),
      // applinks-query, applinks-query-violating.
      (
        ##""defaults": {"?": {"id": "??"}}, "details": [{"appIDs": ["ABCDE12345.a"], "components": [{"#": "*"}]}]"##,
        "/bar?id=7", "17", nil
      ),
      (
        ##""defaults": {"?": {"id": "??"}}, "details": [{"appIDs": ["ABCDE12345.a"], "components": [{"#": "*"}]}]"##,
        "/bar?id=7777", "17", nil
      ),
      // The component's own exclude overrides the file's; before iOS 14 no defaults are read.
      (
        ##""defaults": {"exclude": true}, "details": [{"appIDs": ["ABCDE12345.a"], "components": [{"#": "*", "exclude": false}]}]"##,
        "/bar", "17", .match
      ),
      (
        ##""defaults": {"/": "/foo/*"}, "details": [{"appIDs": ["ABCDE12345.a"], "components": [{"#": "*"}]}]"##,
        "/bar", "13.5", .match
      ),
    ])
  func defaultPatterns(_ applinks: String, _ path: String, _ os: String, _ verdict: AASAMatch.Verdict?) throws
  {
    let check = try AASADocument.read(Array("{\"applinks\": {\(applinks)}}".utf8), file: "x")
    #expect(check.diagnostics.isEmpty, "\(check.diagnostics)")
    let version = try #require(OSVersion(parsing: os))
    let result = AASAMatcher.match(
      check.document, url: try AASAURL(parsing: "https://x.com" + path, file: "u"), os: version)
    #expect(result.verdicts["ABCDE12345.a"] == verdict, "\(applinks) on \(path), iOS \(os)")
  }

  @Test("a CMS-signed file (the iOS 8 form) is named as such, not as a bad UTF-8 byte")
  func signed() {
    // The first bytes `openssl smime -sign -nodetach -outform DER` writes: a DER SEQUENCE, then
    // the OID of signedData (1.2.840.113549.1.7.2), then the signed content.
    let signed: [UInt8] =
      [0x30, 0x82, 0x04, 0xC5, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02, 0xA0]
      + Array(#"{"applinks": {"details": []}}"#.utf8) + [0xFF, 0x00]
    #expect(AASADocument.isCMSSigned(signed))
    #expect(throws: DiagnosticsError.self) { try AASADocument.read(signed, file: "s") }
    do {
      _ = try AASADocument.read(signed, file: "s")
    } catch {
      #expect(error.diagnostics.map(\.code) == [.jsonSyntax])
      #expect(error.diagnostics.first?.message.contains("CMS-signed") == true)
      #expect(error.diagnostics.first?.message.contains("iOS 8") == true)
    }
    // Another binary file that starts with 0x30 is not called signed.
    let other: [UInt8] = [0x30, 0x82, 0x01, 0x00, 0x06, 0x03, 0x55, 0x04, 0x03, 0xFF]
    #expect(!AASADocument.isCMSSigned(other))
    #expect(!AASADocument.isCMSSigned(Array(#"{"applinks": {}}"#.utf8)))
  }

  /// Issue 38's report of `swcutil` (a held-back oracle corpus, macOS 27, September 2026):
  /// `appID` beside `appIDs` is ignored; iOS 12 reads `appID` alone (U-2: "iOS 12 ... is not
  /// aware of the appIDs key"); blazingly-aasa's parity.md reads the two as a union, TapRoute's
  /// other reading. A detail without an app is skipped, and the rest of the file is read.
  @Test("appID beside appIDs: iOS 13 reads appIDs alone, iOS 12 appID; union is the other reading")
  func appIDBesideAppIDs() throws {
    let check = try AASADocument.read(
      Array(
        #"{"applinks": {"details": [{"components": [{"/": "*"}]}, {"appID": "ABCDE12345.old", "appIDs": ["ABCDE12345.new"], "paths": ["/buy/*"], "components": [{"/": "/buy/*"}]}]}}"#
          .utf8), file: "x")
    #expect(!check.hasErrors, "\(check.diagnostics)")
    // TR709 notes that iOS 13 ignores the paths beside components.
    #expect(check.diagnostics.map(\.code) == [.aasaMissingField, .aasaAppIDTwice, .aasaIgnored])
    #expect(check.diagnostics.prefix(2).allSatisfy { $0.message.contains("the device") })
    let url = try AASAURL(parsing: "https://x.com/buy/1", file: "u")
    let newer = AASAMatcher.match(check.document, url: url)
    #expect(newer.verdicts == ["ABCDE12345.new": .match])
    #expect(newer.otherReadingsDiffer == ["appIDBesideAppIDs"])
    let union = AASAMatcher.match(check.document, url: url, readings: AASAReadings(appIDBesideAppIDs: .union))
    #expect(union.verdicts == ["ABCDE12345.new": .match, "ABCDE12345.old": .match])
    let legacy = AASAMatcher.match(check.document, url: url, os: OSVersion(clamping: 12))
    #expect(legacy.verdicts == ["ABCDE12345.old": .match])
    // Listed in both keys, the app is read under either reading.
    let both = try Self.document(
      #"{"applinks": {"details": [{"appID": "ABCDE12345.a", "appIDs": ["ABCDE12345.a"], "components": [{"/": "*"}]}]}}"#
    )
    #expect(AASAMatcher.match(both, url: url).verdicts == ["ABCDE12345.a": .match])
  }

  /// blazingly-aasa's docs/parity.md: "unknown top-level keys ignored"; an app ID that is not
  /// `TEAMID.bundle.id` names no app (U-2), so the other IDs and the rest of the file are read.
  @Test("an unknown root key and an app ID without a dot are warnings; the rest of the file is matched")
  func toleratedDocument() throws {
    let check = try AASADocument.read(
      Array(
        #"{"future": {"a": 1}, "applinks": {"details": [{"appIDs": ["nodot", "ABCDE12345.a"], "components": [{"/": "/a"}]}]}}"#
          .utf8), file: "x")
    #expect(!check.hasErrors, "\(check.diagnostics)")
    #expect(Set(check.diagnostics.map(\.code)) == [.aasaUnknownKey, .aasaBadAppID])
    #expect(check.diagnostics.allSatisfy { $0.message.contains("the device") })
    let result = AASAMatcher.match(check.document, url: try AASAURL(parsing: "https://x.com/a", file: "u"))
    #expect(result.verdicts == ["ABCDE12345.a": .match])
  }

  @Test("two apps in two details each get their own verdict")
  func twoApps() throws {
    let d = try Self.document(
      #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "/a/*", "exclude": true}]}, {"appIDs": ["ABCDE12345.b", "ABCDE12345.a"], "components": [{"/": "/a/*"}]}]}}"#
    )
    let result = AASAMatcher.match(d, url: try AASAURL(parsing: "https://x.com/a/1", file: "u"))
    #expect(result.verdicts == ["ABCDE12345.a": .exclude, "ABCDE12345.b": .match])
  }

  @Test("the contested points are declared once, each with its evidence, and each flip changes the reading")
  func points() {
    #expect(
      AASAReadings.points.map(\.name) == ["percentEncoded", "slash", "absentQueryItem", "appIDBesideAppIDs"])
    for point in AASAReadings.points {
      #expect(point.evidence.contains("U-"))
      #expect(point.reading(point.flipped(.standard)) != point.reading(.standard))
    }
  }

  struct URLRow: CustomTestStringConvertible, Sendable {
    var url: String
    var path: String?
    var query: String?
    var fragment: String?
    var testDescription: String { url }
  }

  @Test(
    "a URL splits into path, query and fragment; anything else is TR710",
    arguments: [
      URLRow(url: "https://example.com", path: "/"),
      URLRow(url: "HTTPS://Example.COM:443/a/b?c=d#e", path: "/a/b", query: "c=d", fragment: "e"),
      URLRow(url: "https://example.com/a#b?c", path: "/a", fragment: "b?c"),
      URLRow(url: "https://example.com?q", path: "/", query: "q"),
      URLRow(url: "example.com/a"),
      URLRow(url: "myapp://a"),
      URLRow(url: "https:///a"),
      URLRow(url: "https://example.com/a b"),
    ])
  func urls(_ row: URLRow) {
    do {
      let url = try AASAURL(parsing: row.url, file: "argument 2")
      #expect(row.path != nil, "\(row.url) was accepted")
      #expect(url.path == row.path)
      #expect(url.query == row.query)
      #expect(url.fragment == row.fragment)
    } catch {
      #expect(row.path == nil, "\(error)")
      #expect(error.diagnostics.first?.code == .aasaBadURL)
      #expect(error.diagnostics.first?.description.hasPrefix("argument 2:1:") == true)
    }
  }

  @Test("percent-decoding keeps malformed escapes and non-UTF-8 bytes as written")
  func decoding() {
    #expect(AASAURL.decoded("/caf%C3%A9") == "/café")
    #expect(AASAURL.decoded("/a%2") == "/a%2")
    #expect(AASAURL.decoded("/a%zz") == "/a%zz")
    #expect(AASAURL.decoded("/%FF") == "/%FF")
  }

  @Test("diff finds a changed verdict from witnesses alone, and none between a file and itself")
  func diff() throws {
    let old = try Self.document(
      #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "/a/*"}]}]}}"#)
    let new = try Self.document(
      #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "/a/b/*", "exclude": true}, {"/": "/a/*"}]}]}}"#
    )
    let changes = AASADiff.compare(old: old, new: new, urls: [])
    #expect(
      changes.contains { $0.url == "https://example.com/a/b/" && $0.old == .match && $0.new == .exclude })
    #expect(changes.allSatisfy { $0.isWitness })
    #expect(AASADiff.compare(old: new, new: new, urls: []).isEmpty)
  }
}

@Suite("AASA properties")
struct AASAPropertyTests {
  @Test(
    "mutated and truncated AASA files, and generated URLs, never trap and keep the invariants",
    .tags(.exhaustive, .memory))
  func mutations() throws {
    var rng = SeededRandom(seed: 0xAA5A)
    let dir = Repo.root.appendingPathComponent("Examples/aasa")
    let seeds = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted().map {
      [UInt8](try Data(contentsOf: dir.appendingPathComponent($0)))
    }
    let tokens = Array(#"*?$()/%#&={}[]",:\"NOT é"#.utf8)
    var checked = 0
    let rounds = Enumeration.count(400, sampled: 80)
    for round in 0..<rounds {
      var bytes = seeds[round % seeds.count]
      for _ in 0..<Int.random(in: 1...4, using: &rng) where !bytes.isEmpty {
        let i = Int.random(in: 0..<bytes.count, using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: bytes[i] = tokens.randomElement(using: &rng) ?? 0
        case 1: bytes.insert(tokens.randomElement(using: &rng) ?? 0, at: i)
        default: bytes = Array(bytes.prefix(i))
        }
      }
      let problems = SelfCheck.aasa(bytes)
      #expect(problems.isEmpty, "round \(round): \(problems)")
      checked += 1
    }
    for _ in 0..<Enumeration.count(300, sampled: 60) {
      let url = Generate.url(&rng, maxLength: 40)
      #expect(SelfCheck.aasa(Array(url.utf8)).isEmpty, "\(url)")
    }
    #expect(checked == rounds)
  }
}

@Suite("taproute aasa")
struct AASACLITests {
  static let example = "Examples/aasa/apple-app-site-association.json"

  @Test("check: 0 clean, 1 a problem, 2 unreadable or not JSON")
  func checkExitCodes() throws {
    #expect(try Binary.run(["aasa", "check", Self.example]).status == 0)
    #expect(try Binary.run(["aasa", "check", "Examples/aasa/broken.json"]).status == 1)
    let missing = try Binary.run(["aasa", "check", "/nonexistent"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("[TR003]"))
    let notJSON = try Binary.run(["aasa", "check", "-"], stdin: "{\"applinks\": }")
    #expect(notJSON.status == 2)
    #expect(notJSON.stderr.hasPrefix("stdin:1:14: error:"))
  }

  @Test("match --json prints one object per URL with the contract's url and apps")
  func matchJSON() throws {
    let r = try Binary.run([
      "aasa", "match", "--json", Self.example, "https://example.com/buy/1", "https://example.com/nothing",
    ])
    #expect(r.status == 0)
    let lines = r.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    #expect(first["url"] as? String == "https://example.com/buy/1")
    #expect(
      first["apps"] as? [String: String]
        == [
          "ABCDE12345.com.example.app": "match", "ABCDE12345.com.example.app2": "match",
          "ABCDE12345.com.example.legacy": "match",
        ])
    let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
    #expect((second["apps"] as? [String: String])?.isEmpty == true)
    #expect((second["trace"] as? [Any])?.isEmpty == false)
  }

  @Test("match: --os 12 reads legacy paths; a bad URL or file is exit 2 with a located error")
  func matchOSAndErrors() throws {
    let legacy = try Binary.run([
      "aasa", "match", "--json", "--os", "12", Self.example, "https://example.com/buy/1",
    ])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(legacy.stdout.utf8)) as? [String: Any])
    #expect(object["apps"] as? [String: String] == ["ABCDE12345.com.example.legacy": "match"])
    let badURL = try Binary.run(["aasa", "match", Self.example, "ftp://example.com/"])
    #expect(badURL.status == 2)
    #expect(badURL.stderr.hasPrefix("argument 2:1:1: error:"))
    let badFile = try Binary.run(["aasa", "match", "Examples/aasa/broken.json", "https://example.com/"])
    #expect(badFile.status == 2)
    #expect(badFile.stderr.hasPrefix("Examples/aasa/broken.json:3:32: error:"))
    #expect(try Binary.run(["aasa", "match", "--os", "twelve", Self.example, "https://x.com/"]).status == 2)
  }

  @Test("the group's name alone prints its members; help prints them too; an unknown member is a usage error")
  func groupHelp() throws {
    let alone = try Binary.run(["aasa"])
    #expect(alone.status == 2 && alone.stdout.isEmpty)
    for member in ["  check  ", "  match  ", "  diff  ", "  fetch  "] {
      #expect(alone.stderr.contains(member))
    }
    let help = try Binary.run(["help", "aasa"])
    #expect(help.status == 0 && help.stdout == alone.stderr)
    #expect(try Binary.run(["aasa", "--help"]).stdout == help.stdout)
    let unknown = try Binary.run(["aasa", "chek"])
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr == "taproute aasa: unknown command \"chek\"; expected one of check, match, diff, fetch\n"
    )
  }

  @Test("--reading takes the other reading of a contested point; an unknown one is a usage error")
  func readings() throws {
    let url = "https://example.com/help/1"
    let standard = try Binary.run([
      "aasa", "match", "Examples/aasa/apple-app-site-association.json", "https://example.com/menu/1",
    ])
    #expect(standard.stdout.contains("ABCDE12345.com.example.app: match"))
    let other = try Binary.run([
      "aasa", "match", "--reading", "absentQueryItem=fails", "Examples/aasa/apple-app-site-association.json",
      "https://example.com/menu/1",
    ])
    #expect(other.stdout.contains("ABCDE12345.com.example.app: no match"))
    #expect(other.stdout.contains("  readings: absentQueryItem=fails\n"))
    let bad = try Binary.run(["aasa", "match", "--reading", "slash=sideways", Self.example, url])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("slash is read as crosses or stops, not \"sideways\""))
    #expect(
      AASAReadings.parse("slash=stops,percentEncoded=decodeWhenTrue")
        == .success(
          AASAReadings(percentEncoded: .decodeWhenTrue, slash: .stops)))
    #expect((try? AASAReadings.parse("nope=1").get()) == nil)
  }

  @Test("diff: exit 1 when a verdict changes, 0 between a file and itself")
  func diffExitCodes() throws {
    let changed = try Binary.run(["aasa", "diff", "Examples/aasa/shop-v1.json", "Examples/aasa/shop-v2.json"])
    #expect(changed.status == 1)
    #expect(
      changed.stdout.contains(
        "https://example.com/buy/gift/ (witness): ABCDE12345.com.example.shop: match -> exclude"))
    #expect(try Binary.run(["aasa", "diff", Self.example, Self.example]).status == 0)
  }
}

@Suite("audit: associated domains against AASA files")
struct LinkAuditTests {
  static func aasa(_ ids: [String], file: String = "example.com.json", padding: Int = 0) throws -> AASACheck {
    let list = ids.map { "\"\($0)\"" }.joined(separator: ", ")
    let json =
      #"{"applinks": {"details": [{"appIDs": [\#(list)], "components": [{"comment": ""#
      + String(repeating: "x", count: padding) + #""}]}]}}"#
    return try AASADocument.read(Array(json.utf8), file: file)
  }

  static func entitlements(_ domains: [String], appID: String? = "ABCDE12345.com.example.app") -> Entitlements
  {
    Entitlements(file: "app.entitlements", associatedDomains: domains, applicationIdentifier: appID)
  }

  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var domains: [String]
    var files: [String: [String]]
    var release = false
    var codes: [DiagnosticCode]
    var testDescription: String { name }
  }

  static let rows: [Row] = [
    Row(
      name: "a domain whose file names the app", domains: ["applinks:example.com"],
      files: ["example.com": ["ABCDE12345.com.example.app"]], codes: []),
    Row(
      name: "the bundle ID under another prefix", domains: ["applinks:example.com"],
      files: ["example.com": ["ZZZZZ99999.com.example.app"]], codes: [.appIDMismatch]),
    Row(
      name: "a port", domains: ["applinks:example.com:8443"],
      files: ["example.com": ["ABCDE12345.com.example.app"]],
      codes: [.associatedDomainForm]),
    Row(
      name: "a path", domains: ["applinks:example.com/app"],
      files: ["example.com": ["ABCDE12345.com.example.app"]],
      codes: [.associatedDomainForm]),
    Row(
      name: "developer mode in a release build", domains: ["applinks:example.com?mode=developer"],
      files: ["example.com": ["ABCDE12345.com.example.app"]], release: true, codes: [.developerModeInRelease]),
    Row(
      name: "developer mode in a debug build", domains: ["applinks:example.com?mode=developer"],
      files: ["example.com": ["ABCDE12345.com.example.app"]], codes: []),
    Row(
      name: "a wildcard without its apex", domains: ["applinks:*.example.com"], files: [:],
      codes: [.wildcardWithoutApex]),
    Row(
      name: "a wildcard with its apex", domains: ["applinks:*.example.com"],
      files: ["example.com": ["ABCDE12345.com.example.app"]], codes: []),
    Row(name: "no file given", domains: ["applinks:example.com"], files: [:], codes: [.aasaNotGiven]),
    Row(
      name: "other services are not applinks", domains: ["webcredentials:example.com:1"], files: [:],
      codes: []),
  ]

  @Test("each entitlement problem is one finding with its code", arguments: rows)
  func row(_ row: Row) throws {
    let files = try row.files.mapValues { try Self.aasa($0) }
    let findings = LinkAudit.run(
      entitlements: Self.entitlements(row.domains), container: nil, aasa: files, release: row.release)
    #expect(findings.map(\.code) == row.codes, "\(findings)")
  }

  @Test("an AASA file over 128 KB, and more than 50 query schemes, are reported")
  func limits() throws {
    let big = try Self.aasa(["ABCDE12345.com.example.app"], padding: AASADocument.maximumBytes)
    var container = InfoPlist(file: "Info.plist", urlSchemes: [], shortcutItems: [], isExtension: false)
    container.queriesSchemes = (0...50).map { "s\($0)" }
    let findings = LinkAudit.run(
      entitlements: Self.entitlements(["applinks:example.com"]), container: container,
      aasa: ["example.com": big],
      release: false)
    #expect(findings.map(\.code) == [.aasaTooLarge, .tooManyQueriesSchemes])
    container.queriesSchemes.removeLast()
    #expect(
      LinkAudit.run(entitlements: Self.entitlements([]), container: container, aasa: [:], release: false)
        .isEmpty)
  }

  @Test("the app ID comes from the team and the container's bundle ID when the entitlements lack it")
  func appIDFromTeam() throws {
    var container = InfoPlist(file: "Info.plist", urlSchemes: [], shortcutItems: [], isExtension: false)
    container.bundleIdentifier = "com.example.other"
    var entitlements = Self.entitlements(["applinks:example.com"], appID: nil)
    entitlements.teamIdentifier = "ABCDE12345"
    let findings = LinkAudit.run(
      entitlements: entitlements, container: container,
      aasa: ["example.com": try Self.aasa(["ABCDE12345.com.example.app"])], release: false)
    #expect(findings.map(\.code) == [.appIDMismatch])
    #expect(findings.first?.message.contains("ABCDE12345.com.example.other") == true)
  }

  @Test("an entitlements file that is not a plist, or whose domains are not strings, is TR720")
  func unreadable() {
    for text in [
      "not a plist",
      #"<plist version="1.0"><dict><key>com.apple.developer.associated-domains</key><integer>1</integer></dict></plist>"#,
    ] {
      do {
        _ = try Entitlements.read(Array(text.utf8), file: "e")
        Issue.record("accepted \(text)")
      } catch {
        #expect(error.diagnostics.first?.code == .entitlementsUnreadable)
      }
    }
  }
}

@Suite("AASA patterns", .tags(.memory))
struct AASAPatternTests {
  struct Row: CustomTestStringConvertible, Sendable {
    var pattern: String
    var text: String
    var matches: Bool
    var caseSensitive = true
    var slash: AASAPattern.SlashRule = .crosses
    var testDescription: String { "\(pattern) ~ \(text)" }
  }

  static let variables = ["food": ["burrito", "ta*co"]]

  @Test(
    "a pattern matches the whole text or not",
    arguments: [
      Row(pattern: "*", text: "", matches: true),
      Row(pattern: "?*", text: "", matches: false),
      Row(pattern: "a*b*c", text: "aXbYbZc", matches: true),
      Row(pattern: "a*b*c", text: "aXbYbZ", matches: false),
      Row(pattern: "/a/*", text: "/a/b/c", matches: true),
      Row(pattern: "/a/*", text: "/a/b/c", matches: false, slash: .stops),
      Row(pattern: "/a/?", text: "/a//", matches: false, slash: .stops),
      Row(pattern: "/$(food)", text: "/burrito", matches: true),
      Row(pattern: "/$(food)", text: "/taXYZco", matches: true),
      Row(pattern: "/$(food)", text: "/pizza", matches: false),
      Row(pattern: "/$(food)/$(food)", text: "/burrito/taco", matches: true),
      Row(pattern: "/$(upper)", text: "/a", matches: false),
      Row(pattern: "/$(upper)", text: "/a", matches: true, caseSensitive: false),
      Row(pattern: "/$(xdigit)$(xdigit)", text: "/fF", matches: true),
      Row(pattern: "/$(lang)_$(region)", text: "/en_US", matches: true),
      Row(pattern: "/$(lang)_$(region)", text: "/EN_us", matches: false),
      Row(pattern: "/ABC", text: "/abc", matches: true, caseSensitive: false),
      Row(pattern: "/$(nope)", text: "/$(nope)", matches: true),
    ])
  func row(_ row: Row) {
    let pattern = AASAPattern(row.pattern, variables: Self.variables)
    #expect(pattern.matches(row.text, caseSensitive: row.caseSensitive, slash: row.slash) == row.matches)
  }

  @Test(
    "the one-word automaton matches exactly as the reach sets do, on seeded random patterns and texts",
    .tags(.exhaustive, .memory))
  func oneWordAgreesWithReach() {
    var rng = SeededRandom(seed: 22)
    let patternParts = [
      "a", "B", "/", "*", "?", "?*", "$(digit)", "$(upper)", "$(lower)", "é", "İ", "%2F", "-",
    ]
    let textParts = ["a", "A", "b", "B", "/", "1", "é", "É", "İ", "i", "%2F", "-", "ß"]
    var checked = 0
    let pairs = Enumeration.count(20_000, sampled: 4_000)
    for _ in 0..<pairs {
      let pattern = (0..<Int(rng.next() % 8)).map { _ in
        patternParts[Int(rng.next() % UInt64(patternParts.count))]
      }
      .joined()
      let text = (0..<Int(rng.next() % 10)).map { _ in textParts[Int(rng.next() % UInt64(textParts.count))] }
        .joined()
      let compiled = AASAPattern(pattern, variables: [:])
      #expect(compiled.fitsOneWord)
      for caseSensitive in [true, false] {
        for slash in [AASAPattern.SlashRule.crosses, .stops] {
          let fast = compiled.matches(text, caseSensitive: caseSensitive, slash: slash)
          let reach = compiled.matchesByReach(text, caseSensitive: caseSensitive, slash: slash)
          #expect(fast == reach, "\(pattern) against \(text), caseSensitive \(caseSensitive), \(slash)")
          checked += fast ? 1 : 0
        }
      }
    }
    // Both answers occur often: the comparison is not between two constant answers.
    #expect(checked > pairs / 10 && checked < pairs * 4 - pairs / 10, "\(checked) of \(pairs * 4) matched")
    // A pattern of 64 tokens, or one with a file's own variable, takes the reach sets.
    #expect(!AASAPattern(String(repeating: "a", count: 64), variables: nil).fitsOneWord)
    #expect(!AASAPattern("/$(v)", variables: ["v": ["x"]]).fitsOneWord)
  }

  /// The matcher's work is the pattern's expanded size times the text's length (one pass of
  /// the reach set per token, a variable's values each from every position at once); the
  /// reader bounds the first, AASAURL the second. That bound is what is asserted, not a wall
  /// clock (under a sanitizer on a loaded machine this match took from 4 to 39 seconds).
  @Test("variables that multiply a small file past the limit are refused; within it, the match is bounded")
  func adversarial() throws {
    let values = (0..<500).map { "v\($0)*" }
    let pattern = String(repeating: "$(v)*?", count: 5) + String(repeating: "a*", count: 30) + "b"
    func file(_ pattern: String) -> [UInt8] {
      let list = values.map { "\"\($0)\"" }.joined(separator: ",")
      return Array(
        #"{"applinks": {"substitutionVariables": {"v": [\#(list)]}, "details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "\#(pattern)"}]}]}}"#
          .utf8)
    }
    let accepted = try AASADocument.read(file(pattern), file: "x")
    #expect(accepted.isClean)
    #expect(AASADocument.expandedSize(accepted.document) <= AASADocument.maximumExpandedSize)
    let multiplied = try AASADocument.read(file(String(repeating: "$(v)", count: 100)), file: "x")
    #expect(multiplied.diagnostics.map(\.code) == [.aasaBadPattern])
    let compiled = AASAPattern(pattern, variables: ["v": values])
    let text = String(repeating: "v1a", count: AASAURL.maximumLength / 3)
    #expect(text.utf8.count <= AASAURL.maximumLength)
    #expect(!compiled.matches(text, caseSensitive: false))
  }
}
