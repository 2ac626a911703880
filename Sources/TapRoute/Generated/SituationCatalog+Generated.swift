// swift-format-ignore-file
// Generated from Sources/CatalogGenerator/SituationCatalog.swift by `swift run CatalogGenerator`; do not edit.

// 74 facts, each a bit in a `FactMask` (Facts/FactMask.swift) of 128.

import TapRouteAASA

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
    /// Something opened the container app: which of its callbacks receive what it was handed.
    /// Composed after a rule that opens the container app with a `handoff`.
    case delivery
    /// The user taps a WidgetKit widget (W-1 to W-15).
    case widget
    /// The user taps a Live Activity or its Dynamic Island presentation (L-1 to L-8).
    case liveActivity
    /// A person uses a control (iOS 18) in Control Center, on the Lock Screen or on the Action button.
    case control
    /// A person responds to one of the app's notifications (a tap, an action, a dismissal).
    case notification
    /// A person invokes an App Clip (a code or tag, Safari's banner, a Messages link, Maps).
    case appClip
    /// The user follows a plain link (in a message's text, Mail, Notes, Safari or another app).
    case link
  }

  /// Which decision is asked for: a `tap`, or an `open`, or a `delivery`, or a `widget`, or a `liveActivity`, or a `control`, or a `notification`, or an `appClip`, or a `link`.
  public var event: Event
  /// The platform of the device (default iOS).
  public var platform: Platform
  /// The device's OS version; nil means the newest version the policies know.
  public var osVersion: OSVersion?
  /// The device is locked: widget and Live Activity buttons and toggles are inactive until
  /// the person unlocks it (W-7); a control's intent that requires authentication waits for
  /// it (C-3).
  public var locked: Bool
  /// The app's install and publish state on the device.
  public var app: App
  /// What was tapped; read when ``event`` is ``Event/tap``.
  public var tap: Tap { didSet { givenParts |= 0x1 } }
  /// The `open(url)` call; read when ``event`` is ``Event/open``.
  public var open: Open { didSet { givenParts |= 0x2 } }
  /// What the container app was handed; read when ``event`` is ``Event/delivery``.
  public var delivery: Delivery { didSet { givenParts |= 0x4 } }
  /// The tapped widget; read when ``event`` is ``Event/widget``.
  public var widget: Widget { didSet { givenParts |= 0x8 } }
  /// The tapped Live Activity; read when ``event`` is ``Event/liveActivity``.
  public var liveActivity: LiveActivity { didSet { givenParts |= 0x10 } }
  /// The control; read when ``event`` is ``Event/control``.
  public var control: Control { didSet { givenParts |= 0x20 } }
  /// The notification response; read when ``event`` is ``Event/notification``.
  public var notification: Notification { didSet { givenParts |= 0x40 } }
  /// The App Clip invocation; read when ``event`` is ``Event/appClip``.
  public var appClip: AppClip { didSet { givenParts |= 0x80 } }
  /// The link followed; read when ``event`` is ``Event/link``.
  public var link: Link { didSet { givenParts |= 0x100 } }
  /// The Android app and device; read when ``event`` is ``Event/link`` on Android.
  public var android: Android { didSet { givenParts |= 0x200 } }
  /// ``unspecified`` as bits (``Fact/bit``), read on the decide path.
  @usableFromInline
  var unspecifiedMask: FactMask = 0
  /// The parts some event does not read that were given a value other than their default
  /// (by the initializer) or assigned since (a bit each, set by the parts' `didSet`): a part
  /// whose bit is clear holds its default, so ``hasUnreadParts`` compares only the parts
  /// whose bit is set. Not part of equality.
  @usableFromInline
  var givenParts: UInt16 = 0

  /// A situation; every part but `event` defaults to the JSON form's defaults.
  public init(
    event: Event, platform: Platform = .iOS, osVersion: OSVersion? = nil, locked: Bool = false, app: App = App(), tap: Tap = Tap(), open: Open = Open(), delivery: Delivery = Delivery(), widget: Widget = Widget(), liveActivity: LiveActivity = LiveActivity(), control: Control = Control(), notification: Notification = Notification(), appClip: AppClip = AppClip(), link: Link = Link(), android: Android = Android()
  ) {
    self.event = event
    self.platform = platform
    self.osVersion = osVersion
    self.locked = locked
    self.app = app
    self.tap = tap
    self.open = open
    self.delivery = delivery
    self.widget = widget
    self.liveActivity = liveActivity
    self.control = control
    self.notification = notification
    self.appClip = appClip
    self.link = link
    self.android = android
    givenParts = (tap.isDefault ? 0 : 0x1) | (open.isDefault ? 0 : 0x2) | (delivery.isDefault ? 0 : 0x4) | (widget.isDefault ? 0 : 0x8) | (liveActivity.isDefault ? 0 : 0x10) | (control.isDefault ? 0 : 0x20) | (notification.isDefault ? 0 : 0x40) | (appClip.isDefault ? 0 : 0x80) | (link.isDefault ? 0 : 0x100) | (android.isDefault ? 0 : 0x200)
  }
}

extension Situation {
  /// Equal when every field is; ``unspecified`` (where the values came from) is ignored.
  public static func == (a: Situation, b: Situation) -> Bool {
    a.event == b.event && a.platform == b.platform && a.osVersion == b.osVersion && a.locked == b.locked && a.app == b.app && a.tap == b.tap && a.open == b.open && a.delivery == b.delivery && a.widget == b.widget && a.liveActivity == b.liveActivity && a.control == b.control && a.notification == b.notification && a.appClip == b.appClip && a.link == b.link && a.android == b.android
  }

  /// Hashes what equality compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(event)
    hasher.combine(platform)
    hasher.combine(osVersion)
    hasher.combine(locked)
    hasher.combine(app)
    hasher.combine(tap)
    hasher.combine(open)
    hasher.combine(delivery)
    hasher.combine(widget)
    hasher.combine(liveActivity)
    hasher.combine(control)
    hasher.combine(notification)
    hasher.combine(appClip)
    hasher.combine(link)
    hasher.combine(android)
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
    case .delivery: nil
    case .widget: widget.url
    case .liveActivity: liveActivity.url
    case .control: control.url
    case .notification: notification.url
    case .appClip: nil
    case .link: link.url
    }
  }

  /// Sets the URL the situation's event reads (nothing for an event that reads none).
  package mutating func setEventURL(_ url: String?) {
    switch event {
    case .tap: tap.url = url
    case .open: open.url = url
    case .delivery: break
    case .widget: widget.url = url
    case .liveActivity: liveActivity.url = url
    case .control: control.url = url
    case .notification: notification.url = url
    case .appClip: break
    case .link: link.url = url
    }
  }

  /// The keys of the URL fields of `event`'s part other than the event's own URL
  /// (`widgetURL`): the URLs a rule's `then.url` may name as the one the app receives.
  package static func otherURLKeys(of event: Event) -> [String] {
    switch event {
    case .tap: []
    case .open: []
    case .delivery: []
    case .widget: ["widgetURL"]
    case .liveActivity: ["widgetURL"]
    case .control: []
    case .notification: []
    case .appClip: []
    case .link: ["browserFallbackURL"]
    }
  }

  /// The value of the URL field `key` of the event's part other than the event's own URL
  /// (``otherURLKeys(of:)``); nil when it is nil or the part has no such field.
  package func otherURL(_ key: String) -> String? {
    switch (event, key) {
    case (.widget, "widgetURL"): widget.widgetURL
    case (.liveActivity, "widgetURL"): liveActivity.widgetURL
    case (.link, "browserFallbackURL"): browserFallbackURL
    default: nil
    }
  }

  /// True when the event's part has a URL besides the event's own URL: the decision then
  /// takes the slower path that names the URL a rule's `then.url` picks.
  @inline(__always)
  package var hasOtherURL: Bool {
    switch event {
    case .tap: false
    case .open: false
    case .delivery: false
    case .widget: widget.widgetURL != nil
    case .liveActivity: liveActivity.widgetURL != nil
    case .control: false
    case .notification: false
    case .appClip: false
    case .link: browserFallbackURL != nil
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
    case .delivery: nil
    case .widget: "widget.url"
    case .liveActivity: "liveActivity.url"
    case .control: "control.url"
    case .notification: "notification.url"
    case .appClip: nil
    case .link: "link.url"
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
    case .delivery: 2
    case .widget: 3
    case .liveActivity: 4
    case .control: 5
    case .notification: 6
    case .appClip: 7
    case .link: 8
    }
  }

  /// The JSON key of the part the event reads beside the top level and `app`.
  package var part: String {
    switch self {
    case .tap: "tap"
    case .open: "open"
    case .delivery: "delivery"
    case .widget: "widget"
    case .liveActivity: "liveActivity"
    case .control: "control"
    case .notification: "notification"
    case .appClip: "appClip"
    case .link: "link"
    }
  }

  /// The JSON keys of the other parts the event reads, which no other event reads
  /// (`android` for a link).
  package var alsoReads: [String] {
    switch self {
    case .tap: []
    case .open: []
    case .delivery: []
    case .widget: []
    case .liveActivity: []
    case .control: []
    case .notification: []
    case .appClip: []
    case .link: ["android"]
    }
  }
}

extension Situation {
  /// The parts the situation gives (each differs from its default) that its event does not
  /// read, in catalog order: a decision remarks that it ignored them.
  package var unreadParts: [String] {
    var parts: [String] = []
    if event != .tap, !tap.isDefault { parts.append("tap") }
    if event != .open, !open.isDefault { parts.append("open") }
    if event != .delivery, !delivery.isDefault { parts.append("delivery") }
    if event != .widget, !widget.isDefault { parts.append("widget") }
    if event != .liveActivity, !liveActivity.isDefault { parts.append("liveActivity") }
    if event != .control, !control.isDefault { parts.append("control") }
    if event != .notification, !notification.isDefault { parts.append("notification") }
    if event != .appClip, !appClip.isDefault { parts.append("appClip") }
    if event != .link, !link.isDefault { parts.append("link") }
    if event != .link, !android.isDefault { parts.append("android") }
    return parts
  }

  /// True when ``unreadParts`` is not empty, without building it: what the decide path
  /// asks of every situation.
  @usableFromInline @inline(__always)
  var hasUnreadParts: Bool {
    givenParts & ~Self.partsRead(by: event) != 0
      && ((event != .tap && !tap.isDefault)
        || (event != .open && !open.isDefault)
        || (event != .delivery && !delivery.isDefault)
        || (event != .widget && !widget.isDefault)
        || (event != .liveActivity && !liveActivity.isDefault)
        || (event != .control && !control.isDefault)
        || (event != .notification && !notification.isDefault)
        || (event != .appClip && !appClip.isDefault)
        || (event != .link && !link.isDefault)
        || (event != .link && !android.isDefault))
  }

  /// The bits of ``givenParts`` of the parts `event` reads.
  @usableFromInline @inline(__always)
  static func partsRead(by event: Event) -> UInt16 {
    switch event {
    case .tap: 0x1
    case .open: 0x2
    case .delivery: 0x4
    case .widget: 0x8
    case .liveActivity: 0x10
    case .control: 0x20
    case .notification: 0x40
    case .appClip: 0x80
    case .link: 0x300
    }
  }
}

extension Situation.App {
  /// True when every field has its default (what a situation that leaves the part out holds).
  @usableFromInline
  var isDefault: Bool {
    hasContainerApp == true
      && installed == true
      && enabledInMessages == true
      && published == true
      && sdkVersion == nil
      && lifecycle == .scenes
      && running == false
      && supportsCarPlay == false
      && appID == nil
      && urlSchemes == nil
      && associatedDomains == nil
      && aasa == Situation.AASAFiles()
  }
}

extension Situation.Tap {
  /// True when every field has its default (what a situation that leaves the part out holds).
  @usableFromInline
  var isDefault: Bool {
    target == .message
      && url == nil
      && transport == .iMessage
      && layout == .template
      && expired == false
      && extensionRunning == false
      && alreadySelected == false
      && afterDrawerSwipe == false
      && presentationContext == .messages
      && redirect == Situation.Redirect()
  }
}

extension Situation.Open {
  /// True when every field has its default (what a situation that leaves the part out holds).
  @usableFromInline
  var isDefault: Bool {
    url == nil
      && extensionPoint == .messages
      && method == .extensionContext
      && fullAccess == false
  }
}

extension Situation.Delivery {
  /// True when every field has its default (what a situation that leaves the part out holds).
  @usableFromInline
  var isDefault: Bool {
    handoff == .url
  }
}

extension Situation.Widget {
  /// True when every field has its default (what a situation that leaves the part out holds).
  @usableFromInline
  var isDefault: Bool {
    family == .systemSmall
      && element == .background
      && url == nil
      && widgetURL == nil
      && intentMode == .background
      && location == .homeScreen
      && multipleWidgetURLs == false
      && configuration == .static
  }
}

extension Situation.LiveActivity {
  /// True when every field has its default (what a situation that leaves the part out holds).
  @usableFromInline
  var isDefault: Bool {
    presentation == .lockScreen
      && activityElement == .background
      && url == nil
      && widgetURL == nil
      && urlSetOn == .both
      && opensWatchApp == false
      && touchAndHold == false
      && hasWatchApp == false
      && pairedPhoneOS == .iOS18OrLater
  }
}

extension Situation.Control {
  /// True when every field has its default (what a situation that leaves the part out holds).
  @usableFromInline
  var isDefault: Bool {
    controlIntent == .appIntent
      && url == nil
      && intentTargets == .appAndExtension
      && authenticationPolicy == .alwaysAllowed
      && placement == .controlCenter
      && privacySensitive == false
  }
}

extension Situation.Notification {
  /// True when every field has its default (what a situation that leaves the part out holds).
  @usableFromInline
  var isDefault: Bool {
    response == .defaultAction
      && actionOptions == .none
      && customDismissAction == false
      && delegateSetAtLaunch == true
      && url == nil
      && interactive == true
  }
}

extension Situation.AppClip {
  /// True when every field has its default (what a situation that leaves the part out holds).
  @usableFromInline
  var isDefault: Bool {
    invokedFrom == .qrCode
      && experience == .associatedWebsite
      && senderInContacts == true
      && fullAppInstalled == false
  }
}

extension Situation.Link {
  /// True when every field has its default (what a situation that leaves the part out holds).
  @usableFromInline
  var isDefault: Bool {
    url == nil
      && from == .messages
      && onPage == false
      && via == .direct
      && senderKnown == true
      && safariChosen == false
      && appClip == false
      && tapped == .text
      && aasaOnDevice == .current
      && associatedDomainsMode == .standard
  }
}

extension Situation.Android {
  /// True when every field has its default (what a situation that leaves the part out holds).
  @usableFromInline
  var isDefault: Bool {
    packageName == nil
      && filter == .autoVerify
      && domainState == .verified
      && allHostsVerified == true
      && userSelected == false
      && linkHandlingAllowed == true
      && otherApp == .none
      && googleServices == true
      && dynamicRule == .none
      && manifest == Situation.AndroidManifestText()
      && fingerprints == nil
      && assetlinks == Situation.AssetLinksFiles()
  }
}

// The parts by their short names, as the readers and the engine write them.
package typealias App = Situation.App
package typealias Tap = Situation.Tap
package typealias Open = Situation.Open
package typealias Delivery = Situation.Delivery
package typealias Widget = Situation.Widget
package typealias LiveActivity = Situation.LiveActivity
package typealias Control = Situation.Control
package typealias Notification = Situation.Notification
package typealias AppClip = Situation.AppClip
package typealias Link = Situation.Link
package typealias Android = Situation.Android

extension Situation {
  /// The iMessage app's install and publish state, seen from the tapping device, and the app's
  /// configuration (its ID, URL schemes, associated domains and their AASA files).
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
    /// The container app's life cycle (default: a UIKit scene delegate, which the SDK after
    /// iOS 26 requires, U-75); read by the `delivery` table.
    public var lifecycle: App.Lifecycle
    /// The container app was running or suspended when opened (false: a cold launch).
    public var running: Bool
    /// The container app integrates with CarPlay: only then does a widget or Live Activity
    /// tap in CarPlay open it (W-11, L-7).
    public var supportsCarPlay: Bool
    /// The app's ID, `TEAMID.bundle.id`: the ID an AASA file names (U-2); nil: unknown.
    public var appID: String?
    /// The URL schemes the container app declares (`CFBundleURLSchemes`); nil: unknown.
    public var urlSchemes: [String]?
    /// The app's associated-domains entitlement values (`applinks:example.com`,
    /// `applinks:*.example.com`, `?mode=developer`, U-20, U-21); nil: unknown.
    public var associatedDomains: [String]?
    /// The apple-app-site-association file each domain serves; empty: unknown.
    public var aasa: AASAFiles

