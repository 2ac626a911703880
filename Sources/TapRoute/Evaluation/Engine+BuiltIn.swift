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
  @inlinable public static var builtIn: Engine { Engine(source: .builtIn) }

  /// Loads a fixture file (the format of `Policies/fixtures.json`), checked against this
  /// engine's policies: every rule and evidence id a row names must exist.
  ///
  /// Throws every problem at once, each located by file, line, column and JSON path.
  public func fixtures(contentsOf url: URL) throws(DiagnosticsError) -> [Fixture] {
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw DiagnosticsError([Diagnostic(file: url.path, code: .unreadable, message: "cannot read file")])
    }
    return try policies.loadFixtures(bytes: [UInt8](data), file: url.path)
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
  init(failedToLoad diagnostics: [Diagnostic]) {
    let title = "the built-in policies failed to load"
    self.init(
      policies: PolicySet(
        tables: [Self.emptyTable(.tap, title: title), Self.emptyTable(.open, title: title)], evidence: [],
        fixtures: [], warnings: diagnostics, evidenceFile: "", fixturesFile: ""))
  }

  /// A table for `event` with no rules: everything it decides is undecided.
  static func emptyTable(_ event: Situation.Event, title: String) -> DecisionTable {
    DecisionTable(
      name: event.rawValue, event: event, title: title, hitPolicy: .first, facts: [], rules: [],
      file: "built-in", newestOSVersion: nil, rulesLocation: nil)
  }
}
