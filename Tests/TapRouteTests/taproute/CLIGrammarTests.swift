import Foundation
import Testing

@testable import taproute

/// The one grammar: --json everywhere (errors too), --version, help topics, and the full help
/// of every command as golden files.
///
/// The golden files are `Tests/Golden/help/*.txt`. After changing a command's declaration,
/// refresh them with `TAPROUTE_REFRESH_GOLDEN=1 swift test --filter CLIGrammarTests` and
/// review the diff.
@Suite("taproute grammar")
struct CLIGrammarTests {
  static let commands = [
    "decide", "explain", "verify", "test", "table", "simulate", "audit", "sticker", "shortcuts",
    "observe", "matrix", "generate", "aasa check", "aasa match", "aasa diff", "aasa fetch",
    "assetlinks check", "assetlinks match", "assetlinks diff", "assetlinks fetch",
  ]
  static let golden = Repo.root.appendingPathComponent("Tests/Golden/help")

  @Test("full help text matches its golden file", arguments: [nil] + commands.map(Optional.some))
  func helpIsGolden(_ command: String?) throws {
    // A command of a group (`aasa check`) is two arguments, and its golden file `aasa-check.txt`.
    let words = command.map { $0.split(separator: " ").map(String.init) }
    let r = try Binary.run(words.map { $0 + ["--help"] } ?? ["--help"])
    #expect(r.status == 0 && r.stderr.isEmpty)
    let file = Self.golden.appendingPathComponent(
      "\(command?.replacingOccurrences(of: " ", with: "-") ?? "taproute").txt")
    if ProcessInfo.processInfo.environment["TAPROUTE_REFRESH_GOLDEN"] != nil {
      try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
      try Data(r.stdout.utf8).write(to: file)
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    #expect(
      r.stdout == expected, "refresh with TAPROUTE_REFRESH_GOLDEN=1 swift test --filter CLIGrammarTests")
    if let command, let words {
      #expect(try Binary.run(["help"] + words).stdout == expected, "'help \(command)' prints the same")
    }
  }

  @Test func version() throws {
    let r = try Binary.run(["--version"])
    #expect(r.status == 0)
    #expect(r.stdout == "taproute 1.0.0\n")
  }

  @Test("--version prints the CHANGELOG's newest version, the one a release tags")
  func versionIsTheChangelogs() throws {
    let changelog = try String(contentsOf: Repo.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let newest = try #require(
      changelog.split(separator: "\n").first {
        $0.hasPrefix("## [") && $0.dropFirst(4).first?.isNumber == true
      },
      "CHANGELOG.md has a numbered version")
    let version = newest.dropFirst(4).prefix { $0 != "]" }
    #expect(try Binary.run(["--version"]).stdout == "taproute \(version)\n")
  }

  @Test("the top-level help states every exit code, output failure included")
  func exitCodeTable() throws {
    let top = try Binary.run(["--help"]).stdout
    for code in [
      "  0  success", "  1  a finding", "  2  bad input or usage",
      "  3  standard output could not be written",
    ] {
      #expect(top.contains(code))
    }
  }

  struct JSONErrorRow: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var status: Int32
    var code: String?
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let jsonErrors: [JSONErrorRow] = [
    .init(arguments: ["decide", "--json", "/nonexistent"], status: 2, code: "TR003"),
    .init(arguments: ["explain", "--json", "-"], status: 2, code: "TR001"),
    .init(arguments: ["verify", "--json", "--policies", "/nonexistent"], status: 2, code: "TR003"),
    .init(arguments: ["test", "--json", "/dev/null"], status: 2, code: "TR001"),
    .init(arguments: ["table", "--json", "/nonexistent"], status: 2, code: "TR003"),
    .init(arguments: ["simulate", "--json", "/nonexistent"], status: 2, code: "TR003"),
    .init(arguments: ["audit", "--json", "--extension", "/nonexistent"], status: 2, code: "TR003"),
    .init(arguments: ["sticker", "--json", "/nonexistent"], status: 2, code: "TR003"),
    .init(arguments: ["shortcuts", "--json", "--plist", "/dev/null"], status: 2, code: "TR401"),
    .init(arguments: ["observe", "--json", "/nonexistent"], status: 2, code: "TR003"),
    .init(arguments: ["matrix", "--json", "/nonexistent"], status: 2, code: "TR003"),
    .init(arguments: ["decide", "--json", "--bogus"], status: 2, code: nil),
    .init(arguments: ["aasa", "check", "--json", "/nonexistent"], status: 2, code: "TR003"),
    .init(
      arguments: ["aasa", "match", "--json", "/dev/null", "https://example.com/"], status: 2, code: "TR001"),
    .init(
      arguments: [
        "aasa", "match", "--json", "Examples/aasa/apple-app-site-association.json", "example.com/x",
      ],
      status: 2, code: "TR710"),
    .init(arguments: ["aasa", "diff", "--json", "/nonexistent", "/nonexistent"], status: 2, code: "TR003"),
  ]

