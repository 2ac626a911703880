import Foundation
import Testing

/// The error cases the README documents, run through the built binary: exit code, standard
/// output and standard error, each checked whole.
@Suite("taproute errors as documented")
struct CLIErrorTests {
  /// A scratch folder holding a regular file, an unreadable folder and a copy of Policies/
  /// with a stray JSON file beside the policy files.
  struct Scratch {
    let root: URL
    let policies: URL
    var file: String { root.appendingPathComponent("a-file").path }

    init() throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("cli-errors-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      try Data("not a directory\n".utf8).write(to: root.appendingPathComponent("a-file"))
      policies = try Repo.scratchPolicies()
    }

    func remove() {
      try? FileManager.default.removeItem(at: root)
      try? FileManager.default.removeItem(at: policies)
    }
  }

  struct PolicyPathRow: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: @Sendable (String) -> [String]
    var stdin = ""
    var reason: String
    var summary: String
    var testDescription: String { name }
  }

  static let policyPathRows: [PolicyPathRow] = [
    .init(
      name: "verify FILE", arguments: { ["verify", $0] }, reason: "not a directory",
      summary: "taproute verify: the policies failed to load (1 error); nothing was verified"),
    .init(
      name: "verify a missing directory", arguments: { ["verify", $0 + "-missing"] },
      reason: "no such directory",
      summary: "taproute verify: the policies failed to load (1 error); nothing was verified"),
    .init(
      name: "decide --policies FILE", arguments: { ["decide", "--policies", $0] }, stdin: #"{"event":"tap"}"#,
      reason: "not a directory", summary: "taproute: the policies failed to load (1 error)"),
    .init(
      name: "table DIR missing", arguments: { ["table", $0 + "-missing"] }, reason: "no such directory",
      summary: "taproute: the policies failed to load (1 error)"),
    .init(
      name: "generate --policies FILE", arguments: { ["generate", "swift", "--policies", $0] },
      reason: "not a directory", summary: "taproute generate: the policies failed to load (1 error)"),
  ]

  @Test(
    "a policy path that is not a readable directory: exit 2 and a plain message", arguments: policyPathRows)
  func policyPathIsNotADirectory(_ row: PolicyPathRow) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let arguments = row.arguments(scratch.file)
    let path = arguments.last { $0.hasPrefix(scratch.root.path) } ?? ""
    let r = try Binary.run(arguments, stdin: row.stdin)
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(
      r.stderr == """
        \(path): error: cannot read policy directory: \(row.reason) [TR003]
        \(row.summary)

        """)
  }

  @Test("--policies DIR reads the files the format names, not a stray JSON file beside them")
  func strayJSONIsNotRead() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    // Loaded, this would fail: a fixture table with a row of unknown keys, or a table
    // without "table" and "event".
    try Data(#"{"fixtures":[{"bogus":1}]}"#.utf8).write(
      to: scratch.policies.appendingPathComponent("taproute-bad-fixtures.json"))
    try Data("{}".utf8).write(to: scratch.policies.appendingPathComponent("notes.json"))
    let dir = scratch.policies.path
    let builtIn = try Binary.run(["test"])
    let r = try Binary.run(["test", "--policies", dir])
    #expect(r.status == 0)
    #expect(r.stderr.isEmpty)
    #expect(r.stdout == builtIn.stdout, "the fixtures are Policies/fixtures.json's, no more")
    let verify = try Binary.run(["verify", dir])
    #expect(verify.status == 0)
    #expect(!verify.stdout.contains("taproute-bad-fixtures") && !verify.stdout.contains("notes.json"))
  }

  @Test("invalid UTF-8 names the byte that starts the broken sequence, at its column")
  func invalidUTF8NamesTheRightByte() throws {
    let r = try Binary.shell(#"printf '{"event":"tap","tap":{"url":"\303a"}}' | "$TAPROUTE" decide"#)
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr == "stdin:1:30: error: invalid UTF-8 byte 0xC3 [TR001]\n")
    let truncated = try Binary.shell(#"printf '{"a":"\342\202"}' | "$TAPROUTE" decide"#)
    #expect(truncated.stderr == "stdin:1:7: error: invalid UTF-8 byte 0xE2 [TR001]\n")
  }

  @Test("a non-printable character in a message is escaped: Foundation's plist reason for a PNG")
  func nonPrintableBytesAreEscaped() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("png-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    // The first bytes of every PNG file: 0x89, then "PNG".
    try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D] + Array("IHDR".utf8)).write(
      to: dir.appendingPathComponent("ok.png"))
    let r = try Binary.shell(#"cd "\#(dir.path)" && "$TAPROUTE" audit --extension ok.png"#)
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasPrefix("ok.png: error: not a readable property list (XML or binary): "))
    #expect(r.stderr.hasSuffix(" [TR401]\n"))
    let hidden = r.stderr.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value)
    }
    #expect(hidden.isEmpty, "raw control characters in \(r.stderr.debugDescription)")
    // Whatever Foundation says, a raw 0x89 is written as \u{89}.
    if r.stderr.contains("character") { #expect(r.stderr.contains(#"\u{89}"#)) }
  }

  @Test("a message quoting a control character prints it escaped, in text and in JSON")
  func controlCharacterInAKey() throws {
    let r = try Binary.run(["decide"], stdin: #"{"event":"tap","\u001b[31mred":1}"#)
    #expect(r.status == 2)
    #expect(!r.stderr.contains("\u{1B}"))
    #expect(r.stderr.contains(#"\u{1b}[31mred"#))
    let json = try Binary.run(["decide", "--json"], stdin: "{\"event\":\"tap\",\"\u{9B}x\":1}")
    #expect(json.status == 2)
    #expect(!json.stdout.unicodeScalars.contains("\u{9B}") && !json.stderr.unicodeScalars.contains("\u{9B}"))
  }

  @Test("a quick action's title with a control character is printed escaped")
  func quickActionTitleIsEscaped() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plist-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><array><dict>
      <key>UIApplicationShortcutItemType</key><string>com.example.inbox</string>
      <key>UIApplicationShortcutItemTitle</key><string>In\u{9B}31mbox</string>
      </dict></array></dict></plist>
      """
    try Data(plist.utf8).write(to: dir.appendingPathComponent("Info.plist"))
    let r = try Binary.run(["shortcuts", "--plist", dir.appendingPathComponent("Info.plist").path])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains(#"  1. In\u{9b}31mbox [com.example.inbox] (static)"#), "\(r.stdout)")
    #expect(!r.stdout.unicodeScalars.contains("\u{9B}"))
  }
}
