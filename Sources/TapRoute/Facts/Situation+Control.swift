// The value indices of the `control` part's types (`Situation.Control`, its types generated
// from the catalog).

extension Situation.Control.Placement {
  package var index: Int {
    switch self {
    case .controlCenter: 0
    case .lockScreen: 1
    case .actionButton: 2
    }
  }
}

extension Situation.Control.Intent {
  package var index: Int {
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
  package var index: Int {
    switch self {
    case .appAndExtension: 0
    case .extensionOnly: 1
    }
  }
}

extension Situation.Control.AuthenticationPolicy {
  package var index: Int {
    switch self {
    case .alwaysAllowed: 0
    case .requiresAuthentication: 1
    case .requiresLocalDeviceAuthentication: 2
    }
  }
}
