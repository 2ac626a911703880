// The value indices of the `notification` part's types (`Situation.Notification`, its types
// generated from the catalog).

extension Situation.Notification.Response {
  package var index: Int {
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
  package var index: Int {
    switch self {
    case .none: 0
    case .authenticationRequired: 1
    case .foreground: 2
    }
  }
}
