import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// Issue 35, item 4: a composed decision says which step its confidence comes from and
/// whether that step rests on defaults, per step.
@Suite("Where a composed decision's confidence comes from, and its defaults")
struct ConfidenceSourceTests {
  @Test("a widget tapped with no URL: documented widget step, inferred delivery under assumed defaults")
  func widgetNoURL() throws {
    let situation = try #require(parsed(#"{"event":"widget"}"#))
    let decision = Engine.builtIn.decide(situation)
    let source = try #require(decision.confidenceFrom)
    #expect(source.step == 1 && source.event == "delivery" && source.confidence == .inferred)
    #expect(Set(source.assumed.map(\.fact)) == [.osVersion, .lifecycle, .running])
    #expect(source.keysToGive.contains("app.lifecycle") && source.keysToGive.contains("app.running"))
    // Each step names the defaults its own rule took.
    let steps = try #require(decision.steps)
    #expect(steps[0].assumed.map(\.fact) == [.urlClass])
    #expect(!steps[1].assumed.contains { $0.fact == .urlClass })
    let text = DecisionText.render(decision, trace: false)
    #expect(
      text.contains(
        "under assumed osVersion 26, lifecycle scenes, running false; give osVersion, app.lifecycle, app.running"
      ))
  }

  @Test("giving the life cycle and launch state leaves no default on the weakest step")
  func given() throws {
    let situation = try #require(
      parsed(#"{"event":"widget","osVersion":"26","app":{"lifecycle":"scenes","running":false}}"#))
    let source = try #require(Engine.builtIn.decide(situation).confidenceFrom)
    #expect(source.assumed.isEmpty)
  }

  @Test("confidenceFrom with its defaults round-trips through JSON, interpreted and generated alike")
  func roundTrip() throws {
    let situation = try #require(parsed(#"{"event":"widget"}"#))
    for engine in [Engine.builtIn, try engine()] {
      let decision = engine.decide(situation)
      let data = try JSONEncoder().encode(decision)
      let back = try JSONDecoder().decode(Decision.self, from: data)
      #expect(back.confidenceFrom == decision.confidenceFrom)
      #expect(back.steps?.map(\.assumed) == decision.steps?.map(\.assumed))
    }
  }

  private func parsed(_ json: String) -> Situation? { situation(json) }
}
