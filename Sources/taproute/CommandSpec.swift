@_spi(Generated) import TapRoute
import TapRouteTools

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
    /// `optionalRepeating`: zero or more (`[URL...]`); `repeating`: one or more.
    enum Arity: Sendable { case optional, required, repeating, optionalRepeating }
    /// True for the arities that take every remaining argument.
    var repeats: Bool { arity == .repeating || arity == .optionalRepeating }
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
  /// Groups of options of which a command line must give exactly one (`--extension` or
  /// `--manifest`): the usage line shows each as `(a | b)`.
  var oneOf: [[OptionDeclaration]] = []
  /// What exit code 0 and 1 mean for this command (2 and 3 mean the same for every command).
  var success: String
  var finding: String
  var example: String? = nil
  var run: @Sendable (Invocation, Console) throws(CommandExit) -> Int32

  init(
    name: String, summary: String, discussion: String, arguments: [any DeclaredArgument] = [],
    options: [any DeclaredOption], exclusive: [[any DeclaredOption]] = [], oneOf: [[any DeclaredOption]] = [],
    success: String, finding: String, example: String? = nil,
    run: @escaping @Sendable (Invocation, Console) throws(CommandExit) -> Int32
  ) {
    self.name = name
    self.summary = summary
    self.discussion = discussion
    self.arguments = arguments.map(\.declaration)
    self.options = options.map(\.declaration)
    self.exclusive = exclusive.map { $0.map(\.declaration) }
    self.oneOf = oneOf.map { $0.map(\.declaration) }
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

extension CommandSpec {
  /// `a, b or c`.
  static func list(_ items: [String], _ conjunction: String) -> String {
    guard let last = items.last, items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }

  // MARK: help

  /// The usage line: `taproute decide [FILE] [--json] ...`; options that exclude each other
  /// share one bracket, `[--json | --markdown]`, and a choice that must be made is in
  /// parentheses, `(--extension PATH | --manifest FILE)`.
  var usage: String {
    var parts = ["taproute", name]
    for argument in arguments {
      switch argument.arity {
      case .optional: parts.append("[\(argument.name)]")
      case .required: parts.append(argument.name)
      case .repeating: parts.append(argument.name + "...")
      case .optionalRepeating: parts.append("[\(argument.name)...]")
      }
    }
    var shown: Set<String> = []
    for option in options where !shown.contains(option.name) {
      let choice = oneOf.first { $0.contains { $0.name == option.name } }
      let group = choice ?? exclusive.first { $0.contains { $0.name == option.name } } ?? [option]
      shown.formUnion(group.map(\.name))
      let text = group.map(Self.usageText).joined(separator: " | ")
      if choice != nil {
        parts.append("(\(text))")
      } else {
        parts.append(group.count == 1 && option.required ? text : "[\(text)]")
      }
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
    for option in rows {
      text += Self.row(
        Self.label(option), option.help + (option.repeats ? " (may repeat)" : ""), width: width)
    }
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