  @Test("--json: errors as JSON on standard output too, with the same exit code", arguments: jsonErrors)
  func jsonErrorsOnStdout(_ row: JSONErrorRow) throws {
    let r = try Binary.run(row.arguments)
    #expect(r.status == row.status)
    #expect(!r.stderr.isEmpty, "the text form still goes to standard error")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let first = try #require((object["errors"] as? [[String: Any]])?.first)
    #expect(first["code"] as? String == row.code)
    #expect(first["severity"] as? String == "error")
    #expect(first["message"] is String)
    #expect(row.code == nil || first["file"] is String)
  }

  @Test("a situation with 80,000 unknown keys prints 50 errors and one summary line")
  func diagnosticsAreCapped() throws {
    let keys = (0..<80_000).map { "\"k\($0)\":1" }.joined(separator: ",")
    let r = try Binary.run(["decide"], stdin: "{\"event\":\"tap\",\(keys)}")
    #expect(r.status == 2)
    let lines = r.stderr.split(separator: "\n")
    #expect(lines.count == 51)
    #expect(lines.last == "... and 79,950 more")
  }

  @Test("a missing table is reported once, not once per fixture naming its rules")
  func missingTableDoesNotCascade() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.removeItem(at: dir.appendingPathComponent("tap.json"))
    let r = try Binary.run(["verify", "--policies", dir.path])
    #expect(r.status == 1)
    #expect(
      r.stderr == """
        \(dir.path): error: no table decides event "tap" [TR111]
        taproute verify: the policies failed to load (1 error); nothing was verified

        """)
  }
}

extension CLIGrammarTests {
  @Test("the README's usage line of every command is the generated one", arguments: commands)
  func readmeUsage(_ command: String) throws {
    let help = try Binary.run(command.split(separator: " ").map(String.init) + ["--help"]).stdout
    let usage = try #require(help.split(separator: "\n").first?.dropFirst("USAGE: ".count))
    let readme = try String(contentsOf: Repo.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("\n\(usage)\n"), "README.md should show '\(usage)'")
  }
}

/// The declarations themselves, through the executable target: what the parser accepts is
/// what the usage line and the help show.
@Suite("taproute declarations")
struct CLIDeclarationTests {
  @Test(
    "every declared option is in its command's usage line and help",
    arguments: CommandLineTool.commands.map(\.name))
  func optionsAreShown(_ name: String) throws {
    let command = try #require(CommandLineTool.commands.first { $0.name == name })
    for option in command.options {
      #expect(command.usage.contains(option.name), "\(name): \(option.name) not in the usage line")
      #expect(
        command.helpText.contains("  \(CommandSpec.label(option))"), "\(name): \(option.name) not in the help"
      )
    }
    for group in command.exclusive {
      #expect(command.usage.contains("[" + group.map(\.name).joined(separator: " | ") + "]"))
    }
  }

  @Test("an exclusive group refuses two of its options, with a usage error")
  func exclusiveIsEnforced() throws {
    let command = try #require(CommandLineTool.commands.first { !$0.exclusive.isEmpty })
    let group = try #require(command.exclusive.first)
    let r = try Binary.run([command.name] + group.map(\.name), stdin: "{}")
    #expect(r.status == 2)
    #expect(r.stderr.contains(CommandSpec.list(group.map(\.name), "and") + " exclude each other"))
  }

  @Test("the top-level help names every command and what exit code 1 means for it")
  func topLevelHelpIsGenerated() {
    let usage = CommandLineTool.usage
    for command in CommandLineTool.commands {
      // A command of a group is listed in its group's row: `aasa  ...: check, match, diff`.
      let words = command.name.split(separator: " ").map(String.init)
      let row = usage.split(separator: "\n").first { $0.hasPrefix("  \(words[0]) ") }
      #expect(row != nil, "\(command.name) not listed")
      if words.count == 2 {
        #expect(row?.contains(words[1]) == true, "\(command.name) not in its group's row")
      }
      let finding = command.finding.split(separator: "\n").joined(separator: " ")
      let flattened = usage.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
        separator: " ")
      #expect(flattened.contains(finding), "\(command.name)'s exit code 1 not in the top-level help")
    }
  }

  @Test("a value outside an option's type is refused before the command runs")
  func typedValues() throws {
    let r = try Binary.run(["shortcuts", "--plist", "x", "--launch", "lukewarm"])
    #expect(r.status == 2)
    #expect(r.stderr.contains(#"unknown launch "lukewarm"; expected cold or warm"#))
    let t = try Binary.run(["generate", "swift", "--type", "My-Type"])
    #expect(t.status == 2)
    #expect(
      t.stderr
        == "taproute generate: --type \"My-Type\" is not a Swift identifier; see 'taproute generate --help'\n"
    )
  }
}
