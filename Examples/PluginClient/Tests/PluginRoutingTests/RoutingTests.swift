import Foundation
import PluginRouting
import TapRoute
import Testing

/// The generated type decides as the interpreter over the same files, and as the app expects.
@Suite struct RoutingTests {
  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var installed: Bool
    var redirect: String?
    var outcome: Outcome
    var rule: String?
    var testDescription: String { name }
  }

  @Test(
    arguments: [
      Row(name: "not installed", installed: false, outcome: .storeProductPage, rule: "tap/not-installed"),
      Row(name: "launch", installed: true, outcome: .extensionLaunch, rule: "tap/launch"),
      Row(
        name: "redirect to the container", installed: true, redirect: "myapp://x", outcome: .containerLaunch,
        rule: "open/container"),
      Row(
        name: "redirect without a scheme", installed: true, redirect: "x", outcome: .extensionLaunch,
        rule: "tap/launch"),
    ])
  func decides(_ row: Row) {
    let decision = Routing.tap(installed: row.installed, url: "https://example.com/m", redirect: row.redirect)
    #expect(decision.outcome == row.outcome)
    #expect(decision.rule == row.rule)
  }

  @Test func generatedMatchesInterpreted() throws {
    let policies = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Sources/PluginRouting/Policies")
    let interpreted = try Engine(policiesAt: policies)
    var count = 0
    for platform in Situation.Platform.allCases {
      for version in [nil, "9", "10", "26"] as [String?] {
        for installed in [false, true] {
          for url in [nil, "x", "https://example.com", "myapp://x"] as [String?] {
            let situation = Situation(
              event: .tap, platform: platform, osVersion: version.flatMap(OSVersion.init(parsing:)),
              app: Situation.App(installed: installed),
              tap: Situation.Tap(url: url, redirect: Situation.Redirect(hooks: [.didBecomeActive], url: url)))
            #expect(Routing.engine.decide(situation) == interpreted.decide(situation))
            var open = situation
            open.event = .open
            open.open.url = url
            #expect(Routing.engine.decide(open) == interpreted.decide(open))
            count += 2
          }
        }
      }
    }
    #expect(count == 2 * 4 * 2 * 4 * Situation.Platform.allCases.count)
    #expect(Routing.engine.policies.tables.count == 2)
  }
}
