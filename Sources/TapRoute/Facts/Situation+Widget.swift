// The value indices of the types the `widget` and `liveActivity` parts name (the parts and
// the types are generated from `SituationCatalog`), and the computed fact `widgetURL`.

extension Situation.LiveActivity.PairedPhoneOS {
  package var index: Int {
    switch self {
    case .iOS18OrLater: 0
    case .beforeIOS18: 1
    }
  }
}

// Value indices without building `allCases` arrays on the decide path (declaration order).
extension Situation.Widget.Family {
  package var index: Int {
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
  package var index: Int {
    switch self {
    case .background: 0
    case .link: 1
    case .button: 2
    case .toggle: 3
    }
  }
}

extension Situation.Widget.IntentMode {
  package var index: Int {
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
  package var index: Int {
    switch self {
    case .static: 0
    case .appIntent: 1
    case .intent: 2
    }
  }
}

extension Situation.Widget.Location {
  package var index: Int {
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
  package var index: Int {
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
  package var index: Int {
    switch self {
    case .both: 0
    case .dynamicIsland: 1
    case .lockScreen: 2
    }
  }
}

extension Situation.URLPresence {
  package var index: Int {
    switch self {
    case .none: 0
    case .given: 1
    }
  }
}

extension Situation {
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
