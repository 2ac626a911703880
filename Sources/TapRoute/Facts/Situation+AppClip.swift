// The value enums of the `appClip` part (`Situation.AppClip`, declared in the catalog).

extension Situation.AppClip {
  /// Where the App Clip was invoked.
  public enum Invocation: String, Sendable, Hashable, Codable, CaseIterable {
    case qrCode, nfcTag, appClipCode
    /// A Smart App Banner or App Clip card in Safari or `SFSafariViewController`.
    case safariBanner
    /// A link shared in Messages (as a text message).
    case messages
    /// A place card in Maps.
    case maps
    /// Another app's App Clip link or preview (iOS 17).
    case otherApp
    /// Back to a previously launched App Clip from the App Switcher or a notification.
    case appSwitcher
  }

  /// The App Clip experiences the app configured.
  public enum Experience: String, Sendable, Hashable, Codable, CaseIterable {
    /// The default experience with default App Clip links, no website associated.
    case defaultAppClipLinks
    /// The default experience, default links and a website associated with the App Clip.
    case associatedWebsite
    /// An advanced experience too (App Clip Codes, Maps, QR and NFC before iOS 16.4).
    case advanced
  }
}

extension Situation.AppClip.Invocation {
  var index: Int {
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
  var index: Int {
    switch self {
    case .defaultAppClipLinks: 0
    case .associatedWebsite: 1
    case .advanced: 2
    }
  }
}
