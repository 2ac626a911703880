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

/// Where a link is tapped (issue 41), through the public initializers: the same universal link
/// loads in Instagram's browser, opens the app from a page in an SFSafariViewController, and
/// is contested behind a click tracker.
@Test func linkHosts() throws {
  var app = Situation.App(
    appID: "TEAMID1234.com.example.app", associatedDomains: ["applinks:example.com"])
  try app.aasa.set(
    domain: "example.com",
    json: Array(
      #"{"applinks":{"details":[{"appIDs":["TEAMID1234.com.example.app"],"components":[{"/":"/item/*"}]}]}}"#
        .utf8))
  func decide(_ link: Situation.Link) -> Decision {
    Engine.builtIn.decide(Situation(event: .link, app: app, link: link))
  }
  let url = "https://example.com/item/1"
  #expect(decide(Situation.Link(url: url, from: .instagram)).rule == "link/instagram-opened")
  let page = decide(Situation.Link(url: url, from: .safariViewController, onPage: true))
  #expect(page.outcome == .containerLaunch && page.rule == "link/sfsvc-page")
  let tracked = decide(Situation.Link(url: url, from: .mail, via: .clickTracker))
  #expect(tracked.outcome == .browser && tracked.confidence == .contested)
  #expect(tracked.alternatives?.map(\.outcome) == [.containerLaunch])
}