    /// The app's state; by default installed, enabled and published, with a container app.
    public init(
      hasContainerApp: Bool = true, installed: Bool = true, enabledInMessages: Bool = true, published: Bool = true, sdkVersion: OSVersion? = nil, lifecycle: App.Lifecycle = .scenes, running: Bool = false, supportsCarPlay: Bool = false, appID: String? = nil, urlSchemes: [String]? = nil, associatedDomains: [String]? = nil, aasa: AASAFiles = AASAFiles()
    ) {
      self.hasContainerApp = hasContainerApp
      self.installed = installed
      self.enabledInMessages = enabledInMessages
      self.published = published
      self.sdkVersion = sdkVersion
      self.lifecycle = lifecycle
      self.running = running
      self.supportsCarPlay = supportsCarPlay
      self.appID = appID
      self.urlSchemes = urlSchemes
      self.associatedDomains = associatedDomains
      self.aasa = aasa
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
  /// An extension opening a URL: `extensionContext.open(url, completionHandler:)` or another call.
  public struct Open: Sendable, Hashable {
    /// The URL passed to `open(url)`.
    public var url: String?
    /// The extension point of the calling extension (default: a Messages extension).
    public var extensionPoint: Open.ExtensionPoint
    /// How the extension opens the URL (default: `extensionContext.open`); read for the share,
    /// action, keyboard and other extension points (E-1 to E-3, X-13).
    public var method: Open.Method
    /// A keyboard's `RequestsOpenAccess` is granted (Full Access); read on iOS 26 (E-3).
    public var fullAccess: Bool

    /// An `open(url)` call; by default from a Messages extension.
    public init(
      url: String? = nil, extensionPoint: Open.ExtensionPoint = .messages, method: Open.Method = .extensionContext, fullAccess: Bool = false
    ) {
      self.url = url
      self.extensionPoint = extensionPoint
      self.method = method
      self.fullAccess = fullAccess
    }
  }
}

extension Situation {
  /// What the container app was handed when something opened it.
  public struct Delivery: Sendable, Hashable {
    /// What the system hands the container app (default: a URL, as a Messages redirect does);
    /// a composed decision takes it from the `handoff` of the rule that opened the app.
    public var handoff: Handoff

    /// A delivery; by default of a URL.
    public init(
      handoff: Handoff = .url
    ) {
      self.handoff = handoff
    }
  }
}

extension Situation {
  /// A tap on a WidgetKit widget: its size, where it is, and what the tap lands on.
  public struct Widget: Sendable, Hashable {
    /// The widget's `WidgetFamily` (default: systemSmall).
    public var family: Widget.Family
    /// What the tap lands on (default: the background, where the `widgetURL` applies).
    public var element: Widget.Element
    /// The URL the tapped element carries: a `Link`'s destination, an `OpenURLIntent`'s URL,
    /// otherwise the widget's `widgetURL` (nil: none).
    public var url: String?
    /// The widget's `widgetURL` when the tap lands on a `Link` (`url` is then the Link's
    /// destination): where the Link is ignored, the app receives this one (nil: none).
    public var widgetURL: String?
    /// How a tapped button's or toggle's app intent asks to run (default: in the background).
    public var intentMode: Widget.IntentMode
    /// Where the widget is shown, as `WidgetLocation` names it (default: the Home Screen).
    public var location: Widget.Location
    /// The view hierarchy has more than one `widgetURL` modifier, which Apple calls undefined
    /// (W-2); `url` is then the one TapRoute takes as delivered (reports: the last).
    public var multipleWidgetURLs: Bool
    /// How the widget is configured: `StaticConfiguration` (default), `AppIntentConfiguration` or
    /// `IntentConfiguration` (W-16).
    public var configuration: Widget.Configuration

    /// A widget tap; by default on the background of a small Home Screen widget with no URL.
    public init(
      family: Widget.Family = .systemSmall, element: Widget.Element = .background, url: String? = nil, widgetURL: String? = nil, intentMode: Widget.IntentMode = .background, location: Widget.Location = .homeScreen, multipleWidgetURLs: Bool = false, configuration: Widget.Configuration = .static
    ) {
      self.family = family
      self.element = element
      self.url = url
      self.widgetURL = widgetURL
      self.intentMode = intentMode
      self.location = location
      self.multipleWidgetURLs = multipleWidgetURLs
      self.configuration = configuration
    }
  }
}

extension Situation {
  /// A tap on a Live Activity: the presentation tapped and where its URLs are set.
  public struct LiveActivity: Sendable, Hashable {
    /// The tapped presentation, or StandBy or CarPlay (default: the Lock Screen); on Apple
    /// Watch and the Mac the platform says where.
    public var presentation: LiveActivity.Presentation
    /// What the tap lands on (default: the background, where the `widgetURL` applies).
    public var activityElement: Widget.Element
    /// The URL the tapped view carries: a `Link`'s destination, otherwise the `widgetURL` (nil: none).
    public var url: String?
    /// The presentation's `widgetURL` when the tap lands on a `Link` (`url` is then the Link's
    /// destination): where the Link is ignored, the app receives this one (nil: none).
    public var widgetURL: String?
    /// Where the `widgetURL` is set: the Lock Screen view and the `DynamicIsland` (default), or
    /// only one of them (L-3, L-4).
    public var urlSetOn: LiveActivity.URLSetOn
    /// The watch app declares `Supports Launch for Live Activity Attribute Types`, so a tap in
    /// the Smart Stack opens it (L-7).
    public var opensWatchApp: Bool
    /// The person touches and holds the presentation instead of tapping it (L-1).
    public var touchAndHold: Bool
    /// The app has a watchOS app (read on Apple Watch, L-7).
    public var hasWatchApp: Bool
    /// On Apple Watch, the iOS of the paired iPhone the Live Activity runs on, on the one line
    /// the sources draw: Live Activities reach the Smart Stack from iOS 18 and watchOS 11 (L-10).
    public var pairedPhoneOS: LiveActivity.PairedPhoneOS

    /// A Live Activity tap; by default on the Lock Screen presentation's background, with no URL.
    public init(
      presentation: LiveActivity.Presentation = .lockScreen, activityElement: Widget.Element = .background, url: String? = nil, widgetURL: String? = nil, urlSetOn: LiveActivity.URLSetOn = .both, opensWatchApp: Bool = false, touchAndHold: Bool = false, hasWatchApp: Bool = false, pairedPhoneOS: LiveActivity.PairedPhoneOS = .iOS18OrLater
    ) {
      self.presentation = presentation
      self.activityElement = activityElement
      self.url = url
      self.widgetURL = widgetURL
      self.urlSetOn = urlSetOn
      self.opensWatchApp = opensWatchApp
      self.touchAndHold = touchAndHold
      self.hasWatchApp = hasWatchApp
      self.pairedPhoneOS = pairedPhoneOS
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
    /// Where the control sits: Control Center (default), the Lock Screen or the Action button (C-1, C-7).
    public var placement: Control.Placement
    /// The control's view is marked `privacySensitive()`: its state is redacted while the device is locked (C-3).
    public var privacySensitive: Bool

    /// A control; by default a button with a plain app intent in both targets, always allowed.
    public init(
      controlIntent: Control.Intent = .appIntent, url: String? = nil, intentTargets: Control.IntentTargets = .appAndExtension, authenticationPolicy: Control.AuthenticationPolicy = .alwaysAllowed, placement: Control.Placement = .controlCenter, privacySensitive: Bool = false
    ) {
      self.controlIntent = controlIntent
      self.url = url
      self.intentTargets = intentTargets
      self.authenticationPolicy = authenticationPolicy
      self.placement = placement
      self.privacySensitive = privacySensitive
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
    /// The app sets `UNUserNotificationCenter`'s delegate before it finishes launching (T-2;
    /// false: later, so a cold launch misses the response that launched it).
    public var delegateSetAtLaunch: Bool
    /// The URL a Notification Content extension passes to `extensionContext?.open(_:)` (read with
    /// `contentExtensionOpenURL`, T-6; nil: none).
    public var url: String?
    /// The content extension sets `UNNotificationExtensionUserInteractionEnabled`, so its view
    /// gets touches (iOS 12, T-7; default: true, since a control that opens a URL needs it).
    public var interactive: Bool

    /// A response; by default a tap on the notification.
    public init(
      response: Notification.Response = .defaultAction, actionOptions: Notification.ActionOptions = .none, customDismissAction: Bool = false, delegateSetAtLaunch: Bool = true, url: String? = nil, interactive: Bool = true
    ) {
      self.response = response
      self.actionOptions = actionOptions
      self.customDismissAction = customDismissAction
      self.delegateSetAtLaunch = delegateSetAtLaunch
      self.url = url
      self.interactive = interactive
    }
  }
}

extension Situation {
  /// An App Clip invocation: where it came from and what the device and the app have.
  public struct AppClip: Sendable, Hashable {
    /// Where the App Clip was invoked (A-1; `appSwitcher`: returning to it, A-4).
    public var invokedFrom: AppClip.Invocation
    /// The App Clip experiences the app configured (A-6).
    public var experience: AppClip.Experience
    /// For a Messages link: the recipient has the sender as a contact (A-1).
    public var senderInContacts: Bool
    /// The full app is installed, so it replaces the App Clip (A-2).
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

extension Situation {
  /// A plain link the user follows, and where.
  public struct Link: Sendable, Hashable {
    /// The link's URL.
    public var url: String?
    /// Where the link is followed (default: the text of a message in Messages); `typed` is typed
    /// or pasted into the address bar, `scriptRedirect` a navigation the user did not start; the
    /// named apps show links in a browser of their own, an SFSafariViewController or the default
    /// browser (IAB-8); `otherBrowser` is a browser other than Safari.
    public var from: Link.Source
    /// The link is tapped on a page the host already shows, to another domain than the page's (a
    /// page in an `SFSafariViewController` or an app's in-app browser; U-33, IAB-9); false
    /// (default): the host opens its browser on the link's URL itself, a link in a post, profile,
    /// bio, story or chat (IAB-8), or the URL an `SFSafariViewController` is created with (U-33).
    public var onPage: Bool
    /// How the tap reaches `url`, the URL it ends on: directly (default), through a server redirect
    /// such as a link shortener (U-32, IAB-17), or through a click-tracking wrapper, as email and
    /// ad platforms and bio-link tools rewrite links (IAB-17). A script navigation is `from`
    /// `scriptRedirect`.
    public var via: Link.Via
    /// In Messages: the sender is in Contacts or the user has replied (M-4).
    public var senderKnown: Bool
    /// The user earlier chose to open this domain's universal links in Safari (U-29).
    public var safariChosen: Bool
    /// An App Clip experience is registered for the URL (A-1).
    public var appClip: Bool
    /// What the person taps: the link's text (default), its rich-link preview, or a preview not
    /// loaded yet ("Tap to Load Preview", M-3).
    public var tapped: Link.Tapped
    /// What the device has of the link's domain's apple-app-site-association file, beside the
    /// file the server serves (`app.aasa`): the current file (default), Apple's CDN copy older
    /// than the server's (IOSN-1 to IOSN-4), or none yet at the app's first launch (IOSN-21, U-36).
    public var aasaOnDevice: Link.AASAOnDevice
    /// How the device gets the domain's file: through Apple's CDN (default), in developer mode
    /// (`?mode=developer`, from the server directly, IOSN-6) or in managed mode (`?mode=managed`
    /// with MDM `EnableDirectDownloads`, documented for macOS 11 and later only, IOSN-7).
    public var associatedDomainsMode: Link.AssociatedDomainsMode

    /// A link; by default in the text of a message from a known sender.
    public init(
      url: String? = nil, from: Link.Source = .messages, onPage: Bool = false, via: Link.Via = .direct, senderKnown: Bool = true, safariChosen: Bool = false, appClip: Bool = false, tapped: Link.Tapped = .text, aasaOnDevice: Link.AASAOnDevice = .current, associatedDomainsMode: Link.AssociatedDomainsMode = .standard
    ) {
      self.url = url
      self.from = from
      self.onPage = onPage
      self.via = via
      self.senderKnown = senderKnown
      self.safariChosen = safariChosen
      self.appClip = appClip
      self.tapped = tapped
      self.aasaOnDevice = aasaOnDevice
      self.associatedDomainsMode = associatedDomainsMode
    }
  }
}

extension Situation {
  /// An Android app's intent filters, its domain's verification state and the device, for a
  /// link followed on Android (`platform` `android`).
  public struct Android: Sendable, Hashable {
    /// The app's package name (`com.example.app`); nil: unknown.
    public var packageName: String?
    /// How the app's intent filters take the URL (default: a filter Android verifies,
    /// `autoVerify`, AND-6 to AND-8).
    public var filter: Android.Filter
    /// The URL's host's state for the app, as `adb shell pm get-app-links PACKAGE` prints it
    /// (default `verified`, AND-23, AND-24).
    public var domainState: Android.DomainState
    /// Every host in the app's verified filters passed verification; Android 11 and lower
    /// verify all hosts or none (AND-9).
    public var allHostsVerified: Bool
    /// The user selected the app for this domain in its settings ("Open supported links",
    /// DOMAIN_STATE_SELECTED; AND-27, AND-34).
    public var userSelected: Bool
    /// The app may open the links it is verified for: the user's per-app toggle
    /// (`isLinkHandlingAllowed()`, AND-26).
    public var linkHandlingAllowed: Bool
    /// Another app that takes the URL (default: none but browsers, AND-2, AND-26).
    public var otherApp: Android.OtherApp
    /// The device has Google services, which App Links need (AND-5).
    public var googleServices: Bool
    /// The domain's dynamic rule that matches the URL first (`dynamic_app_link_components`,
    /// read on Android 15 with Google services, AND-16, AND-17).
    public var dynamicRule: Android.DynamicRule
    /// The app's `AndroidManifest.xml`, as text, read as `assetlinks match --manifest` reads it;
    /// when given, `filter` is computed from its intent filters and the link's URL unless stated.
    public var manifest: AndroidManifestText
    /// The SHA-256 fingerprints of the certificate the installed app is signed with (the Play
    /// app-signing key for a Play build, AND-14, AND-47); nil: unknown.
    public var fingerprints: [String]?
    /// The assetlinks.json file each domain serves, as domain -> document; when given, with
    /// `fingerprints`, `domainState`, `allHostsVerified` and `dynamicRule` are computed unless stated.
    public var assetlinks: AssetLinksFiles

