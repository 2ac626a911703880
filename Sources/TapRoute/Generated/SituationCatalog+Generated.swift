// swift-format-ignore-file
// Generated from Sources/CatalogGenerator/SituationCatalog.swift by `swift run CatalogGenerator`; do not edit.

/// A set of facts, one bit per fact (``Fact/bit``): 29 facts of at most 64.
/// Generated code's API (`CompiledPolicies.testedFacts`) spells it `UInt64`.
@usableFromInline typealias FactMask = UInt64

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
    /// A person uses a control (iOS 18) in Control Center, on the Lock Screen or on the Action button.
    case control
    /// A person responds to one of the app's notifications (a tap, an action, a dismissal).
    case notification
    /// A person invokes an App Clip (a code or tag, Safari's banner, a Messages link, Maps).
    case appClip
  }

  /// Which decision is asked for: a `tap`, or an `open`, or a `control`, or a `notification`, or an `appClip`.
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
  /// The control; read when ``event`` is ``Event/control``.
  public var control: Control
  /// The notification response; read when ``event`` is ``Event/notification``.
  public var notification: Notification
  /// The App Clip invocation; read when ``event`` is ``Event/appClip``.
  public var appClip: AppClip
  /// ``unspecified`` as bits (``Fact/bit``), read on the decide path.
  @usableFromInline
  var unspecifiedMask: FactMask = 0

  /// A situation; every part but `event` defaults to the JSON form's defaults.
  public init(
    event: Event, platform: Platform = .iOS, osVersion: OSVersion? = nil, app: App = App(), tap: Tap = Tap(), open: Open = Open(), control: Control = Control(), notification: Notification = Notification(), appClip: AppClip = AppClip()
  ) {
    self.event = event
    self.platform = platform
    self.osVersion = osVersion
    self.app = app
    self.tap = tap
    self.open = open
    self.control = control
    self.notification = notification
    self.appClip = appClip
  }
}

extension Situation {
  /// Equal when every field is; ``unspecified`` (where the values came from) is ignored.
  public static func == (a: Situation, b: Situation) -> Bool {
    a.event == b.event && a.platform == b.platform && a.osVersion == b.osVersion && a.app == b.app && a.tap == b.tap && a.open == b.open && a.control == b.control && a.notification == b.notification && a.appClip == b.appClip
  }

  /// Hashes what equality compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(event)
    hasher.combine(platform)
    hasher.combine(osVersion)
    hasher.combine(app)
    hasher.combine(tap)
    hasher.combine(open)
    hasher.combine(control)
    hasher.combine(notification)
    hasher.combine(appClip)
  }
}

extension Situation {
  /// The URL the situation's event reads (its URL facts are computed from it); nil for an
  /// event that reads none.
  @inlinable
  public var eventURL: String? {
    switch event {
    case .tap: tap.url
    case .open: open.url
    case .control: control.url
    case .notification: nil
    case .appClip: nil
    }
  }

  /// Sets the URL the situation's event reads (nothing for an event that reads none).
  package mutating func setEventURL(_ url: String?) {
    switch event {
    case .tap: tap.url = url
    case .open: open.url = url
    case .control: control.url = url
    case .notification: break
    case .appClip: break
    }
  }
}

extension Situation.Event {
  /// Where the event's URL is, as a Swift path from a `Situation` (`tap.url`); nil for an
  /// event that reads none.
  package var urlPath: String? {
    switch self {
    case .tap: "tap.url"
    case .open: "open.url"
    case .control: "control.url"
    case .notification: nil
    case .appClip: nil
    }
  }

  /// The event's index in `allCases` (declaration order), without building `allCases`:
  /// what generated code switches on, so that a type generated before an event was added
  /// still compiles.
  @_spi(Generated) @inlinable
  public var index: Int {
    switch self {
    case .tap: 0
    case .open: 1
    case .control: 2
    case .notification: 3
    case .appClip: 4
    }
  }

  /// The JSON key of the part the event reads beside the top level and `app`.
  package var part: String {
    switch self {
    case .tap: "tap"
    case .open: "open"
    case .control: "control"
    case .notification: "notification"
    case .appClip: "appClip"
    }
  }
}

extension Situation {
  /// The parts the situation gives (each differs from its default) that its event does not
  /// read, in catalog order: a decision remarks that it ignored them.
  package var unreadParts: [String] {
    var parts: [String] = []
    if event != .tap, tap != Tap() { parts.append("tap") }
    if event != .open, open != Open() { parts.append("open") }
    if event != .control, control != Control() { parts.append("control") }
    if event != .notification, notification != Notification() { parts.append("notification") }
    if event != .appClip, appClip != AppClip() { parts.append("appClip") }
    return parts
  }
}

// The parts by their short names, as the readers and the engine write them.
typealias App = Situation.App
typealias Tap = Situation.Tap
typealias Open = Situation.Open
typealias Control = Situation.Control
typealias Notification = Situation.Notification
typealias AppClip = Situation.AppClip

extension Situation {
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
      hasContainerApp: Bool = true, installed: Bool = true, enabledInMessages: Bool = true, published: Bool = true, sdkVersion: OSVersion? = nil
    ) {
      self.hasContainerApp = hasContainerApp
      self.installed = installed
      self.enabledInMessages = enabledInMessages
      self.published = published
      self.sdkVersion = sdkVersion
    }
  }
}

extension Situation {
  /// What was tapped, and the state of the extension when it was.
  public struct Tap: Sendable, Hashable {
    /// What the tap lands on (default: the message).
    public var target: Tap.Target
    /// `MSMessage.url` of the tapped message.
    public var url: String?
    /// How the message reached this device (`sms`, `rcs`: the alternate layout, D-6).
    public var transport: Tap.Transport
    /// The message's layout (`live`: an `MSMessageLiveLayout`, N-4).
    public var layout: Tap.Layout
    /// The message was sent with `shouldExpire` and has been removed (N-16).
    public var expired: Bool
    /// The extension was already running (active in the conversation) at the tap.
    public var extensionRunning: Bool
    /// The tapped message was already the selected one (a message just sent counts, D-5).
    public var alreadySelected: Bool
    /// The user had swiped to another iMessage app in the drawer before the tap (F-6).
    public var afterDrawerSwipe: Bool
    /// The context the running extension is presented in (read with `extensionRunning`).
    public var presentationContext: Tap.PresentationContext
    /// The extension's own redirect code.
    public var redirect: Redirect

    /// A tap; by default on a message, with the extension not running and no redirect code.
    public init(
      target: Tap.Target = .message, url: String? = nil, transport: Tap.Transport = .iMessage, layout: Tap.Layout = .template, expired: Bool = false, extensionRunning: Bool = false, alreadySelected: Bool = false, afterDrawerSwipe: Bool = false, presentationContext: Tap.PresentationContext = .messages, redirect: Redirect = Redirect()
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
}

extension Situation {
  /// An `extensionContext.open(url, completionHandler:)` call.
  public struct Open: Sendable, Hashable {
    /// The URL passed to `open(url)`.
    public var url: String?
    /// The extension point of the calling extension (default: a Messages extension).
    public var extensionPoint: Open.ExtensionPoint

