import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("taproute help situation: every key of the situation, per event")
struct SituationHelpTests {
  /// The JSON Schema's property paths under `schema` (nested objects included).
  static func paths(_ schema: [String: Any], prefix: String) -> [String] {
    guard let properties = schema["properties"] as? [String: Any] else { return [] }
    return properties.keys.sorted().flatMap { key -> [String] in
      let path = prefix.isEmpty ? key : prefix + "." + key
      return [path] + paths(properties[key] as? [String: Any] ?? [:], prefix: path)
    }
  }

  @Test(
    "each event's help lists every key the situation schema has for it, and no other event's part",
    arguments: Situation.Event.allCases.map(\.rawValue))
  func everyKeyOfTheSchema(_ event: String) throws {
    let data = try Data(contentsOf: Repo.policies.appendingPathComponent("schema/situation.schema.json"))
    let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let text = try #require(SituationHelp.text(event: event))
    let lines = Set(
      text.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
    let parts = Set(SituationKey.events.map(\.part))
    let own = try #require(SituationKey.events.first { $0.event == event }).part
    for path in Self.paths(schema, prefix: "") where path != "event" {
      let first = String(path.split(separator: ".")[0])
      let read = !parts.contains(first) || first == own
      #expect(lines.contains(path) == read, "\(path) for \(event)")
    }
  }

  @Test("the CLI prints it, names an unknown event, and the overview names every event")
  func cli() throws {
    let widget = try Binary.run(["help", "situation", "widget"])
    #expect(widget.status == 0)
    #expect(widget.stdout.contains("\n  widget.url "))
    #expect(widget.stdout.contains("\n  app.urlSchemes "))
    #expect(!widget.stdout.contains("\n  tap.url "))
    let all = try Binary.run(["help", "situation"])
    #expect(all.status == 0)
    for event in Situation.Event.allCases {
      #expect(all.stdout.contains("\nevent \"\(event.rawValue)\": "), "\(event)")
    }
    let unknown = try Binary.run(["help", "situation", "widgets"])
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr.hasPrefix("taproute help situation: unknown event \"widgets\"; expected one of tap, "))
    let two = try Binary.run(["help", "situation", "tap", "open"])
    #expect(two.status == 2)
  }

  @Test("--json lists the same keys, per event, as an object a script can read")
  func json() throws {
    let result = try Binary.run(["help", "situation", "--json"])
    #expect(result.status == 0)
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let shared = try #require(root["shared"] as? [[String: String]])
    let events = try #require(root["events"] as? [[String: Any]])
    #expect(events.compactMap { $0["event"] as? String } == Situation.Event.allCases.map(\.rawValue))
    var listed = Set(shared.compactMap { $0["key"] })
    for event in events {
      for key in event["keys"] as? [[String: String]] ?? [] { listed.insert(key["key"] ?? "") }
    }
    #expect(listed == Set(SituationKey.all.map(\.key)).subtracting(["event"]))
    let one = try Binary.run(["help", "situation", "notification", "--json"])
    #expect(one.status == 0 && one.stdout.contains("\"notification.interactive\""))
    #expect(!one.stdout.contains("\"widget.url\""))
  }
}