    /// An Android app; by default verified for the link's domain, on a device with Google services.
    public init(
      packageName: String? = nil, filter: Android.Filter = .autoVerify, domainState: Android.DomainState = .verified, allHostsVerified: Bool = true, userSelected: Bool = false, linkHandlingAllowed: Bool = true, otherApp: Android.OtherApp = .none, googleServices: Bool = true, dynamicRule: Android.DynamicRule = .none, manifest: AndroidManifestText = AndroidManifestText(), fingerprints: [String]? = nil, assetlinks: AssetLinksFiles = AssetLinksFiles()
    ) {
      self.packageName = packageName
      self.filter = filter
      self.domainState = domainState
      self.allHostsVerified = allHostsVerified
      self.userSelected = userSelected
      self.linkHandlingAllowed = linkHandlingAllowed
      self.otherApp = otherApp
      self.googleServices = googleServices
      self.dynamicRule = dynamicRule
      self.manifest = manifest
      self.fingerprints = fingerprints
      self.assetlinks = assetlinks
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
  case schemeOwner
  case universalLink
  case from
  case senderKnown
  case safariChosen
  case appClip
  case method
  case fullAccess
  case family
  case element
  case intentMode
  case location
  case locked
  case tapped
  case privacySensitive
  case supportsCarPlay
  case presentation
  case activityElement
  case urlSetOn
  case opensWatchApp
  case controlIntent
  case intentTargets
  case authenticationPolicy
  case response
  case actionOptions
  case customDismissAction
  case delegateSetAtLaunch
  case invokedFrom
  case experience
  case senderInContacts
  case fullAppInstalled
  case handoff
  case lifecycle
  case running
  case interactive
  case multipleWidgetURLs
  case configuration
  case touchAndHold
  case hasWatchApp
  case pairedPhoneOS
  case placement
  case widgetURL
  case aasaOnDevice
  case associatedDomainsMode
  case idnDomain
  case onPage
  case via
  case filter
  case domainState
  case allHostsVerified
  case userSelected
  case linkHandlingAllowed
  case otherApp
  case googleServices
  case dynamicRule
  case intentURL

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
    case .schemeOwner: .enumeration(Situation.SchemeOwner.allCases.map(\.rawValue))
    case .universalLink: .enumeration(Situation.UniversalLinkVerdict.allCases.map(\.rawValue))
    case .from: .enumeration(Link.Source.allCases.map(\.rawValue))
    case .senderKnown: .bool
    case .safariChosen: .bool
    case .appClip: .bool
    case .method: .enumeration(Open.Method.allCases.map(\.rawValue))
    case .fullAccess: .bool
    case .family: .enumeration(Widget.Family.allCases.map(\.rawValue))
    case .element: .enumeration(Widget.Element.allCases.map(\.rawValue))
    case .intentMode: .enumeration(Widget.IntentMode.allCases.map(\.rawValue))
    case .location: .enumeration(Widget.Location.allCases.map(\.rawValue))
    case .locked: .bool
    case .tapped: .enumeration(Link.Tapped.allCases.map(\.rawValue))
    case .privacySensitive: .bool
    case .supportsCarPlay: .bool
    case .presentation: .enumeration(LiveActivity.Presentation.allCases.map(\.rawValue))
    case .activityElement: .enumeration(Widget.Element.allCases.map(\.rawValue))
    case .urlSetOn: .enumeration(LiveActivity.URLSetOn.allCases.map(\.rawValue))
    case .opensWatchApp: .bool
    case .controlIntent: .enumeration(Control.Intent.allCases.map(\.rawValue))
    case .intentTargets: .enumeration(Control.IntentTargets.allCases.map(\.rawValue))
    case .authenticationPolicy: .enumeration(Control.AuthenticationPolicy.allCases.map(\.rawValue))
    case .response: .enumeration(Notification.Response.allCases.map(\.rawValue))
    case .actionOptions: .enumeration(Notification.ActionOptions.allCases.map(\.rawValue))
    case .customDismissAction: .bool
    case .delegateSetAtLaunch: .bool
    case .invokedFrom: .enumeration(AppClip.Invocation.allCases.map(\.rawValue))
    case .experience: .enumeration(AppClip.Experience.allCases.map(\.rawValue))
    case .senderInContacts: .bool
    case .fullAppInstalled: .bool
    case .handoff: .enumeration(Handoff.allCases.map(\.rawValue))
    case .lifecycle: .enumeration(App.Lifecycle.allCases.map(\.rawValue))
    case .running: .bool
    case .interactive: .bool
    case .multipleWidgetURLs: .bool
    case .configuration: .enumeration(Widget.Configuration.allCases.map(\.rawValue))
    case .touchAndHold: .bool
    case .hasWatchApp: .bool
    case .pairedPhoneOS: .enumeration(LiveActivity.PairedPhoneOS.allCases.map(\.rawValue))
    case .placement: .enumeration(Control.Placement.allCases.map(\.rawValue))
    case .widgetURL: .enumeration(Situation.URLPresence.allCases.map(\.rawValue))
    case .aasaOnDevice: .enumeration(Link.AASAOnDevice.allCases.map(\.rawValue))
    case .associatedDomainsMode: .enumeration(Link.AssociatedDomainsMode.allCases.map(\.rawValue))
    case .idnDomain: .enumeration(Situation.IDNDomain.allCases.map(\.rawValue))
    case .onPage: .bool
    case .via: .enumeration(Link.Via.allCases.map(\.rawValue))
    case .filter: .enumeration(Android.Filter.allCases.map(\.rawValue))
    case .domainState: .enumeration(Android.DomainState.allCases.map(\.rawValue))
    case .allHostsVerified: .bool
    case .userSelected: .bool
    case .linkHandlingAllowed: .bool
    case .otherApp: .enumeration(Android.OtherApp.allCases.map(\.rawValue))
    case .googleServices: .bool
    case .dynamicRule: .enumeration(Android.DynamicRule.allCases.map(\.rawValue))
    case .intentURL: .enumeration(Situation.IntentURL.allCases.map(\.rawValue))
    }
  }

  /// The events whose situations provide this fact.
  public var events: [Situation.Event] {
    switch self {
    case .platform: [.tap, .open, .delivery, .widget, .liveActivity, .control, .notification, .appClip, .link]
    case .osVersion: [.tap, .open, .delivery, .widget, .liveActivity, .control, .notification, .appClip, .link]
    case .sdkVersion: [.tap, .open, .delivery, .widget, .liveActivity, .control, .notification, .appClip, .link]
    case .hasContainerApp: [.tap, .open, .delivery, .widget, .liveActivity, .control, .notification, .appClip, .link]
    case .installed: [.tap, .open, .delivery, .widget, .liveActivity, .control, .notification, .appClip, .link]
    case .enabledInMessages: [.tap, .open, .delivery, .widget, .liveActivity, .control, .notification, .appClip, .link]
    case .published: [.tap, .open, .delivery, .widget, .liveActivity, .control, .notification, .appClip, .link]
    case .transport: [.tap]
    case .target: [.tap]
    case .layout: [.tap]
    case .expired: [.tap]
    case .urlClass: [.tap, .open, .widget, .liveActivity, .control, .notification, .link]
    case .urlNeedsEncoding: [.tap, .open, .widget, .liveActivity, .control, .notification, .link]
    case .extensionRunning: [.tap]
    case .alreadySelected: [.tap]
    case .afterDrawerSwipe: [.tap]
    case .presentationContext: [.tap]
    case .extensionPoint: [.open]
    case .schemeOwner: [.tap, .open, .widget, .liveActivity, .control, .notification, .link]
    case .universalLink: [.tap, .open, .widget, .liveActivity, .control, .notification, .link]
    case .from: [.link]
    case .senderKnown: [.link]
    case .safariChosen: [.link]
    case .appClip: [.link]
    case .method: [.open]
    case .fullAccess: [.open]
    case .family: [.widget]
    case .element: [.widget]
    case .intentMode: [.widget]
    case .location: [.widget]
    case .locked: [.tap, .open, .delivery, .widget, .liveActivity, .control, .notification, .appClip, .link]
    case .tapped: [.link]
    case .privacySensitive: [.control]
    case .supportsCarPlay: [.tap, .open, .delivery, .widget, .liveActivity, .control, .notification, .appClip, .link]
    case .presentation: [.liveActivity]
    case .activityElement: [.liveActivity]
    case .urlSetOn: [.liveActivity]
    case .opensWatchApp: [.liveActivity]
    case .controlIntent: [.control]
    case .intentTargets: [.control]
    case .authenticationPolicy: [.control]
    case .response: [.notification]
    case .actionOptions: [.notification]
    case .customDismissAction: [.notification]
    case .delegateSetAtLaunch: [.notification]
    case .invokedFrom: [.appClip]
    case .experience: [.appClip]
    case .senderInContacts: [.appClip]
    case .fullAppInstalled: [.appClip]
    case .handoff: [.delivery]
    case .lifecycle: [.tap, .open, .delivery, .widget, .liveActivity, .control, .notification, .appClip, .link]
    case .running: [.tap, .open, .delivery, .widget, .liveActivity, .control, .notification, .appClip, .link]
    case .interactive: [.notification]
    case .multipleWidgetURLs: [.widget]
    case .configuration: [.widget]
    case .touchAndHold: [.liveActivity]
    case .hasWatchApp: [.liveActivity]
    case .pairedPhoneOS: [.liveActivity]
    case .placement: [.control]
    case .widgetURL: [.widget, .liveActivity]
    case .aasaOnDevice: [.link]
    case .associatedDomainsMode: [.link]
    case .idnDomain: [.tap, .open, .widget, .liveActivity, .control, .notification, .link]
    case .onPage: [.link]
    case .via: [.link]
    case .filter: [.link]
    case .domainState: [.link]
    case .allHostsVerified: [.link]
    case .userSelected: [.link]
    case .linkHandlingAllowed: [.link]
    case .otherApp: [.link]
    case .googleServices: [.link]
    case .dynamicRule: [.link]
    case .intentURL: [.tap, .open, .widget, .liveActivity, .control, .notification, .link]
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
      case .delivery: "none: a delivery reads no URL"
      case .widget: "scheme class of $.widget.url"
      case .liveActivity: "scheme class of $.liveActivity.url"
      case .control: "scheme class of $.control.url"
      case .notification: "scheme class of $.notification.url"
      case .appClip: "none: a appClip reads no URL"
      case .link: "scheme class of $.link.url"
      }
    case .urlNeedsEncoding:
      switch event {
      case .tap: "percent-encoding need of $.tap.url"
      case .open: "percent-encoding need of $.open.url"
      case .delivery: "none: a delivery reads no URL"
      case .widget: "percent-encoding need of $.widget.url"
      case .liveActivity: "percent-encoding need of $.liveActivity.url"
      case .control: "percent-encoding need of $.control.url"
      case .notification: "percent-encoding need of $.notification.url"
      case .appClip: "none: a appClip reads no URL"
      case .link: "percent-encoding need of $.link.url"
      }
    case .extensionRunning: "$.tap.extensionRunning"
    case .alreadySelected: "$.tap.alreadySelected"
    case .afterDrawerSwipe: "$.tap.afterDrawerSwipe"
    case .presentationContext: "$.tap.presentationContext"
    case .extensionPoint: "$.open.extensionPoint"
    case .schemeOwner:
      switch event {
      case .tap: "owner of the scheme of $.tap.url, from $.app.urlSchemes"
      case .open: "owner of the scheme of $.open.url, from $.app.urlSchemes"
      case .delivery: "owner of the scheme with no URL, from $.app.urlSchemes"
      case .widget: "owner of the scheme of $.widget.url, from $.app.urlSchemes"
      case .liveActivity: "owner of the scheme of $.liveActivity.url, from $.app.urlSchemes"
      case .control: "owner of the scheme of $.control.url, from $.app.urlSchemes"
      case .notification: "owner of the scheme of $.notification.url, from $.app.urlSchemes"
      case .appClip: "owner of the scheme with no URL, from $.app.urlSchemes"
      case .link: "owner of the scheme of $.link.url, from $.app.urlSchemes"
      }
    case .universalLink:
      switch event {
      case .tap: "universal-link verdict of $.tap.url, from $.app.appID, $.app.associatedDomains, $.app.aasa"
      case .open: "universal-link verdict of $.open.url, from $.app.appID, $.app.associatedDomains, $.app.aasa"
      case .delivery: "universal-link verdict with no URL, from $.app.appID, $.app.associatedDomains, $.app.aasa"
      case .widget: "universal-link verdict of $.widget.url, from $.app.appID, $.app.associatedDomains, $.app.aasa"
      case .liveActivity: "universal-link verdict of $.liveActivity.url, from $.app.appID, $.app.associatedDomains, $.app.aasa"
      case .control: "universal-link verdict of $.control.url, from $.app.appID, $.app.associatedDomains, $.app.aasa"
      case .notification: "universal-link verdict of $.notification.url, from $.app.appID, $.app.associatedDomains, $.app.aasa"
      case .appClip: "universal-link verdict with no URL, from $.app.appID, $.app.associatedDomains, $.app.aasa"
      case .link: "universal-link verdict of $.link.url, from $.app.appID, $.app.associatedDomains, $.app.aasa"
      }
    case .from: "$.link.from"
    case .senderKnown: "$.link.senderKnown"
    case .safariChosen: "$.link.safariChosen"
    case .appClip: "$.link.appClip"
    case .method: "$.open.method"
    case .fullAccess: "$.open.fullAccess"
    case .family: "$.widget.family"
    case .element: "$.widget.element"
    case .intentMode: "$.widget.intentMode"
    case .location: "$.widget.location"
    case .locked: "$.locked"
    case .tapped: "$.link.tapped"
    case .privacySensitive: "$.control.privacySensitive"
    case .supportsCarPlay: "$.app.supportsCarPlay"
    case .presentation: "$.liveActivity.presentation"
    case .activityElement: "$.liveActivity.activityElement"
    case .urlSetOn: "$.liveActivity.urlSetOn"
    case .opensWatchApp: "$.liveActivity.opensWatchApp"
    case .controlIntent: "$.control.controlIntent"
    case .intentTargets: "$.control.intentTargets"
    case .authenticationPolicy: "$.control.authenticationPolicy"
    case .response: "$.notification.response"
    case .actionOptions: "$.notification.actionOptions"
    case .customDismissAction: "$.notification.customDismissAction"
    case .delegateSetAtLaunch: "$.notification.delegateSetAtLaunch"
    case .invokedFrom: "$.appClip.invokedFrom"
    case .experience: "$.appClip.experience"
    case .senderInContacts: "$.appClip.senderInContacts"
    case .fullAppInstalled: "$.appClip.fullAppInstalled"
    case .handoff: "$.delivery.handoff"
    case .lifecycle: "$.app.lifecycle"
    case .running: "$.app.running"
    case .interactive: "$.notification.interactive"
    case .multipleWidgetURLs: "$.widget.multipleWidgetURLs"
    case .configuration: "$.widget.configuration"
    case .touchAndHold: "$.liveActivity.touchAndHold"
    case .hasWatchApp: "$.liveActivity.hasWatchApp"
    case .pairedPhoneOS: "$.liveActivity.pairedPhoneOS"
    case .placement: "$.control.placement"
    case .widgetURL:
      switch event {
      case .tap: "none: the tap event has no widgetURL"
      case .open: "none: the open event has no widgetURL"
      case .delivery: "none: the delivery event has no widgetURL"
      case .widget: "$.widget.widgetURL"
      case .liveActivity: "$.liveActivity.widgetURL"
      case .control: "none: the control event has no widgetURL"
      case .notification: "none: the notification event has no widgetURL"
      case .appClip: "none: the appClip event has no widgetURL"
      case .link: "none: the link event has no widgetURL"
      }
    case .aasaOnDevice: "$.link.aasaOnDevice"
    case .associatedDomainsMode: "$.link.associatedDomainsMode"
    case .idnDomain:
      switch event {
      case .tap: "internationalized domain name of $.tap.url, from "
      case .open: "internationalized domain name of $.open.url, from "
      case .delivery: "internationalized domain name with no URL, from "
      case .widget: "internationalized domain name of $.widget.url, from "
      case .liveActivity: "internationalized domain name of $.liveActivity.url, from "
      case .control: "internationalized domain name of $.control.url, from "
      case .notification: "internationalized domain name of $.notification.url, from "
      case .appClip: "internationalized domain name with no URL, from "
      case .link: "internationalized domain name of $.link.url, from "
      }
    case .onPage: "$.link.onPage"
    case .via: "$.link.via"
    case .filter: "$.android.filter"
    case .domainState: "$.android.domainState"
    case .allHostsVerified: "$.android.allHostsVerified"
    case .userSelected: "$.android.userSelected"
    case .linkHandlingAllowed: "$.android.linkHandlingAllowed"
    case .otherApp: "$.android.otherApp"
    case .googleServices: "$.android.googleServices"
    case .dynamicRule: "$.android.dynamicRule"
    case .intentURL:
      switch event {
      case .tap: "intent: URL of $.tap.url, from "
      case .open: "intent: URL of $.open.url, from "
      case .delivery: "intent: URL with no URL, from "
      case .widget: "intent: URL of $.widget.url, from "
      case .liveActivity: "intent: URL of $.liveActivity.url, from "
      case .control: "intent: URL of $.control.url, from "
      case .notification: "intent: URL of $.notification.url, from "
      case .appClip: "intent: URL with no URL, from "
      case .link: "intent: URL of $.link.url, from "
      }
    }
  }

  /// The `Situation` method that computes this fact from the URL the event reads
  /// (`situation.\(name)(url: url)`), nil for a fact read from a field or scanned from
  /// the URL.
  package var computedBy: String? {
    switch self {
    case .schemeOwner: "schemeOwner"
    case .universalLink: "universalLink"
    case .idnDomain: "idnDomain"
    case .intentURL: "intentURL"
    case .widgetURL: "widgetURLPresence"
    default: nil
    }
  }

