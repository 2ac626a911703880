import TapRoute

/// `taproute decide` and `taproute explain`.
enum DecideCommand {
  static func help(explain: Bool) -> String {
    let name = explain ? "explain" : "decide"
    return """
      USAGE: taproute \(name) [FILE|-] [--json] [--lines] [--policies DIR]

      \(explain
        ? "Decides a situation and shows every rule tried before the deciding one, with the first\ncondition that failed. Human-readable unless --json."
        : "Decides what a situation does: outcome, URL, callbacks, presentation, deciding rule,\nevidence and confidence. Human-readable unless --json.")

      ARGUMENTS:
        FILE              a situation JSON file; standard input when absent or '-'

      OPTIONS:
        --json            print the decision as JSON
        --lines           read JSON Lines (one situation per line) and print one JSON
                          decision per line; a bad line is reported by its line number
                          and the others are still decided
        --policies DIR    decide with the policy files in DIR instead of the built-in ones
        -h, --help        show this help

      EXIT CODES: 0 decided, 1 the policies failed to load, 2 bad input.

      EXAMPLE:
        echo '{"event":"tap","app":{"installed":false,"published":true}}' | taproute \(name)

      """
  }

  static func run(_ arguments: [String], explain: Bool, io: IO) -> Int32 {
    let name = explain ? "explain" : "decide"
    if CommandLineTool.showsHelp(arguments, help(explain: explain), io: io) { return CommandLineTool.exitOK }
    guard
      let options = Options.parse(
        arguments, command: name, flags: ["--json", "--lines"], valued: ["--policies"], io: io)
    else { return CommandLineTool.exitInput }
    guard options.positional.count <= 1 else {
      io.err("taproute \(name): expected at most one FILE, got \(options.positional.count)\n")
      return CommandLineTool.exitInput
    }
    guard let input = CommandLineTool.readInput(options.positional.first, io: io) else {
      return CommandLineTool.exitInput
    }
    guard let engine = CommandLineTool.engine(policies: options.values["--policies"], io: io) else {
      return CommandLineTool.exitPolicy
    }
    let json = options.flags.contains("--json")
    if options.flags.contains("--lines") {
      return decideLines(input.bytes, name: input.name, engine: engine, explain: explain, io: io)
    }
    switch Situation.parse(input.bytes, file: input.name) {
    case .failure(let error):
      for diagnostic in error.diagnostics { io.err(diagnostic.description + "\n") }
      return CommandLineTool.exitInput
    case .success(let situation):
      let decision = explain ? engine.explain(situation) : engine.decide(situation)
      io.out(
        json
          ? DecisionText.json(decision, pretty: true) + "\n" : DecisionText.render(decision, trace: explain))
      return CommandLineTool.exitOK
    }
  }

  /// One situation per line; blank lines are skipped; a bad line does not stop the others.
  private static func decideLines(_ bytes: [UInt8], name: String, engine: Engine, explain: Bool, io: IO)
    -> Int32
  {
    var status = CommandLineTool.exitOK
    var lineNumber = 0
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      var text = Array(line)
      if text.last == UInt8(ascii: "\r") { text.removeLast() }
      if text.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
      switch Situation.parse(text, file: name) {
      case .failure(let error):
        status = CommandLineTool.exitInput
        let located = error.diagnostics.map { diagnostic -> Diagnostic in
          var d = diagnostic
          let column = d.location?.column ?? 1
          d.location = SourcePosition(line: lineNumber, column: column)
          return d
        }
        for diagnostic in located { io.err(diagnostic.description + "\n") }
        io.out(
          DecisionText.encode(LineError(line: lineNumber, errors: located.map(\.description)), pretty: false)
            + "\n")
      case .success(let situation):
        let decision = explain ? engine.explain(situation) : engine.decide(situation)
        io.out(DecisionText.json(decision, pretty: false) + "\n")
      }
    }
    return status
  }

  /// What `--lines` prints in place of a decision for a bad line.
  private struct LineError: Encodable {
    var line: Int
    var errors: [String]
  }
}
