import Foundation
@_spi(Generated) import TapRoute
import TapRouteTools

/// `taproute shortcuts`.
enum ShortcutsCommand {
  static let plist = Option<String>(
    name: "--plist", value: "PATH", required: true, help: "the container app's Info.plist")
  static let dynamic = Option<String>(
    name: "--dynamic", value: "FILE",
    help: """
      {"items": [{"type", "title", "subtitle"}], "appendOnEachLaunch": bool,
      "launches": N}
      """)
  static let launch = Option<Launch>(
    name: "--launch", value: "KIND", help: "cold (the app is not running) or warm")
  static let json = Flag.json("print the plan as JSON")
  static let policies = Option<String>.policies

  /// How the app is launched by a chosen quick action.
  enum Launch: String, CaseIterable, Sendable {
    case cold, warm
  }

  static let spec = CommandSpec(
    name: "shortcuts",
    summary: "Home-screen quick actions: what shows, who handles them, how they grow",
    discussion: """
      Home-screen quick actions, the other deep-link entry into a container app: reads the
      static items from an Info.plist (XML or binary) and, optionally, dynamic items from a
      JSON file, and prints the items shown, in order (static first, at most four), per-item
      findings (missing type or title, duplicate types, text likely cut at two lines), which
      callback handles a chosen item and what didFinishLaunching must return, and how dynamic
      items grow when code appends to them at every launch. The rules are
      Policies/shortcuts.json (S003-1..6).
      """,
    options: [plist, dynamic, launch, json, policies],
    success: "no error found",
    finding: "an error found (an item that is not shown), or the policies failed to load",
    run: { invocation, console throws(CommandExit) in try run(invocation, console: console) })

  /// The largest dynamic items file, in bytes (the limit `ShortcutPlan.Dynamic.parse` applies).
  private static let maximumDynamicBytes = 1 << 20

  private static func run(_ invocation: Invocation, console: Console) throws(CommandExit) -> Int32 {
    guard
      let input = console.read(invocation[plist], limit: InfoPlist.maximumBytes, what: "plist")
    else { return CommandLineTool.exitInput }
    let plist: InfoPlist
    do { plist = try InfoPlist.read(input.bytes, file: input.name) } catch {
      console.report(error.diagnostics, omitted: error.omitted)
      return CommandLineTool.exitInput
    }
    var dynamic = ShortcutPlan.Dynamic()
    var dynamicFile: String?
    if let path = invocation[Self.dynamic] {
      guard let file = console.read(path, limit: maximumDynamicBytes, what: "dynamic items file") else {
        return CommandLineTool.exitInput
      }
      switch ShortcutPlan.Dynamic.parse(file.bytes, file: file.name) {
      case .success(let value):
        dynamic = value
        dynamicFile = file.name
      case .failure(let error):
        console.report(error.diagnostics, omitted: error.omitted)
        return CommandLineTool.exitInput
      }
    }
    let engine = try CommandLineTool.engine(policies: invocation[policies], console: console)
    guard let rules = engine.policies.shortcuts else {
      console.usageError("taproute shortcuts: the policies have no shortcuts.json")
      return CommandLineTool.exitFinding
    }
    let report = ShortcutPlan.plan(
      staticItems: plist.shortcutItems, file: input.name, dynamic: dynamic, dynamicFile: dynamicFile,
      launch: invocation[launch]?.rawValue, rules: rules)
    if invocation[json] {
      console.out(DecisionText.encode(Output(report), pretty: true) + "\n")
    } else {
      console.out("shown (\(report.shown.count) of at most \(rules.visibleMaximum)):\n")
      for (i, entry) in report.shown.enumerated() {
        console.out(
          "  \(i + 1). \(text(entry.item.title)) [\(text(entry.item.type))] (\(entry.origin))\(entry.item.subtitle.map { ": \(text($0))" } ?? "")\n"
        )
      }
      for finding in report.findings { console.out(finding.description + "\n") }
    }
    return report.findings.contains { $0.severity == .error }
      ? CommandLineTool.exitFinding : CommandLineTool.exitOK
  }

  /// A plist's text as printed: what a terminal would act on (a control character in a
  /// title) escaped, as in every diagnostic.
  private static func text(_ value: String?) -> String { Diagnostic.printable(value ?? "") }

  private struct Output: Encodable {
    var shown: [ShortcutPlan.Report.Entry]
    var hidden: [ShortcutPlan.Report.Entry]
    var growth: [Int]
    var handler: String?
    var didFinishLaunchingReturns: Bool?
    var findings: [Diagnostic]

    init(_ r: ShortcutPlan.Report) {
      shown = r.shown
      hidden = r.hidden
      growth = r.growth
      handler = r.launch?.handler
      didFinishLaunchingReturns = r.launch?.didFinishLaunchingReturns
      findings = r.findings
    }
  }
}
