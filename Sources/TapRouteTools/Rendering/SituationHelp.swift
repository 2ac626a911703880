import Foundation
@_spi(Generated) import TapRoute

/// `taproute help situation [EVENT]`: the keys of a situation, per event, from the generated
/// ``SituationKey`` rows (the situation catalog's), so that the help, the README's situation
/// table and the JSON Schema say the same.
package enum SituationHelp {
  /// The help text: the keys every event reads, then each event's own part (only `event`'s
  /// with `event`). Nil for a name that is no event.
  package static func text(event: String? = nil) -> String? {
    let events = SituationKey.events.filter { event == nil || $0.event == event }
    if events.isEmpty { return nil }
    var out = """
      A situation is the JSON object that decide, explain, matrix and test read: "event" says
      what happened, the keys below say the rest. A key left out takes its default, and the
      answer lists it under "assumed"; unknown keys and wrong types are located errors.
      A key marked "fact" is one a table may test; "computed" names the facts computed from it.

      Every event reads:

      """
    out += rows(
      SituationKey.all.filter {
        ($0.part.isEmpty && $0.key != "event") || SituationKey.sharedParts.contains($0.part)
      })
    for (name, part, doc) in events {
      out +=
        "\n"
        + SVGText.wrap("event \"\(name)\": \(plain(doc))", width: 100, breakAfter: []).joined(
          separator: "\n  ") + "\n"
      let own = SituationKey.all.filter { $0.part == part && !part.isEmpty }
      out += own.isEmpty ? "  (no keys of its own)\n" : rows(own)
    }
    if event == nil {
      out += "\nRun 'taproute help situation EVENT' for one event's keys.\n"
    }
    return out
  }

  /// The same keys as JSON (`taproute help situation --json`): `{"shared": [KEY...],
  /// "events": [{"event", "part", "doc", "keys": [KEY...]}]}`, each KEY with `key`, `values`,
  /// `default`, `fact` (`yes`, `computed: ...` or empty), `doc` and `part`, Markdown code spans
  /// as plain text; sorted keys, so the output is stable. Nil for a name that is no event.
  package static func json(event: String? = nil) -> String? {
    let events = SituationKey.events.filter { event == nil || $0.event == event }
    if events.isEmpty { return nil }
    func object(_ key: SituationKey) -> [String: String] {
      [
        "key": key.key, "values": plain(key.values), "default": plain(key.defaultValue),
        "fact": plain(key.fact), "doc": plain(key.doc), "part": key.part,
      ]
    }
    let shared = SituationKey.all.filter {
      ($0.part.isEmpty && $0.key != "event") || SituationKey.sharedParts.contains($0.part)
    }
    let root: [String: Any] = [
      "shared": shared.map(object),
      "events": events.map { name, part, doc in
        [
          "event": name, "part": part, "doc": plain(doc),
          "keys": SituationKey.all.filter { $0.part == part && !part.isEmpty }.map(object),
        ] as [String: Any]
      },
    ]
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    else { return nil }
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// The event names, for the error that names an unknown one.
  package static var eventNames: [String] { SituationKey.events.map(\.event) }

  /// One entry per key: the key, its values and default, then what it is, wrapped.
  private static func rows(_ keys: [SituationKey]) -> String {
    let width = min(28, (keys.map(\.key.count).max() ?? 0) + 2)
    var out = ""
    for key in keys {
      var facts = [plain(key.values)].filter { !$0.isEmpty }
      if !key.defaultValue.isEmpty { facts.append("default " + plain(key.defaultValue)) }
      if key.fact == "yes" {
        facts.append("fact")
      } else if !key.fact.isEmpty {
        facts.append(plain(key.fact))
      }
      let name = "  " + key.key
      let head =
        name.count + 1 < width + 2 ? name + String(repeating: " ", count: width + 2 - name.count) : name + " "
      let indent = String(repeating: " ", count: width + 2)
      let first = SVGText.wrap(facts.joined(separator: "; "), width: 98 - width, breakAfter: [])
      out += head + (first.first ?? "") + "\n"
      for line in first.dropFirst() + SVGText.wrap(plain(key.doc), width: 98 - width, breakAfter: []) {
        out += indent + line + "\n"
      }
    }
    return out
  }

  /// Markdown code spans as plain text.
  private static func plain(_ text: String) -> String { text.replacingOccurrences(of: "`", with: "") }
}
