import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// The `delivery` table: which of the container app's callbacks receive what it was handed,
/// on every path (the generated decide, its explain, and the interpreter over `Policies/`).
/// The fixture rows check each rule's outcome; these rows check the callbacks and what they
/// receive, which fixtures do not compare.
@Suite("Delivery into the container app")
struct DeliveryTableTests {
  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var json: String
    var rule: String
    var outcome: Outcome = .containerLaunch
    var callbacks: [AppCallback]
    var delivers: Delivered
    var activityType: String? = nil
    var urlLocation: String? = nil
    var testDescription: String { name }
  }

  static let rows = [
    // The issue's done-when cases (W-5, T-1, U-44).
    Row(
      name: "W-5: a widget with no URL into a cold scene-based app",
      json:
        #"{"event":"delivery","delivery":{"handoff":"userActivity"},"app":{"lifecycle":"scenes","running":false}}"#,
      rule: "delivery/scenes-user-activity-cold", callbacks: [.sceneWillConnect], delivers: .userActivity),
    Row(
      name: "T-1: a notification's default tap on a running app-delegate app",
      json:
        #"{"event":"delivery","delivery":{"handoff":"notificationResponse"},"app":{"lifecycle":"appDelegate","running":true}}"#,
      rule: "delivery/notification-running", callbacks: [.userNotificationCenterDidReceive],
      delivers: .notificationResponse),
    Row(
      name: "U-44: a URL into a cold scene-based app",
      json:
        #"{"event":"delivery","delivery":{"handoff":"url"},"app":{"lifecycle":"scenes","running":false}}"#,
      rule: "delivery/scenes-url-cold", callbacks: [.sceneWillConnect], delivers: .url,
      urlLocation: "connectionOptions.urlContexts"),
    Row(
      name: "the event alone: a URL into a cold scene-based app, by default",
      json: #"{"event":"delivery"}"#,
      rule: "delivery/scenes-url-cold", callbacks: [.sceneWillConnect], delivers: .url,
      urlLocation: "connectionOptions.urlContexts"),
    // The warm paths differ from the cold ones.
    Row(
      name: "a URL into a running scene-based app",
      json: #"{"event":"delivery","app":{"running":true}}"#,
      rule: "delivery/scenes-url-running", callbacks: [.sceneOpenURLContexts], delivers: .url,
      urlLocation: "URLContexts"),
    Row(
      name: "a universal link into a cold scene-based app",
      json: #"{"event":"delivery","delivery":{"handoff":"universalLink"}}"#,
      rule: "delivery/scenes-universal-link-cold", callbacks: [.sceneWillConnect], delivers: .userActivity,
      activityType: "NSUserActivityTypeBrowsingWeb",
      urlLocation: "connectionOptions.userActivities, webpageURL"),
    Row(
      name: "a URL into a cold app-delegate app: launch options, then open",
      json: #"{"event":"delivery","app":{"lifecycle":"appDelegate"}}"#,
      rule: "delivery/app-delegate-url-cold", callbacks: [.didFinishLaunching, .applicationOpenURL],
      delivers: .url, urlLocation: "launchOptions[.url]"),
    Row(
      name: "a scene-based app on iOS 12 takes the app-delegate path",
      json: #"{"event":"delivery","osVersion":"12.5","app":{"running":true}}"#,
      rule: "delivery/app-delegate-url-running", callbacks: [.applicationOpenURL], delivers: .url),
    Row(
      name: "a universal link into a SwiftUI app arrives as a URL",
      json:
        #"{"event":"delivery","delivery":{"handoff":"universalLink"},"app":{"lifecycle":"swiftUI","running":true}}"#,
      rule: "delivery/swiftui-url", callbacks: [.onOpenURL], delivers: .url),
    Row(
      name: "a notification into a cold scene-based app: the delegate is set at launch",
      json: #"{"event":"delivery","delivery":{"handoff":"notificationResponse"}}"#,
      rule: "delivery/scenes-notification-cold",
      callbacks: [.didFinishLaunching, .sceneWillConnect, .userNotificationCenterDidReceive],
      delivers: .notificationResponse),
    Row(
      name: "a quick action into a running scene-based app",
      json: #"{"event":"delivery","delivery":{"handoff":"shortcutItem"},"app":{"running":true}}"#,
      rule: "delivery/scenes-shortcut-running", callbacks: [.windowScenePerformAction],
      delivers: .shortcutItem),
    Row(
      name: "an intent runs perform() in the app",
      json: #"{"event":"delivery","delivery":{"handoff":"intent"}}"#,
      rule: "delivery/intent", callbacks: [.perform], delivers: .intent),
    Row(
      name: "an app-delegate app built with the SDK after iOS 26 does not launch",
      json: #"{"event":"delivery","osVersion":"27","app":{"lifecycle":"appDelegate","sdkVersion":"27"}}"#,
      rule: "delivery/app-delegate-next-sdk", outcome: .nothing, callbacks: [], delivers: .nothing),
  ]

  @Test(arguments: rows)
  func delivery(_ row: Row) throws {
    let situation = try Situation(json: row.json)
    let interpreter = try Engine(policies: PolicySet.load(files: Repo.policyFiles()))
    for (path, decision) in [
      ("built-in decide", Engine.builtIn.decide(situation)),
      ("built-in explain", Engine.builtIn.explain(situation)),
      ("interpreter decide", interpreter.decide(situation)),
    ] {
      #expect(decision.rule == row.rule, "\(path)")
      #expect(decision.outcome == row.outcome, "\(path)")
      #expect(decision.appCallbacks == row.callbacks, "\(path)")
      #expect(decision.delivers == row.delivers, "\(path)")
      #expect(decision.delivery?.activityType == row.activityType, "\(path)")
      #expect(decision.delivery?.urlLocation == row.urlLocation, "\(path)")
    }
  }

  @Test("every containerLaunch of the open table hands the app its URL, so a redirect composes with delivery")
  func openHandsOverTheURL() throws {
    let policies = try PolicySet.load(files: Repo.policyFiles())
    let open = try #require(policies.tables.first { $0.name == "open" })
    let launches = open.rules.flatMap { rule in
      [(rule.id, rule.then)] + rule.alternatives.map { (rule.id + " (alternative)", $0.then) }
    }.filter { $0.1.outcome == .containerLaunch }
    #expect(!launches.isEmpty)
    for (name, then) in launches {
      #expect(then.delivery?.handoff == .url, "open/\(name)")
    }
  }

  @Test("the delivery table's own rules hand nothing on, so composition ends there")
  func deliveryHandsNothingOn() throws {
    let policies = try PolicySet.load(files: Repo.policyFiles())
    let table = try #require(policies.tables.first { $0.name == "delivery" })
    for rule in table.rules {
      #expect(rule.then.delivery?.handoff == nil, "delivery/\(rule.id)")
      // A rule names the callbacks and what arrives, or, on a platform whose callbacks no
      // source names (the Mac's AppKit beyond URLs, watchOS), says in its note that it names
      // none and is no surer than inferred.
      let namesNone =
        rule.then.delivery?.appCallbacks == nil && rule.confidence == .inferred
        && (rule.note ?? "").contains("names no callback")
      #expect(rule.then.delivery?.appCallbacks != nil || namesNone, "delivery/\(rule.id) names its callbacks")
      #expect(rule.then.delivery?.delivers != nil || namesNone, "delivery/\(rule.id) says what arrives")
    }
  }

  /// Issue 26's three cases, each from the surface's own event, composed by the engine.
  @Test(
    "a widget, a notification and a Messages redirect each reach the app's callbacks",
    arguments: [
      (
        #"{"event":"widget","app":{"lifecycle":"scenes","running":false}}"#,
        ["widget/no-url", "delivery/scenes-user-activity-cold"], AppCallback.sceneWillConnect,
        Delivered.userActivity
      ),
      (
        #"{"event":"notification","app":{"lifecycle":"appDelegate","running":true}}"#,
        ["notification/default-action", "delivery/notification-running"],
        .userNotificationCenterDidReceive, .notificationResponse
      ),
      (
        #"{"event":"tap","osVersion":"17","app":{"lifecycle":"scenes","running":false},"tap":{"redirect":{"hooks":["willBecomeActive"],"url":"containerAppDemo://item"}}}"#,
        ["tap/launch", "open/messages-any-scheme", "delivery/scenes-url-cold"], .sceneWillConnect, .url
      ),
    ] as [(String, [String], AppCallback, Delivered)])
  func composedCases(json: String, rules: [String], callback: AppCallback, delivers: Delivered) throws {
    let situation = try Situation(json: json)
    for engine in [Engine.builtIn, try Engine(policies: PolicySet.load(files: PolicySet.builtInFiles))] {
      let decision = engine.decide(situation)
      #expect(decision.outcome == .containerLaunch)
      #expect(decision.steps?.map(\.rule) == rules)
      #expect(decision.appCallbacks?.last == callback)
      #expect(decision.delivers == delivers)
      #expect(engine.explain(situation).withoutTrace == decision)
    }
  }
}
