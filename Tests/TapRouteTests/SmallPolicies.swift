import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// A small, complete policy set written for the loader and verifier tests, so they do not
/// depend on the shipped `Policies/`: editing a shipped rule breaks none of them.
///
/// Both tables are complete and unambiguous, every evidence entry is cited, and each tap
/// rule but `launch-ipados18` is the only rule for its part of the fact space, so deleting
/// it leaves a gap. `launch-ipados18` agrees with `launch`, which overlaps it.
enum SmallPolicies {
  static let evidence = """
    {
      "evidence": {
        "S004-1": { "claim": "A tap on a message from an app not installed opens its page.", "confidence": "single", "sources": [{ "kind": "appleDocumentation", "title": "t", "url": "https://example.com/e", "date": "2026", "platforms": ["iOS"], "quote": "q" }] },
        "F-1": { "claim": "A tap with the app switched off opens the manage page.", "confidence": "single", "sources": [{ "kind": "appleDocumentation", "title": "t", "url": "https://example.com/e", "date": "2026", "platforms": ["iOS"], "quote": "q" }] },
        "D-1": { "claim": "No extension runs on macOS, watchOS or before iOS 10.", "confidence": "documented", "sources": [{ "kind": "appleDocumentation", "title": "t", "url": "https://example.com/e", "date": "2026", "platforms": ["iOS"], "quote": "q" }] },
        "D-2": { "claim": "A tap launches the extension; open(url) opens only the container.", "confidence": "documented", "sources": [{ "kind": "appleDocumentation", "title": "t", "url": "https://example.com/e", "date": "2026", "platforms": ["iOS"], "quote": "q" }] }
      }
    }
    """

  static let tap = """
    {
      "table": "tap",
      "event": "tap",
      "hitPolicy": "first",
      "facts": {
        "platform": ["iOS", "iPadOS", "macOS", "watchOS", "visionOS"],
        "osVersion": { "newest": "26" },
        "installed": "bool",
        "enabledInMessages": "bool"
      },
      "rules": [
        { "id": "not-ios", "when": { "platform": ["macOS", "watchOS", "visionOS"] }, "then": { "outcome": "nothing" }, "evidence": ["D-1"], "confidence": "documented" },
        { "id": "before-ios10", "when": { "platform": ["iOS", "iPadOS"], "osVersion": "<10" }, "then": { "outcome": "nothing" }, "evidence": ["D-1"], "confidence": "documented" },
        { "id": "not-installed", "when": { "platform": ["iOS", "iPadOS"], "osVersion": ">=10", "installed": false }, "then": { "outcome": "storeProductPage" }, "evidence": ["S004-1"], "confidence": "single" },
        { "id": "not-enabled", "when": { "platform": ["iOS", "iPadOS"], "osVersion": ">=10", "installed": true, "enabledInMessages": false }, "then": { "outcome": "manageApps" }, "evidence": ["F-1"], "confidence": "single" },
        { "id": "launch-ipados18", "when": { "platform": "iPadOS", "osVersion": "18", "installed": true, "enabledInMessages": true }, "then": { "outcome": "extensionLaunch", "callbacks": ["willBecomeActive", "didBecomeActive"], "presentation": "expanded" }, "evidence": ["D-2"], "confidence": "documented" },
        { "id": "launch", "when": { "platform": ["iOS", "iPadOS"], "osVersion": ">=10", "installed": true, "enabledInMessages": true }, "then": { "outcome": "extensionLaunch", "callbacks": ["willBecomeActive", "didBecomeActive"], "presentation": "expanded" }, "evidence": ["D-2"], "confidence": "documented" }
      ]
    }
    """

  static let open = """
    {
      "table": "open",
      "event": "open",
      "hitPolicy": "unique",
      "facts": {
        "platform": ["iOS", "iPadOS", "macOS", "watchOS", "visionOS"],
        "hasContainerApp": "bool"
      },
      "rules": [
        { "id": "not-ios", "when": { "platform": ["macOS", "watchOS", "visionOS"] }, "then": { "outcome": "nothing" }, "evidence": ["D-1"], "confidence": "documented" },
        { "id": "no-container", "when": { "platform": ["iOS", "iPadOS"], "hasContainerApp": false }, "then": { "outcome": "nothing" }, "evidence": ["D-2"], "confidence": "documented" },
        { "id": "container", "when": { "platform": ["iOS", "iPadOS"], "hasContainerApp": true }, "then": { "outcome": "containerLaunch" }, "evidence": ["D-2"], "confidence": "documented" }
      ]
    }
    """

  static let delivery = """
    {
      "table": "delivery",
      "event": "delivery",
      "hitPolicy": "first",
      "facts": { "running": "bool" },
      "rules": [
        { "id": "running", "when": { "running": true }, "then": { "outcome": "containerLaunch", "appCallbacks": ["scene(_:openURLContexts:)"], "delivers": "url" }, "evidence": ["D-2"], "confidence": "documented" },
        { "id": "cold", "when": { "running": false }, "then": { "outcome": "containerLaunch", "appCallbacks": ["scene(_:willConnectTo:options:)"], "delivers": "url" }, "evidence": ["D-2"], "confidence": "documented" }
      ]
    }
    """

