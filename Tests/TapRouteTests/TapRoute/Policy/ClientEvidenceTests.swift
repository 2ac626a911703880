import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// A client's fixture file may cite the client's own evidence registry, named by its
/// `evidenceFile`, beside the policies' own; `test` and `verify` check those ids.
@Suite("A client's own evidence beside the built-in registry")
struct ClientEvidenceTests {
  static let registry = #"""
    {"evidence": {"MY-NOTE-1": {"claim": "Seen on our QA phone.", "confidence": "single",
      "sources": [{"kind": "deviceTrace", "title": "QA run", "url": "https://example.com/qa", "date": "2026-11-20", "platforms": ["iOS 17.5"]}]}}}
    """#

  static func fixtures(evidenceFile: String?, cites: String) -> String {
    let key = evidenceFile.map { #""evidenceFile": "\#($0)", "# } ?? ""
    return #"""
      {\#(key)"fixtures": [{"name": "store", "situation": {"event": "tap", "app": {"installed": false}},
        "expect": {"outcome": "storeProductPage"}, "evidence": ["S004-3", "\#(cites)"]}]}
      """#
  }

  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var fixtures: String
    var registry: String?
    /// nil: the file loads; else what the first diagnostic says, and its code.
    var problem: (String, String)?
    var testDescription: String { name }
  }

  static let rows = [
    Row(
      name: "a row cites the client's own id",
      fixtures: fixtures(evidenceFile: "mine.json", cites: "MY-NOTE-1"),
      registry: registry, problem: nil),
    Row(
      name: "without the evidence file, the client's id is unknown",
      fixtures: fixtures(evidenceFile: nil, cites: "MY-NOTE-1"), registry: registry,
      problem: (#"fixture cites unknown evidence "MY-NOTE-1""#, "TR104")),
    Row(
      name: "an id in neither registry is unknown",
      fixtures: fixtures(evidenceFile: "mine.json", cites: "MY-NOTE-2"), registry: registry,
      problem: (#"fixture cites unknown evidence "MY-NOTE-2""#, "TR104")),
    Row(
      name: "a missing evidence file", fixtures: fixtures(evidenceFile: "gone.json", cites: "MY-NOTE-1"),
      registry: nil, problem: (#"cannot read the evidence file "gone.json""#, "TR003")),
    Row(
      name: "a client id that repeats a shipped one",
      fixtures: fixtures(evidenceFile: "mine.json", cites: "S004-3"),
      registry: registry.replacingOccurrences(of: "MY-NOTE-1", with: "S004-3"),
      problem: (#"evidence id "S004-3" is the policies' own; a client's ids must differ"#, "TR108")),
    Row(
      name: "a client id not of the client form",
      fixtures: fixtures(evidenceFile: "mine.json", cites: "my-note"),
      registry: registry.replacingOccurrences(of: "MY-NOTE-1", with: "my-note"),
      problem: (#"evidence id "my-note" is not of the form MY-NOTE-1"#, "TR102")),
  ]

  /// Writes `fixtures.json` and, when given, `mine.json` into a new folder.
  static func folder(_ row: Row) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "taproute-client-evidence-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(row.fixtures.utf8).write(to: folder.appendingPathComponent("fixtures.json"))
    if let registry = row.registry {
      try Data(registry.utf8).write(to: folder.appendingPathComponent("mine.json"))
    }
    return folder
  }

  @Test(arguments: rows)
  func load(_ row: Row) throws {
    let folder = try Self.folder(row)
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      let fixtures = try Engine.builtIn.fixtures(contentsOf: folder.appendingPathComponent("fixtures.json"))
      #expect(row.problem == nil, "loaded, but expected \(row.problem.map { $0.0 } ?? "")")
      #expect(fixtures.first?.evidence == ["S004-3", "MY-NOTE-1"])
      #expect(fixtures.allSatisfy { Engine.builtIn.check($0).passed })
    } catch {
      let (message, code) = try #require(row.problem, "\(error)")
      let first = try #require(error.diagnostics.first)
      #expect(first.message.contains(message), "\(first)")
      #expect(first.code.rawValue == code, "\(first)")
    }
  }

  @Test("taproute test runs a client's fixtures citing its own evidence, and refuses an unknown id")
  func cli() throws {
    let good = try Self.folder(Self.rows[0])
    let bad = try Self.folder(Self.rows[2])
    defer {
      try? FileManager.default.removeItem(at: good)
      try? FileManager.default.removeItem(at: bad)
    }
    let passed = try Binary.run(["test", good.appendingPathComponent("fixtures.json").path])
    #expect(passed.status == 0, "\(passed.stderr)")
    #expect(passed.stdout.contains("1 passed, 0 failed"), "\(passed.stdout)")
    let refused = try Binary.run(["test", bad.appendingPathComponent("fixtures.json").path])
    #expect(refused.status != 0)
    #expect(
      refused.stderr.contains(#"fixture cites unknown evidence "MY-NOTE-2" [TR104]"#), "\(refused.stderr)")
  }

  @Test("verify checks the ids of a policy directory's fixtures against the evidence file they name")
  func verify() throws {
    let directory = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: directory) }
    // In a subfolder: the directory's own files are the policy format's.
    let team = directory.appendingPathComponent("team")
    try FileManager.default.createDirectory(at: team, withIntermediateDirectories: true)
    try Data(Self.registry.utf8).write(to: team.appendingPathComponent("mine.json"))
    try Data(Self.fixtures(evidenceFile: "team/mine.json", cites: "MY-NOTE-1").utf8).write(
      to: directory.appendingPathComponent("fixtures.json"))
    let clean = try Binary.run(["verify", directory.path])
    #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
    #expect(clean.stdout.contains("0 errors"), "\(clean.stdout)")
    try Data(Self.fixtures(evidenceFile: "team/mine.json", cites: "MY-NOTE-2").utf8).write(
      to: directory.appendingPathComponent("fixtures.json"))
    let unknown = try Binary.run(["verify", directory.path])
    #expect(unknown.status != 0)
    // verify prints its findings, load errors included, on standard output.
    #expect(
      (unknown.stdout + unknown.stderr).contains(#"fixture cites unknown evidence "MY-NOTE-2" [TR104]"#),
      "\(unknown.stdout)\(unknown.stderr)")
  }
}