    /// An `open(url)` call; by default from a Messages extension.
    public init(
      url: String? = nil, extensionPoint: Open.ExtensionPoint = .messages
    ) {
      self.url = url
      self.extensionPoint = extensionPoint
    }
  }
}

extension Situation {
  /// A control (`ControlWidget`) a person uses, and the app intent it performs.
  public struct Control: Sendable, Hashable {
    /// The app intent the control performs (default: a button's plain `AppIntent`, C-1).
    public var controlIntent: Control.Intent
    /// The URL of the `OpenURLIntent` the intent is or returns (C-4).
    public var url: String?
    /// The targets the intent belongs to; opening the app needs both (C-2).
    public var intentTargets: Control.IntentTargets
    /// The intent's `authenticationPolicy` (C-3).
    public var authenticationPolicy: Control.AuthenticationPolicy
    /// The device is locked when the control is used (read with `authenticationPolicy`).
    public var deviceLocked: Bool

    /// A control; by default a button with a plain app intent in both targets, always allowed.
    public init(
      controlIntent: Control.Intent = .appIntent, url: String? = nil, intentTargets: Control.IntentTargets = .appAndExtension, authenticationPolicy: Control.AuthenticationPolicy = .alwaysAllowed, deviceLocked: Bool = false
    ) {
      self.controlIntent = controlIntent
      self.url = url
      self.intentTargets = intentTargets
      self.authenticationPolicy = authenticationPolicy
      self.deviceLocked = deviceLocked
    }
  }
}

extension Situation {
  /// A person's response to a notification, and how its category is set up.
  public struct Notification: Sendable, Hashable {
    /// How the person responds (default: a tap on the notification, T-1).
    public var response: Notification.Response
    /// The options of the chosen custom action (read with `customAction`, T-4).
    public var actionOptions: Notification.ActionOptions
    /// The notification's category has the `customDismissAction` option (T-4).
    public var customDismissAction: Bool

    /// A response; by default a tap on the notification.
    public init(
      response: Notification.Response = .defaultAction, actionOptions: Notification.ActionOptions = .none, customDismissAction: Bool = false
    ) {
      self.response = response
      self.actionOptions = actionOptions
      self.customDismissAction = customDismissAction
    }
  }
}

extension Situation {
  /// An App Clip invocation: where it came from and what the device and the app have.
  public struct AppClip: Sendable, Hashable {
    /// Where the App Clip was invoked (A-1; `appSwitcher`: returning to it, A-4).
    public var invokedFrom: AppClip.Invocation
    /// The App Clip experiences the app configured.
    public var experience: AppClip.Experience
    /// For a Messages link: the recipient has the sender as a contact.
    public var senderInContacts: Bool
    /// The full app is installed, so it replaces the App Clip.
    public var fullAppInstalled: Bool

    /// An invocation; by default a QR code, the website associated, the full app not installed.
    public init(
      invokedFrom: AppClip.Invocation = .qrCode, experience: AppClip.Experience = .associatedWebsite, senderInContacts: Bool = true, fullAppInstalled: Bool = false
    ) {
      self.invokedFrom = invokedFrom
      self.experience = experience
      self.senderInContacts = senderInContacts
      self.fullAppInstalled = fullAppInstalled
    }
  }
}

/// A fact a decision table may test, derived from a ``Situation``.
///
/// The catalog is fixed by the situation format (declared in `SituationCatalog`): a table
/// declares which of these facts it uses and their domains, and the loader checks that each
/// declared domain is exactly the set of values the situation can produce, so a decision can
/// never meet a value its table did not plan for.
public enum Fact: String, Sendable, Hashable, CaseIterable, Codable {
  case platform
  case osVersion
  case sdkVersion
  case hasContainerApp
  case installed
  case enabledInMessages
  case published
  case transport
  case target
  case layout
  case expired
  case urlClass
  case urlNeedsEncoding
  case extensionRunning
  case alreadySelected
  case afterDrawerSwipe
  case presentationContext
  case extensionPoint
  case controlIntent
  case intentTargets
  case authenticationPolicy
  case deviceLocked
  case response
  case actionOptions
  case customDismissAction
  case invokedFrom
  case experience
  case senderInContacts
  case fullAppInstalled

  /// The shape of the fact's domain: a Boolean, one of named values, or an OS version.
  public var kind: Kind {
    switch self {
    case .platform: .enumeration(Platform.allCases.map(\.rawValue))
    case .osVersion: .version
    case .sdkVersion: .version
    case .hasContainerApp: .bool
    case .installed: .bool
    case .enabledInMessages: .bool
    case .published: .bool
    case .transport: .enumeration(Tap.Transport.allCases.map(\.rawValue))
    case .target: .enumeration(Tap.Target.allCases.map(\.rawValue))
    case .layout: .enumeration(Tap.Layout.allCases.map(\.rawValue))
    case .expired: .bool
    case .urlClass: .enumeration(URLSchemeClass.allCases.map(\.rawValue))
    case .urlNeedsEncoding: .bool
    case .extensionRunning: .bool
    case .alreadySelected: .bool
    case .afterDrawerSwipe: .bool
    case .presentationContext: .enumeration(Tap.PresentationContext.allCases.map(\.rawValue))
    case .extensionPoint: .enumeration(Open.ExtensionPoint.allCases.map(\.rawValue))
    case .controlIntent: .enumeration(Control.Intent.allCases.map(\.rawValue))
    case .intentTargets: .enumeration(Control.IntentTargets.allCases.map(\.rawValue))
    case .authenticationPolicy: .enumeration(Control.AuthenticationPolicy.allCases.map(\.rawValue))
    case .deviceLocked: .bool
    case .response: .enumeration(Notification.Response.allCases.map(\.rawValue))
    case .actionOptions: .enumeration(Notification.ActionOptions.allCases.map(\.rawValue))
    case .customDismissAction: .bool
    case .invokedFrom: .enumeration(AppClip.Invocation.allCases.map(\.rawValue))
    case .experience: .enumeration(AppClip.Experience.allCases.map(\.rawValue))
    case .senderInContacts: .bool
    case .fullAppInstalled: .bool
    }
  }

  /// The events whose situations provide this fact.
  public var events: [Situation.Event] {
    switch self {
    case .platform: [.tap, .open, .control, .notification, .appClip]
    case .osVersion: [.tap, .open, .control, .notification, .appClip]
    case .sdkVersion: [.tap, .open, .control, .notification, .appClip]
    case .hasContainerApp: [.tap, .open, .control, .notification, .appClip]
    case .installed: [.tap, .open, .control, .notification, .appClip]
    case .enabledInMessages: [.tap, .open, .control, .notification, .appClip]
    case .published: [.tap, .open, .control, .notification, .appClip]
    case .transport: [.tap]
    case .target: [.tap]
    case .layout: [.tap]
    case .expired: [.tap]
    case .urlClass: [.tap, .open, .control]
    case .urlNeedsEncoding: [.tap, .open, .control]
    case .extensionRunning: [.tap]
    case .alreadySelected: [.tap]
    case .afterDrawerSwipe: [.tap]
    case .presentationContext: [.tap]
    case .extensionPoint: [.open]
    case .controlIntent: [.control]
    case .intentTargets: [.control]
    case .authenticationPolicy: [.control]
    case .deviceLocked: [.control]
    case .response: [.notification]
    case .actionOptions: [.notification]
    case .customDismissAction: [.notification]
    case .invokedFrom: [.appClip]
    case .experience: [.appClip]
    case .senderInContacts: [.appClip]
    case .fullAppInstalled: [.appClip]
    }
  }

