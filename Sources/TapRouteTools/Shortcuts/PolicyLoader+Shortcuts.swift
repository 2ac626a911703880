@_spi(Generated) import TapRoute
import TapRouteAASA

// The reader of `shortcuts.json`, beside the quick-action stage it feeds.

extension PolicyLoader {
  mutating func readShortcuts(_ root: JSONValue, file: String, knownEvidence: Set<String>?) -> ShortcutRules?
  {
    var reader = JSONReader(file: file, codes: .policy)
    defer { append(reader.sortedDiagnostics) }
    guard
      let fields = reader.object(
        root, path: "$", allowed: ["$schema", "visible", "requiredKeys", "lines", "launches", "dynamic"])
    else { return nil }
    func section(_ key: String, _ allowed: [String]) -> [String: JSONValue]? {
      guard let v = reader.require(fields, key, path: "$", at: root.location) else { return nil }
      return reader.object(v, path: "$." + key, allowed: allowed)
    }
    func whole(_ f: [String: JSONValue], _ key: String, _ path: String) -> Int? {
      guard let v = f[key] else {
        reader.error(.policyMissingField, "missing required key \"\(key)\"", path: path, at: nil)
        return nil
      }
      if case .number(let n) = v.kind, n >= 1, n <= 1_000, n == n.rounded() { return Int(n) }
      reader.wrongType(v, expected: "a whole number from 1 to 1000", path: path + "." + key)
      return nil
    }
    func evidence(_ f: [String: JSONValue], _ path: String) -> [String] {
      guard let v = f["evidence"] else {
        reader.error(.policyMissingField, "missing required key \"evidence\"", path: path, at: nil)
        return []
      }
      return Self.evidenceIDs(
        v, path: path + ".evidence", citer: "quick-action rule", known: knownEvidence, requireOne: true,
        reader: &reader)
    }
    let visible = section("visible", ["maximum", "evidence", "note"])
    let required = section("requiredKeys", ["keys", "evidence"])
    let lines = section("lines", ["maximum", "charactersPerLine", "evidence", "note"])
    let dynamic = section("dynamic", ["evidence", "note"])
    var launches: [ShortcutRules.LaunchRule] = []
    if let l = reader.require(fields, "launches", path: "$", at: root.location),
      let items = reader.array(l, path: "$.launches")
    {
      for (i, item) in items.enumerated() {
        let path = JSONReader.join("$.launches", i)
        guard
          let f = reader.object(
            item, path: path,
            allowed: ["launch", "handler", "reads", "didFinishLaunchingReturns", "evidence", "note"]),
          let launch = reader.require(f, "launch", path: path, at: item.location).flatMap({
            reader.choice(
              $0, path: path + ".launch", what: "launch", choices: [("cold", "cold"), ("warm", "warm")])
          }),
          let handler = reader.require(f, "handler", path: path, at: item.location).flatMap({
            reader.string($0, path: path + ".handler")
          })
        else { continue }
        launches.append(
          ShortcutRules.LaunchRule(
            launch: launch, handler: handler,
            reads: f["reads"].flatMap { reader.string($0, path: path + ".reads") },
            didFinishLaunchingReturns: f["didFinishLaunchingReturns"].flatMap {
              reader.bool($0, path: path + ".didFinishLaunchingReturns")
            },
            evidence: evidence(f, path), note: f["note"].flatMap { reader.string($0, path: path + ".note") }))
      }
      for launch in ["cold", "warm"] where !launches.contains(where: { $0.launch == launch }) {
        reader.error(.missingTable, "no rule for a \(launch) launch", path: "$.launches", at: l.location)
      }
    }
    guard let visible, let required, let lines, let dynamic else { return nil }
    let keys =
      required["keys"].flatMap { reader.array($0, path: "$.requiredKeys.keys") }?.enumerated().compactMap {
        i, v in
        reader.string(v, path: JSONReader.join("$.requiredKeys.keys", i))
      } ?? []
    return ShortcutRules(
      visibleMaximum: whole(visible, "maximum", "$.visible") ?? 4,
      visibleEvidence: evidence(visible, "$.visible"),
      visibleNote: visible["note"].flatMap { reader.string($0, path: "$.visible.note") },
      requiredKeys: keys, requiredEvidence: evidence(required, "$.requiredKeys"),
      maximumLines: whole(lines, "maximum", "$.lines") ?? 2,
      charactersPerLine: whole(lines, "charactersPerLine", "$.lines") ?? 27,
      linesEvidence: evidence(lines, "$.lines"),
      linesNote: lines["note"].flatMap { reader.string($0, path: "$.lines.note") },
      launches: launches, dynamicEvidence: evidence(dynamic, "$.dynamic"),
      dynamicNote: dynamic["note"].flatMap { reader.string($0, path: "$.dynamic.note") }, file: file)
  }
}
