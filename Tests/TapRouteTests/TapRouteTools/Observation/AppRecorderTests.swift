import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// Plays what a device would show the container app into an app recorder: the app callbacks
/// a decision names (the tables' own prediction), preceded on a cold launch by the launch
/// callback every UIKit app gets, and the move to the background that ends the launch. The
/// recorder sees only these calls and must tell a cold launch from a warm one itself.
private struct AppPlayer {
  var recorder: AppRecorder

  init(_ situation: Situation) {
    recorder = AppRecorder(.init(situation: situation, source: .init(date: "2026-11-25", device: "test")))
  }

  mutating func launch(_ decision: Decision, cold: Bool) {
    let callbacks = decision.appCallbacks ?? []
    // Every UIKit app (and a SwiftUI App with an adaptor) finishes launching first (U-44).
    if cold && decision.delivery?.handoff != nil && !callbacks.contains(.didFinishLaunching) {
      recorder.record(.didFinishLaunching)
    }
    for callback in callbacks {
      recorder.record(callback, delivers: decision.delivers)
    }
    recorder.enteringForeground()
    recorder.enteredBackground()
  }
}

@Suite("AppRecorder: the container app's own callbacks as observations")
struct AppRecorderTests {
  static let lifecycles = Situation.App.Lifecycle.allCases
  static let handoffs = Situation.Handoff.allCases

  @Test(
    "the tables' own prediction, played cold and then warm, agrees with them, and the recorder tells cold from warm",
    arguments: lifecycles, handoffs)
  func predictionRoundTrips(_ lifecycle: Situation.App.Lifecycle, _ handoff: Situation.Handoff) throws {
    let engine = try engine()
    var situation = Situation(event: .delivery, osVersion: OSVersion(clamping: 26))
    situation.app.lifecycle = lifecycle
    situation.delivery.handoff = handoff
    var player = AppPlayer(situation)
    var cold = situation
    cold.app.running = false
    var warm = situation
    warm.app.running = true
    player.launch(engine.decide(cold), cold: true)
    player.launch(engine.decide(warm), cold: false)
    let recorded = player.recorder.observations
    #expect(recorded.map(\.situation.app.running) == [false, true])
    #expect(recorded.map(\.name) == ["cold launch #1", "warm launch #2"])
    #expect(player.recorder.disagreements(with: engine) == [])
    #expect(player.recorder.launches.count == 2)
  }