  /// Where the fact comes from in the situation JSON, for documentation and messages.
  package func source(for event: Situation.Event) -> String {
    switch self {
    case .platform: "$.platform"
    case .osVersion: "$.osVersion"
    case .sdkVersion: "$.app.sdkVersion"
    case .hasContainerApp: "$.app.hasContainerApp"
    case .installed: "$.app.installed"
    case .enabledInMessages: "$.app.enabledInMessages"
    case .published: "$.app.published"
    case .transport: "$.tap.transport"
    case .target: "$.tap.target"
    case .layout: "$.tap.layout"
    case .expired: "$.tap.expired"
    case .urlClass:
      switch event {
      case .tap: "scheme class of $.tap.url"
      case .open: "scheme class of $.open.url"
      case .control: "scheme class of $.control.url"
      case .notification: "none: a notification reads no URL"
      case .appClip: "none: a appClip reads no URL"
      }
    case .urlNeedsEncoding:
      switch event {
      case .tap: "percent-encoding need of $.tap.url"
      case .open: "percent-encoding need of $.open.url"
      case .control: "percent-encoding need of $.control.url"
      case .notification: "none: a notification reads no URL"
      case .appClip: "none: a appClip reads no URL"
      }
    case .extensionRunning: "$.tap.extensionRunning"
    case .alreadySelected: "$.tap.alreadySelected"
    case .afterDrawerSwipe: "$.tap.afterDrawerSwipe"
    case .presentationContext: "$.tap.presentationContext"
    case .extensionPoint: "$.open.extensionPoint"
    case .controlIntent: "$.control.controlIntent"
    case .intentTargets: "$.control.intentTargets"
    case .authenticationPolicy: "$.control.authenticationPolicy"
    case .deviceLocked: "$.control.deviceLocked"
    case .response: "$.notification.response"
    case .actionOptions: "$.notification.actionOptions"
    case .customDismissAction: "$.notification.customDismissAction"
    case .invokedFrom: "$.appClip.invokedFrom"
    case .experience: "$.appClip.experience"
    case .senderInContacts: "$.appClip.senderInContacts"
    case .fullAppInstalled: "$.appClip.fullAppInstalled"
    }
  }

  /// True for a version fact; cheaper than building ``kind``.
  var isVersion: Bool {
    switch self {
    case .osVersion, .sdkVersion: true
    default: false
    }
  }

  /// Every fact's ``bit``.
  static let allBits: FactMask = allCases.reduce(0) { $0 | $1.bit }

  /// The fact's bit in a mask of facts (declaration order).
  @inlinable
  var bit: FactMask {
    switch self {
    case .platform: 1 << 0
    case .osVersion: 1 << 1
    case .sdkVersion: 1 << 2
    case .hasContainerApp: 1 << 3
    case .installed: 1 << 4
    case .enabledInMessages: 1 << 5
    case .published: 1 << 6
    case .transport: 1 << 7
    case .target: 1 << 8
    case .layout: 1 << 9
    case .expired: 1 << 10
    case .urlClass: 1 << 11
    case .urlNeedsEncoding: 1 << 12
    case .extensionRunning: 1 << 13
    case .alreadySelected: 1 << 14
    case .afterDrawerSwipe: 1 << 15
    case .presentationContext: 1 << 16
    case .extensionPoint: 1 << 17
    case .controlIntent: 1 << 39
    case .intentTargets: 1 << 40
    case .authenticationPolicy: 1 << 41
    case .deviceLocked: 1 << 42
    case .response: 1 << 44
    case .actionOptions: 1 << 45
    case .customDismissAction: 1 << 46
    case .invokedFrom: 1 << 49
    case .experience: 1 << 50
    case .senderInContacts: 1 << 51
    case .fullAppInstalled: 1 << 52
    }
  }
}

/// The facts of one situation for one event, precomputed once per decision.
///
/// A plain value of small integers: reading a fact costs a switch, and building it scans
/// the URL once without allocating.
struct FactSnapshot: Sendable {
  var platform: Int
  var osVersion: OSVersion
  var sdkVersion: OSVersion
  var hasContainerApp: Bool
  var installed: Bool
  var enabledInMessages: Bool
  var published: Bool
  var transport: Int
  var target: Int
  var layout: Int
  var expired: Bool
  var urlClass: URLSchemeClass
  var urlNeedsEncoding: Bool
  var extensionRunning: Bool
  var alreadySelected: Bool
  var afterDrawerSwipe: Bool
  var presentationContext: Int
  var extensionPoint: Int
  var controlIntent: Int
  var intentTargets: Int
  var authenticationPolicy: Int
  var deviceLocked: Bool
  var response: Int
  var actionOptions: Int
  var customDismissAction: Bool
  var invokedFrom: Int
  var experience: Int
  var senderInContacts: Bool
  var fullAppInstalled: Bool

  /// The facts of `situation` but the URL's, which are left `none` and not needing encoding
  /// (`CompiledTable.firstMatch(_:url:)` classifies the URL only when a rule needs it).
  /// `defaultVersion` stands for a missing OS version, `defaultSDKVersion` (the same when
  /// nil) for a missing SDK version.
  init(
    _ situation: Situation, event: Situation.Event, defaultVersion: OSVersion,
    defaultSDKVersion: OSVersion? = nil
  ) {
    platform = situation.platform.index
    osVersion = situation.osVersion ?? defaultVersion
    sdkVersion = situation.app.sdkVersion ?? defaultSDKVersion ?? defaultVersion
    hasContainerApp = situation.app.hasContainerApp
    installed = situation.app.installed
    enabledInMessages = situation.app.enabledInMessages
    published = situation.app.published
    transport = situation.tap.transport.index
    target = situation.tap.target.index
    layout = situation.tap.layout.index
    expired = situation.tap.expired
    urlClass = .none
    urlNeedsEncoding = false
    extensionRunning = situation.tap.extensionRunning
    alreadySelected = situation.tap.alreadySelected
    afterDrawerSwipe = situation.tap.afterDrawerSwipe
    presentationContext = situation.tap.presentationContext.index
    extensionPoint = situation.open.extensionPoint.index
    controlIntent = situation.control.controlIntent.index
    intentTargets = situation.control.intentTargets.index
    authenticationPolicy = situation.control.authenticationPolicy.index
    deviceLocked = situation.control.deviceLocked
    response = situation.notification.response.index
    actionOptions = situation.notification.actionOptions.index
    customDismissAction = situation.notification.customDismissAction
    invokedFrom = situation.appClip.invokedFrom.index
    experience = situation.appClip.experience.index
    senderInContacts = situation.appClip.senderInContacts
    fullAppInstalled = situation.appClip.fullAppInstalled
  }

