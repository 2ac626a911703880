import TapRoute

/// One command of the grammar, declared once: the parser, the help text and the dispatch all
/// read this value (the way swift-argument-parser's HelpGenerator reads the declarations its
/// parser uses), so an option cannot be accepted without being documented or the reverse.
struct CommandSpec: Sendable {
  /// A positional argument.
  struct Argument: Sendable {
    enum Arity: Sendable { case optional, required, repeating }
    var name: String
    var arity: Arity
    var help: String
  }

  /// An option: a flag (`--json`) when `value` is nil, else an option taking a value.
  struct Option: Sendable {
    var name: String
    var value: String? = nil
    var required = false
    /// The values accepted, when they are a fixed set (checked by the parser).
    var choices: [String]? = nil
    var help: String
  }

  var name: String
  var summary: String
  var discussion: String
  var arguments: [Argument] = []
  var options: [Option]
  /// What exit code 0 and 1 mean for this command (2 and 3 mean the same for every command).
  var success: String
  var finding: String
  var example: String? = nil
  var run: @Sendable (Invocation, Console) -> Int32

  /// The `--json` option every command has, with what it prints for this command.
  static func json(_ help: String) -> Option { Option(name: "--json", help: help) }

  /// The `--policies DIR` option of every command that reads policies.
  static let policies = Option(
    name: "--policies", value: "DIR", help: "use the policy files in DIR instead of the built-in ones")

  static let help = Option(name: "-h, --help", help: "show this help")
}

/// The parsed arguments of one command line.
struct Invocation {
  var positional: [String] = []
  var flags: Set<String> = []
  var values: [String: String] = [:]

  func flag(_ name: String) -> Bool { flags.contains(name) }
  func value(_ name: String) -> String? { values[name] }
}

extension CommandSpec {
  /// Parses `arguments` against the declared arguments and options; nil after reporting a
  /// usage error.
  func parse(_ arguments: [String], console: Console) -> Invocation? {
    var invocation = Invocation()
    var i = 0
    var onlyPositional = false
    while i < arguments.count {
      let argument = arguments[i]
      i += 1
      if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
        invocation.positional.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositional = true
        continue
      }
      let (name, attached) = Self.split(argument)
      guard let option = options.first(where: { $0.name == name }) else {
        let hint =
          JSONReader.nearest(name, in: options.map(\.name)).map { " (did you mean \"\($0)\"?)" } ?? ""
        return usageError("unknown option \(Words.quoted(argument))\(hint)", console)
      }
      guard option.value != nil else {
        if attached != nil { return usageError("option \(name) takes no value", console) }
        invocation.flags.insert(name)
        continue
      }
      let value: String
      if let attached {
        value = attached
      } else if i < arguments.count {
        value = arguments[i]
        i += 1
      } else {
        return usageError("option \(name) needs a value", console)
      }
      if let choices = option.choices, !choices.contains(value) {
        return usageError(
          "unknown \(name.drop { $0 == "-" }) \(Words.quoted(value)); expected \(Self.list(choices, "or"))",
          console)
      }
      invocation.values[name] = value
    }
    for option in options where option.required && invocation.values[option.name] == nil {
      return usageError("\(option.name) \(option.value ?? "") is required", console)
    }
    return checkArity(invocation, console: console)
  }

  private func checkArity(_ invocation: Invocation, console: Console) -> Invocation? {
    let count = invocation.positional.count
    let required = arguments.filter { $0.arity != .optional }.count
    let repeating = arguments.contains { $0.arity == .repeating }
    let names = arguments.map(\.name).joined(separator: " ")
    if !repeating && count > arguments.count {
      if arguments.isEmpty {
        return usageError("unexpected argument \(Words.quoted(invocation.positional[0]))", console)
      }
      let most = arguments.count == 1 ? "one" : String(arguments.count)
      return usageError("expected at most \(most) \(names), got \(count)", console)
    }
    if count < required {
      return usageError("expected \(repeating ? "at least one" : "one") \(names), got \(count)", console)
    }
    return invocation
  }

  private func usageError(_ message: String, _ console: Console) -> Invocation? {
    console.usageError("taproute \(name): \(message); see 'taproute \(name) --help'")
    return nil
  }

  /// `--name=value` as (name, value); anything else as (argument, nil).
  private static func split(_ argument: String) -> (String, String?) {
    guard let eq = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<eq]), String(argument[argument.index(after: eq)...]))
  }

  /// `a, b or c`.
  static func list(_ items: [String], _ conjunction: String) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }

  // MARK: help

  /// The usage line: `taproute decide [FILE] [--json] ...`.
  var usage: String {
    var parts = ["taproute", name]
    for argument in arguments {
      switch argument.arity {
      case .optional: parts.append("[\(argument.name)]")
      case .required: parts.append(argument.name)
      case .repeating: parts.append(argument.name + "...")
      }
    }
    for option in options {
      let text =
        option.value.map { "\(option.name) \(option.choices?.joined(separator: "|") ?? $0)" } ?? option.name
      parts.append(option.required ? text : "[\(text)]")
    }
    return parts.joined(separator: " ")
  }

  /// The full help text, generated from the declarations.
  var helpText: String {
    var text = "USAGE: \(usage)\n\n\(discussion)\n"
    let rows = options + [Self.help]
    let width = max(18, (arguments.map(\.name) + rows.map(Self.label)).map(\.count).max().map { $0 + 2 } ?? 0)
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in arguments { text += Self.row(argument.name, argument.help, width: width) }
    }
    text += "\nOPTIONS:\n"
    for option in rows { text += Self.row(Self.label(option), option.help, width: width) }
    text += "\nEXIT CODES:\n"
    text += CommandLineTool.exitCodeRows(success: success, finding: finding)
    if let example { text += "\nEXAMPLE:\n" + example.split(separator: "\n").map { "  \($0)\n" }.joined() }
    return text + "\n"
  }

  private static func label(_ option: Option) -> String {
    option.value.map { "\(option.name) \($0)" } ?? option.name
  }

  /// One help row: the label padded to `width`, the help's continuation lines indented.
  static func row(_ label: String, _ help: String, width: Int) -> String {
    let indent = String(repeating: " ", count: width + 2)
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    var out =
      "  " + label + String(repeating: " ", count: max(2, width - label.count)) + (lines.first ?? "") + "\n"
    for line in lines.dropFirst() { out += indent + line + "\n" }
    return out
  }
}
