import Foundation
import Testing

/// Runs the built `taproute` binary, as a user would.
enum Binary {
  /// The binary beside the test bundle (swift test builds it: the test target depends on it).
  static let url: URL? = {
    var candidates: [URL] = []
    let me = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
    var dir = me.deletingLastPathComponent()
    for _ in 0..<4 {
      candidates.append(dir.appendingPathComponent("taproute"))
      dir = dir.deletingLastPathComponent()
    }
    candidates.append(Repo.root.appendingPathComponent(".build/debug/taproute"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// Runs a `/bin/sh` script in the repository root with `$TAPROUTE` naming the binary,
  /// for what a shell sets up: redirections, pipes, a closed descriptor.
  static func shell(_ script: String) throws -> Result {
    let binary = try #require(url, "the taproute binary was not found next to the tests")
    return try run(
      ["-c", script], executable: URL(fileURLWithPath: "/bin/sh"), environment: ["TAPROUTE": binary.path])
  }

  static func run(
    _ arguments: [String], stdin: String = "", executable: URL? = nil, environment: [String: String] = [:]
  ) throws -> Result {
    let binary = try executable ?? #require(url, "the taproute binary was not found next to the tests")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.currentDirectoryURL = Repo.root
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }
}

@Suite("taproute end to end")
struct CLITests {
  @Test("the README's first command prints a decision with rule, evidence and confidence")
  func readmeCommand() throws {
    let r = try Binary.run(["explain"], stdin: #"{"event":"tap","app":{"installed":false,"published":true}}"#)
    #expect(r.status == 0)
    #expect(r.stderr.isEmpty)
    // The defaults the answer rests on come first.
    #expect(
      r.stdout.hasPrefix(
        "assumed (not given): platform iOS, osVersion 26, target message\noutcome:      storeProductPage\n"))
    #expect(r.stdout.contains("rule:         tap/message-not-installed\n"))
    #expect(r.stdout.contains("evidence:     S004-3, X-5\n"))
    #expect(r.stdout.contains("confidence:   several\n"))
    #expect(
      r.stdout.contains(
        "  tap/message-not-installed-unpublished          published is true, rule wants false\n"))
  }

  @Test func decideJSONIsTheContract() throws {
    let r = try Binary.run(
      ["decide", "--json"],
      stdin:
        #"{"event":"tap","osVersion":"17","tap":{"redirect":{"hooks":["willBecomeActive"],"url":"containerAppDemo://"}}}"#
    )
    #expect(r.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    #expect(object["outcome"] as? String == "containerLaunch")
    #expect(object["url"] as? String == "containerAppDemo://")
    #expect(object["rule"] as? String == "open/messages-any-scheme")
    #expect(
      object["confidence"] as? String == "inferred",
      "the weaker of the tap and open steps (both inferred: the tap's callbacks, the open's handoff)")
    #expect((object["callbacks"] as? [String])?.first == "viewDidLoad")
    #expect(object["presentation"] as? String == "expanded")
    #expect((object["evidence"] as? [String])?.contains("S004-11") == true)
    #expect(
      (object["steps"] as? [[String: Any]])?.map { $0["outcome"] as? String } == [
        "extensionLaunch", "containerLaunch", "containerLaunch",
      ], "the tap, the redirect's open(url), the delivery into the container app")
    #expect((object["appCallbacks"] as? [String])?.first == "scene(_:willConnectTo:options:)")
    #expect(object["trace"] == nil, "decide builds no trace")
  }

  @Test func explainJSONHasTrace() throws {
    let r = try Binary.run(
      ["explain", "--json", "-"], stdin: #"{"event":"open","open":{"url":"x","extensionPoint":"share"}}"#)
    #expect(r.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let trace = try #require(object["trace"] as? [[String: Any]])
    #expect(
      trace.map { $0["rule"] as? String } == [
        "open/not-ios", "open/macos-today", "open/macos-other", "open/before-extensions",
      ])
    #expect(trace.first?["fact"] as? String == "platform")
  }