  /// The value index of a finite fact (bool: 0 false, 1 true; enumerations: catalog order).
  func index(of fact: Fact) -> Int {
    switch fact {
    case .platform: platform
    case .osVersion: 0
    case .sdkVersion: 0
    case .hasContainerApp: hasContainerApp ? 1 : 0
    case .installed: installed ? 1 : 0
    case .enabledInMessages: enabledInMessages ? 1 : 0
    case .published: published ? 1 : 0
    case .transport: transport
    case .target: target
    case .layout: layout
    case .expired: expired ? 1 : 0
    case .urlClass: urlClass.index
    case .urlNeedsEncoding: urlNeedsEncoding ? 1 : 0
    case .extensionRunning: extensionRunning ? 1 : 0
    case .alreadySelected: alreadySelected ? 1 : 0
    case .afterDrawerSwipe: afterDrawerSwipe ? 1 : 0
    case .presentationContext: presentationContext
    case .extensionPoint: extensionPoint
    case .controlIntent: controlIntent
    case .intentTargets: intentTargets
    case .authenticationPolicy: authenticationPolicy
    case .deviceLocked: deviceLocked ? 1 : 0
    case .response: response
    case .actionOptions: actionOptions
    case .customDismissAction: customDismissAction ? 1 : 0
    case .invokedFrom: invokedFrom
    case .experience: experience
    case .senderInContacts: senderInContacts ? 1 : 0
    case .fullAppInstalled: fullAppInstalled ? 1 : 0
    }
  }

  /// The value of a version fact (the OS version for any other fact).
  func version(of fact: Fact) -> OSVersion {
    switch fact {
    case .sdkVersion: sdkVersion
    default: osVersion
    }
  }
}

extension Situation {
  /// The facts whose fields a situation document leaves out, as ``Fact/bit``s: `keys` are the
  /// top-level keys, the other arguments the parts as written (nil when absent). The URL
  /// facts come from the URL the event reads.
  static func leftOut(
    keys: some Collection<String>, app: JSONValue?, tap: JSONValue?, open: JSONValue?, control: JSONValue?, notification: JSONValue?, appClip: JSONValue?, event: Event
  ) -> FactMask {
    func present(_ part: JSONValue?) -> Set<String>? {
      guard let members = part?.objectValue else { return nil }
      return Set(members.map(\.key))
    }
    return leftOut(
      top: Set(keys), app: present(app), tap: present(tap), open: present(open), control: present(control), notification: present(notification), appClip: present(appClip), event: event)
  }

  /// As above, from the key sets of each part (nil: the part is absent).
  static func leftOut(
    top: Set<String>, app: Set<String>?, tap: Set<String>?, open: Set<String>?, control: Set<String>?, notification: Set<String>?, appClip: Set<String>?, event: Event
  ) -> FactMask {
    var mask: FactMask = 0
    func check(_ keys: Set<String>?, _ key: String, _ facts: Fact...) {
      if keys?.contains(key) != true { for fact in facts { mask |= fact.bit } }
    }
    check(top, "platform", .platform)
    check(top, "osVersion", .osVersion)
    check(app, "hasContainerApp", .hasContainerApp)
    check(app, "installed", .installed)
    check(app, "enabledInMessages", .enabledInMessages)
    check(app, "published", .published)
    check(app, "sdkVersion", .sdkVersion)
    check(tap, "target", .target)
    check(tap, "transport", .transport)
    check(tap, "layout", .layout)
    check(tap, "expired", .expired)
    check(tap, "extensionRunning", .extensionRunning)
    check(tap, "alreadySelected", .alreadySelected)
    check(tap, "afterDrawerSwipe", .afterDrawerSwipe)
    check(tap, "presentationContext", .presentationContext)
    check(open, "extensionPoint", .extensionPoint)
    check(control, "controlIntent", .controlIntent)
    check(control, "intentTargets", .intentTargets)
    check(control, "authenticationPolicy", .authenticationPolicy)
    check(control, "deviceLocked", .deviceLocked)
    check(notification, "response", .response)
    check(notification, "actionOptions", .actionOptions)
    check(notification, "customDismissAction", .customDismissAction)
    check(appClip, "invokedFrom", .invokedFrom)
    check(appClip, "experience", .experience)
    check(appClip, "senderInContacts", .senderInContacts)
    check(appClip, "fullAppInstalled", .fullAppInstalled)
    switch event {
    case .tap: check(tap, "url", .urlClass, .urlNeedsEncoding)
    case .open: check(open, "url", .urlClass, .urlNeedsEncoding)
    case .control: check(control, "url", .urlClass, .urlNeedsEncoding)
    case .notification: break
    case .appClip: break
    }
    return mask
  }
}

extension Situation {
  /// Sets a finite fact read from a field to value `index` (bool: 0 false, 1 true;
  /// enumerations: `allCases` order). False, changing nothing, for a version fact, a fact
  /// computed from the URL, or an index out of range.
  mutating func setFinite(_ fact: Fact, index: Int) -> Bool {
    switch fact {
    case .platform:
      guard Platform.allCases.indices.contains(index) else { return false }
      self.platform = Platform.allCases[index]
    case .hasContainerApp:
      guard index == 0 || index == 1 else { return false }
      self.app.hasContainerApp = index == 1
    case .installed:
      guard index == 0 || index == 1 else { return false }
      self.app.installed = index == 1
    case .enabledInMessages:
      guard index == 0 || index == 1 else { return false }
      self.app.enabledInMessages = index == 1
    case .published:
      guard index == 0 || index == 1 else { return false }
      self.app.published = index == 1
    case .transport:
      guard Tap.Transport.allCases.indices.contains(index) else { return false }
      self.tap.transport = Tap.Transport.allCases[index]
    case .target:
      guard Tap.Target.allCases.indices.contains(index) else { return false }
      self.tap.target = Tap.Target.allCases[index]
    case .layout:
      guard Tap.Layout.allCases.indices.contains(index) else { return false }
      self.tap.layout = Tap.Layout.allCases[index]
    case .expired:
      guard index == 0 || index == 1 else { return false }
      self.tap.expired = index == 1
    case .extensionRunning:
      guard index == 0 || index == 1 else { return false }
      self.tap.extensionRunning = index == 1
    case .alreadySelected:
      guard index == 0 || index == 1 else { return false }
      self.tap.alreadySelected = index == 1
    case .afterDrawerSwipe:
      guard index == 0 || index == 1 else { return false }
      self.tap.afterDrawerSwipe = index == 1
    case .presentationContext:
      guard Tap.PresentationContext.allCases.indices.contains(index) else { return false }
      self.tap.presentationContext = Tap.PresentationContext.allCases[index]
    case .extensionPoint:
      guard Open.ExtensionPoint.allCases.indices.contains(index) else { return false }
      self.open.extensionPoint = Open.ExtensionPoint.allCases[index]
    case .controlIntent:
      guard Control.Intent.allCases.indices.contains(index) else { return false }
      self.control.controlIntent = Control.Intent.allCases[index]
    case .intentTargets:
      guard Control.IntentTargets.allCases.indices.contains(index) else { return false }
      self.control.intentTargets = Control.IntentTargets.allCases[index]
    case .authenticationPolicy:
      guard Control.AuthenticationPolicy.allCases.indices.contains(index) else { return false }
      self.control.authenticationPolicy = Control.AuthenticationPolicy.allCases[index]
    case .deviceLocked:
      guard index == 0 || index == 1 else { return false }
      self.control.deviceLocked = index == 1
    case .response:
      guard Notification.Response.allCases.indices.contains(index) else { return false }
      self.notification.response = Notification.Response.allCases[index]
    case .actionOptions:
      guard Notification.ActionOptions.allCases.indices.contains(index) else { return false }
      self.notification.actionOptions = Notification.ActionOptions.allCases[index]
    case .customDismissAction:
      guard index == 0 || index == 1 else { return false }
      self.notification.customDismissAction = index == 1
    case .invokedFrom:
      guard AppClip.Invocation.allCases.indices.contains(index) else { return false }
      self.appClip.invokedFrom = AppClip.Invocation.allCases[index]
    case .experience:
      guard AppClip.Experience.allCases.indices.contains(index) else { return false }
      self.appClip.experience = AppClip.Experience.allCases[index]
    case .senderInContacts:
      guard index == 0 || index == 1 else { return false }
      self.appClip.senderInContacts = index == 1
    case .fullAppInstalled:
      guard index == 0 || index == 1 else { return false }
      self.appClip.fullAppInstalled = index == 1
    default: return false
    }
    return true
  }
}

extension JSONReader {
  /// Reads every field of the top level but `event` into `situation`, and records which
  /// facts the document left out.
  mutating func readSituationFields(
    _ fields: [String: JSONValue], path: String, into situation: inout Situation
  ) {
    if let v = fields["platform"],
      let choice = choice(v, path: Self.join(path, "platform"), what: "platform", choices: cases(Platform.self))
    {
      situation.platform = choice
    }
    situation.osVersion = version(fields, "osVersion", what: "OS", path: path)
    if let v = fields["app"] { situation.app = readApp(v, path: Self.join(path, "app")) }
    if let v = fields["tap"] { situation.tap = readTap(v, path: Self.join(path, "tap")) }
    if let v = fields["open"] { situation.open = readOpen(v, path: Self.join(path, "open")) }
    if let v = fields["control"] { situation.control = readControl(v, path: Self.join(path, "control")) }
    if let v = fields["notification"] { situation.notification = readNotification(v, path: Self.join(path, "notification")) }
    if let v = fields["appClip"] { situation.appClip = readAppClip(v, path: Self.join(path, "appClip")) }
    situation.unspecifiedMask = Situation.leftOut(
      keys: fields.keys, app: fields["app"], tap: fields["tap"], open: fields["open"], control: fields["control"], notification: fields["notification"], appClip: fields["appClip"], event: situation.event)
  }

