import TapRouteTools

/// The typed declarations of a command's options and positional arguments.
///
/// A command declares each as a static value (`static let markdown = Flag(...)`), lists them
/// in its ``CommandSpec``, and reads them back through the same value from the ``Invocation``:
/// the parser, the help and the command all read one declaration.

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
  /// True when the option may be given more than once, each value kept.
  var repeats = false

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
  let convert: @Sendable (String) -> Value?
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

  /// An option whose value `convert` reads from text `refusal` accepts.
  init(
    name: String, value: String, help: String, refusal: @escaping @Sendable (String) -> String?,
    convert: @escaping @Sendable (String) -> Value?
  ) {
    declaration = OptionDeclaration(name: name, value: value, help: help, refusal: refusal)
    self.convert = convert
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

/// An option taking a value that may be given more than once (`--cacert A --cacert B`): the
/// values in the order given, each checked by `refusal`.
struct Repeated: DeclaredOption {
  let declaration: OptionDeclaration
  var name: String { declaration.name }

  init(name: String, value: String, help: String, refusal: (@Sendable (String) -> String?)? = nil) {
    declaration = OptionDeclaration(name: name, value: value, help: help, refusal: refusal, repeats: true)
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
  let convert: @Sendable (ArraySlice<String>) -> Value

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

  /// Zero or more arguments, the last declared (`[URL...]`).
  init(optionalRepeating name: String, help: String) where Value == [String] {
    declaration = .init(name: name, arity: .optionalRepeating, help: help)
    convert = { Array($0) }
  }
}
