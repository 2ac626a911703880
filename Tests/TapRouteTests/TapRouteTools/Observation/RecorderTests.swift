import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// Plays what a device would show an extension into a recorder: the callbacks of a decision
/// (the tables' own prediction), the completion of the redirect's `open(url)`, and the
/// resign that follows when the container opens. The recorder sees only these calls, never
/// the situation, and must reconstruct it.
struct DevicePlayer {
  var recorder: Recorder
  var url: String?

  init(_ situation: Situation) {
    recorder = Recorder(
      Recorder.Configuration(
        platform: situation.platform, osVersion: situation.osVersion, app: situation.app,
        redirect: situation.tap.redirect, source: DeviceObservation.Source(date: "2026-11-21", device: "test")
      ))
    url = situation.tap.url
  }

  /// The user opens the extension from the app drawer: active, compact, nothing selected.
  mutating func launchFromDrawer() {
    recorder.record(.viewDidLoad)
    recorder.record(.willBecomeActive, presentation: .compact)
    recorder.record(.didBecomeActive)
    recorder.record(.viewWillAppear)
  }

  /// A tap on `message` that the tables decide as `decision`. Returns false for taps the
  /// extension takes no part in (store pages, nothing), which no recorder can see.
  mutating func tap(_ message: String, _ decision: Decision, afterDrawerSwipe: Bool = false) -> Bool {
    guard decision.outcome == .extensionLaunch || decision.outcome == .containerLaunch else { return false }
    let callbacks = decision.callbacks ?? []
    if callbacks.isEmpty {
      recorder.tapping(message: message, url: url, afterDrawerSwipe: afterDrawerSwipe)
    }
    let redirect = (decision.steps?.count ?? 0) >= 2 ? decision.steps?[1] : nil
    for callback in callbacks {
      switch callback {
      case .willBecomeActive:
        recorder.record(callback, message: message, url: url, presentation: decision.presentation)
      case .didBecomeActive, .willSelect, .didSelect:
        recorder.record(callback, message: message, url: url)
      case .willTransition, .didTransition:
        recorder.record(callback, presentation: decision.presentation)
      default:
        recorder.record(callback)
      }
      if let redirect, redirect.trigger == callback {
        recorder.opened(success: redirect.outcome == .containerLaunch || redirect.outcome == .otherAppLaunch)
      }
    }
    if decision.outcome == .containerLaunch { resign() }
    return true
  }

  mutating func resign() {
    recorder.record(.willResignActive)
    recorder.record(.didResignActive)
  }
}

