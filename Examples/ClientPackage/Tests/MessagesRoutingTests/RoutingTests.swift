import Foundation
import MessagesRouting
import TapRoute
import Testing

/// The client's own fixture table, shipped as a test resource.
func fixtures() throws -> [Fixture] {
  guard let url = Bundle.module.url(forResource: "fixtures", withExtension: "json") else { return [] }
  return try Engine.builtIn.fixtures(contentsOf: url)
}

@Test(arguments: try fixtures())
func row(_ fixture: Fixture) {
  let result = Engine.builtIn.check(fixture)
  #expect(result.passed, "\(result.mismatches)")
}

@Test func fixturesLoaded() throws {
  #expect(try fixtures().count == 3)
}

@Test func redirectReachesTheContainer() throws {
  #expect(
    TapAdvice.opensContainer(
      TapAdvice.situation(installed: true, extensionRunning: true, osVersion: try OSVersion(17))))
  #expect(
    !TapAdvice.opensContainer(
      TapAdvice.situation(installed: false, extensionRunning: false, osVersion: try OSVersion(17))))
}

@Test func explainShowsTheRulesTried() throws {
  let decision = Engine.builtIn.explain(
    TapAdvice.situation(installed: false, extensionRunning: false, osVersion: try OSVersion(17)))
  #expect(decision.rule == "tap/message-not-installed")
  #expect(decision.trace?.isEmpty == false)
}
