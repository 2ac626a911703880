// swift-format-ignore-file
// Generated from Sources/CatalogGenerator/SituationCatalog+ValueTypes.swift by `swift run CatalogGenerator`; do not edit.

// The value types situation fields and facts name: the declarations only. What else a
// type has (its `index`, helpers, descriptions) is hand-written in extensions under Facts/.

extension Situation {
  /// The platform of the device the event happens on.
  public enum Platform: String, Sendable, Hashable, Codable, CaseIterable {
    case iOS
    case iPadOS
    case macOS
    case watchOS
    case visionOS
    /// Android, for the `link` event only: `osVersion` is Android's version (`"15"`), and the
    /// `android` part holds the app's intent filters, the domain's verification state and the
    /// device (AND-1 to AND-48).
    case android
  }

  /// What the system hands the container app it opens.
  public enum Handoff: String, Sendable, Hashable, Codable, CaseIterable {
    /// A URL, through the app's URL callbacks (a custom scheme, or `open(url)`).
    case url
    /// An https URL opened as a universal link (an `NSUserActivity` of type
    /// `NSUserActivityTypeBrowsingWeb`, or for SwiftUI the URL).
    case universalLink
    /// An `NSUserActivity` (a widget tapped with no URL).
    case userActivity
    /// A notification response.
    case notificationResponse
    /// A Home Screen quick action's shortcut item.
    case shortcutItem
    /// An app intent.
    case intent
    /// Nothing: the app only comes forward.
    case nothing
  }

  /// Whose scheme a URL names, as `app.urlSchemes` says (the fact `schemeOwner`).
  public enum SchemeOwner: String, Sendable, Hashable, Codable, CaseIterable {
    /// `app.urlSchemes` was not given: the owner cannot be told.
    case unknown
    /// The URL has no scheme to own: no URL, no scheme, an empty one, or text no SDK reads
    /// as a URL (``URLSchemeClass``).
    case none
    /// One of the app's own schemes (`CFBundleURLSchemes`), in any letter case.
    case own
    /// A scheme the app does not declare: another app's, or the web's.
    case other
  }

  /// Whether a URL opens this app as a universal link, as its domain's AASA file and the
  /// app's entitlement say (the fact `universalLink`).
  public enum UniversalLinkVerdict: String, Sendable, Hashable, Codable, CaseIterable {
    /// `app.appID`, `app.associatedDomains` or `app.aasa` was not given, or `app.aasa` holds no
    /// file for the URL's domain: the verdict cannot be told.
    case unknown
    /// Not a universal link for this app: not an http(s) URL, a domain the entitlement does
    /// not list, or no pattern for the app matches.
    case noMatch
    /// A pattern for the app matches first (U-4).
    case match
    /// An `exclude` component (or a legacy `NOT` path) matches first (U-4, U-13).
    case exclude
  }

  /// Whether a link's URL is one of Chrome's `intent:` URLs (the fact `intentURL`), and whether it
  /// carries a fallback URL, the Intent extra `S.browser_fallback_url` (AND-35).
  public enum IntentURL: String, Sendable, Hashable, Codable, CaseIterable {
    /// Not an `intent:` URL (or no URL).
    case none
    /// An `intent:` URL with a non-empty `S.browser_fallback_url`: where Chrome may send the user
    /// when no app takes the intent (AND-35).
    case withFallback
    /// An `intent:` URL without a fallback URL.
    case withoutFallback
  }

  /// Whether the host of an http(s) URL is an internationalized domain name (the fact
  /// `idnDomain`), for which iOS 16 and later are reported never to fetch the AASA file (IOSN-22).
  public enum IDNDomain: String, Sendable, Hashable, Codable, CaseIterable {
    /// No http(s) URL with a host: no URL, another scheme, or text not read as one.
    case none
    /// A host of ASCII letters, digits and punctuation, no label starting `xn--`.
    case ascii
    /// A host with a character outside ASCII (`montréal.ca`), as written or percent-encoded.
    case unicode
    /// An ASCII host with a label in Punycode form, starting `xn--` (`xn--montral-fya.ca`).
    case punycode
  }

  /// Whether a URL field is set: the computed fact `widgetURL`.
  public enum URLPresence: String, Sendable, Hashable, Codable, CaseIterable {
    /// The field is nil (or left out).
    case none
    /// The field holds a URL.
    case given
  }
}

