import Foundation
@_spi(Generated) import TapRoute
import TapRouteAASA
import TapRouteTools

/// The `taproute` command: argument parsing and printing only; every decision, check and
/// rendering lives in the TapRoute library.
enum CommandLineTool {
  /// The version `taproute --version` prints; the CHANGELOG's newest section has the same.
  static let version = "1.0.0"

  /// The exit codes, the same for every command: what a command's help and the top-level
  /// help say of them.
  struct ExitCode {
    var status: Int32
    /// The row of a command's help.
    var summary: String
    /// What the top-level help adds.
    var detail: String
  }

  static let ok = ExitCode(status: 0, summary: "success", detail: "nothing to report")
  /// A finding: what each command's declaration says (`CommandSpec.finding`).
  static let finding = ExitCode(status: 1, summary: "a finding", detail: "")
  static let input = ExitCode(
    status: 2, summary: "bad input or usage",
    detail:
      "a missing, unreadable, malformed or over-limit input (a policy\ndirectory too), an unknown command or option"
  )
  static let output = ExitCode(
    status: 3, summary: "standard output could not be written", detail: "closed, full disk, broken pipe")

  static let exitOK = ok.status
  /// A finding: a policy error (or policies that fail to load), a failed fixture or
  /// expectation, an audit or quick-action error, a refused sticker, a verify error.
  static let exitFinding = finding.status
  /// Bad input or usage: an unreadable, malformed or over-limit input, an unknown option.
  static let exitInput = input.status
  /// Standard output could not be written (closed, full disk, broken pipe).
  static let exitOutput = output.status

  /// The options of `taproute` itself, before any command.
  static let versionFlag = Flag(name: "--version", help: "print the version")

  /// Every command, in the order the help lists them; parsing, help and dispatch read it.
  static let commands: [CommandSpec] =
    [
      DecideCommand.decide, DecideCommand.explain, PolicyCommands.verify, PolicyCommands.test,
      PolicyCommands.table, SimulateCommand.spec, AuditCommand.spec, StickerCommand.spec,
      ShortcutsCommand.spec, ObserveCommand.spec, MatrixCommand.spec, GenerateCommand.spec,
    ] + AASACommand.specs + AssetLinksCommand.specs

  /// The groups of commands named by two words, and what each group is about.
  static let groups = [
    AASACommand.group: AASACommand.groupSummary, AssetLinksCommand.group: AssetLinksCommand.groupSummary,
  ]

  /// The command `arguments` name, and how many arguments its name takes: one word, or two for
  /// a command of a group (`aasa check`).
  static func command(named arguments: ArraySlice<String>) -> (CommandSpec, words: Int)? {
    guard let first = arguments.first else { return nil }
    if let command = commands.first(where: { $0.name == first }) { return (command, 1) }
    guard let second = arguments.dropFirst().first else { return nil }
    return commands.first { $0.name == first + " " + second }.map { ($0, 2) }
  }

  /// The exit-code rows of a command's help: 0 and 1 as the command says, 2 and 3 shared.
  static func exitCodeRows(success: String, finding: String) -> String {
    CommandSpec.row("0", success, width: 3) + CommandSpec.row("1", finding, width: 3)
      + CommandSpec.row("2", input.summary, width: 3) + CommandSpec.row("3", output.summary, width: 3)
  }

