// The value enums of the `control` part (`Situation.Control`, declared in the catalog).

extension Situation.Control {
  /// The app intent a control performs (C-1).
  public enum Intent: String, Sendable, Hashable, Codable, CaseIterable {
    /// A button's plain `AppIntent`: it runs, the app stays back.
    case appIntent
    /// An `OpenIntent`: it opens the app (C-2).
    case openIntent
    /// An intent that is or returns an `OpenURLIntent` with ``Situation/Control/url`` (C-4).
    case openURLIntent
    /// A plain `AppIntent` with `openAppWhenRun` set (contested in a control, C-5).
    case appIntentOpenAppWhenRun
    /// A toggle's `SetValueIntent`.
    case setValueIntent
  }

  /// The targets the intent's source file belongs to (C-2).
  public enum IntentTargets: String, Sendable, Hashable, Codable, CaseIterable {
    /// The app and the widget extension, as Apple requires to open the app.
    case appAndExtension
    /// The widget extension alone.
    case extensionOnly
  }

  /// The intent's `authenticationPolicy` (`IntentAuthenticationPolicy`, C-3).
  public enum AuthenticationPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    case alwaysAllowed, requiresAuthentication, requiresLocalDeviceAuthentication
  }

  /// Where the control sits (C-1): Control Center, the Lock Screen, or the Action button.
  public enum Placement: String, Sendable, Hashable, Codable, CaseIterable {
    case controlCenter, lockScreen, actionButton
  }
}

extension Situation.Control.Placement {
  var index: Int {
    switch self {
    case .controlCenter: 0
    case .lockScreen: 1
    case .actionButton: 2
    }
  }
}

extension Situation.Control.Intent {
  var index: Int {
    switch self {
    case .appIntent: 0
    case .openIntent: 1
    case .openURLIntent: 2
    case .appIntentOpenAppWhenRun: 3
    case .setValueIntent: 4
    }
  }
}

extension Situation.Control.IntentTargets {
  var index: Int {
    switch self {
    case .appAndExtension: 0
    case .extensionOnly: 1
    }
  }
}

extension Situation.Control.AuthenticationPolicy {
  var index: Int {
    switch self {
    case .alwaysAllowed: 0
    case .requiresAuthentication: 1
    case .requiresLocalDeviceAuthentication: 2
    }
  }
}