  /// True for a version fact; cheaper than building ``kind``.
  package var isVersion: Bool {
    switch self {
    case .osVersion, .sdkVersion: true
    default: false
    }
  }

  /// The header of the fact's column in a matrix: a short word where the catalog gives one,
  /// otherwise the fact's name.
  package var header: String {
    switch self {
    case .osVersion: "OS"
    case .enabledInMessages: "enabled"
    case .extensionRunning: "running"
    case .alreadySelected: "selected"
    case .onPage: "on page"
    case .domainState: "state"
    case .userSelected: "selected"
    default: rawValue
    }
  }

  /// The facts that differ between the recipients of one message (the sender fixes the
  /// rest), in bit order: a tap's matrix varies them by default.
  package static let recipientFacts: [Fact] = [.platform, .osVersion, .installed, .enabledInMessages, .extensionRunning, .alreadySelected]

  /// Every fact's ``bit``.
  static let allBits: FactMask = allCases.reduce(0) { $0 | $1.bit }

  /// The fact's bit in a mask of facts (declaration order).
  @inlinable
  package var bit: FactMask {
    switch self {
    case .platform: FactMask(bit: 0)
    case .osVersion: FactMask(bit: 1)
    case .sdkVersion: FactMask(bit: 2)
    case .hasContainerApp: FactMask(bit: 3)
    case .installed: FactMask(bit: 4)
    case .enabledInMessages: FactMask(bit: 5)
    case .published: FactMask(bit: 6)
    case .transport: FactMask(bit: 7)
    case .target: FactMask(bit: 8)
    case .layout: FactMask(bit: 9)
    case .expired: FactMask(bit: 10)
    case .urlClass: FactMask(bit: 11)
    case .urlNeedsEncoding: FactMask(bit: 12)
    case .extensionRunning: FactMask(bit: 13)
    case .alreadySelected: FactMask(bit: 14)
    case .afterDrawerSwipe: FactMask(bit: 15)
    case .presentationContext: FactMask(bit: 16)
    case .extensionPoint: FactMask(bit: 17)
    case .schemeOwner: FactMask(bit: 18)
    case .universalLink: FactMask(bit: 19)
    case .from: FactMask(bit: 20)
    case .senderKnown: FactMask(bit: 21)
    case .safariChosen: FactMask(bit: 22)
    case .appClip: FactMask(bit: 23)
    case .method: FactMask(bit: 24)
    case .fullAccess: FactMask(bit: 25)
    case .family: FactMask(bit: 26)
    case .element: FactMask(bit: 27)
    case .intentMode: FactMask(bit: 28)
    case .location: FactMask(bit: 29)
    case .locked: FactMask(bit: 30)
    case .tapped: FactMask(bit: 31)
    case .privacySensitive: FactMask(bit: 32)
    case .supportsCarPlay: FactMask(bit: 33)
    case .presentation: FactMask(bit: 34)
    case .activityElement: FactMask(bit: 35)
    case .urlSetOn: FactMask(bit: 36)
    case .opensWatchApp: FactMask(bit: 37)
    case .controlIntent: FactMask(bit: 39)
    case .intentTargets: FactMask(bit: 40)
    case .authenticationPolicy: FactMask(bit: 41)
    case .response: FactMask(bit: 44)
    case .actionOptions: FactMask(bit: 45)
    case .customDismissAction: FactMask(bit: 46)
    case .delegateSetAtLaunch: FactMask(bit: 47)
    case .invokedFrom: FactMask(bit: 49)
    case .experience: FactMask(bit: 50)
    case .senderInContacts: FactMask(bit: 51)
    case .fullAppInstalled: FactMask(bit: 52)
    case .handoff: FactMask(bit: 53)
    case .lifecycle: FactMask(bit: 54)
    case .running: FactMask(bit: 55)
    case .interactive: FactMask(bit: 56)
    case .multipleWidgetURLs: FactMask(bit: 57)
    case .configuration: FactMask(bit: 58)
    case .touchAndHold: FactMask(bit: 59)
    case .hasWatchApp: FactMask(bit: 60)
    case .pairedPhoneOS: FactMask(bit: 61)
    case .placement: FactMask(bit: 62)
    case .widgetURL: FactMask(bit: 63)
    case .aasaOnDevice: FactMask(bit: 64)
    case .associatedDomainsMode: FactMask(bit: 65)
    case .idnDomain: FactMask(bit: 66)
    case .onPage: FactMask(bit: 67)
    case .via: FactMask(bit: 68)
    case .filter: FactMask(bit: 69)
    case .domainState: FactMask(bit: 70)
    case .allHostsVerified: FactMask(bit: 71)
    case .userSelected: FactMask(bit: 72)
    case .linkHandlingAllowed: FactMask(bit: 73)
    case .otherApp: FactMask(bit: 74)
    case .googleServices: FactMask(bit: 75)
    case .dynamicRule: FactMask(bit: 76)
    case .intentURL: FactMask(bit: 77)
    }
  }
}

/// The facts of one situation for one event, precomputed once per decision.
///
/// A plain value of small integers: reading a fact costs a switch, and building it scans
/// the URL once without allocating.
package struct FactSnapshot: Sendable {
  package var platform: Int
  package var osVersion: OSVersion
  package var sdkVersion: OSVersion
  package var hasContainerApp: Bool
  package var installed: Bool
  package var enabledInMessages: Bool
  package var published: Bool
  package var transport: Int
  package var target: Int
  package var layout: Int
  package var expired: Bool
  package var urlClass: URLSchemeClass
  package var urlNeedsEncoding: Bool
  package var extensionRunning: Bool
  package var alreadySelected: Bool
  package var afterDrawerSwipe: Bool
  package var presentationContext: Int
  package var extensionPoint: Int
  package var schemeOwner: Situation.SchemeOwner
  package var universalLink: Situation.UniversalLinkVerdict
  package var from: Int
  package var senderKnown: Bool
  package var safariChosen: Bool
  package var appClip: Bool
  package var method: Int
  package var fullAccess: Bool
  package var family: Int
  package var element: Int
  package var intentMode: Int
  package var location: Int
  package var locked: Bool
  package var tapped: Int
  package var privacySensitive: Bool
  package var supportsCarPlay: Bool
  package var presentation: Int
  package var activityElement: Int
  package var urlSetOn: Int
  package var opensWatchApp: Bool
  package var controlIntent: Int
  package var intentTargets: Int
  package var authenticationPolicy: Int
  package var response: Int
  package var actionOptions: Int
  package var customDismissAction: Bool
  package var delegateSetAtLaunch: Bool
  package var invokedFrom: Int
  package var experience: Int
  package var senderInContacts: Bool
  package var fullAppInstalled: Bool
  package var handoff: Int
  package var lifecycle: Int
  package var running: Bool
  package var interactive: Bool
  package var multipleWidgetURLs: Bool
  package var configuration: Int
  package var touchAndHold: Bool
  package var hasWatchApp: Bool
  package var pairedPhoneOS: Int
  package var placement: Int
  package var widgetURL: Situation.URLPresence
  package var aasaOnDevice: Int
  package var associatedDomainsMode: Int
  package var idnDomain: Situation.IDNDomain
  package var onPage: Bool
  package var via: Int
  package var filter: Int
  package var domainState: Int
  package var allHostsVerified: Bool
  package var userSelected: Bool
  package var linkHandlingAllowed: Bool
  package var otherApp: Int
  package var googleServices: Bool
  package var dynamicRule: Int
  package var intentURL: Situation.IntentURL

  /// The facts of `situation` but the URL's, which are left `none` and not needing encoding
  /// (`CompiledTable.firstMatch(_:url:)` classifies the URL only when a rule needs it);
  /// the computed facts are computed from the URL the event reads (`computeFacts`), unless
  /// `computed` is false (the interpreter computes them only for a table that tests them).
  /// `defaultVersion` stands for a missing OS version, `defaultSDKVersion` (the same when
  /// nil) for a missing SDK version.
  package init(
    _ situation: Situation, event: Situation.Event, defaultVersion: OSVersion,
    defaultSDKVersion: OSVersion? = nil, computed: Bool = true
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
    schemeOwner = .unknown
    universalLink = .unknown
    from = situation.link.from.index
    senderKnown = situation.link.senderKnown
    safariChosen = situation.link.safariChosen
    appClip = situation.link.appClip
    method = situation.open.method.index
    fullAccess = situation.open.fullAccess
    family = situation.widget.family.index
    element = situation.widget.element.index
    intentMode = situation.widget.intentMode.index
    location = situation.widget.location.index
    locked = situation.locked
    tapped = situation.link.tapped.index
    privacySensitive = situation.control.privacySensitive
    supportsCarPlay = situation.app.supportsCarPlay
    presentation = situation.liveActivity.presentation.index
    activityElement = situation.liveActivity.activityElement.index
    urlSetOn = situation.liveActivity.urlSetOn.index
    opensWatchApp = situation.liveActivity.opensWatchApp
    controlIntent = situation.control.controlIntent.index
    intentTargets = situation.control.intentTargets.index
    authenticationPolicy = situation.control.authenticationPolicy.index
    response = situation.notification.response.index
    actionOptions = situation.notification.actionOptions.index
    customDismissAction = situation.notification.customDismissAction
    delegateSetAtLaunch = situation.notification.delegateSetAtLaunch
    invokedFrom = situation.appClip.invokedFrom.index
    experience = situation.appClip.experience.index
    senderInContacts = situation.appClip.senderInContacts
    fullAppInstalled = situation.appClip.fullAppInstalled
    handoff = situation.delivery.handoff.index
    lifecycle = situation.app.lifecycle.index
    running = situation.app.running
    interactive = situation.notification.interactive
    multipleWidgetURLs = situation.widget.multipleWidgetURLs
    configuration = situation.widget.configuration.index
    touchAndHold = situation.liveActivity.touchAndHold
    hasWatchApp = situation.liveActivity.hasWatchApp
    pairedPhoneOS = situation.liveActivity.pairedPhoneOS.index
    placement = situation.control.placement.index
    widgetURL = .none
    aasaOnDevice = situation.link.aasaOnDevice.index
    associatedDomainsMode = situation.link.associatedDomainsMode.index
    idnDomain = .none
    onPage = situation.link.onPage
    via = situation.link.via.index
    filter = situation.android.filter.index
    domainState = situation.android.domainState.index
    allHostsVerified = situation.android.allHostsVerified
    userSelected = situation.android.userSelected
    linkHandlingAllowed = situation.android.linkHandlingAllowed
    otherApp = situation.android.otherApp.index
    googleServices = situation.android.googleServices
    dynamicRule = situation.android.dynamicRule.index
    intentURL = .none
    if computed { computeFacts(situation, url: Situation.url(of: situation, event: event)) }
  }

  /// The value index of a finite fact (bool: 0 false, 1 true; enumerations: catalog order).
  package func index(of fact: Fact) -> Int {
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
    case .schemeOwner: schemeOwner.index
    case .universalLink: universalLink.index
    case .from: from
    case .senderKnown: senderKnown ? 1 : 0
    case .safariChosen: safariChosen ? 1 : 0
    case .appClip: appClip ? 1 : 0
    case .method: method
    case .fullAccess: fullAccess ? 1 : 0
    case .family: family
    case .element: element
    case .intentMode: intentMode
    case .location: location
    case .locked: locked ? 1 : 0
    case .tapped: tapped
    case .privacySensitive: privacySensitive ? 1 : 0
    case .supportsCarPlay: supportsCarPlay ? 1 : 0
    case .presentation: presentation
    case .activityElement: activityElement
    case .urlSetOn: urlSetOn
    case .opensWatchApp: opensWatchApp ? 1 : 0
    case .controlIntent: controlIntent
    case .intentTargets: intentTargets
    case .authenticationPolicy: authenticationPolicy
    case .response: response
    case .actionOptions: actionOptions
    case .customDismissAction: customDismissAction ? 1 : 0
    case .delegateSetAtLaunch: delegateSetAtLaunch ? 1 : 0
    case .invokedFrom: invokedFrom
    case .experience: experience
    case .senderInContacts: senderInContacts ? 1 : 0
    case .fullAppInstalled: fullAppInstalled ? 1 : 0
    case .handoff: handoff
    case .lifecycle: lifecycle
    case .running: running ? 1 : 0
    case .interactive: interactive ? 1 : 0
    case .multipleWidgetURLs: multipleWidgetURLs ? 1 : 0
    case .configuration: configuration
    case .touchAndHold: touchAndHold ? 1 : 0
    case .hasWatchApp: hasWatchApp ? 1 : 0
    case .pairedPhoneOS: pairedPhoneOS
    case .placement: placement
    case .widgetURL: widgetURL.index
    case .aasaOnDevice: aasaOnDevice
    case .associatedDomainsMode: associatedDomainsMode
    case .idnDomain: idnDomain.index
    case .onPage: onPage ? 1 : 0
    case .via: via
    case .filter: filter
    case .domainState: domainState
    case .allHostsVerified: allHostsVerified ? 1 : 0
    case .userSelected: userSelected ? 1 : 0
    case .linkHandlingAllowed: linkHandlingAllowed ? 1 : 0
    case .otherApp: otherApp
    case .googleServices: googleServices ? 1 : 0
    case .dynamicRule: dynamicRule
    case .intentURL: intentURL.index
    }
  }

  /// One `Int32` per fact, in `Fact.allCases` order (bit order).
  typealias Indices = (
    Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
    Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
    Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
    Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
    Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
    Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
    Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
    Int32, Int32, Int32, Int32
  )

  /// Every fact's ``index(of:)`` at its place in ``Indices`` (a version's: 0), so that a
  /// table reads its slots' values with a load each, not a switch on the fact per slot.
  var indices: Indices {
    @inline(__always) get {
      (
        Int32(truncatingIfNeeded: platform),
        0,
        0,
        hasContainerApp ? 1 : 0,
        installed ? 1 : 0,
        enabledInMessages ? 1 : 0,
        published ? 1 : 0,
        Int32(truncatingIfNeeded: transport),
        Int32(truncatingIfNeeded: target),
        Int32(truncatingIfNeeded: layout),
        expired ? 1 : 0,
        Int32(truncatingIfNeeded: urlClass.index),
        urlNeedsEncoding ? 1 : 0,
        extensionRunning ? 1 : 0,
        alreadySelected ? 1 : 0,
        afterDrawerSwipe ? 1 : 0,
        Int32(truncatingIfNeeded: presentationContext),
        Int32(truncatingIfNeeded: extensionPoint),
        Int32(truncatingIfNeeded: schemeOwner.index),
        Int32(truncatingIfNeeded: universalLink.index),
        Int32(truncatingIfNeeded: from),
        senderKnown ? 1 : 0,
        safariChosen ? 1 : 0,
        appClip ? 1 : 0,
        Int32(truncatingIfNeeded: method),
        fullAccess ? 1 : 0,
        Int32(truncatingIfNeeded: family),
        Int32(truncatingIfNeeded: element),
        Int32(truncatingIfNeeded: intentMode),
        Int32(truncatingIfNeeded: location),
        locked ? 1 : 0,
        Int32(truncatingIfNeeded: tapped),
        privacySensitive ? 1 : 0,
        supportsCarPlay ? 1 : 0,
        Int32(truncatingIfNeeded: presentation),
        Int32(truncatingIfNeeded: activityElement),
        Int32(truncatingIfNeeded: urlSetOn),
        opensWatchApp ? 1 : 0,
        Int32(truncatingIfNeeded: controlIntent),
        Int32(truncatingIfNeeded: intentTargets),
        Int32(truncatingIfNeeded: authenticationPolicy),
        Int32(truncatingIfNeeded: response),
        Int32(truncatingIfNeeded: actionOptions),
        customDismissAction ? 1 : 0,
        delegateSetAtLaunch ? 1 : 0,
        Int32(truncatingIfNeeded: invokedFrom),
        Int32(truncatingIfNeeded: experience),
        senderInContacts ? 1 : 0,
        fullAppInstalled ? 1 : 0,
        Int32(truncatingIfNeeded: handoff),
        Int32(truncatingIfNeeded: lifecycle),
        running ? 1 : 0,
        interactive ? 1 : 0,
        multipleWidgetURLs ? 1 : 0,
        Int32(truncatingIfNeeded: configuration),
        touchAndHold ? 1 : 0,
        hasWatchApp ? 1 : 0,
        Int32(truncatingIfNeeded: pairedPhoneOS),
        Int32(truncatingIfNeeded: placement),
        Int32(truncatingIfNeeded: widgetURL.index),
        Int32(truncatingIfNeeded: aasaOnDevice),
        Int32(truncatingIfNeeded: associatedDomainsMode),
        Int32(truncatingIfNeeded: idnDomain.index),
        onPage ? 1 : 0,
        Int32(truncatingIfNeeded: via),
        Int32(truncatingIfNeeded: filter),
        Int32(truncatingIfNeeded: domainState),
        allHostsVerified ? 1 : 0,
        userSelected ? 1 : 0,
        linkHandlingAllowed ? 1 : 0,
        Int32(truncatingIfNeeded: otherApp),
        googleServices ? 1 : 0,
        Int32(truncatingIfNeeded: dynamicRule),
        Int32(truncatingIfNeeded: intentURL.index)
      )
    }
  }

