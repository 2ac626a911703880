// The value types the `widget` and `liveActivity` parts name (the parts themselves are
// generated from `SituationCatalog`).

extension Situation.Widget {
  /// `WidgetFamily`: the widget's size.
  public enum Family: String, Sendable, Hashable, Codable, CaseIterable {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge
    case accessoryCircular, accessoryRectangular, accessoryInline
    /// watchOS only.
    case accessoryCorner
  }

  /// What a tap on a widget or Live Activity lands on.
  public enum Element: String, Sendable, Hashable, Codable, CaseIterable {
    /// Anywhere that is not a `Link`, button or toggle (the `widgetURL` applies).
    case background
    /// A SwiftUI `Link` (its destination is the part's `url`).
    case link
    /// A `Button(intent:)`: a plain `Button` before iOS 17.
    case button
    /// A `Toggle(isOn:intent:)`.
    case toggle
  }

  /// How the tapped button's or toggle's app intent asks to run (W-7, W-9, W-10).
  public enum IntentMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// The default: the intent runs in the widget extension (or, for the intent kinds that
    /// need it, in the app's process) without bringing the app forward.
    case background
    /// `openAppWhenRun` is true (deprecated from iOS 26).
    case openAppWhenRun
    /// `supportedModes` with `.foreground(.immediate)` (iOS 26).
    case foreground
    /// `supportedModes` with `.foreground(.deferred)` (iOS 26).
    case foregroundDeferred
    /// `supportedModes` with `.foreground(.dynamic)` (iOS 26).
    case foregroundDynamic
    /// An `OpenURLIntent` (iOS 18); its URL is the part's `url`.
    case openURLIntent
    /// A plain `Button(action:)` or `Toggle(isOn:)` with no app intent (Apple names only the
    /// initializers that take one, W-7).
    case noIntent
  }

  /// How the widget is configured: a fixed widget, or one the person edits (W-16).
  public enum Configuration: String, Sendable, Hashable, Codable, CaseIterable {
    /// `StaticConfiguration`.
    case `static`
    /// `AppIntentConfiguration` (iOS 17).
    case appIntent
    /// `IntentConfiguration` (SiriKit intents, before iOS 17).
    case intent
  }

  /// `WidgetLocation`: where the widget is shown.
  public enum Location: String, Sendable, Hashable, Codable, CaseIterable {
    /// The Home Screen (on a Mac: the desktop or Notification Center).
    case homeScreen
    case lockScreen
    case standBy
    case carPlay
    /// An iPhone widget on a Mac's desktop or in its Notification Center (iOS 17, macOS 14).
    case iPhoneWidgetsOnMac
  }
}

extension Situation.LiveActivity {
  /// Where the tapped Live Activity is shown: a presentation of it on iPhone or iPad, or
  /// StandBy or CarPlay. On Apple Watch and the Mac the platform says where.
  public enum Presentation: String, Sendable, Hashable, Codable, CaseIterable {
    case lockScreen, compactLeading, compactTrailing, minimal, expanded
    /// The minimal presentation at the top of the screen in StandBy.
    case standBy
    case carPlay
  }

  /// Where the Live Activity sets its `widgetURL` (L-3, L-4).
  public enum URLSetOn: String, Sendable, Hashable, Codable, CaseIterable {
    /// On the Lock Screen view and with `DynamicIsland.widgetURL(_:)`, or none at all.
    case both
    /// Only with `DynamicIsland.widgetURL(_:)`.
    case dynamicIsland
    /// Only on the Lock Screen view.
    case lockScreen
  }

  /// The iOS of the iPhone an Apple Watch is paired with, on the line the sources draw
  /// (L-10: Live Activities reach the Smart Stack from iOS 18 and watchOS 11).
  public enum PairedPhoneOS: String, Sendable, Hashable, Codable, CaseIterable {
    /// iOS 18 or later (the default).
    case iOS18OrLater
    /// Before iOS 18: no Live Activity reaches the watch.
    case beforeIOS18
  }
}

extension Situation.LiveActivity.PairedPhoneOS {
  var index: Int {
    switch self {
    case .iOS18OrLater: 0
    case .beforeIOS18: 1
    }
  }
}

// Value indices without building `allCases` arrays on the decide path (declaration order).
extension Situation.Widget.Family {
  var index: Int {
    switch self {
    case .systemSmall: 0
    case .systemMedium: 1
    case .systemLarge: 2
    case .systemExtraLarge: 3
    case .accessoryCircular: 4
    case .accessoryRectangular: 5
    case .accessoryInline: 6
    case .accessoryCorner: 7
    }
  }
}

extension Situation.Widget.Element {
  var index: Int {
    switch self {
    case .background: 0
    case .link: 1
    case .button: 2
    case .toggle: 3
    }
  }
}

extension Situation.Widget.IntentMode {
  var index: Int {
    switch self {
    case .background: 0
    case .openAppWhenRun: 1
    case .foreground: 2
    case .foregroundDeferred: 3
    case .foregroundDynamic: 4
    case .openURLIntent: 5
    case .noIntent: 6
    }
  }
}

extension Situation.Widget.Configuration {
  var index: Int {
    switch self {
    case .static: 0
    case .appIntent: 1
    case .intent: 2
    }
  }
}

extension Situation.Widget.Location {
  var index: Int {
    switch self {
    case .homeScreen: 0
    case .lockScreen: 1
    case .standBy: 2
    case .carPlay: 3
    case .iPhoneWidgetsOnMac: 4
    }
  }
}

extension Situation.LiveActivity.Presentation {
  var index: Int {
    switch self {
    case .lockScreen: 0
    case .compactLeading: 1
    case .compactTrailing: 2
    case .minimal: 3
    case .expanded: 4
    case .standBy: 5
    case .carPlay: 6
    }
  }
}

extension Situation.LiveActivity.URLSetOn {
  var index: Int {
    switch self {
    case .both: 0
    case .dynamicIsland: 1
    case .lockScreen: 2
    }
  }
}

extension Situation {
  /// Whether a URL field is set: the computed fact `widgetURL`.
  public enum URLPresence: String, Sendable, Hashable, Codable, CaseIterable {
    /// The field is nil (or left out).
    case none
    /// The field holds a URL.
    case given

    var index: Int {
      switch self {
      case .none: 0
      case .given: 1
      }
    }
  }

  /// Whether the tapped widget or Live Activity presentation has a `widgetURL` beside the
  /// `Link` the tap lands on (`widget.widgetURL`, `liveActivity.widgetURL`): the computed fact
  /// `widgetURL`, `none` for any other event. `url` (the event's URL) is not read.
  public func widgetURLPresence(url: String?) -> URLPresence {
    switch event {
    case .widget: widget.widgetURL == nil ? .none : .given
    case .liveActivity: liveActivity.widgetURL == nil ? .none : .given
    default: .none
    }
  }
}
