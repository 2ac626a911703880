@_spi(Generated) import TapRoute
import TapRouteAASA
import TapRouteTools

/// `taproute matrix`.
enum MatrixCommand {
  static let file = Positional(
    optional: "FILE", help: "a message or situation JSON file; standard input when absent or '-'")
  static let json = Flag.json(
    "print the rows as JSON: {\"event\", \"columns\", \"message\", \"versionCuts\", \"rows\"}, each row's recipient keyed by fact"
  )
  static let vary = Option<String>(
    name: "--vary", value: "FACT[,FACT...]",
    help:
      "the facts that become columns, in this order: facts the event's table declares and the input leaves out (default: a tap's recipient facts; any other event's every such fact)",
    refusal: { facts(in: $0).failure })
  static let markdown = Flag(name: "--markdown", help: "print a Markdown table, ready for a README")
  static let svg = Flag(
    name: "--svg",
    help:
      "draw the rows as a flow chart, a standalone SVG: a question per row naming its values, each yes leading to what the row decides (summary, rule, confidence, other readings of a contested rule); one too tall for a screen is set in columns"
  )
  static let mermaid = Flag(
    name: "--mermaid", help: "draw the same flow chart as Mermaid text, for Markdown that GitHub renders")
  static let policies = Option<String>.policies

  static let spec = CommandSpec(
    name: "matrix",
    summary: "what every kind of recipient sees when they tap one message (any event: over chosen facts)",
    discussion: """
      Lists what a tap on one message does for every kind of recipient: platform, OS
      version band (cut where the tables name a version), app installed, enabled in
      Messages, extension running, message already selected. The input is what the sender
      controls, the "app" and "tap" parts of a situation (whether the app has a container
      app and is published; the message's URL and target, whether the tap follows a drawer
      swipe, and the redirect); the facts that vary by recipient are refused. Recipients
      that decide the same (outcome, rule, confidence, callbacks, presentation) share one
      row; "any" means every value. The rows come from the tables' own partition, not from
      trying every combination.

      The input may instead be a situation of any event ({"event": "open", ...}); without
      "event" it is a tap. --vary names the facts that become columns, in its order: any
      fact the event's table declares and the event reads, that the input leaves out. For
      a tap it defaults to the recipient facts above (the input may then give any other);
      for any other event, to every such fact the input leaves out. A URL's scheme class
      and percent-encoding need vary through the URL: pairs no URL has are left out.
      Unknown, repeated or given facts are usage errors.

      --svg and --mermaid draw the rows as a flow chart: one question per row, naming
      the values of each column the row restricts ("any" columns are not asked), whose
      "yes" leads to the row's outcome, deciding rule and confidence, and a contested
      rule's other readings. The rows are disjoint and cover every situation, so every
      row's question is asked, the last one's too, and none is left undecided.
      """,
    arguments: [file],
    options: [vary, json, markdown, svg, mermaid, policies],
    exclusive: [[json, markdown, svg, mermaid]],
    success: "the matrix was printed",
    finding: "the policies failed to load",
    example: """
      echo '{"tap":{"url":"https://example.com/r/1"}}' | taproute matrix
      echo '{"app":{"hasContainerApp":false}}' | taproute matrix --markdown
      echo '{"event":"open"}' | taproute matrix --vary extensionPoint,urlClass
      echo '{"event":"link","link":{"url":"https://example.com/item/1"}}' | taproute matrix --vary from --svg
      """,
    run: { invocation, console throws(CommandExit) in try run(invocation, console: console) })

  /// Runs `matrix`: the binary's one copy of the command, which the tests run too.
  private static func run(_ invocation: Invocation, console: Console) throws(CommandExit) -> Int32 {
    guard
      let input = console.read(
        invocation[file], limit: Situation.maximumDocumentBytes, what: "message")
    else { return CommandLineTool.exitInput }
    let columns: [Fact]?
    switch invocation[vary].map(facts(in:)) {
    case .failure(let problem)?:
      console.usageError("taproute matrix: \(vary.name) \(problem)")
      return CommandLineTool.exitInput
    case .success(let named)?: columns = named
    case nil: columns = nil
    }
    let message: Situation
    switch Matrix.parseMessage(input.bytes, file: input.name, refusingRecipients: columns == nil) {
    case .failure(let error):
      console.report(error.diagnostics, omitted: error.omitted)
      return CommandLineTool.exitInput
    case .success(let value): message = value
    }
    let engine = try CommandLineTool.engine(policies: invocation[policies], console: console)
    let chosen = columns ?? Matrix.defaultColumns(for: message, policies: engine.policies)
    if let problem = Matrix.columnProblem(chosen, message: message, policies: engine.policies) {
      console.usageError("taproute matrix: \(columns == nil ? "" : vary.name + ": ")\(problem)")
      return CommandLineTool.exitInput
    }
    let formats: [(Flag, MatrixText.Format)] = [
      (json, .json), (markdown, .markdown), (svg, .svg), (mermaid, .mermaid),
    ]
    let format = formats.first { invocation[$0.0] }?.1 ?? .text
    console.out(MatrixText.render(Matrix(message: message, engine: engine, columns: chosen), format: format))
    return CommandLineTool.exitOK
  }

  /// The facts a `--vary` value names, or why it names none: a comma-separated list of fact
  /// names, each once.
  static func facts(in value: String) -> Result<[Fact], FactListProblem> {
    let names = value.split(separator: ",", omittingEmptySubsequences: false).map {
      String($0).trimmingCharacters(in: .whitespaces)
    }
    let valid = Fact.allCases.map(\.rawValue).joined(separator: ", ")
    var facts: [Fact] = []
    for name in names {
      guard !name.isEmpty else {
        return .failure(
          FactListProblem(
            "names no fact in \(Words.quoted(value)); give one or more of \(valid), separated by commas"))
      }
      guard let fact = Fact(rawValue: name) else {
        return .failure(FactListProblem("\(Words.quoted(name)) is no fact; the facts are \(valid)"))
      }
      guard !facts.contains(fact) else { return .failure(FactListProblem("names \(name) twice")) }
      facts.append(fact)
    }
    return .success(facts)
  }

  /// Why a `--vary` value is refused.
  struct FactListProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }
}

extension Result {
  /// The failure's description, or nil on success.
  fileprivate var failure: String? {
    if case .failure(let error) = self { return String(describing: error) }
    return nil
  }
}