  /// The words of the Branch page (F-10) behind the contested tap's answer.
  static let branchQuote =
    "Apple did not build support for the use case where a user clicks a link and the messages app opens. Therefore, Branch cannot open up the existing, pre-installed messages app. Branch can only link to the messages app in the iMessage App Store, even when it's already installed."

  @Test("explain --json carries each cited source's quote; --lines writes the same members")
  func explainJSONCarriesQuotes() throws {
    let situation =
      #"{"event":"tap","app":{"installed":false,"published":true},"tap":{"url":"https://example.com/x"}}"#
    let r = try Binary.run(["explain", "--json", "-"], stdin: situation)
    #expect(r.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let cited = try #require(object["cited"] as? [[String: Any]])
    #expect(cited.map { $0["id"] as? String }.prefix(4) == ["S004-3", "X-5", "N-5", "F-4"])
    #expect(cited.last?["id"] as? String == "F-10", "the other reading's evidence, then the notes' ids")
    let support = try #require(object["support"] as? [[String: Any]])
    #expect(support.first?["field"] as? String == "outcome")
    #expect(support.first?["evidence"] as? [String] == ["S004-3", "X-5", "N-5"])
    let branch = try #require(cited.first { $0["id"] as? String == "F-10" }?["sources"] as? [[String: Any]])
    #expect(
      branch.first?["quote"] as? String == Self.branchQuote
        && branch.first?["where"] as? String == "'Only use Branch for driving installs of messages apps'")
    let seed = try #require(cited.first?["sources"] as? [[String: Any]])
    #expect(seed.first?["file"] as? String == "seeds/004_fd431b1385257897.txt")
    #expect(
      (seed.first?["quoteEnglish"] as? String)?.hasPrefix("When the container app is published") == true)
    let lines = try Binary.run(["explain", "--lines", "--json", "-"], stdin: situation + "\n")
    let line = try #require(try JSONSerialization.jsonObject(with: Data(lines.stdout.utf8)) as? [String: Any])
    #expect(NSArray(array: line["cited"] as? [Any] ?? []).isEqual(to: object["cited"] as? [Any] ?? []))
    let decide = try Binary.run(["decide", "--json", "-"], stdin: situation)
    #expect(!decide.stdout.contains("\"cited\""), "decide carries the ids only")
  }

  @Test("explain shows each cited source's quote under its title")
  func explainTextShowsQuotes() throws {
    let situation =
      #"{"event":"tap","app":{"installed":false,"published":true},"tap":{"url":"https://example.com/x"}}"#
    let r = try Binary.run(["explain", "-"], stdin: situation)
    let lines = r.stdout.split(separator: "\n").map(String.init)
    let title = try #require(lines.firstIndex { $0.hasPrefix("    - Branch Help Center, 'iMessage Apps'") })
    #expect(
      lines[title + 1]
        == "      \u{201C}\(Self.branchQuote)\u{201D} ('Only use Branch for driving installs of messages apps')"
    )
    #expect(lines.contains("support:"))
    #expect(lines.contains("sources:"))
    #expect(lines.contains { $0.hasPrefix("      in English: \u{201C}When the container app is published") })
    let decide = try Binary.run(["decide", "-"], stdin: situation)
    #expect(!decide.stdout.contains("sources:"), "decide lists the ids only")
  }

  @Test func fileArgument() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "situation-\(UUID().uuidString).json")
    try Data(#"{"event":"tap","tap":{"redirect":{"hooks":["didSelected"]}}}"#.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let r = try Binary.run(["decide", file.path])
    #expect(r.status == 2)
    #expect(r.stdout.isEmpty)
    #expect(
      r.stderr
        == "\(file.path):1:44: error: $.tap.redirect.hooks[0]: unknown hook \"didSelected\"; expected one of willBecomeActive, didBecomeActive, willSelect, didSelect, didReceive (did you mean \"didSelect\"?) [TR203]\n"
    )
  }

  static let linesInput = """
    {"event":"tap","app":{"installed":false,"published":false}}

    {"event":"tap","platform":"android"}
    not json
    {"event":"open","open":{"url":"a://"}}
    """

  @Test("--lines --json: one JSON line per non-blank input line, each with its input line number")
  func linesModeKeepsGoingPastABadLine() throws {
    let r = try Binary.run(["decide", "--lines", "--json"], stdin: Self.linesInput)
    #expect(r.status == 2)
    let lines = r.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    let objects = try lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.map { $0["line"] as? Int } == [1, 3, 4, 5], "line 2 is blank: skipped but counted")
    #expect(objects[0]["outcome"] as? String == "storeFront")
    let error = try #require((objects[1]["errors"] as? [[String: Any]])?.first)
    #expect(error["file"] as? String == "stdin")
    #expect(error["line"] as? Int == 3 && error["column"] as? Int == 27)
    #expect(error["path"] as? String == "$.platform" && error["code"] as? String == "TR203")
    #expect(error["severity"] as? String == "error")
    #expect(
      (error["message"] as? String)?.hasPrefix("platform \"android\" is read for the link event only") == true
    )
    #expect(((objects[2]["errors"] as? [[String: Any]])?.first?["code"] as? String) == "TR001")
    #expect(objects[3]["outcome"] as? String == "containerLaunch")
    #expect(r.stderr.split(separator: "\n").count == 2)
    #expect(r.stderr.hasPrefix("stdin:3:27: error: $.platform:"))
    #expect(r.stderr.contains("stdin:4:1: error: invalid literal; expected null [TR001]"))
  }

  @Test("--lines in text: every decision and error is prefixed with its input line number")
  func linesModeTextNumbersEachLine() throws {
    let r = try Binary.run(["decide", "--lines"], stdin: Self.linesInput)
    #expect(r.status == 2)
    let headers = r.stdout.split(separator: "\n").filter { $0.hasPrefix("line ") }
    #expect(
      headers == [
        "line 1:", "line 3: error (1 problem on standard error)",
        "line 4: error (1 problem on standard error)",
        "line 5:",
      ])
    #expect(
      r.stdout.contains(
        "line 1:\n  assumed (not given): platform iOS, osVersion 26, target message\n  outcome:      storeFront\n"
      ))
  }

  struct UsageRow: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var stdin = ""
    var status: Int32
    var stderr: String
    var testDescription: String { name }
  }

  static let usageErrors: [UsageRow] = [
    .init(name: "no command", arguments: [], status: 2, stderr: "USAGE: taproute <command>"),
    .init(
      name: "unknown command", arguments: ["frobnicate"], status: 2,
      stderr: "taproute: unknown command \"frobnicate\""),
    .init(
      name: "unknown option, with a suggestion", arguments: ["decide", "--jsn"], status: 2,
      stderr:
        "taproute decide: unknown option \"--jsn\" (did you mean \"--json\"?); see 'taproute decide --help'"),
    .init(
      name: "two files", arguments: ["decide", "a.json", "b.json"], status: 2,
      stderr: "taproute decide: expected at most one FILE, got 2"),
    .init(
      name: "missing file", arguments: ["decide", "/nonexistent/s.json"], status: 2,
      stderr: "/nonexistent/s.json: error: no such file [TR003]"),
    .init(
      name: "a directory as FILE", arguments: ["decide", "/tmp"], status: 2,
      stderr: "/tmp: error: cannot read a directory [TR003]"),
    .init(
      name: "option without its value", arguments: ["decide", "--policies"], status: 2,
      stderr: "taproute decide: option --policies needs a value"),
    .init(
      name: "truncated situation", arguments: ["decide"], stdin: "{\"event\":\"tap\"", status: 2,
      stderr: "stdin:1:15: error: unexpected end of input inside an object [TR001]"),
    .init(
      name: "missing policy directory", arguments: ["decide", "--policies", "/nonexistent/dir"],
      stdin: "{\"event\":\"tap\"}", status: 2,
      stderr: "/nonexistent/dir: error: cannot read policy directory: no such directory [TR003]"),
    .init(
      name: "a value outside the choices", arguments: ["table", "--format", "html"], status: 2,
      stderr:
        "taproute table: unknown format \"html\"; expected markdown, json, docc, guide, svg, mermaid or pictures"
    ),
    .init(
      name: "a required option missing", arguments: ["audit"], status: 2,
      stderr: "taproute audit: --extension PATH is required"),
    .init(
      name: "two policy directories", arguments: ["verify", "Policies", "--policies", "/tmp"], status: 2,
      stderr: "taproute verify: two policy directories"),
    .init(
      name: "unknown help topic", arguments: ["help", "nosuch"], status: 2,
      stderr: "taproute help: unknown command \"nosuch\""),
  ]

  @Test("usage and input errors exit non-zero with a clear message", arguments: usageErrors)
  func usageError(_ row: UsageRow) throws {
    let r = try Binary.run(row.arguments, stdin: row.stdin)
    #expect(r.status == row.status, "\(row.arguments)")
    #expect(r.stderr.contains(row.stderr), "\(row.arguments): \(r.stderr)")
  }

  @Test func brokenPoliciesExitOne() throws {
    let tap = MarkedText(
      """
      {
        "table": "tap",
        "event": "tap",
        "facts": {},
        "rules": [
          { "id": "not-enabled", "then": { "outcome": "manageApps" }, "evidence": [1️⃣"F-99"], "confidence": "single" }
        ]
      }
      """)
    let dir = try SmallPolicies.write(replacing: ["tap.json": tap.text])
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try Binary.run(["decide", "--policies", dir.path], stdin: #"{"event":"tap"}"#)
    #expect(r.status == 1)
    #expect(r.stdout.isEmpty)
    #expect(
      r.stderr.contains(
        tap.resolving(
          #"tap.json:1️⃣: error: $.rules[0].evidence[0]: rule "not-enabled" cites unknown evidence "F-99" [TR104]"#
        )
      ))
    #expect(r.stderr.contains("taproute: the policies failed to load (1 error)\n"))
  }

  @Test("test: a fixture expecting the wrong outcome exits 1 and names the row")
  func failingFixtureIsNamed() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fixtures-\(UUID().uuidString).json")
    try Data(
      #"""
      {"fixtures": [
        {"name": "right", "situation": {"event": "open", "open": {"url": "a://"}}, "expect": {"outcome": "containerLaunch"}, "evidence": ["S004-7"]},
        {"name": "wrong on purpose", "situation": {"event": "tap", "app": {"installed": false, "published": false}}, "expect": {"outcome": "storeProductPage", "rule": "tap/message-not-installed"}, "evidence": ["S004-1"]}
      ]}
      """#.utf8
    ).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let r = try Binary.run(["test", file.path])
    #expect(r.status == 1)
    let lines = r.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "PASS  right  (containerLaunch by open/messages-any-scheme)")
    #expect(lines.contains("FAIL  wrong on purpose"))
    #expect(lines.contains("      expected: storeProductPage by tap/message-not-installed"))
    #expect(lines.contains("      actual:   storeFront by tap/message-not-installed-unpublished (single)"))
    #expect(lines.contains { $0.hasPrefix("      trace (") })
    #expect(lines.last == "1 passed, 1 failed")
  }

  @Test func shippedFixturesPassWithFullCoverage() throws {
    let r = try Binary.run(["test", "--coverage"])
    #expect(r.status == 0)
    #expect(r.stdout.contains("coverage: every rule is reached by a fixture\n"))
    let rows = try engine().policies.fixtures.count
    #expect(r.stdout.hasSuffix("\(rows) passed, 0 failed\n"))
  }

  @Test func verifyShippedIsCleanAndStrict() throws {
    let r = try Binary.run(["verify", "--strict"])
    #expect(r.status == 0)
    let tables = try engine().policies.tables
    let rules = tables.map(\.rules.count).reduce(0, +)
    #expect(r.stdout == "verify: \(tables.count) tables, \(rules) rules: 0 errors, 0 warnings (strict)\n")
    let json = try Binary.run(["verify", "Policies", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["passed"] as? Bool == true && object["errors"] as? Int == 0)
  }

  @Test func badFixtureFileIsBadInput() throws {
    let r = try Binary.run(["test", "/dev/null"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("/dev/null:1:1: error: unexpected end of input; expected a value [TR001]"))
  }
}
