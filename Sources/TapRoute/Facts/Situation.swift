/// What happened on a device: the input to every decision.
///
/// The JSON form is public (see the README's "Situation" reference); every field but
/// `event` has a default. ``tap`` is read for a tap, ``open`` for an `open(url)` call.
public struct Situation: Sendable, Hashable {
  /// Which decision is asked for.
  public enum Event: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user taps a message, sticker or attribution in a conversation.
    case tap
    /// The extension calls `extensionContext.open(url, completionHandler:)`.
    case open
  }

  /// Which decision is asked for: a tap, or an `open(url)` call.
  public var event: Event
  /// The platform of the device (default iOS).
  public var platform: Platform
  /// The device's OS version; nil means the newest version the policies know.
  public var osVersion: OSVersion?
  /// The app's install and publish state on the device.
  public var app: App
  /// What was tapped; read when ``event`` is ``Event/tap``.
  public var tap: Tap
  /// The `open(url)` call; read when ``event`` is ``Event/open``.
  public var open: Open
  /// The facts whose fields the situation left out, so they took their defaults: filled by
  /// the JSON readers, settable by Swift callers. A nil `osVersion` or `app.sdkVersion`
  /// counts as left out whatever this holds. A decision lists the left-out facts its
  /// deciding rules tested as ``Decision/assumed``. Equality and hashing ignore it.
  public var unspecified: Set<Fact> {
    get { Set(Fact.allCases.filter { unspecifiedMask & $0.bit != 0 }) }
    set { unspecifiedMask = newValue.reduce(0) { $0 | $1.bit } }
  }
  /// ``unspecified`` as bits (``Fact/bit``), read on the decide path.
  @usableFromInline
  var unspecifiedMask: UInt32 = 0

  /// A situation; every part but `event` defaults to the JSON form's defaults.
  public init(
    event: Event, platform: Platform = .iOS, osVersion: OSVersion? = nil, app: App = App(),
    tap: Tap = Tap(), open: Open = Open()
  ) {
    self.event = event
    self.platform = platform
    self.osVersion = osVersion
    self.app = app
    self.tap = tap
    self.open = open
  }
}

extension Situation {
  /// The platform of the device that shows the conversation.
  public enum Platform: String, Sendable, Hashable, Codable, CaseIterable {
    case iOS, iPadOS, macOS, watchOS, visionOS
  }

  /// The iMessage app's install and publish state, seen from the tapping device.
  public struct App: Sendable, Hashable {
    /// The extension ships inside a container app (false: an iMessage-only app).
    public var hasContainerApp: Bool
    /// The app is installed on the tapping device.
    public var installed: Bool
    /// The extension is switched on in Messages.
    public var enabledInMessages: Bool
    /// The app is published on the App Store.
    public var published: Bool
    /// The iOS SDK the iMessage app was built with; nil means the newest the policies know.
    /// Before 17, `URL(string:)` returns nil for text with a space or non-ASCII characters;
    /// from 17 it percent-encodes them (N-8).
    public var sdkVersion: OSVersion?

    /// The app's state; by default installed, enabled and published, with a container app.
    public init(
      hasContainerApp: Bool = true, installed: Bool = true, enabledInMessages: Bool = true,
      published: Bool = true, sdkVersion: OSVersion? = nil
    ) {
      self.hasContainerApp = hasContainerApp
      self.installed = installed
      self.enabledInMessages = enabledInMessages
      self.published = published
      self.sdkVersion = sdkVersion
    }
  }

  /// What was tapped, and the state of the extension when it was.
  public struct Tap: Sendable, Hashable {
    /// What the tap lands on (default: the message).
    public var target: Target
    /// `MSMessage.url` of the tapped message.
    public var url: String?
    /// How the message reached this device (`sms`, `rcs`: the alternate layout, D-6).
    public var transport: Transport
    /// The message's layout (`live`: an `MSMessageLiveLayout`, N-4).
    public var layout: Layout
    /// The message was sent with `shouldExpire` and has been removed (N-16).
    public var expired: Bool
    /// The extension was already running (active in the conversation) at the tap.
    public var extensionRunning: Bool
    /// The tapped message was already the selected one (a message just sent counts, D-5).
    public var alreadySelected: Bool
    /// The user had swiped to another iMessage app in the drawer before the tap (F-6).
    public var afterDrawerSwipe: Bool
    /// The context the running extension is presented in (read with `extensionRunning`).
    public var presentationContext: PresentationContext
    /// The extension's own redirect code.
    public var redirect: Redirect

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

    /// A tap; by default on a message, with the extension not running and no redirect code.
    public init(
      target: Target = .message, url: String? = nil, transport: Transport = .iMessage,
      layout: Layout = .template, expired: Bool = false, extensionRunning: Bool = false,
      alreadySelected: Bool = false, afterDrawerSwipe: Bool = false,
      presentationContext: PresentationContext = .messages, redirect: Redirect = Redirect()
    ) {
      self.target = target
      self.url = url
      self.transport = transport
      self.layout = layout
      self.expired = expired
      self.extensionRunning = extensionRunning
      self.alreadySelected = alreadySelected
      self.afterDrawerSwipe = afterDrawerSwipe
      self.presentationContext = presentationContext
      self.redirect = redirect
    }
  }

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

  /// An `extensionContext.open(url)` call.
  public struct Open: Sendable, Hashable {
    /// The URL passed to `open(url)`.
    public var url: String?
    /// The extension point of the calling extension (default: a Messages extension).
    public var extensionPoint: ExtensionPoint

    /// The extension point of the extension that calls `open(url)`.
    public enum ExtensionPoint: String, Sendable, Hashable, Codable, CaseIterable {
      case messages, today, share, action, keyboard, other
    }

    /// An `open(url)` call; by default from a Messages extension.
    public init(url: String? = nil, extensionPoint: ExtensionPoint = .messages) {
      self.url = url
      self.extensionPoint = extensionPoint
    }
  }

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
typealias App = Situation.App
typealias Tap = Situation.Tap
typealias Open = Situation.Open
typealias Redirect = Situation.Redirect
typealias Platform = Situation.Platform
typealias Callback = Situation.Callback
typealias TapTarget = Situation.Tap.Target
typealias ExtensionPoint = Situation.Open.ExtensionPoint

extension Situation {
  /// Equal when every field is; ``unspecified`` (where the values came from) is ignored.
  public static func == (a: Situation, b: Situation) -> Bool {
    a.event == b.event && a.platform == b.platform && a.osVersion == b.osVersion && a.app == b.app
      && a.tap == b.tap && a.open == b.open
  }

  /// Hashes what equality compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(event)
    hasher.combine(platform)
    hasher.combine(osVersion)
    hasher.combine(app)
    hasher.combine(tap)
    hasher.combine(open)
  }

  /// The facts left out as bits, a nil version included.
  @inlinable
  var leftOut: UInt32 {
    var mask = unspecifiedMask
    if osVersion == nil { mask |= Fact.osVersion.bit }
    if app.sdkVersion == nil { mask |= Fact.sdkVersion.bit }
    return mask
  }
}

typealias Transport = Situation.Tap.Transport