  @Test(
    "a scene-based app that sees the app delegate's URL callback on a cold launch disagrees, naming the rule and field"
  )
  func wrongCallbackDisagrees() throws {
    var situation = Situation(event: .delivery, osVersion: OSVersion(clamping: 26))
    situation.delivery.handoff = .url
    var recorder = AppRecorder(.init(situation: situation, source: .init(date: "2026-11-25")))
    recorder.record(.didFinishLaunching)
    recorder.record(.applicationOpenURL, url: "myapp://x")
    recorder.enteredBackground()
    #expect(
      recorder.disagreements(with: try engine()) == [
        "cold launch #1 contradicts delivery/scenes-url-cold: appCallbacks: expected [scene(_:willConnectTo:options:)], seen [application(_:open:options:)]"
      ])
    #expect(recorder.observations.first?.note == "application(_:open:options:) received myapp://x")
  }

  @Test(
    "what the recorder saves is what taproute observe reads: agreement exits 0, a contradiction 1 (the binary)"
  )
  func savedObservationsThroughTheBinary() throws {
    var situation = Situation(event: .delivery, osVersion: OSVersion(clamping: 26))
    situation.delivery.handoff = .universalLink
    var recorder = AppRecorder(.init(situation: situation, source: .init(date: "2026-11-25", device: "test")))
    recorder.record(.didFinishLaunching)
    recorder.record(
      .sceneWillConnect, url: "https://example.com/a", activityType: "NSUserActivityTypeBrowsingWeb",
      urlLocation: "connectionOptions.userActivities, webpageURL")
    recorder.enteredBackground()
    recorder.record(.sceneOpenURLContexts, url: "https://example.com/b")
    recorder.enteredBackground()
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "appobs-\(UUID().uuidString).json")
    try JSONEncoder().encode(recorder.observations).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let r = try Binary.run(["observe", file.path])
    #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
    #expect(
      r.stdout.contains("agrees       cold launch #1 -> delivery/scenes-universal-link-cold (documented)"))
    #expect(
      r.stdout.contains("CONTRADICTS  warm launch #2 -> delivery/scenes-universal-link-running (documented)"))
    #expect(
      r.stdout.contains(
        "  appCallbacks: expected [scene(_:continue:)], seen [scene(_:openURLContexts:)]\n  delivers: expected userActivity, seen url\n"
      ))
    let json = try Binary.run(["observe", "--json", file.path])
    #expect(json.stdout.contains(#""notComparedAppCallbacks" : ["#))
  }

  @Test("a warm tap that hands the app nothing is recorded from the foreground callback alone")
  func warmNothing() throws {
    var recorder = AppRecorder(
      .init(
        situation: Situation(event: .widget, app: .init(lifecycle: .swiftUI)), source: .init(date: "2026")))
    recorder.record(.onContinueUserActivity, activityType: "ConfigurationAppIntent")
    recorder.enteredBackground()
    recorder.enteringForeground()
    recorder.enteringForeground()
    recorder.enteredBackground()
    #expect(recorder.observations.count == 2)
    #expect(recorder.observations.map(\.observed.appCallbacks) == [[.onContinueUserActivity], []])
    #expect(recorder.observations.map(\.observed.delivers) == [.userActivity, .nothing])
    #expect(recorder.observations.first?.observed.activityType == "ConfigurationAppIntent")
    #expect(recorder.observations.map(\.situation.app.running) == [false, true])
  }

  @Test(
    "tapping names the next launch's situation only; a decoded recorder starts cold with its observations")
  func tappingAndCoding() throws {
    var recorder = AppRecorder(
      .init(situation: Situation(event: .widget), source: .init(date: "2026-11-25")))
    recorder.tapping(Situation(event: .notification))
    recorder.record(.userNotificationCenterDidReceive)
    recorder.enteredBackground()
    recorder.record(.sceneContinue, activityType: "x")
    #expect(recorder.isRunning)
    let data = try JSONEncoder().encode(recorder)
    var decoded = try JSONDecoder().decode(AppRecorder.self, from: data)
    #expect(!decoded.isRunning)
    #expect(decoded.observations.map(\.observed) == recorder.observations.map(\.observed))
    #expect(decoded.observations.map(\.situation) == recorder.observations.map(\.situation))
    #expect(decoded.observations.map(\.situation.event) == [.notification])
    #expect(decoded.observations.first?.observed.delivers == .notificationResponse)
    decoded.record(.sceneWillConnect)
    decoded.finishLaunch()
    #expect(decoded.observations.map(\.name) == ["cold launch #1", "cold launch #2"])
    #expect(decoded.observations.last?.situation.event == .widget)
  }

  @Test(
    "what a callback receives, when the glue does not say",
    arguments: [
      (AppCallback.didFinishLaunching, nil, nil, Delivered.nothing),
      (.didFinishLaunching, "myapp://x", nil, .url),
      (.sceneWillConnect, "https://example.com", "NSUserActivityTypeBrowsingWeb", .userActivity),
      (.sceneOpenURLContexts, "myapp://x", nil, .url),
      (.onContinueUserActivity, nil, nil, .userActivity),
      (.windowScenePerformAction, nil, nil, .shortcutItem),
      (.userNotificationCenterDidReceive, nil, nil, .notificationResponse),
      (.perform, nil, nil, .intent),
    ] as [(AppCallback, String?, String?, Delivered)])
  func deliveredDefaults(
    _ callback: AppCallback, _ url: String?, _ activityType: String?, _ expected: Delivered
  ) {
    #expect(AppRecorder.delivered(by: callback, url: url, activityType: activityType) == expected)
  }
}

