// The value enums of the `notification` part (`Situation.Notification`, declared in the catalog).

extension Situation.Notification {
  /// How the person responds to the notification (T-1, T-4, T-5, T-6).
  public enum Response: String, Sendable, Hashable, Codable, CaseIterable {
    /// A tap on the notification itself (`UNNotificationDefaultActionIdentifier`).
    case defaultAction
    /// One of the category's action buttons; see ``Situation/Notification/actionOptions``.
    case customAction
    /// An explicit dismissal (`UNNotificationDismissActionIdentifier`).
    case dismiss
    /// A content extension calls `extensionContext.performNotificationDefaultAction()`.
    case contentExtensionDefaultAction
    /// A content extension calls `extensionContext.open(_:completionHandler:)` (unobserved, T-6).
    case contentExtensionOpenURL
  }

  /// The options of the chosen custom action (`UNNotificationActionOptions`).
  public enum ActionOptions: String, Sendable, Hashable, Codable, CaseIterable {
    /// Neither option: the app handles the action in the background.
    case none
    /// `.authenticationRequired` without `.foreground`.
    case authenticationRequired
    /// `.foreground` (with or without `.authenticationRequired`).
    case foreground
  }
}

extension Situation.Notification.Response {
  var index: Int {
    switch self {
    case .defaultAction: 0
    case .customAction: 1
    case .dismiss: 2
    case .contentExtensionDefaultAction: 3
    case .contentExtensionOpenURL: 4
    }
  }
}

extension Situation.Notification.ActionOptions {
  var index: Int {
    switch self {
    case .none: 0
    case .authenticationRequired: 1
    case .foreground: 2
    }
  }
}
