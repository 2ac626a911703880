import TapRoute

/// One command of the grammar, declared once: the parser, the help text and the dispatch all
/// read this value (the way swift-argument-parser's HelpGenerator reads the declarations its
/// parser uses), so an option cannot be accepted without being documented or the reverse.
///
/// A command declares its options as typed values (``Flag``, ``Option``) and reads them back
/// through the same values (`invocation[Self.markdown]`), never by name: renaming an option
/// renames what the command reads.
struct CommandSpec: Sendable {
  /// A positional argument.
  struct Argument: Sendable {
    enum Arity: Sendable { case optional, required, repeating }
    var name: String
    var arity: Arity
    var help: String
  }

  var name: String
  var summary: String
  var discussion: String
  /// The positional arguments, in order; only the last may repeat.
  var arguments: [Argument] = []
  /// The options, in the order the usage line and the help list them.
  var options: [OptionDeclaration]
  /// Groups of options of which a command line may give at most one.
  var exclusive: [[OptionDeclaration]] = []
  /// What exit code 0 and 1 mean for this command (2 and 3 mean the same for every command).
  var success: String
  var finding: String
  var example: String? = nil
  var run: @Sendable (Invocation, Console) throws(CommandExit) -> Int32

  init(
    name: String, summary: String, discussion: String, arguments: [any DeclaredArgument] = [],
    options: [any DeclaredOption], exclusive: [[any DeclaredOption]] = [], success: String, finding: String,
    example: String? = nil, run: @escaping @Sendable (Invocation, Console) throws(CommandExit) -> Int32
  ) {
    self.name = name
    self.summary = summary
    self.discussion = discussion
    self.arguments = arguments.map(\.declaration)
    self.options = options.map(\.declaration)
    self.exclusive = exclusive.map { $0.map(\.declaration) }
    self.success = success
    self.finding = finding
    self.example = example
    self.run = run
  }

  /// True when the command declares `--json`.
  var takesJSON: Bool { options.contains { $0.name == Flag.jsonName } }

  /// The options every command understands without declaring them.
  static let help = Flag(name: "--help", short: "-h", help: "show this help")
}

/// A command stopped after reporting why; `status` is its exit code.
struct CommandExit: Error {
  var status: Int32
}

/// What the parser and the help know of an option, whatever its value's type.
struct OptionDeclaration: Sendable {
  var name: String
  /// A second, one-letter spelling (`-h`).
  var short: String? = nil
  /// The value's placeholder (`DIR`); nil for a flag.
  var value: String? = nil
  var required = false
  /// The values accepted, when they are a fixed set (checked by the parser).
  var choices: [String]? = nil
  var help: String
  /// Why a value is refused (checked by the parser), or nil when it is accepted.
  var refusal: (@Sendable (String) -> String?)? = nil

  /// The spellings the command line may use.
  var spellings: [String] { [short, name].compactMap { $0 } }
}

/// A typed option a command declares, and later reads through the same value.
protocol DeclaredOption: Sendable {
  var declaration: OptionDeclaration { get }
}

/// An option without a value (`--json`): true when given.
struct Flag: DeclaredOption {
  let declaration: OptionDeclaration
  var name: String { declaration.name }

  init(name: String, short: String? = nil, help: String) {
    declaration = OptionDeclaration(name: name, short: short, help: help)
  }

  /// The name of the flag every command has: output, and errors, as JSON.
  static let jsonName = "--json"

  /// The `--json` flag, with what it prints for this command.
  static func json(_ help: String) -> Flag { Flag(name: jsonName, help: help) }
}

/// An option taking one value, parsed to `Value` when the command line is parsed: a bad value
/// is a usage error before the command runs, so the command reads a checked, typed value.
struct Option<Value: Sendable>: DeclaredOption {
  let declaration: OptionDeclaration
  fileprivate let convert: @Sendable (String) -> Value?
  var name: String { declaration.name }

  /// An option whose value is any text, or text `refusal` accepts (it returns why not).
  init(
    name: String, value: String, required: Bool = false, help: String,
    refusal: (@Sendable (String) -> String?)? = nil
  ) where Value == String {
    declaration = OptionDeclaration(
      name: name, value: value, required: required, help: help, refusal: refusal)
    convert = { $0 }
  }

  /// An option whose value is one of the cases of `Value`, by raw value.
  init(name: String, value: String, required: Bool = false, help: String)
  where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    declaration = OptionDeclaration(
      name: name, value: value, required: required, choices: Value.allCases.map(\.rawValue), help: help)
    convert = { Value(rawValue: $0) }
  }

  /// The `--policies DIR` option of every command that reads policies.
  static var policies: Option<String> {
    Option<String>(
      name: "--policies", value: "DIR", help: "use the policy files in DIR instead of the built-in ones")
  }
}

/// A positional argument a command declares, and later reads through the same value.
protocol DeclaredArgument: Sendable {
  var declaration: CommandSpec.Argument { get }
}

