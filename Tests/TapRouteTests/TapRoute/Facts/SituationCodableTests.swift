import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("Situation Codable: the strict reader's defaults and checks")
struct SituationCodableTests {
  static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
  }

  /// Each row decodes a partial object and compares it with the value built in Swift.
  static let partialParts: [(name: String, check: @Sendable () throws -> Bool)] = [
    ("empty app", { try decode(App.self, "{}") == App() }),
    ("app with installed only", { try decode(App.self, #"{"installed":false}"#) == App(installed: false) }),
    ("tap with a URL only", { try decode(Tap.self, #"{"url":"a://b"}"#) == Tap(url: "a://b") }),
    (
      "tap with a partial redirect",
      { try decode(Tap.self, #"{"redirect":{"url":"c://"}}"#) == Tap(redirect: Redirect(url: "c://")) }
    ),
    (
      "redirect with hooks only",
      {
        try decode(Redirect.self, #"{"hooks":["didSelect","willBecomeActive"]}"#)
          == Redirect(hooks: [.willBecomeActive, .didSelect])
      }
    ),
    ("redirect with a null URL", { try decode(Redirect.self, #"{"url":null}"#) == Redirect() }),
    (
      "open with an extension point only",
      { try decode(Open.self, #"{"extensionPoint":"today"}"#) == Open(extensionPoint: .today) }
    ),
    (
      "situation with the event only",
      { try decode(Situation.self, #"{"event":"open"}"#) == Situation(event: .open) }
    ),
    (
      "situation with partial parts",
      {
        try decode(
          Situation.self,
          #"{"event":"tap","osVersion":null,"app":{"published":false},"tap":{"extensionRunning":true}}"#)
          == Situation(event: .tap, app: App(published: false), tap: Tap(extensionRunning: true))
      }
    ),
  ]

  @Test("partial objects decode with the documented defaults", arguments: partialParts.indices)
  func partialObjects(_ i: Int) throws {
    let row = Self.partialParts[i]
    #expect(try row.check(), "\(row.name)")
  }

  @Test("JSONDecoder and the strict reader agree on a partial situation")
  func agreesWithTheStrictReader() throws {
    let json =
      #"{"event":"tap","platform":"macOS","app":{"installed":false},"tap":{"redirect":{"hooks":["willSelect"]}},"open":{}}"#
    let strict = try Situation(json: json.utf8)
    #expect(try Self.decode(Situation.self, json) == strict)
    #expect(strict.platform == .macOS && !strict.app.installed && strict.tap.redirect.hooks == [.willSelect])
  }

  @Test("Situation(json:) refuses duplicate keys and locates every error")
  func strictReaderForUntrustedInput() {
    for (json, expected) in [
      (#"{"event":"tap","event":"open"}"#, [#"in.json:1:16: error: duplicate key "event" [TR001]"#]),
      (
        "{\"event\":\"tap\",\n\"app\":{\"installed\":1},\"bogus\":2}",
        [
          #"in.json:2:20: error: $.app.installed: expected true or false, found a number [TR202]"#,
          #"in.json:2:23: error: $.bogus: unknown key "bogus"; allowed: event, platform, osVersion, locked, app, tap, open, delivery, widget, liveActivity, control, notification, appClip, link, android [TR201]"#,
        ]
      ),
    ] {
      do {
        _ = try Situation(json: json.utf8, file: "in.json")
        Issue.record("\(json) was accepted")
      } catch {
        #expect(error.diagnostics.map(\.description) == expected)
      }
    }
  }

  @Test("every generated situation round-trips through JSONEncoder, JSONDecoder and the strict reader")
  func roundTrip() throws {
    var rng = SeededRandom(seed: 0xC0DA_B1E)
    for i in 0..<2_000 {
      let original = Generate.situation(&rng)
      let data = try JSONEncoder().encode(original)
      #expect(try JSONDecoder().decode(Situation.self, from: data) == original, "situation \(i)")
      #expect(try Situation.parse(Array(data), file: "s").get() == original, "situation \(i), strict reader")
    }
  }

  /// Inputs both readers refuse: the decoding error, and the coding path where it is.
  enum Kind: Sendable { case typeMismatch, valueNotFound, keyNotFound, dataCorrupted }

  static let refused: [(name: String, json: String, kind: Kind, path: String)] = [
    ("string for a bool", #"{"event":"tap","app":{"installed":"yes"}}"#, .typeMismatch, "app.installed"),
    ("number for a URL", #"{"event":"open","open":{"url":42}}"#, .typeMismatch, "open.url"),
    (
      "string for the hooks array", #"{"event":"tap","tap":{"redirect":{"hooks":"didSelect"}}}"#,
      .typeMismatch, "tap.redirect.hooks"
    ),
    ("array for a part", #"{"event":"tap","tap":[]}"#, .typeMismatch, "tap"),
    ("null for a platform", #"{"event":"tap","platform":null}"#, .valueNotFound, "platform"),
    (
      "null for a bool", #"{"event":"tap","tap":{"alreadySelected":null}}"#, .typeMismatch,
      "tap.alreadySelected"
    ),
    ("missing event", #"{"platform":"iOS"}"#, .keyNotFound, ""),
    ("unknown key in a part", #"{"event":"tap","app":{"instaled":true}}"#, .dataCorrupted, "app.instaled"),
    ("unknown event", #"{"event":"press"}"#, .dataCorrupted, "event"),
    (
      "a callback that is not a redirect hook",
      #"{"event":"tap","tap":{"redirect":{"hooks":["viewDidLoad"]}}}"#, .dataCorrupted,
      "tap.redirect.hooks.Index 0"
    ),
    (
      "a hook listed twice", #"{"event":"tap","tap":{"redirect":{"hooks":["didSelect","didSelect"]}}}"#,
      .dataCorrupted, "tap.redirect.hooks.Index 1"
    ),
    ("bad version", #"{"event":"tap","osVersion":"17.131072"}"#, .dataCorrupted, "osVersion"),
    (
      "URL over the limit",
      #"{"event":"open","open":{"url":"x:\#(String(repeating: "a", count: Situation.maximumURLLength))"}}"#,
      .dataCorrupted, "open.url"
    ),
  ]

  @Test("wrong types and values are decoding errors at their path", arguments: refused.indices)
  func refusedInput(_ i: Int) {
    let row = Self.refused[i]
    #expect(throws: (any Error).self, "\(row.name): the strict reader accepts it") {
      try Situation.parse(Array(row.json.utf8), file: "s").get()
    }
    do {
      _ = try Self.decode(Situation.self, row.json)
      Issue.record("\(row.name): JSONDecoder accepted it")
    } catch let error as DecodingError {
      let (kind, context): (Kind, DecodingError.Context) =
        switch error {
        case .typeMismatch(_, let c): (.typeMismatch, c)
        case .valueNotFound(_, let c): (.valueNotFound, c)
        case .keyNotFound(_, let c): (.keyNotFound, c)
        case .dataCorrupted(let c): (.dataCorrupted, c)
        @unknown default: (.dataCorrupted, .init(codingPath: [], debugDescription: "unknown"))
        }
      #expect(kind == row.kind, "\(row.name): \(error)")
      #expect(context.codingPath.map(\.stringValue).joined(separator: ".") == row.path, "\(row.name)")
    } catch {
      Issue.record("\(row.name): not a DecodingError: \(error)")
    }
  }

  @Test func unknownKeyMessageListsTheAllowedKeys() throws {
    do {
      _ = try Self.decode(App.self, #"{"instaled":true}"#)
      Issue.record("an unknown key was accepted")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(
        context.debugDescription
          == "unknown key \"instaled\"; allowed: hasContainerApp, installed, enabledInMessages, published, sdkVersion, lifecycle, running, supportsCarPlay, appID, urlSchemes, associatedDomains, aasa"
      )
    }
  }

  @Test("redirect hooks are a set of the four hooks, in lifecycle order")
  func hooksAreASet() {
    let hooks: Redirect.Hooks = [.didSelect, .willBecomeActive, .didSelect]
    #expect(Array(hooks) == [.willBecomeActive, .didSelect])
    #expect(hooks == [.willBecomeActive, .didSelect] && !hooks.isEmpty && Redirect.Hooks().isEmpty)
    #expect(hooks.contains(.didSelect) && !hooks.contains(.willSelect))
    #expect(Callback.redirectHooks == Redirect.Hook.allCases.map(\.callback))
    #expect(Redirect.Hook.allCases.allSatisfy { $0.rawValue == $0.callback.rawValue })
  }
}