  mutating func readApp(_ value: JSONValue, path: String) -> App {
    var app = App()
    guard let fields = object(value, path: path, allowed: App.CodingKeys.names) else { return app }
    flag(fields, "hasContainerApp", path: path, into: &app.hasContainerApp)
    flag(fields, "installed", path: path, into: &app.installed)
    flag(fields, "enabledInMessages", path: path, into: &app.enabledInMessages)
    flag(fields, "published", path: path, into: &app.published)
    app.sdkVersion = version(fields, "sdkVersion", what: "SDK", path: path)
    return app
  }

  mutating func readTap(_ value: JSONValue, path: String) -> Tap {
    var tap = Tap()
    guard let fields = object(value, path: path, allowed: Tap.CodingKeys.names) else { return tap }
    if let v = fields["target"],
      let choice = choice(v, path: Self.join(path, "target"), what: "target", choices: cases(Tap.Target.self))
    {
      tap.target = choice
    }
    tap.url = url(fields, "url", path: path)
    if let v = fields["transport"],
      let choice = choice(v, path: Self.join(path, "transport"), what: "transport", choices: cases(Tap.Transport.self))
    {
      tap.transport = choice
    }
    if let v = fields["layout"],
      let choice = choice(v, path: Self.join(path, "layout"), what: "layout", choices: cases(Tap.Layout.self))
    {
      tap.layout = choice
    }
    flag(fields, "expired", path: path, into: &tap.expired)
    flag(fields, "extensionRunning", path: path, into: &tap.extensionRunning)
    flag(fields, "alreadySelected", path: path, into: &tap.alreadySelected)
    flag(fields, "afterDrawerSwipe", path: path, into: &tap.afterDrawerSwipe)
    if let v = fields["presentationContext"],
      let choice = choice(v, path: Self.join(path, "presentationContext"), what: "presentation context", choices: cases(Tap.PresentationContext.self))
    {
      tap.presentationContext = choice
    }
    if let v = fields["redirect"] { tap.redirect = redirect(v, path: Self.join(path, "redirect")) }
    return tap
  }

  mutating func readOpen(_ value: JSONValue, path: String) -> Open {
    var open = Open()
    guard let fields = object(value, path: path, allowed: Open.CodingKeys.names) else { return open }
    open.url = url(fields, "url", path: path)
    if let v = fields["extensionPoint"],
      let choice = choice(v, path: Self.join(path, "extensionPoint"), what: "extension point", choices: cases(Open.ExtensionPoint.self))
    {
      open.extensionPoint = choice
    }
    return open
  }

  mutating func readControl(_ value: JSONValue, path: String) -> Control {
    var control = Control()
    guard let fields = object(value, path: path, allowed: Control.CodingKeys.names) else { return control }
    if let v = fields["controlIntent"],
      let choice = choice(v, path: Self.join(path, "controlIntent"), what: "control intent", choices: cases(Control.Intent.self))
    {
      control.controlIntent = choice
    }
    control.url = url(fields, "url", path: path)
    if let v = fields["intentTargets"],
      let choice = choice(v, path: Self.join(path, "intentTargets"), what: "intent targets", choices: cases(Control.IntentTargets.self))
    {
      control.intentTargets = choice
    }
    if let v = fields["authenticationPolicy"],
      let choice = choice(v, path: Self.join(path, "authenticationPolicy"), what: "authentication policy", choices: cases(Control.AuthenticationPolicy.self))
    {
      control.authenticationPolicy = choice
    }
    flag(fields, "deviceLocked", path: path, into: &control.deviceLocked)
    return control
  }

  mutating func readNotification(_ value: JSONValue, path: String) -> Notification {
    var notification = Notification()
    guard let fields = object(value, path: path, allowed: Notification.CodingKeys.names) else { return notification }
    if let v = fields["response"],
      let choice = choice(v, path: Self.join(path, "response"), what: "notification response", choices: cases(Notification.Response.self))
    {
      notification.response = choice
    }
    if let v = fields["actionOptions"],
      let choice = choice(v, path: Self.join(path, "actionOptions"), what: "action options", choices: cases(Notification.ActionOptions.self))
    {
      notification.actionOptions = choice
    }
    flag(fields, "customDismissAction", path: path, into: &notification.customDismissAction)
    return notification
  }

