import Foundation
import TapRoute

/// The `taproute` command: argument parsing and printing only; every decision, check and
/// rendering lives in the TapRoute library.
enum CommandLineTool {
  /// Exit codes (public): 0 done, 1 policy failure (or a failing check), 2 bad input or usage.
  static let exitOK: Int32 = 0
  static let exitPolicy: Int32 = 1
  static let exitInput: Int32 = 2

  static let commands: [(name: String, summary: String)] = [
    ("decide", "decide what a situation does"),
    ("explain", "decide, and show every rule tried before the deciding one"),
    ("verify", "prove the tables complete and unambiguous (gaps, shadowed rules, conflicts)"),
    ("test", "run the fixture table, one line per row"),
    ("table", "render the tables as Markdown or JSON documentation"),
    ("simulate", "replay a multi-step session (tap, return, send, swipe, ...)"),
    ("audit", "check a real app's Info.plist files against the tables"),
    ("sticker", "check sticker files (format, size, frames) from their bytes"),
    ("shortcuts", "Home-screen quick actions: what shows, who handles them, how they grow"),
  ]

  static let usage = """
    USAGE: taproute <command> [options]

    What does tapping an iMessage app's message actually do? TapRoute answers from
    evidence-backed decision tables.

    COMMANDS:
    \(commands.map { "  " + $0.name.padding(toLength: 11, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

    Run 'taproute <command> --help' for a command's options.

    EXIT CODES: 0 success, 1 policy error, 2 bad input or usage.

    """

  static func run(arguments: [String], io: IO) -> Int32 {
    guard let command = arguments.first else {
      io.err(usage)
      return exitInput
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "decide": return DecideCommand.run(rest, explain: false, io: io)
    case "explain": return DecideCommand.run(rest, explain: true, io: io)
    case "verify": return PolicyCommands.verify(rest, io: io)
    case "test": return PolicyCommands.test(rest, io: io)
    case "table": return PolicyCommands.table(rest, io: io)
    case "simulate": return SimulateCommand.run(rest, io: io)
    case "audit": return AuditCommand.run(rest, io: io)
    case "sticker": return StickerCommand.run(rest, io: io)
    case "shortcuts": return ShortcutsCommand.run(rest, io: io)
    case "help", "--help", "-h":
      if let topic = rest.first, commands.contains(where: { $0.name == topic }) {
        return run(arguments: [topic, "--help"], io: io)
      }
      io.out(usage)
      return exitOK
    default:
      io.err(
        "taproute: unknown command \(quote(command)); expected one of \(commands.map(\.name).joined(separator: ", "))\n"
      )
      return exitInput
    }
  }

  static func quote(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars.prefix(100) {
      if scalar.value < 0x20 || scalar.value == 0x7F {
        out += "\\u{\(String(scalar.value, radix: 16))}"
      } else if scalar == "\"" {
        out += "\\\""
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// Loads the engine from `--policies DIR`, or the built-in policies.
  static func engine(policies: String?, io: IO) -> Engine? {
    do {
      let engine =
        try policies.map { try Engine(policiesAt: URL(fileURLWithPath: $0, isDirectory: true)) } ?? Engine()
      return engine
    } catch let error as DiagnosticsError {
      reportLoadFailure(error, io: io)
      return nil
    } catch {
      io.err("taproute: the policies failed to load: \(error)\n")
      return nil
    }
  }

  /// Prints `help` and returns true when the arguments ask for it (`--help` or `-h`).
  static func showsHelp(_ arguments: [String], _ help: String, io: IO) -> Bool {
    guard arguments.contains("--help") || arguments.contains("-h") else { return false }
    io.out(help)
    return true
  }

  /// Prints every diagnostic of a failed policy load, then one summary line.
  static func reportLoadFailure(
    _ error: DiagnosticsError, io: IO, command: String = "taproute", what: String = ""
  ) {
    for diagnostic in error.diagnostics { io.err(diagnostic.description + "\n") }
    let count = error.diagnostics.filter { $0.severity == .error }.count
    io.err("\(command): the policies failed to load (\(count) error\(count == 1 ? "" : "s"))\(what)\n")
  }

  /// Reads FILE, or standard input for nil or "-". Returns the bytes and a display name.
  static func readInput(_ path: String?, io: IO) -> (bytes: [UInt8], name: String)? {
    guard let path, path != "-" else { return (io.readStdin(), "stdin") }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      io.err("\(path): error: no such file [TR003]\n")
      return nil
    }
    // FileHandle, not FileManager.contents: it also reads pipes and devices (/dev/stdin, <(...)).
    guard !isDirectory.boolValue, let handle = FileHandle(forReadingAtPath: path) else {
      io.err("\(path): error: cannot read \(isDirectory.boolValue ? "a directory" : "the file") [TR003]\n")
      return nil
    }
    defer { try? handle.close() }
    return ([UInt8](handle.readDataToEndOfFile()), path)
  }
}

/// Where the command reads and writes; tests substitute buffers.
struct IO: Sendable {
  var readStdin: @Sendable () -> [UInt8]
  var out: @Sendable (String) -> Void
  var err: @Sendable (String) -> Void

  static let standard = IO(
    readStdin: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    err: { FileHandle.standardError.write(Data($0.utf8)) })
}

/// Parsed options shared by the commands: positional arguments, flags, and valued options.
struct Options {
  var positional: [String] = []
  var flags: Set<String> = []
  var values: [String: String] = [:]

  /// Parses `arguments` against the flags and valued options a command accepts.
  static func parse(
    _ arguments: [String], command: String, flags: [String], valued: [String], io: IO
  ) -> Options? {
    var options = Options()
    var i = 0
    var onlyPositional = false
    while i < arguments.count {
      let argument = arguments[i]
      if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
        options.positional.append(argument)
      } else if argument == "--" {
        onlyPositional = true
      } else if flags.contains(argument) {
        options.flags.insert(argument)
      } else if let eq = argument.firstIndex(of: "="), valued.contains(String(argument[..<eq])) {
        options.values[String(argument[..<eq])] = String(argument[argument.index(after: eq)...])
      } else if valued.contains(argument) {
        guard i + 1 < arguments.count else {
          io.err("taproute \(command): option \(argument) needs a value\n")
          return nil
        }
        options.values[argument] = arguments[i + 1]
        i += 1
      } else {
        io.err(
          "taproute \(command): unknown option \(CommandLineTool.quote(argument)); see 'taproute \(command) --help'\n"
        )
        return nil
      }
      i += 1
    }
    return options
  }
}
