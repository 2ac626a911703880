import Foundation
import Testing

/// Every example of the README that shows a command and its output runs here, as written,
/// and must print what the README shows.
///
/// An example is a fenced block whose first line starts with `$ `: the command (continued on
/// the next lines while a line ends in `\`), then the output, standard output and standard
/// error as a terminal shows them. It runs in `/bin/sh` from the repository root, with
/// `swift run taproute` replaced by the binary the tests built. The files the examples name
/// are shipped (`Examples/`, `Policies/`).
@Suite("README examples")
struct ReadmeExampleTests {
  struct Example: CustomTestStringConvertible, Sendable {
    /// The README line of the command.
    var line: Int
    var command: String
    var output: String
    var testDescription: String { "README.md:\(line): \(command.prefix(80))" }
  }

  static let readme = Repo.root.appendingPathComponent("README.md")

  static func examples() throws -> [Example] {
    let text = try String(contentsOf: readme, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var examples: [Example] = []
    var i = 0
    while i < lines.count {
      guard lines[i].hasPrefix("```") else {
        i += 1
        continue
      }
      let start = i + 1
      guard let end = lines[start...].firstIndex(where: { $0.hasPrefix("```") }) else { break }
      i = end + 1
      guard start < end, lines[start].hasPrefix("$ ") else { continue }
      var command = String(lines[start].dropFirst(2))
      var next = start + 1
      while command.hasSuffix("\\"), next < end {
        command = String(command.dropLast()) + " " + lines[next].trimmingCharacters(in: .whitespaces)
        next += 1
      }
      let output = lines[next..<end].map { $0 + "\n" }.joined()
      examples.append(Example(line: start + 1, command: command, output: output))
    }
    return examples
  }

  @Test("the README shows the examples this test runs")
  func examplesAreFound() throws {
    let commands = try Self.examples().map(\.command)
    for name in [
      "simulate", "audit", "sticker", "shortcuts", "observe", "matrix", "aasa check", "aasa match",
      "aasa diff", "aasa fetch",
    ] {
      #expect(commands.contains { $0.contains("swift run taproute \(name)") }, "no \(name) example")
    }
  }

  @Test("an example prints what the README shows", arguments: try examples())
  func example(_ example: Example) throws {
    let command = example.command.replacingOccurrences(of: "swift run taproute", with: #""$TAPROUTE""#)
    let r = try Binary.shell("(\(command)) 2>&1")
    #expect(
      r.stdout == example.output,
      "\(firstDifference(example.output, r.stdout, names: ("README", "printed")))")
  }

  @Test("the README's failed-load example is what verify prints for that edit")
  func failedLoadExample() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    let shown = try #require(
      text.split(separator: "\n").first { $0.hasPrefix("Policies/tap.json:") && $0.hasSuffix("[TR104]") },
      "the README shows a TR104 line")
    // The edit the README describes: rule "not-enabled" cites "F-99" as its first evidence.
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("tap.json")
    var lines = try String(contentsOf: file, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map(String.init)
    let rule = try #require(lines.firstIndex { $0.contains(#""id": "not-enabled""#) })
    let evidence = try #require(lines[rule...].firstIndex { $0.contains(#""evidence": ["#) })
    let quote = try #require(lines[evidence].range(of: #""evidence": [""#))
    let id = lines[evidence][quote.upperBound...].prefix { $0 != "\"" }
    lines[evidence] = lines[evidence].replacingCharacters(
      in: quote.upperBound..<lines[evidence].index(quote.upperBound, offsetBy: id.count), with: "F-99")
    try Data(lines.joined(separator: "\n").utf8).write(to: file)
    let r = try Binary.run(["verify", dir.path])
    #expect(r.status == 1)
    let printed = r.stderr.split(separator: "\n").first.map {
      $0.replacingOccurrences(of: dir.path, with: "Policies")
    }
    #expect(printed == String(shown))
  }
}
