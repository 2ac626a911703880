// The `Situation` struct, its parts `App`, `Tap` and `Open`, equality and hashing are
// generated from `SituationCatalog` (Sources/CatalogGenerator/SituationCatalog.swift) into
// Generated/SituationCatalog+Generated.swift. Here: the value types their fields name.

extension Situation {
  /// The facts whose fields the situation left out, so they took their defaults: filled by
  /// the JSON readers, settable by Swift callers. A nil `osVersion` or `app.sdkVersion`
  /// counts as left out whatever this holds. A decision lists the left-out facts its
  /// deciding rules tested as ``Decision/assumed``. Equality and hashing ignore it.
  public var unspecified: Set<Fact> {
    get { Set(Fact.allCases.filter { unspecifiedMask & $0.bit != 0 }) }
    set { unspecifiedMask = newValue.reduce(0) { $0 | $1.bit } }
  }

  /// The platform of the device that shows the conversation.
  public enum Platform: String, Sendable, Hashable, Codable, CaseIterable {
    case iOS, iPadOS, macOS, watchOS, visionOS
  }
}

extension Situation.Tap {
  /// What a tap lands on.
  public enum Target: String, Sendable, Hashable, Codable, CaseIterable {
    /// A message bubble.
    case message
    /// A sticker (it carries no URL, N-13).
    case sticker
    /// The app attribution under a message or sticker.
    case attribution
    /// The message's content shown in a notification preview (N-18).
    case notificationPreview
  }

  /// How a message reached the tapping device.
  public enum Transport: String, Sendable, Hashable, Codable, CaseIterable {
    case iMessage, sms, rcs
  }

  /// The layout of a message (`MSMessageTemplateLayout` or `MSMessageLiveLayout`).
  public enum Layout: String, Sendable, Hashable, Codable, CaseIterable {
    case template, live
  }

  /// `MSMessagesAppPresentationContext`: `media` is the system Stickers app, the Messages
  /// camera or FaceTime, where no select callback fires (N-4).
  public enum PresentationContext: String, Sendable, Hashable, Codable, CaseIterable {
    case messages, media
  }
}

extension Situation {
  /// Redirect code in the extension: the hooks that call `open(url)`, and the URL.
  public struct Redirect: Sendable, Hashable {
    /// The callbacks that call `open(url)`; only those a redirect may live in (``Hook``).
    public var hooks: Hooks
    /// The URL the redirect code opens.
    public var url: String?

    /// Redirect code; by default none.
    public init(hooks: Hooks = [], url: String? = nil) {
      self.hooks = hooks
      self.url = url
    }
  }
}

extension Situation.Open {
  /// The extension point of the extension that calls `open(url)`.
  public enum ExtensionPoint: String, Sendable, Hashable, Codable, CaseIterable {
    case messages, today, share, action, keyboard, other
    /// A Safari web extension (E-4).
    case safariWebExtension
    /// A Screen Time `ShieldAction` extension (E-5).
    case shieldAction
  }

  /// How the extension opens the URL (`open.method`, E-1 to E-3, X-13).
  public enum Method: String, Sendable, Hashable, Codable, CaseIterable {
    /// `extensionContext.open(_:completionHandler:)`, which only Today and iMessage support (D-1).
    case extensionContext
    /// `UIApplication.open(_:options:completionHandler:)` on the `UIApplication` found by walking
    /// the responder chain (X-13, E-2).
    case applicationOpen
    /// The deprecated `openURL:` selector performed on the responder chain (stopped in iOS 18).
    case openURLSelector
    /// SwiftUI's `Link` view or `openURL` environment action (E-2, E-3).
    case swiftUIOpenURL
  }
}

extension Situation {
  /// A lifecycle callback of `MSMessagesAppViewController` (and its view controller).
  public enum Callback: String, Sendable, Hashable, Codable, CaseIterable {
    case viewDidLoad, willBecomeActive, didBecomeActive, viewWillAppear, viewDidAppear
    case willSelect, didSelect, willTransition, didTransition
    case willResignActive, didResignActive, viewWillDisappear, viewDidDisappear
    /// `didReceive(_:conversation:)`: a message arrived while the extension was active. It
    /// never fires on a tap; redirect code there runs without one (N-17).
    case didReceive

    /// The callbacks redirect code may live in (`tap.redirect.hooks`).
    public static let redirectHooks: [Callback] = Situation.Redirect.Hook.allCases.map(\.callback)
  }
}

// Shorthand inside the module for the nested part types; clients write `Situation.App` etc.
typealias Redirect = Situation.Redirect
typealias Platform = Situation.Platform
typealias Callback = Situation.Callback
typealias TapTarget = Situation.Tap.Target
typealias ExtensionPoint = Situation.Open.ExtensionPoint

extension Situation {
  /// The facts left out as bits, a nil version included.
  @inlinable
  var leftOut: FactMask {
    var mask = unspecifiedMask
    if osVersion == nil { mask |= Fact.osVersion.bit }
    if app.sdkVersion == nil { mask |= Fact.sdkVersion.bit }
    return mask
  }
}

typealias Transport = Situation.Tap.Transport
