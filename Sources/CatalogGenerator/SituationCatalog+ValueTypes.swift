// The value types: every enumeration a situation field, a URL fact, a computed fact or a
// nested value names, declared once. `swift run CatalogGenerator` writes them as the library's
// public enums (`SituationCatalog+Enums.swift`), and the JSON Schemas and docs list their
// values from here, so the generator needs no second list of what the library declares.

extension SituationCatalog {
  /// A `String` enumeration of the library: its Swift name, documentation, cases in order and
  /// conformances. Generated as a `public enum` nested where its name says.
  ///
  /// Only the declaration is generated: what else the type has (its `index`, helper methods,
  /// descriptions) is hand-written in an `extension` beside the code that uses it.
  struct ValueType {
    /// The Swift name with the types it is nested in, as a client writes it
    /// (`Situation.Tap.Layout`, `URLSchemeClass`). A field, a fact or a nested schema may
    /// leave out `Situation.`, as code inside the module writes it (`Tap.Layout`).
    var name: String
    /// The type's documentation comment (without `///`), one string per line.
    var doc: [String]
    /// The cases in declaration order: the order of `allCases`, of a fact's values
    /// (`Fact.Kind`), and of the hand-written `index` the decide path reads.
    var cases: [ValueCase]
    /// The protocols the type conforms to beside its raw type, `String`; every type is
    /// `CaseIterable` (the readers and `Fact.kind` list its cases).
    var conformances: [String] = ["Sendable", "Hashable", "Codable", "CaseIterable"]
    /// Numbers the JSON form also takes, as strings, for one case: `pm get-app-links` prints a
    /// verifier's failure code (`1026`) where the other states have words.
    var numbers: Numbers? = nil

    /// The JSON values, in case order.
    var values: [String] { cases.map(\.value) }
  }

  /// The numbers a value type also reads, each as one of its cases.
  struct Numbers {
    /// The case a number reads as.
    var caseName: String
    /// The smallest number that does.
    var from: Int
    /// The JSON Schema pattern of those numbers' strings (decimal, no sign or leading zero).
    var pattern: String
  }

  /// One case of a value type.
  struct ValueCase: ExpressibleByStringLiteral {
    /// The Swift name.
    var name: String
    /// The raw value (the JSON value) where it differs from ``name``: the name in snake case
    /// (`legacy_failure` for `legacyFailure`), which generated code maps back to the name.
    var rawValue: String?
    /// The case's documentation comment, one string per line (none: undocumented).
    var doc: [String]

    /// A case named `name`, with its raw value if it is not the name, and its documentation.
    init(_ name: String, rawValue: String? = nil, doc: [String] = []) {
      self.name = name
      self.rawValue = rawValue
      self.doc = doc
    }

    /// An undocumented case whose raw value is its name: `"template"`.
    init(stringLiteral name: String) { self.init(name) }

    /// The JSON value: the raw value.
    var value: String { rawValue ?? name }
  }

  /// The value type a field, fact or nested schema names (`Tap.Layout` or
  /// `Situation.Tap.Layout`); nil when none is declared.
  static func valueType(named type: String) -> ValueType? {
    valueTypes.first { $0.name == type || $0.name == "Situation." + type }
  }

  /// The JSON values of the value type named `type` (as ``valueType(named:)`` finds it), in
  /// case order; nil when none is declared.
  static func values(of type: String) -> [String]? { valueType(named: type)?.values }

