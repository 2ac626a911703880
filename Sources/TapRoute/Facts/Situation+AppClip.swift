// The value indices of the `appClip` part's types (`Situation.AppClip`, its types generated
// from the catalog).

extension Situation.AppClip.Invocation {
  package var index: Int {
    switch self {
    case .qrCode: 0
    case .nfcTag: 1
    case .appClipCode: 2
    case .safariBanner: 3
    case .messages: 4
    case .maps: 5
    case .otherApp: 6
    case .appSwitcher: 7
    }
  }
}

extension Situation.AppClip.Experience {
  package var index: Int {
    switch self {
    case .defaultAppClipLinks: 0
    case .associatedWebsite: 1
    case .advanced: 2
    }
  }
}