@Suite("Observations of the app's callbacks: taproute observe")
struct AppObservationTests {
  @Test("a launch callback the decision does not list is not compared; one it lists must be seen")
  func launchCallback() throws {
    let check = ObservationCheck(engine: try engine())
    let notListed = observations(
      #"{"situation":{"event":"delivery","app":{"lifecycle":"scenes"},"delivery":{"handoff":"url"}},"observed":{"outcome":"containerLaunch","appCallbacks":["application(_:didFinishLaunchingWithOptions:)","scene(_:willConnectTo:options:)"],"delivers":"url"},"source":{"date":"2026"}}"#
    )
    let a = try #require(check.check(notListed).results.first)
    #expect(a.verdict == .agrees)
    #expect(a.unmodelledAppCallbacks == [.didFinishLaunching])
    let missing = observations(
      #"{"situation":{"event":"delivery","app":{"lifecycle":"appDelegate"},"delivery":{"handoff":"url"}},"observed":{"outcome":"containerLaunch","appCallbacks":["application(_:open:options:)"],"delivers":"url","urlLocation":"URLContexts"},"source":{"date":"2026"}}"#
    )
    let b = try #require(check.check(missing).results.first)
    #expect(b.verdict == .contradicts)
    #expect(
      b.differences == [
        .init(
          field: "appCallbacks",
          expected: "[application(_:didFinishLaunchingWithOptions:), application(_:open:options:)]",
          seen: "[application(_:open:options:)]"),
        .init(field: "urlLocation", expected: "launchOptions[.url]", seen: "URLContexts"),
      ])
    let text = ObservationText.text(check.check(missing), drafts: nil)
    #expect(
      text.contains(
        "  appCallbacks: expected [application(_:didFinishLaunchingWithOptions:), application(_:open:options:)], seen [application(_:open:options:)]\n"
      ))
    #expect(text.contains("CONTRADICTS  o.json:1:1 -> delivery/app-delegate-url-cold (documented)"))
  }

  @Test("delivers and activityType are compared where the decision says them")
  func deliversAndActivityType() throws {
    let list = observations(
      #"{"situation":{"event":"delivery","app":{"lifecycle":"scenes","running":true},"delivery":{"handoff":"universalLink"}},"observed":{"outcome":"containerLaunch","appCallbacks":["scene(_:continue:)"],"delivers":"url","activityType":"com.example.view"},"source":{"date":"2026"}}"#
    )
    let r = try #require(ObservationCheck(engine: try engine()).check(list).results.first)
    #expect(
      r.differences == [
        .init(field: "delivers", expected: "userActivity", seen: "url"),
        .init(field: "activityType", expected: "NSUserActivityTypeBrowsingWeb", seen: "com.example.view"),
      ])
    let json = ObservationText.json(ObservationCheck(engine: try engine()).check(list), drafts: nil)
    #expect(json.contains(#""delivers" : "url""#))
    #expect(json.contains(#""activityType" : "com.example.view""#))
  }

  @Test("a widget's composed delivery is checked, and a contested delivery rule's other reading is supported")
  func composedAndContested() throws {
    let check = ObservationCheck(engine: try engine())
    let widget = observations(
      #"{"situation":{"event":"widget","app":{"lifecycle":"scenes","running":true}},"observed":{"outcome":"containerLaunch","appCallbacks":["application(_:continue:restorationHandler:)"]},"source":{"date":"2026"}}"#
    )
    let w = try #require(check.check(widget).results.first)
    #expect(w.verdict == .contradicts)
    #expect(w.differences.map(\.field) == ["appCallbacks"])
    #expect(w.decision.steps?.last?.rule == "delivery/scenes-user-activity-running")
    // W-15: a SwiftUI App cold-launched by a universal link on iOS 18.4 calls no handler.
    let lost = observations(
      #"{"situation":{"event":"delivery","osVersion":"18.4","app":{"lifecycle":"swiftUI","running":false},"delivery":{"handoff":"universalLink"}},"observed":{"outcome":"containerLaunch","appCallbacks":[],"delivers":"nothing"},"source":{"date":"2025-05"}}"#
    )
    let l = try #require(check.check(lost).results.first)
    guard case .supports(let reading) = l.verdict else {
      Issue.record("expected support for W-15's reading, got \(l.verdict)")
      return
    }
    #expect(reading.appCallbacks == [])
    #expect(reading.delivers == .nothing)
    #expect(reading.evidence == ["W-15"])
    #expect(!l.isFailure)
  }

  @Test(
    "the reader refuses bad app-callback fields with located errors",
    arguments: [
      (
        #"{"appCallbacks":["onOpenUrl"]}"#,
        #"o.json:1:114: error: $.observed.appCallbacks[0]: unknown app callback "onOpenUrl"; expected one of"#
      ),
      (
        #"{"appCallbacks":"onOpenURL"}"#,
        #"o.json:1:113: error: $.observed.appCallbacks: expected an array, found a string [TR202]"#
      ),
      (
        #"{"delivers":"web"}"#,
        #"o.json:1:109: error: $.observed.delivers: unknown delivery "web"; expected one of url, userActivity"#
      ),
      (
        #"{"activityType":3}"#,
        #"o.json:1:113: error: $.observed.activityType: expected a string, found a number [TR202]"#
      ),
      (
        #"{"urlLocation":false}"#,
        #"o.json:1:112: error: $.observed.urlLocation: expected a string, found a boolean [TR202]"#
      ),
      (
        #"{"urlLocations":"x"}"#,
        #"o.json:1:98: error: $.observed.urlLocations: unknown key "urlLocations"; did you mean "urlLocation"?"#
      ),
    ])
  func readerErrors(_ extra: String, _ expected: String) {
    let observed = #"{"outcome":"containerLaunch","# + extra.dropFirst()
    let json = #"{"situation":{"event":"widget"},"source":{"date":"2026"},"observed":"# + observed + "}"
    switch DeviceObservation.parse(Array(json.utf8), file: "o.json") {
    case .success: Issue.record("accepted \(json)")
    case .failure(let e): #expect(e.description.contains(expected), "\(e.description)")
    }
  }

  @Test("observed app fields survive encoding and reading back")
  func roundTrip() throws {
    let o = DeviceObservation(
      situation: Situation(event: .widget),
      observed: .init(
        outcome: .containerLaunch, appCallbacks: [.didFinishLaunching, .sceneWillConnect], delivers: .url,
        activityType: "t", urlLocation: "connectionOptions.urlContexts"),
      source: .init(date: "2026-11-25"))
    let data = try JSONEncoder().encode(o)
    let back = try JSONDecoder().decode(DeviceObservation.self, from: data)
    #expect(back.observed == o.observed)
  }

  @Test("the editor schema lists the app callbacks and deliveries the reader accepts")
  func schemaMatchesTheReader() throws {
    let bytes = [UInt8](
      try Data(contentsOf: Repo.policies.appendingPathComponent("schema/observation.schema.json")))
    let root = try JSONParser.parse(bytes).get()
    let callbacks = root.at(["definitions", "appCallbacks", "items", "enum"])?.arrayValue?.compactMap(
      \.stringValue)
    #expect(callbacks == AppCallback.allCases.map(\.rawValue))
    let observed = ["definitions", "observation", "properties", "observed", "properties"]
    let delivers = root.at(observed + ["delivers", "enum"])?.arrayValue?.compactMap(\.stringValue)
    #expect(delivers == Delivered.allCases.map(\.rawValue))
    #expect(root.at(observed + ["activityType", "type"])?.stringValue == "string")
    #expect(root.at(observed + ["urlLocation", "type"])?.stringValue == "string")
  }
}