extension Situation.App {
  /// The life cycle the container app uses, which decides which of its callbacks receive what
  /// it is handed (U-42 to U-47).
  public enum Lifecycle: String, Sendable, Hashable, Codable, CaseIterable {
    /// A `UIApplicationDelegate` without scenes: `application(_:open:options:)`,
    /// `application(_:continue:restorationHandler:)` (deprecated in iOS 26, U-42). An app built
    /// with the SDK after iOS 26 does not launch this way (U-75).
    case appDelegate
    /// A UIKit scene delegate (iOS 13 and later): `scene(_:willConnectTo:options:)` with its
    /// `connectionOptions` on a cold launch, `scene(_:openURLContexts:)` and
    /// `scene(_:continue:)` when running (U-44, U-45).
    case scenes
    /// The SwiftUI `App` life cycle (iOS 14 and later): `onOpenURL`, `onContinueUserActivity`
    /// (U-46, W-5).
    case swiftUI
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
    case iMessage
    case sms
    case rcs
  }

  /// The layout of a message (`MSMessageTemplateLayout` or `MSMessageLiveLayout`).
  public enum Layout: String, Sendable, Hashable, Codable, CaseIterable {
    case template
    case live
  }

  /// `MSMessagesAppPresentationContext`: `media` is the system Stickers app, the Messages
  /// camera or FaceTime, where no select callback fires (N-4).
  public enum PresentationContext: String, Sendable, Hashable, Codable, CaseIterable {
    case messages
    case media
  }
}

extension Situation.Redirect {
  /// A callback that redirect code may live in: the four whose firing the tap table models,
  /// and `didReceive`, which no tap fires (N-17).
  ///
  /// Redirect code in any other callback cannot be described, in Swift or in JSON, so every
  /// ``Situation`` built in Swift is one the strict reader and `JSONDecoder` accept.
  public enum Hook: String, Sendable, Hashable, CaseIterable {
    case willBecomeActive
    case didBecomeActive
    case willSelect
    case didSelect
    case didReceive
  }
}

extension Situation.Open {
  /// The extension point of the extension that calls `open(url)`.
  public enum ExtensionPoint: String, Sendable, Hashable, Codable, CaseIterable {
    case messages
    case today
    case share
    case action
    case keyboard
    case other
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

extension Situation.Widget {
  /// `WidgetFamily`: the widget's size.
  public enum Family: String, Sendable, Hashable, Codable, CaseIterable {
    case systemSmall
    case systemMedium
    case systemLarge
    case systemExtraLarge
    case accessoryCircular
    case accessoryRectangular
    case accessoryInline
    /// watchOS only.
    case accessoryCorner
  }

  /// What a tap on a widget or Live Activity lands on.
  public enum Element: String, Sendable, Hashable, Codable, CaseIterable {
    /// Anywhere that is not a `Link`, button or toggle (the `widgetURL` applies).
    case background
    /// A SwiftUI `Link` (its destination is the part's `url`).
    case link
    /// A `Button(intent:)`: a plain `Button` before iOS 17.
    case button
    /// A `Toggle(isOn:intent:)`.
    case toggle
  }

  /// How the tapped button's or toggle's app intent asks to run (W-7, W-9, W-10).
  public enum IntentMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// The default: the intent runs in the widget extension (or, for the intent kinds that
    /// need it, in the app's process) without bringing the app forward.
    case background
    /// `openAppWhenRun` is true (deprecated from iOS 26).
    case openAppWhenRun
    /// `supportedModes` with `.foreground(.immediate)` (iOS 26).
    case foreground
    /// `supportedModes` with `.foreground(.deferred)` (iOS 26).
    case foregroundDeferred
    /// `supportedModes` with `.foreground(.dynamic)` (iOS 26).
    case foregroundDynamic
    /// An `OpenURLIntent` (iOS 18); its URL is the part's `url`.
    case openURLIntent
    /// A plain `Button(action:)` or `Toggle(isOn:)` with no app intent (Apple names only the
    /// initializers that take one, W-7).
    case noIntent
  }

  /// How the widget is configured: a fixed widget, or one the person edits (W-16).
  public enum Configuration: String, Sendable, Hashable, Codable, CaseIterable {
    /// `StaticConfiguration`.
    case `static`
    /// `AppIntentConfiguration` (iOS 17).
    case appIntent
    /// `IntentConfiguration` (SiriKit intents, before iOS 17).
    case intent
  }

