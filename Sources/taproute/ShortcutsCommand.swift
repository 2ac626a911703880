import Foundation
import TapRoute

/// `taproute shortcuts`.
enum ShortcutsCommand {
  static let help = """
    USAGE: taproute shortcuts --plist PATH [--dynamic FILE] [--launch cold|warm] [--json] [--policies DIR]

    Home-screen quick actions, the other deep-link entry into a container app: reads the
    static items from an Info.plist (XML or binary) and, optionally, dynamic items from a
    JSON file, and prints the items shown, in order (static first, at most four), per-item
    findings (missing type or title, duplicate types, text likely cut at two lines), which
    callback handles a chosen item and what didFinishLaunching must return, and how dynamic
    items grow when code appends to them at every launch. The rules are
    Policies/shortcuts.json (S003-1..6).

    OPTIONS:
      --plist PATH      the container app's Info.plist (required)
      --dynamic FILE    {"items": [{"type", "title", "subtitle"}], "appendOnEachLaunch": bool,
                        "launches": N}
      --launch KIND     cold (the app is not running) or warm
      --json            print the plan as JSON
      --policies DIR    use the policy files in DIR instead of the built-in ones
      -h, --help        show this help

    EXIT CODES: 0 no error found, 1 an error found (an item that is not shown) or the
    policies failed to load, 2 bad input or usage.

    """

  static func run(_ arguments: [String], io: IO) -> Int32 {
    if CommandLineTool.showsHelp(arguments, help, io: io) { return CommandLineTool.exitOK }
    guard
      let options = Options.parse(
        arguments, command: "shortcuts", flags: ["--json"],
        valued: ["--plist", "--dynamic", "--launch", "--policies"], io: io)
    else { return CommandLineTool.exitInput }
    guard options.positional.isEmpty, let plistPath = options.values["--plist"] else {
      io.err("taproute shortcuts: --plist PATH is required; see 'taproute shortcuts --help'\n")
      return CommandLineTool.exitInput
    }
    let launch = options.values["--launch"]
    if let launch, launch != "cold" && launch != "warm" {
      io.err("taproute shortcuts: unknown launch \(CommandLineTool.quote(launch)); expected cold or warm\n")
      return CommandLineTool.exitInput
    }
    guard let input = CommandLineTool.readInput(plistPath, io: io) else { return CommandLineTool.exitInput }
    let plist: InfoPlist
    do { plist = try InfoPlist.read(input.bytes, file: input.name) } catch {
      for d in error.diagnostics { io.err(d.description + "\n") }
      return CommandLineTool.exitInput
    }
    var dynamic = ShortcutPlan.Dynamic()
    var dynamicFile: String?
    if let path = options.values["--dynamic"] {
      guard let file = CommandLineTool.readInput(path, io: io) else { return CommandLineTool.exitInput }
      switch ShortcutPlan.Dynamic.parse(file.bytes, file: file.name) {
      case .success(let value):
        dynamic = value
        dynamicFile = file.name
      case .failure(let error):
        for d in error.diagnostics { io.err(d.description + "\n") }
        return CommandLineTool.exitInput
      }
    }
    guard let engine = CommandLineTool.engine(policies: options.values["--policies"], io: io) else {
      return CommandLineTool.exitPolicy
    }
    guard let rules = engine.policies.shortcuts else {
      io.err("taproute shortcuts: the policies have no shortcuts.json\n")
      return CommandLineTool.exitPolicy
    }
    let report = ShortcutPlan.plan(
      staticItems: plist.shortcutItems, file: input.name, dynamic: dynamic, dynamicFile: dynamicFile,
      launch: launch, rules: rules)
    if options.flags.contains("--json") {
      io.out(DecisionText.encode(Output(report), pretty: true) + "\n")
    } else {
      io.out("shown (\(report.shown.count) of at most \(rules.visibleMaximum)):\n")
      for (i, entry) in report.shown.enumerated() {
        io.out(
          "  \(i + 1). \(entry.item.title ?? "") [\(entry.item.type ?? "")] (\(entry.origin))\(entry.item.subtitle.map { ": \($0)" } ?? "")\n"
        )
      }
      for finding in report.findings { io.out(finding.description + "\n") }
    }
    return report.findings.contains { $0.severity == .error }
      ? CommandLineTool.exitPolicy : CommandLineTool.exitOK
  }

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
