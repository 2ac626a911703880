import TapRouteAASA

/// Who takes part in an event, in the event's own words: the lanes a picture of a decision
/// draws (the user, the surface tapped, the part of the system that acts, where the outcome
/// lands, the app and its callbacks), and the user's gesture.
///
/// Declared here, once per event and per value of the field that names the surface, so that a
/// renderer draws any event without knowing which one it is. Every switch is exhaustive: a new
/// event, or a new case of a field read here, does not compile until it has its words.
package struct EventCast: Sendable, Hashable {
  /// A lane of the picture, in the order the lanes are drawn left to right.
  package enum Role: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// The person who taps.
    case user
    /// What was tapped, where it is shown (a message bubble in Messages, a widget on the Home
    /// Screen).
    case surface
    /// The part of the system that acts on the tap (WidgetKit, the App Clip card).
    case system
    /// An extension of the app that runs first (the iMessage app, a notification content
    /// extension).
    case `extension`
    /// Where an outcome lands that is not the app (the App Store, a web browser, an App Clip).
    case destination
    /// The app that receives what it was handed, through its own callbacks.
    case app

    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The name pictures use for the lane (Mermaid's participant id, SVG's `data-role`).
    package var name: String {
      switch self {
      case .user: "user"
      case .surface: "surface"
      case .system: "system"
      case .extension: "extension"
      case .destination: "destination"
      case .app: "app"
      }
    }
  }

  /// What the user does to the surface: "tap", "touch and hold", "press", "scan".
  package var gesture: String
  /// The surface, in words: "widget on the Home Screen".
  package var surface: String
  /// The lane that acts on the gesture, and its words. For a Messages tap this is the iMessage
  /// app (`.extension`), which Messages calls directly; otherwise the system.
  package var actor: Role
  package var actorWords: String
  /// The lane that decides what the gesture does: the surface itself where it calls the
  /// extension (Messages calls its iMessage app), otherwise the actor.
  package var decider: Role
  /// The app that receives what it is handed: "container app", "containing app", "full app".
  package var app: String

  /// The call through which the surface hands the URL to the actor (`extensionContext.open`),
  /// where it makes one; nil when the URL is simply attached to what was tapped.
  package var call: String?

  /// The label of the arrow from the surface to the actor: the call with its URL, or the URL
  /// handed over.
  package func handing(_ url: String?) -> String {
    let quoted = url.map { Words.quoted($0) }
    if let call { return "\(call)(\(quoted ?? "nil"))" }
    return quoted.map { "url " + $0 } ?? "no URL"
  }

  /// The event, as a title says it: "a tap on a widget on the Home Screen".
  package var what: String

  package init(
    gesture: String, surface: String, actor: Role, actorWords: String, app: String, what: String? = nil,
    decider: Role? = nil, call: String? = nil
  ) {
    self.call = call
    self.decider = decider ?? actor
    self.gesture = gesture
    self.surface = surface
    self.actor = actor
    self.actorWords = actorWords
    self.app = app
    self.what = what ?? "\(Words.article(gesture)) \(gesture) on \(Words.article(surface)) \(surface)"
  }

  /// The words of `role`'s lane (`destination` has none of its own: an outcome names it).
  package func words(_ role: Role) -> String {
    switch role {
    case .user: "User"
    case .surface: surface
    case .system, .extension: role == actor ? actorWords : (role == .system ? "the system" : "extension")
    case .destination: "destination"
    case .app: app
    }
  }

  /// Where `outcome` lands: its lane and, for a lane of its own, the lane's words. An outcome
  /// that opens nothing is drawn as a result back towards the user (`nil`).
  package func lane(for outcome: Outcome) -> (role: Role, words: String)? {
    switch outcome {
    // The container (containing) app comes forward, or runs in the background (T-4).
    case .containerLaunch, .backgroundLaunch: (.app, app)
    // Messages launches the iMessage app (S004-10, D-1).
    case .extensionLaunch: (actor, actorWords)
    // The App Store inside Messages (S004-1, S004-3).
    case .storeFront, .storeProductPage: (.destination, "App Store")
    // Messages' page to switch the app on (F-1).
    case .manageApps: (.destination, "app management in Messages")
    // A web browser loads the URL (D-2, U-28).
    case .browser: (.destination, "web browser")
    // The App Clip card, then the clip (A-1, A-2).
    case .appClipLaunch: (.destination, "App Clip")
    // Another app that claims the URL (S004-9, M-5).
    case .otherAppLaunch: (.destination, "another app")
    // An app intent's perform() runs; the app does not come forward (W-7, C-1).
    case .intentRun: (.destination, "app intent: perform()")
    // The paired iPhone (L-7).
    case .offersToOpenOnPhone: (.destination, "iPhone")
    // Android: the app's activity (AND-1), or the dialog that asks which app (AND-2).
    case .appLaunch: (.app, app)
    case .disambiguationDialog: (.destination, "disambiguation dialog")
    case .transcriptView, .expandsInPlace, .nothing, .undecided: nil
    }
  }
}

