import Foundation
import TapRoute

/// `taproute audit`.
enum AuditCommand {
  static let extensionPlist = Option<String>(
    name: "--extension", value: "PATH", required: true, help: "the Messages extension's Info.plist")
  static let container = Option<String>(
    name: "--container", value: "PATH",
    help: "the container app's Info.plist; leave it out for an\niMessage-only app")
  static let redirectURL = Option<String>(
    name: "--redirect-url", value: "URL", help: "the URL the extension's redirect code passes to open(url)")
  static let json = Flag.json("print the findings as JSON")
  static let policies = Option<String>.policies

  static let spec = CommandSpec(
    name: "audit",
    summary: "check a real app's Info.plist files against the tables",
    discussion: """
      Reads a real app's Info.plist files (XML or binary) and reports what the tables say for
      this app: which redirect URLs reach the container (the scheme need not be declared,
      S004-7), a universal-link redirect that will not work (S004-4), an iMessage-only app
      trying to open a parent app (D-1), a wrong extension point.
      """,
    options: [extensionPlist, container, redirectURL, json, policies],
    success: "no error found",
    finding: "an error found (something will not work), or the policies failed to load",
    run: { invocation, console throws(CommandExit) in try run(invocation, console: console) })

  private static func run(_ invocation: Invocation, console: Console) throws(CommandExit) -> Int32 {
    var problems: [Diagnostic] = []
    var failed = false
    func read(_ path: String) -> InfoPlist? {
      guard let input = console.read(path, limit: InfoPlist.maximumBytes, what: "plist") else {
        failed = true
        return nil
      }
      do { return try InfoPlist.read(input.bytes, file: input.name) } catch {
        problems += error.diagnostics
        return nil
      }
    }
    let ext = invocation[extensionPlist].flatMap(read)
    let container = invocation[Self.container].map(read)
    guard let ext, container.map({ $0 != nil }) ?? true, !failed else {
      console.report(problems)
      return CommandLineTool.exitInput
    }
    let engine = try CommandLineTool.engine(policies: invocation[policies], console: console)
    let findings = AppAudit.run(
      container: container ?? nil, extension: ext, redirectURL: invocation[redirectURL],
      engine: engine)
    let errors = findings.filter { $0.severity == .error }.count
    if invocation[json] {
      console.out(DecisionText.encode(Output(findings: findings, errors: errors), pretty: true) + "\n")
    } else {
      for finding in findings { console.out(finding.description + "\n") }
      let warnings = findings.filter { $0.severity == .warning }.count
      console.out(
        "audit: \(Words.count(errors, "error")), \(Words.count(warnings, "warning")), \(Words.count(findings.count - errors - warnings, "note"))\n"
      )
    }
    return errors == 0 ? CommandLineTool.exitOK : CommandLineTool.exitFinding
  }

  private struct Output: Encodable {
    var findings: [Diagnostic]
    var errors: Int
  }
}
