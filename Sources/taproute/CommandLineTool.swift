import Foundation
import TapRoute

/// The `taproute` command: argument parsing and printing only; every decision, check and
/// rendering lives in the TapRoute library.
enum CommandLineTool {
  /// The version `taproute --version` prints; the CHANGELOG's newest section has the same.
  static let version = "1.0.0"

  /// Exit codes, the same for every command (the top-level help's table).
  static let exitOK: Int32 = 0
  /// A finding: a policy error (or policies that fail to load), a failed fixture or
  /// expectation, an audit or quick-action error, a refused sticker, a verify error.
  static let exitFinding: Int32 = 1
  /// Bad input or usage: an unreadable, malformed or over-limit input, an unknown option.
  static let exitInput: Int32 = 2
  /// Standard output could not be written (closed, full disk, broken pipe).
  static let exitOutput: Int32 = 3

  /// Every command, in the order the help lists them; parsing, help and dispatch read it.
  static let commands: [CommandSpec] = [
    DecideCommand.decide, DecideCommand.explain, PolicyCommands.verify, PolicyCommands.test,
    PolicyCommands.table, SimulateCommand.spec, AuditCommand.spec, StickerCommand.spec,
    ShortcutsCommand.spec, ObserveCommand.spec, MatrixCommand.spec, GenerateCommand.spec,
  ]

  /// The exit-code rows of a command's help: 0 and 1 as the command says, 2 and 3 shared.
  static func exitCodeRows(success: String, finding: String) -> String {
    CommandSpec.row("0", success, width: 3) + CommandSpec.row("1", finding, width: 3)
      + CommandSpec.row("2", "bad input or usage", width: 3)
      + CommandSpec.row("3", "standard output could not be written", width: 3)
  }

  static var usage: String {
    let width = (commands.map(\.name.count).max() ?? 0) + 2
    return """
      USAGE: taproute <command> [options]
             taproute --version

      What does tapping an iMessage app's message actually do? TapRoute answers from
      evidence-backed decision tables.

      COMMANDS:
      \(commands.map { CommandSpec.row($0.name, $0.summary, width: width) }.joined())
      Run 'taproute help <command>' or 'taproute <command> --help' for a command's options.
      Every command takes --json: its output, and its errors, as JSON on standard output.

      OPTIONS:
        --version   print the version
        -h, --help  show this help

      EXIT CODES (every command):
        0  success: nothing to report
        1  a finding: a policy error or policies that fail to load, a failed fixture or
           session expectation, an audit or quick-action error, a refused sticker, an
           observation contradicting a rule that is not contested
        2  bad input or usage: a missing, unreadable, malformed or over-limit input, an
           unknown command or option
        3  standard output could not be written (closed, full disk, broken pipe)

      """
  }

  /// Runs one command line and returns the exit code; what `main` calls.
  static func main(arguments: [String]) -> Int32 {
    let console = Console()
    console.json = (arguments.firstIndex(of: "--").map { arguments[..<$0] } ?? arguments[...]).contains(
      "--json")
    let status = run(arguments: arguments, console: console)
    console.finish()
    if let failure = console.outputFailure {
      console.err(
        Diagnostic(file: "stdout", code: .unreadable, message: "cannot write: \(failure.text)").description
          + "\n")
      return exitOutput
    }
    return status
  }

  static func run(arguments: [String], console: Console) -> Int32 {
    guard let first = arguments.first else {
      console.err(usage)
      return exitInput
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "--version":
      console.out("taproute \(version)\n")
      return exitOK
    case "help", "--help", "-h":
      guard let topic = rest.first else {
        console.out(usage)
        return exitOK
      }
      guard let command = commands.first(where: { $0.name == topic }) else {
        console.usageError(
          "taproute help: unknown command \(Words.quoted(topic)); expected one of \(names)")
        return exitInput
      }
      console.out(command.helpText)
      return exitOK
    default:
      guard let command = commands.first(where: { $0.name == first }) else {
        console.usageError("taproute: unknown command \(Words.quoted(first)); expected one of \(names)")
        return exitInput
      }
      let helpRequested = (rest.firstIndex(of: "--").map { rest[..<$0] } ?? rest[...]).contains {
        $0 == "--help" || $0 == "-h"
      }
      if helpRequested {
        console.out(command.helpText)
        return exitOK
      }
      guard let invocation = command.parse(rest, console: console) else { return exitInput }
      return command.run(invocation, console)
    }
  }

  private static var names: String { commands.map(\.name).joined(separator: ", ") }

  /// Loads the engine from `--policies DIR`, or the built-in policies; nil after reporting.
  /// With `checkingEveryFile`, the built-in fixtures and evidence are loaded and checked at
  /// once rather than when first read.
  static func engine(policies: String?, console: Console, checkingEveryFile: Bool = false) -> Engine? {
    do throws(DiagnosticsError) {
      guard let policies else {
        return checkingEveryFile ? Engine(policies: try PolicySet.builtInChecked()) : try Engine()
      }
      return try Engine(policiesAt: URL(fileURLWithPath: policies, isDirectory: true))
    } catch {
      reportLoadFailure(error, console: console)
      return nil
    }
  }

  /// Prints the diagnostics of a failed policy load, then one summary line.
  static func reportLoadFailure(
    _ error: DiagnosticsError, console: Console, command: String = "taproute", what: String = ""
  ) {
    console.report(error.diagnostics, omitted: error.omitted)
    let count = error.diagnostics.filter { $0.severity == .error }.count + error.omitted
    console.err("\(command): the policies failed to load (\(Words.count(count, "error")))\(what)\n")
  }
}
