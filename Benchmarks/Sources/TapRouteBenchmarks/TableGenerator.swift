import Foundation
import TapRoute

/// Writes seeded, reproducible policy directories with large `tap` tables over 10 facts.
///
/// Each rule tests each fact with probability 3/4, mostly on a single value (else a random
/// subset), and the OS version as a range between two of 12 majors (so the version axis
/// stays small). Rules are specific enough that most of them are reachable (the benchmark
/// prints how many are shadowed); the last rule has no conditions, so the table decides
/// everything. The `open` table and the evidence are a
/// minimal valid pair, unless `openRules` asks for a generated `open` table too; then a
/// quarter of the tap rules launch the extension with redirect-hook callbacks, so that every
/// (tap rule, hook, open rule) could compose.
enum TableGenerator {
  static let facts: [(name: String, values: [String])] = [
    ("platform", ["iOS", "iPadOS", "macOS", "watchOS", "visionOS"]),
    ("osVersion", []),
    ("hasContainerApp", ["false", "true"]),
    ("installed", ["false", "true"]),
    ("enabledInMessages", ["false", "true"]),
    ("published", ["false", "true"]),
    ("target", ["message", "sticker", "attribution", "notificationPreview"]),
    ("urlClass", ["none", "unparseable", "noScheme", "emptyScheme", "web", "data", "file", "other"]),
    ("extensionRunning", ["false", "true"]),
    ("alreadySelected", ["false", "true"]),
  ]
  /// The facts of the shipped `tap` table (Policies/tap.json), for tables "over the shipped
  /// facts" (issue 22): the verifier's work grows with the facts a table tests.
  static let shippedFacts: [(name: String, values: [String])] = [
    ("platform", ["iOS", "iPadOS", "macOS", "watchOS", "visionOS"]),
    ("osVersion", []),
    ("sdkVersion", []),
    ("hasContainerApp", ["false", "true"]),
    ("installed", ["false", "true"]),
    ("enabledInMessages", ["false", "true"]),
    ("published", ["false", "true"]),
    ("transport", ["iMessage", "sms", "rcs"]),
    ("target", ["message", "sticker", "attribution", "notificationPreview"]),
    ("layout", ["template", "live"]),
    ("expired", ["false", "true"]),
    ("urlClass", ["none", "unparseable", "noScheme", "emptyScheme", "web", "data", "file", "other"]),
    ("urlNeedsEncoding", ["false", "true"]),
    ("extensionRunning", ["false", "true"]),
    ("alreadySelected", ["false", "true"]),
    ("afterDrawerSwipe", ["false", "true"]),
    ("presentationContext", ["messages", "media"]),
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
  /// `ownVersionRanges` gives every rule but the last its own version range (`a.i..<b.i` for
  /// rule i), so the version axis has about two intervals per rule. `shippedFacts` draws the
  /// conditions over the shipped tap table's 17 facts instead, each tested with probability 1/3.
  static func write(
    rules: Int, openRules: Int = 0, ownVersionRanges: Bool = false, shippedFacts: Bool = false,
    seed: UInt64 = 42
  ) throws -> URL {
    let facts = shippedFacts ? Self.shippedFacts : Self.facts
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "taproute-bench-\(rules)-\(openRules)\(shippedFacts ? "-shipped" : "")-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    var rng = Random(state: seed)
    var lines: [String] = []
    for i in 0..<rules {
      var conditions: [String] = []
      if i < rules - 1 {
        for (name, values) in facts where shippedFacts ? rng.below(3) == 0 : rng.below(4) < 3 {
          if name == "osVersion" && ownVersionRanges {
            let a = majors[rng.below(majors.count - 1)]
            conditions.append("\"osVersion\": \"\(a).\(i)..<\(a + 1 + rng.below(3)).\(i)\"")
          } else if values.isEmpty {
            let a = majors[rng.below(majors.count)]
            let b = majors[rng.below(majors.count)]
            conditions.append(
              a == b ? "\"\(name)\": \">=\(a)\"" : "\"\(name)\": \"\(min(a, b))..<\(max(a, b))\"")
          } else {
            let chosen = values.filter { _ in rng.below(2) == 0 }
            let set = rng.below(4) < 3 || chosen.isEmpty ? [values[rng.below(values.count)]] : chosen
            let quoted = set.map { values == ["false", "true"] ? $0 : "\"\($0)\"" }
            conditions.append("\"\(name)\": [\(quoted.joined(separator: ", "))]")
          }
        }
      }
      let then =
        openRules > 0 && i % 4 == 0
        ? launches[i / 4 % launches.count] : "\"outcome\": \"\(outcomes[rng.below(outcomes.count)])\""
      lines.append(
        "    { \"id\": \"r\(i)\", \"when\": { \(conditions.joined(separator: ", ")) }, \"then\": { \(then) }, \"evidence\": [\"G-1\"], \"confidence\": \"inferred\" }"
      )
    }
    let factDecl = facts.map { name, values in
      values.isEmpty
        ? "\"\(name)\": { \"newest\": \"26\" }"
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
    let open =
      openRules > 0
      ? openTable(rules: openRules, rng: &rng)
      : """
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

  /// Extension launches whose callbacks include redirect hooks.
  static let launches = [
    #""outcome": "extensionLaunch", "callbacks": ["willBecomeActive", "didBecomeActive"], "presentation": "compact""#,
    #""outcome": "extensionLaunch", "callbacks": ["willSelect", "didSelect"], "presentation": "expanded""#,
    #""outcome": "extensionLaunch", "callbacks": ["willBecomeActive", "didBecomeActive", "willSelect", "didSelect"], "presentation": "compact""#,
  ]

  /// An `open` table of `rules` rules over the URL class and the extension point, each with a
  /// note (so composed decisions carry text, as real ones do); the last rule has no
  /// conditions.
  static func openTable(rules: Int, rng: inout Random) -> String {
    // The facts' values as the library declares them: a declared fact's domain must be whole
    // (TR109), so a value added to the catalog needs no edit here.
    let classes = URLSchemeClass.allCases.map(\.rawValue)
    let points = Situation.Open.ExtensionPoint.allCases.map(\.rawValue)
    let openOutcomes = ["containerLaunch", "nothing"]
    var lines: [String] = []
    for i in 0..<rules {
      var conditions: [String] = []
      if i < rules - 1 {
        conditions.append("\"urlClass\": [\"\(classes[rng.below(classes.count)])\"]")
        if rng.below(2) == 0 {
          conditions.append("\"extensionPoint\": [\"\(points[rng.below(points.count)])\"]")
        }
        if rng.below(2) == 0 { conditions.append("\"hasContainerApp\": [\(rng.below(2) == 0)]") }
      }
      lines.append(
        "    { \"id\": \"o\(i)\", \"when\": { \(conditions.joined(separator: ", ")) }, \"then\": { \"outcome\": \"\(openOutcomes[rng.below(2)])\" }, \"evidence\": [\"G-1\"], \"confidence\": \"inferred\", \"note\": \"generated open rule \(i)\" }"
      )
    }
    return """
      {
        "table": "open",
        "event": "open",
        "facts": { "hasContainerApp": "bool", "extensionPoint": [\(points.map { "\"\($0)\"" }.joined(separator: ", "))], "urlClass": [\(classes.map { "\"\($0)\"" }.joined(separator: ", "))] },
        "rules": [
      \(lines.joined(separator: ",\n"))
        ]
      }

      """
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
