import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("Situation JSON: defaults and located errors")
struct SituationDecodingTests {
  @Test func defaults() throws {
    let s = try #require(situation(#"{"event":"tap"}"#))
    #expect(s == Situation(event: .tap))
    #expect(s.platform == .iOS && s.osVersion == nil && s.app.installed && s.tap.target == .message)
    #expect(s.open.extensionPoint == .messages)
  }

  @Test func fullSituation() throws {
    let s = try #require(
      situation(
        #"""
        {"event":"tap","platform":"iPadOS","osVersion":"18.2.1",
         "app":{"hasContainerApp":false,"installed":true,"enabledInMessages":false,"published":false},
         "tap":{"target":"attribution","url":null,"extensionRunning":true,"alreadySelected":true,
                "afterDrawerSwipe":true,"redirect":{"hooks":["didSelect","willBecomeActive"],"url":"x://"}},
         "open":{"url":"y://","extensionPoint":"today"}}
        """#))
    #expect(try s.platform == .iPadOS && s.osVersion == OSVersion(18, 2, 1))
    #expect(!s.app.hasContainerApp && !s.app.enabledInMessages && !s.app.published)
    #expect(s.tap.target == .attribution && s.tap.url == nil && s.tap.afterDrawerSwipe)
    #expect(s.tap.redirect.hooks == [.didSelect, .willBecomeActive] && s.tap.redirect.url == "x://")
    #expect(s.open == Open(url: "y://", extensionPoint: .today))
  }

  static let badInputs: [(name: String, json: String, expected: [String])] = [
    (
      "unknown hook, the README's example",
      #"{"event":"tap","tap":{"redirect":{"hooks":["willBecomeActive","didSelected"]}}}"#,
      [
        #"situation.json:1:63: error: $.tap.redirect.hooks[1]: unknown hook "didSelected"; expected one of willBecomeActive, didBecomeActive, willSelect, didSelect, didReceive (did you mean "didSelect"?) [TR203]"#
      ]
    ),
    (
      "missing event", #"{}"#,
      [#"situation.json:1:1: error: $: missing required key "event" [TR205]"#]
    ),
    (
      "unknown key and wrong type together",
      "{\"event\":\"open\",\n \"plat\":\"iOS\",\n \"app\":{\"installed\":\"yes\"}}",
      [
        #"situation.json:2:2: error: $.plat: unknown key "plat"; allowed: event, platform, osVersion, locked, app, tap, open, delivery, widget, liveActivity, control, notification, appClip, link, android [TR201]"#,
        #"situation.json:3:21: error: $.app.installed: expected true or false, found a string [TR202]"#,
      ]
    ),
    (
      "bad version", #"{"event":"tap","osVersion":"10.x"}"#,
      [
        #"situation.json:1:28: error: $.osVersion: invalid OS version "10.x"; expected MAJOR[.MINOR[.PATCH]] with numbers up to 99999 [TR204]"#
      ]
    ),
    (
      "four-part version", #"{"event":"tap","osVersion":"1.2.3.4"}"#,
      [
        #"situation.json:1:28: error: $.osVersion: invalid OS version "1.2.3.4"; expected MAJOR[.MINOR[.PATCH]] with numbers up to 99999 [TR204]"#
      ]
    ),
    (
      "number where a URL goes", #"{"event":"open","open":{"url":42}}"#,
      [#"situation.json:1:31: error: $.open.url: expected a string or null, found a number [TR202]"#]
    ),
    (
      "duplicate hook", #"{"event":"tap","tap":{"redirect":{"hooks":["didSelect","didSelect"]}}}"#,
      [#"situation.json:1:56: error: $.tap.redirect.hooks[1]: hook "didSelect" is listed twice [TR203]"#]
    ),
    (
      "not an object", #"[1,2]"#,
      [#"situation.json:1:1: error: $: expected an object, found an array [TR202]"#]
    ),
    (
      "trailing comma", #"{"event":"tap",}"#,
      [#"situation.json:1:16: error: trailing comma before '}' [TR001]"#]
    ),
    (
      "duplicate key", #"{"event":"tap","event":"open"}"#,
      [#"situation.json:1:16: error: duplicate key "event" [TR001]"#]
    ),
    (
      "truncated", #"{"event":"tap""#,
      [#"situation.json:1:15: error: unexpected end of input inside an object [TR001]"#]
    ),
    (
      "empty input", "",
      [#"situation.json:1:1: error: unexpected end of input; expected a value [TR001]"#]
    ),
    (
      "control character in a key is escaped in the message", "{\"event\":\"tap\",\"a\\u0007b\":1}",
      [
        #"situation.json:1:16: error: $["a\u{7}b"]: unknown key "a\u{7}b"; allowed: event, platform, osVersion, locked, app, tap, open, delivery, widget, liveActivity, control, notification, appClip, link, android [TR201]"#
      ]
    ),
  ]

  @Test("bad input gives located errors", arguments: badInputs.map(\.name))
  func badInput(_ name: String) throws {
    let row = try namedRow(name, in: Self.badInputs, name: \.name)
    #expect(situationErrors(row.json) == row.expected, "\(row.name)")
  }

  @Test func invalidUTF8IsLocated() {
    let bytes: [UInt8] = Array(#"{"event":"tap","platform":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
    guard case .failure(let e) = Situation.parse(bytes, file: "s") else {
      Issue.record("invalid UTF-8 was accepted")
      return
    }
    #expect(e.diagnostics.map(\.description) == ["s:1:28: error: invalid UTF-8 byte 0xFF [TR001]"])
  }

  @Test func deepNestingIsRefused() {
    let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
    #expect(situationErrors(deep).first?.hasSuffix("nesting deeper than 64 levels [TR002]") == true)
    let ok =
      #"{"event":"tap","tap":"# + String(repeating: "[", count: 62) + String(repeating: "]", count: 62) + "}"
    #expect(situationErrors(ok).first?.contains("[TR202]") == true)
  }

  @Test func oversizedInputIsRefusedBeforeParsing() {
    let big = [UInt8](repeating: UInt8(ascii: " "), count: Situation.maximumDocumentBytes + 1)
    guard case .failure(let e) = Situation.parse(big, file: "big.json") else {
      Issue.record("an oversized situation was accepted")
      return
    }
    #expect(e.diagnostics.first?.code == .inputTooLarge)
  }

  @Test func oversizedURLIsRefused() {
    let url = String(repeating: "a", count: Situation.maximumURLLength + 1)
    let errors = situationErrors(#"{"event":"open","open":{"url":"x:\#(url)"}}"#)
    #expect(
      errors.count == 1
        && errors[0].contains("$.open.url: URL is 65,539 characters; the limit is 65,536 [TR002]"))
  }

  @Test func codableRoundTrip() throws {
    let original = Situation(
      event: .tap, platform: .iPadOS, osVersion: try OSVersion(17, 4),
      tap: Tap(url: "a://b", extensionRunning: true, redirect: Redirect(hooks: [.didSelect], url: "c://")))
    let data = try JSONEncoder().encode(original)
    #expect(try JSONDecoder().decode(Situation.self, from: data) == original)
    let bad = Data(#"{"event":"tap","bogus":true}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Situation.self, from: bad) }
  }
}
