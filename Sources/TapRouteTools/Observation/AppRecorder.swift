@_spi(Generated) import TapRoute

/// Turns what the container app's own callbacks receive into observations: feed it from the
/// app delegate, the scene delegate or SwiftUI's `onOpenURL` and `onContinueUserActivity`,
/// and it records each launch of the app (cold, or warm from the background) with the
/// callbacks that fired, in order, and what each received.
///
/// A value type with no UIKit import: the app keeps one in a property and mutates it on the
/// main actor. Each launch becomes a ``DeviceObservation`` whose situation is the
/// configuration's (the event and its part as the app knows it: a widget, a notification, a
/// URL handed over), with `app.lifecycle` as configured and `app.running` true when the
/// process was already running, and whose `observed` carries `appCallbacks`, `delivers`,
/// `activityType` and `urlLocation`. The first launch a recorder sees is cold; a recorder
/// decoded in a new process starts cold again (being `Codable`, it can be saved when the
/// app goes to the background and restored at launch).
///
/// A launch starts at the first callback after the app came forward and ends when the app
/// goes to the background (``enteredBackground()``) or ``finishLaunch()`` is called. A tap
/// that hands the app nothing fires no URL or activity callback: call
/// ``enteringForeground()`` from the foreground callbacks so that it is still recorded. The
/// app cannot see what was tapped: before a tap on another surface (from a UI test, say),
/// ``tapping(_:)`` names its situation.
///
/// The glue, in a debug build of the app (`recorder` is a property of a shared object):
/// ```swift
/// var recorder = AppRecorder(.init(situation: Situation(event: .widget, app: .init(lifecycle: .scenes)),
///   source: .init(date: "2026-11-25", device: "iPhone15,2")))
/// // App delegate
/// func application(_ a: UIApplication, didFinishLaunchingWithOptions o: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
///   recorder.record(.didFinishLaunching, url: (o?[.url] as? URL)?.absoluteString,
///     urlLocation: o?[.url] == nil ? nil : "launchOptions[.url]"); return true }
/// func application(_ a: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
///   recorder.record(.applicationOpenURL, url: url.absoluteString); return true }
/// func application(_ a: UIApplication, continue u: NSUserActivity, restorationHandler: ...) -> Bool {
///   recorder.record(.applicationContinue, url: u.webpageURL?.absoluteString, activityType: u.activityType); return true }
/// // Scene delegate
/// func scene(_ s: UIScene, willConnectTo _: UISceneSession, options o: UIScene.ConnectionOptions) {
///   if let c = o.urlContexts.first { recorder.record(.sceneWillConnect, url: c.url.absoluteString, urlLocation: "connectionOptions.urlContexts") }
///   else if let u = o.userActivities.first { recorder.record(.sceneWillConnect, url: u.webpageURL?.absoluteString,
///     activityType: u.activityType, urlLocation: "connectionOptions.userActivities, webpageURL") }
///   else if o.shortcutItem != nil { recorder.record(.sceneWillConnect, delivers: .shortcutItem) }
///   else if o.notificationResponse != nil { recorder.record(.sceneWillConnect, delivers: .notificationResponse) }
///   else { recorder.record(.sceneWillConnect) } }
/// func scene(_ s: UIScene, openURLContexts c: Set<UIOpenURLContext>) {
///   recorder.record(.sceneOpenURLContexts, url: c.first?.url.absoluteString, urlLocation: "URLContexts") }
/// func sceneWillEnterForeground(_ s: UIScene) { recorder.enteringForeground() }
/// func sceneDidEnterBackground(_ s: UIScene) { recorder.enteredBackground(); save(recorder) }
/// // SwiftUI
/// .onOpenURL { recorder.record(.onOpenURL, url: $0.absoluteString) }
/// .onContinueUserActivity("NSUserActivityTypeBrowsingWeb") { recorder.record(.onContinueUserActivity, activityType: $0.activityType) }
/// .onChange(of: scenePhase) { _, p in p == .active ? recorder.enteringForeground() : p == .background ? recorder.enteredBackground() : () }
/// // ...and the same one-liners in scene(_:continue:), windowScene(_:performActionFor:completionHandler:),
/// // userNotificationCenter(_:didReceive:withCompletionHandler:) and an intent's perform().
/// ```
/// `save` writes `JSONEncoder().encode(recorder.observations)` to a file; copy it off the
/// device and run `taproute observe` on it, or in a test
/// `#expect(recorder.disagreements(with: .builtIn) == [])`.
public struct AppRecorder: Sendable, Hashable, Codable {
  /// What the app knows about the taps it records, copied into every situation.
  public struct Configuration: Sendable, Hashable, Codable {
    /// The situation of every launch: its event and that event's part, the platform and OS
    /// version, and `app` with its `lifecycle`. The recorder sets `app.running`.
    public var situation: Situation
    /// The source every observation carries (`date` at least).
    public var source: DeviceObservation.Source

    /// A configuration from its parts.
    public init(situation: Situation, source: DeviceObservation.Source) {
      self.situation = situation
      self.source = source
    }
  }

  /// One callback of a launch and what it received.
  public struct Call: Sendable, Hashable, Codable {
    /// The callback, by the name in Apple's documentation.
    public var callback: AppCallback
    /// What it received.
    public var delivers: AppDelivery.Delivered
    /// The URL it received (a universal link's `webpageURL` too).
    public var url: String?
    /// The `activityType` of the `NSUserActivity` it received.
    public var activityType: String?
    /// Where the URL sat in what it received.
    public var urlLocation: String?
  }