  /// The value of a version fact (the OS version for any other fact).
  package func version(of fact: Fact) -> OSVersion {
    switch fact {
    case .sdkVersion: sdkVersion
    default: osVersion
    }
  }
}

extension FactSnapshot {
  /// Computes the computed facts of `situation` from `url`, the URL the event reads (a
  /// redirect's open step reads the redirect's URL).
  mutating func computeFacts(_ situation: Situation, url: String?) {
    schemeOwner = situation.schemeOwner(url: url)
    universalLink = situation.universalLink(url: url)
    idnDomain = situation.idnDomain(url: url)
    intentURL = situation.intentURL(url: url)
    widgetURL = situation.widgetURLPresence(url: url)
  }
}

extension Situation {
  /// The URL `event` reads in `situation`.
  static func url(of situation: Situation, event: Event) -> String? {
    switch event {
    case .tap: situation.tap.url
    case .open: situation.open.url
    case .delivery: nil
    case .widget: situation.widget.url
    case .liveActivity: situation.liveActivity.url
    case .control: situation.control.url
    case .notification: situation.notification.url
    case .appClip: nil
    case .link: situation.link.url
    }
  }
}

extension Situation {
  /// The facts whose fields a situation document leaves out, as ``Fact/bit``s: `keys` are the
  /// top-level keys, the other arguments the parts as written (nil when absent). The URL
  /// facts come from the URL the event reads.
  static func leftOut(
    keys: some Collection<String>, app: JSONValue?, tap: JSONValue?, open: JSONValue?, delivery: JSONValue?, widget: JSONValue?, liveActivity: JSONValue?, control: JSONValue?, notification: JSONValue?, appClip: JSONValue?, link: JSONValue?, android: JSONValue?, event: Event
  ) -> FactMask {
    func present(_ part: JSONValue?) -> Set<String>? {
      guard let members = part?.objectValue else { return nil }
      return Set(members.map(\.key))
    }
    return leftOut(
      top: Set(keys), app: present(app), tap: present(tap), open: present(open), delivery: present(delivery), widget: present(widget), liveActivity: present(liveActivity), control: present(control), notification: present(notification), appClip: present(appClip), link: present(link), android: present(android), event: event)
  }

  /// As above, from the key sets of each part (nil: the part is absent).
  static func leftOut(
    top: Set<String>, app: Set<String>? = nil, tap: Set<String>? = nil, open: Set<String>? = nil, delivery: Set<String>? = nil, widget: Set<String>? = nil, liveActivity: Set<String>? = nil, control: Set<String>? = nil, notification: Set<String>? = nil, appClip: Set<String>? = nil, link: Set<String>? = nil, android: Set<String>? = nil, event: Event
  ) -> FactMask {
    var mask: FactMask = 0
    func check(_ keys: Set<String>?, _ key: String, _ facts: Fact...) {
      if keys?.contains(key) != true { for fact in facts { mask |= fact.bit } }
    }
    check(top, "platform", .platform)
    check(top, "osVersion", .osVersion)
    check(top, "locked", .locked)
    check(app, "hasContainerApp", .hasContainerApp)
    check(app, "installed", .installed)
    check(app, "enabledInMessages", .enabledInMessages)
    check(app, "published", .published)
    check(app, "sdkVersion", .sdkVersion)
    check(app, "lifecycle", .lifecycle)
    check(app, "running", .running)
    check(app, "supportsCarPlay", .supportsCarPlay)
    check(tap, "target", .target)
    check(tap, "transport", .transport)
    check(tap, "layout", .layout)
    check(tap, "expired", .expired)
    check(tap, "extensionRunning", .extensionRunning)
    check(tap, "alreadySelected", .alreadySelected)
    check(tap, "afterDrawerSwipe", .afterDrawerSwipe)
    check(tap, "presentationContext", .presentationContext)
    check(open, "extensionPoint", .extensionPoint)
    check(open, "method", .method)
    check(open, "fullAccess", .fullAccess)
    check(delivery, "handoff", .handoff)
    check(widget, "family", .family)
    check(widget, "element", .element)
    check(widget, "intentMode", .intentMode)
    check(widget, "location", .location)
    check(widget, "multipleWidgetURLs", .multipleWidgetURLs)
    check(widget, "configuration", .configuration)
    check(liveActivity, "presentation", .presentation)
    check(liveActivity, "activityElement", .activityElement)
    check(liveActivity, "urlSetOn", .urlSetOn)
    check(liveActivity, "opensWatchApp", .opensWatchApp)
    check(liveActivity, "touchAndHold", .touchAndHold)
    check(liveActivity, "hasWatchApp", .hasWatchApp)
    check(liveActivity, "pairedPhoneOS", .pairedPhoneOS)
    check(control, "controlIntent", .controlIntent)
    check(control, "intentTargets", .intentTargets)
    check(control, "authenticationPolicy", .authenticationPolicy)
    check(control, "placement", .placement)
    check(control, "privacySensitive", .privacySensitive)
    check(notification, "response", .response)
    check(notification, "actionOptions", .actionOptions)
    check(notification, "customDismissAction", .customDismissAction)
    check(notification, "delegateSetAtLaunch", .delegateSetAtLaunch)
    check(notification, "interactive", .interactive)
    check(appClip, "invokedFrom", .invokedFrom)
    check(appClip, "experience", .experience)
    check(appClip, "senderInContacts", .senderInContacts)
    check(appClip, "fullAppInstalled", .fullAppInstalled)
    check(link, "from", .from)
    check(link, "onPage", .onPage)
    check(link, "via", .via)
    check(link, "senderKnown", .senderKnown)
    check(link, "safariChosen", .safariChosen)
    check(link, "appClip", .appClip)
    check(link, "tapped", .tapped)
    check(link, "aasaOnDevice", .aasaOnDevice)
    check(link, "associatedDomainsMode", .associatedDomainsMode)
    check(android, "filter", .filter)
    check(android, "domainState", .domainState)
    check(android, "allHostsVerified", .allHostsVerified)
    check(android, "userSelected", .userSelected)
    check(android, "linkHandlingAllowed", .linkHandlingAllowed)
    check(android, "otherApp", .otherApp)
    check(android, "googleServices", .googleServices)
    check(android, "dynamicRule", .dynamicRule)
    check(app, "urlSchemes", .schemeOwner)
    check(app, "appID", .universalLink)
    check(app, "associatedDomains", .universalLink)
    check(app, "aasa", .universalLink)
    switch event {
    case .tap: check(tap, "url", .urlClass, .urlNeedsEncoding, .idnDomain, .intentURL); check(widget, "widgetURL", .widgetURL)
    case .open: check(open, "url", .urlClass, .urlNeedsEncoding, .idnDomain, .intentURL); check(widget, "widgetURL", .widgetURL)
    case .delivery: check(widget, "widgetURL", .widgetURL)
    case .widget: check(widget, "url", .urlClass, .urlNeedsEncoding, .idnDomain, .intentURL); check(widget, "widgetURL", .widgetURL)
    case .liveActivity: check(liveActivity, "url", .urlClass, .urlNeedsEncoding, .idnDomain, .intentURL); check(liveActivity, "widgetURL", .widgetURL)
    case .control: check(control, "url", .urlClass, .urlNeedsEncoding, .idnDomain, .intentURL); check(widget, "widgetURL", .widgetURL)
    case .notification: check(notification, "url", .urlClass, .urlNeedsEncoding, .idnDomain, .intentURL); check(widget, "widgetURL", .widgetURL)
    case .appClip: check(widget, "widgetURL", .widgetURL)
    case .link: check(link, "url", .urlClass, .urlNeedsEncoding, .idnDomain, .intentURL); check(widget, "widgetURL", .widgetURL)
    }
    return mask
  }
}

extension Situation {
  /// Sets a finite fact read from a field to value `index` (bool: 0 false, 1 true;
  /// enumerations: `allCases` order). False, changing nothing, for a version fact, a fact
  /// computed from the URL, or an index out of range.
  package mutating func setFinite(_ fact: Fact, index: Int) -> Bool {
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
    case .from:
      guard Link.Source.allCases.indices.contains(index) else { return false }
      self.link.from = Link.Source.allCases[index]
    case .senderKnown:
      guard index == 0 || index == 1 else { return false }
      self.link.senderKnown = index == 1
    case .safariChosen:
      guard index == 0 || index == 1 else { return false }
      self.link.safariChosen = index == 1
    case .appClip:
      guard index == 0 || index == 1 else { return false }
      self.link.appClip = index == 1
    case .method:
      guard Open.Method.allCases.indices.contains(index) else { return false }
      self.open.method = Open.Method.allCases[index]
    case .fullAccess:
      guard index == 0 || index == 1 else { return false }
      self.open.fullAccess = index == 1
    case .family:
      guard Widget.Family.allCases.indices.contains(index) else { return false }
      self.widget.family = Widget.Family.allCases[index]
    case .element:
      guard Widget.Element.allCases.indices.contains(index) else { return false }
      self.widget.element = Widget.Element.allCases[index]
    case .intentMode:
      guard Widget.IntentMode.allCases.indices.contains(index) else { return false }
      self.widget.intentMode = Widget.IntentMode.allCases[index]
    case .location:
      guard Widget.Location.allCases.indices.contains(index) else { return false }
      self.widget.location = Widget.Location.allCases[index]
    case .locked:
      guard index == 0 || index == 1 else { return false }
      self.locked = index == 1
    case .tapped:
      guard Link.Tapped.allCases.indices.contains(index) else { return false }
      self.link.tapped = Link.Tapped.allCases[index]
    case .privacySensitive:
      guard index == 0 || index == 1 else { return false }
      self.control.privacySensitive = index == 1
    case .supportsCarPlay:
      guard index == 0 || index == 1 else { return false }
      self.app.supportsCarPlay = index == 1
    case .presentation:
      guard LiveActivity.Presentation.allCases.indices.contains(index) else { return false }
      self.liveActivity.presentation = LiveActivity.Presentation.allCases[index]
    case .activityElement:
      guard Widget.Element.allCases.indices.contains(index) else { return false }
      self.liveActivity.activityElement = Widget.Element.allCases[index]
    case .urlSetOn:
      guard LiveActivity.URLSetOn.allCases.indices.contains(index) else { return false }
      self.liveActivity.urlSetOn = LiveActivity.URLSetOn.allCases[index]
    case .opensWatchApp:
      guard index == 0 || index == 1 else { return false }
      self.liveActivity.opensWatchApp = index == 1
    case .controlIntent:
      guard Control.Intent.allCases.indices.contains(index) else { return false }
      self.control.controlIntent = Control.Intent.allCases[index]
    case .intentTargets:
      guard Control.IntentTargets.allCases.indices.contains(index) else { return false }
      self.control.intentTargets = Control.IntentTargets.allCases[index]
    case .authenticationPolicy:
      guard Control.AuthenticationPolicy.allCases.indices.contains(index) else { return false }
      self.control.authenticationPolicy = Control.AuthenticationPolicy.allCases[index]
    case .response:
      guard Notification.Response.allCases.indices.contains(index) else { return false }
      self.notification.response = Notification.Response.allCases[index]
    case .actionOptions:
      guard Notification.ActionOptions.allCases.indices.contains(index) else { return false }
      self.notification.actionOptions = Notification.ActionOptions.allCases[index]
    case .customDismissAction:
      guard index == 0 || index == 1 else { return false }
      self.notification.customDismissAction = index == 1
    case .delegateSetAtLaunch:
      guard index == 0 || index == 1 else { return false }
      self.notification.delegateSetAtLaunch = index == 1
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
    case .handoff:
      guard Handoff.allCases.indices.contains(index) else { return false }
      self.delivery.handoff = Handoff.allCases[index]
    case .lifecycle:
      guard App.Lifecycle.allCases.indices.contains(index) else { return false }
      self.app.lifecycle = App.Lifecycle.allCases[index]
    case .running:
      guard index == 0 || index == 1 else { return false }
      self.app.running = index == 1
    case .interactive:
      guard index == 0 || index == 1 else { return false }
      self.notification.interactive = index == 1
    case .multipleWidgetURLs:
      guard index == 0 || index == 1 else { return false }
      self.widget.multipleWidgetURLs = index == 1
    case .configuration:
      guard Widget.Configuration.allCases.indices.contains(index) else { return false }
      self.widget.configuration = Widget.Configuration.allCases[index]
    case .touchAndHold:
      guard index == 0 || index == 1 else { return false }
      self.liveActivity.touchAndHold = index == 1
    case .hasWatchApp:
      guard index == 0 || index == 1 else { return false }
      self.liveActivity.hasWatchApp = index == 1
    case .pairedPhoneOS:
      guard LiveActivity.PairedPhoneOS.allCases.indices.contains(index) else { return false }
      self.liveActivity.pairedPhoneOS = LiveActivity.PairedPhoneOS.allCases[index]
    case .placement:
      guard Control.Placement.allCases.indices.contains(index) else { return false }
      self.control.placement = Control.Placement.allCases[index]
    case .aasaOnDevice:
      guard Link.AASAOnDevice.allCases.indices.contains(index) else { return false }
      self.link.aasaOnDevice = Link.AASAOnDevice.allCases[index]
    case .associatedDomainsMode:
      guard Link.AssociatedDomainsMode.allCases.indices.contains(index) else { return false }
      self.link.associatedDomainsMode = Link.AssociatedDomainsMode.allCases[index]
    case .onPage:
      guard index == 0 || index == 1 else { return false }
      self.link.onPage = index == 1
    case .via:
      guard Link.Via.allCases.indices.contains(index) else { return false }
      self.link.via = Link.Via.allCases[index]
    case .filter:
      guard Android.Filter.allCases.indices.contains(index) else { return false }
      self.android.filter = Android.Filter.allCases[index]
    case .domainState:
      guard Android.DomainState.allCases.indices.contains(index) else { return false }
      self.android.domainState = Android.DomainState.allCases[index]
    case .allHostsVerified:
      guard index == 0 || index == 1 else { return false }
      self.android.allHostsVerified = index == 1
    case .userSelected:
      guard index == 0 || index == 1 else { return false }
      self.android.userSelected = index == 1
    case .linkHandlingAllowed:
      guard index == 0 || index == 1 else { return false }
      self.android.linkHandlingAllowed = index == 1
    case .otherApp:
      guard Android.OtherApp.allCases.indices.contains(index) else { return false }
      self.android.otherApp = Android.OtherApp.allCases[index]
    case .googleServices:
      guard index == 0 || index == 1 else { return false }
      self.android.googleServices = index == 1
    case .dynamicRule:
      guard Android.DynamicRule.allCases.indices.contains(index) else { return false }
      self.android.dynamicRule = Android.DynamicRule.allCases[index]
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
    flag(fields, "locked", path: path, into: &situation.locked)
    if let v = fields["app"] { situation.app = readApp(v, path: Self.join(path, "app")) }
    if let v = fields["tap"] { situation.tap = readTap(v, path: Self.join(path, "tap")) }
    if let v = fields["open"] { situation.open = readOpen(v, path: Self.join(path, "open")) }
    if let v = fields["delivery"] { situation.delivery = readDelivery(v, path: Self.join(path, "delivery")) }
    if let v = fields["widget"] { situation.widget = readWidget(v, path: Self.join(path, "widget")) }
    if let v = fields["liveActivity"] { situation.liveActivity = readLiveActivity(v, path: Self.join(path, "liveActivity")) }
    if let v = fields["control"] { situation.control = readControl(v, path: Self.join(path, "control")) }
    if let v = fields["notification"] { situation.notification = readNotification(v, path: Self.join(path, "notification")) }
    if let v = fields["appClip"] { situation.appClip = readAppClip(v, path: Self.join(path, "appClip")) }
    if let v = fields["link"] { situation.link = readLink(v, path: Self.join(path, "link")) }
    if let v = fields["android"] { situation.android = readAndroid(v, path: Self.join(path, "android")) }
    situation.unspecifiedMask = Situation.leftOut(
      keys: fields.keys, app: fields["app"], tap: fields["tap"], open: fields["open"], delivery: fields["delivery"], widget: fields["widget"], liveActivity: fields["liveActivity"], control: fields["control"], notification: fields["notification"], appClip: fields["appClip"], link: fields["link"], android: fields["android"], event: situation.event)
  }