  /// `WidgetLocation`: where the widget is shown.
  public enum Location: String, Sendable, Hashable, Codable, CaseIterable {
    /// The Home Screen (on a Mac: the desktop or Notification Center).
    case homeScreen
    case lockScreen
    case standBy
    case carPlay
    /// An iPhone widget on a Mac's desktop or in its Notification Center (iOS 17, macOS 14).
    case iPhoneWidgetsOnMac
  }
}

extension Situation.LiveActivity {
  /// Where the tapped Live Activity is shown: a presentation of it on iPhone or iPad, or
  /// StandBy or CarPlay. On Apple Watch and the Mac the platform says where.
  public enum Presentation: String, Sendable, Hashable, Codable, CaseIterable {
    case lockScreen
    case compactLeading
    case compactTrailing
    case minimal
    case expanded
    /// The minimal presentation at the top of the screen in StandBy.
    case standBy
    case carPlay
  }

  /// Where the Live Activity sets its `widgetURL` (L-3, L-4).
  public enum URLSetOn: String, Sendable, Hashable, Codable, CaseIterable {
    /// On the Lock Screen view and with `DynamicIsland.widgetURL(_:)`, or none at all.
    case both
    /// Only with `DynamicIsland.widgetURL(_:)`.
    case dynamicIsland
    /// Only on the Lock Screen view.
    case lockScreen
  }

  /// The iOS of the iPhone an Apple Watch is paired with, on the line the sources draw
  /// (L-10: Live Activities reach the Smart Stack from iOS 18 and watchOS 11).
  public enum PairedPhoneOS: String, Sendable, Hashable, Codable, CaseIterable {
    /// iOS 18 or later (the default).
    case iOS18OrLater
    /// Before iOS 18: no Live Activity reaches the watch.
    case beforeIOS18
  }
}

extension Situation.Control {
  /// The app intent a control performs (C-1).
  public enum Intent: String, Sendable, Hashable, Codable, CaseIterable {
    /// A button's plain `AppIntent`: it runs, the app stays back.
    case appIntent
    /// An `OpenIntent`: it opens the app (C-2).
    case openIntent
    /// An intent that is or returns an `OpenURLIntent` with ``Situation/Control/url`` (C-4).
    case openURLIntent
    /// A plain `AppIntent` with `openAppWhenRun` set (contested in a control, C-5).
    case appIntentOpenAppWhenRun
    /// A toggle's `SetValueIntent`.
    case setValueIntent
  }

  /// The targets the intent's source file belongs to (C-2).
  public enum IntentTargets: String, Sendable, Hashable, Codable, CaseIterable {
    /// The app and the widget extension, as Apple requires to open the app.
    case appAndExtension
    /// The widget extension alone.
    case extensionOnly
  }

  /// The intent's `authenticationPolicy` (`IntentAuthenticationPolicy`, C-3).
  public enum AuthenticationPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    case alwaysAllowed
    case requiresAuthentication
    case requiresLocalDeviceAuthentication
  }

  /// Where the control sits (C-1): Control Center, the Lock Screen, or the Action button.
  public enum Placement: String, Sendable, Hashable, Codable, CaseIterable {
    case controlCenter
    case lockScreen
    case actionButton
  }
}

extension Situation.Notification {
  /// How the person responds to the notification (T-1, T-4, T-5, T-6).
  public enum Response: String, Sendable, Hashable, Codable, CaseIterable {
    /// A tap on the notification itself (`UNNotificationDefaultActionIdentifier`).
    case defaultAction
    /// One of the category's action buttons; see ``Situation/Notification/actionOptions``.
    case customAction
    /// An explicit dismissal (`UNNotificationDismissActionIdentifier`).
    case dismiss
    /// A content extension calls `extensionContext.performNotificationDefaultAction()`.
    case contentExtensionDefaultAction
    /// A content extension calls `extensionContext.open(_:completionHandler:)` (unobserved, T-6).
    case contentExtensionOpenURL
  }

  /// The options of the chosen custom action (`UNNotificationActionOptions`).
  public enum ActionOptions: String, Sendable, Hashable, Codable, CaseIterable {
    /// Neither option: the app handles the action in the background.
    case none
    /// `.authenticationRequired` without `.foreground`.
    case authenticationRequired
    /// `.foreground` (with or without `.authenticationRequired`).
    case foreground
  }
}