/// A typed positional argument: `String?` when optional, `String` when required, `[String]`
/// when it repeats; the parser has checked the count before the command reads it.
struct Positional<Value: Sendable>: DeclaredArgument {
  let declaration: CommandSpec.Argument
  /// The value from the arguments given for this one (at most one unless it repeats).
  fileprivate let convert: @Sendable (ArraySlice<String>) -> Value

  init(optional name: String, help: String) where Value == String? {
    declaration = .init(name: name, arity: .optional, help: help)
    convert = { $0.first }
  }

  init(required name: String, help: String) where Value == String {
    declaration = .init(name: name, arity: .required, help: help)
    convert = { $0.first ?? "" }
  }

  init(repeating name: String, help: String) where Value == [String] {
    declaration = .init(name: name, arity: .repeating, help: help)
    convert = { Array($0) }
  }
}

/// The parsed arguments of one command line, read through the command's declarations.
struct Invocation {
  fileprivate var positional: [String] = []
  fileprivate var flags: Set<String> = []
  fileprivate var values: [String: String] = [:]
  /// The names the command declares: reading anything else is a mistake in the command.
  fileprivate var declared: Set<String> = []
  /// The command's positional arguments' names, in order.
  fileprivate var argumentNames: [String] = []

  /// The argument's value: the positional argument at its place, or, for the last one that
  /// repeats, every argument from there.
  subscript<Value>(argument: Positional<Value>) -> Value {
    let index = argumentNames.firstIndex(of: argument.declaration.name)
    assert(index != nil, "\(argument.declaration.name) is read but not declared")
    let start = min(index ?? positional.count, positional.count)
    let end = argument.declaration.arity == .repeating ? positional.count : min(start + 1, positional.count)
    return argument.convert(positional[start..<end])
  }

  subscript(flag: Flag) -> Bool {
    assert(declared.contains(flag.name), "\(flag.name) is read but not declared")
    return flags.contains(flag.name)
  }

  /// The option's value, nil when not given (never nil for a required option).
  subscript<Value>(option: Option<Value>) -> Value? {
    assert(declared.contains(option.name), "\(option.name) is read but not declared")
    return values[option.name].flatMap(option.convert)
  }
}

extension CommandSpec {
  /// Parses `arguments` against the declared arguments and options; nil after reporting a
  /// usage error.
  func parse(_ arguments: [String], console: Console) -> Invocation? {
    var invocation = Invocation()
    invocation.declared = Set(options.map(\.name))
    invocation.argumentNames = self.arguments.map(\.name)
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
      guard let option = options.first(where: { $0.spellings.contains(name) }) else {
        let hint =
          JSONReader.nearest(name, in: options.map(\.name)).map { " (did you mean \"\($0)\"?)" } ?? ""
        return usageError("unknown option \(Words.quoted(argument))\(hint)", console)
      }
      guard option.value != nil else {
        if attached != nil { return usageError("option \(name) takes no value", console) }
        invocation.flags.insert(option.name)
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
      if let refusal = option.refusal?(value) { return usageError("\(name) \(refusal)", console) }
      invocation.values[option.name] = value
    }
    for option in options where option.required && invocation.values[option.name] == nil {
      return usageError("\(option.name) \(option.value ?? "") is required", console)
    }
    for group in exclusive {
      let given = group.filter { invocation.flags.contains($0.name) || invocation.values[$0.name] != nil }
      if given.count > 1 {
        return usageError("\(Self.list(given.map(\.name), "and")) exclude each other", console)
      }
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

  /// The usage line: `taproute decide [FILE] [--json] ...`; options that exclude each other
  /// share one bracket, `[--json | --markdown]`.
  var usage: String {
    var parts = ["taproute", name]
    for argument in arguments {
      switch argument.arity {
      case .optional: parts.append("[\(argument.name)]")
      case .required: parts.append(argument.name)
      case .repeating: parts.append(argument.name + "...")
      }
    }
    var shown: Set<String> = []
    for option in options where !shown.contains(option.name) {
      let group = exclusive.first { $0.contains { $0.name == option.name } } ?? [option]
      shown.formUnion(group.map(\.name))
      let text = group.map(Self.usageText).joined(separator: " | ")
      parts.append(group.count == 1 && option.required ? text : "[\(text)]")
    }
    return parts.joined(separator: " ")
  }

  private static func usageText(_ option: OptionDeclaration) -> String {
    option.value.map { "\(option.name) \(option.choices?.joined(separator: "|") ?? $0)" } ?? option.name
  }

  /// The full help text, generated from the declarations.
  var helpText: String {
    var text = "USAGE: \(usage)\n\n\(discussion)\n"
    let rows = options + [Self.help.declaration]
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

  /// An option's label in the help: its spellings, then its value's placeholder.
  static func label(_ option: OptionDeclaration) -> String {
    let names = option.spellings.joined(separator: ", ")
    return option.value.map { "\(names) \($0)" } ?? names
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
