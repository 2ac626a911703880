/// What the container app is handed when a tap opens it, and which of its own callbacks then
/// receive what: the fields a rule's `then` and a decision add for a launch of the container
/// app (`handoff` on the surface's rule; `appCallbacks`, `delivers`, `activityType`,
/// `urlLocation` from the `delivery` table composed after it).
public struct AppDelivery: Sendable, Hashable {
  /// What the system hands the app: the `delivery` table's `handoff` fact.
  public internal(set) var handoff: Situation.Handoff?
  /// The app's callbacks that fire, in order, by the names in Apple's documentation.
  public internal(set) var appCallbacks: [AppCallback]?
  /// What those callbacks receive.
  public internal(set) var delivers: Delivered?
  /// For a delivered `NSUserActivity`, its `activityType`.
  public internal(set) var activityType: String?
  /// Where the URL sits in what the callbacks receive (`connectionOptions.urlContexts`).
  public internal(set) var urlLocation: String?
  /// The key of the URL field of the event's part that the app receives instead of the
  /// event's own URL (a rule's `then.url`: `widgetURL` for a `Link` a small widget ignores);
  /// nil for the event's URL.
  public internal(set) var urlFrom: String?

  /// The handoff the `delivery` table is composed with after the rule that opened the app:
  /// ``handoff``, unless the rule names its own ``appCallbacks`` (it says how the app
  /// receives what it is handed, as a notification rule for a delegate set late does, and a
  /// composed delivery would say it a second time).
  package var composedHandoff: Situation.Handoff? { appCallbacks == nil ? handoff : nil }

  /// Delivery fields from their parts; all nil is no delivery.
  public init(
    handoff: Situation.Handoff? = nil, appCallbacks: [AppCallback]? = nil, delivers: Delivered? = nil,
    activityType: String? = nil, urlLocation: String? = nil, urlFrom: String? = nil
  ) {
    self.handoff = handoff
    self.appCallbacks = appCallbacks
    self.delivers = delivers
    self.activityType = activityType
    self.urlLocation = urlLocation
    self.urlFrom = urlFrom
  }

  /// True when no field is set.
  package var isEmpty: Bool {
    handoff == nil && appCallbacks == nil && delivers == nil && activityType == nil && urlLocation == nil
      && urlFrom == nil
  }

  /// `self`, with every field `later` sets taken from `later`: a composed decision's delivery.
  package func merged(with later: AppDelivery?) -> AppDelivery {
    guard let later else { return self }
    return AppDelivery(
      handoff: later.handoff ?? handoff, appCallbacks: later.appCallbacks ?? appCallbacks,
      delivers: later.delivers ?? delivers, activityType: later.activityType ?? activityType,
      urlLocation: later.urlLocation ?? urlLocation, urlFrom: later.urlFrom ?? urlFrom)
  }
}

/// One of the container app's own callbacks, by the name in Apple's documentation.
///
/// The raw values are public and stable: tools outside this repository match on them.
public enum AppCallback: String, Sendable, Hashable, Codable, CaseIterable {
  /// `UIApplicationDelegate.application(_:didFinishLaunchingWithOptions:)`.
  case didFinishLaunching = "application(_:didFinishLaunchingWithOptions:)"
  /// `UIApplicationDelegate.application(_:open:options:)` (deprecated in iOS 26).
  case applicationOpenURL = "application(_:open:options:)"
  /// `UIApplicationDelegate.application(_:open:sourceApplication:annotation:)` (iOS 4.2 to
  /// 9.0, before `application(_:open:options:)`).
  case applicationOpenURLSourceApplication = "application(_:open:sourceApplication:annotation:)"
  /// AppKit's `NSApplicationDelegate.application(_:open:)`, which receives the URLs on macOS.
  case appKitOpenURLs = "application(_:open:)"
  /// `UIApplicationDelegate.application(_:continue:restorationHandler:)` (deprecated in iOS 26).
  case applicationContinue = "application(_:continue:restorationHandler:)"
  /// `UIApplicationDelegate.application(_:performActionFor:completionHandler:)`.
  case applicationPerformAction = "application(_:performActionFor:completionHandler:)"
  /// `UISceneDelegate.scene(_:willConnectTo:options:)`, with `connectionOptions`.
  case sceneWillConnect = "scene(_:willConnectTo:options:)"
  /// `UISceneDelegate.scene(_:openURLContexts:)`.
  case sceneOpenURLContexts = "scene(_:openURLContexts:)"
  /// `UISceneDelegate.scene(_:continue:)`.
  case sceneContinue = "scene(_:continue:)"
  /// `UIWindowSceneDelegate.windowScene(_:performActionFor:completionHandler:)`.
  case windowScenePerformAction = "windowScene(_:performActionFor:completionHandler:)"
  /// `UNUserNotificationCenterDelegate.userNotificationCenter(_:didReceive:withCompletionHandler:)`.
  case userNotificationCenterDidReceive = "userNotificationCenter(_:didReceive:withCompletionHandler:)"
  /// SwiftUI's `onOpenURL(perform:)`.
  case onOpenURL = "onOpenURL"
  /// SwiftUI's `onContinueUserActivity(_:perform:)`.
  case onContinueUserActivity = "onContinueUserActivity(_:perform:)"
  /// `AppIntent.perform()`, run in the app's process (an intent with `openAppWhenRun`, or of a
  /// kind Apple runs there, W-7).
  case perform = "perform()"
}

extension AppDelivery {
  /// What the container app's callbacks receive.
  public enum Delivered: String, Sendable, Hashable, Codable, CaseIterable {
    /// A URL.
    case url
    /// An `NSUserActivity`.
    case userActivity
    /// A `UNNotificationResponse`.
    case notificationResponse
    /// A `UIApplicationShortcutItem`.
    case shortcutItem
    /// An app intent.
    case intent
    /// Nothing.
    case nothing
  }
}

extension Situation.Handoff {
  /// The value index (declaration order, as `allCases`).
  package var index: Int {
    switch self {
    case .url: 0
    case .universalLink: 1
    case .userActivity: 2
    case .notificationResponse: 3
    case .shortcutItem: 4
    case .intent: 5
    case .nothing: 6
    }
  }
}