  mutating func readApp(_ value: JSONValue, path: String) -> App {
    var app = App()
    guard let fields = object(value, path: path, allowed: App.CodingKeys.names) else { return app }
    flag(fields, "hasContainerApp", path: path, into: &app.hasContainerApp)
    flag(fields, "installed", path: path, into: &app.installed)
    flag(fields, "enabledInMessages", path: path, into: &app.enabledInMessages)
    flag(fields, "published", path: path, into: &app.published)
    app.sdkVersion = version(fields, "sdkVersion", what: "SDK", path: path)
    if let v = fields["lifecycle"],
      let choice = choice(v, path: Self.join(path, "lifecycle"), what: "life cycle", choices: cases(App.Lifecycle.self))
    {
      app.lifecycle = choice
    }
    flag(fields, "running", path: path, into: &app.running)
    flag(fields, "supportsCarPlay", path: path, into: &app.supportsCarPlay)
    app.appID = text(fields, "appID", path: path)
    app.urlSchemes = texts(fields, "urlSchemes", path: path)
    app.associatedDomains = texts(fields, "associatedDomains", path: path)
    if let v = fields["aasa"] { app.aasa = aasa(v, path: Self.join(path, "aasa")) }
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
    if let v = fields["method"],
      let choice = choice(v, path: Self.join(path, "method"), what: "open method", choices: cases(Open.Method.self))
    {
      open.method = choice
    }
    flag(fields, "fullAccess", path: path, into: &open.fullAccess)
    return open
  }

  mutating func readDelivery(_ value: JSONValue, path: String) -> Delivery {
    var delivery = Delivery()
    guard let fields = object(value, path: path, allowed: Delivery.CodingKeys.names) else { return delivery }
    if let v = fields["handoff"],
      let choice = choice(v, path: Self.join(path, "handoff"), what: "handoff", choices: cases(Handoff.self))
    {
      delivery.handoff = choice
    }
    return delivery
  }

  mutating func readWidget(_ value: JSONValue, path: String) -> Widget {
    var widget = Widget()
    guard let fields = object(value, path: path, allowed: Widget.CodingKeys.names) else { return widget }
    if let v = fields["family"],
      let choice = choice(v, path: Self.join(path, "family"), what: "family", choices: cases(Widget.Family.self))
    {
      widget.family = choice
    }
    if let v = fields["element"],
      let choice = choice(v, path: Self.join(path, "element"), what: "element", choices: cases(Widget.Element.self))
    {
      widget.element = choice
    }
    widget.url = url(fields, "url", path: path)
    widget.widgetURL = url(fields, "widgetURL", path: path)
    if let v = fields["intentMode"],
      let choice = choice(v, path: Self.join(path, "intentMode"), what: "intent mode", choices: cases(Widget.IntentMode.self))
    {
      widget.intentMode = choice
    }
    if let v = fields["location"],
      let choice = choice(v, path: Self.join(path, "location"), what: "location", choices: cases(Widget.Location.self))
    {
      widget.location = choice
    }
    flag(fields, "multipleWidgetURLs", path: path, into: &widget.multipleWidgetURLs)
    if let v = fields["configuration"],
      let choice = choice(v, path: Self.join(path, "configuration"), what: "configuration", choices: cases(Widget.Configuration.self))
    {
      widget.configuration = choice
    }
    return widget
  }

  mutating func readLiveActivity(_ value: JSONValue, path: String) -> LiveActivity {
    var liveActivity = LiveActivity()
    guard let fields = object(value, path: path, allowed: LiveActivity.CodingKeys.names) else { return liveActivity }
    if let v = fields["presentation"],
      let choice = choice(v, path: Self.join(path, "presentation"), what: "presentation", choices: cases(LiveActivity.Presentation.self))
    {
      liveActivity.presentation = choice
    }
    if let v = fields["activityElement"],
      let choice = choice(v, path: Self.join(path, "activityElement"), what: "activity element", choices: cases(Widget.Element.self))
    {
      liveActivity.activityElement = choice
    }
    liveActivity.url = url(fields, "url", path: path)
    liveActivity.widgetURL = url(fields, "widgetURL", path: path)
    if let v = fields["urlSetOn"],
      let choice = choice(v, path: Self.join(path, "urlSetOn"), what: "URL set on", choices: cases(LiveActivity.URLSetOn.self))
    {
      liveActivity.urlSetOn = choice
    }
    flag(fields, "opensWatchApp", path: path, into: &liveActivity.opensWatchApp)
    flag(fields, "touchAndHold", path: path, into: &liveActivity.touchAndHold)
    flag(fields, "hasWatchApp", path: path, into: &liveActivity.hasWatchApp)
    if let v = fields["pairedPhoneOS"],
      let choice = choice(v, path: Self.join(path, "pairedPhoneOS"), what: "paired iPhone OS", choices: cases(LiveActivity.PairedPhoneOS.self))
    {
      liveActivity.pairedPhoneOS = choice
    }
    return liveActivity
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
    if let v = fields["placement"],
      let choice = choice(v, path: Self.join(path, "placement"), what: "placement", choices: cases(Control.Placement.self))
    {
      control.placement = choice
    }
    flag(fields, "privacySensitive", path: path, into: &control.privacySensitive)
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
    flag(fields, "delegateSetAtLaunch", path: path, into: &notification.delegateSetAtLaunch)
    notification.url = url(fields, "url", path: path)
    flag(fields, "interactive", path: path, into: &notification.interactive)
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

  mutating func readLink(_ value: JSONValue, path: String) -> Link {
    var link = Link()
    guard let fields = object(value, path: path, allowed: Link.CodingKeys.names) else { return link }
    link.url = url(fields, "url", path: path)
    if let v = fields["from"],
      let choice = choice(v, path: Self.join(path, "from"), what: "link source", choices: cases(Link.Source.self))
    {
      link.from = choice
    }
    flag(fields, "onPage", path: path, into: &link.onPage)
    if let v = fields["via"],
      let choice = choice(v, path: Self.join(path, "via"), what: "via", choices: cases(Link.Via.self))
    {
      link.via = choice
    }
    flag(fields, "senderKnown", path: path, into: &link.senderKnown)
    flag(fields, "safariChosen", path: path, into: &link.safariChosen)
    flag(fields, "appClip", path: path, into: &link.appClip)
    if let v = fields["tapped"],
      let choice = choice(v, path: Self.join(path, "tapped"), what: "tapped", choices: cases(Link.Tapped.self))
    {
      link.tapped = choice
    }
    if let v = fields["aasaOnDevice"],
      let choice = choice(v, path: Self.join(path, "aasaOnDevice"), what: "AASA file on the device", choices: cases(Link.AASAOnDevice.self))
    {
      link.aasaOnDevice = choice
    }
    if let v = fields["associatedDomainsMode"],
      let choice = choice(v, path: Self.join(path, "associatedDomainsMode"), what: "associated domains mode", choices: cases(Link.AssociatedDomainsMode.self))
    {
      link.associatedDomainsMode = choice
    }
    return link
  }

  mutating func readAndroid(_ value: JSONValue, path: String) -> Android {
    var android = Android()
    guard let fields = object(value, path: path, allowed: Android.CodingKeys.names) else { return android }
    android.packageName = text(fields, "packageName", path: path)
    if let v = fields["filter"],
      let choice = choice(v, path: Self.join(path, "filter"), what: "intent filter", choices: cases(Android.Filter.self))
    {
      android.filter = choice
    }
    if let v = fields["domainState"],
      let choice = choice(v, path: Self.join(path, "domainState"), what: "domain state", choices: cases(Android.DomainState.self))
    {
      android.domainState = choice
    }
    flag(fields, "allHostsVerified", path: path, into: &android.allHostsVerified)
    flag(fields, "userSelected", path: path, into: &android.userSelected)
    flag(fields, "linkHandlingAllowed", path: path, into: &android.linkHandlingAllowed)
    if let v = fields["otherApp"],
      let choice = choice(v, path: Self.join(path, "otherApp"), what: "other app", choices: cases(Android.OtherApp.self))
    {
      android.otherApp = choice
    }
    flag(fields, "googleServices", path: path, into: &android.googleServices)
    if let v = fields["dynamicRule"],
      let choice = choice(v, path: Self.join(path, "dynamicRule"), what: "dynamic rule", choices: cases(Android.DynamicRule.self))
    {
      android.dynamicRule = choice
    }
    if let v = fields["manifest"] { android.manifest = androidManifest(v, path: Self.join(path, "manifest")) }
    android.fingerprints = texts(fields, "fingerprints", path: path)
    if let v = fields["assetlinks"] { android.assetlinks = assetlinks(v, path: Self.join(path, "assetlinks")) }
    return android
  }
}

extension Situation {
  /// The keys of a situation, in the order diagnostics list them.
  enum CodingKeys: String, CodingKey, CaseIterable {
    case event, platform, osVersion, locked, app, tap, open, delivery, widget, liveActivity, control, notification, appClip, link, android
  }

  /// Decodes every field but `event` into `self`, and records which facts were left out.
  mutating func decodeFields(from c: KeyedDecodingContainer<CodingKeys>) throws {
    platform = try c.decode(.platform, or: platform)
    osVersion = try c.decodeIfPresent(OSVersion.self, forKey: .osVersion)
    locked = try c.decode(.locked, or: locked)
    app = try c.decode(.app, or: app)
    tap = try c.decode(.tap, or: tap)
    open = try c.decode(.open, or: open)
    delivery = try c.decode(.delivery, or: delivery)
    widget = try c.decode(.widget, or: widget)
    liveActivity = try c.decode(.liveActivity, or: liveActivity)
    control = try c.decode(.control, or: control)
    notification = try c.decode(.notification, or: notification)
    appClip = try c.decode(.appClip, or: appClip)
    link = try c.decode(.link, or: link)
    android = try c.decode(.android, or: android)
    unspecifiedMask = Situation.leftOut(
      top: Set(c.allKeys.map(\.stringValue)),
      app: try Self.keys(in: c, .app), tap: try Self.keys(in: c, .tap), open: try Self.keys(in: c, .open), delivery: try Self.keys(in: c, .delivery), widget: try Self.keys(in: c, .widget), liveActivity: try Self.keys(in: c, .liveActivity), control: try Self.keys(in: c, .control), notification: try Self.keys(in: c, .notification), appClip: try Self.keys(in: c, .appClip), link: try Self.keys(in: c, .link), android: try Self.keys(in: c, .android),
      event: event)
  }

  /// Encodes every field; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(event, forKey: .event)
    try c.encode(platform, forKey: .platform)
    try c.encodeIfPresent(osVersion, forKey: .osVersion)
    try c.encode(locked, forKey: .locked)
    try c.encode(app, forKey: .app)
    try c.encode(tap, forKey: .tap)
    try c.encode(open, forKey: .open)
    try c.encode(delivery, forKey: .delivery)
    try c.encode(widget, forKey: .widget)
    try c.encode(liveActivity, forKey: .liveActivity)
    try c.encode(control, forKey: .control)
    try c.encode(notification, forKey: .notification)
    try c.encode(appClip, forKey: .appClip)
    try c.encode(link, forKey: .link)
    try c.encode(android, forKey: .android)
  }
}

extension Situation.App: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case hasContainerApp, installed, enabledInMessages, published, sdkVersion, lifecycle, running, supportsCarPlay, appID, urlSchemes, associatedDomains, aasa
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
    lifecycle = try c.decode(.lifecycle, or: lifecycle)
    running = try c.decode(.running, or: running)
    supportsCarPlay = try c.decode(.supportsCarPlay, or: supportsCarPlay)
    appID = try c.decodeText(forKey: .appID)
    urlSchemes = try c.decodeTexts(forKey: .urlSchemes)
    associatedDomains = try c.decodeTexts(forKey: .associatedDomains)
    aasa = try c.decode(.aasa, or: aasa)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(hasContainerApp, forKey: .hasContainerApp)
    try c.encode(installed, forKey: .installed)
    try c.encode(enabledInMessages, forKey: .enabledInMessages)
    try c.encode(published, forKey: .published)
    try c.encodeIfPresent(sdkVersion, forKey: .sdkVersion)
    try c.encode(lifecycle, forKey: .lifecycle)
    try c.encode(running, forKey: .running)
    try c.encode(supportsCarPlay, forKey: .supportsCarPlay)
    try c.encodeIfPresent(appID, forKey: .appID)
    try c.encodeIfPresent(urlSchemes, forKey: .urlSchemes)
    try c.encodeIfPresent(associatedDomains, forKey: .associatedDomains)
    try c.encode(aasa, forKey: .aasa)
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
    case url, extensionPoint, method, fullAccess
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    url = try c.decodeURL(forKey: .url)
    extensionPoint = try c.decode(.extensionPoint, or: extensionPoint)
    method = try c.decode(.method, or: method)
    fullAccess = try c.decode(.fullAccess, or: fullAccess)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(url, forKey: .url)
    try c.encode(extensionPoint, forKey: .extensionPoint)
    try c.encode(method, forKey: .method)
    try c.encode(fullAccess, forKey: .fullAccess)
  }
}

extension Situation.Delivery: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case handoff
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    handoff = try c.decode(.handoff, or: handoff)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(handoff, forKey: .handoff)
  }
}

extension Situation.Widget: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case family, element, url, widgetURL, intentMode, location, multipleWidgetURLs, configuration
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    family = try c.decode(.family, or: family)
    element = try c.decode(.element, or: element)
    url = try c.decodeURL(forKey: .url)
    widgetURL = try c.decodeURL(forKey: .widgetURL)
    intentMode = try c.decode(.intentMode, or: intentMode)
    location = try c.decode(.location, or: location)
    multipleWidgetURLs = try c.decode(.multipleWidgetURLs, or: multipleWidgetURLs)
    configuration = try c.decode(.configuration, or: configuration)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(family, forKey: .family)
    try c.encode(element, forKey: .element)
    try c.encodeIfPresent(url, forKey: .url)
    try c.encodeIfPresent(widgetURL, forKey: .widgetURL)
    try c.encode(intentMode, forKey: .intentMode)
    try c.encode(location, forKey: .location)
    try c.encode(multipleWidgetURLs, forKey: .multipleWidgetURLs)
    try c.encode(configuration, forKey: .configuration)
  }
}

extension Situation.LiveActivity: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case presentation, activityElement, url, widgetURL, urlSetOn, opensWatchApp, touchAndHold, hasWatchApp, pairedPhoneOS
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    presentation = try c.decode(.presentation, or: presentation)
    activityElement = try c.decode(.activityElement, or: activityElement)
    url = try c.decodeURL(forKey: .url)
    widgetURL = try c.decodeURL(forKey: .widgetURL)
    urlSetOn = try c.decode(.urlSetOn, or: urlSetOn)
    opensWatchApp = try c.decode(.opensWatchApp, or: opensWatchApp)
    touchAndHold = try c.decode(.touchAndHold, or: touchAndHold)
    hasWatchApp = try c.decode(.hasWatchApp, or: hasWatchApp)
    pairedPhoneOS = try c.decode(.pairedPhoneOS, or: pairedPhoneOS)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(presentation, forKey: .presentation)
    try c.encode(activityElement, forKey: .activityElement)
    try c.encodeIfPresent(url, forKey: .url)
    try c.encodeIfPresent(widgetURL, forKey: .widgetURL)
    try c.encode(urlSetOn, forKey: .urlSetOn)
    try c.encode(opensWatchApp, forKey: .opensWatchApp)
    try c.encode(touchAndHold, forKey: .touchAndHold)
    try c.encode(hasWatchApp, forKey: .hasWatchApp)
    try c.encode(pairedPhoneOS, forKey: .pairedPhoneOS)
  }
}