  mutating func readAppClip(_ value: JSONValue, path: String) -> AppClip {
    var appClip = AppClip()
    guard let fields = object(value, path: path, allowed: AppClip.CodingKeys.names) else { return appClip }
    if let v = fields["invokedFrom"],
      let choice = choice(v, path: Self.join(path, "invokedFrom"), what: "invocation", choices: cases(AppClip.Invocation.self))
    {
      appClip.invokedFrom = choice
    }
    if let v = fields["experience"],
      let choice = choice(v, path: Self.join(path, "experience"), what: "App Clip experience", choices: cases(AppClip.Experience.self))
    {
      appClip.experience = choice
    }
    flag(fields, "senderInContacts", path: path, into: &appClip.senderInContacts)
    flag(fields, "fullAppInstalled", path: path, into: &appClip.fullAppInstalled)
    return appClip
  }
}

extension Situation {
  /// The keys of a situation, in the order diagnostics list them.
  enum CodingKeys: String, CodingKey, CaseIterable {
    case event, platform, osVersion, app, tap, open, control, notification, appClip
  }

  /// Decodes every field but `event` into `self`, and records which facts were left out.
  mutating func decodeFields(from c: KeyedDecodingContainer<CodingKeys>) throws {
    platform = try c.decode(.platform, or: platform)
    osVersion = try c.decodeIfPresent(OSVersion.self, forKey: .osVersion)
    app = try c.decode(.app, or: app)
    tap = try c.decode(.tap, or: tap)
    open = try c.decode(.open, or: open)
    control = try c.decode(.control, or: control)
    notification = try c.decode(.notification, or: notification)
    appClip = try c.decode(.appClip, or: appClip)
    unspecifiedMask = Situation.leftOut(
      top: Set(c.allKeys.map(\.stringValue)),
      app: try Self.keys(in: c, .app), tap: try Self.keys(in: c, .tap), open: try Self.keys(in: c, .open), control: try Self.keys(in: c, .control), notification: try Self.keys(in: c, .notification), appClip: try Self.keys(in: c, .appClip),
      event: event)
  }

  /// Encodes every field; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(event, forKey: .event)
    try c.encode(platform, forKey: .platform)
    try c.encodeIfPresent(osVersion, forKey: .osVersion)
    try c.encode(app, forKey: .app)
    try c.encode(tap, forKey: .tap)
    try c.encode(open, forKey: .open)
    try c.encode(control, forKey: .control)
    try c.encode(notification, forKey: .notification)
    try c.encode(appClip, forKey: .appClip)
  }
}

extension Situation.App: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case hasContainerApp, installed, enabledInMessages, published, sdkVersion
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    hasContainerApp = try c.decode(.hasContainerApp, or: hasContainerApp)
    installed = try c.decode(.installed, or: installed)
    enabledInMessages = try c.decode(.enabledInMessages, or: enabledInMessages)
    published = try c.decode(.published, or: published)
    sdkVersion = try c.decodeIfPresent(OSVersion.self, forKey: .sdkVersion)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(hasContainerApp, forKey: .hasContainerApp)
    try c.encode(installed, forKey: .installed)
    try c.encode(enabledInMessages, forKey: .enabledInMessages)
    try c.encode(published, forKey: .published)
    try c.encodeIfPresent(sdkVersion, forKey: .sdkVersion)
  }
}

extension Situation.Tap: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case target, url, transport, layout, expired, extensionRunning, alreadySelected, afterDrawerSwipe, presentationContext, redirect
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    target = try c.decode(.target, or: target)
    url = try c.decodeURL(forKey: .url)
    transport = try c.decode(.transport, or: transport)
    layout = try c.decode(.layout, or: layout)
    expired = try c.decode(.expired, or: expired)
    extensionRunning = try c.decode(.extensionRunning, or: extensionRunning)
    alreadySelected = try c.decode(.alreadySelected, or: alreadySelected)
    afterDrawerSwipe = try c.decode(.afterDrawerSwipe, or: afterDrawerSwipe)
    presentationContext = try c.decode(.presentationContext, or: presentationContext)
    redirect = try c.decode(.redirect, or: redirect)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(target, forKey: .target)
    try c.encodeIfPresent(url, forKey: .url)
    try c.encode(transport, forKey: .transport)
    try c.encode(layout, forKey: .layout)
    try c.encode(expired, forKey: .expired)
    try c.encode(extensionRunning, forKey: .extensionRunning)
    try c.encode(alreadySelected, forKey: .alreadySelected)
    try c.encode(afterDrawerSwipe, forKey: .afterDrawerSwipe)
    try c.encode(presentationContext, forKey: .presentationContext)
    try c.encode(redirect, forKey: .redirect)
  }
}

extension Situation.Open: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case url, extensionPoint
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    url = try c.decodeURL(forKey: .url)
    extensionPoint = try c.decode(.extensionPoint, or: extensionPoint)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(url, forKey: .url)
    try c.encode(extensionPoint, forKey: .extensionPoint)
  }
}

extension Situation.Control: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case controlIntent, url, intentTargets, authenticationPolicy, deviceLocked
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    controlIntent = try c.decode(.controlIntent, or: controlIntent)
    url = try c.decodeURL(forKey: .url)
    intentTargets = try c.decode(.intentTargets, or: intentTargets)
    authenticationPolicy = try c.decode(.authenticationPolicy, or: authenticationPolicy)
    deviceLocked = try c.decode(.deviceLocked, or: deviceLocked)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(controlIntent, forKey: .controlIntent)
    try c.encodeIfPresent(url, forKey: .url)
    try c.encode(intentTargets, forKey: .intentTargets)
    try c.encode(authenticationPolicy, forKey: .authenticationPolicy)
    try c.encode(deviceLocked, forKey: .deviceLocked)
  }
}

extension Situation.Notification: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case response, actionOptions, customDismissAction
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    response = try c.decode(.response, or: response)
    actionOptions = try c.decode(.actionOptions, or: actionOptions)
    customDismissAction = try c.decode(.customDismissAction, or: customDismissAction)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(response, forKey: .response)
    try c.encode(actionOptions, forKey: .actionOptions)
    try c.encode(customDismissAction, forKey: .customDismissAction)
  }
}

extension Situation.AppClip: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case invokedFrom, experience, senderInContacts, fullAppInstalled
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    invokedFrom = try c.decode(.invokedFrom, or: invokedFrom)
    experience = try c.decode(.experience, or: experience)
    senderInContacts = try c.decode(.senderInContacts, or: senderInContacts)
    fullAppInstalled = try c.decode(.fullAppInstalled, or: fullAppInstalled)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(invokedFrom, forKey: .invokedFrom)
    try c.encode(experience, forKey: .experience)
    try c.encode(senderInContacts, forKey: .senderInContacts)
    try c.encode(fullAppInstalled, forKey: .fullAppInstalled)
  }
}

extension Situation {
  /// The situation without the parts its event does not read: what ``minimalJSON`` writes.
  package var relevantPart: Situation {
    var copy = self
    switch event {
    case .tap:
      copy.open = Open()
      copy.control = Control()
      copy.notification = Notification()
      copy.appClip = AppClip()
    case .open:
      copy.tap = Tap()
      copy.control = Control()
      copy.notification = Notification()
      copy.appClip = AppClip()
    case .control:
      copy.tap = Tap()
      copy.open = Open()
      copy.notification = Notification()
      copy.appClip = AppClip()
    case .notification:
      copy.tap = Tap()
      copy.open = Open()
      copy.control = Control()
      copy.appClip = AppClip()
    case .appClip:
      copy.tap = Tap()
      copy.open = Open()
      copy.control = Control()
      copy.notification = Notification()
    }
    return copy
  }

