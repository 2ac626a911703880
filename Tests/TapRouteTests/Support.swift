import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// Paths and helpers shared by the tests.
enum Repo {
  /// The repository root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let policies = root.appendingPathComponent("Policies")

  /// The policy files of the repository, as (name, bytes).
  static func policyFiles() throws -> [(name: String, bytes: [UInt8])] {
    try FileManager.default.contentsOfDirectory(atPath: policies.path).filter { $0.hasSuffix(".json") }
      .sorted()
      .map { name in
        (
          name: "Policies/" + name,
          bytes: [UInt8](try Data(contentsOf: policies.appendingPathComponent(name)))
        )
      }
  }

  /// The ids of `Policies/transitions.json`'s transitions, in file order.
  static func transitionIDs() throws -> [String] {
    let data = try Data(contentsOf: policies.appendingPathComponent("transitions.json"))
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let transitions = object?["transitions"] as? [[String: Any]] ?? []
    return transitions.compactMap { $0["id"] as? String }
  }

  /// A scratch copy of Policies/ in a fresh temporary directory, for tests that break it.
  static func scratchPolicies() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("taproute-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for name in try FileManager.default.contentsOfDirectory(atPath: policies.path)
    where name.hasSuffix(".json") {
      try FileManager.default.copyItem(
        at: policies.appendingPathComponent(name), to: dir.appendingPathComponent(name))
    }
    return dir
  }

  /// Rewrites a JSON file of a policy directory through its parsed tree, so the edit holds
  /// however the file is laid out (see `JSONValue+Editing.swift`).
  static func edit(
    _ dir: URL, _ name: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ change: (inout JSONValue) throws -> Void
  ) throws {
    let url = dir.appendingPathComponent(name)
    var json = try JSONParser.parse([UInt8](try Data(contentsOf: url))).get()
    let before = json.formatted
    try change(&json)
    #expect(
      json.formatted != before, "the edit of \(name) changed nothing; the test would prove nothing",
      sourceLocation: sourceLocation)
    try Data(json.formatted.utf8).write(to: url)
  }
}

/// One engine over the built-in policies for every test; loading is tested on its own.
let builtInEngine = Result { () throws(DiagnosticsError) in try Engine() }

/// The shared engine, or a thrown error that fails the calling test.
func engine() throws -> Engine { try builtInEngine.get() }

/// Decodes a situation from JSON text, failing the test on a diagnostic.
func situation(_ json: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Situation? {
  switch Situation.parse(Array(json.utf8), file: "test") {
  case .success(let s): return s
  case .failure(let e):
    Issue.record("situation did not decode: \(e)", sourceLocation: sourceLocation)
    return nil
  }
}

/// The diagnostics for a situation that must not decode.
func situationErrors(_ json: String) -> [String] {
  switch Situation.parse(Array(json.utf8), file: "situation.json") {
  case .success: return []
  case .failure(let e): return e.diagnostics.map(\.description)
  }
}

/// The one row of `rows` whose name is `name`.
///
/// A parameterized test over a table of tuples passes the rows' names as its arguments, so
/// each test case, and each failure, is named after its row; this finds the row again.
func namedRow<Row>(
  _ name: String, in rows: [Row], name nameOf: (Row) -> String,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> Row {
  let found = rows.filter { nameOf($0) == name }
  try #require(found.count == 1, "\(found.count) rows named \"\(name)\"", sourceLocation: sourceLocation)
  return found[0]
}

/// The first line where two texts differ, quoting both (named by `names`), so a drift check's
/// message stays short when a whole file is compared.
func firstDifference(_ a: String, _ b: String, names: (String, String)) -> String {
  let old = a.split(separator: "\n", omittingEmptySubsequences: false)
  let new = b.split(separator: "\n", omittingEmptySubsequences: false)
  let common = min(old.count, new.count)
  guard let i = (0..<common).first(where: { old[$0] != new[$0] }) ?? (old.count == new.count ? nil : common)
  else { return "no difference" }
  let show = { (lines: [Substring]) in
    i < lines.count ? Escaping.jsonString(String(lines[i].prefix(160))) : "end of file"
  }
  return "first at line \(i + 1): \(names.0) \(show(old)), \(names.1) \(show(new))"
}

extension JSONValue {
  /// The value at a path of object keys, nil when a key is missing or a step is no object.
  func at(_ path: [String]) -> JSONValue? {
    path.reduce(Optional(self)) { value, key in value?.objectValue?.first { $0.key == key }?.value }
  }
}

/// How much of a long enumeration a test walks. `swift test` walks a seeded sample (the same
/// on every run, so a failure repeats); `Scripts/exhaustive.sh`, which CI runs once, sets
/// `TAPROUTE_EXHAUSTIVE=1` and walks every element, for the tests tagged `.exhaustive`.
enum Enumeration {
  /// True in the exhaustive run.
  static let isExhaustive = ProcessInfo.processInfo.environment["TAPROUTE_EXHAUSTIVE"] == "1"

  /// True in a sanitizer's run (`.ci/run` sets `TAPROUTE_SANITIZED=1`): the samples are an
  /// eighth of their size there. A sanitizer watches the code the tests reach, which a smaller
  /// sample reaches too; the plain run walks the full samples, the exhaustive run the whole.
  static let isSanitized = ProcessInfo.processInfo.environment["TAPROUTE_SANITIZED"] == "1"

  /// `sampled` as this run draws it: an eighth in a sanitizer's run.
  static func scaled(_ sampled: Int) -> Int { isSanitized ? max(sampled / 8, 2) : sampled }

  /// `whole` in the exhaustive run, `sampled` otherwise.
  static func count(_ whole: Int, sampled: Int) -> Int { isExhaustive ? whole : min(whole, scaled(sampled)) }

  /// Every element of `all` in the exhaustive run; otherwise `sampled` of them, drawn with
  /// `seed` and kept in their order (the first and last always among them).
  static func sample<Element>(_ all: [Element], sampled: Int, seed: UInt64) -> [Element] {
    guard let picked = indices(count: all.count, sampled: sampled, seed: seed) else { return all }
    return picked.sorted().map { all[$0] }
  }

  /// The indices ``sample(_:sampled:seed:)`` keeps of `count` elements; nil for all of them.
  static func indices(count: Int, sampled: Int, seed: UInt64) -> Set<Int>? {
    let sampled = scaled(sampled)
    guard !isExhaustive, count > sampled, sampled >= 2 else { return nil }
    var rng = SeededRandom(seed: seed)
    var picked = Set([0, count - 1])
    while picked.count < sampled { picked.insert(Int.random(in: 0..<count, using: &rng)) }
    return picked
  }
}

extension Tag {
  /// A long enumeration: sampled in `swift test`, walked whole by `Scripts/exhaustive.sh`.
  @Tag static var exhaustive: Self
  /// Runs the library from more than one thread at once: `.ci/run` runs these under
  /// ThreadSanitizer (`--filter tag:concurrency`).
  @Tag static var concurrency: Self
  /// Reaches the library's unsafe-pointer code (byte parsers, the URL scanner, the compiled
  /// tables, the JSON reader and writer, sticker images): `.ci/run` runs these under
  /// AddressSanitizer (`--filter tag:memory`).
  @Tag static var memory: Self
}
