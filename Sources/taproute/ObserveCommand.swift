@_spi(Generated) import TapRoute
import TapRouteTools

/// `taproute observe`.
enum ObserveCommand {
  static let paths = Positional(
    repeating: "FILE|DIR", help: "an observation file, or a folder of them ('-' for standard input)")
  static let json = Flag.json("print the report (and the drafts) as JSON")
  static let evidence = Flag(
    name: "--evidence",
    help: """
      also print a draft evidence.json entry for each contradiction or
      support that no registered evidence records yet, to review and commit
      """)
  static let policies = Option<String>.policies

  static let spec = CommandSpec(
    name: "observe",
    summary: "check what devices were seen to do against the tables",
    discussion: """
      Checks observations, what was seen on one device for one tap or one open(url),
      against the tables: each agrees with the deciding rule, contradicts it (naming every
      field that differs, expected vs seen, with the rule's evidence and confidence), or
      for a contested rule supports another reading of it. Ends with a summary per rule.
      An observation is {"situation", "observed": {"outcome", "callbacks", "notCalled",
      "presentation", "completion"}, "source": {"date", "device", "osBuild", "sdk",
      "reporter", "link"}}; a file holds one or an array of them; a folder's *.json files
      are read in name order. The shipped ones are Policies/observations/.
      """,
    arguments: [paths],
    options: [json, evidence, policies],
    success: "every observation agrees, or contradicts only a contested rule",
    finding: "an observation contradicts a rule that is not contested, or the policies\nfailed to load",
    example: """
      taproute observe Policies/observations
      taproute observe --evidence my-trace.json
      """,
    run: { invocation, console throws(CommandExit) in try run(invocation, console: console) })

  /// Runs `observe`: the binary's one copy of the command, which the tests run too.
  private static func run(_ invocation: Invocation, console: Console) throws(CommandExit) -> Int32 {
    let observations: [DeviceObservation]
    switch DeviceObservation.load(paths: invocation[paths]) {
    case .failure(let error):
      console.report(error.diagnostics, omitted: error.omitted)
      return CommandLineTool.exitInput
    case .success(let list): observations = list
    }
    let engine = try CommandLineTool.engine(policies: invocation[policies], console: console)
    let report = ObservationCheck(engine: engine).check(observations)
    let drafts =
      invocation[evidence]
      ? EvidenceDraft.drafts(for: report, newestOSVersion: engine.newestOSVersion) : nil
    console.out(
      invocation[json]
        ? ObservationText.json(report, drafts: drafts) : ObservationText.text(report, drafts: drafts))
    return report.exitStatus == 0 ? CommandLineTool.exitOK : CommandLineTool.exitFinding
  }
}