  /// The situation as compact public JSON, listing only what differs from the defaults and
  /// only the parts its event reads
  /// (`{"event":"tap","platform":"watchOS","tap":{"target":"attribution"}}`).
  package var minimalJSON: String {
    var top: [String] = ["\"event\":\"\(event.rawValue)\""]
    if self.platform != .iOS { top.append("\"platform\":\"\(self.platform.rawValue)\"") }
    if let osVersion = self.osVersion { top.append("\"osVersion\":\"\(osVersion)\"") }
    var appFields: [String] = []
    if self.app.hasContainerApp != true { appFields.append("\"hasContainerApp\":\(self.app.hasContainerApp)") }
    if self.app.installed != true { appFields.append("\"installed\":\(self.app.installed)") }
    if self.app.enabledInMessages != true { appFields.append("\"enabledInMessages\":\(self.app.enabledInMessages)") }
    if self.app.published != true { appFields.append("\"published\":\(self.app.published)") }
    if let sdkVersion = self.app.sdkVersion { appFields.append("\"sdkVersion\":\"\(sdkVersion)\"") }
    if !appFields.isEmpty { top.append("\"app\":{" + appFields.joined(separator: ",") + "}") }
    if event == .tap {
      var tapFields: [String] = []
      if self.tap.target != .message { tapFields.append("\"target\":\"\(self.tap.target.rawValue)\"") }
      if let url = self.tap.url { tapFields.append("\"url\":\(Self.jsonString(url))") }
      if self.tap.transport != .iMessage { tapFields.append("\"transport\":\"\(self.tap.transport.rawValue)\"") }
      if self.tap.layout != .template { tapFields.append("\"layout\":\"\(self.tap.layout.rawValue)\"") }
      if self.tap.expired != false { tapFields.append("\"expired\":\(self.tap.expired)") }
      if self.tap.extensionRunning != false { tapFields.append("\"extensionRunning\":\(self.tap.extensionRunning)") }
      if self.tap.alreadySelected != false { tapFields.append("\"alreadySelected\":\(self.tap.alreadySelected)") }
      if self.tap.afterDrawerSwipe != false { tapFields.append("\"afterDrawerSwipe\":\(self.tap.afterDrawerSwipe)") }
      if self.tap.presentationContext != .messages { tapFields.append("\"presentationContext\":\"\(self.tap.presentationContext.rawValue)\"") }
      if let redirect = self.tap.redirect.redirectJSON { tapFields.append("\"redirect\":" + redirect) }
      if !tapFields.isEmpty { top.append("\"tap\":{" + tapFields.joined(separator: ",") + "}") }
    }
    if event == .open {
      var openFields: [String] = []
      if let url = self.open.url { openFields.append("\"url\":\(Self.jsonString(url))") }
      if self.open.extensionPoint != .messages { openFields.append("\"extensionPoint\":\"\(self.open.extensionPoint.rawValue)\"") }
      if !openFields.isEmpty { top.append("\"open\":{" + openFields.joined(separator: ",") + "}") }
    }
    if event == .control {
      var controlFields: [String] = []
      if self.control.controlIntent != .appIntent { controlFields.append("\"controlIntent\":\"\(self.control.controlIntent.rawValue)\"") }
      if let url = self.control.url { controlFields.append("\"url\":\(Self.jsonString(url))") }
      if self.control.intentTargets != .appAndExtension { controlFields.append("\"intentTargets\":\"\(self.control.intentTargets.rawValue)\"") }
      if self.control.authenticationPolicy != .alwaysAllowed { controlFields.append("\"authenticationPolicy\":\"\(self.control.authenticationPolicy.rawValue)\"") }
      if self.control.deviceLocked != false { controlFields.append("\"deviceLocked\":\(self.control.deviceLocked)") }
      if !controlFields.isEmpty { top.append("\"control\":{" + controlFields.joined(separator: ",") + "}") }
    }
    if event == .notification {
      var notificationFields: [String] = []
      if self.notification.response != .defaultAction { notificationFields.append("\"response\":\"\(self.notification.response.rawValue)\"") }
      if self.notification.actionOptions != .none { notificationFields.append("\"actionOptions\":\"\(self.notification.actionOptions.rawValue)\"") }
      if self.notification.customDismissAction != false { notificationFields.append("\"customDismissAction\":\(self.notification.customDismissAction)") }
      if !notificationFields.isEmpty { top.append("\"notification\":{" + notificationFields.joined(separator: ",") + "}") }
    }
    if event == .appClip {
      var appClipFields: [String] = []
      if self.appClip.invokedFrom != .qrCode { appClipFields.append("\"invokedFrom\":\"\(self.appClip.invokedFrom.rawValue)\"") }
      if self.appClip.experience != .associatedWebsite { appClipFields.append("\"experience\":\"\(self.appClip.experience.rawValue)\"") }
      if self.appClip.senderInContacts != true { appClipFields.append("\"senderInContacts\":\(self.appClip.senderInContacts)") }
      if self.appClip.fullAppInstalled != false { appClipFields.append("\"fullAppInstalled\":\(self.appClip.fullAppInstalled)") }
      if !appClipFields.isEmpty { top.append("\"appClip\":{" + appClipFields.joined(separator: ",") + "}") }
    }
    return "{" + top.joined(separator: ",") + "}"
  }
}

/// The names of each value a situation field reads, as bytes, made once.
enum SituationNames {
  static let event = table(Situation.Event.self)
  static let platform = table(Platform.self)
  static let tapTarget = table(Tap.Target.self)
  static let tapTransport = table(Tap.Transport.self)
  static let tapLayout = table(Tap.Layout.self)
  static let tapPresentationContext = table(Tap.PresentationContext.self)
  static let openExtensionPoint = table(Open.ExtensionPoint.self)
  static let controlIntent = table(Control.Intent.self)
  static let controlIntentTargets = table(Control.IntentTargets.self)
  static let controlAuthenticationPolicy = table(Control.AuthenticationPolicy.self)
  static let notificationResponse = table(Notification.Response.self)
  static let notificationActionOptions = table(Notification.ActionOptions.self)
  static let appClipInvocation = table(AppClip.Invocation.self)
  static let appClipExperience = table(AppClip.Experience.self)

  static func table<T: CaseIterable & RawRepresentable>(_: T.Type) -> [([UInt8], T)]
  where T.RawValue == String {
    T.allCases.map { (Array($0.rawValue.utf8), $0) }
  }
}