extension Situation.Control: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case controlIntent, url, intentTargets, authenticationPolicy, placement, privacySensitive
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    controlIntent = try c.decode(.controlIntent, or: controlIntent)
    url = try c.decodeURL(forKey: .url)
    intentTargets = try c.decode(.intentTargets, or: intentTargets)
    authenticationPolicy = try c.decode(.authenticationPolicy, or: authenticationPolicy)
    placement = try c.decode(.placement, or: placement)
    privacySensitive = try c.decode(.privacySensitive, or: privacySensitive)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(controlIntent, forKey: .controlIntent)
    try c.encodeIfPresent(url, forKey: .url)
    try c.encode(intentTargets, forKey: .intentTargets)
    try c.encode(authenticationPolicy, forKey: .authenticationPolicy)
    try c.encode(placement, forKey: .placement)
    try c.encode(privacySensitive, forKey: .privacySensitive)
  }
}

extension Situation.Notification: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case response, actionOptions, customDismissAction, delegateSetAtLaunch, url, interactive
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    response = try c.decode(.response, or: response)
    actionOptions = try c.decode(.actionOptions, or: actionOptions)
    customDismissAction = try c.decode(.customDismissAction, or: customDismissAction)
    delegateSetAtLaunch = try c.decode(.delegateSetAtLaunch, or: delegateSetAtLaunch)
    url = try c.decodeURL(forKey: .url)
    interactive = try c.decode(.interactive, or: interactive)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(response, forKey: .response)
    try c.encode(actionOptions, forKey: .actionOptions)
    try c.encode(customDismissAction, forKey: .customDismissAction)
    try c.encode(delegateSetAtLaunch, forKey: .delegateSetAtLaunch)
    try c.encodeIfPresent(url, forKey: .url)
    try c.encode(interactive, forKey: .interactive)
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

extension Situation.Link: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case url, from, onPage, via, senderKnown, safariChosen, appClip, tapped, aasaOnDevice, associatedDomainsMode
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    url = try c.decodeURL(forKey: .url)
    from = try c.decode(.from, or: from)
    onPage = try c.decode(.onPage, or: onPage)
    via = try c.decode(.via, or: via)
    senderKnown = try c.decode(.senderKnown, or: senderKnown)
    safariChosen = try c.decode(.safariChosen, or: safariChosen)
    appClip = try c.decode(.appClip, or: appClip)
    tapped = try c.decode(.tapped, or: tapped)
    aasaOnDevice = try c.decode(.aasaOnDevice, or: aasaOnDevice)
    associatedDomainsMode = try c.decode(.associatedDomainsMode, or: associatedDomainsMode)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(url, forKey: .url)
    try c.encode(from, forKey: .from)
    try c.encode(onPage, forKey: .onPage)
    try c.encode(via, forKey: .via)
    try c.encode(senderKnown, forKey: .senderKnown)
    try c.encode(safariChosen, forKey: .safariChosen)
    try c.encode(appClip, forKey: .appClip)
    try c.encode(tapped, forKey: .tapped)
    try c.encode(aasaOnDevice, forKey: .aasaOnDevice)
    try c.encode(associatedDomainsMode, forKey: .associatedDomainsMode)
  }
}

extension Situation.Android: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case packageName, filter, domainState, allHostsVerified, userSelected, linkHandlingAllowed, otherApp, googleServices, dynamicRule, manifest, fingerprints, assetlinks
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    packageName = try c.decodeText(forKey: .packageName)
    filter = try c.decode(.filter, or: filter)
    domainState = try c.decode(.domainState, or: domainState)
    allHostsVerified = try c.decode(.allHostsVerified, or: allHostsVerified)
    userSelected = try c.decode(.userSelected, or: userSelected)
    linkHandlingAllowed = try c.decode(.linkHandlingAllowed, or: linkHandlingAllowed)
    otherApp = try c.decode(.otherApp, or: otherApp)
    googleServices = try c.decode(.googleServices, or: googleServices)
    dynamicRule = try c.decode(.dynamicRule, or: dynamicRule)
    manifest = try c.decode(.manifest, or: manifest)
    fingerprints = try c.decodeTexts(forKey: .fingerprints)
    assetlinks = try c.decode(.assetlinks, or: assetlinks)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(packageName, forKey: .packageName)
    try c.encode(filter, forKey: .filter)
    try c.encode(domainState, forKey: .domainState)
    try c.encode(allHostsVerified, forKey: .allHostsVerified)
    try c.encode(userSelected, forKey: .userSelected)
    try c.encode(linkHandlingAllowed, forKey: .linkHandlingAllowed)
    try c.encode(otherApp, forKey: .otherApp)
    try c.encode(googleServices, forKey: .googleServices)
    try c.encode(dynamicRule, forKey: .dynamicRule)
    try c.encode(manifest, forKey: .manifest)
    try c.encodeIfPresent(fingerprints, forKey: .fingerprints)
    try c.encode(assetlinks, forKey: .assetlinks)
  }
}

