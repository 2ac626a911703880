@_spi(Generated) import TapRoute
import TapRouteAASA
import TapRouteTools

/// `taproute decide` and `taproute explain`.
enum DecideCommand {
  static let decide = spec(explain: false)
  static let explain = spec(explain: true)

  static let file = Positional(
    optional: "FILE", help: "a situation JSON file; standard input when absent or '-'")
  static let json = Flag.json("print the decision as JSON")
  static let lines = Flag(
    name: "--lines",
    help: """
      read JSON Lines (one situation per line), deciding and printing each line
      as it arrives; every output carries its input line number (blank lines are
      skipped but counted); a bad line is reported and the others still decided
      """)
  static let policies = Option<String>.policies
  static let format = Option<Format>(
    name: "--format", value: "FORMAT",
    help:
      "text (default), json (the same as --json), or the decision as a sequence\ndiagram: svg (a standalone SVG) or mermaid (for Markdown)"
  )

  /// What `explain` prints.
  enum Format: String, CaseIterable, Sendable {
    case text, json, svg, mermaid
  }

  private static func spec(explain: Bool) -> CommandSpec {
    let name = explain ? "explain" : "decide"
    return CommandSpec(
      name: name,
      summary: explain
        ? "decide, and show every rule tried before the deciding one" : "decide what a situation does",
      discussion: explain
        ? """
        Decides a situation and shows every rule tried before the deciding one, with the first
        condition that failed. Human-readable unless --json.
        """
        : """
        Decides what a situation does: outcome, URL, callbacks, presentation, deciding rule,
        evidence and confidence. Human-readable unless --json.
        """,
      arguments: [file],
      options: explain ? [json, lines, format, policies] : [json, lines, policies],
      success: explain ? "explained" : "decided",
      finding: "the policies failed to load",
      example: """
        echo '{"event":"tap","app":{"installed":false,"published":true}}' | taproute \(name)
        printf '{"event":"tap"}\\n\\n{"event":"open"}\\n' | taproute \(name) --lines --json
        """,
      run: { invocation, console throws(CommandExit) in
        try run(invocation, explain: explain, console: console)
      })
  }

  private static func run(_ invocation: Invocation, explain: Bool, console: Console) throws(CommandExit)
    -> Int32
  {
    // Only explain declares --format.
    let drawn = explain ? invocation[format] : nil
    let json = invocation[Self.json] || drawn == .json
    let path = invocation[file]
    if invocation[lines] {
      if let drawn, drawn == .svg || drawn == .mermaid {
        console.usageError(
          "taproute \(explain ? "explain" : "decide"): \(format.name) \(drawn.rawValue) draws one situation; \(lines.name) reads many"
        )
        return CommandLineTool.exitInput
      }
      // Open first: a missing FILE is bad input even when the policies are fine.
      let fd: FileDescriptor
      let name: String
      do { (fd, name) = try InputFile.open(path) } catch {
        console.report(error.diagnostics)
        return CommandLineTool.exitInput
      }
      defer { if fd.rawValue != FileDescriptor.standardInput.rawValue { fd.close() } }
      let engine = try CommandLineTool.engine(policies: invocation[policies], console: console)
      return decideLines(fd, name: name, engine: engine, explain: explain, json: json, console: console)
    }
    guard
      let input = console.read(path, limit: Situation.maximumDocumentBytes, what: "situation")
    else { return CommandLineTool.exitInput }
    let engine = try CommandLineTool.engine(policies: invocation[policies], console: console)
    switch Situation.parse(input.bytes, file: input.name) {
    case .failure(let error):
      console.report(error.diagnostics, omitted: error.omitted)
      return CommandLineTool.exitInput
    case .success(let situation):
      let decision = explain ? engine.explain(situation) : engine.decide(situation)
      switch drawn {
      case .svg?:
        console.out(SequenceDiagram(decision: decision, situation: situation).svg)
        return CommandLineTool.exitOK
      case .mermaid?:
        console.out(SequenceDiagram(decision: decision, situation: situation).mermaid)
        return CommandLineTool.exitOK
      case .json?, .text?, nil: break
      }
      let policies = explain ? engine.policies : nil
      console.out(
        json
          ? DecisionText.json(
            decision, pretty: true, explained: policies.map { DecisionText.Explanation(decision, $0) }) + "\n"
          : Self.androidFiles(situation) + DecisionText.render(decision, trace: explain, policies: policies))
      return CommandLineTool.exitOK
    }
  }