extension SituationScanner {
  mutating func situation() -> Situation? {
    var situation = Situation(event: .tap)
    var seen = Seen()
    var hasEvent = false
    let ok = object { this, key in
      switch key {
      case "event":
        guard seen.first(0), let event = this.choice(SituationNames.event) else { return false }
        situation.event = event
        hasEvent = true
        return true
      case "platform":
        guard seen.first(1), let value = this.choice(SituationNames.platform) else { return false }
        situation.platform = value
        this.given |= Fact.platform.bit
        return true
      case "osVersion":
        guard seen.first(2) else { return false }
        this.given |= Fact.osVersion.bit
        if this.null() { return true }
        guard let text = this.string(), let version = OSVersion(parsing: text) else { return false }
        situation.osVersion = version
        return true
      case "app":
        guard seen.first(3), let app = this.readApp() else { return false }
        situation.app = app
        return true
      case "tap":
        guard seen.first(4), let tap = this.readTap() else { return false }
        situation.tap = tap
        return true
      case "open":
        guard seen.first(5), let open = this.readOpen() else { return false }
        situation.open = open
        return true
      case "control":
        guard seen.first(6), let control = this.readControl() else { return false }
        situation.control = control
        return true
      case "notification":
        guard seen.first(7), let notification = this.readNotification() else { return false }
        situation.notification = notification
        return true
      case "appClip":
        guard seen.first(8), let appClip = this.readAppClip() else { return false }
        situation.appClip = appClip
        return true
      default: return false
      }
    }
    guard ok && hasEvent else { return nil }
    // As the strict reader records them: the URL facts come from the URL the event reads.
    var given = self.given
    let urlFacts: FactMask = Fact.urlClass.bit | Fact.urlNeedsEncoding.bit
    switch situation.event {
    case .tap: if urlGiven & 2 != 0 { given |= urlFacts }
    case .open: if urlGiven & 4 != 0 { given |= urlFacts }
    case .control: if urlGiven & 8 != 0 { given |= urlFacts }
    case .notification: break
    case .appClip: break
    }
    situation.unspecifiedMask = Fact.allBits & ~given
    return situation
  }

  mutating func readApp() -> App? {
    var app = App()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "hasContainerApp":
        guard seen.first(0), this.bool(into: &app.hasContainerApp) else { return false }
        this.given |= Fact.hasContainerApp.bit
        return true
      case "installed":
        guard seen.first(1), this.bool(into: &app.installed) else { return false }
        this.given |= Fact.installed.bit
        return true
      case "enabledInMessages":
        guard seen.first(2), this.bool(into: &app.enabledInMessages) else { return false }
        this.given |= Fact.enabledInMessages.bit
        return true
      case "published":
        guard seen.first(3), this.bool(into: &app.published) else { return false }
        this.given |= Fact.published.bit
        return true
      case "sdkVersion":
        guard seen.first(4) else { return false }
        this.given |= Fact.sdkVersion.bit
        if this.null() { return true }
        guard let text = this.string(), let version = OSVersion(parsing: text) else { return false }
        app.sdkVersion = version
        return true
      default: return false
      }
    }
    return ok ? app : nil
  }

  mutating func readTap() -> Tap? {
    var tap = Tap()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "target":
        guard seen.first(0), let value = this.choice(SituationNames.tapTarget) else { return false }
        tap.target = value
        this.given |= Fact.target.bit
        return true
      case "url":
        this.urlGiven |= 2
        return seen.first(1) && this.url(into: &tap.url)
      case "transport":
        guard seen.first(2), let value = this.choice(SituationNames.tapTransport) else { return false }
        tap.transport = value
        this.given |= Fact.transport.bit
        return true
      case "layout":
        guard seen.first(3), let value = this.choice(SituationNames.tapLayout) else { return false }
        tap.layout = value
        this.given |= Fact.layout.bit
        return true
      case "expired":
        guard seen.first(4), this.bool(into: &tap.expired) else { return false }
        this.given |= Fact.expired.bit
        return true
      case "extensionRunning":
        guard seen.first(5), this.bool(into: &tap.extensionRunning) else { return false }
        this.given |= Fact.extensionRunning.bit
        return true
      case "alreadySelected":
        guard seen.first(6), this.bool(into: &tap.alreadySelected) else { return false }
        this.given |= Fact.alreadySelected.bit
        return true
      case "afterDrawerSwipe":
        guard seen.first(7), this.bool(into: &tap.afterDrawerSwipe) else { return false }
        this.given |= Fact.afterDrawerSwipe.bit
        return true
      case "presentationContext":
        guard seen.first(8), let value = this.choice(SituationNames.tapPresentationContext) else { return false }
        tap.presentationContext = value
        this.given |= Fact.presentationContext.bit
        return true
      case "redirect":
        guard seen.first(9), let value = this.redirect() else { return false }
        tap.redirect = value
        return true
      default: return false
      }
    }
    return ok ? tap : nil
  }

  mutating func readOpen() -> Open? {
    var open = Open()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "url":
        this.urlGiven |= 4
        return seen.first(0) && this.url(into: &open.url)
      case "extensionPoint":
        guard seen.first(1), let value = this.choice(SituationNames.openExtensionPoint) else { return false }
        open.extensionPoint = value
        this.given |= Fact.extensionPoint.bit
        return true
      default: return false
      }
    }
    return ok ? open : nil
  }

  mutating func readControl() -> Control? {
    var control = Control()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "controlIntent":
        guard seen.first(0), let value = this.choice(SituationNames.controlIntent) else { return false }
        control.controlIntent = value
        this.given |= Fact.controlIntent.bit
        return true
      case "url":
        this.urlGiven |= 8
        return seen.first(1) && this.url(into: &control.url)
      case "intentTargets":
        guard seen.first(2), let value = this.choice(SituationNames.controlIntentTargets) else { return false }
        control.intentTargets = value
        this.given |= Fact.intentTargets.bit
        return true
      case "authenticationPolicy":
        guard seen.first(3), let value = this.choice(SituationNames.controlAuthenticationPolicy) else { return false }
        control.authenticationPolicy = value
        this.given |= Fact.authenticationPolicy.bit
        return true
      case "deviceLocked":
        guard seen.first(4), this.bool(into: &control.deviceLocked) else { return false }
        this.given |= Fact.deviceLocked.bit
        return true
      default: return false
      }
    }
    return ok ? control : nil
  }

  mutating func readNotification() -> Notification? {
    var notification = Notification()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "response":
        guard seen.first(0), let value = this.choice(SituationNames.notificationResponse) else { return false }
        notification.response = value
        this.given |= Fact.response.bit
        return true
      case "actionOptions":
        guard seen.first(1), let value = this.choice(SituationNames.notificationActionOptions) else { return false }
        notification.actionOptions = value
        this.given |= Fact.actionOptions.bit
        return true
      case "customDismissAction":
        guard seen.first(2), this.bool(into: &notification.customDismissAction) else { return false }
        this.given |= Fact.customDismissAction.bit
        return true
      default: return false
      }
    }
    return ok ? notification : nil
  }

  mutating func readAppClip() -> AppClip? {
    var appClip = AppClip()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "invokedFrom":
        guard seen.first(0), let value = this.choice(SituationNames.appClipInvocation) else { return false }
        appClip.invokedFrom = value
        this.given |= Fact.invokedFrom.bit
        return true
      case "experience":
        guard seen.first(1), let value = this.choice(SituationNames.appClipExperience) else { return false }
        appClip.experience = value
        this.given |= Fact.experience.bit
        return true
      case "senderInContacts":
        guard seen.first(2), this.bool(into: &appClip.senderInContacts) else { return false }
        this.given |= Fact.senderInContacts.bit
        return true
      case "fullAppInstalled":
        guard seen.first(3), this.bool(into: &appClip.fullAppInstalled) else { return false }
        this.given |= Fact.fullAppInstalled.bit
        return true
      default: return false
      }
    }
    return ok ? appClip : nil
  }
}
