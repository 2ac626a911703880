import Foundation
import TapRoute

/// `taproute verify`, `taproute test` and `taproute table`.
enum PolicyCommands {
  static let verifyHelp = """
    USAGE: taproute verify [DIR] [--json] [--strict]

    Proves the decision tables complete and unambiguous: reports gaps (situations no rule
    decides, each with a witness situation that 'taproute explain' shows as undecided),
    shadowed rules (rules earlier rules always pre-empt, with the covering rules), conflicts
    (overlapping rules with different outcomes, where a table has "hitPolicy": "unique" or a
    rule "unique": true) and evidence no rule cites. Rules are boxes in the fact space; the
    product of the domains is never enumerated.

    ARGUMENTS:
      DIR           a policy directory; the built-in policies when absent

    OPTIONS:
      --json        print the findings as JSON
      --strict      fail on warnings too
      -h, --help    show this help

    EXIT CODES: 0 clean (warnings allowed unless --strict), 1 an error (or a warning with
    --strict), or policies that fail to load, 2 bad usage.

    """

  static let testHelp = """
    USAGE: taproute test [FIXTURES] [--policies DIR] [--json] [--coverage]

    Runs every row of a fixture table: one line per row; for a failure the expected and
    actual outcome, the deciding rule and the explain trace. Ends with 'N passed, M failed'.

    ARGUMENTS:
      FIXTURES          a fixture file; the policies' own fixtures.json when absent

    OPTIONS:
      --policies DIR    decide with the policy files in DIR instead of the built-in ones
      --json            print the results as JSON
      --coverage        list the rules no fixture reaches
      -h, --help        show this help

    EXIT CODES: 0 every row passed, 1 a row failed or the policies failed to load,
    2 bad input or usage.

    """

  static let tableHelp = """
    USAGE: taproute table [DIR] [--format markdown|json|docc]

    Renders the decision tables as documentation: one row per rule with its conditions,
    outcome, evidence (linked to the evidence list) and confidence, then the evidence list.
    Policies/README.md is this command's Markdown output for Policies/.

    ARGUMENTS:
      DIR                 a policy directory; the built-in policies when absent

    OPTIONS:
      --format FORMAT     markdown (default), json, or docc (the DocC article Evidence.md)
      -h, --help          show this help

    EXIT CODES: 0 rendered, 1 the policies failed to load, 2 bad usage.

    """

  /// Loads DIR or the built-in policies, printing diagnostics on failure.
  private static func policies(_ dir: String?, io: IO) -> PolicySet? {
    do {
      if let dir { return try PolicySet.load(directory: URL(fileURLWithPath: dir, isDirectory: true)) }
      return try PolicySet.builtIn()
    } catch {
      CommandLineTool.reportLoadFailure(error, io: io)
      return nil
    }
  }

  static func verify(_ arguments: [String], io: IO) -> Int32 {
    if CommandLineTool.showsHelp(arguments, verifyHelp, io: io) { return CommandLineTool.exitOK }
    guard
      let options = Options.parse(
        arguments, command: "verify", flags: ["--json", "--strict"], valued: [], io: io)
    else { return CommandLineTool.exitInput }
    guard options.positional.count <= 1 else {
      io.err("taproute verify: expected at most one DIR, got \(options.positional.count)\n")
      return CommandLineTool.exitInput
    }
    let set: PolicySet
    let hygiene: [Diagnostic]
    do {
      (set, hygiene) = try PolicySet.loadForVerification(
        directory: options.positional.first.map { URL(fileURLWithPath: $0, isDirectory: true) })
    } catch {
      CommandLineTool.reportLoadFailure(
        error, io: io, command: "taproute verify", what: "; nothing was verified")
      return CommandLineTool.exitPolicy
    }
    var report = Verifier.verify(set)
    report.diagnostics = hygiene + set.warnings + report.diagnostics
    let strict = options.flags.contains("--strict")
    let failed = report.errorCount > 0 || (strict && report.warningCount > 0)
    let rules = set.tables.reduce(0) { $0 + $1.rules.count }
    if options.flags.contains("--json") {
      io.out(
        DecisionText.encode(
          VerifyOutput(report, tables: set.tables.count, rules: rules, passed: !failed), pretty: true) + "\n")
    } else {
      for diagnostic in report.diagnostics { io.out(diagnostic.description + "\n") }
      io.out(
        "verify: \(set.tables.count) tables, \(rules) rules: \(report.errorCount) error\(report.errorCount == 1 ? "" : "s"), \(report.warningCount) warning\(report.warningCount == 1 ? "" : "s")\(strict ? " (strict)" : "")\n"
      )
    }
    return failed ? CommandLineTool.exitPolicy : CommandLineTool.exitOK
  }