  /// One fixture per rule.
  static let fixtures = """
    {
      "fixtures": [
        { "name": "watchOS", "situation": { "event": "tap", "platform": "watchOS" }, "expect": { "outcome": "nothing", "rule": "tap/not-ios" }, "evidence": ["D-1"] },
        { "name": "iOS 9", "situation": { "event": "tap", "osVersion": "9" }, "expect": { "outcome": "nothing", "rule": "tap/before-ios10" }, "evidence": ["D-1"] },
        { "name": "not installed", "situation": { "event": "tap", "app": { "installed": false } }, "expect": { "outcome": "storeProductPage", "rule": "tap/not-installed" }, "evidence": ["S004-1"] },
        { "name": "switched off", "situation": { "event": "tap", "app": { "enabledInMessages": false } }, "expect": { "outcome": "manageApps", "rule": "tap/not-enabled" }, "evidence": ["F-1"] },
        { "name": "iPadOS 18", "situation": { "event": "tap", "platform": "iPadOS", "osVersion": "18" }, "expect": { "outcome": "extensionLaunch", "rule": "tap/launch-ipados18" }, "evidence": ["D-2"] },
        { "name": "launch", "situation": { "event": "tap" }, "expect": { "outcome": "extensionLaunch", "rule": "tap/launch" }, "evidence": ["D-2"] },
        { "name": "open on macOS", "situation": { "event": "open", "platform": "macOS" }, "expect": { "outcome": "nothing", "rule": "open/not-ios" }, "evidence": ["D-1"] },
        { "name": "iMessage-only app", "situation": { "event": "open", "app": { "hasContainerApp": false } }, "expect": { "outcome": "nothing", "rule": "open/no-container" }, "evidence": ["D-2"] },
        { "name": "container", "situation": { "event": "open" }, "expect": { "outcome": "containerLaunch", "rule": "open/container" }, "evidence": ["D-2"] },
        { "name": "delivery to a running app", "situation": { "event": "delivery", "app": { "running": true } }, "expect": { "outcome": "containerLaunch", "rule": "delivery/running" }, "evidence": ["D-2"] },
        { "name": "delivery on a cold launch", "situation": { "event": "delivery" }, "expect": { "outcome": "containerLaunch", "rule": "delivery/cold" }, "evidence": ["D-2"] }
      ]
    }
    """

  /// The whole set, by file name.
  static let files: [String: String] = [
    "evidence.json": evidence, "tap.json": tap, "open.json": open, "delivery.json": delivery,
    "fixtures.json": fixtures,
  ]

  /// Writes the set, with `replacing` files put in place of (or beside) its own, to a fresh
  /// temporary directory; `removing` names files left out. The caller removes the directory.
  static func write(replacing: [String: String] = [:], removing: Set<String> = []) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("taproute-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for (name, text) in files.merging(replacing, uniquingKeysWith: { $1 }) where !removing.contains(name) {
      try Data(text.utf8).write(to: dir.appendingPathComponent(name))
    }
    return dir
  }
}

/// The diagnostics' lines as a user reads them, with the directory `dir` cut from file names.
func lines(_ diagnostics: [Diagnostic], in dir: URL) -> [String] {
  diagnostics.map { $0.description.replacingOccurrences(of: dir.path + "/", with: "") }
}

@Suite("The small policy set the loader and verifier tests build on")
struct SmallPoliciesTests {
  @Test("it loads and verifies with zero diagnostics, and every fixture passes")
  func smallSetIsClean() throws {
    let dir = try SmallPolicies.write()
    defer { try? FileManager.default.removeItem(at: dir) }
    let (set, hygiene) = try PolicySet.loadForVerification(directory: dir)
    #expect(hygiene.isEmpty && set.warnings.isEmpty)
    #expect(set.fixtures.count == 11)
    let report = Verifier.verify(set)
    // The set is written in the older form on purpose (each rule cites its evidence as a
    // whole, with its confidence), so that form keeps loading: verify reports each rule
    // once for it (TR315), and nothing else.
    let wholeRule = report.diagnostics.filter { $0.code == .unsupportedField }
    #expect(wholeRule.count == set.tables.map(\.rules.count).reduce(0, +))
    #expect(wholeRule.allSatisfy { $0.message.contains("cites its evidence for the whole rule") })
    #expect(
      report.diagnostics.filter { $0.code != .unsupportedField }.isEmpty,
      "\(report.diagnostics.map(\.description))")
    let engine = Engine(policies: set)
    for fixture in set.fixtures {
      let problems = fixture.expected.mismatches(engine.decide(fixture.situation))
      #expect(problems.isEmpty, "\(fixture.name): \(problems)")
    }
    let rules = Set(set.fixtures.compactMap(\.expected.rule))
    #expect(rules.count == set.tables.map(\.rules.count).reduce(0, +), "a fixture for every rule")
  }

  @Test("a policy directory written back through the JSON editor loads and renders the same")
  func editorRoundTripIsFaithful() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".json") {
      let url = dir.appendingPathComponent(name)
      let json = try JSONParser.parse([UInt8](try Data(contentsOf: url))).get()
      let text = json.formatted
      #expect(try JSONParser.parse(text).get().formatted == text, "\(name) reads back as written")
      try Data(text.utf8).write(to: url)
    }
    let rewritten = try PolicySet.load(directory: dir)
    let shipped = try PolicySet.load(directory: Repo.policies)
    #expect(TableDocument.markdown(rewritten) == TableDocument.markdown(shipped))
    #expect(rewritten.fixtures.map(\.name) == shipped.fixtures.map(\.name))
  }
}
