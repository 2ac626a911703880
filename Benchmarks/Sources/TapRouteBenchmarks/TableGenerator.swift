import Foundation
import TapRoute

/// Writes seeded, reproducible policy directories with large `tap` tables over 10 facts.
///
/// Each rule tests each fact with probability 3/4, mostly on a single value (else a random
/// subset), and the OS version as a range between two of 12 majors (so the version axis
/// stays small). Rules are specific enough that most of them are reachable (the benchmark
/// prints how many are shadowed); the last rule has no conditions, so the table decides
/// everything. The `open` table and the evidence are a
/// minimal valid pair.
enum TableGenerator {
  static let facts: [(name: String, values: [String])] = [
    ("platform", ["iOS", "iPadOS", "macOS", "watchOS"]),
    ("osVersion", []),
    ("hasContainerApp", ["false", "true"]),
    ("installed", ["false", "true"]),
    ("enabledInMessages", ["false", "true"]),
    ("published", ["false", "true"]),
    ("target", ["message", "sticker", "attribution"]),
    ("urlClass", ["none", "unparseable", "noScheme", "emptyScheme", "web", "data", "file", "other"]),
    ("extensionRunning", ["false", "true"]),
    ("alreadySelected", ["false", "true"]),
  ]
  static let outcomes = [
    "storeFront", "storeProductPage", "manageApps", "containerLaunch", "browser", "nothing",
  ]
  static let majors = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 26]

  struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  }

  /// A directory holding a `rules`-rule tap table; the caller removes it.
  static func write(rules: Int, seed: UInt64 = 42) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "taproute-bench-\(rules)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    var rng = Random(state: seed)
    var lines: [String] = []
    for i in 0..<rules {
      var conditions: [String] = []
      if i < rules - 1 {
        for (name, values) in facts where rng.below(4) < 3 {
          if name == "osVersion" {
            let a = majors[rng.below(majors.count)]
            let b = majors[rng.below(majors.count)]
            conditions.append(
              a == b ? "\"osVersion\": \">=\(a)\"" : "\"osVersion\": \"\(min(a, b))..<\(max(a, b))\"")
          } else {
            let chosen = values.filter { _ in rng.below(2) == 0 }
            let set = rng.below(4) < 3 || chosen.isEmpty ? [values[rng.below(values.count)]] : chosen
            let quoted = set.map {
              name.hasPrefix("has")
                || ["installed", "enabledInMessages", "published", "extensionRunning", "alreadySelected"]
                  .contains(name)
                ? $0 : "\"\($0)\""
            }
            conditions.append("\"\(name)\": [\(quoted.joined(separator: ", "))]")
          }
        }
      }
      lines.append(
        "    { \"id\": \"r\(i)\", \"when\": { \(conditions.joined(separator: ", ")) }, \"then\": { \"outcome\": \"\(outcomes[rng.below(outcomes.count)])\" }, \"evidence\": [\"G-1\"], \"confidence\": \"inferred\" }"
      )
    }
    let factDecl = facts.map { name, values in
      name == "osVersion"
        ? "\"osVersion\": { \"newest\": \"26\" }"
        : values == ["false", "true"]
          ? "\"\(name)\": \"bool\"" : "\"\(name)\": [\(values.map { "\"\($0)\"" }.joined(separator: ", "))]"
    }
    let tap = """
      {
        "table": "tap",
        "event": "tap",
        "facts": { \(factDecl.joined(separator: ", ")) },
        "rules": [
      \(lines.joined(separator: ",\n"))
        ]
      }

      """
    let open = """
      { "table": "open", "event": "open", "facts": { "urlClass": ["none", "unparseable", "noScheme", "emptyScheme", "web", "data", "file", "other"] },
        "rules": [ { "id": "any", "then": { "outcome": "nothing" }, "evidence": ["G-1"], "confidence": "inferred" } ] }

      """
    let evidence =
      #"{ "evidence": { "G-1": { "claim": "generated", "confidence": "inferred", "sources": [{ "kind": "inference", "title": "TableGenerator", "date": null, "platforms": [] }] } } }"#
    try Data(tap.utf8).write(to: dir.appendingPathComponent("tap.json"))
    try Data(open.utf8).write(to: dir.appendingPathComponent("open.json"))
    try Data(evidence.utf8).write(to: dir.appendingPathComponent("evidence.json"))
    return dir
  }

  /// Seeded random tap situations over the generated tables' 10 facts.
  static func situations(count: Int, seed: UInt64 = 7) -> [Situation] {
    var rng = Random(state: seed)
    let urls = URLSchemeClass.allCases.map(\.exampleURL)
    return (0..<count).map { _ in
      Situation(
        event: .tap, platform: Situation.Platform.allCases[rng.below(4)],
        osVersion: try? OSVersion(7 + rng.below(21)),
        app: Situation.App(
          hasContainerApp: rng.below(2) == 0, installed: rng.below(2) == 0,
          enabledInMessages: rng.below(2) == 0, published: rng.below(2) == 0),
        tap: Situation.Tap(
          target: Situation.Tap.Target.allCases[rng.below(3)], url: urls[rng.below(urls.count)],
          extensionRunning: rng.below(2) == 0, alreadySelected: rng.below(2) == 0))
    }
  }
}