  /// The top-level help, generated from the commands' declarations: their summaries, the
  /// options of `taproute` itself, and what exit code 1 means for each command.
  static var usage: String {
    // A group of commands (`aasa check`, `aasa match`...) is one row: its name and its members.
    var rows: [(name: String, summary: String)] = []
    for command in commands {
      let words = command.name.split(separator: " ", maxSplits: 1).map(String.init)
      guard words.count == 2, let group = groups[words[0]] else {
        rows.append((command.name, command.summary))
        continue
      }
      if let i = rows.firstIndex(where: { $0.name == words[0] }) {
        rows[i].summary += ", " + words[1]
      } else {
        rows.append((words[0], "\(group): " + words[1]))
      }
    }
    let width = (rows.map(\.name.count).max() ?? 0) + 2
    var text = """
      USAGE: taproute <command> [options]
             taproute \(versionFlag.name)

      What does this tap into an app actually do? A message in Messages, a link, a widget,
      a Live Activity, a control, a notification, an App Clip, an extension's open(url):
      TapRoute answers from evidence-backed decision tables, with the app's callbacks.

      COMMANDS:
      \(rows.map { CommandSpec.row($0.name, $0.summary, width: width) }.joined())
      Run 'taproute help <command>' or 'taproute <command> --help' for a command's options,
      and 'taproute help situation [EVENT] [--json]' for every key of the situation JSON, per event.

      """
    let withoutJSON = commands.filter { !$0.takesJSON }.map(\.name)
    text +=
      withoutJSON.isEmpty
      ? "Every command takes \(Flag.jsonName): its output, and its errors, as JSON on standard output.\n"
      : "Every command but \(CommandSpec.list(withoutJSON, "and")) takes \(Flag.jsonName): its output, and its errors, as JSON on standard output.\n"
    let options = [versionFlag.declaration, CommandSpec.help.declaration]
    let optionWidth = (options.map { CommandSpec.label($0).count }.max() ?? 0)
    text +=
      "\nOPTIONS:\n"
      + options.map { CommandSpec.row(CommandSpec.label($0), $0.help, width: optionWidth + 2) }.joined()
    text += "\nEXIT CODES (every command):\n"
    text += CommandSpec.row("\(ok.status)", "\(ok.summary): \(ok.detail)", width: 3)
    text += CommandSpec.row("\(finding.status)", "\(finding.summary), by command:", width: 3)
    // Commands whose finding reads the same share a row.
    var groups: [(names: [String], finding: String)] = []
    for command in commands {
      let finding = command.finding.split(separator: "\n").joined(separator: " ")
      if let i = groups.firstIndex(where: { $0.finding == finding }) {
        groups[i].names.append(command.name)
      } else {
        groups.append(([command.name], finding))
      }
    }
    for group in groups {
      text += "     " + Self.wrap(group.names.joined(separator: ", ") + ": " + group.finding, indent: 7)
    }
    text += CommandSpec.row("\(input.status)", "\(input.summary): \(input.detail)", width: 3)
    text += CommandSpec.row("\(output.status)", "\(output.summary) (\(output.detail))", width: 3)
    return text + "\n"
  }

