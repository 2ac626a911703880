import Foundation
import Testing

/// `taproute observe`, run as a user would: the shipped observations pass, a contradiction of
/// a documented rule exits 1 naming the rule and the field, `--evidence` drafts an entry, and
/// bad input is located (exit 2), as text and as JSON.
@Suite("taproute observe end to end")
struct ObserveCLITests {
  /// Writes `text` to a fresh file and returns its path; the caller removes it.
  static func write(_ text: String, name: String = "observation.json") throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("observe-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let file = dir.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file
  }

  @Test("the shipped observations agree with the tables: exit 0, as CI runs it")
  func shippedObservationsPass() throws {
    let r = try Binary.run(["observe", "Policies/observations"])
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    #expect(r.stderr.isEmpty)
    #expect(!r.stdout.contains("CONTRADICTS"))
    let last = try #require(r.stdout.split(separator: "\n").last)
    #expect(last.hasSuffix("0 contradict (0 of a rule not contested), 0 support another reading"), "\(last)")
    #expect(r.stdout.contains("\ntap/launch (inferred)"), "the summary names each rule reached")
  }

  static let contradiction = #"""
    { "name": "seen compact on iOS 17",
      "situation": { "event": "tap", "osVersion": "17" },
      "observed": { "outcome": "extensionLaunch", "presentation": "compact" },
      "source": { "date": "2026-11-20", "device": "iPhone15,2", "osBuild": "21A329" } }
    """#

  @Test("a contradiction of a documented rule exits 1, naming the rule and the differing field")
  func contradictionExitsOne() throws {
    let file = try Self.write(Self.contradiction)
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let r = try Binary.run(["observe", file.path])
    #expect(r.status == 1)
    #expect(r.stderr.isEmpty)
    #expect(r.stdout.hasPrefix("CONTRADICTS  seen compact on iOS 17 -> tap/launch (inferred)\n"))
    #expect(r.stdout.contains("\n  at \(file.path):1:1\n"))
    #expect(r.stdout.contains("\n  presentation: expected expanded, seen compact\n"))
    #expect(r.stdout.contains("\n  rule's evidence: N-1, "))
    #expect(!r.stdout.contains("draft evidence.json"), "drafts only with --evidence")

    let json = try Binary.run(["observe", "--json", file.path])
    #expect(json.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let result = try #require((object["results"] as? [[String: Any]])?.first)
    #expect(result["verdict"] as? String == "contradicts")
    #expect(result["rule"] as? String == "tap/launch")
    #expect(result["confidence"] as? String == "inferred")
    let difference = try #require((result["differences"] as? [[String: Any]])?.first)
    #expect(difference["field"] as? String == "presentation")
    #expect(difference["expected"] as? String == "expanded")
    #expect(difference["seen"] as? String == "compact")
  }

  @Test("--evidence prints a draft entry with the source filled in")
  func evidenceDraft() throws {
    let file = try Self.write(Self.contradiction)
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let r = try Binary.run(["observe", "--evidence", file.path])
    #expect(r.status == 1)
    #expect(
      r.stdout.contains(
        "\ndraft evidence.json entries (review before committing; cite each from its rule):\n"))
    #expect(r.stdout.contains("\n  // against tap/launch\n"))
    let draft = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("  \"O20261120-1\": {") })
    #expect(draft.contains(#""kind": "deviceTrace""#))
    #expect(draft.contains(#""title": "seen compact on iOS 17""#))
    #expect(draft.contains(#""platforms": ["iOS 17 (iPhone15,2, build 21A329)"]"#))
    #expect(draft.contains(#""confidence": "single""#))
    // The entry is one JSON member: wrapped in braces, it parses.
    let member = "{" + draft.trimmingCharacters(in: .whitespaces) + "}"
    #expect(try JSONSerialization.jsonObject(with: Data(member.utf8)) is [String: Any])

    let json = try Binary.run(["observe", "--json", "--evidence", file.path])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let drafts = try #require(object["drafts"] as? [[String: Any]])
    #expect(drafts.map { $0["id"] as? String } == ["O20261120-1"])
    #expect(drafts.first?["against"] as? Bool == true)
  }

  @Test("observations can come from standard input")
  func standardInput() throws {
    let r = try Binary.run(["observe", "-"], stdin: Self.contradiction)
    #expect(r.status == 1)
    #expect(r.stdout.contains("\n  at stdin:1:1\n"))
  }

  struct BadInput: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    /// The error line after `FILE:`, for the text form.
    var error: String
    var line: Int?
    var column: Int?
    var path: String?
    var code: String
    var testDescription: String { name }
  }

  static let badInputs: [BadInput] = [
    BadInput(
      name: "an unknown outcome",
      text:
        #"{"situation":{"event":"tap"},"observed":{"outcome":"launched"},"source":{"date":"2026-11-20"}}"#,
      error: #"1:52: error: $.observed.outcome: unknown outcome "launched""#, line: 1, column: 52,
      path: "$.observed.outcome", code: "TR203"),
    BadInput(
      name: "no date",
      text: #"{"situation":{"event":"tap"},"observed":{"outcome":"nothing"},"source":{}}"#,
      error: #"1:72: error: $.source: missing required key "date" (YYYY-MM-DD) [TR205]"#, line: 1, column: 72,
      path: "$.source", code: "TR205"),
    BadInput(
      name: "an invalid date, second in an array",
      text: """
        [{"situation":{"event":"tap"},"observed":{"outcome":"nothing"},"source":{"date":"2026"}},
         {"situation":{"event":"tap"},"observed":{"outcome":"nothing"},"source":{"date":"2026-02-30"}}]
        """,
      error:
        #"2:81: error: $[1].source.date: invalid date "2026-02-30"; expected YYYY-MM-DD (or YYYY-MM, YYYY)"#,
      line: 2, column: 81, path: "$[1].source.date", code: "TR204"),
    BadInput(
      name: "not JSON", text: "{\"situation\": ", error: "1:15: error:", line: 1, column: 15, path: nil,
      code: "TR001"),
  ]

  @Test("bad input is located and exits 2, as text and as JSON", arguments: badInputs)
  func badInputIsLocated(_ row: BadInput) throws {
    let file = try Self.write(row.text)
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let r = try Binary.run(["observe", file.path])
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasPrefix("\(file.path):\(row.error)"), "\(r.stderr)")

    let json = try Binary.run(["observe", "--json", file.path])
    #expect(json.status == 2)
    #expect(!json.stderr.isEmpty, "the text form still goes to standard error")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let first = try #require((object["errors"] as? [[String: Any]])?.first)
    #expect(first["file"] as? String == file.path)
    #expect(first["line"] as? Int == row.line)
    #expect(first["column"] as? Int == row.column)
    #expect(first["path"] as? String == row.path)
    #expect(first["code"] as? String == row.code)
    #expect(first["severity"] as? String == "error")
  }

  @Test("every bad file is reported at once, and a missing path is TR003")
  func everyProblemAtOnce() throws {
    let file = try Self.write(#"{"observed":{"outcome":"nothing"},"source":{"date":"2026"}}"#)
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let r = try Binary.run(["observe", file.path, "/nonexistent/trace.json"])
    #expect(r.status == 2)
    let lines = r.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(r.stderr)")
    #expect(lines.first?.hasPrefix("\(file.path):1:1: error: $: missing required key \"situation\"") == true)
    #expect(lines.last?.hasPrefix("/nonexistent/trace.json: error: ") == true)
    #expect(lines.last?.hasSuffix("[TR003]") == true)
  }

  @Test("the README's observe example prints what the README shows")
  func readmeExample() throws {
    let readme = try String(contentsOf: Repo.root.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let command = "$ swift run taproute observe "
    let start = try #require(lines.firstIndex { $0.hasPrefix(command) }, "no observe example in the README")
    let end = try #require(lines[start...].firstIndex(of: "```"))
    let arguments = lines[start].dropFirst(command.count).split(separator: " ").map(String.init)
    let r = try Binary.run(["observe"] + arguments)
    #expect(r.status == 1, "the README's example is a contradiction")
    #expect(r.stdout == lines[(start + 1)..<end].joined(separator: "\n") + "\n")
  }
}
