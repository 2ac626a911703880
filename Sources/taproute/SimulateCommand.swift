import Foundation
import TapRoute

/// `taproute simulate`.
enum SimulateCommand {
  static let help = """
    USAGE: taproute simulate FILE [--json] [--policies DIR]

    Replays a session: a starting situation and state, then steps (tap a message, return to
    Messages, send a message, swipe to another iMessage app, dismiss the extension, delete or
    install the app). Each tap is decided by the same engine and tables as 'decide', from
    the state the earlier steps left; each step changes the state by the first matching
    rule of Policies/transitions.json. Prints each step's decision and the state after it.

    ARGUMENTS:
      FILE              a session file ('-' for standard input); see Policies/sessions/

    OPTIONS:
      --json            print the replay as JSON
      --policies DIR    use the policy files in DIR instead of the built-in ones
      -h, --help        show this help

    EXIT CODES: 0 replayed and every expected outcome met, 1 an expectation failed or the
    policies failed to load, 2 bad input or usage.

    """

  static func run(_ arguments: [String], io: IO) -> Int32 {
    if CommandLineTool.showsHelp(arguments, help, io: io) { return CommandLineTool.exitOK }
    guard
      let options = Options.parse(
        arguments, command: "simulate", flags: ["--json"], valued: ["--policies"], io: io)
    else { return CommandLineTool.exitInput }
    guard options.positional.count == 1 else {
      io.err(
        "taproute simulate: expected one session FILE, got \(options.positional.count); see 'taproute simulate --help'\n"
      )
      return CommandLineTool.exitInput
    }
    guard let input = CommandLineTool.readInput(options.positional[0], io: io) else {
      return CommandLineTool.exitInput
    }
    let session: Session
    switch Session.parse(input.bytes, file: input.name) {
    case .failure(let error):
      for diagnostic in error.diagnostics { io.err(diagnostic.description + "\n") }
      return CommandLineTool.exitInput
    case .success(let value): session = value
    }
    guard let engine = CommandLineTool.engine(policies: options.values["--policies"], io: io) else {
      return CommandLineTool.exitPolicy
    }
    if engine.policies.transitions.isEmpty {
      io.err("taproute simulate: the policies have no transitions.json, so steps cannot change the state\n")
      return CommandLineTool.exitPolicy
    }
    let result = Simulator.run(session, engine: engine)
    if options.flags.contains("--json") {
      io.out(DecisionText.encode(Output(result), pretty: true) + "\n")
    } else {
      io.out(Simulator.text(result))
    }
    return result.failures == 0 ? CommandLineTool.exitOK : CommandLineTool.exitPolicy
  }

  /// `simulate --json`.
  private struct Output: Encodable {
    struct Step: Encodable {
      var step: String
      var message: String?
      var decision: Decision?
      var transition: String?
      var state: SessionState
      var expected: Outcome?
      var met: Bool?
    }
    var name: String
    var start: SessionState
    var steps: [Step]
    var failures: Int

    init(_ result: Simulator.Result) {
      name = result.session.name
      start = result.session.start
      steps = result.steps.map {
        Step(
          step: $0.step.kind.rawValue, message: $0.step.message, decision: $0.decision,
          transition: $0.transition, state: $0.state, expected: $0.step.expect, met: $0.met)
      }
      failures = result.failures
    }
  }
}
