import TapRouteReference
import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("Differential: engine against the hand-written switch")
struct DifferentialTests {
  /// Every combination of the facts the tables test, with one URL per scheme class and a
  /// version on each side of every boundary: 2 events x about 160,000 situations.
  static func enumeratedSample() -> [Situation] {
    let versions: [OSVersion?] = [
      nil, try? OSVersion(7), try? OSVersion(8), try? OSVersion(9, 3), try? OSVersion(10),
      try? OSVersion(10, 12), try? OSVersion(16, 7), try? OSVersion(17), try? OSVersion(18, 1),
      try? OSVersion(19), try? OSVersion(25, 9), try? OSVersion(26), try? OSVersion(26, 3),
    ]
    let urls: [String?] = URLSchemeClass.allCases.map(\.exampleURL)
    var out: [Situation] = []
    for platform in Platform.allCases {
      for version in versions {
        for bits in 0..<16 {
          let app = App(
            hasContainerApp: bits & 1 != 0, installed: bits & 2 != 0, enabledInMessages: bits & 4 != 0,
            published: bits & 8 != 0)
          for point in ExtensionPoint.allCases {
            // The call and Full Access are read for the share, action, keyboard and other points.
            let otherCalls = [.share, .action, .keyboard, .other].contains(point)
            for method in otherCalls ? Open.Method.allCases : [.extensionContext] {
              for fullAccess in point == .keyboard ? [false, true] : [false] {
                for url in urls {
                  out.append(
                    Situation(
                      event: .open, platform: platform, osVersion: version, app: app,
                      open: Open(url: url, extensionPoint: point, method: method, fullAccess: fullAccess)))
                }
              }
            }
          }
          for target in TapTarget.allCases {
            for state in 0..<8 {
              for hooks: Redirect.Hooks in [
                [], [.didSelect], [.willBecomeActive], [.willBecomeActive, .didSelect],
              ] {
                for redirect in ["containerAppDemo://", "https://x", "noscheme", nil] as [String?] {
                  for url in [nil, "https://example.com", "containerAppDemo://x"] as [String?] {
                    out.append(
                      Situation(
                        event: .tap, platform: platform, osVersion: version, app: app,
                        tap: Tap(
                          target: target, url: url, extensionRunning: state & 1 != 0,
                          alreadySelected: state & 2 != 0,
                          afterDrawerSwipe: state & 4 != 0, redirect: Redirect(hooks: hooks, url: redirect))))
                  }
                }
              }
            }
          }
        }
      }
    }
    return out
  }

  @Test("engine and switch agree on the enumerated sample", .tags(.exhaustive))
  func engineMatchesSwitch() throws {
    let engine = try engine()
    let whole = Self.enumeratedSample()
    #expect(whole.count > 100_000)
    let sample = Enumeration.sample(whole, sampled: 40_000, seed: 63)
    let disagreements = Self.disagreements(in: sample, engine: engine) { _, decision, reference in
      decision.outcome == reference.outcome && decision.callbacks == reference.callbacks
        && decision.presentation == reference.presentation
        && (reference.appCallbacks == nil || decision.appCallbacks == reference.appCallbacks)
    }
    #expect(disagreements == 0)
  }

  /// The situations of `sample` on which the engine and the switch do not `agree`; the first
  /// five are recorded as issues, with what each decided.
  static func disagreements(
    in sample: [Situation], engine: Engine,
    agree: (Situation, Decision, ReferenceSwitch.Result) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    var count = 0
    for situation in sample {
      let decision = engine.decide(situation)
      let reference = ReferenceSwitch.decide(situation, newest: engine.newestOSVersion)
      guard !agree(situation, decision, reference) else { continue }
      count += 1
      if count <= 5 {
        Issue.record(
          "\(situation.minimalJSON): engine \(decision.outcome.rawValue) by \(decision.rule ?? "-"), switch \(reference.outcome.rawValue)",
          sourceLocation: sourceLocation)
      }
    }
    return count
  }

  @Test("engine and switch agree on the other readings of contested decisions", .tags(.exhaustive))
  func engineMatchesSwitchOnAlternatives() throws {
    let engine = try engine()
    var rng = SeededRandom(seed: 2027)
    let generated = (0..<Enumeration.count(50_000, sampled: 8_000)).map { _ in Generate.situation(&rng) }
    let fixtures = engine.policies.fixtures.map(\.situation)
    var contested = 0
    var disagreements = 0
    // The switch writes out the other readings of the tables it covers.
    let enumerated = Enumeration.sample(Self.enumeratedSample(), sampled: 40_000, seed: 98)
    for situation in enumerated + generated + fixtures
    where ReferenceSwitch.covers(situation.event) {
      let decision = engine.decide(situation)
      let readings = (decision.alternatives ?? []).map {
        ReferenceSwitch.Result($0.outcome, $0.callbacks, $0.presentation)
      }
      let reference = ReferenceSwitch.alternatives(situation, newest: engine.newestOSVersion)
      if !readings.isEmpty { contested += 1 }
      if readings != reference {
        disagreements += 1
        if disagreements <= 5 {
          Issue.record(
            "\(situation.minimalJSON): engine \(readings.map(\.outcome.rawValue)) by \(decision.rule ?? "-"), switch \(reference.map(\.outcome.rawValue))"
          )
        }
      }
    }
    #expect(disagreements == 0)
    // The sample reaches contested decisions of both tables, composed redirects among them.
    #expect(contested > 1_000)
  }

  @Test("engine and switch agree on generated situations (new facts, SDK-dependent URLs)", .tags(.exhaustive))
  func engineMatchesSwitchOnGenerated() throws {
    let engine = try engine()
    var rng = SeededRandom(seed: 2026)
    var disagreements = 0
    for _ in 0..<Enumeration.count(100_000, sampled: 15_000) {
      let situation = Generate.situation(&rng)
      let decision = engine.decide(situation)
      let reference = ReferenceSwitch.decide(situation, newest: engine.newestOSVersion)
      if ReferenceSwitch.covers(situation.event)
        && (decision.outcome != reference.outcome || decision.callbacks != reference.callbacks
          || decision.presentation != reference.presentation
          || (reference.appCallbacks != nil && decision.appCallbacks != reference.appCallbacks))
      {
        disagreements += 1
        if disagreements <= 5 {
          Issue.record(
            "\(situation.minimalJSON): engine \(decision.outcome.rawValue) by \(decision.rule ?? "-"), switch \(reference.outcome.rawValue)"
          )
        }
      }
    }
    #expect(disagreements == 0)
  }
}

extension ReferenceSwitch {
  /// True for the situations the hand-written switch decides: a tap or an open(url). The
  /// other events have only their tables, so the switch has nothing to compare them with.
  static func models(_ situation: Situation) -> Bool {
    situation.event == .tap || situation.event == .open
  }
}
