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
    case iOS, iPadOS, macOS, watchOS
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

    /// The app's state; by default installed, enabled and published, with a container app.
    public init(
      hasContainerApp: Bool = true, installed: Bool = true, enabledInMessages: Bool = true,
      published: Bool = true
    ) {
      self.hasContainerApp = hasContainerApp
      self.installed = installed
      self.enabledInMessages = enabledInMessages
      self.published = published
    }
  }

  /// What was tapped, and the state of the extension when it was.
  public struct Tap: Sendable, Hashable {
    /// What the tap lands on (default: the message).
    public var target: Target
    /// `MSMessage.url` of the tapped message.
    public var url: String?
    /// The extension was already running (active in the conversation) at the tap.
    public var extensionRunning: Bool
    /// The tapped message was already the selected one (a message just sent counts, D-5).
    public var alreadySelected: Bool
    /// The user had swiped to another iMessage app in the drawer before the tap (F-6).
    public var afterDrawerSwipe: Bool
    /// The extension's own redirect code.
    public var redirect: Redirect

    /// What a tap lands on.
    public enum Target: String, Sendable, Hashable, Codable, CaseIterable {
      case message, sticker, attribution
    }

    /// A tap; by default on a message, with the extension not running and no redirect code.
    public init(
      target: Target = .message, url: String? = nil, extensionRunning: Bool = false,
      alreadySelected: Bool = false, afterDrawerSwipe: Bool = false, redirect: Redirect = Redirect()
    ) {
      self.target = target
      self.url = url
      self.extensionRunning = extensionRunning
      self.alreadySelected = alreadySelected
      self.afterDrawerSwipe = afterDrawerSwipe
      self.redirect = redirect
    }
  }

  /// Redirect code in the extension: the hooks that call `open(url)`, and the URL.
  public struct Redirect: Sendable, Hashable {
    /// The callbacks that call `open(url)`; only the four a redirect may live in (``Hook``).
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