  /// `verify --json`.
  private struct VerifyOutput: Encodable {
    struct Gap: Encodable {
      var table, region: String
      var witness: Situation
    }
    struct Shadowed: Encodable {
      var table, rule: String
      var coveredBy: [String]
    }
    struct Conflict: Encodable {
      var table: String
      var rules: [String]
      var region: String
      var witness: Situation
    }
    var passed: Bool
    var tables, rules, errors, warnings: Int
    var diagnostics: [Diagnostic]
    var gaps: [Gap]
    var shadowed: [Shadowed]
    var conflicts: [Conflict]

    init(_ report: VerificationReport, tables: Int, rules: Int, passed: Bool) {
      self.passed = passed
      self.tables = tables
      self.rules = rules
      errors = report.errorCount
      warnings = report.warningCount
      diagnostics = report.diagnostics
      gaps = report.gaps.map { Gap(table: $0.table, region: $0.region, witness: $0.witness) }
      shadowed = report.shadowed.map { Shadowed(table: $0.table, rule: $0.rule, coveredBy: $0.coveredBy) }
      conflicts = report.conflicts.map {
        Conflict(table: $0.table, rules: $0.rules, region: $0.region, witness: $0.witness)
      }
    }
  }

  static func test(_ arguments: [String], io: IO) -> Int32 {
    if CommandLineTool.showsHelp(arguments, testHelp, io: io) { return CommandLineTool.exitOK }
    guard
      let options = Options.parse(
        arguments, command: "test", flags: ["--json", "--coverage"], valued: ["--policies"], io: io)
    else { return CommandLineTool.exitInput }
    guard options.positional.count <= 1 else {
      io.err("taproute test: expected at most one FIXTURES file, got \(options.positional.count)\n")
      return CommandLineTool.exitInput
    }
    guard let engine = CommandLineTool.engine(policies: options.values["--policies"], io: io) else {
      return CommandLineTool.exitPolicy
    }
    var fixtures = engine.policies.fixtures
    if let path = options.positional.first {
      guard let input = CommandLineTool.readInput(path, io: io) else { return CommandLineTool.exitInput }
      do {
        fixtures = try engine.policies.loadFixtures(bytes: input.bytes, file: input.name)
      } catch {
        for diagnostic in error.diagnostics { io.err(diagnostic.description + "\n") }
        return CommandLineTool.exitInput
      }
    }
    let results = FixtureRunner.run(fixtures, engine: engine)
    let passed = results.filter(\.passed).count
    let failed = results.count - passed
    let unreached =
      options.flags.contains("--coverage")
      ? FixtureRunner.unreachedRules(results, tables: engine.policies.tables) : nil
    if options.flags.contains("--json") {
      io.out(DecisionText.encode(TestOutput(results, unreached: unreached), pretty: true) + "\n")
    } else {
      io.out(FixtureReport.text(results, unreached: unreached))
    }
    return failed == 0 ? CommandLineTool.exitOK : CommandLineTool.exitPolicy
  }

  /// `test --json`.
  private struct TestOutput: Encodable {
    struct Row: Encodable {
      var name: String
      var passed: Bool
      var expected: String
      var mismatches: [String]
      var decision: Decision
    }
    var passed, failed: Int
    var results: [Row]
    var unreachedRules: [String]?

    init(_ results: [FixtureRunner.Result], unreached: [String]?) {
      self.results = results.map {
        Row(
          name: $0.fixture.name, passed: $0.passed, expected: $0.fixture.expected.outcome.rawValue,
          mismatches: $0.mismatches, decision: $0.decision)
      }
      passed = results.filter(\.passed).count
      failed = results.count - passed
      unreachedRules = unreached
    }
  }

  static func table(_ arguments: [String], io: IO) -> Int32 {
    if CommandLineTool.showsHelp(arguments, tableHelp, io: io) { return CommandLineTool.exitOK }
    guard let options = Options.parse(arguments, command: "table", flags: [], valued: ["--format"], io: io)
    else {
      return CommandLineTool.exitInput
    }
    guard options.positional.count <= 1 else {
      io.err("taproute table: expected at most one DIR, got \(options.positional.count)\n")
      return CommandLineTool.exitInput
    }
    let format = options.values["--format"] ?? "markdown"
    guard ["markdown", "json", "docc"].contains(format) else {
      io.err(
        "taproute table: unknown format \(CommandLineTool.quote(format)); expected markdown, json or docc\n")
      return CommandLineTool.exitInput
    }
    guard let set = policies(options.positional.first, io: io) else { return CommandLineTool.exitPolicy }
    switch format {
    case "json": io.out(TableDocument.json(set))
    case "docc": io.out(TableDocument.evidenceArticle(set))
    default: io.out(TableDocument.markdown(set))
    }
    return CommandLineTool.exitOK
  }
}
