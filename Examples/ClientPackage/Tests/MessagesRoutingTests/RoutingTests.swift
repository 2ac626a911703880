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

@Test func redirectReachesTheContainer() {
  #expect(
    TapAdvice.opensContainer(
      TapAdvice.situation(installed: true, extensionRunning: true, osVersion: "17")))
  #expect(
    !TapAdvice.opensContainer(
      TapAdvice.situation(installed: false, extensionRunning: false, osVersion: "17")))
}

@Test func explainShowsTheRulesTried() {
  let decision = Engine.builtIn.explain(
    TapAdvice.situation(installed: false, extensionRunning: false, osVersion: "17"))
  #expect(decision.rule == "tap/message-not-installed")
  #expect(decision.trace?.isEmpty == false)
}

@available(macOS 14, iOS 17, watchOS 10, tvOS 17, *)
@Test func observableModelDecidesFromText() throws {
  let model = TapModel()
  #expect(model.summary == "no decision yet")
  try model.decide(json: #"{"event":"tap","app":{"installed":false}}"#)
  #expect(model.summary == "outcome: storeProductPage, rule: tap/message-not-installed, confidence: several")
}

@Test func printedDecisionIsOneLine() {
  var printed = ""
  print(
    Engine.builtIn.decide(TapAdvice.situation(installed: true, extensionRunning: false, osVersion: "17")),
    to: &printed)
  #expect(
    printed
      == "outcome: containerLaunch, url: \"myapp://open\", appCallbacks: [scene(_:willConnectTo:options:)], delivers: url, rule: open/messages-any-scheme, confidence: inferred\n"
  )
}