  /// Every value type, grouped by the type it is nested in (each group is one `extension`
  /// of the generated file).
  static let valueTypes: [ValueType] = [
    ValueType(
      name: "Situation.Platform", doc: ["The platform of the device the event happens on."],
      cases: [
        "iOS", "iPadOS", "macOS", "watchOS", "visionOS",
        ValueCase(
          "android",
          doc: [
            "Android, for the `link` event only: `osVersion` is Android's version (`\"15\"`), and the",
            "`android` part holds the app's intent filters, the domain's verification state and the",
            "device (AND-1 to AND-48).",
          ]),
      ]),
    ValueType(
      name: "Situation.Handoff", doc: ["What the system hands the container app it opens."],
      cases: [
        ValueCase("url", doc: ["A URL, through the app's URL callbacks (a custom scheme, or `open(url)`)."]),
        ValueCase(
          "universalLink",
          doc: [
            "An https URL opened as a universal link (an `NSUserActivity` of type",
            "`NSUserActivityTypeBrowsingWeb`, or for SwiftUI the URL).",
          ]),
        ValueCase("userActivity", doc: ["An `NSUserActivity` (a widget tapped with no URL)."]),
        ValueCase("notificationResponse", doc: ["A notification response."]),
        ValueCase("shortcutItem", doc: ["A Home Screen quick action's shortcut item."]),
        ValueCase("intent", doc: ["An app intent."]),
        ValueCase("nothing", doc: ["Nothing: the app only comes forward."]),
      ]),
    ValueType(
      name: "Situation.SchemeOwner",
      doc: ["Whose scheme a URL names, as `app.urlSchemes` says (the fact `schemeOwner`)."],
      cases: [
        ValueCase("unknown", doc: ["`app.urlSchemes` was not given: the owner cannot be told."]),
        ValueCase(
          "none",
          doc: [
            "The URL has no scheme to own: no URL, no scheme, an empty one, or text no SDK reads",
            "as a URL (``URLSchemeClass``).",
          ]),
        ValueCase("own", doc: ["One of the app's own schemes (`CFBundleURLSchemes`), in any letter case."]),
        ValueCase("other", doc: ["A scheme the app does not declare: another app's, or the web's."]),
      ]),
    ValueType(
      name: "Situation.UniversalLinkVerdict",
      doc: [
        "Whether a URL opens this app as a universal link, as its domain's AASA file and the",
        "app's entitlement say (the fact `universalLink`).",
      ],
      cases: [
        ValueCase(
          "unknown",
          doc: [
            "`app.appID`, `app.associatedDomains` or `app.aasa` was not given, or `app.aasa` holds no",
            "file for the URL's domain: the verdict cannot be told.",
          ]),
        ValueCase(
          "noMatch",
          doc: [
            "Not a universal link for this app: not an http(s) URL, a domain the entitlement does",
            "not list, or no pattern for the app matches.",
          ]),
        ValueCase("match", doc: ["A pattern for the app matches first (U-4)."]),
        ValueCase(
          "exclude", doc: ["An `exclude` component (or a legacy `NOT` path) matches first (U-4, U-13)."]),
      ]),
    ValueType(
      name: "Situation.IntentURL",
      doc: [
        "Whether a link's URL is one of Chrome's `intent:` URLs (the fact `intentURL`), and whether it",
        "carries a fallback URL, the Intent extra `S.browser_fallback_url` (AND-35).",
      ],
      cases: [
        ValueCase("none", doc: ["Not an `intent:` URL (or no URL)."]),
        ValueCase(
          "withFallback",
          doc: [
            "An `intent:` URL with a non-empty `S.browser_fallback_url`: where Chrome may send the user",
            "when no app takes the intent (AND-35).",
          ]),
        ValueCase("withoutFallback", doc: ["An `intent:` URL without a fallback URL."]),
      ]),
    ValueType(
      name: "Situation.IDNDomain",
      doc: [
        "Whether the host of an http(s) URL is an internationalized domain name (the fact",
        "`idnDomain`), for which iOS 16 and later are reported never to fetch the AASA file (IOSN-22).",
      ],
      cases: [
        ValueCase(
          "none", doc: ["No http(s) URL with a host: no URL, another scheme, or text not read as one."]),
        ValueCase(
          "ascii", doc: ["A host of ASCII letters, digits and punctuation, no label starting `xn--`."]),
        ValueCase(
          "unicode",
          doc: ["A host with a character outside ASCII (`montréal.ca`), as written or percent-encoded."]),
        ValueCase(
          "punycode",
          doc: ["An ASCII host with a label in Punycode form, starting `xn--` (`xn--montral-fya.ca`)."]),
      ]),
    ValueType(
      name: "Situation.URLPresence", doc: ["Whether a URL field is set: the computed fact `widgetURL`."],
      cases: [
        ValueCase("none", doc: ["The field is nil (or left out)."]),
        ValueCase("given", doc: ["The field holds a URL."]),
      ]),
    ValueType(
      name: "Situation.App.Lifecycle",
      doc: [
        "The life cycle the container app uses, which decides which of its callbacks receive what",
        "it is handed (U-42 to U-47).",
      ],
      cases: [
        ValueCase(
          "appDelegate",
          doc: [
            "A `UIApplicationDelegate` without scenes: `application(_:open:options:)`,",
            "`application(_:continue:restorationHandler:)` (deprecated in iOS 26, U-42). An app built",
            "with the SDK after iOS 26 does not launch this way (U-75).",
          ]),
        ValueCase(
          "scenes",
          doc: [
            "A UIKit scene delegate (iOS 13 and later): `scene(_:willConnectTo:options:)` with its",
            "`connectionOptions` on a cold launch, `scene(_:openURLContexts:)` and",
            "`scene(_:continue:)` when running (U-44, U-45).",
          ]),
        ValueCase(
          "swiftUI",
          doc: [
            "The SwiftUI `App` life cycle (iOS 14 and later): `onOpenURL`, `onContinueUserActivity`",
            "(U-46, W-5).",
          ]),
      ]),
    ValueType(
      name: "Situation.Tap.Target", doc: ["What a tap lands on."],
      cases: [
        ValueCase("message", doc: ["A message bubble."]),
        ValueCase("sticker", doc: ["A sticker (it carries no URL, N-13)."]),
        ValueCase("attribution", doc: ["The app attribution under a message or sticker."]),
        ValueCase(
          "notificationPreview", doc: ["The message's content shown in a notification preview (N-18)."]),
      ]),
    ValueType(
      name: "Situation.Tap.Transport", doc: ["How a message reached the tapping device."],
      cases: ["iMessage", "sms", "rcs"]),
    ValueType(
      name: "Situation.Tap.Layout",
      doc: ["The layout of a message (`MSMessageTemplateLayout` or `MSMessageLiveLayout`)."],
      cases: ["template", "live"]),
    ValueType(
      name: "Situation.Tap.PresentationContext",
      doc: [
        "`MSMessagesAppPresentationContext`: `media` is the system Stickers app, the Messages",
        "camera or FaceTime, where no select callback fires (N-4).",
      ],
      cases: ["messages", "media"]),
    // Declared without `Codable`, which an extension beside the redirect's `Codable`
    // (`Facts/Situation+Codable.swift`) adds.
    ValueType(
      name: "Situation.Redirect.Hook",
      doc: [
        "A callback that redirect code may live in: the four whose firing the tap table models,",
        "and `didReceive`, which no tap fires (N-17).",
        "",
        "Redirect code in any other callback cannot be described, in Swift or in JSON, so every",
        "``Situation`` built in Swift is one the strict reader and `JSONDecoder` accept.",
      ],
      cases: ["willBecomeActive", "didBecomeActive", "willSelect", "didSelect", "didReceive"],
      conformances: ["Sendable", "Hashable", "CaseIterable"]),
    ValueType(
      name: "Situation.Open.ExtensionPoint",
      doc: ["The extension point of the extension that calls `open(url)`."],
      cases: [
        "messages", "today", "share", "action", "keyboard", "other",
        ValueCase("safariWebExtension", doc: ["A Safari web extension (E-4)."]),
        ValueCase("shieldAction", doc: ["A Screen Time `ShieldAction` extension (E-5)."]),
      ]),
    ValueType(
      name: "Situation.Open.Method",
      doc: ["How the extension opens the URL (`open.method`, E-1 to E-3, X-13)."],
      cases: [
        ValueCase(
          "extensionContext",
          doc: ["`extensionContext.open(_:completionHandler:)`, which only Today and iMessage support (D-1)."]
        ),
        ValueCase(
          "applicationOpen",
          doc: [
            "`UIApplication.open(_:options:completionHandler:)` on the `UIApplication` found by walking",
            "the responder chain (X-13, E-2).",
          ]),
        ValueCase(
          "openURLSelector",
          doc: ["The deprecated `openURL:` selector performed on the responder chain (stopped in iOS 18)."]),
        ValueCase(
          "swiftUIOpenURL", doc: ["SwiftUI's `Link` view or `openURL` environment action (E-2, E-3)."]),
      ]),
    ValueType(
      name: "Situation.Widget.Family", doc: ["`WidgetFamily`: the widget's size."],
      cases: [
        "systemSmall", "systemMedium", "systemLarge", "systemExtraLarge", "accessoryCircular",
        "accessoryRectangular", "accessoryInline", ValueCase("accessoryCorner", doc: ["watchOS only."]),
      ]),
    ValueType(
      name: "Situation.Widget.Element", doc: ["What a tap on a widget or Live Activity lands on."],
      cases: [
        ValueCase(
          "background", doc: ["Anywhere that is not a `Link`, button or toggle (the `widgetURL` applies)."]),
        ValueCase("link", doc: ["A SwiftUI `Link` (its destination is the part's `url`)."]),
        ValueCase("button", doc: ["A `Button(intent:)`: a plain `Button` before iOS 17."]),
        ValueCase("toggle", doc: ["A `Toggle(isOn:intent:)`."]),
      ]),
    ValueType(
      name: "Situation.Widget.IntentMode",
      doc: ["How the tapped button's or toggle's app intent asks to run (W-7, W-9, W-10)."],
      cases: [
        ValueCase(
          "background",
          doc: [
            "The default: the intent runs in the widget extension (or, for the intent kinds that",
            "need it, in the app's process) without bringing the app forward.",
          ]),
        ValueCase("openAppWhenRun", doc: ["`openAppWhenRun` is true (deprecated from iOS 26)."]),
        ValueCase("foreground", doc: ["`supportedModes` with `.foreground(.immediate)` (iOS 26)."]),
        ValueCase("foregroundDeferred", doc: ["`supportedModes` with `.foreground(.deferred)` (iOS 26)."]),
        ValueCase("foregroundDynamic", doc: ["`supportedModes` with `.foreground(.dynamic)` (iOS 26)."]),
        ValueCase("openURLIntent", doc: ["An `OpenURLIntent` (iOS 18); its URL is the part's `url`."]),
        ValueCase(
          "noIntent",
          doc: [
            "A plain `Button(action:)` or `Toggle(isOn:)` with no app intent (Apple names only the",
            "initializers that take one, W-7).",
          ]),
      ]),
    ValueType(
      name: "Situation.Widget.Configuration",
      doc: ["How the widget is configured: a fixed widget, or one the person edits (W-16)."],
      cases: [
        ValueCase("static", doc: ["`StaticConfiguration`."]),
        ValueCase("appIntent", doc: ["`AppIntentConfiguration` (iOS 17)."]),
        ValueCase("intent", doc: ["`IntentConfiguration` (SiriKit intents, before iOS 17)."]),
      ]),
    ValueType(
      name: "Situation.Widget.Location", doc: ["`WidgetLocation`: where the widget is shown."],
      cases: [
        ValueCase("homeScreen", doc: ["The Home Screen (on a Mac: the desktop or Notification Center)."]),
        "lockScreen", "standBy", "carPlay",
        ValueCase(
          "iPhoneWidgetsOnMac",
          doc: ["An iPhone widget on a Mac's desktop or in its Notification Center (iOS 17, macOS 14)."]),
      ]),
    ValueType(
      name: "Situation.LiveActivity.Presentation",
      doc: [
        "Where the tapped Live Activity is shown: a presentation of it on iPhone or iPad, or",
        "StandBy or CarPlay. On Apple Watch and the Mac the platform says where.",
      ],
      cases: [
        "lockScreen", "compactLeading", "compactTrailing", "minimal", "expanded",
        ValueCase("standBy", doc: ["The minimal presentation at the top of the screen in StandBy."]),
        "carPlay",
      ]),
    ValueType(
      name: "Situation.LiveActivity.URLSetOn",
      doc: ["Where the Live Activity sets its `widgetURL` (L-3, L-4)."],
      cases: [
        ValueCase(
          "both", doc: ["On the Lock Screen view and with `DynamicIsland.widgetURL(_:)`, or none at all."]),
        ValueCase("dynamicIsland", doc: ["Only with `DynamicIsland.widgetURL(_:)`."]),
        ValueCase("lockScreen", doc: ["Only on the Lock Screen view."]),
      ]),
    ValueType(
      name: "Situation.LiveActivity.PairedPhoneOS",
      doc: [
        "The iOS of the iPhone an Apple Watch is paired with, on the line the sources draw",
        "(L-10: Live Activities reach the Smart Stack from iOS 18 and watchOS 11).",
      ],
      cases: [
        ValueCase("iOS18OrLater", doc: ["iOS 18 or later (the default)."]),
        ValueCase("beforeIOS18", doc: ["Before iOS 18: no Live Activity reaches the watch."]),
      ]),
    ValueType(
      name: "Situation.Control.Intent", doc: ["The app intent a control performs (C-1)."],
      cases: [
        ValueCase("appIntent", doc: ["A button's plain `AppIntent`: it runs, the app stays back."]),
        ValueCase("openIntent", doc: ["An `OpenIntent`: it opens the app (C-2)."]),
        ValueCase(
          "openURLIntent",
          doc: ["An intent that is or returns an `OpenURLIntent` with ``Situation/Control/url`` (C-4)."]),
        ValueCase(
          "appIntentOpenAppWhenRun",
          doc: ["A plain `AppIntent` with `openAppWhenRun` set (contested in a control, C-5)."]),
        ValueCase("setValueIntent", doc: ["A toggle's `SetValueIntent`."]),
      ]),
    ValueType(
      name: "Situation.Control.IntentTargets",
      doc: ["The targets the intent's source file belongs to (C-2)."],
      cases: [
        ValueCase(
          "appAndExtension", doc: ["The app and the widget extension, as Apple requires to open the app."]),
        ValueCase("extensionOnly", doc: ["The widget extension alone."]),
      ]),
    ValueType(
      name: "Situation.Control.AuthenticationPolicy",
      doc: ["The intent's `authenticationPolicy` (`IntentAuthenticationPolicy`, C-3)."],
      cases: ["alwaysAllowed", "requiresAuthentication", "requiresLocalDeviceAuthentication"]),
    ValueType(
      name: "Situation.Control.Placement",
      doc: ["Where the control sits (C-1): Control Center, the Lock Screen, or the Action button."],
      cases: ["controlCenter", "lockScreen", "actionButton"]),
    ValueType(
      name: "Situation.Notification.Response",
      doc: ["How the person responds to the notification (T-1, T-4, T-5, T-6)."],
      cases: [
        ValueCase(
          "defaultAction",
          doc: ["A tap on the notification itself (`UNNotificationDefaultActionIdentifier`)."]),
        ValueCase(
          "customAction",
          doc: ["One of the category's action buttons; see ``Situation/Notification/actionOptions``."]),
        ValueCase("dismiss", doc: ["An explicit dismissal (`UNNotificationDismissActionIdentifier`)."]),
        ValueCase(
          "contentExtensionDefaultAction",
          doc: ["A content extension calls `extensionContext.performNotificationDefaultAction()`."]),
        ValueCase(
          "contentExtensionOpenURL",
          doc: ["A content extension calls `extensionContext.open(_:completionHandler:)` (unobserved, T-6)."]),
      ]),
    ValueType(
      name: "Situation.Notification.ActionOptions",
      doc: ["The options of the chosen custom action (`UNNotificationActionOptions`)."],
      cases: [
        ValueCase("none", doc: ["Neither option: the app handles the action in the background."]),
        ValueCase("authenticationRequired", doc: ["`.authenticationRequired` without `.foreground`."]),
        ValueCase("foreground", doc: ["`.foreground` (with or without `.authenticationRequired`)."]),
      ]),
    ValueType(
      name: "Situation.AppClip.Invocation", doc: ["Where the App Clip was invoked (A-1, A-4)."],
      cases: [
        "qrCode", "nfcTag", "appClipCode",
        ValueCase(
          "safariBanner", doc: ["A Smart App Banner or App Clip card in Safari or `SFSafariViewController`."]),
        ValueCase("messages", doc: ["A link shared in Messages (as a text message)."]),
        ValueCase("maps", doc: ["A place card in Maps."]),
        ValueCase("otherApp", doc: ["Another app's App Clip link or preview (iOS 17)."]),
        ValueCase(
          "appSwitcher",
          doc: ["Back to a previously launched App Clip from the App Switcher or a notification."]),
      ]),
    ValueType(
      name: "Situation.AppClip.Experience", doc: ["The App Clip experiences the app configured (A-6)."],
      cases: [
        ValueCase(
          "defaultAppClipLinks",
          doc: ["The default experience with default App Clip links, no website associated."]),
        ValueCase(
          "associatedWebsite",
          doc: ["The default experience, default links and a website associated with the App Clip."]),
        ValueCase(
          "advanced", doc: ["An advanced experience too (App Clip Codes, Maps, QR and NFC before iOS 16.4)."]),
      ]),
    ValueType(
      name: "Situation.Link.Source", doc: ["Where a link is followed (`link.from`)."],
      cases: [
        ValueCase("messages", doc: ["The text of a message in Messages (not an iMessage app's message)."]),
        ValueCase("mail", doc: ["A message in Mail."]),
        ValueCase("notes", doc: ["A note in Notes."]),
        ValueCase("safariCrossDomain", doc: ["A page in Safari, to another domain than its own."]),
        ValueCase("safariSameDomain", doc: ["A page in Safari, to its own domain (U-30)."]),
        ValueCase(
          "safariViewController", doc: ["An `SFSafariViewController` loading the URL itself (U-33)."]),
        ValueCase("webView", doc: ["A `WKWebView` in another app (U-34)."]),
        ValueCase("otherAppOpen", doc: ["Another app's `UIApplication.open(_:options:)`."]),
        ValueCase("typed", doc: ["Typed or pasted into the address bar (U-31)."]),
        ValueCase(
          "scriptRedirect", doc: ["A JavaScript redirect or other navigation the user did not start (U-32)."]),
        ValueCase(
          "instagram", doc: ["Instagram: a post, profile, story or chat, or its in-app browser (IAB-8)."]),
        ValueCase("facebook", doc: ["Facebook: the feed or a post, or its in-app browser (IAB-8, IAB-9)."]),
        ValueCase("messenger", doc: ["Messenger, or its in-app browser (IAB-8)."]),
        ValueCase("tikTok", doc: ["TikTok, or its in-app browser (IAB-8)."]),
        ValueCase("linkedIn", doc: ["LinkedIn, or its in-app browser (IAB-8)."]),
        ValueCase("snapchat", doc: ["Snapchat, or its in-app browser (IAB-8)."]),
        ValueCase("weChat", doc: ["WeChat, or its in-app browser (IAB-8)."]),
        ValueCase("telegram", doc: ["Telegram, or its in-app browser (IAB-8)."]),
        ValueCase("line", doc: ["LINE, or its in-app browser (IAB-8)."]),
        ValueCase("googleApp", doc: ["The Google app (Google Search), or its in-app browser (IAB-8)."]),
        ValueCase(
          "x",
          doc: [
            "X (formerly Twitter), or the SFSafariViewController it showed links in (IAB-8); reported",
            "to use a browser of its own from version 11.43.1 (IAB-21).",
          ]),
        ValueCase("threads", doc: ["Threads, or the SFSafariViewController it shows links in (IAB-8)."]),
        ValueCase(
          "gmail",
          doc: [
            "A message in Gmail, which hands links to the default browser (IAB-8); its Safari icon",
            "opens an SFSafariViewController (write `safariViewController`), Chrome chosen in its",
            "settings is `otherBrowser` (IAB-14).",
          ]),
        ValueCase("youTube", doc: ["YouTube, which hands links to the default browser (IAB-8)."]),
        ValueCase(
          "otherBrowser",
          doc: [
            "A browser other than Safari (Chrome, Firefox, Edge, ...): a page in it, or a link another",
            "app hands to it as the default browser (IAB-15, IAB-3).",
          ]),
        ValueCase(
          "ownAppOpen",
          doc: ["The app itself calls `UIApplication.open(_:options:)` on one of its own links (IAB-20)."]),
        ValueCase(
          "chrome",
          doc: [
            "A page in Chrome, the link tapped (Android, AND-35); on Apple's platforms read as",
            "`otherBrowser`.",
          ]),
        ValueCase(
          "customTab",
          doc: [
            "A Custom Tab another app opened on the link's URL (Android, AND-36, AND-39); on Apple's",
            "platforms read as another app's link.",
          ]),
      ]),
    ValueType(
      name: "Situation.Link.Via",
      doc: ["How a tap reaches the link's URL (`link.via`)."],
      cases: [
        ValueCase("direct", doc: ["The tapped link is the URL itself."]),
        ValueCase(
          "serverRedirect",
          doc: [
            "The tapped URL answers with an HTTP redirect to the URL, as a link shortener does (U-32, IAB-17)."
          ]),
        ValueCase(
          "clickTracker",
          doc: [
            "The tapped URL is a click-tracking wrapper around the URL, as email and ad platforms and",
            "bio-link tools rewrite links (IAB-17).",
          ]),
      ]),
    ValueType(
      name: "Situation.Link.Tapped",
      doc: ["What the person taps in a message or page that shows the link (`link.tapped`, M-3)."],
      cases: [
        ValueCase("text", doc: ["The link's text."]),
        ValueCase("richPreview", doc: ["Its rich-link preview, loaded (Open Graph metadata, M-3)."]),
        ValueCase(
          "unloadedPreview",
          doc: ["A preview not loaded yet: a blank bubble labelled \"Tap to Load Preview\" (M-3)."]),
      ]),
    ValueType(
      name: "Situation.Link.AASAOnDevice",
      doc: [
        "What the device has of the link's domain's apple-app-site-association file (`link.aasaOnDevice`),",
        "beside the file the server serves (`app.aasa`).",
      ],
      cases: [
        ValueCase("current", doc: ["The device has the domain's current file, the one `app.aasa` gives."]),
        ValueCase(
          "stale",
          doc: [
            "The device's copy, from Apple's CDN, is older than the file on the server: devices read",
            "the CDN's copy (iOS 14 and later, IOSN-1), which refreshes on its own unpublished",
            "schedule (IOSN-2, IOSN-3, IOSN-4).",
          ]),
        ValueCase(
          "notYetFetched",
          doc: ["The app's first launch, before the device has fetched the file (IOSN-21, U-36)."]),
      ]),
    ValueType(
      name: "Situation.Link.AssociatedDomainsMode",
      doc: [
        "How the device gets the link's domain's file (`link.associatedDomainsMode`): the mode of the",
        "app's `applinks:` entitlement entry, in effect on this device.",
      ],
      cases: [
        ValueCase("standard", doc: ["No mode: the device reads Apple's CDN copy (IOSN-1)."]),
        ValueCase(
          "developer",
          doc: [
            "`?mode=developer`: the device pulls the file from the server directly; it needs Developer",
            "Mode, Associated Domains Development switched on and an Xcode install (IOSN-6).",
          ]),
        ValueCase(
          "managed",
          doc: [
            "`?mode=managed` with the MDM key `EnableDirectDownloads`: a direct download, which",
            "Apple's schema documents for macOS 11 and later only (IOSN-7).",
          ]),
      ]),
    ValueType(
      name: "Situation.Android.Filter",
      doc: [
        "How the app's intent filters take the link's URL (`android.filter`), as its",
        "`AndroidManifest.xml` declares them (`taproute assetlinks match --manifest` tells).",
      ],
      cases: [
        ValueCase(
          "autoVerify",
          doc: [
            "A filter with `android:autoVerify=\"true\"` in the shape Android verifies matches: the",
            "action `VIEW`, the categories `BROWSABLE` and `DEFAULT`, schemes `http` and `https` only",
            "(AND-6, AND-7, AND-8).",
          ]),
        ValueCase(
          "browsable",
          doc: [
            "A filter with `VIEW` and `BROWSABLE` matches, but not one Android verifies (no",
            "`autoVerify`, another scheme mixed in, AND-6, AND-46): a deep link the user manages.",
          ]),
        ValueCase(
          "notBrowsable",
          doc: ["A filter matches without the category `BROWSABLE` (AND-4)."]),
        ValueCase("none", doc: ["No filter of the app matches the URL."]),
      ]),
    ValueType(
      name: "Situation.Android.DomainState",
      doc: [
        "The state of the link's host for the app, in the words `adb shell pm get-app-links`",
        "prints (`android.domainState`, AND-23, AND-24).",
      ],
      cases: [
        ValueCase("verified", doc: ["`verified`: the verification agent verified the host (STATE_SUCCESS)."]),
        ValueCase("approved", doc: ["`approved`: approved by the shell, as a verified host counts."]),
        ValueCase("denied", doc: ["`denied`: denied by the shell; not verified."]),
        ValueCase("migrated", doc: ["`migrated`: kept from the legacy verification; counts as verified."]),
        ValueCase("restored", doc: ["`restored`: restored from a backup; counts as verified."]),
        ValueCase(
          "legacyFailure", rawValue: "legacy_failure",
          doc: ["`legacy_failure`: rejected by the legacy verifier; not verified."]),
        ValueCase(
          "systemConfigured", rawValue: "system_configured",
          doc: ["`system_configured`: approved by the device's configuration; counts as verified."]),
        ValueCase(
          "none", doc: ["`none`: no response recorded yet (STATE_NO_RESPONSE); not verified."]),
        ValueCase(
          "verifierCode",
          doc: [
            "A failure the verification agent defines, which `pm get-app-links` prints as its number",
            "from 1024 (`1026`; the JSON form takes the number too); treated as not verified (AND-25).",
          ]),
      ],
      numbers: Numbers(
        caseName: "verifierCode", from: 1024,
        pattern: "^(102[4-9]|10[3-9][0-9]|1[1-9][0-9]{2}|[2-9][0-9]{3}|[1-9][0-9]{4,17})$")),
    ValueType(
      name: "Situation.Android.OtherApp",
      doc: ["Another app on the device that takes the URL (`android.otherApp`, AND-2)."],
      cases: [
        ValueCase("none", doc: ["No other app but browsers takes the URL."]),
        ValueCase("canHandle", doc: ["Another app's filter matches the URL too; no app is the default."]),
        ValueCase(
          "isDefault",
          doc: [
            "Another app opens the URL by default: the user's default for it, or the app approved",
            "for the domain (only one app can be, AND-26).",
          ]),
      ]),
    ValueType(
      name: "Situation.Android.DynamicRule",
      doc: [
        "Which of the domain's dynamic App Link rules (`dynamic_app_link_components` in its",
        "`assetlinks.json`, Android 15) matches the URL first (`android.dynamicRule`, AND-16, AND-17).",
      ],
      cases: [
        ValueCase("none", doc: ["The file has no dynamic rules, or none matches."]),
        ValueCase("allow", doc: ["A rule without `\"exclude\": true` matches first."]),
        ValueCase("exclude", doc: ["A rule with `\"exclude\": true` matches first."]),
      ]),
    ValueType(
      name: "URLSchemeClass",
      doc: [
        "What kind of scheme a URL string has, by the project's own RFC 3986 §3.1 scanner.",
        "",
        "Foundation's `URL` is not used: it parses differently on Linux and Apple platforms",
        "(on Linux `URL(string: \"://x\")?.scheme` is `\"\"`, on Apple platforms the URL is nil) and",
        "its acceptance of spaces changed with iOS 17 (N-8). This scanner gives the same class",
        "everywhere, reports text that is a URL only once percent-encoded separately (the fact",
        "`urlNeedsEncoding`, which the tables decide with `sdkVersion`), and allocates nothing.",
      ],
      cases: [
        ValueCase("none", doc: ["No URL at all (`null` or absent)."]),
        ValueCase(
          "unparseable",
          doc: [
            "Text that no SDK makes a URL: empty, an invalid scheme, a port that is not digits, or",
            "a host with a space or another ASCII character invalid in a host (see ``scan(_:)``).",
          ]),
        ValueCase(
          "noScheme", doc: ["A relative reference with no scheme (`containerAppDemo`, `//host/x`, `/path`)."]),
        ValueCase(
          "emptyScheme", doc: ["A colon before any `/`, `?` or `#` with nothing in front of it (`://x`)."]),
        ValueCase("web", doc: ["`http` or `https`, in any letter case."]),
        ValueCase("data", doc: ["`data`, in any letter case."]),
        ValueCase("file", doc: ["`file`, in any letter case."]),
        ValueCase("other", doc: ["Any other syntactically valid scheme (`containerAppDemo://`, `mailto:`)."]),
      ]),
  ]
}
