import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// The session fixtures in Policies/sessions/.
let sessionFiles: [String] = {
  let dir = Repo.policies.appendingPathComponent("sessions")
  return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter {
    $0.hasSuffix(".json")
  }.sorted()
}()

/// The session fixtures whose situation is a tap in Messages (the others tap another surface).
let messagesSessionFiles: [String] = sessionFiles.filter { name in
  let bytes = (try? Data(contentsOf: Repo.policies.appendingPathComponent("sessions/" + name))).map {
    [UInt8]($0)
  }
  return bytes.flatMap { try? Session.parse($0, file: name).get() }?.situation.event == .tap
}

@Suite("Sessions: taproute simulate")
struct SimulationTests {
  @Test func theEightSessionFixturesExist() {
    #expect(
      sessionFiles == [
        "d-4-running-willbecomeactive-only.json", "d-5-reselect.json", "f-8-both-hooks.json",
        "s004-10-second-tap-trap.json", "s004-11-workaround.json", "w-5-widget-cold-then-warm.json",
        "x-3-reply-opens-container.json", "x-4-dismiss-after-send.json",
      ])
    #expect(messagesSessionFiles.count == 7)
  }

  @Test("X-3: a reply in the tapped bubble's session fires didSelect, whose redirect opens the container")
  func replyOpensTheContainer() throws {
    let bytes = [UInt8](
      try Data(contentsOf: Repo.policies.appendingPathComponent("sessions/x-3-reply-opens-container.json")))
    let result = Simulator.run(try Session.parse(bytes, file: "s").get(), engine: try engine())
    let arrivals = result.steps.filter { $0.step.kind == .receive }
    #expect(arrivals.map(\.callbacks) == [[], [], [.willSelect, .didSelect, .didReceive]])
    #expect(arrivals.map(\.redirectHook) == [nil, nil, .didSelect])
    #expect(
      arrivals.map(\.transition) == [
        "transitions/arrival-unbound", "transitions/arrival-in-new-session",
        "transitions/arrival-in-bound-session, transitions/arrival-opens-another-app",
      ])
    #expect(arrivals[2].decision?.rule == "open/messages-any-scheme")
    #expect(arrivals[2].state.extensionRunning == false && arrivals[2].state.selected == "m2")
  }

  @Test("the callbacks an arrival fires are table data: emptying them stops the reply from redirecting")
  func arrivalCallbacksComeFromTransitions() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "transitions.json") { json in
      json["transitions", id: "arrival-in-bound-session"]?["callbacks"] = .strings(["didReceive"])
    }
    let bytes = [UInt8](
      try Data(contentsOf: Repo.policies.appendingPathComponent("sessions/x-3-reply-opens-container.json")))
    let result = Simulator.run(try Session.parse(bytes, file: "s").get(), engine: try Engine(policiesAt: dir))
    #expect(result.steps[5].callbacks == [.didReceive])
    #expect(result.steps[5].decision == nil, "the redirect lives in didSelect, which no longer fires")
    #expect(result.failures == 1, "only step 6 expected containerLaunch")
    #expect(
      result.steps[7].decision?.rule == "tap/already-selected", "m2 is still selected in a running extension")
  }

  @Test("arrival conditions and callbacks on a step that is no arrival are located errors")
  func arrivalKeysOnOtherSteps() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "transitions.json") { json in
      json["transitions", id: "send-message"]?["on"]?["bound"] = .bool(true)
      json["transitions", id: "arrival-opens-nothing"]?["callbacks"] = .strings(["didReceive"])
    }
    do {
      _ = try PolicySet.load(directory: dir).checkingCompanions()
      Issue.record("loaded despite arrival keys on other steps")
    } catch {
      #expect(
        error.diagnostics.map(\.message) == [
          "only a receive step matches the drawer's binding",
          #"only a receive step's arrival transition (one with no "outcome") names the callbacks it fires"#,
        ])
      // The paths name each edited transition by its index in the file.
      let ids = try Repo.transitionIDs()
      let sendMessage = try #require(ids.firstIndex(of: "send-message"))
      let arrival = try #require(ids.firstIndex(of: "arrival-opens-nothing"))
      #expect(
        error.diagnostics.map(\.path) == [
          "$.transitions[\(sendMessage)].on.bound", "$.transitions[\(arrival)].callbacks",
        ])
    }
  }

  @Test("simulate --json names an arrival's session, callbacks and the hook whose redirect ran")
  func arrivalJSON() throws {
    let r = try Binary.run(["simulate", "--json", "Policies/sessions/x-3-reply-opens-container.json"])
    #expect(r.status == 0)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let steps = try #require(root["steps"] as? [[String: Any]])
    #expect(steps[4]["session"] as? String == "new")
    #expect(steps[5]["callbacks"] as? [String] == ["willSelect", "didSelect", "didReceive"])
    #expect(steps[5]["redirectHook"] as? String == "didSelect")
    #expect((steps[5]["decision"] as? [String: Any])?["outcome"] as? String == "containerLaunch")
  }

  @Test("a transitions file without an arrival for a + menu drawer fails to load")
  func uncoveredArrivalFailsToLoad() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "transitions.json") { json in
      json["transitions", id: "arrival-unbound"]?["on"]?["bound"] = .bool(true)
    }
    do {
      _ = try PolicySet.load(directory: dir).checkingCompanions()
      Issue.record("loaded despite an uncovered arrival")
    } catch {
      #expect(
        error.diagnostics.map(\.message) == [
          #"no transition covers step "receive" on a drawer bound to no bubble with a message in the same session"#,
          #"no transition covers step "receive" on a drawer bound to no bubble with a message in the new session"#,
        ])
    }
  }

  @Test("session fixture replays with every expectation met", arguments: sessionFiles)
  func sessionFixture(_ name: String) throws {
    let bytes = [UInt8](try Data(contentsOf: Repo.policies.appendingPathComponent("sessions/" + name)))
    let session = try Session.parse(bytes, file: name).get()
    let result = Simulator.run(session, engine: try engine())
    #expect(result.failures == 0, "\(Simulator.text(result))")
    #expect(result.steps.contains { $0.met == true })
  }

  @Test("S004-10: the state after the container opens says the extension ended (table data, not code)")
  func trapStateComesFromTransitions() throws {
    let bytes = [UInt8](
      try Data(contentsOf: Repo.policies.appendingPathComponent("sessions/s004-10-second-tap-trap.json")))
    let result = Simulator.run(try Session.parse(bytes, file: "s").get(), engine: try engine())
    #expect(
      result.steps.map(\.transition) == [
        "transitions/tap-opens-container", "transitions/return-to-messages",
        "transitions/tap-launches-extension",
      ])
    #expect(result.steps[0].state.extensionRunning == false)
    #expect(result.steps[0].state.appRunning)
    #expect(
      result.steps[2].decision?.callbacks == [
        .viewDidLoad, .willBecomeActive, .didBecomeActive, .viewWillAppear, .viewDidAppear,
      ])
  }

  @Test("without the transition that ends the extension, the trap disappears: the behaviour is in the data")
  func removingTheTransitionChangesTheReplay() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "transitions.json") { json in
      json["transitions", id: "tap-opens-container"]?["set"]?["extensionRunning"] = nil
      json["transitions", id: "tap-opens-container"]?["set"]?["afterDrawerSwipe"] = nil
    }
    let engine = try Engine(policiesAt: dir)
    let bytes = [UInt8](
      try Data(contentsOf: Repo.policies.appendingPathComponent("sessions/s004-10-second-tap-trap.json")))
    let result = Simulator.run(try Session.parse(bytes, file: "s").get(), engine: engine)
    #expect(
      result.steps[2].decision?.outcome == .extensionLaunch,
      "m1 is now still selected in a running extension (D-5)")
    #expect(result.steps[2].decision?.rule == "tap/already-selected")
  }

  static let badSessions: [(name: String, json: String, expected: String)] = [
    (
      "misspelt step",
      #"{"steps":[{"step":"tapp","message":"m1"}]}"#,
      #"s.json:1:19: error: $.steps[0].step: unknown step "tapp"; expected one of tap, returnToMessages, send, swipeToOtherApp, dismissExtension, deleteApp, installApp, receive, returnHome (did you mean "tap"?) [TR203]"#
    ),
    (
      "tap without a message",
      #"{"steps":[{"step":"tap"}]}"#,
      #"s.json:1:11: error: $.steps[0]: a tap step names its message ("message": "m1") [TR205]"#
    ),
    (
      "expectation on a step that is not a tap",
      #"{"steps":[{"step":"returnToMessages","expect":"nothing"}]}"#,
      #"s.json:1:47: error: $.steps[0].expect: only a tap or receive step has an expected outcome [TR201]"#
    ),
    (
      "session on a step that is not an arrival",
      #"{"steps":[{"step":"tap","message":"m1","session":"new"}]}"#,
      #"s.json:1:50: error: $.steps[0].session: only a receive step names the message's session [TR201]"#
    ),
    (
      "misspelt session",
      #"{"steps":[{"step":"receive","message":"m1","session":"old"}]}"#,
      #"s.json:1:54: error: $.steps[0].session: unknown session "old"; expected one of same, new [TR203]"#
    ),
    (
      "bound drawer of an extension that is not running",
      #"{"start":{"bound":true},"steps":[{"step":"receive","message":"m1"}]}"#,
      #"s.json:1:19: error: $.start.bound: only a running extension's drawer is bound to a bubble [TR203]"#
    ),
    (
      "situation that is not a tap",
      #"{"situation":{"event":"open"},"steps":[{"step":"deleteApp"}]}"#,
      #"s.json:1:14: error: $.situation.event: a session taps: its situation's event is "tap" or another surface's ("widget", ...), not "open" [TR203]"#
    ),
    (
      "Messages step in a widget session",
      #"{"situation":{"event":"widget"},"steps":[{"step":"send","message":"m1"}]}"#,
      #"s.json:1:50: error: $.steps[0].step: a widget session has no send step (only a Messages session, "event": "tap", does) [TR203]"#
    ),
    (
      "message in a widget session",
      #"{"situation":{"event":"widget"},"steps":[{"step":"tap","message":"m1"}]}"#,
      #"s.json:1:66: error: $.steps[0].message: a widget session's steps name no message [TR201]"#
    ),
    (
      "expected app callbacks on a step that is not a tap",
      #"{"situation":{"event":"widget"},"steps":[{"step":"returnHome","expectAppCallbacks":[]}]}"#,
      #"s.json:1:84: error: $.steps[0].expectAppCallbacks: only a tap step has expected app callbacks [TR201]"#
    ),
    (
      "misspelt app callback",
      #"{"situation":{"event":"widget"},"steps":[{"step":"tap","expectAppCallbacks":["onOpenUrl"]}]}"#,
      #"s.json:1:78: error: $.steps[0].expectAppCallbacks[0]: unknown app callback "onOpenUrl"; expected one of application(_:didFinishLaunchingWithOptions:), application(_:open:options:), application(_:open:sourceApplication:annotation:), application(_:open:), application(_:continue:restorationHandler:), application(_:performActionFor:completionHandler:), scene(_:willConnectTo:options:), scene(_:openURLContexts:), scene(_:continue:), windowScene(_:performActionFor:completionHandler:), userNotificationCenter(_:didReceive:withCompletionHandler:), onOpenURL, onContinueUserActivity(_:perform:), perform() (did you mean "onOpenURL"?) [TR203]"#
    ),
    (
      "no steps", #"{"steps":[]}"#, #"s.json:1:10: error: $.steps: a session needs at least one step [TR205]"#
    ),
  ]

  @Test("bad session files give located errors", arguments: badSessions.map(\.name))
  func badSession(_ name: String) throws {
    let row = try namedRow(name, in: Self.badSessions, name: \.name)
    guard case .failure(let e) = Session.parse(Array(row.json.utf8), file: "s.json") else {
      Issue.record("accepted \(row.json)")
      return
    }
    #expect(e.diagnostics.map(\.description) == [row.expected])
  }

  @Test("a transitions file that leaves a step uncovered fails to load")
  func uncoveredStepFailsToLoad() throws {
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    try Repo.edit(dir, "transitions.json") { json in
      let install = json["transitions"]?.elements.first { $0["on"]?["step"]?.stringValue == "installApp" }
      json["transitions", id: install?["id"]?.stringValue ?? ""]?["on"]?["step"] = .string("deleteApp")
    }
    do {
      // The engine decides without the transitions: it loads the directory; the simulator's
      // check refuses it.
      #expect(try Engine(policiesAt: dir).decide(Situation(event: .tap)).rule != nil)
      _ = try PolicySet.load(directory: dir).checkingCompanions()
      Issue.record("loaded despite an uncovered step")
    } catch {
      #expect(error.diagnostics.map(\.message) == [#"no transition covers step "installApp""#])
    }
  }

  @Test func simulateCLIGolden() throws {
    let r = try Binary.run(["simulate", "Policies/sessions/d-5-reselect.json"])
    #expect(r.status == 0)
    #expect(
      r.stdout == """
        session: D-5: a message just sent counts as selected, so tapping it calls no select callback
        start: installed, extension not running, nothing selected, in Messages
        1. send m1
           transitions/send-message -> installed, extension running, m1 selected, in Messages
        2. tap m1 -> extensionLaunch by tap/already-selected (inferred); callbacks: none
           ok: expected extensionLaunch
           transitions/tap-launches-extension -> installed, extension running on a tapped bubble, m1 selected, in Messages
        3. tap m1 -> extensionLaunch by tap/already-selected (inferred); callbacks: none
           ok: expected extensionLaunch
           transitions/tap-launches-extension -> installed, extension running on a tapped bubble, m1 selected, in Messages
        4. tap m2 -> containerLaunch by open/messages-any-scheme (inferred); callbacks: willSelect, didSelect, willTransition, didTransition; appCallbacks: scene(_:willConnectTo:options:) by delivery/scenes-url-cold
           ok: expected containerLaunch
           transitions/tap-opens-container -> installed, extension not running, m2 selected, app running, in another app
        4 steps; expectations: 3 met, 0 failed

        """)
    let bad = try Binary.run(["simulate"])
    #expect(bad.status == 2 && bad.stderr.contains("taproute simulate: expected one FILE, got 0"))
  }
}
