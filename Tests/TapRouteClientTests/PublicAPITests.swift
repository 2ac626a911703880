// A client of the library: `import TapRoute` without `@testable`, so every line here uses
// only the public API. It runs the Swift snippets of the README and the DocC articles and
// the table-driven fixture test a client writes in its own test target.
import Foundation
import TapRoute
import Testing

/// The repository's root, found from this file's path (no bundle resources needed).
private let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A client's own fixture file, beside this test.
private let clientFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("client-fixtures.json")

@Suite("A client of the public API")
struct PublicAPITests {
  @Test("README, 'In Swift': decide and explain on the shared engine")
  func readmeSnippet() throws {
    let situation = Situation(
      event: .tap, osVersion: try OSVersion(17),
      tap: .init(redirect: .init(hooks: [.willBecomeActive], url: "containerAppDemo://")))
    let decision = Engine.builtIn.decide(situation)
    #expect(decision.outcome == .containerLaunch)
    #expect(decision.rule == "open/messages-any-scheme")
    let explained = Engine.builtIn.explain(situation)
    #expect(explained.outcome == decision.outcome)
    #expect(explained.trace != nil)
  }

  @Test("DocC landing page: an uninstalled, published app opens its App Store page")
  func landingPageSnippet() {
    let decision = Engine.builtIn.decide(
      Situation(event: .tap, osVersion: "17", app: .init(installed: false, published: true)))
    #expect(decision.outcome == .storeProductPage)
    #expect(decision.rule == "tap/message-not-installed")
    #expect(
      "\(decision)" == "outcome: storeProductPage, rule: tap/message-not-installed, confidence: several")
  }

  @Test("Engine() and Engine(policiesAt:) decide as the shared engine does")
  func everyWayToMakeAnEngine() throws {
    let situation = Situation(event: .tap, app: .init(installed: false))
    let fromDirectory = try Engine(policiesAt: repositoryRoot.appendingPathComponent("Policies"))
    #expect(try Engine().decide(situation) == Engine.builtIn.decide(situation))
    #expect(fromDirectory.decide(situation) == Engine.builtIn.decide(situation))
  }

  @Test("Situations and decisions are Codable with the README's JSON forms")
  func codableForms() throws {
    let situation = try JSONDecoder().decode(
      Situation.self, from: Data(#"{"event":"tap","app":{"installed":false}}"#.utf8))
    #expect(situation.app.installed == false && situation.app.published)
    let decision = Engine.builtIn.decide(situation)
    let json = try JSONEncoder().encode(decision)
    #expect(try JSONDecoder().decode(Decision.self, from: json) == decision)
  }

  @Test("A fixture built in code is checked, and a wrong one says what differs")
  func fixtureInCode() {
    let right = Fixture(
      name: "not installed", situation: Situation(event: .tap, app: .init(installed: false)),
      expected: .init(
        outcome: .storeProductPage, rule: "tap/message-not-installed",
        url: .noURL))
    let wrong = Fixture(
      name: "wrong on purpose", situation: right.situation, expected: .init(outcome: .extensionLaunch))
    #expect(Engine.builtIn.check(right).passed)
    let result = Engine.builtIn.check(wrong)
    #expect(!result.passed)
    #expect(result.mismatches == ["outcome: expected extensionLaunch, got storeProductPage"])
    #expect("\(wrong)" == "wrong on purpose")
  }

  @Test("A bad fixture file is refused with every problem located")
  func badFixtureFile() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("taproute-bad-fixtures.json")
    try Data(
      #"{"fixtures":[{"name":"x","situation":{"event":"tap"},"expect":{"outcome":"nope"},"evidence":[]}]}"#
        .utf8
    )
    .write(to: url)
    #expect(throws: DiagnosticsError.self) { try Engine.builtIn.fixtures(contentsOf: url) }
  }

  @Test("An error in a resource copy of the client's fixture file names the file beside the test")
  func errorNamesTheSourceFile() throws {
    // A resource bundle under .build holds a copy named like the file beside this test.
    let bundle = FileManager.default.temporaryDirectory
      .appendingPathComponent("taproute-\(UUID().uuidString)/.build/Client_Tests.resources")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    defer {
      try? FileManager.default.removeItem(at: bundle.deletingLastPathComponent().deletingLastPathComponent())
    }
    let copy = bundle.appendingPathComponent("client-fixtures.json")
    try Data(
      #"{"fixtures":[{"name":"x","situation":{"event":"tap"},"expect":{"outcome":"nope"},"evidence":[]}]}"#
        .utf8
    ).write(to: copy)
    do {
      _ = try Engine.builtIn.fixtures(contentsOf: copy)
      Issue.record("a bad row loaded")
    } catch {
      #expect(error.diagnostics.map(\.file) == [clientFixtures.path])
    }
  }

  @Test("The app's callbacks read and print as Apple names them")
  func appCallbackNames() throws {
    let decision = Engine.builtIn.decide(
      Situation(
        event: .tap, osVersion: "17",
        tap: .init(redirect: .init(hooks: [.willBecomeActive], url: "myapp://open"))))
    #expect(decision.appCallbackNames == ["scene(_:willConnectTo:options:)"])
    #expect(decision.appCallbacks?.map(\.rawValue) == decision.appCallbackNames)
    #expect("\(decision.delivers.map(String.init(describing:)) ?? "-")" == "url")
  }

  @Test("The shipped fixture table, row by row", arguments: shippedFixtures())
  func shippedRow(_ fixture: Fixture) {
    let result = Engine.builtIn.check(fixture)
    #expect(result.passed, "\(result.mismatches)")
  }

  @Test(
    "A client's own fixture file, row by row",
    arguments: try Engine.builtIn.fixtures(contentsOf: clientFixtures))
  func clientRow(_ fixture: Fixture) {
    #expect(Engine.builtIn.check(fixture).passed)
  }
}

/// The shipped fixtures; a load failure becomes a failing row rather than no rows.
private func shippedFixtures() -> [Fixture] {
  let url = repositoryRoot.appendingPathComponent("Policies/fixtures.json")
  do {
    return try Engine.builtIn.fixtures(contentsOf: url)
  } catch {
    return [
      Fixture(
        name: "fixtures.json failed to load: \(error)", situation: Situation(event: .tap),
        expected: .init(outcome: .undecided))
    ]
  }
}