  /// `text` wrapped at 92 columns, continuation lines indented by `indent`, ending in a newline.
  private static func wrap(_ text: String, indent: Int) -> String {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > 92 - indent {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(line)
    return lines.joined(separator: "\n" + String(repeating: " ", count: indent)) + "\n"
  }

  /// Runs one command line and returns the exit code; what `main` calls.
  static func main(arguments: [String]) -> Int32 {
    let console = Console()
    // Before parsing, so that a usage error is JSON too.
    console.json = (arguments.firstIndex(of: "--").map { arguments[..<$0] } ?? arguments[...]).contains(
      Flag.jsonName)
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
    let help = CommandSpec.help.declaration.spellings
    switch first {
    case versionFlag.name:
      console.out("taproute \(version)\n")
      return exitOK
    case _ where first == "help" || help.contains(first):
      guard let topic = rest.first else {
        console.out(usage)
        return exitOK
      }
      if topic == "situation" {
        // The situation's keys, per event (generated from the situation catalog).
        let asJSON = rest.contains("--json")
        let names = rest.dropFirst().filter { $0 != "--json" }
        guard names.count <= 1, !names.contains(where: { $0.hasPrefix("-") }) else {
          console.usageError(
            "taproute help situation: one event at most; usage: taproute help situation [EVENT] [--json]")
          return exitInput
        }
        let event = names.first
        guard let text = asJSON ? SituationHelp.json(event: event) : SituationHelp.text(event: event) else {
          console.usageError(
            "taproute help situation: unknown event \(Words.quoted(event ?? "")); expected one of \(SituationHelp.eventNames.joined(separator: ", "))"
          )
          return exitInput
        }
        console.out(text)
        return exitOK
      }
      if groups[topic] != nil && rest.count == 1, let help = groupHelp(topic) {
        console.out(help)
        return exitOK
      }
      guard let (command, _) = command(named: rest[...]) else {
        console.usageError(
          "taproute help: unknown command \(Words.quoted(topic)); expected one of \(names)")
        return exitInput
      }
      console.out(command.helpText)
      return exitOK
    default:
      guard let (command, words) = command(named: arguments[...]) else {
        if let help = groupHelp(first) {
          // A group's name alone: its help; with an unknown member, which members there are.
          if let member = rest.first, !CommandSpec.help.declaration.spellings.contains(member) {
            let members = commands.filter { $0.name.hasPrefix(first + " ") }.map {
              $0.name.dropFirst(first.count + 1)
            }
            console.usageError(
              "taproute \(first): unknown command \(Words.quoted(member)); expected one of \(members.joined(separator: ", "))"
            )
            return exitInput
          }
          if rest.first.map(CommandSpec.help.declaration.spellings.contains) == true {
            console.out(help)
            return exitOK
          }
          console.err(help)
          return exitInput
        }
        console.usageError("taproute: unknown command \(Words.quoted(first)); expected one of \(names)")
        return exitInput
      }
      let rest = Array(arguments.dropFirst(words))
      let helpRequested = (rest.firstIndex(of: "--").map { rest[..<$0] } ?? rest[...]).contains {
        help.contains($0)
      }
      if helpRequested {
        console.out(command.helpText)
        return exitOK
      }
      guard let invocation = command.parse(rest, console: console) else { return exitInput }
      do throws(CommandExit) {
        return try command.run(invocation, console)
      } catch {
        return error.status
      }
    }
  }

  private static var names: String { commands.map(\.name).joined(separator: ", ") }

  /// The help of a group of commands (`taproute aasa`): its members and their summaries; nil
  /// for a name that is not a group.
  static func groupHelp(_ group: String) -> String? {
    guard let summary = groups[group] else { return nil }
    let members = commands.filter { $0.name.hasPrefix(group + " ") }
    let width = (members.map { $0.name.count - group.count - 1 }.max() ?? 0) + 2
    var text = "USAGE: taproute \(group) <command> [options]\n\n\(summary).\n\nCOMMANDS:\n"
    for member in members {
      text += CommandSpec.row(String(member.name.dropFirst(group.count + 1)), member.summary, width: width)
    }
    return text + "\nRun 'taproute \(group) <command> --help' for a command's options.\n"
  }

  /// Loads the engine from `--policies DIR`, or the built-in policies; throws the exit code
  /// after reporting why not. With `checkingEveryFile`, the built-in fixtures and evidence are
  /// loaded and checked at once rather than when first read.
  static func engine(
    policies: String?, console: Console, checkingEveryFile: Bool = false
  ) throws(CommandExit) -> Engine {
    do throws(DiagnosticsError) {
      guard let policies else {
        return checkingEveryFile
          ? Engine(policies: try PolicySet.builtInChecked().checkingCompanions()) : try Engine()
      }
      let engine = try Engine(policiesAt: URL(fileURLWithPath: policies, isDirectory: true))
      // A broken companion file (transitions, stickers, quick actions) is an error of the
      // directory, reported here as any policy file's.
      _ = try engine.policies.checkingCompanions()
      return engine
    } catch {
      throw reportLoadFailure(error, console: console)
    }
  }

  /// Prints the diagnostics of a failed policy load, then one summary line; returns how the
  /// command exits: 2 when a policy file or the directory could not be read (bad input, as
  /// for any other input), else 1 (the policies have errors).
  static func reportLoadFailure(
    _ error: DiagnosticsError, console: Console, command: String = "taproute", what: String = ""
  ) -> CommandExit {
    console.report(error.diagnostics, omitted: error.omitted)
    let count = error.diagnostics.filter { $0.severity == .error }.count + error.omitted
    console.err("\(command): the policies failed to load (\(Words.count(count, "error")))\(what)\n")
    let unreadable = error.diagnostics.contains { $0.code == .unreadable }
    return CommandExit(status: unreadable ? exitInput : exitFinding)
  }
}