extension Situation.AppClip {
  /// Where the App Clip was invoked.
  public enum Invocation: String, Sendable, Hashable, Codable, CaseIterable {
    case qrCode
    case nfcTag
    case appClipCode
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

extension Situation.Link {
  /// Where a link is followed (`link.from`).
  public enum Source: String, Sendable, Hashable, Codable, CaseIterable {
    /// The text of a message in Messages (not an iMessage app's message).
    case messages
    /// A message in Mail.
    case mail
    /// A note in Notes.
    case notes
    /// A page in Safari, to another domain than its own.
    case safariCrossDomain
    /// A page in Safari, to its own domain (U-30).
    case safariSameDomain
    /// An `SFSafariViewController` loading the URL itself (U-33).
    case safariViewController
    /// A `WKWebView` in another app (U-34).
    case webView
    /// Another app's `UIApplication.open(_:options:)`.
    case otherAppOpen
    /// Typed or pasted into the address bar (U-31).
    case typed
    /// A JavaScript redirect or other navigation the user did not start (U-32).
    case scriptRedirect
    /// Instagram: a post, profile, story or chat, or its in-app browser (IAB-8).
    case instagram
    /// Facebook: the feed or a post, or its in-app browser (IAB-8, IAB-9).
    case facebook
    /// Messenger, or its in-app browser (IAB-8).
    case messenger
    /// TikTok, or its in-app browser (IAB-8).
    case tikTok
    /// LinkedIn, or its in-app browser (IAB-8).
    case linkedIn
    /// Snapchat, or its in-app browser (IAB-8).
    case snapchat
    /// WeChat, or its in-app browser (IAB-8).
    case weChat
    /// Telegram, or its in-app browser (IAB-8).
    case telegram
    /// LINE, or its in-app browser (IAB-8).
    case line
    /// The Google app (Google Search), or its in-app browser (IAB-8).
    case googleApp
    /// X (formerly Twitter), or the SFSafariViewController it showed links in (IAB-8); reported
    /// to use a browser of its own from version 11.43.1 (IAB-21).
    case x
    /// Threads, or the SFSafariViewController it shows links in (IAB-8).
    case threads
    /// A message in Gmail, which hands links to the default browser (IAB-8); its Safari icon
    /// opens an SFSafariViewController (write `safariViewController`), Chrome chosen in its
    /// settings is `otherBrowser` (IAB-14).
    case gmail
    /// YouTube, which hands links to the default browser (IAB-8).
    case youTube
    /// A browser other than Safari (Chrome, Firefox, Edge, ...): a page in it, or a link another
    /// app hands to it as the default browser (IAB-15, IAB-3).
    case otherBrowser
    /// The app itself calls `UIApplication.open(_:options:)` on one of its own links (IAB-20).
    case ownAppOpen
    /// A page in Chrome, the link tapped (Android, AND-35); on Apple's platforms read as
    /// `otherBrowser`.
    case chrome
    /// A Custom Tab another app opened on the link's URL (Android, AND-36, AND-39); on Apple's
    /// platforms read as another app's link.
    case customTab
  }

  /// How a tap reaches the link's URL (`link.via`).
  public enum Via: String, Sendable, Hashable, Codable, CaseIterable {
    /// The tapped link is the URL itself.
    case direct
    /// The tapped URL answers with an HTTP redirect to the URL, as a link shortener does (U-32, IAB-17).
    case serverRedirect
    /// The tapped URL is a click-tracking wrapper around the URL, as email and ad platforms and
    /// bio-link tools rewrite links (IAB-17).
    case clickTracker
  }

  /// What the person taps in a message or page that shows the link (`link.tapped`, M-3).
  public enum Tapped: String, Sendable, Hashable, Codable, CaseIterable {
    /// The link's text.
    case text
    /// Its rich-link preview, loaded (Open Graph metadata, M-3).
    case richPreview
    /// A preview not loaded yet: a blank bubble labelled "Tap to Load Preview" (M-3).
    case unloadedPreview
  }

  /// What the device has of the link's domain's apple-app-site-association file (`link.aasaOnDevice`),
  /// beside the file the server serves (`app.aasa`).
  public enum AASAOnDevice: String, Sendable, Hashable, Codable, CaseIterable {
    /// The device has the domain's current file, the one `app.aasa` gives.
    case current
    /// The device's copy, from Apple's CDN, is older than the file on the server: devices read
    /// the CDN's copy (iOS 14 and later, IOSN-1), which refreshes on its own unpublished
    /// schedule (IOSN-2, IOSN-3, IOSN-4).
    case stale
    /// The app's first launch, before the device has fetched the file (IOSN-21, U-36).
    case notYetFetched
  }