  /// For a link on Android with the app's files: what they decide and why, a line each, and
  /// which facts the situation states otherwise (a stated fact is the device's record, and wins).
  static func androidFiles(_ situation: Situation) -> String {
    guard let facts = situation.androidFileFacts, !facts.reasons.isEmpty else { return "" }
    var lines = ["from the app's files:"] + facts.reasons.map { "  - " + $0 }
    let android = situation.android
    var stated: [String] = []
    if let v = facts.filter, v != android.filter { stated.append("filter \(android.filter.rawValue)") }
    if let v = facts.domainState, v != android.domainState {
      stated.append("domainState \(android.domainState.rawValue)")
    }
    if let v = facts.allHostsVerified, v != android.allHostsVerified {
      stated.append("allHostsVerified \(android.allHostsVerified)")
    }
    if let v = facts.dynamicRule, v != android.dynamicRule {
      stated.append("dynamicRule \(android.dynamicRule.rawValue)")
    }
    if !stated.isEmpty {
      lines.append(
        "  stated instead (the device's record, which the decision reads): " + stated.joined(separator: ", "))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One situation per line, each decided and written as soon as its line is complete, in
  /// constant memory. Blank lines are skipped but counted; a bad line does not stop the
  /// others; a failed write to standard output stops the loop.
  ///
  /// Output collects in one buffer, written when it passes ``flushBytes`` and whenever the
  /// reader is about to wait for more input, so a pipe that delivers one line at a time gets
  /// each answer at once and a large file is written in large chunks. JSON goes through
  /// ``JSONWriter``, the same bytes `JSONEncoder` writes at a fraction of the cost.
  private static func decideLines(
    _ fd: FileDescriptor, name: String, engine: Engine, explain: Bool, json: Bool, console: Console
  ) -> Int32 {
    var status = CommandLineTool.exitOK
    var reader = LineReader(fd, maximumBytes: Situation.maximumDocumentBytes)
    var out = JSONWriter(capacity: flushBytes + Situation.maximumDocumentBytes)
    let cache = AASAFilesCache()
    func flush() {
      guard !out.bytes.isEmpty else { return }
      console.out(out.bytes)
      out.removeAll()
    }
    defer { flush() }
    while console.canWrite {
      let line: LineReader.Line
      do {
        guard let next = try reader.next(beforeReading: flush) else { break }
        line = next
      } catch {
        flush()
        console.report([InputFile.unreadable(name, error)])
        return CommandLineTool.exitInput
      }
      let result: Result<Situation, DiagnosticsError>
      switch line.content {
      case .tooLong:
        var d = InputFile.tooLarge(name, what: "situation", limit: Situation.maximumDocumentBytes, size: nil)
        d.location = SourcePosition(line: line.number, column: 1)
        result = .failure(DiagnosticsError([d]))
      case .text(let text):
        if text.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
        result = Situation.parse(text, file: name, cache: cache)
      }
      switch result {
      case .failure(let error):
        status = CommandLineTool.exitInput
        // The parser saw one line: its line 1 is the input's line `line.number`.
        let located = error.diagnostics.map { diagnostic -> Diagnostic in
          var d = diagnostic
          d.location = SourcePosition(line: line.number, column: d.location?.column ?? 1)
          return d
        }
        // Standard error is not buffered: what is buffered goes first, so the two streams
        // stay in order when they share a file.
        flush()
        for text in Diagnostic.report(located, omitted: error.omitted) { console.err(text + "\n") }
        if json {
          ErrorLine(line: line.number, errors: ErrorLine.entries(located, omitted: error.omitted)).write(
            to: &out)
          out.raw("\n")
        } else {
          out.raw(
            "line \(line.number): error (\(Words.count(error.diagnostics.count + error.omitted, "problem")) on standard error)\n"
          )
        }
      case .success(let situation):
        let decision = explain ? engine.explain(situation) : engine.decide(situation)
        let policies = explain ? engine.policies : nil
        if json {
          out.decision(
            decision, line: line.number, explained: policies.map { DecisionText.Explanation(decision, $0) })
          out.raw("\n")
        } else {
          let text = DecisionText.render(decision, trace: explain, policies: policies)
          out.raw(
            "line \(line.number):\n"
              + text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "  \($0)\n" }
              .joined())
        }
      }
      if out.bytes.count >= flushBytes { flush() }
    }
    return status
  }

  /// The size at which `--lines` output is written without waiting for the reader to block.
  private static let flushBytes = 1 << 18
}
