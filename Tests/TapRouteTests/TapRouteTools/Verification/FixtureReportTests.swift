import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("The fixture report of `taproute test`")
struct FixtureReportTests {
  /// A composed decision built in code (no policy data): a tap that launches the extension,
  /// whose redirect in willBecomeActive opens the container app; notes, steps and a trace.
  static let composed: Decision = {
    var tap = Decision(
      outcome: .extensionLaunch, callbacks: [.viewDidLoad, .willBecomeActive], presentation: .compact,
      rule: "tap/launch", evidence: ["E-1"], confidence: .documented)
    tap.trace = [TraceEntry(rule: "tap/not-installed", fact: .installed, expected: "false", actual: "true")]
    var open = Decision(
      outcome: .containerLaunch, url: "app://", rule: "open/own-scheme", evidence: ["E-2"],
      confidence: .several, trigger: .willBecomeActive)
    open.trace = []
    var decision = Decision(
      outcome: .containerLaunch, url: "app://", rule: "open/own-scheme", evidence: ["E-1", "E-2"],
      confidence: .documented, notes: ["first note", "second note"], steps: [tap, open])
    decision.trace = tap.trace
    return decision
  }()

  @Test("a failing row shows its notes and steps with their headers, then the trace")
  func failingRowKeepsSectionHeaders() {
    let fixture = Fixture(
      name: "wrong on purpose", situation: Situation(event: .tap), expected: .init(outcome: .extensionLaunch))
    let result = Fixture.Result(
      fixture: fixture, decision: Self.composed, mismatches: fixture.expected.mismatches(Self.composed))
    let text = FixtureReport.text([result], unreached: nil)
    #expect(
      text == """
        FAIL  wrong on purpose
              expected: extensionLaunch
              actual:   containerLaunch by open/own-scheme (documented)
              - outcome: expected extensionLaunch, got containerLaunch
              situation: {"event":"tap"}
              notes:
                - first note
                - second note
              steps:
                1. tap -> extensionLaunch by tap/launch (documented)
                2. open(url) in willBecomeActive -> containerLaunch by open/own-scheme (several)
              trace of tap (1 rule tried before tap/launch):
                tap/not-installed  installed is true, rule wants false
              trace of open(url) in willBecomeActive: open/own-scheme is the first rule tried
        0 passed, 1 failed

        """)
  }

  @Test("a passing row is one line")
  func passingRowIsOneLine() {
    let fixture = Fixture(
      name: "right", situation: Situation(event: .tap), expected: .init(outcome: .containerLaunch))
    let result = Fixture.Result(fixture: fixture, decision: Self.composed, mismatches: [])
    #expect(
      FixtureReport.text([result], unreached: []) == """
        PASS  right  (containerLaunch by open/own-scheme)
        coverage: every rule is reached by a fixture
        1 passed, 0 failed

        """)
  }
}