  /// How the device gets the link's domain's file (`link.associatedDomainsMode`): the mode of the
  /// app's `applinks:` entitlement entry, in effect on this device.
  public enum AssociatedDomainsMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// No mode: the device reads Apple's CDN copy (IOSN-1).
    case standard
    /// `?mode=developer`: the device pulls the file from the server directly; it needs Developer
    /// Mode, Associated Domains Development switched on and an Xcode install (IOSN-6).
    case developer
    /// `?mode=managed` with the MDM key `EnableDirectDownloads`: a direct download, which
    /// Apple's schema documents for macOS 11 and later only (IOSN-7).
    case managed
  }
}

extension Situation.Android {
  /// How the app's intent filters take the link's URL (`android.filter`), as its
  /// `AndroidManifest.xml` declares them (`taproute assetlinks match --manifest` tells).
  public enum Filter: String, Sendable, Hashable, Codable, CaseIterable {
    /// A filter with `android:autoVerify="true"` in the shape Android verifies matches: the
    /// action `VIEW`, the categories `BROWSABLE` and `DEFAULT`, schemes `http` and `https` only
    /// (AND-6, AND-7, AND-8).
    case autoVerify
    /// A filter with `VIEW` and `BROWSABLE` matches, but not one Android verifies (no
    /// `autoVerify`, another scheme mixed in, AND-6, AND-46): a deep link the user manages.
    case browsable
    /// A filter matches without the category `BROWSABLE` (AND-4).
    case notBrowsable
    /// No filter of the app matches the URL.
    case none
  }

  /// The state of the link's host for the app, in the words `adb shell pm get-app-links`
  /// prints (`android.domainState`, AND-23, AND-24).
  public enum DomainState: String, Sendable, Hashable, Codable, CaseIterable {
    /// `verified`: the verification agent verified the host (STATE_SUCCESS).
    case verified
    /// `approved`: approved by the shell, as a verified host counts.
    case approved
    /// `denied`: denied by the shell; not verified.
    case denied
    /// `migrated`: kept from the legacy verification; counts as verified.
    case migrated
    /// `restored`: restored from a backup; counts as verified.
    case restored
    /// `legacy_failure`: rejected by the legacy verifier; not verified.
    case legacyFailure = "legacy_failure"
    /// `system_configured`: approved by the device's configuration; counts as verified.
    case systemConfigured = "system_configured"
    /// `none`: no response recorded yet (STATE_NO_RESPONSE); not verified.
    case none
    /// A failure the verification agent defines, which `pm get-app-links` prints as its number
    /// from 1024 (`1026`; the JSON form takes the number too); treated as not verified (AND-25).
    case verifierCode

    /// The smallest number the JSON form reads as ``verifierCode``, written as a string.
    package static let numbersFrom = 1024
    /// The case such a number reads as.
    package static let numberCase: Self = .verifierCode
  }

  /// Another app on the device that takes the URL (`android.otherApp`, AND-2).
  public enum OtherApp: String, Sendable, Hashable, Codable, CaseIterable {
    /// No other app but browsers takes the URL.
    case none
    /// Another app's filter matches the URL too; no app is the default.
    case canHandle
    /// Another app opens the URL by default: the user's default for it, or the app approved
    /// for the domain (only one app can be, AND-26).
    case isDefault
  }

  /// Which of the domain's dynamic App Link rules (`dynamic_app_link_components` in its
  /// `assetlinks.json`, Android 15) matches the URL first (`android.dynamicRule`, AND-16, AND-17).
  public enum DynamicRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// The file has no dynamic rules, or none matches.
    case none
    /// A rule without `"exclude": true` matches first.
    case allow
    /// A rule with `"exclude": true` matches first.
    case exclude
  }
}

/// What kind of scheme a URL string has, by the project's own RFC 3986 §3.1 scanner.
///
/// Foundation's `URL` is not used: it parses differently on Linux and Apple platforms
/// (on Linux `URL(string: "://x")?.scheme` is `""`, on Apple platforms the URL is nil) and
/// its acceptance of spaces changed with iOS 17 (N-8). This scanner gives the same class
/// everywhere, reports text that is a URL only once percent-encoded separately (the fact
/// `urlNeedsEncoding`, which the tables decide with `sdkVersion`), and allocates nothing.
public enum URLSchemeClass: String, Sendable, Hashable, Codable, CaseIterable {
  /// No URL at all (`null` or absent).
  case none
  /// Text that no SDK makes a URL: empty, an invalid scheme, a port that is not digits, or
  /// a host with a space or another ASCII character invalid in a host (see ``scan(_:)``).
  case unparseable
  /// A relative reference with no scheme (`containerAppDemo`, `//host/x`, `/path`).
  case noScheme
  /// A colon before any `/`, `?` or `#` with nothing in front of it (`://x`).
  case emptyScheme
  /// `http` or `https`, in any letter case.
  case web
  /// `data`, in any letter case.
  case data
  /// `file`, in any letter case.
  case file
  /// Any other syntactically valid scheme (`containerAppDemo://`, `mailto:`).
  case other
}