@Suite("Sessions of another surface: cold, then warm")
struct AppSessionTests {
  static func widgetSession() throws -> Session {
    let bytes = [UInt8](
      try Data(contentsOf: Repo.policies.appendingPathComponent("sessions/w-5-widget-cold-then-warm.json")))
    return try Session.parse(bytes, file: "w-5-widget-cold-then-warm.json").get()
  }

  @Test("W-5: the first tap launches the app cold, returnHome keeps it running, the second tap is warm")
  func coldThenWarm() throws {
    let result = Simulator.run(try Self.widgetSession(), engine: try engine())
    #expect(result.failures == 0, "\(Simulator.text(result))")
    #expect(result.steps.map(\.appCallbacks) == [[.sceneWillConnect], nil, [.sceneContinue]])
    #expect(result.steps.map(\.state.appRunning) == [true, true, true])
    #expect(result.steps.map(\.state.foreground) == [.otherApp, .home, .otherApp])
    #expect(
      result.steps.map(\.transition) == [
        "transitions/tap-opens-container", "transitions/return-home", "transitions/tap-opens-container",
      ])
  }

  @Test("the session's diagram shows the surface and, per tap, the app's own callbacks")
  func diagram() throws {
    let diagram = SequenceDiagram(simulation: Simulator.run(try Self.widgetSession(), engine: try engine()))
    #expect(diagram.participants == [.user, .surface, .system, .app])
    #expect(diagram.labels[1] == "widget on the Home Screen" && diagram.labels[2] == "the system (WidgetKit)")
    let own = diagram.items.compactMap { item -> String? in
      if case .arrow(.system, .app, let label, _) = item, label.hasPrefix("scene(") {
        return String(label.prefix { $0 != " " })
      }
      return nil
    }
    #expect(own == ["scene(_:willConnectTo:options:)", "scene(_:continue:)"])
    #expect(diagram.mermaid.contains("User->>App: go to the Home Screen"))
    #expect(!diagram.mermaid.contains("Messages") && !diagram.mermaid.contains("open("))
  }

  @Test(
    "the app's running state comes from transitions.json: without it, every tap is cold and the expectation fails"
  )
  func runningStateIsData() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "transitions.json") { json in
      json["transitions", id: "tap-opens-container"]?["set"]?["appRunning"] = nil
    }
    let result = Simulator.run(try Self.widgetSession(), engine: try Engine(policiesAt: dir))
    #expect(result.steps.map(\.appCallbacks) == [[.sceneWillConnect], nil, [.sceneWillConnect]])
    #expect(result.steps.map(\.met) == [true, nil, false])
    #expect(result.failures == 1)
    #expect(
      Simulator.text(result).contains(
        "   MISMATCH: expected containerLaunch, appCallbacks [scene(_:continue:)]\n"))
  }

  @Test("the session's taps, played into an AppRecorder, come back as the same situations and agree")
  func replayedThroughTheAppRecorder() throws {
    let session = try Self.widgetSession()
    let engine = try engine()
    let result = Simulator.run(session, engine: engine)
    var recorder = AppRecorder(.init(situation: session.situation, source: .init(date: "2026-11-25")))
    for r in result.steps where r.step.kind == .tap {
      for callback in r.appCallbacks ?? [] { recorder.record(callback, delivers: r.decision?.delivers) }
      recorder.enteredBackground()
    }
    #expect(recorder.observations.map(\.situation.app.running) == [false, true])
    #expect(recorder.disagreements(with: engine) == [])
  }

  @Test("start.appRunning makes the first tap warm; the --json output carries each step's app callbacks")
  func startRunningAndJSON() throws {
    let json = #"""
      {"situation":{"event":"widget","widget":{"url":"myapp://item/1"},"app":{"lifecycle":"appDelegate","urlSchemes":["myapp"]}},
       "start":{"appRunning":true},
       "steps":[{"step":"tap","expectAppCallbacks":["application(_:open:options:)"]}]}
      """#
    let session = try Session.parse(Array(json.utf8), file: "s.json").get()
    #expect(session.start.appRunning)
    #expect(session.start.foreground == .home)
    let result = Simulator.run(session, engine: try engine())
    #expect(result.steps.map(\.met) == [true])
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "appobs-\(UUID().uuidString).json")
    try Data(json.utf8).write(to: dir)
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try Binary.run(["simulate", "--json", dir.path])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.stdout.contains(#""appCallbacks" : [\#n        "application(_:open:options:)"\#n      ],"#))
    #expect(r.stdout.contains(#""expectedAppCallbacks" : ["#))
    #expect(r.stdout.contains(#""appRunning" : true"#))
  }
}