extension Situation {
  /// The situation without the parts its event does not read: what ``minimalJSON`` writes.
  package var relevantPart: Situation {
    var copy = self
    switch event {
    case .tap:
      copy.open = Open()
      copy.delivery = Delivery()
      copy.widget = Widget()
      copy.liveActivity = LiveActivity()
      copy.control = Control()
      copy.notification = Notification()
      copy.appClip = AppClip()
      copy.link = Link()
      copy.android = Android()
    case .open:
      copy.tap = Tap()
      copy.delivery = Delivery()
      copy.widget = Widget()
      copy.liveActivity = LiveActivity()
      copy.control = Control()
      copy.notification = Notification()
      copy.appClip = AppClip()
      copy.link = Link()
      copy.android = Android()
    case .delivery:
      copy.tap = Tap()
      copy.open = Open()
      copy.widget = Widget()
      copy.liveActivity = LiveActivity()
      copy.control = Control()
      copy.notification = Notification()
      copy.appClip = AppClip()
      copy.link = Link()
      copy.android = Android()
    case .widget:
      copy.tap = Tap()
      copy.open = Open()
      copy.delivery = Delivery()
      copy.liveActivity = LiveActivity()
      copy.control = Control()
      copy.notification = Notification()
      copy.appClip = AppClip()
      copy.link = Link()
      copy.android = Android()
    case .liveActivity:
      copy.tap = Tap()
      copy.open = Open()
      copy.delivery = Delivery()
      copy.widget = Widget()
      copy.control = Control()
      copy.notification = Notification()
      copy.appClip = AppClip()
      copy.link = Link()
      copy.android = Android()
    case .control:
      copy.tap = Tap()
      copy.open = Open()
      copy.delivery = Delivery()
      copy.widget = Widget()
      copy.liveActivity = LiveActivity()
      copy.notification = Notification()
      copy.appClip = AppClip()
      copy.link = Link()
      copy.android = Android()
    case .notification:
      copy.tap = Tap()
      copy.open = Open()
      copy.delivery = Delivery()
      copy.widget = Widget()
      copy.liveActivity = LiveActivity()
      copy.control = Control()
      copy.appClip = AppClip()
      copy.link = Link()
      copy.android = Android()
    case .appClip:
      copy.tap = Tap()
      copy.open = Open()
      copy.delivery = Delivery()
      copy.widget = Widget()
      copy.liveActivity = LiveActivity()
      copy.control = Control()
      copy.notification = Notification()
      copy.link = Link()
      copy.android = Android()
    case .link:
      copy.tap = Tap()
      copy.open = Open()
      copy.delivery = Delivery()
      copy.widget = Widget()
      copy.liveActivity = LiveActivity()
      copy.control = Control()
      copy.notification = Notification()
      copy.appClip = AppClip()
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
    if self.locked != false { top.append("\"locked\":\(self.locked)") }
    var appFields: [String] = []
    if self.app.hasContainerApp != true { appFields.append("\"hasContainerApp\":\(self.app.hasContainerApp)") }
    if self.app.installed != true { appFields.append("\"installed\":\(self.app.installed)") }
    if self.app.enabledInMessages != true { appFields.append("\"enabledInMessages\":\(self.app.enabledInMessages)") }
    if self.app.published != true { appFields.append("\"published\":\(self.app.published)") }
    if let sdkVersion = self.app.sdkVersion { appFields.append("\"sdkVersion\":\"\(sdkVersion)\"") }
    if self.app.lifecycle != .scenes { appFields.append("\"lifecycle\":\"\(self.app.lifecycle.rawValue)\"") }
    if self.app.running != false { appFields.append("\"running\":\(self.app.running)") }
    if self.app.supportsCarPlay != false { appFields.append("\"supportsCarPlay\":\(self.app.supportsCarPlay)") }
    if let appID = self.app.appID { appFields.append("\"appID\":" + Escaping.jsonString(appID)) }
    if let urlSchemes = self.app.urlSchemes { appFields.append("\"urlSchemes\":" + "[" + urlSchemes.map(Escaping.jsonString).joined(separator: ",") + "]") }
    if let associatedDomains = self.app.associatedDomains { appFields.append("\"associatedDomains\":" + "[" + associatedDomains.map(Escaping.jsonString).joined(separator: ",") + "]") }
    if let aasa = self.app.aasa.aasaJSON { appFields.append("\"aasa\":" + aasa) }
    if !appFields.isEmpty { top.append("\"app\":{" + appFields.joined(separator: ",") + "}") }
    if event == .tap {
      var tapFields: [String] = []
      if self.tap.target != .message { tapFields.append("\"target\":\"\(self.tap.target.rawValue)\"") }
      if let url = self.tap.url { tapFields.append("\"url\":\(Escaping.jsonString(url))") }
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
      if let url = self.open.url { openFields.append("\"url\":\(Escaping.jsonString(url))") }
      if self.open.extensionPoint != .messages { openFields.append("\"extensionPoint\":\"\(self.open.extensionPoint.rawValue)\"") }
      if self.open.method != .extensionContext { openFields.append("\"method\":\"\(self.open.method.rawValue)\"") }
      if self.open.fullAccess != false { openFields.append("\"fullAccess\":\(self.open.fullAccess)") }
      if !openFields.isEmpty { top.append("\"open\":{" + openFields.joined(separator: ",") + "}") }
    }
    if event == .delivery {
      var deliveryFields: [String] = []
      if self.delivery.handoff != .url { deliveryFields.append("\"handoff\":\"\(self.delivery.handoff.rawValue)\"") }
      if !deliveryFields.isEmpty { top.append("\"delivery\":{" + deliveryFields.joined(separator: ",") + "}") }
    }
    if event == .widget {
      var widgetFields: [String] = []
      if self.widget.family != .systemSmall { widgetFields.append("\"family\":\"\(self.widget.family.rawValue)\"") }
      if self.widget.element != .background { widgetFields.append("\"element\":\"\(self.widget.element.rawValue)\"") }
      if let url = self.widget.url { widgetFields.append("\"url\":\(Escaping.jsonString(url))") }
      if let widgetURL = self.widget.widgetURL { widgetFields.append("\"widgetURL\":\(Escaping.jsonString(widgetURL))") }
      if self.widget.intentMode != .background { widgetFields.append("\"intentMode\":\"\(self.widget.intentMode.rawValue)\"") }
      if self.widget.location != .homeScreen { widgetFields.append("\"location\":\"\(self.widget.location.rawValue)\"") }
      if self.widget.multipleWidgetURLs != false { widgetFields.append("\"multipleWidgetURLs\":\(self.widget.multipleWidgetURLs)") }
      if self.widget.configuration != .static { widgetFields.append("\"configuration\":\"\(self.widget.configuration.rawValue)\"") }
      if !widgetFields.isEmpty { top.append("\"widget\":{" + widgetFields.joined(separator: ",") + "}") }
    }
    if event == .liveActivity {
      var liveActivityFields: [String] = []
      if self.liveActivity.presentation != .lockScreen { liveActivityFields.append("\"presentation\":\"\(self.liveActivity.presentation.rawValue)\"") }
      if self.liveActivity.activityElement != .background { liveActivityFields.append("\"activityElement\":\"\(self.liveActivity.activityElement.rawValue)\"") }
      if let url = self.liveActivity.url { liveActivityFields.append("\"url\":\(Escaping.jsonString(url))") }
      if let widgetURL = self.liveActivity.widgetURL { liveActivityFields.append("\"widgetURL\":\(Escaping.jsonString(widgetURL))") }
      if self.liveActivity.urlSetOn != .both { liveActivityFields.append("\"urlSetOn\":\"\(self.liveActivity.urlSetOn.rawValue)\"") }
      if self.liveActivity.opensWatchApp != false { liveActivityFields.append("\"opensWatchApp\":\(self.liveActivity.opensWatchApp)") }
      if self.liveActivity.touchAndHold != false { liveActivityFields.append("\"touchAndHold\":\(self.liveActivity.touchAndHold)") }
      if self.liveActivity.hasWatchApp != false { liveActivityFields.append("\"hasWatchApp\":\(self.liveActivity.hasWatchApp)") }
      if self.liveActivity.pairedPhoneOS != .iOS18OrLater { liveActivityFields.append("\"pairedPhoneOS\":\"\(self.liveActivity.pairedPhoneOS.rawValue)\"") }
      if !liveActivityFields.isEmpty { top.append("\"liveActivity\":{" + liveActivityFields.joined(separator: ",") + "}") }
    }
    if event == .control {
      var controlFields: [String] = []
      if self.control.controlIntent != .appIntent { controlFields.append("\"controlIntent\":\"\(self.control.controlIntent.rawValue)\"") }
      if let url = self.control.url { controlFields.append("\"url\":\(Escaping.jsonString(url))") }
      if self.control.intentTargets != .appAndExtension { controlFields.append("\"intentTargets\":\"\(self.control.intentTargets.rawValue)\"") }
      if self.control.authenticationPolicy != .alwaysAllowed { controlFields.append("\"authenticationPolicy\":\"\(self.control.authenticationPolicy.rawValue)\"") }
      if self.control.placement != .controlCenter { controlFields.append("\"placement\":\"\(self.control.placement.rawValue)\"") }
      if self.control.privacySensitive != false { controlFields.append("\"privacySensitive\":\(self.control.privacySensitive)") }
      if !controlFields.isEmpty { top.append("\"control\":{" + controlFields.joined(separator: ",") + "}") }
    }
    if event == .notification {
      var notificationFields: [String] = []
      if self.notification.response != .defaultAction { notificationFields.append("\"response\":\"\(self.notification.response.rawValue)\"") }
      if self.notification.actionOptions != .none { notificationFields.append("\"actionOptions\":\"\(self.notification.actionOptions.rawValue)\"") }
      if self.notification.customDismissAction != false { notificationFields.append("\"customDismissAction\":\(self.notification.customDismissAction)") }
      if self.notification.delegateSetAtLaunch != true { notificationFields.append("\"delegateSetAtLaunch\":\(self.notification.delegateSetAtLaunch)") }
      if let url = self.notification.url { notificationFields.append("\"url\":\(Escaping.jsonString(url))") }
      if self.notification.interactive != true { notificationFields.append("\"interactive\":\(self.notification.interactive)") }
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
    if event == .link {
      var linkFields: [String] = []
      if let url = self.link.url { linkFields.append("\"url\":\(Escaping.jsonString(url))") }
      if self.link.from != .messages { linkFields.append("\"from\":\"\(self.link.from.rawValue)\"") }
      if self.link.onPage != false { linkFields.append("\"onPage\":\(self.link.onPage)") }
      if self.link.via != .direct { linkFields.append("\"via\":\"\(self.link.via.rawValue)\"") }
      if self.link.senderKnown != true { linkFields.append("\"senderKnown\":\(self.link.senderKnown)") }
      if self.link.safariChosen != false { linkFields.append("\"safariChosen\":\(self.link.safariChosen)") }
      if self.link.appClip != false { linkFields.append("\"appClip\":\(self.link.appClip)") }
      if self.link.tapped != .text { linkFields.append("\"tapped\":\"\(self.link.tapped.rawValue)\"") }
      if self.link.aasaOnDevice != .current { linkFields.append("\"aasaOnDevice\":\"\(self.link.aasaOnDevice.rawValue)\"") }
      if self.link.associatedDomainsMode != .standard { linkFields.append("\"associatedDomainsMode\":\"\(self.link.associatedDomainsMode.rawValue)\"") }
      if !linkFields.isEmpty { top.append("\"link\":{" + linkFields.joined(separator: ",") + "}") }
    }
    if event == .link {
      var androidFields: [String] = []
      if let packageName = self.android.packageName { androidFields.append("\"packageName\":" + Escaping.jsonString(packageName)) }
      if self.android.filter != .autoVerify { androidFields.append("\"filter\":\"\(self.android.filter.rawValue)\"") }
      if self.android.domainState != .verified { androidFields.append("\"domainState\":\"\(self.android.domainState.rawValue)\"") }
      if self.android.allHostsVerified != true { androidFields.append("\"allHostsVerified\":\(self.android.allHostsVerified)") }
      if self.android.userSelected != false { androidFields.append("\"userSelected\":\(self.android.userSelected)") }
      if self.android.linkHandlingAllowed != true { androidFields.append("\"linkHandlingAllowed\":\(self.android.linkHandlingAllowed)") }
      if self.android.otherApp != .none { androidFields.append("\"otherApp\":\"\(self.android.otherApp.rawValue)\"") }
      if self.android.googleServices != true { androidFields.append("\"googleServices\":\(self.android.googleServices)") }
      if self.android.dynamicRule != .none { androidFields.append("\"dynamicRule\":\"\(self.android.dynamicRule.rawValue)\"") }
      if let manifest = self.android.manifest.androidManifestJSON { androidFields.append("\"manifest\":" + manifest) }
      if let fingerprints = self.android.fingerprints { androidFields.append("\"fingerprints\":" + "[" + fingerprints.map(Escaping.jsonString).joined(separator: ",") + "]") }
      if let assetlinks = self.android.assetlinks.assetlinksJSON { androidFields.append("\"assetlinks\":" + assetlinks) }
      if !androidFields.isEmpty { top.append("\"android\":{" + androidFields.joined(separator: ",") + "}") }
    }
    return "{" + top.joined(separator: ",") + "}"
  }
}

/// The names of each value a situation field reads, as bytes, made once.
enum SituationNames {
  static let event = table(Situation.Event.self)
  static let platform = table(Platform.self)
  static let appLifecycle = table(App.Lifecycle.self)
  static let tapTarget = table(Tap.Target.self)
  static let tapTransport = table(Tap.Transport.self)
  static let tapLayout = table(Tap.Layout.self)
  static let tapPresentationContext = table(Tap.PresentationContext.self)
  static let openExtensionPoint = table(Open.ExtensionPoint.self)
  static let openMethod = table(Open.Method.self)
  static let handoff = table(Handoff.self)
  static let widgetFamily = table(Widget.Family.self)
  static let widgetElement = table(Widget.Element.self)
  static let widgetIntentMode = table(Widget.IntentMode.self)
  static let widgetLocation = table(Widget.Location.self)
  static let widgetConfiguration = table(Widget.Configuration.self)
  static let liveActivityPresentation = table(LiveActivity.Presentation.self)
  static let liveActivityURLSetOn = table(LiveActivity.URLSetOn.self)
  static let liveActivityPairedPhoneOS = table(LiveActivity.PairedPhoneOS.self)
  static let controlIntent = table(Control.Intent.self)
  static let controlIntentTargets = table(Control.IntentTargets.self)
  static let controlAuthenticationPolicy = table(Control.AuthenticationPolicy.self)
  static let controlPlacement = table(Control.Placement.self)
  static let notificationResponse = table(Notification.Response.self)
  static let notificationActionOptions = table(Notification.ActionOptions.self)
  static let appClipInvocation = table(AppClip.Invocation.self)
  static let appClipExperience = table(AppClip.Experience.self)
  static let linkSource = table(Link.Source.self)
  static let linkVia = table(Link.Via.self)
  static let linkTapped = table(Link.Tapped.self)
  static let linkAASAOnDevice = table(Link.AASAOnDevice.self)
  static let linkAssociatedDomainsMode = table(Link.AssociatedDomainsMode.self)
  static let androidFilter = table(Android.Filter.self)
  static let androidDomainState = table(Android.DomainState.self)
  static let androidOtherApp = table(Android.OtherApp.self)
  static let androidDynamicRule = table(Android.DynamicRule.self)

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
      case "locked":
        guard seen.first(3), this.bool(into: &situation.locked) else { return false }
        this.given |= Fact.locked.bit
        return true
      case "app":
        guard seen.first(4), let app = this.readApp() else { return false }
        situation.app = app
        return true
      case "tap":
        guard seen.first(5), let tap = this.readTap() else { return false }
        situation.tap = tap
        return true
      case "open":
        guard seen.first(6), let open = this.readOpen() else { return false }
        situation.open = open
        return true
      case "delivery":
        guard seen.first(7), let delivery = this.readDelivery() else { return false }
        situation.delivery = delivery
        return true
      case "widget":
        guard seen.first(8), let widget = this.readWidget() else { return false }
        situation.widget = widget
        return true
      case "liveActivity":
        guard seen.first(9), let liveActivity = this.readLiveActivity() else { return false }
        situation.liveActivity = liveActivity
        return true
      case "control":
        guard seen.first(10), let control = this.readControl() else { return false }
        situation.control = control
        return true
      case "notification":
        guard seen.first(11), let notification = this.readNotification() else { return false }
        situation.notification = notification
        return true
      case "appClip":
        guard seen.first(12), let appClip = this.readAppClip() else { return false }
        situation.appClip = appClip
        return true
      case "link":
        guard seen.first(13), let link = this.readLink() else { return false }
        situation.link = link
        return true
      case "android":
        guard seen.first(14), let android = this.readAndroid() else { return false }
        situation.android = android
        return true
      default: return false
      }
    }
    guard ok && hasEvent else { return nil }
    // As the strict reader records them: the URL facts come from the URL the event reads.
    var given = self.given
    let urlFacts: FactMask = Fact.urlClass.bit | Fact.urlNeedsEncoding.bit | Fact.idnDomain.bit | Fact.intentURL.bit
    switch situation.event {
    case .tap: if urlGiven & 2 != 0 { given |= urlFacts }
    case .open: if urlGiven & 4 != 0 { given |= urlFacts }
    case .delivery: break
    case .widget: if urlGiven & 16 != 0 { given |= urlFacts }
    case .liveActivity: if urlGiven & 32 != 0 { given |= urlFacts }
    case .control: if urlGiven & 64 != 0 { given |= urlFacts }
    case .notification: if urlGiven & 128 != 0 { given |= urlFacts }
    case .appClip: break
    case .link: if urlGiven & 512 != 0 { given |= urlFacts }
    }
    if inputsGiven & 1 == 1 { given |= Fact.schemeOwner.bit }
    if inputsGiven & 14 == 14 { given |= Fact.universalLink.bit }
    switch situation.event {
    case .liveActivity: if inputsGiven & 32 != 0 { given |= Fact.widgetURL.bit }
    default: if inputsGiven & 16 != 0 { given |= Fact.widgetURL.bit }
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
      case "lifecycle":
        guard seen.first(5), let value = this.choice(SituationNames.appLifecycle) else { return false }
        app.lifecycle = value
        this.given |= Fact.lifecycle.bit
        return true
      case "running":
        guard seen.first(6), this.bool(into: &app.running) else { return false }
        this.given |= Fact.running.bit
        return true
      case "supportsCarPlay":
        guard seen.first(7), this.bool(into: &app.supportsCarPlay) else { return false }
        this.given |= Fact.supportsCarPlay.bit
        return true
      case "appID":
        this.inputsGiven |= 2
        return seen.first(8) && this.text(into: &app.appID)
      case "urlSchemes":
        this.inputsGiven |= 1
        return seen.first(9) && this.texts(into: &app.urlSchemes)
      case "associatedDomains":
        this.inputsGiven |= 4
        return seen.first(10) && this.texts(into: &app.associatedDomains)
      case "aasa":
        this.inputsGiven |= 8
        guard seen.first(11), let value = this.aasa() else { return false }
        app.aasa = value
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
      case "method":
        guard seen.first(2), let value = this.choice(SituationNames.openMethod) else { return false }
        open.method = value
        this.given |= Fact.method.bit
        return true
      case "fullAccess":
        guard seen.first(3), this.bool(into: &open.fullAccess) else { return false }
        this.given |= Fact.fullAccess.bit
        return true
      default: return false
      }
    }
    return ok ? open : nil
  }

  mutating func readDelivery() -> Delivery? {
    var delivery = Delivery()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "handoff":
        guard seen.first(0), let value = this.choice(SituationNames.handoff) else { return false }
        delivery.handoff = value
        this.given |= Fact.handoff.bit
        return true
      default: return false
      }
    }
    return ok ? delivery : nil
  }

  mutating func readWidget() -> Widget? {
    var widget = Widget()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "family":
        guard seen.first(0), let value = this.choice(SituationNames.widgetFamily) else { return false }
        widget.family = value
        this.given |= Fact.family.bit
        return true
      case "element":
        guard seen.first(1), let value = this.choice(SituationNames.widgetElement) else { return false }
        widget.element = value
        this.given |= Fact.element.bit
        return true
      case "url":
        this.urlGiven |= 16
        return seen.first(2) && this.url(into: &widget.url)
      case "widgetURL":
        this.inputsGiven |= 16
        return seen.first(3) && this.url(into: &widget.widgetURL)
      case "intentMode":
        guard seen.first(4), let value = this.choice(SituationNames.widgetIntentMode) else { return false }
        widget.intentMode = value
        this.given |= Fact.intentMode.bit
        return true
      case "location":
        guard seen.first(5), let value = this.choice(SituationNames.widgetLocation) else { return false }
        widget.location = value
        this.given |= Fact.location.bit
        return true
      case "multipleWidgetURLs":
        guard seen.first(6), this.bool(into: &widget.multipleWidgetURLs) else { return false }
        this.given |= Fact.multipleWidgetURLs.bit
        return true
      case "configuration":
        guard seen.first(7), let value = this.choice(SituationNames.widgetConfiguration) else { return false }
        widget.configuration = value
        this.given |= Fact.configuration.bit
        return true
      default: return false
      }
    }
    return ok ? widget : nil
  }

  mutating func readLiveActivity() -> LiveActivity? {
    var liveActivity = LiveActivity()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "presentation":
        guard seen.first(0), let value = this.choice(SituationNames.liveActivityPresentation) else { return false }
        liveActivity.presentation = value
        this.given |= Fact.presentation.bit
        return true
      case "activityElement":
        guard seen.first(1), let value = this.choice(SituationNames.widgetElement) else { return false }
        liveActivity.activityElement = value
        this.given |= Fact.activityElement.bit
        return true
      case "url":
        this.urlGiven |= 32
        return seen.first(2) && this.url(into: &liveActivity.url)
      case "widgetURL":
        this.inputsGiven |= 32
        return seen.first(3) && this.url(into: &liveActivity.widgetURL)
      case "urlSetOn":
        guard seen.first(4), let value = this.choice(SituationNames.liveActivityURLSetOn) else { return false }
        liveActivity.urlSetOn = value
        this.given |= Fact.urlSetOn.bit
        return true
      case "opensWatchApp":
        guard seen.first(5), this.bool(into: &liveActivity.opensWatchApp) else { return false }
        this.given |= Fact.opensWatchApp.bit
        return true
      case "touchAndHold":
        guard seen.first(6), this.bool(into: &liveActivity.touchAndHold) else { return false }
        this.given |= Fact.touchAndHold.bit
        return true
      case "hasWatchApp":
        guard seen.first(7), this.bool(into: &liveActivity.hasWatchApp) else { return false }
        this.given |= Fact.hasWatchApp.bit
        return true
      case "pairedPhoneOS":
        guard seen.first(8), let value = this.choice(SituationNames.liveActivityPairedPhoneOS) else { return false }
        liveActivity.pairedPhoneOS = value
        this.given |= Fact.pairedPhoneOS.bit
        return true
      default: return false
      }
    }
    return ok ? liveActivity : nil
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
        this.urlGiven |= 64
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
      case "placement":
        guard seen.first(4), let value = this.choice(SituationNames.controlPlacement) else { return false }
        control.placement = value
        this.given |= Fact.placement.bit
        return true
      case "privacySensitive":
        guard seen.first(5), this.bool(into: &control.privacySensitive) else { return false }
        this.given |= Fact.privacySensitive.bit
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
      case "delegateSetAtLaunch":
        guard seen.first(3), this.bool(into: &notification.delegateSetAtLaunch) else { return false }
        this.given |= Fact.delegateSetAtLaunch.bit
        return true
      case "url":
        this.urlGiven |= 128
        return seen.first(4) && this.url(into: &notification.url)
      case "interactive":
        guard seen.first(5), this.bool(into: &notification.interactive) else { return false }
        this.given |= Fact.interactive.bit
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

  mutating func readLink() -> Link? {
    var link = Link()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "url":
        this.urlGiven |= 512
        return seen.first(0) && this.url(into: &link.url)
      case "from":
        guard seen.first(1), let value = this.choice(SituationNames.linkSource) else { return false }
        link.from = value
        this.given |= Fact.from.bit
        return true
      case "onPage":
        guard seen.first(2), this.bool(into: &link.onPage) else { return false }
        this.given |= Fact.onPage.bit
        return true
      case "via":
        guard seen.first(3), let value = this.choice(SituationNames.linkVia) else { return false }
        link.via = value
        this.given |= Fact.via.bit
        return true
      case "senderKnown":
        guard seen.first(4), this.bool(into: &link.senderKnown) else { return false }
        this.given |= Fact.senderKnown.bit
        return true
      case "safariChosen":
        guard seen.first(5), this.bool(into: &link.safariChosen) else { return false }
        this.given |= Fact.safariChosen.bit
        return true
      case "appClip":
        guard seen.first(6), this.bool(into: &link.appClip) else { return false }
        this.given |= Fact.appClip.bit
        return true
      case "tapped":
        guard seen.first(7), let value = this.choice(SituationNames.linkTapped) else { return false }
        link.tapped = value
        this.given |= Fact.tapped.bit
        return true
      case "aasaOnDevice":
        guard seen.first(8), let value = this.choice(SituationNames.linkAASAOnDevice) else { return false }
        link.aasaOnDevice = value
        this.given |= Fact.aasaOnDevice.bit
        return true
      case "associatedDomainsMode":
        guard seen.first(9), let value = this.choice(SituationNames.linkAssociatedDomainsMode) else { return false }
        link.associatedDomainsMode = value
        this.given |= Fact.associatedDomainsMode.bit
        return true
      default: return false
      }
    }
    return ok ? link : nil
  }

  mutating func readAndroid() -> Android? {
    var android = Android()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "packageName":
        return seen.first(0) && this.text(into: &android.packageName)
      case "filter":
        guard seen.first(1), let value = this.choice(SituationNames.androidFilter) else { return false }
        android.filter = value
        this.given |= Fact.filter.bit
        return true
      case "domainState":
        guard seen.first(2), let value = this.choice(SituationNames.androidDomainState) else { return false }
        android.domainState = value
        this.given |= Fact.domainState.bit
        return true
      case "allHostsVerified":
        guard seen.first(3), this.bool(into: &android.allHostsVerified) else { return false }
        this.given |= Fact.allHostsVerified.bit
        return true
      case "userSelected":
        guard seen.first(4), this.bool(into: &android.userSelected) else { return false }
        this.given |= Fact.userSelected.bit
        return true
      case "linkHandlingAllowed":
        guard seen.first(5), this.bool(into: &android.linkHandlingAllowed) else { return false }
        this.given |= Fact.linkHandlingAllowed.bit
        return true
      case "otherApp":
        guard seen.first(6), let value = this.choice(SituationNames.androidOtherApp) else { return false }
        android.otherApp = value
        this.given |= Fact.otherApp.bit
        return true
      case "googleServices":
        guard seen.first(7), this.bool(into: &android.googleServices) else { return false }
        this.given |= Fact.googleServices.bit
        return true
      case "dynamicRule":
        guard seen.first(8), let value = this.choice(SituationNames.androidDynamicRule) else { return false }
        android.dynamicRule = value
        this.given |= Fact.dynamicRule.bit
        return true
      case "manifest":
        guard seen.first(9), let value = this.androidManifest() else { return false }
        android.manifest = value
        return true
      case "fingerprints":
        return seen.first(10) && this.texts(into: &android.fingerprints)
      case "assetlinks":
        guard seen.first(11), let value = this.assetlinks() else { return false }
        android.assetlinks = value
        return true
      default: return false
      }
    }
    return ok ? android : nil
  }
}