@Suite("Recorder: observations from an extension's callbacks")
struct RecorderTests {
  @Test(
    "session replayed through the recorder: same situations, and the tables agree",
    arguments: messagesSessionFiles)
  func session(_ name: String) throws {
    let bytes = [UInt8](try Data(contentsOf: Repo.policies.appendingPathComponent("sessions/" + name)))
    let session = try Session.parse(bytes, file: name).get()
    let engine = try engine()
    let result = Simulator.run(session, engine: engine)
    var player = DevicePlayer(session.situation)
    if session.start.extensionRunning { player.launchFromDrawer() }
    if let selected = session.start.selected { player.recorder.sent(message: selected) }
    var expected: [Situation] = []
    var state = session.start
    for r in result.steps {
      switch r.step.kind {
      case .tap:
        let message = r.step.message ?? "m"
        var situation = session.situation
        situation.app.installed = state.installed
        situation.tap.extensionRunning = state.extensionRunning
        situation.tap.alreadySelected = state.extensionRunning && state.selected == message
        situation.tap.afterDrawerSwipe = state.afterDrawerSwipe
        if let decision = r.decision,
          player.tap(message, decision, afterDrawerSwipe: state.afterDrawerSwipe)
        {
          expected.append(situation)
        }
      case .send:
        if !player.recorder.isActive { player.launchFromDrawer() }
        player.recorder.sent(message: r.step.message ?? "m")
      case .dismissExtension, .swipeToOtherApp, .deleteApp:
        player.resign()
      case .returnToMessages, .installApp, .returnHome:
        break
      case .receive:
        // An arrival is no tap, and the recorder records taps: its callbacks are not played
        // (a device would need didReceive recorded to tell the two apart, X-3). A redirect
        // that opened the container ends the extension as after a tap.
        if r.decision?.outcome == .containerLaunch || r.decision?.outcome == .otherAppLaunch {
          player.resign()
        }
      }
      state = r.state
    }
    player.recorder.finishTap()
    let recorded = player.recorder.observations
    #expect(recorded.map(\.situation) == expected)
    #expect(!recorded.isEmpty)
    let report = player.recorder.check(with: engine)
    for r in report.results {
      #expect(
        r.verdict == .agrees,
        "\(name) \(r.observation.displayName): \(r.differences) \(r.observation.situation.minimalJSON)")
    }
  }

  /// Every fixture whose tap launches the extension, in a situation the recorder can tell
  /// from callbacks: it does not record a message's layout or the presentation context.
  static let launchFixtures: [Fixture] = {
    guard let engine = try? builtInEngine.get() else { return [] }
    return engine.policies.fixtures.filter {
      $0.expected.outcome == .extensionLaunch && $0.situation.tap.layout == .template
        && $0.situation.tap.presentationContext == .messages
    }
  }()

  @Test func thereAreLaunchFixtures() { #expect(Self.launchFixtures.count >= 15) }

  @Test(
    "fixture replayed through the recorder: same situation, and the tables agree", arguments: launchFixtures)
  func fixture(_ fixture: Fixture) throws {
    let engine = try engine()
    let situation = fixture.situation
    var player = DevicePlayer(situation)
    let message = "m1"
    if situation.tap.extensionRunning {
      player.launchFromDrawer()
      if situation.tap.alreadySelected { player.recorder.sent(message: message) }
    }
    let decision = engine.decide(situation)
    let seen = player.tap(message, decision, afterDrawerSwipe: situation.tap.afterDrawerSwipe)
    #expect(seen)
    player.recorder.finishTap()
    let recorded = player.recorder.observations
    #expect(recorded.map(\.situation) == [situation], "\(fixture.name)")
    let report = player.recorder.check(with: engine)
    #expect(
      report.results.map(\.verdict) == [.agrees], "\(fixture.name): \(report.results.map(\.differences))")
    #expect(report.results.first?.rule == fixture.expected.rule ?? decision.rule)
  }

  @Test("a drawer launch is no tap; a select while active is, with the message it selects")
  func drawerLaunchAndSelect() throws {
    var recorder = Recorder(
      .init(osVersion: OSVersion(clamping: 17), source: DeviceObservation.Source(date: "2026-11-21")))
    recorder.record(.viewDidLoad)
    recorder.record(.willBecomeActive, presentation: .compact)
    recorder.record(.didBecomeActive)
    recorder.finishTap()
    #expect(recorder.observations.isEmpty)
    recorder.record(.willSelect, message: "a", url: "app://a")
    recorder.record(.didSelect, message: "a", url: "app://a")
    recorder.record(.willTransition, presentation: .expanded)
    recorder.record(.didTransition, presentation: .expanded)
    recorder.record(.willSelect, message: "a", url: "app://a")
    recorder.record(.didSelect, message: "a", url: "app://a")
    recorder.finishTap()
    let taps = recorder.observations
    #expect(taps.count == 2)
    #expect(taps.map(\.situation.tap.extensionRunning) == [true, true])
    #expect(taps.map(\.situation.tap.alreadySelected) == [false, true])
    #expect(taps.map(\.situation.tap.url) == ["app://a", "app://a"])
    #expect(taps[0].observed.presentation == .expanded)
    // The second select of the selected message contradicts D-5 (no select callback).
    let report = recorder.check(with: try engine())
    #expect(report.results.map(\.verdict) == [.agrees, .contradicts])
    #expect(report.results[1].rule == "tap/already-selected")
    // A client's test reads the same as one line per disagreement.
    let difference = try #require(report.results[1].differences.first)
    #expect(
      recorder.disagreements(with: try engine()).first
        == "tap on a #2 contradicts tap/already-selected: \(difference.field): expected \(difference.expected), seen \(difference.seen)"
    )
    #expect(recorder.disagreements(with: try engine()).count == 1)
  }

  @Test("a marked tap that then fires callbacks is one tap, running or not")
  func markedTapWithCallbacks() throws {
    var recorder = Recorder(
      .init(osVersion: OSVersion(clamping: 17), source: DeviceObservation.Source(date: "2026-11-21")))
    recorder.tapping(message: "a", url: "app://a")
    recorder.record(.viewDidLoad)
    recorder.record(.willBecomeActive, message: "a", url: "app://a", presentation: .expanded)
    recorder.record(.didBecomeActive, message: "a", url: "app://a")
    recorder.record(.viewWillAppear)
    recorder.record(.viewDidAppear)
    recorder.tapping(message: "b")
    recorder.record(.willSelect, message: "b")
    recorder.record(.didSelect, message: "b")
    recorder.record(.willTransition, presentation: .expanded)
    recorder.record(.didTransition, presentation: .expanded)
    recorder.tapping(message: "b")
    recorder.finishTap()
    let taps = recorder.observations
    #expect(taps.map(\.situation.tap.extensionRunning) == [false, true, true])
    #expect(taps.map(\.situation.tap.alreadySelected) == [false, false, true])
    #expect(taps.map(\.observed.callbacks?.count) == [5, 4, 0])
    let report = recorder.check(with: try engine())
    #expect(report.results.map(\.rule) == ["tap/launch", "tap/running", "tap/already-selected"])
    #expect(report.results.map(\.verdict) == [.agrees, .agrees, .agrees])
  }

  @Test("a recorder survives being saved and restored, observations included")
  func codable() throws {
    var recorder = Recorder(
      .init(
        osVersion: OSVersion(clamping: 18, 2), redirect: .init(hooks: [.willBecomeActive], url: "app://"),
        source: DeviceObservation.Source(date: "2026-11-21", device: "iPhone15,2", more: ["build": "debug"])))
    recorder.record(.viewDidLoad)
    recorder.record(.willBecomeActive, message: "m", url: "app://m", presentation: .expanded)
    recorder.opened(success: true)
    recorder.record(.didBecomeActive, message: "m", url: "app://m")
    recorder.record(.viewWillAppear)
    recorder.record(.viewDidAppear)
    let data = try JSONEncoder().encode(recorder)
    var restored = try JSONDecoder().decode(Recorder.self, from: data)
    #expect(restored == recorder)
    restored.record(.willResignActive)
    restored.record(.didResignActive)
    #expect(restored.observations.count == 1)
    #expect(restored.observations.first?.observed.outcome == .containerLaunch)
    let file = try JSONEncoder().encode(restored.observations)
    let parsed = try DeviceObservation.parse([UInt8](file), file: "device.json").get()
    #expect(parsed.map(\.situation) == restored.observations.map(\.situation))
    #expect(parsed.map(\.observed) == restored.observations.map(\.observed))
    #expect(parsed.map(\.source) == restored.observations.map(\.source))
    let report = ObservationCheck(engine: try engine()).check(parsed)
    #expect(report.results.map(\.verdict) == [.agrees])
  }
}

extension Fixture: CustomTestStringConvertible {
  /// The row's name, so a parameterized test names each case after its row.
  public var testDescription: String { name }
}
