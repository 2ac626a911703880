/// What a command run produces: standard output, standard error and the exit status, so
/// the CLI only prints and tests check all three.
package struct CommandOutput: Sendable, Hashable {
  package var output: String
  package var errors: String
  package var exit: Int32

  package init(output: String = "", errors: String = "", exit: Int32) {
    self.output = output
    self.errors = errors
    self.exit = exit
  }

  /// Bad input (exit 2): every diagnostic as text on standard error, or with `json` as
  /// `{"errors":[{"file","line","column","path","code","severity","message"}]}` on standard
  /// output (fields absent when unknown).
  package static func badInput(_ diagnostics: [Diagnostic], json: Bool) -> CommandOutput {
    guard json else {
      return CommandOutput(errors: diagnostics.map { $0.description + "\n" }.joined(), exit: 2)
    }
    struct Entry: Encodable {
      var file: String
      var line: Int?
      var column: Int?
      var path: String?
      var code: String
      var severity: String
      var message: String
    }
    struct Errors: Encodable { var errors: [Entry] }
    let entries = diagnostics.map { d in
      let known = d.location.flatMap { $0.line > 0 ? $0 : nil }
      return Entry(
        file: d.file, line: known?.line, column: known?.column, path: d.path.isEmpty ? nil : d.path,
        code: d.code.rawValue, severity: d.severity.rawValue, message: d.message)
    }
    return CommandOutput(output: DecisionText.encode(Errors(errors: entries), pretty: true) + "\n", exit: 2)
  }
}

/// `taproute observe FILE|DIR... [--json] [--evidence]`: checks observations against the
/// tables. Exit 0 when nothing contradicts a rule that is not contested, 1 when something
/// does, 2 on bad input (every problem located).
///
/// `alternatives` gives the other readings of a contested decision (by default the
/// decision's own ``Decision/alternatives``).
package func runObserve(
  paths: [String], json: Bool, evidence: Bool, engine: Engine,
  alternatives: @escaping @Sendable (Decision) -> [ObservationAlternative] = ObservationCheck.alternatives(
    of:)
) -> CommandOutput {
  guard !paths.isEmpty else {
    return .badInput(
      [
        Diagnostic(
          file: "taproute observe", code: .unreadable,
          message: "expected at least one observation FILE or folder")
      ], json: json)
  }
  let observations: [DeviceObservation]
  switch DeviceObservation.load(paths: paths) {
  case .failure(let error): return .badInput(error.diagnostics, json: json)
  case .success(let list): observations = list
  }
  let report = ObservationCheck(engine: engine, alternatives: alternatives).check(observations)
  let drafts = evidence ? EvidenceDraft.drafts(for: report, newestOSVersion: engine.newestOSVersion) : nil
  let output =
    json ? ObservationText.json(report, drafts: drafts) : ObservationText.text(report, drafts: drafts)
  return CommandOutput(output: output, exit: report.exitStatus)
}