  /// One launch being recorded.
  struct Launch: Sendable, Hashable, Codable {
    var situation: Situation
    var running: Bool
    var calls: [Call] = []
  }

  /// What every recorded situation starts from.
  public var configuration: Configuration
  /// The observations recorded so far, one per finished launch.
  public private(set) var observations: [DeviceObservation] = []
  /// The callbacks of every finished launch, in the order of ``observations``.
  public private(set) var launches: [[Call]] = []
  /// The app's process has run a launch already: the next launch is warm.
  public private(set) var isRunning = false
  var current: Launch?
  /// The situation of the next launch, set by ``tapping(_:)``.
  var next: Situation?

  /// A recorder with nothing recorded yet, in a process that has not launched.
  public init(_ configuration: Configuration) {
    self.configuration = configuration
  }

  /// Records one of the app's callbacks and what it received: `url` (a universal link's
  /// `webpageURL` too), the `activityType` of an `NSUserActivity`, and `urlLocation`, where the
  /// URL sat (`connectionOptions.urlContexts`). `delivers` defaults to what the callback's
  /// parameters carry: an activity type means an `NSUserActivity`, a URL a URL, and the
  /// notification, quick-action and intent callbacks their own kind.
  public mutating func record(
    _ callback: AppCallback, url: String? = nil, activityType: String? = nil, urlLocation: String? = nil,
    delivers: AppDelivery.Delivered? = nil
  ) {
    startLaunchIfNeeded()
    current?.calls.append(
      Call(
        callback: callback,
        delivers: delivers ?? Self.delivered(by: callback, url: url, activityType: activityType), url: url,
        activityType: activityType, urlLocation: urlLocation))
  }

  /// Records that the app comes to the foreground (`sceneWillEnterForeground`,
  /// `applicationWillEnterForeground`, a scene phase of `.active`): a launch starts, if no
  /// callback has started one, so that a tap handing the app nothing is recorded too.
  public mutating func enteringForeground() {
    startLaunchIfNeeded()
  }

  /// Records that the app went to the background: the launch being recorded ends; the
  /// process keeps running, so the next launch is warm.
  public mutating func enteredBackground() {
    finishLaunch()
  }

  /// Names the situation of the next launch (a widget, a notification, ...) when it differs
  /// from the configuration's; the launch being recorded ends.
  public mutating func tapping(_ situation: Situation) {
    finishLaunch()
    next = situation
  }

  /// Ends the launch being recorded, if any, and turns it into an observation.
  public mutating func finishLaunch() {
    guard let launch = current else { return }
    current = nil
    var situation = launch.situation
    situation.app.running = launch.running
    situation.unspecified.remove(.running)
    let calls = launch.calls
    let observed = DeviceObservation.Observed(
      outcome: .containerLaunch, appCallbacks: calls.map(\.callback),
      delivers: calls.first { $0.delivers != .nothing }?.delivers ?? .nothing,
      activityType: calls.lazy.compactMap(\.activityType).first,
      urlLocation: calls.lazy.compactMap(\.urlLocation).first)
    let received = calls.compactMap { call in
      call.url.map {
        "\(call.callback.rawValue) received \($0)" + (call.urlLocation.map { " in \($0)" } ?? "")
      }
    }
    observations.append(
      DeviceObservation(
        name: "\(launch.running ? "warm" : "cold") launch #\(observations.count + 1)", situation: situation,
        observed: observed, source: configuration.source,
        note: received.isEmpty ? nil : received.joined(separator: "; "), origin: "app recorder"))
    launches.append(calls)
  }

  /// Checks every finished launch against the tables (`taproute observe`'s report).
  package func check(with engine: Engine) -> ObservationCheck.Report {
    ObservationCheck(engine: engine).check(observations)
  }

  /// The finished launches `engine`'s tables do not agree with, one readable line each
  /// (`cold launch #1 contradicts widget/...: appCallbacks: expected [...], seen [...]`);
  /// empty when they agree with every one.
  public func disagreements(with engine: Engine) -> [String] {
    check(with: engine).disagreements
  }

  private mutating func startLaunchIfNeeded() {
    guard current == nil else { return }
    current = Launch(situation: next ?? configuration.situation, running: isRunning)
    next = nil
    isRunning = true
  }

  /// What a callback's parameters carry, when the caller does not say.
  static func delivered(by callback: AppCallback, url: String?, activityType: String?) -> Delivered {
    if activityType != nil { return .userActivity }
    switch callback {
    case .userNotificationCenterDidReceive: return .notificationResponse
    case .applicationPerformAction, .windowScenePerformAction: return .shortcutItem
    case .perform: return .intent
    case .applicationContinue, .sceneContinue, .onContinueUserActivity: return .userActivity
    case .applicationOpenURL, .applicationOpenURLSourceApplication, .appKitOpenURLs, .sceneOpenURLContexts,
      .onOpenURL:
      return .url
    case .didFinishLaunching, .sceneWillConnect: return url == nil ? .nothing : .url
    }
  }

  // A decoded recorder is in a new process: nothing running, no launch under way.
  private enum CodingKeys: String, CodingKey {
    case configuration, observations, launches, next
  }
}

extension AppCallback {
  /// Runs on every cold launch, whatever opened the app (U-44): compared with a decision
  /// only where the decision lists it.
  package var firesOnEveryColdLaunch: Bool { self == .didFinishLaunching }
}
