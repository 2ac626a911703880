import TapRoute

/// `taproute matrix`.
enum MatrixCommand {
  static let file = Positional(
    optional: "FILE", help: "a message JSON file; standard input when absent or '-'")
  static let json = Flag.json("print the rows as JSON: {\"message\", \"versionCuts\", \"rows\"}")
  static let markdown = Flag(name: "--markdown", help: "print a Markdown table, ready for a README")
  static let policies = Option<String>.policies

  static let spec = CommandSpec(
    name: "matrix",
    summary: "what every kind of recipient sees when they tap one message",
    discussion: """
      Lists what a tap on one message does for every kind of recipient: platform, OS
      version band (cut where the tables name a version), app installed, enabled in
      Messages, extension running, message already selected. The input is what the sender
      controls, the "app" and "tap" parts of a situation ({"app": {"hasContainerApp",
      "published"}, "tap": {"url", "target", "afterDrawerSwipe", "redirect"}}); the facts
      that vary by recipient are refused. Recipients that decide the same (outcome, rule,
      confidence, callbacks, presentation) share one row; "any" means every value. The
      rows come from the tables' own partition, not from trying every combination.
      """,
    arguments: [file],
    options: [json, markdown, policies],
    exclusive: [[json, markdown]],
    success: "the matrix was printed",
    finding: "the policies failed to load",
    example: """
      echo '{"tap":{"url":"https://example.com/r/1"}}' | taproute matrix
      echo '{"app":{"hasContainerApp":false}}' | taproute matrix --markdown
      """,
    run: { invocation, console throws(CommandExit) in try run(invocation, console: console) })

  /// Runs `matrix`: the binary's one copy of the command, which the tests run too.
  private static func run(_ invocation: Invocation, console: Console) throws(CommandExit) -> Int32 {
    guard
      let input = console.read(
        invocation[file], limit: Situation.maximumDocumentBytes, what: "message")
    else { return CommandLineTool.exitInput }
    let message: Situation
    switch Matrix.parseMessage(input.bytes, file: input.name) {
    case .failure(let error):
      console.report(error.diagnostics, omitted: error.omitted)
      return CommandLineTool.exitInput
    case .success(let value): message = value
    }
    let engine = try CommandLineTool.engine(policies: invocation[policies], console: console)
    let format: MatrixText.Format = invocation[json] ? .json : invocation[markdown] ? .markdown : .text
    console.out(MatrixText.render(Matrix(message: message, engine: engine), format: format))
    return CommandLineTool.exitOK
  }
}
