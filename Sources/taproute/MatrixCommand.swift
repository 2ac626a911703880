import TapRoute

/// `taproute matrix`.
enum MatrixCommand {
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
    arguments: [
      .init(name: "FILE", arity: .optional, help: "a message JSON file; standard input when absent or '-'")
    ],
    options: [
      CommandSpec.json("print the rows as JSON: {\"message\", \"versionCuts\", \"rows\"}"),
      .init(name: "--markdown", help: "print a Markdown table, ready for a README"),
      CommandSpec.policies,
    ],
    success: "the matrix was printed",
    finding: "the policies failed to load",
    example: """
      echo '{"tap":{"url":"https://example.com/r/1"}}' | taproute matrix
      echo '{"app":{"hasContainerApp":false}}' | taproute matrix --markdown
      """,
    run: { invocation, console in run(invocation, console: console) })

  private static func run(_ invocation: Invocation, console: Console) -> Int32 {
    let json = invocation.flag("--json")
    if json && invocation.flag("--markdown") {
      console.usageError(
        "taproute matrix: --json and --markdown exclude each other; see 'taproute matrix --help'")
      return CommandLineTool.exitInput
    }
    guard
      let input = console.read(
        invocation.positional.first, limit: Situation.maximumDocumentBytes, what: "message")
    else { return CommandLineTool.exitInput }
    let message: Situation
    switch Matrix.parseMessage(input.bytes, file: input.name) {
    case .failure(let error):
      console.report(error.diagnostics, omitted: error.omitted)
      return CommandLineTool.exitInput
    case .success(let value): message = value
    }
    guard let engine = CommandLineTool.engine(policies: invocation.value("--policies"), console: console)
    else { return CommandLineTool.exitFinding }
    let format: MatrixText.Format = json ? .json : invocation.flag("--markdown") ? .markdown : .text
    console.out(MatrixText.render(Matrix(message: message, engine: engine), format: format))
    return CommandLineTool.exitOK
  }
}