extension Situation {
  /// Who takes part in this situation's event, in its words.
  package var cast: EventCast {
    switch event {
    case .tap:
      // DOMAIN.md "Actors and words": Messages hosts the iMessage app, which may open its
      // container app (S004-1 to S004-3, S004-10, S004-11, D-1, D-4, N-4, F-1).
      let surface =
        switch tap.target {
        case .message: "message bubble in Messages"
        case .sticker: "sticker in Messages"
        case .attribution: "app attribution in Messages"
        case .notificationPreview: "Messages notification preview"
        }
      return EventCast(
        gesture: "tap", surface: surface, actor: .extension, actorWords: "iMessage app (extension)",
        app: "container app", decider: .surface)
    case .open:
      // The extension calls open(url); its host or the system opens it (D-1, X-10, X-13, E-1 to E-5).
      let surface =
        switch open.extensionPoint {
        case .messages: "iMessage app (extension) in Messages"
        case .today: "Today widget (extension)"
        case .share: "share extension"
        case .action: "action extension"
        case .keyboard: "custom keyboard (extension)"
        case .other: "app extension"
        case .safariWebExtension: "Safari web extension"
        case .shieldAction: "Screen Time shield action (extension)"
        }
      let host = open.extensionPoint == .messages ? "Messages (the host)" : "the system"
      let call =
        switch open.method {
        case .extensionContext: "extensionContext.open"
        case .applicationOpen: "UIApplication.shared.open"
        case .openURLSelector: "openURL:"
        case .swiftUIOpenURL: "openURL"
        }
      return EventCast(
        gesture: "tap", surface: surface, actor: .system, actorWords: host, app: "container app",
        what: "open(url) from \(Words.article(surface)) \(surface)", call: call)
    case .delivery:
      // Something opened the app; the handoff names what (U-42 to U-47, W-5, L-5, T-3, A-3).
      let surface =
        switch delivery.handoff {
        case .url: "link or open(url)"
        case .universalLink: "universal link"
        case .userActivity: "widget or Live Activity with no URL"
        case .notificationResponse: "notification"
        case .shortcutItem: "Home Screen quick action"
        case .intent: "app intent's button or control"
        case .nothing: "something that opens the app"
        }
      return EventCast(
        gesture: "tap", surface: surface, actor: .system, actorWords: "the system (UIKit)",
        app: "container app",
        what: "a handoff to the app from \(Words.article(surface)) \(surface)")
    case .widget:
      // W-1 to W-5, W-7, W-11, W-12: the system activates the containing app.
      let place =
        switch widget.location {
        case .homeScreen: "widget on the Home Screen"
        case .lockScreen: "widget on the Lock Screen"
        case .standBy: "widget in StandBy"
        case .carPlay: "widget in CarPlay"
        case .iPhoneWidgetsOnMac: "iPhone widget on the Mac"
        }
      let element =
        switch widget.element {
        case .background: ""
        case .link: " (its Link)"
        case .button: " (a Button)"
        case .toggle: " (a Toggle)"
        }
      return EventCast(
        gesture: "tap", surface: place + element, actor: .system, actorWords: "the system (WidgetKit)",
        app: "containing app")
    case .liveActivity:
      // L-1 to L-5, L-7, W-4.
      let surface =
        switch liveActivity.presentation {
        case .lockScreen:
          platform == .watchOS ? "Live Activity in the Smart Stack" : "Live Activity on the Lock Screen"
        case .compactLeading: "compact leading Live Activity in the Dynamic Island"
        case .compactTrailing: "compact trailing Live Activity in the Dynamic Island"
        case .minimal: "minimal Live Activity in the Dynamic Island"
        case .expanded: "expanded Live Activity in the Dynamic Island"
        case .standBy: "Live Activity in StandBy"
        case .carPlay: "Live Activity in CarPlay"
        }
      return EventCast(
        gesture: liveActivity.touchAndHold ? "touch and hold" : "tap", surface: surface, actor: .system,
        actorWords: "the system (ActivityKit)", app: "containing app")
    case .control:
      // C-1 to C-3, C-5, C-7: the system runs the control's app intent.
      let surface =
        switch control.placement {
        case .controlCenter: "control in Control Center"
        case .lockScreen: "control on the Lock Screen"
        case .actionButton: "control on the Action button"
        }
      return EventCast(
        gesture: control.placement == .actionButton ? "press" : "tap", surface: surface, actor: .system,
        actorWords: "the system (the control's app intent)", app: "app")
    case .notification:
      // T-1 to T-7: the system hands the response to the app's delegate; a content extension
      // acts first when its view gets the touch.
      let (gesture, what) =
        switch notification.response {
        case .defaultAction: ("tap", "a tap on a notification")
        case .customAction: ("tap an action button", "a tap on a notification's action button")
        case .dismiss: ("dismiss", "a dismissal of a notification")
        case .contentExtensionDefaultAction:
          ("tap in the expanded view", "a tap in a notification's expanded view")
        case .contentExtensionOpenURL:
          ("tap a control in the expanded view", "a tap on a control in a notification's expanded view")
        }
      let byExtension =
        switch notification.response {
        case .contentExtensionDefaultAction, .contentExtensionOpenURL: true
        case .defaultAction, .customAction, .dismiss: false
        }
      return EventCast(
        gesture: gesture, surface: "notification", actor: byExtension ? .extension : .system,
        actorWords: byExtension ? "Notification Content extension" : "the system (UNUserNotificationCenter)",
        app: "app", what: what)
    case .appClip:
      // A-1 to A-6: the App Clip card, then the clip, or the full app when it is installed.
      let (gesture, surface) =
        switch appClip.invokedFrom {
        case .qrCode: ("scan", "QR code")
        case .nfcTag: ("hold near", "NFC tag")
        case .appClipCode: ("scan", "App Clip Code")
        case .safariBanner: ("tap", "Smart App Banner in Safari")
        case .messages: ("tap", "App Clip link in Messages")
        case .maps: ("tap", "place card in Maps")
        case .otherApp: ("tap", "App Clip link in another app")
        case .appSwitcher: ("tap", "App Clip in the App Switcher")
        }
      let what =
        gesture == "tap"
        ? nil
        : "\(gesture == "scan" ? "a scan of" : "holding the iPhone near") \(Words.article(surface)) \(surface)"
      return EventCast(
        gesture: gesture, surface: surface, actor: .system, actorWords: "the system (App Clip card)",
        app: "full app", what: what)
    case .link:
      // M-1 to M-5, U-28 to U-35, U-43 to U-46: the system opens a universal link's app or the browser.
      let android = platform == .android
      let place =
        switch link.from {
        case .messages: android ? "link in a message" : "link in a message in Messages"
        case .mail: "link in Mail"
        case .notes: "link in Notes"
        case .safariCrossDomain: "link in Safari to another domain"
        case .safariSameDomain: "link in Safari to the same domain"
        case .safariViewController:
          link.onPage ? "link on a page in SFSafariViewController" : "link in SFSafariViewController"
        case .webView: android ? "link in a WebView" : "link in a WKWebView"
        case .otherAppOpen:
          android ? "URL another app opens with ACTION_VIEW" : "URL another app opens with open(_:)"
        case .typed: android ? "URL typed in the browser's address bar" : "URL typed in Safari's address bar"
        case .scriptRedirect: "page whose script redirects"
        case .instagram, .facebook, .messenger, .tikTok, .linkedIn, .snapchat, .weChat, .telegram, .line,
          .googleApp:
          link.onPage ? "link on a page in \(link.from.appName)'s browser" : "link in \(link.from.appName)"
        case .x, .threads:
          link.onPage ? "link on a page \(link.from.appName) shows" : "link in \(link.from.appName)"
        case .gmail: "link in a Gmail message"
        case .youTube: "link in YouTube"
        case .otherBrowser: "link in a browser other than Safari"
        case .ownAppOpen: "the app's own link, opened with open(_:)"
        case .chrome: "link on a page in Chrome"
        case .customTab: "link in a Custom Tab"
        }
      let via =
        switch link.via {
        case .direct: ""
        case .serverRedirect: " (through a redirect)"
        case .clickTracker: " (through a click tracker)"
        }
      let preview =
        switch link.tapped {
        case .text: ""
        case .richPreview: " (its preview)"
        case .unloadedPreview: " (Tap to Load Preview)"
        }
      let (gesture, what): (String, String?) =
        switch link.from {
        case .typed:
          (
            "type the URL",
            android ? "a URL typed in the browser's address bar" : "a URL typed in Safari's address bar"
          )
        case .scriptRedirect: ("open the page", "a page whose script redirects")
        case .otherAppOpen: ("act in the other app", "another app's open(_:)")
        case .ownAppOpen: ("act in the app", "the app's own open(_:)")
        default: ("tap", nil)
        }
      return EventCast(
        gesture: gesture, surface: place + preview + via, actor: .system,
        actorWords: android ? "Android (App Links)" : "the system (universal links)", app: "app", what: what)
    }
  }
}

extension Situation.Link.Source {
  /// The name of the app a link is followed in, in its own spelling; the value's name for a
  /// place that is not one app.
  fileprivate var appName: String {
    switch self {
    case .instagram: "Instagram"
    case .facebook: "Facebook"
    case .messenger: "Messenger"
    case .tikTok: "TikTok"
    case .linkedIn: "LinkedIn"
    case .snapchat: "Snapchat"
    case .weChat: "WeChat"
    case .telegram: "Telegram"
    case .line: "LINE"
    case .googleApp: "the Google app"
    case .x: "X"
    case .threads: "Threads"
    case .gmail: "Gmail"
    case .youTube: "YouTube"
    case .messages, .mail, .notes, .safariCrossDomain, .safariSameDomain, .safariViewController, .webView,
      .otherAppOpen, .typed, .scriptRedirect, .otherBrowser, .ownAppOpen, .chrome, .customTab:
      rawValue
    }
  }
}
