import Foundation
@_spi(Generated) import TapRoute
import TapRouteTools

/// `taproute simulate`.
enum SimulateCommand {
  static let file = Positional(
    required: "FILE", help: "a session file ('-' for standard input); see Policies/sessions/")
  static let json = Flag.json("print the replay as JSON")
  static let policies = Option<String>.policies
  static let format = Option<Format>(
    name: "--format", value: "FORMAT",
    help:
      "text (default), json (the same as --json), or the replay as a sequence\ndiagram: svg (a standalone SVG) or mermaid (for Markdown)"
  )

  /// What `simulate` prints.
  enum Format: String, CaseIterable, Sendable {
    case text, json, svg, mermaid
  }

  static let spec = CommandSpec(
    name: "simulate",
    summary: "replay a multi-step session (tap, return, send, swipe, ...)",
    discussion: """
      Replays a session: a starting situation and state, then steps (tap a message, return to
      Messages, send a message, swipe to another iMessage app, dismiss the extension, delete or
      install the app), or taps of another surface (a widget, ...) with returns to the Home
      Screen, the app running once opened. Each tap is decided by the same engine and tables
      as 'decide', from the state the earlier steps left; each step changes the state by the
      first matching rule of Policies/transitions.json. Prints each step's decision, the
      app's callbacks it fires and the state after it.
      """,
    arguments: [file],
    options: [json, format, policies],
    success: "replayed, and every expected outcome and app callback met",
    finding: "an expectation failed, or the policies failed to load",
    run: { invocation, console throws(CommandExit) in try run(invocation, console: console) })

  private static func run(_ invocation: Invocation, console: Console) throws(CommandExit) -> Int32 {
    guard let input = console.read(invocation[file], limit: Session.maximumBytes, what: "session")
    else {
      return CommandLineTool.exitInput
    }
    let session: Session
    switch Session.parse(input.bytes, file: input.name) {
    case .failure(let error):
      console.report(error.diagnostics, omitted: error.omitted)
      return CommandLineTool.exitInput
    case .success(let value): session = value
    }
    let engine = try CommandLineTool.engine(policies: invocation[policies], console: console)
    if engine.policies.transitions.isEmpty {
      console.usageError(
        "taproute simulate: the policies have no transitions.json, so steps cannot change the state")
      return CommandLineTool.exitFinding
    }
    let result = Simulator.run(session, engine: engine)
    switch invocation[json] ? .json : invocation[format] ?? .text {
    case .json: console.out(DecisionText.encode(Output(result), pretty: true) + "\n")
    case .text: console.out(Simulator.text(result))
    case .svg: console.out(SequenceDiagram(simulation: result).svg)
    case .mermaid: console.out(SequenceDiagram(simulation: result).mermaid)
    }
    return result.failures == 0 ? CommandLineTool.exitOK : CommandLineTool.exitFinding
  }

  /// `simulate --json`.
  private struct Output: Encodable {
    struct Step: Encodable {
      var step: String
      var message: String?
      var session: SessionStep.MessageSession?
      var callbacks: [Situation.Callback]?
      var redirectHook: Situation.Callback?
      var decision: Decision?
      /// For a tap that launches the container app: its callbacks, in order.
      var appCallbacks: [AppCallback]?
      var transition: String?
      var state: SessionState
      var expected: Outcome?
      var expectedAppCallbacks: [AppCallback]?
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
          step: $0.step.kind.rawValue, message: $0.step.message, session: $0.step.session,
          callbacks: $0.callbacks, redirectHook: $0.redirectHook, decision: $0.decision,
          appCallbacks: $0.appCallbacks, transition: $0.transition, state: $0.state, expected: $0.step.expect,
          expectedAppCallbacks: $0.step.expectAppCallbacks, met: $0.met)
      }
      failures = result.failures
    }
  }
}
