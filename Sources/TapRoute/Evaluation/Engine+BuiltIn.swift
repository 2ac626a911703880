import Foundation

extension Engine {
  /// The shared engine over the policies built into the library, deciding through Swift
  /// generated from them (`Generated/CompiledBuiltinPolicies+Generated.swift`).
  ///
  /// Deciding reads and parses nothing, and reading it builds nothing: the engine is the
  /// generated type itself (a value with no state, so reading it is free: no once-only
  /// initialization to check), and the first decision costs what every other one does.
  /// ``policies`` and ``explain(_:)`` parse the decision tables and the evidence registry (not
  /// the fixtures, sticker, quick-action or session rules) on first use. Use it from any
  /// thread. The built-in policies are checked by the library's tests; should they ever fail
  /// to load, `explain` decides undecided with a note saying why, rather than a crash.
  /// Inlinable, so that a caller knows the engine it reads holds nothing to release.
  @inlinable public static var builtIn: Engine { Engine(source: .compiled(.builtIn)) }

  /// Loads a fixture file (the format of `Policies/fixtures.json`), checked against this
  /// engine's policies: every rule and evidence id a row names must exist.
  ///
  /// Throws every problem at once, each located by file, line, column and JSON path. A file
  /// read from a test target's resource bundle (a copy under `.build`) is named as the file
  /// of the same name beside `filePath`, the calling source file (`#filePath`), when there is
  /// one: the file a person edits, not its copy.
  public func fixtures(contentsOf url: URL, filePath: StaticString = #filePath) throws(DiagnosticsError)
    -> [Fixture]
  {
    let shown = Self.sourceCopy(of: url, beside: "\(filePath)") ?? url.path
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw DiagnosticsError([Diagnostic(file: shown, code: .unreadable, message: "cannot read file")])
    }
    return try policies.loadFixtures(bytes: [UInt8](data), file: shown)
  }

  /// The path of the file named as `url` beside the source file `sourceFile`, when `url` is
  /// another file of that name (a resource copy) and that one exists; nil otherwise.
  package static func sourceCopy(of url: URL, beside sourceFile: String) -> String? {
    guard sourceFile.hasPrefix("/") else { return nil }
    let candidate = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
      .appendingPathComponent(url.lastPathComponent)
    guard candidate.standardizedFileURL.path != url.standardizedFileURL.path,
      FileManager.default.fileExists(atPath: candidate.path)
    else { return nil }
    return candidate.path
  }

  /// Decides a fixture's situation (with the trace, as `explain`) and says what differs
  /// from what the row expects.
  public func check(_ fixture: Fixture) -> Fixture.Result {
    let decision = explain(fixture.situation)
    return Fixture.Result(
      fixture: fixture, decision: decision, mismatches: fixture.expected.mismatches(decision))
  }

  /// An engine whose tables have no rules: every decision is undecided. Used only if the
  /// built-in policies fail to load, which the tests rule out; the load errors become the
  /// policies' warnings so a caller can still read them.
  package init(failedToLoad diagnostics: [Diagnostic]) {
    let title = "the built-in policies failed to load"
    self.init(
      policies: PolicySet(
        tables: [Self.emptyTable(.tap, title: title), Self.emptyTable(.open, title: title)], evidence: [],
        fixtures: [], warnings: diagnostics, evidenceFile: "", fixturesFile: ""))
  }

  /// A table for `event` with no rules: everything it decides is undecided.
  package static func emptyTable(_ event: Situation.Event, title: String) -> DecisionTable {
    DecisionTable(
      name: event.rawValue, event: event, title: title, hitPolicy: .first, facts: [], rules: [],
      file: "built-in", newestOSVersion: nil, rulesLocation: nil)
  }
}
