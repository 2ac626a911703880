import Foundation
import Testing

/// `taproute matrix`, run as a user would: the README's messages in the three formats, the
/// README's outputs kept true, and bad messages refused with a located error.
@Suite("taproute matrix end to end")
struct MatrixCLITests {
  struct Example: CustomTestStringConvertible, Sendable {
    var name: String
    var json: String
    /// A row the text output must hold, cells separated by runs of spaces.
    var row: [String]
    var testDescription: String { name }
  }

  static let examples: [Example] = [
    Example(
      name: "a web URL", json: #"{"tap":{"url":"https://example.com/order/42"}}"#,
      row: ["macOS", ">=10.12", "any", "any", "any", "any", "browser", "tap/macos-web-url", "documented"]),
    Example(
      name: "the S004-11 redirect",
      json: #"{"tap":{"redirect":{"hooks":["willBecomeActive"],"url":"containerAppDemo://"}}}"#,
      row: [
        "iOS,", "iPadOS", "13..<26", "yes", "yes", "no", "any", "containerLaunch", "via", "willBecomeActive",
        "open/messages-any-scheme", "inferred",
      ]),
    Example(
      name: "an unpublished iMessage-only app", json: #"{"app":{"hasContainerApp":false,"published":false}}"#,
      row: [
        "iOS,", "iPadOS", ">=10", "no", "any", "any", "any", "storeFront",
        "tap/message-not-installed-unpublished", "single",
      ]),
  ]

