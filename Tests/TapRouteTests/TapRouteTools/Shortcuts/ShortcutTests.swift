import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// A quick-action fixture: static and dynamic items, a launch, what the plan must say, and
/// the evidence that justifies it.
struct ShortcutFixture: CustomTestStringConvertible, Sendable {
  var name: String
  var staticItems: [ShortcutItem]
  var dynamic: ShortcutPlan.Dynamic
  var launch: String?
  var shown: [String]
  var codes: [DiagnosticCode]
  var evidence: [String]
  var testDescription: String { name }

  static func item(_ type: String?, _ title: String?, _ subtitle: String? = nil) -> ShortcutItem {
    ShortcutItem(type: type, title: title, subtitle: subtitle)
  }

  static let all: [ShortcutFixture] = [
    ShortcutFixture(
      name: "static items come before dynamic ones", staticItems: [item("a", "A")],
      dynamic: .init(items: [item("b", "B")]),
      launch: nil, shown: ["A", "B"], codes: [], evidence: ["S003-1", "S003-2"]),
    ShortcutFixture(
      name: "an item without a title is not shown", staticItems: [item("a", nil), item("b", "B")],
      dynamic: .init(),
      launch: nil, shown: ["B"], codes: [.shortcutMissingKey], evidence: ["S003-1"]),
    ShortcutFixture(
      name: "only four show", staticItems: (1...3).map { item("s\($0)", "S\($0)") },
      dynamic: .init(items: [item("d1", "D1"), item("d2", "D2")]),
      launch: nil, shown: ["S1", "S2", "S3", "D1"], codes: [.shortcutHidden], evidence: ["S003-4"]),
    ShortcutFixture(
      name: "appending at every launch grows the list", staticItems: [],
      dynamic: .init(items: [item("r", "Recent")], appendOnEachLaunch: true, launches: 3),
      launch: nil, shown: ["Recent", "Recent", "Recent"], codes: [.shortcutGrowth, .shortcutDuplicate],
      evidence: ["S003-3"]),
    ShortcutFixture(
      name: "assigning (not appending) keeps the list", staticItems: [],
      dynamic: .init(items: [item("r", "Recent")], launches: 3),
      launch: nil, shown: ["Recent"], codes: [], evidence: ["S003-2", "S003-3"]),
    ShortcutFixture(
      name: "a long subtitle is cut at two lines",
      staticItems: [item("a", "A", String(repeating: "word ", count: 12))], dynamic: .init(),
      launch: nil, shown: ["A"], codes: [.shortcutCut], evidence: ["S003-5"]),
    ShortcutFixture(
      name: "a cold launch: didFinishLaunching handles it and returns false", staticItems: [item("a", "A")],
      dynamic: .init(),
      launch: "cold", shown: ["A"], codes: [.shortcutLaunch], evidence: ["S003-6"]),
    ShortcutFixture(
      name: "a warm launch: performActionFor handles it", staticItems: [item("a", "A")], dynamic: .init(),
      launch: "warm", shown: ["A"], codes: [.shortcutLaunch], evidence: ["S003-6"]),
  ]
}

@Suite("Quick actions (S003-1..6)")
struct ShortcutTests {
  private func rules() throws -> ShortcutRules { try #require(try engine().policies.shortcuts) }

  @Test("quick-action fixture", arguments: ShortcutFixture.all)
  func fixture(_ row: ShortcutFixture) throws {
    let report = ShortcutPlan.plan(
      staticItems: row.staticItems, file: "Info.plist", dynamic: row.dynamic, launch: row.launch,
      rules: try rules())
    #expect(report.shown.map { $0.item.title ?? "" } == row.shown)
    #expect(report.findings.map(\.code) == row.codes, "\(report.findings.map(\.description))")
  }

  @Test func launchHandling() throws {
    let rules = try rules()
    let cold = ShortcutPlan.plan(staticItems: [], file: "p", dynamic: .init(), launch: "cold", rules: rules)
    #expect(
      cold.launch?.handler == "application(_:didFinishLaunchingWithOptions:)"
        && cold.launch?.didFinishLaunchingReturns == false)
    let warm = ShortcutPlan.plan(staticItems: [], file: "p", dynamic: .init(), launch: "warm", rules: rules)
    #expect(
      warm.launch?.handler == "application(_:performActionFor:completionHandler:)"
        && warm.launch?.didFinishLaunchingReturns == nil)
    let growth = ShortcutPlan.plan(
      staticItems: [], file: "p",
      dynamic: .init(
        items: [.init(type: "a", title: "A"), .init(type: "b", title: "B")], appendOnEachLaunch: true,
        launches: 4),
      launch: nil, rules: rules)
    #expect(growth.growth == [2, 4, 6, 8])
  }

  @Test("shortcuts reads the committed sample plist")
  func cliOnSamplePlist() throws {
    let r = try Binary.run([
      "shortcuts", "--plist", "Examples/plists/Shortcuts-Info.plist", "--dynamic",
      "Examples/shortcuts/dynamic-append.json", "--launch", "cold",
    ])
    #expect(r.status == 1, "an item without a title is an error")
    #expect(r.stdout.hasPrefix("shown (4 of at most 4):\n  1. New message [com.example.compose] (static)\n"))
    #expect(
      r.stdout.contains(
        "Examples/plists/Shortcuts-Info.plist: error: UIApplicationShortcutItems[2]: missing UIApplicationShortcutItemTitle: the item is not shown (S003-1) [TR601]"
      ))
    #expect(
      r.stdout.contains(
        "Examples/shortcuts/dynamic-append.json: warning: $.items: the code appends to shortcutItems at every launch, which returns the items last assigned: 1, 2, 3 dynamic items after launches 1 to 3 (S003-2, S003-3) [TR605]"
      ))
    #expect(r.stdout.contains("didFinishLaunching must return false"))
    let binary = try Binary.run([
      "shortcuts", "--plist", "Examples/plists/Container-Info.binary.plist", "--launch", "warm",
    ])
    #expect(
      binary.status == 0
        && binary.stdout.contains("2. Inbox [com.example.inbox] (static): Recent conversations"))
  }

  @Test func badInput() throws {
    let r = try Binary.run([
      "shortcuts", "--plist", "Examples/plists/Container-Info.plist", "--launch", "lukewarm",
    ])
    #expect(r.status == 2 && r.stderr.contains("unknown launch \"lukewarm\"; expected cold or warm"))
    let bad = ShortcutPlan.Dynamic.parse(Array(#"{"items":[{"type":1}],"launches":0}"#.utf8), file: "d.json")
    guard case .failure(let e) = bad else {
      Issue.record("accepted a bad dynamic file")
      return
    }
    #expect(
      e.diagnostics.map(\.description) == [
        "d.json:1:19: error: $.items[0].type: expected a string, found a number [TR202]",
        "d.json:1:34: error: $.launches: expected a whole number of launches from 1 to 1000, found a number [TR202]",
      ])
    let malformed = try Binary.run(["shortcuts", "--plist", "Examples/plists/Malformed-Info.plist"])
    #expect(malformed.status == 2 && malformed.stderr.contains("not a readable property list"))
  }
}
