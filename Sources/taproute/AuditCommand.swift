import Foundation
import TapRoute

/// `taproute audit`.
enum AuditCommand {
  static let help = """
    USAGE: taproute audit --extension PATH [--container PATH] [--redirect-url URL] [--json] [--policies DIR]

    Reads a real app's Info.plist files (XML or binary) and reports what the tables say for
    this app: which redirect URLs reach the container (the scheme need not be declared,
    S004-7), a universal-link redirect that will not work (S004-4), an iMessage-only app
    trying to open a parent app (D-1), a wrong extension point.

    OPTIONS:
      --extension PATH    the Messages extension's Info.plist (required)
      --container PATH    the container app's Info.plist; leave it out for an
                          iMessage-only app
      --redirect-url URL  the URL the extension's redirect code passes to open(url)
      --json              print the findings as JSON
      --policies DIR      use the policy files in DIR instead of the built-in ones
      -h, --help          show this help

    EXIT CODES: 0 no error found, 1 an error found (something will not work) or the
    policies failed to load, 2 bad input (unreadable or malformed plist) or usage.

    """

  static func run(_ arguments: [String], io: IO) -> Int32 {
    if CommandLineTool.showsHelp(arguments, help, io: io) { return CommandLineTool.exitOK }
    guard
      let options = Options.parse(
        arguments, command: "audit", flags: ["--json"],
        valued: ["--extension", "--container", "--redirect-url", "--policies"],
        io: io)
    else { return CommandLineTool.exitInput }
    guard options.positional.isEmpty else {
      io.err(
        "taproute audit: unexpected argument \(CommandLineTool.quote(options.positional[0])); see 'taproute audit --help'\n"
      )
      return CommandLineTool.exitInput
    }
    guard let extensionPath = options.values["--extension"] else {
      io.err("taproute audit: --extension PATH is required; see 'taproute audit --help'\n")
      return CommandLineTool.exitInput
    }
    var problems: [Diagnostic] = []
    func read(_ path: String) -> InfoPlist? {
      guard let input = CommandLineTool.readInput(path, io: io) else { return nil }
      do { return try InfoPlist.read(input.bytes, file: input.name) } catch {
        problems += error.diagnostics
        return nil
      }
    }
    let ext = read(extensionPath)
    let container = options.values["--container"].map(read)
    guard let ext, container.map({ $0 != nil }) ?? true else {
      for diagnostic in problems { io.err(diagnostic.description + "\n") }
      return CommandLineTool.exitInput
    }
    guard let engine = CommandLineTool.engine(policies: options.values["--policies"], io: io) else {
      return CommandLineTool.exitPolicy
    }
    let findings = AppAudit.run(
      container: container ?? nil, extension: ext, redirectURL: options.values["--redirect-url"],
      engine: engine)
    let errors = findings.filter { $0.severity == .error }.count
    if options.flags.contains("--json") {
      io.out(DecisionText.encode(Output(findings: findings, errors: errors), pretty: true) + "\n")
    } else {
      for finding in findings { io.out(finding.description + "\n") }
      let warnings = findings.filter { $0.severity == .warning }.count
      io.out(
        "audit: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(findings.count - errors - warnings) note\(findings.count - errors - warnings == 1 ? "" : "s")\n"
      )
    }
    return errors == 0 ? CommandLineTool.exitOK : CommandLineTool.exitPolicy
  }

  private struct Output: Encodable {
    var findings: [Diagnostic]
    var errors: Int
  }
}