  @Test("text: a header, one row per kind of recipient, the version cuts", arguments: examples)
  func text(_ example: Example) throws {
    let r = try Binary.run(["matrix"], stdin: example.json)
    #expect(r.status == 0)
    #expect(r.stderr.isEmpty)
    let lines = r.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("message: {\"event\":\"tap\"") == true)
    #expect(
      lines.dropFirst().first?.split(separator: " ").map(String.init) == [
        "platform", "OS", "installed", "enabled", "running", "selected", "outcome", "rule", "confidence",
      ])
    #expect(lines.contains { $0.split(separator: " ").map(String.init) == example.row }, "\(r.stdout)")
    #expect(lines.last?.contains(" rows; OS versions cut at ") == true)
  }

  @Test("--markdown: a table ready for a README", arguments: examples)
  func markdown(_ example: Example) throws {
    let r = try Binary.run(["matrix", "--markdown", "-"], stdin: example.json)
    #expect(r.status == 0)
    let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.hasPrefix("What each recipient sees when they tap `") == true)
    #expect(
      lines.dropFirst(2).first
        == "| Platform | OS | Installed | Enabled | Running | Selected | Outcome | Rule | Confidence |")
    let rows = lines.dropFirst(4).filter { !$0.isEmpty }
    #expect(rows.count > 3)
    #expect(
      rows.allSatisfy { $0.hasPrefix("| ") && $0.hasSuffix(" |") && $0.filter { $0 == "|" }.count == 10 })
  }

  @Test("--json: rows with recipient, outcome, rule and confidence", arguments: examples)
  func json(_ example: Example) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "message-\(UUID().uuidString).json")
    try Data(example.json.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let r = try Binary.run(["matrix", "--json", file.path])
    #expect(r.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    #expect(object["message"] is [String: Any])
    #expect(object["versionCuts"] is [String])
    let rows = try #require(object["rows"] as? [[String: Any]])
    #expect(rows.count > 3)
    for row in rows {
      #expect(row["recipient"] is [String: Any])
      #expect(row["outcome"] is String)
      #expect(row["rule"] is String)
      #expect(row["confidence"] is String)
    }
    let rule = try #require(example.row.first { $0.contains("/") })
    #expect(rows.contains { $0["rule"] as? String == rule })
  }

  struct BadMessage: CustomTestStringConvertible, Sendable {
    var name: String
    var json: String
    var error: String
    var path: String
    var testDescription: String { name }
  }

  static let badMessages: [BadMessage] = [
    BadMessage(
      name: "a recipient fact", json: #"{"app":{"installed":true}}"#,
      error:
        "stdin:1:9: error: $.app.installed: installed varies by recipient: the matrix lists every value, so the message leaves it out [TR201]",
      path: "$.app.installed"),
    BadMessage(
      name: "an event that is no string", json: #"{"event":3}"#,
      error: #"stdin:1:10: error: $.event: expected a string, found a number [TR202]"#,
      path: "$.event"),
    BadMessage(
      name: "an OS version", json: #"{"osVersion":"17","tap":{}}"#,
      error:
        "stdin:1:2: error: $.osVersion: osVersion varies by recipient: the matrix lists every value, so the message leaves it out [TR201]",
      path: "$.osVersion"),
  ]

  @Test(
    "a message with a recipient fact or a bad event is refused, located, exit 2", arguments: badMessages)
  func badMessage(_ row: BadMessage) throws {
    let r = try Binary.run(["matrix"], stdin: row.json)
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr == row.error + "\n")

    let json = try Binary.run(["matrix", "--json"], stdin: row.json)
    #expect(json.status == 2)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let first = try #require((object["errors"] as? [[String: Any]])?.first)
    #expect(first["file"] as? String == "stdin")
    #expect(first["path"] as? String == row.path)
    #expect(first["line"] as? Int == 1)
  }

  @Test(
    "--json, --markdown, --svg and --mermaid exclude each other: a usage error, exit 2",
    arguments: [
      (["--json", "--markdown"], "--json and --markdown"), (["--svg", "--json"], "--json and --svg"),
      (["--svg", "--mermaid"], "--svg and --mermaid"),
      (["--mermaid", "--markdown"], "--markdown and --mermaid"),
    ])
  func oneFormat(_ row: (flags: [String], named: String)) throws {
    let r = try Binary.run(["matrix"] + row.flags, stdin: "{}")
    #expect(r.status == 2)
    // With --json the error is JSON on standard output too.
    #expect(r.stdout.isEmpty == !row.flags.contains("--json"))
    #expect(r.stderr.contains("\(row.named) exclude each other"), "\(r.stderr)")
  }

  /// Issue 41: one link, tapped in every place `from` names.
  static let link = "Examples/situations/link-every-place.json"

  @Test("--svg and --mermaid draw every place one link is tapped: a yes and a leaf per row, with its rule")
  func pictures() throws {
    let json = try Binary.run(["matrix", "--vary", "from", "--json", Self.link])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let rules = try #require(object["rows"] as? [[String: Any]]).compactMap { $0["rule"] as? String }
    #expect(rules.count > 1)

    let svg = try Binary.run(["matrix", "--vary", "from", "--svg", Self.link])
    #expect(svg.status == 0 && svg.stderr.isEmpty)
    #expect(svg.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    #expect(svg.stdout.hasSuffix("</svg>\n") && svg.stdout.contains("data-kind=\"flowchart\""))
    #expect(svg.stdout.components(separatedBy: ">yes</text>").count - 1 == rules.count)
    for rule in rules { #expect(svg.stdout.contains(">\(rule) ("), "\(rule)") }

    let mermaid = try Binary.run(["matrix", "--vary", "from", "--mermaid", Self.link])
    #expect(mermaid.status == 0 && mermaid.stderr.isEmpty)
    #expect(mermaid.stdout.hasPrefix("flowchart TD\n  accTitle: What link decides for each from of {"))
    #expect(mermaid.stdout.components(separatedBy: " -->|yes| ").count - 1 == rules.count)
    for rule in rules { #expect(mermaid.stdout.contains("<br/>\(rule) ("), "\(rule)") }
  }

  @Test("one link on iOS and Android from both apps' files: each platform's row from its own files")
  func bothPlatformsFromFiles() throws {
    // Examples/android/assetlinks.json excludes /item/draft/* by a dynamic rule (AND-16, AND-17);
    // the AASA file matches /item/* for the iOS app (U-ids in the link table).
    let r = try Binary.run(
      ["matrix", "--vary", "platform", "--json", "Examples/situations/link-both-platforms-files.json"])
    #expect(r.status == 0, "\(r.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let rows = try #require(object["rows"] as? [[String: Any]])
    let rules = Set(rows.compactMap { $0["rule"] as? String })
    #expect(rules.contains("link/android-dynamic-exclude"), "\(rules)")
    #expect(rules.contains("link/universal-link"), "\(rules)")
    let decided = try Binary.run(["decide", "Examples/situations/link-both-platforms-files.json"])
    #expect(decided.stdout.hasPrefix("from the app's files:\n"), "\(decided.stdout)")
  }

  @Test("the README's matrix examples print what the README shows")
  func readmeExamples() throws {
    let readme = try String(contentsOf: Repo.root.appendingPathComponent("README.md"), encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let starts = lines.indices.filter {
      lines[$0].hasPrefix("$ echo '") && lines[$0].hasSuffix("| swift run taproute matrix")
    }
    #expect(starts.count >= 2, "the README shows at least two matrix examples")
    for start in starts {
      let command = lines[start]
      let json = String(command.dropFirst("$ echo '".count).prefix { $0 != "'" })
      let end = try #require(lines[start...].firstIndex(of: "```"))
      let r = try Binary.run(["matrix"], stdin: json)
      #expect(r.status == 0)
      #expect(r.stdout == lines[(start + 1)..<end].joined(separator: "\n") + "\n", "\(command)")
    }
    let markdown = try Binary.run(
      ["matrix", "--markdown"], stdin: #"{"app":{"hasContainerApp":false,"published":false}}"#)
    #expect(
      readme.contains("\n\n" + markdown.stdout + "\n"), "the README shows the --markdown example's table")
  }

  @Test(
    "--vary: bad lists and facts the event cannot vary are usage errors, exit 2, naming the valid facts",
    arguments: [
      (#"{}"#, "nope", "taproute matrix: --vary \"nope\" is no fact; the facts are platform, osVersion"),
      (#"{}"#, "target,,layout", "taproute matrix: --vary names no fact in \"target,,layout\""),
      (#"{}"#, "target,target", "taproute matrix: --vary names target twice"),
      (
        #"{"event":"open"}"#, "target",
        "taproute matrix: --vary: open does not read target; it may vary platform, osVersion"
      ),
      (
        #"{"event":"open","open":{"extensionPoint":"today"}}"#, "extensionPoint,osVersion",
        "taproute matrix: --vary: the input gives extensionPoint ($.open.extensionPoint); leave it out to vary it"
      ),
      (
        #"{"event":"open","platform":"iOS","osVersion":"18","app":{"hasContainerApp":true,"sdkVersion":"18","urlSchemes":["other"]},"open":{"url":"x://","extensionPoint":"today","method":"extensionContext","fullAccess":false}}"#,
        nil, "taproute matrix: no fact to vary; open may vary platform"
      ),
    ] as [(String, String?, String)])
  func varyRefused(_ row: (json: String, vary: String?, error: String)) throws {
    let r = try Binary.run(["matrix"] + (row.vary.map { ["--vary", $0] } ?? []), stdin: row.json)
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.hasPrefix(row.error), "\(r.stderr)")
  }

  @Test("--vary on a tap: the columns in its order, the input may give the recipient facts it does not vary")
  func varyTap() throws {
    let r = try Binary.run(
      ["matrix", "--vary", "transport,installed"],
      stdin: #"{"osVersion":"18","tap":{"url":"containerAppDemo://x"}}"#)
    #expect(r.status == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.dropFirst().first?.split(separator: " ").map(String.init) == [
        "transport", "installed", "outcome", "rule", "confidence",
      ])
    #expect(lines.last?.hasSuffix(" rows") == true, "no version column, no cuts: \(lines.last ?? "")")
    let json = try Binary.run(
      ["matrix", "--json", "--vary", "transport,installed"],
      stdin: #"{"osVersion":"18","tap":{"url":"containerAppDemo://x"}}"#)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["event"] as? String == "tap")
    #expect(object["columns"] as? [String] == ["transport", "installed"])
    let rows = try #require(object["rows"] as? [[String: Any]])
    let keys = Set(rows.flatMap { ($0["recipient"] as? [String: Any] ?? [:]).keys })
    #expect(!keys.isEmpty && keys.isSubset(of: ["transport", "installed"]))
  }

  @Test("an open matrix in Markdown names the event and its columns")
  func openMarkdown() throws {
    let r = try Binary.run(
      ["matrix", "--markdown", "--vary", "urlClass"], stdin: #"{"event":"open","osVersion":"18"}"#)
    #expect(r.status == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.first == #"What `open` decides for each `urlClass` of `{"event":"open","osVersion":"18"}`:"#)
    #expect(lines.dropFirst(2).first == "| UrlClass | Outcome | Rule | Confidence |")
  }
}
