import TapRouteReference
import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("Differential: engine against the hand-written switch")
struct DifferentialTests {
  /// Every combination of the facts the tables test, with one URL per scheme class and a
  /// version on each side of every boundary: 2 events x about 160,000 situations. Only those
  /// whose index in that order `keep` takes are built (``enumerated(sampled:seed:)``).
  static func enumeratedSample(keeping keep: (Int) -> Bool = { _ in true }) -> (
    count: Int, situations: [Situation]
  ) {
    var index = 0
    let versions: [OSVersion?] = [
      nil, try? OSVersion(7), try? OSVersion(8), try? OSVersion(9, 3), try? OSVersion(10),
      try? OSVersion(10, 12), try? OSVersion(16, 7), try? OSVersion(17), try? OSVersion(18, 1),
      try? OSVersion(19), try? OSVersion(25, 9), try? OSVersion(26), try? OSVersion(26, 3),
    ]
    let urls: [String?] = URLSchemeClass.allCases.map(\.exampleURL)
    var out: [Situation] = []
    // Apple's platforms: a tap and an open(url) are not read on Android.
    for platform in Platform.allCases where platform != .android {
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
                  defer { index += 1 }
                  guard keep(index) else { continue }
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
                    defer { index += 1 }
                    guard keep(index) else { continue }
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
    return (index, out)
  }

  /// The enumerated situations a run walks (``Enumeration/indices(count:sampled:seed:)``),
  /// built alone: building all 330,000 to keep 40,000 took most of the walk's time under a
  /// sanitizer. Returns the enumeration's size too.
  static func enumerated(sampled: Int, seed: UInt64) -> (count: Int, situations: [Situation]) {
    let count = enumeratedSample(keeping: { _ in false }).count
    guard let picked = Enumeration.indices(count: count, sampled: sampled, seed: seed) else {
      return enumeratedSample()
    }
    return (count, enumeratedSample(keeping: picked.contains).situations)
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

  /// The other readings of contested decisions on the fixtures. The enumerated and generated
  /// situations are walked once, by the generated code's differentials
  /// (`GeneratedCodeTests`), which compare the interpreter, the generated engine and this
  /// switch on each situation: outcome, callbacks, presentation and the other readings.
  @Test("engine and switch agree on the other readings of contested decisions (fixtures)")
  func engineMatchesSwitchOnAlternatives() throws {
    let engine = try engine()
    var contested = 0
    var disagreements = 0
    for situation in engine.policies.fixtures.map(\.situation) where ReferenceSwitch.covers(situation.event) {
      let decision = engine.decide(situation)
      if decision.alternatives != nil { contested += 1 }
      if !Self.sameReadings(decision, situation, newest: engine.newestOSVersion) {
        disagreements += 1
        if disagreements <= 5 {
          Issue.record(
            "\(situation.minimalJSON): engine \((decision.alternatives ?? []).map(\.outcome.rawValue)) by \(decision.rule ?? "-"), switch \(ReferenceSwitch.alternatives(situation, newest: engine.newestOSVersion).map(\.outcome.rawValue))"
          )
        }
      }
    }
    #expect(disagreements == 0)
    #expect(contested > 10)
  }

  /// True when the switch writes out the same other readings as `decision` for `situation`,
  /// or does not cover its event.
  static func sameReadings(_ decision: Decision, _ situation: Situation, newest: OSVersion) -> Bool {
    guard ReferenceSwitch.covers(situation.event) else { return true }
    let readings = (decision.alternatives ?? []).map {
      ReferenceSwitch.Result($0.outcome, $0.callbacks, $0.presentation)
    }
    return readings == ReferenceSwitch.alternatives(situation, newest: newest)
  }
}

extension ReferenceSwitch {
  /// True for the situations the hand-written switch decides: a tap or an open(url). The
  /// other events have only their tables, so the switch has nothing to compare them with.
  static func models(_ situation: Situation) -> Bool {
    situation.event == .tap || situation.event == .open
  }
}
