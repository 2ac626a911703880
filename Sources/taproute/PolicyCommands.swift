import Foundation
@_spi(Generated) import TapRoute
import TapRouteAASA
import TapRouteTools

/// `taproute verify`, `taproute test` and `taproute table`.
enum PolicyCommands {
  static let policies = Option<String>.policies
  static let directory = Positional(optional: "DIR", help: "a policy directory (the same as --policies DIR)")
  static let fixtures = Positional(
    optional: "FIXTURES", help: "a fixture file; the policies' own fixtures.json when absent")
  static let verifyJSON = Flag.json("print the findings as JSON")
  static let strict = Flag(name: "--strict", help: "fail on warnings too")
  static let testJSON = Flag.json("print the results as JSON")
  static let coverage = Flag(
    name: "--coverage",
    help: "list the rules no fixture reaches, and the fields of its\ndecision each row leaves unstated")
  static let tableJSON = Flag.json("print the tables as JSON (the same as --format json)")
  static let format = Option<TableFormat>(
    name: "--format", value: "FORMAT",
    help:
      "markdown (default), json, docc (the DocC article Evidence.md), guide (the\nDocC article WhatATapDoes.md), svg or mermaid (a flow chart of each table:\nits questions in rule order, each leaf an outcome; a table too tall for one\npicture as an index and its parts, in columns), or pictures (the DocC\narticle Pictures.md)"
  )
  static let tableName = Option<String>(
    name: "--table", value: "NAME", help: "svg and mermaid: draw this table only (default: every table)")
  static let resources = Option<String>(
    name: "--resources", value: "DIR",
    help:
      "svg: write each table's pictures into DIR, one file each, as the DocC\ncatalog ships them (table-NAME.svg, the index of a table too tall for one\npicture, and table-NAME-PART.svg for each part), not one SVG to stdout"
  )

  /// What `table` renders.
  enum TableFormat: String, CaseIterable, Sendable {
    case markdown, json, docc, guide, svg, mermaid, pictures
  }

  static let verify = CommandSpec(
    name: "verify",
    summary: "prove the tables complete and unambiguous (gaps, shadowed rules, conflicts)",
    discussion: """
      Proves the decision tables complete and unambiguous: reports gaps (situations no rule
      decides, each with a witness situation that 'taproute explain' shows as undecided),
      shadowed rules (rules earlier rules always pre-empt, with the covering rules), conflicts
      (overlapping rules with different outcomes, where a table has "hitPolicy": "unique" or a
      rule "unique": true) and evidence no rule cites. Rules are boxes in the fact space; the
      product of the domains is never enumerated.
      """,
    arguments: [directory],
    options: [policies, verifyJSON, strict],
    success: "clean (warnings allowed unless --strict)",
    finding: "an error (or a warning with --strict), or policies that fail to load",
    run: { invocation, console throws(CommandExit) in try runVerify(invocation, console: console) })

  static let test = CommandSpec(
    name: "test",
    summary: "run the fixture table, one line per row",
    discussion: """
      Runs every row of a fixture table: one line per row; for a failure the expected and
      actual outcome, the deciding rule and the explain trace. Ends with 'N passed, M failed'.
      With --coverage, also lists the rules no row reaches and, for each row, the fields its
      decision has that the row's "expect" does not state (a report: neither changes the exit
      status).
      """,
    arguments: [fixtures],
    options: [policies, testJSON, coverage],
    success: "every row passed",
    finding: "a row failed, or the policies failed to load",
    run: { invocation, console throws(CommandExit) in try runTest(invocation, console: console) })

  static let table = CommandSpec(
    name: "table",
    summary: "render the tables as Markdown or JSON documentation",
    discussion: """
      Renders the decision tables as documentation: one row per rule with its conditions,
      outcome, evidence (linked to the evidence list) and confidence, then the evidence list.
      Policies/README.md is this command's Markdown output for Policies/; the DocC articles
      Evidence.md and WhatATapDoes.md (one section per edge case) are its docc and guide output.
      With DIR, the sessions of DIR/sessions/ are drawn too (Markdown, pictures).
      """,
    arguments: [directory],
    options: [policies, tableJSON, format, tableName, resources],
    success: "rendered",
    finding: "the policies failed to load, or (guide) a rule has no fixture",
    run: { invocation, console throws(CommandExit) in try runTable(invocation, console: console) })

