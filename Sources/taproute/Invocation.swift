@_spi(Generated) import TapRoute
import TapRouteAASA
import TapRouteTools

/// The parsed arguments of one command line, read through the command's declarations.
struct Invocation {
  fileprivate var positional: [String] = []
  fileprivate var flags: Set<String> = []
  fileprivate var values: [String: String] = [:]
  /// Every value of an option that may repeat, in order.
  fileprivate var repeated: [String: [String]] = [:]
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
    let end = argument.declaration.repeats ? positional.count : min(start + 1, positional.count)
    return argument.convert(positional[start..<end])
  }

  subscript(flag: Flag) -> Bool {
    assert(declared.contains(flag.name), "\(flag.name) is read but not declared")
    return flags.contains(flag.name)
  }

  /// Every value given for the option, in order (none when not given).
  subscript(option: Repeated) -> [String] {
    assert(declared.contains(option.name), "\(option.name) is read but not declared")
    return repeated[option.name] ?? []
  }

  /// True when the command line gives the option (a flag, or an option with a value).
  func isGiven(_ option: any DeclaredOption) -> Bool {
    let name = option.declaration.name
    assert(declared.contains(name), "\(name) is read but not declared")
    return flags.contains(name) || values[name] != nil
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
      if option.repeats { invocation.repeated[option.name, default: []].append(value) }
    }
    for option in options where option.required && invocation.values[option.name] == nil {
      return usageError("\(option.name) \(option.value ?? "") is required", console)
    }
    for group in exclusive + oneOf {
      let given = group.filter { invocation.flags.contains($0.name) || invocation.values[$0.name] != nil }
      if given.count > 1 {
        return usageError("\(Self.list(given.map(\.name), "and")) exclude each other", console)
      }
    }
    for group in oneOf
    where !group.contains(where: { invocation.flags.contains($0.name) || invocation.values[$0.name] != nil })
    {
      // `--extension PATH is required, or --manifest FILE`: the first named as a lone required
      // option is, so the message of a command that had only the first stays as it was.
      let names = group.map { "\($0.name)\($0.value.map { " " + $0 } ?? "")" }
      return usageError(
        "\(names.first ?? "") is required, or \(Self.list(Array(names.dropFirst()), "or"))", console)
    }
    return checkArity(invocation, console: console)
  }

  private func checkArity(_ invocation: Invocation, console: Console) -> Invocation? {
    let count = invocation.positional.count
    let required = arguments.filter { $0.arity == .required || $0.arity == .repeating }.count
    let repeating = arguments.contains(where: \.repeats)
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
}