  /// The policy directory: `--policies DIR` or the positional DIR (not both); nil for the
  /// built-in policies.
  private static func directory(_ invocation: Invocation, command: String, console: Console)
    throws(CommandExit)
    -> String?
  {
    let option = invocation[policies]
    let positional = invocation[Self.directory]
    if let option, let positional, option != positional {
      console.usageError(
        "taproute \(command): two policy directories, \(Words.quoted(positional)) and \(policies.name) \(Words.quoted(option)); give one"
      )
      throw CommandExit(status: CommandLineTool.exitInput)
    }
    return option ?? positional
  }

  /// Loads DIR or the built-in policies, printing diagnostics on failure.
  private static func policySet(_ dir: String?, console: Console) throws(CommandExit) -> PolicySet {
    do {
      if let dir {
        return try PolicySet.load(directory: URL(fileURLWithPath: dir, isDirectory: true))
          .checkingCompanions()
      }
      return try PolicySet.builtInChecked().checkingCompanions()
    } catch {
      throw CommandLineTool.reportLoadFailure(error, console: console)
    }
  }

  private static func runVerify(_ invocation: Invocation, console: Console) throws(CommandExit) -> Int32 {
    let dir = try directory(invocation, command: "verify", console: console)
    let set: PolicySet
    let hygiene: [Diagnostic]
    do {
      let (loaded, found) = try PolicySet.loadForVerification(
        directory: dir.map { URL(fileURLWithPath: $0, isDirectory: true) })
      (set, hygiene) = (try loaded.checkingCompanions(), found)
    } catch {
      throw CommandLineTool.reportLoadFailure(
        error, console: console, command: "taproute verify", what: "; nothing was verified")
    }
    var report = Verifier.verify(set)
    report.diagnostics = hygiene + set.warnings + report.diagnostics
    let strict = invocation[Self.strict]
    let failed = report.errorCount > 0 || (strict && report.warningCount > 0)
    let rules = set.tables.reduce(0) { $0 + $1.rules.count }
    if invocation[verifyJSON] {
      console.out(
        DecisionText.encode(
          VerifyOutput(report, tables: set.tables.count, rules: rules, passed: !failed), pretty: true) + "\n")
    } else {
      for line in Diagnostic.report(report.diagnostics) { console.out(line + "\n") }
      console.out(
        "verify: \(set.tables.count) tables, \(rules) rules: \(Words.count(report.errorCount, "error")), \(Words.count(report.warningCount, "warning"))\(strict ? " (strict)" : "")\n"
      )
    }
    return failed ? CommandLineTool.exitFinding : CommandLineTool.exitOK
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

  private static func runTest(_ invocation: Invocation, console: Console) throws(CommandExit) -> Int32 {
    var input: (bytes: [UInt8], name: String)?
    if let path = invocation[fixtures] {
      input = console.read(path, limit: PolicySet.maximumFileBytes, what: "fixture file")
      guard input != nil else { return CommandLineTool.exitInput }
    }
    // The fixtures are read: the built-in ones loaded and checked now, not when first read.
    let engine = try CommandLineTool.engine(
      policies: invocation[policies], console: console, checkingEveryFile: true)
    var fixtures = engine.policies.fixtures
    if let input {
      do {
        fixtures = try engine.policies.loadFixtures(bytes: input.bytes, file: input.name)
      } catch {
        console.report(error.diagnostics, omitted: error.omitted)
        return CommandLineTool.exitInput
      }
    }
    let results = FixtureRunner.run(fixtures, engine: engine)
    let passed = results.filter(\.passed).count
    let failed = results.count - passed
    let unreached =
      invocation[coverage]
      ? FixtureRunner.unreachedRules(results, tables: engine.policies.tables) : nil
    // A report for now: the shipped rows do not state every field yet.
    let unstated = invocation[coverage] ? FixtureRunner.unstatedFields(results) : nil
    if invocation[testJSON] {
      console.out(
        DecisionText.encode(TestOutput(results, unreached: unreached, unstated: unstated), pretty: true)
          + "\n")
    } else {
      console.out(FixtureReport.text(results, unreached: unreached, unstated: unstated))
    }
    return failed == 0 ? CommandLineTool.exitOK : CommandLineTool.exitFinding
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
    /// A row that leaves fields of its decision unstated (`--coverage`).
    struct Unstated: Encodable {
      var name: String
      var fields: [String]
    }
    var passed, failed: Int
    var results: [Row]
    var unreachedRules: [String]?
    var unstatedFields: [Unstated]?

    init(
      _ results: [FixtureRunner.Result], unreached: [String]?, unstated: [FixtureRunner.UnstatedFields]?
    ) {
      self.results = results.map {
        Row(
          name: $0.fixture.name, passed: $0.passed, expected: $0.fixture.expected.outcome.rawValue,
          mismatches: $0.mismatches, decision: $0.decision)
      }
      passed = results.filter(\.passed).count
      failed = results.count - passed
      unreachedRules = unreached
      unstatedFields = unstated?.map { Unstated(name: $0.fixture, fields: $0.fields.map(\.rawValue)) }
    }
  }

  private static func runTable(_ invocation: Invocation, console: Console) throws(CommandExit) -> Int32 {
    let dir = try directory(invocation, command: "table", console: console)
    let format = invocation[tableJSON] ? .json : invocation[Self.format] ?? .markdown
    let set = try policySet(dir, console: console)
    var sessions: [PictureGallery.NamedSession] = []
    var surfaces: [PictureGallery.NamedSituation] = []
    if let dir, format == .markdown || format == .pictures {
      do throws(DiagnosticsError) {
        sessions = try PictureGallery.sessions(in: URL(fileURLWithPath: dir, isDirectory: true))
        if format == .pictures {
          surfaces = try PictureGallery.surfaces(in: URL(fileURLWithPath: dir, isDirectory: true))
        }
      } catch {
        console.report(error.diagnostics, omitted: error.omitted)
        return CommandLineTool.exitInput
      }
    }
    var tables = TableDocument.ordered(set.tables)
    if let name = invocation[tableName] {
      tables = tables.filter { $0.name == name }
      if tables.isEmpty {
        console.usageError(
          "taproute table: no table named \(Words.quoted(name)); the tables are \(set.tables.map(\.name).joined(separator: ", "))"
        )
        return CommandLineTool.exitInput
      }
    }
    if let folder = invocation[resources] {
      guard format == .svg else {
        console.usageError("taproute table: \(resources.name) writes SVG files; give \(Self.format.name) svg")
        return CommandLineTool.exitInput
      }
      return writeFiles(PictureGallery.tableFiles(tables), into: folder, console: console)
    }
    // A table too tall for one picture is drawn as its index and its parts.
    let charts = tables.flatMap(FlowChart.charts)
    switch format {
    case .svg: console.out(FlowChart.svg(charts))
    case .mermaid: console.out(FlowChart.mermaid(charts))
    case .pictures:
      console.out(PictureGallery.article(Engine(policies: set), sessions: sessions, surfaces: surfaces))
    case .json: console.out(TableDocument.json(set))
    case .docc: console.out(TableDocument.evidenceArticle(set))
    case .guide:
      do throws(TapGuide.Failure) {
        console.out(try TapGuide.article(Engine(policies: set)))
      } catch {
        for problem in error.problems { console.err("taproute table: \(problem)\n") }
        return CommandLineTool.exitFinding
      }
    case .markdown: console.out(TableDocument.markdown(set, sessions: sessions))
    }
    return CommandLineTool.exitOK
  }

  /// Writes each file into `folder` (which must exist); a file already as it would be is not
  /// touched. Every file that cannot be written is reported.
  private static func writeFiles(
    _ files: [(name: String, svg: String)], into folder: String, console: Console
  )
    -> Int32
  {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      console.report([Diagnostic(file: folder, code: .unreadable, message: "no such directory")])
      return CommandLineTool.exitInput
    }
    var problems: [Diagnostic] = []
    for (name, svg) in files {
      let path = URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent(name).path
      let bytes = Array(svg.utf8)
      if FileManager.default.contents(atPath: path).map(Array.init) == bytes { continue }
      if !FileManager.default.createFile(atPath: path, contents: Data(bytes)) {
        problems.append(Diagnostic(file: path, code: .unreadable, message: "cannot write the picture"))
      }
    }
    guard problems.isEmpty else {
      console.report(problems)
      return CommandLineTool.exitInput
    }
    return CommandLineTool.exitOK
  }
}
