/// Every field of the situation JSON and every fact a table may test, declared once.
///
/// This is where a new fact goes. Add its field to the part that holds it (in the order the
/// JSON form lists it), give it a `fact` with the next free bit, then run
/// `swift run CatalogGenerator` to rewrite
/// `Sources/TapRoute/Generated/SituationCatalog+Generated.swift`: the `Fact` catalog (kind, events, JSON source, bit, its matrix column's header, whether it
/// varies by recipient), the per-decision `FactSnapshot`, which facts a document left out
/// (`Situation.leftOut`), the setter the verifier and the matrix use (`setFact`), and the
/// fact's reading and writing in every situation reader and writer. An enumeration a field
/// names is a value type (`SituationCatalog+ValueTypes.swift`: its name, documentation, cases
/// and conformances), which the same run writes as the library's enum
/// (`Sources/TapRoute/Generated/SituationValues+Generated.swift`), beside the JSON Schemas, the
/// README's situation table and the DocC article that list fields, facts and their values, and
/// the DocC landing page's topic group of the situation's types (`SituationCatalog+Schema.swift`,
/// `+Docs.swift`). A test fails while a committed file differs from what this catalog generates.
///
/// What stays hand-written is code whose meaning depends on a fact (the simulator's
/// transitions, the recorder's bookkeeping), and what a value enum has beyond its declaration
/// (its `index`, helpers, descriptions), in extensions under `Sources/TapRoute/Facts/`.
enum SituationCatalog {
  /// A part of the situation: the top-level object or one of its nested objects.
  struct Part {
    /// The JSON key of the part ("" for the top level).
    var key: String
    /// The Swift type that holds it, as written inside the module (`App`).
    var type: String
    /// The part's fields, in the order the JSON form and its diagnostics list them.
    var fields: [Field]
    /// The type's documentation comment (without `///`), one string per line.
    var doc: [String]
    /// The initializer's documentation comment.
    var initDoc: String
    /// The documentation of the top-level property that holds the part.
    var propertyDoc: String = ""
  }

  /// One field of a part.
  struct Field {
    /// The JSON key, which is also the Swift property's name.
    var key: String
    /// What the field holds, and its default.
    var type: FieldType
    /// The fact the field provides, if a table may test it.
    var fact: FactRole?
    /// How messages name the field's values ("presentation context").
    var label: String? = nil
    /// The property's documentation comment, one string per line.
    var doc: [String] = []
  }

  /// What a field holds.
  enum FieldType {
    /// A Boolean with its default.
    case bool(default: Bool)
    /// An OS version, nil when left out (the newest the policies know).
    case version(what: String)
    /// One of the cases of a value type (`type`, written as inside the module, declared in
    /// ``SituationCatalog/valueTypes``), with its default case.
    case enumeration(type: String, default: String)
    /// A URL string or null.
    case url
    /// A nested value with its own reader (`redirect`); not a fact.
    case nested(type: String, reader: String)
    /// A string or null, nil by default; not a fact.
    case string
    /// An array of strings or null, nil by default; not a fact.
    case strings
  }

  /// A field's fact: its bit in a mask of facts, fixed once given (it orders `Fact.allCases`).
  struct FactRole {
    var bit: Int
    /// The header of the fact's column in a matrix (`taproute matrix`), where a shorter word
    /// than the fact's name says it ("OS"); nil: the name.
    var header: String? = nil
    /// The fact differs between the recipients of one message, while the sender fixes the
    /// rest: a tap's matrix lists every value of these facts by default, in bit order, and
    /// refuses them in the sender's message.
    var recipient = false
  }

  /// A fact computed from the URL the event reads, not read from a field of its own.
  struct URLFact {
    var name: String
    var bit: Int
    /// What is computed, for the fact's source text ("scheme class").
    var computed: String
    /// The kind, as `Fact.Kind` source.
    var kind: String
  }

  /// A fact computed by a hand-written function of the situation and the URL the event reads
  /// (`Situation.\(function)(url:)`, returning `type`), not read from a field of its own.
  struct ComputedFact {
    var name: String
    var bit: Int
    /// The value type (``SituationCatalog/valueTypes``), whose hand-written extension gives
    /// it an `index` (`Situation.SchemeOwner`).
    var type: String
    /// The `Situation` method computing it from the event's URL (`schemeOwner`).
    var function: String
    /// What is computed, for the fact's source text ("scheme owner").
    var computed: String
    /// The fields it reads beside the URL, as `part.key` (`app.urlSchemes`): the fact counts
    /// as left out when one of them is, and its value is then `unknown`.
    var inputs: [String]
    /// The case the function returns when an input is left out, and the snapshot's default.
    var unknown = "unknown"
    /// The key of the field of the event's part the fact is computed from, where that is not
    /// the event's URL (`widgetURL`); nil for a fact of the event's URL.
    var field: String? = nil
  }

  /// An event: which part it reads and where its URL is.
  struct Event {
    var name: String
    /// The part the event reads beside the top level and `app`.
    var part: String
    /// The key of the field of `part` holding the URL the event reads, from which the URL
    /// facts (`urlClass`, `urlNeedsEncoding`) are computed; nil for an event without one.
    var url: String?
    /// The case's documentation comment, one string per line.
    var doc: [String]
    /// Other parts the event reads beside `part`, which no other event reads (`android`).
    var alsoReads: [String] = []
    /// URLs computed from the event's URL that a rule's `then.url` may name (a `Situation`
    /// property each, hand-written: `browserFallbackURL`, the fallback inside an `intent:` URL).
    var computedURLs: [String] = []
  }

  /// The events, each naming the part it reads; a part no event names (the top level, `app`)
  /// is read by every event.
  static let events: [Event] = [
    Event(
      name: "tap", part: "tap", url: "url",
      doc: ["The user taps a message, sticker or attribution in a conversation."]),
    Event(
      name: "open", part: "open", url: "url",
      doc: ["The extension calls `extensionContext.open(url, completionHandler:)`."]),
    Event(
      name: "delivery", part: "delivery", url: nil,
      doc: [
        "Something opened the container app: which of its callbacks receive what it was handed.",
        "Composed after a rule that opens the container app with a `handoff`.",
      ]),
    Event(
      name: "widget", part: "widget", url: "url",
      doc: ["The user taps a WidgetKit widget (W-1 to W-15)."]),
    Event(
      name: "liveActivity", part: "liveActivity", url: "url",
      doc: ["The user taps a Live Activity or its Dynamic Island presentation (L-1 to L-8)."]),
    Event(
      name: "control", part: "control", url: "url",
      doc: ["A person uses a control (iOS 18) in Control Center, on the Lock Screen or on the Action button."]
    ),
    Event(
      name: "notification", part: "notification", url: "url",
      doc: ["A person responds to one of the app's notifications (a tap, an action, a dismissal)."]),
    Event(
      name: "appClip", part: "appClip", url: nil,
      doc: ["A person invokes an App Clip (a code or tag, Safari's banner, a Messages link, Maps)."]),
    Event(
      name: "link", part: "link", url: "url",
      doc: ["The user follows a plain link (in a message's text, Mail, Notes, Safari or another app)."],
      alsoReads: ["android"], computedURLs: ["browserFallbackURL"]),
  ]

  static let parts: [Part] = [
    Part(
      key: "", type: "Situation",
      fields: [
        Field(
          key: "platform", type: .enumeration(type: "Platform", default: "iOS"),
          fact: FactRole(bit: 0, recipient: true),
          doc: ["The platform of the device (default iOS)."]),
        Field(
          key: "osVersion", type: .version(what: "OS"), fact: FactRole(bit: 1, header: "OS", recipient: true),
          doc: ["The device's OS version; nil means the newest version the policies know."]),
        Field(
          key: "locked", type: .bool(default: false), fact: FactRole(bit: 30),
          doc: [
            "The device is locked: widget and Live Activity buttons and toggles are inactive until",
            "the person unlocks it (W-7); a control's intent that requires authentication waits for",
            "it (C-3).",
          ]),
      ],
      doc: [
        "What happened on a device: the input to every decision.",
        "",
        "The JSON form is public (see the README's \"Situation\" reference); every field but",
        "`event` has a default. ``tap`` is read for a tap, ``open`` for an `open(url)` call.",
      ],
      initDoc: "A situation; every part but `event` defaults to the JSON form's defaults."),
    Part(
      key: "app", type: "App",
      fields: [
        Field(
          key: "hasContainerApp", type: .bool(default: true), fact: FactRole(bit: 3),
          doc: ["The extension ships inside a container app (false: an iMessage-only app)."]),
        Field(
          key: "installed", type: .bool(default: true), fact: FactRole(bit: 4, recipient: true),
          doc: ["The app is installed on the tapping device."]),
        Field(
          key: "enabledInMessages", type: .bool(default: true),
          fact: FactRole(bit: 5, header: "enabled", recipient: true),
          doc: ["The extension is switched on in Messages."]),
        Field(
          key: "published", type: .bool(default: true), fact: FactRole(bit: 6),
          doc: ["The app is published on the App Store."]),
        Field(
          key: "sdkVersion", type: .version(what: "SDK"), fact: FactRole(bit: 2),
          doc: [
            "The iOS SDK the iMessage app was built with; nil means the newest the policies know.",
            "Before 17, `URL(string:)` returns nil for text with a space or non-ASCII characters;",
            "from 17 it percent-encodes them (N-8).",
          ]),
        Field(
          key: "lifecycle", type: .enumeration(type: "App.Lifecycle", default: "scenes"),
          fact: FactRole(bit: 54),
          label: "life cycle",
          doc: [
            "The container app's life cycle (default: a UIKit scene delegate, which the SDK after",
            "iOS 26 requires, U-75); read by the `delivery` table.",
          ]),
        Field(
          key: "running", type: .bool(default: false), fact: FactRole(bit: 55),
          doc: ["The container app was running or suspended when opened (false: a cold launch)."]),
        Field(
          key: "supportsCarPlay", type: .bool(default: false), fact: FactRole(bit: 33),
          doc: [
            "The container app integrates with CarPlay: only then does a widget or Live Activity",
            "tap in CarPlay open it (W-11, L-7).",
          ]),
        Field(
          key: "appID", type: .string,
          doc: ["The app's ID, `TEAMID.bundle.id`: the ID an AASA file names (U-2); nil: unknown."]),
        Field(
          key: "urlSchemes", type: .strings,
          doc: ["The URL schemes the container app declares (`CFBundleURLSchemes`); nil: unknown."]),
        Field(
          key: "associatedDomains", type: .strings,
          doc: [
            "The app's associated-domains entitlement values (`applinks:example.com`,",
            "`applinks:*.example.com`, `?mode=developer`, U-20, U-21); nil: unknown.",
          ]),
        Field(
          key: "aasa", type: .nested(type: "AASAFiles", reader: "aasa"),
          doc: ["The apple-app-site-association file each domain serves; empty: unknown."]),
      ],
      doc: [
        "The iMessage app's install and publish state, seen from the tapping device, and the app's",
        "configuration (its ID, URL schemes, associated domains and their AASA files).",
      ],
      initDoc: "The app's state; by default installed, enabled and published, with a container app.",
      propertyDoc: "The app's install and publish state on the device."),
    Part(
      key: "tap", type: "Tap",
      fields: [
        Field(
          key: "target", type: .enumeration(type: "Tap.Target", default: "message"), fact: FactRole(bit: 8),
          doc: ["What the tap lands on (default: the message)."]),
        Field(key: "url", type: .url, doc: ["`MSMessage.url` of the tapped message."]),
        Field(
          key: "transport", type: .enumeration(type: "Tap.Transport", default: "iMessage"),
          fact: FactRole(bit: 7),
          doc: ["How the message reached this device (`sms`, `rcs`: the alternate layout, D-6)."]),
        Field(
          key: "layout", type: .enumeration(type: "Tap.Layout", default: "template"), fact: FactRole(bit: 9),
          doc: ["The message's layout (`live`: an `MSMessageLiveLayout`, N-4)."]),
        Field(
          key: "expired", type: .bool(default: false), fact: FactRole(bit: 10),
          doc: ["The message was sent with `shouldExpire` and has been removed (N-16)."]),
        Field(
          key: "extensionRunning", type: .bool(default: false),
          fact: FactRole(bit: 13, header: "running", recipient: true),
          doc: ["The extension was already running (active in the conversation) at the tap."]),
        Field(
          key: "alreadySelected", type: .bool(default: false),
          fact: FactRole(bit: 14, header: "selected", recipient: true),
          doc: ["The tapped message was already the selected one (a message just sent counts, D-5)."]),
        Field(
          key: "afterDrawerSwipe", type: .bool(default: false), fact: FactRole(bit: 15),
          doc: ["The user had swiped to another iMessage app in the drawer before the tap (F-6)."]),
        Field(
          key: "presentationContext",
          type: .enumeration(type: "Tap.PresentationContext", default: "messages"),
          fact: FactRole(bit: 16), label: "presentation context",
          doc: ["The context the running extension is presented in (read with `extensionRunning`)."]),
        Field(
          key: "redirect", type: .nested(type: "Redirect", reader: "redirect"),
          doc: ["The extension's own redirect code."]),
      ],
      doc: ["What was tapped, and the state of the extension when it was."],
      initDoc: "A tap; by default on a message, with the extension not running and no redirect code.",
      propertyDoc: "What was tapped; read when ``event`` is ``Event/tap``."),
    Part(
      key: "open", type: "Open",
      fields: [
        Field(key: "url", type: .url, doc: ["The URL passed to `open(url)`."]),
        Field(
          key: "extensionPoint", type: .enumeration(type: "Open.ExtensionPoint", default: "messages"),
          fact: FactRole(bit: 17), label: "extension point",
          doc: ["The extension point of the calling extension (default: a Messages extension)."]),
        Field(
          key: "method", type: .enumeration(type: "Open.Method", default: "extensionContext"),
          fact: FactRole(bit: 24), label: "open method",
          doc: [
            "How the extension opens the URL (default: `extensionContext.open`); read for the share,",
            "action, keyboard and other extension points (E-1 to E-3, X-13).",
          ]),
        Field(
          key: "fullAccess", type: .bool(default: false), fact: FactRole(bit: 25), label: "Full Access",
          doc: ["A keyboard's `RequestsOpenAccess` is granted (Full Access); read on iOS 26 (E-3)."]),
      ],
      doc: ["An extension opening a URL: `extensionContext.open(url, completionHandler:)` or another call."],
      initDoc: "An `open(url)` call; by default from a Messages extension.",
      propertyDoc: "The `open(url)` call; read when ``event`` is ``Event/open``."),
    Part(
      key: "delivery", type: "Delivery",
      fields: [
        Field(
          key: "handoff", type: .enumeration(type: "Handoff", default: "url"), fact: FactRole(bit: 53),
          doc: [
            "What the system hands the container app (default: a URL, as a Messages redirect does);",
            "a composed decision takes it from the `handoff` of the rule that opened the app.",
          ])
      ],
      doc: ["What the container app was handed when something opened it."],
      initDoc: "A delivery; by default of a URL.",
      propertyDoc: "What the container app was handed; read when ``event`` is ``Event/delivery``."),
    Part(
      key: "widget", type: "Widget",
      fields: [
        Field(
          key: "family", type: .enumeration(type: "Widget.Family", default: "systemSmall"),
          fact: FactRole(bit: 26),
          doc: ["The widget's `WidgetFamily` (default: systemSmall)."]),
        Field(
          key: "element", type: .enumeration(type: "Widget.Element", default: "background"),
          fact: FactRole(bit: 27),
          doc: ["What the tap lands on (default: the background, where the `widgetURL` applies)."]),
        Field(
          key: "url", type: .url,
          doc: [
            "The URL the tapped element carries: a `Link`'s destination, an `OpenURLIntent`'s URL,",
            "otherwise the widget's `widgetURL` (nil: none).",
          ]),
        Field(
          key: "widgetURL", type: .url,
          doc: [
            "The widget's `widgetURL` when the tap lands on a `Link` (`url` is then the Link's",
            "destination): where the Link is ignored, the app receives this one (nil: none).",
          ]),
        Field(
          key: "intentMode", type: .enumeration(type: "Widget.IntentMode", default: "background"),
          fact: FactRole(bit: 28), label: "intent mode",
          doc: ["How a tapped button's or toggle's app intent asks to run (default: in the background)."]),
        Field(
          key: "location", type: .enumeration(type: "Widget.Location", default: "homeScreen"),
          fact: FactRole(bit: 29),
          doc: ["Where the widget is shown, as `WidgetLocation` names it (default: the Home Screen)."]),
        Field(
          key: "multipleWidgetURLs", type: .bool(default: false), fact: FactRole(bit: 57),
          label: "several widgetURLs",
          doc: [
            "The view hierarchy has more than one `widgetURL` modifier, which Apple calls undefined",
            "(W-2); `url` is then the one TapRoute takes as delivered (reports: the last).",
          ]),
        Field(
          key: "configuration", type: .enumeration(type: "Widget.Configuration", default: "static"),
          fact: FactRole(bit: 58),
          doc: [
            "How the widget is configured: `StaticConfiguration` (default), `AppIntentConfiguration` or",
            "`IntentConfiguration` (W-16).",
          ]),
      ],
      doc: ["A tap on a WidgetKit widget: its size, where it is, and what the tap lands on."],
      initDoc: "A widget tap; by default on the background of a small Home Screen widget with no URL.",
      propertyDoc: "The tapped widget; read when ``event`` is ``Event/widget``."),
    Part(
      key: "liveActivity", type: "LiveActivity",
      fields: [
        Field(
          key: "presentation", type: .enumeration(type: "LiveActivity.Presentation", default: "lockScreen"),
          fact: FactRole(bit: 34),
          doc: [
            "The tapped presentation, or StandBy or CarPlay (default: the Lock Screen); on Apple",
            "Watch and the Mac the platform says where.",
          ]),
        Field(
          key: "activityElement", type: .enumeration(type: "Widget.Element", default: "background"),
          fact: FactRole(bit: 35), label: "activity element",
          doc: ["What the tap lands on (default: the background, where the `widgetURL` applies)."]),
        Field(
          key: "url", type: .url,
          doc: [
            "The URL the tapped view carries: a `Link`'s destination, otherwise the `widgetURL` (nil: none)."
          ]),
        Field(
          key: "widgetURL", type: .url,
          doc: [
            "The presentation's `widgetURL` when the tap lands on a `Link` (`url` is then the Link's",
            "destination): where the Link is ignored, the app receives this one (nil: none).",
          ]),
        Field(
          key: "urlSetOn", type: .enumeration(type: "LiveActivity.URLSetOn", default: "both"),
          fact: FactRole(bit: 36), label: "URL set on",
          doc: [
            "Where the `widgetURL` is set: the Lock Screen view and the `DynamicIsland` (default), or",
            "only one of them (L-3, L-4).",
          ]),
        Field(
          key: "opensWatchApp", type: .bool(default: false), fact: FactRole(bit: 37),
          doc: [
            "The watch app declares `Supports Launch for Live Activity Attribute Types`, so a tap in",
            "the Smart Stack opens it (L-7).",
          ]),
        Field(
          key: "touchAndHold", type: .bool(default: false), fact: FactRole(bit: 59), label: "touch and hold",
          doc: ["The person touches and holds the presentation instead of tapping it (L-1)."]),
        Field(
          key: "hasWatchApp", type: .bool(default: false), fact: FactRole(bit: 60), label: "watch app",
          doc: ["The app has a watchOS app (read on Apple Watch, L-7)."]),
        Field(
          key: "pairedPhoneOS",
          type: .enumeration(type: "LiveActivity.PairedPhoneOS", default: "iOS18OrLater"),
          fact: FactRole(bit: 61), label: "paired iPhone OS",
          doc: [
            "On Apple Watch, the iOS of the paired iPhone the Live Activity runs on, on the one line",
            "the sources draw: Live Activities reach the Smart Stack from iOS 18 and watchOS 11 (L-10).",
          ]),
      ],
      doc: ["A tap on a Live Activity: the presentation tapped and where its URLs are set."],
      initDoc: "A Live Activity tap; by default on the Lock Screen presentation's background, with no URL.",
      propertyDoc: "The tapped Live Activity; read when ``event`` is ``Event/liveActivity``."),
    Part(
      key: "control", type: "Control",
      fields: [
        Field(
          key: "controlIntent", type: .enumeration(type: "Control.Intent", default: "appIntent"),
          fact: FactRole(bit: 39), label: "control intent",
          doc: ["The app intent the control performs (default: a button's plain `AppIntent`, C-1)."]),
        Field(
          key: "url", type: .url, doc: ["The URL of the `OpenURLIntent` the intent is or returns (C-4)."]),
        Field(
          key: "intentTargets", type: .enumeration(type: "Control.IntentTargets", default: "appAndExtension"),
          fact: FactRole(bit: 40), label: "intent targets",
          doc: ["The targets the intent belongs to; opening the app needs both (C-2)."]),
        Field(
          key: "authenticationPolicy",
          type: .enumeration(type: "Control.AuthenticationPolicy", default: "alwaysAllowed"),
          fact: FactRole(bit: 41), label: "authentication policy",
          doc: ["The intent's `authenticationPolicy` (C-3)."]),
        Field(
          key: "placement", type: .enumeration(type: "Control.Placement", default: "controlCenter"),
          fact: FactRole(bit: 62),
          doc: [
            "Where the control sits: Control Center (default), the Lock Screen or the Action button (C-1, C-7)."
          ]),
        Field(
          key: "privacySensitive", type: .bool(default: false), fact: FactRole(bit: 32),
          label: "privacy-sensitive",
          doc: [
            "The control's view is marked `privacySensitive()`: its state is redacted while the device is locked (C-3)."
          ]),
      ],
      doc: ["A control (`ControlWidget`) a person uses, and the app intent it performs."],
      initDoc: "A control; by default a button with a plain app intent in both targets, always allowed.",
      propertyDoc: "The control; read when ``event`` is ``Event/control``."),
    Part(
      key: "notification", type: "Notification",
      fields: [
        Field(
          key: "response", type: .enumeration(type: "Notification.Response", default: "defaultAction"),
          fact: FactRole(bit: 44), label: "notification response",
          doc: ["How the person responds (default: a tap on the notification, T-1)."]),
        Field(
          key: "actionOptions", type: .enumeration(type: "Notification.ActionOptions", default: "none"),
          fact: FactRole(bit: 45), label: "action options",
          doc: ["The options of the chosen custom action (read with `customAction`, T-4)."]),
        Field(
          key: "customDismissAction", type: .bool(default: false), fact: FactRole(bit: 46),
          doc: ["The notification's category has the `customDismissAction` option (T-4)."]),
        Field(
          key: "delegateSetAtLaunch", type: .bool(default: true), fact: FactRole(bit: 47),
          label: "delegate set at launch",
          doc: [
            "The app sets `UNUserNotificationCenter`'s delegate before it finishes launching (T-2;",
            "false: later, so a cold launch misses the response that launched it).",
          ]),
        Field(
          key: "url", type: .url,
          doc: [
            "The URL a Notification Content extension passes to `extensionContext?.open(_:)` (read with",
            "`contentExtensionOpenURL`, T-6; nil: none).",
          ]),
        Field(
          key: "interactive", type: .bool(default: true), fact: FactRole(bit: 56),
          doc: [
            "The content extension sets `UNNotificationExtensionUserInteractionEnabled`, so its view",
            "gets touches (iOS 12, T-7; default: true, since a control that opens a URL needs it).",
          ]),
      ],
      doc: ["A person's response to a notification, and how its category is set up."],
      initDoc: "A response; by default a tap on the notification.",
      propertyDoc: "The notification response; read when ``event`` is ``Event/notification``."),
    Part(
      key: "appClip", type: "AppClip",
      fields: [
        Field(
          key: "invokedFrom", type: .enumeration(type: "AppClip.Invocation", default: "qrCode"),
          fact: FactRole(bit: 49), label: "invocation",
          doc: ["Where the App Clip was invoked (A-1; `appSwitcher`: returning to it, A-4)."]),
        Field(
          key: "experience", type: .enumeration(type: "AppClip.Experience", default: "associatedWebsite"),
          fact: FactRole(bit: 50), label: "App Clip experience",
          doc: ["The App Clip experiences the app configured (A-6)."]),
        Field(
          key: "senderInContacts", type: .bool(default: true), fact: FactRole(bit: 51),
          doc: ["For a Messages link: the recipient has the sender as a contact (A-1)."]),
        Field(
          key: "fullAppInstalled", type: .bool(default: false), fact: FactRole(bit: 52),
          doc: ["The full app is installed, so it replaces the App Clip (A-2)."]),
      ],
      doc: ["An App Clip invocation: where it came from and what the device and the app have."],
      initDoc: "An invocation; by default a QR code, the website associated, the full app not installed.",
      propertyDoc: "The App Clip invocation; read when ``event`` is ``Event/appClip``."),
    Part(
      key: "link", type: "Link",
      fields: [
        Field(key: "url", type: .url, doc: ["The link's URL."]),
        Field(
          key: "from", type: .enumeration(type: "Link.Source", default: "messages"), fact: FactRole(bit: 20),
          label: "link source",
          doc: [
            "Where the link is followed (default: the text of a message in Messages); `typed` is typed",
            "or pasted into the address bar, `scriptRedirect` a navigation the user did not start; the",
            "named apps show links in a browser of their own, an SFSafariViewController or the default",
            "browser (IAB-8); `otherBrowser` is a browser other than Safari.",
          ]),
        Field(
          key: "onPage", type: .bool(default: false), fact: FactRole(bit: 67, header: "on page"),
          label: "on a page",
          doc: [
            "The link is tapped on a page the host already shows, to another domain than the page's (a",
            "page in an `SFSafariViewController` or an app's in-app browser; U-33, IAB-9); false",
            "(default): the host opens its browser on the link's URL itself, a link in a post, profile,",
            "bio, story or chat (IAB-8), or the URL an `SFSafariViewController` is created with (U-33).",
          ]),
        Field(
          key: "via", type: .enumeration(type: "Link.Via", default: "direct"), fact: FactRole(bit: 68),
          label: "via",
          doc: [
            "How the tap reaches `url`, the URL it ends on: directly (default), through a server redirect",
            "such as a link shortener (U-32, IAB-17), or through a click-tracking wrapper, as email and",
            "ad platforms and bio-link tools rewrite links (IAB-17). A script navigation is `from`",
            "`scriptRedirect`.",
          ]),
        Field(
          key: "senderKnown", type: .bool(default: true), fact: FactRole(bit: 21),
          doc: ["In Messages: the sender is in Contacts or the user has replied (M-4)."]),
        Field(
          key: "safariChosen", type: .bool(default: false), fact: FactRole(bit: 22),
          doc: ["The user earlier chose to open this domain's universal links in Safari (U-29)."]),
        Field(
          key: "appClip", type: .bool(default: false), fact: FactRole(bit: 23),
          doc: ["An App Clip experience is registered for the URL (A-1)."]),
        Field(
          key: "tapped", type: .enumeration(type: "Link.Tapped", default: "text"), fact: FactRole(bit: 31),
          doc: [
            "What the person taps: the link's text (default), its rich-link preview, or a preview not",
            "loaded yet (\"Tap to Load Preview\", M-3).",
          ]),
        Field(
          key: "aasaOnDevice", type: .enumeration(type: "Link.AASAOnDevice", default: "current"),
          fact: FactRole(bit: 64), label: "AASA file on the device",
          doc: [
            "What the device has of the link's domain's apple-app-site-association file, beside the",
            "file the server serves (`app.aasa`): the current file (default), Apple's CDN copy older",
            "than the server's (IOSN-1 to IOSN-4), or none yet at the app's first launch (IOSN-21, U-36).",
          ]),
        Field(
          key: "associatedDomainsMode",
          type: .enumeration(type: "Link.AssociatedDomainsMode", default: "standard"),
          fact: FactRole(bit: 65), label: "associated domains mode",
          doc: [
            "How the device gets the domain's file: through Apple's CDN (default), in developer mode",
            "(`?mode=developer`, from the server directly, IOSN-6) or in managed mode (`?mode=managed`",
            "with MDM `EnableDirectDownloads`, documented for macOS 11 and later only, IOSN-7).",
          ]),
      ],
      doc: ["A plain link the user follows, and where."],
      initDoc: "A link; by default in the text of a message from a known sender.",
      propertyDoc: "The link followed; read when ``event`` is ``Event/link``."),
    Part(
      key: "android", type: "Android",
      fields: [
        Field(
          key: "packageName", type: .string,
          doc: ["The app's package name (`com.example.app`); nil: unknown."]),
        Field(
          key: "filter", type: .enumeration(type: "Android.Filter", default: "autoVerify"),
          fact: FactRole(bit: 69), label: "intent filter",
          doc: [
            "How the app's intent filters take the URL (default: a filter Android verifies,",
            "`autoVerify`, AND-6 to AND-8).",
          ]),
        Field(
          key: "domainState", type: .enumeration(type: "Android.DomainState", default: "verified"),
          fact: FactRole(bit: 70, header: "state"), label: "domain state",
          doc: [
            "The URL's host's state for the app, as `adb shell pm get-app-links PACKAGE` prints it",
            "(default `verified`, AND-23, AND-24).",
          ]),
        Field(
          key: "allHostsVerified", type: .bool(default: true), fact: FactRole(bit: 71),
          label: "all hosts verified",
          doc: [
            "Every host in the app's verified filters passed verification; Android 11 and lower",
            "verify all hosts or none (AND-9).",
          ]),
        Field(
          key: "userSelected", type: .bool(default: false), fact: FactRole(bit: 72, header: "selected"),
          label: "user selected",
          doc: [
            "The user selected the app for this domain in its settings (\"Open supported links\",",
            "DOMAIN_STATE_SELECTED; AND-27, AND-34).",
          ]),
        Field(
          key: "linkHandlingAllowed", type: .bool(default: true), fact: FactRole(bit: 73),
          label: "link handling allowed",
          doc: [
            "The app may open the links it is verified for: the user's per-app toggle",
            "(`isLinkHandlingAllowed()`, AND-26).",
          ]),
        Field(
          key: "otherApp", type: .enumeration(type: "Android.OtherApp", default: "none"),
          fact: FactRole(bit: 74),
          label: "other app",
          doc: ["Another app that takes the URL (default: none but browsers, AND-2, AND-26)."]),
        Field(
          key: "googleServices", type: .bool(default: true), fact: FactRole(bit: 75),
          label: "Google services",
          doc: ["The device has Google services, which App Links need (AND-5)."]),
        Field(
          key: "dynamicRule", type: .enumeration(type: "Android.DynamicRule", default: "none"),
          fact: FactRole(bit: 76), label: "dynamic rule",
          doc: [
            "The domain's dynamic rule that matches the URL first (`dynamic_app_link_components`,",
            "read on Android 15 with Google services, AND-16, AND-17).",
          ]),
        Field(
          key: "manifest", type: .nested(type: "AndroidManifestText", reader: "androidManifest"),
          doc: [
            "The app's `AndroidManifest.xml`, as text, read as `assetlinks match --manifest` reads it;",
            "when given, `filter` is computed from its intent filters and the link's URL unless stated.",
          ]),
        Field(
          key: "fingerprints", type: .strings,
          doc: [
            "The SHA-256 fingerprints of the certificate the installed app is signed with (the Play",
            "app-signing key for a Play build, AND-14, AND-47); nil: unknown.",
          ]),
        Field(
          key: "assetlinks", type: .nested(type: "AssetLinksFiles", reader: "assetlinks"),
          doc: [
            "The assetlinks.json file each domain serves, as domain -> document; when given, with",
            "`fingerprints`, `domainState`, `allHostsVerified` and `dynamicRule` are computed unless stated.",
          ]),
      ],
      doc: [
        "An Android app's intent filters, its domain's verification state and the device, for a",
        "link followed on Android (`platform` `android`).",
      ],
      initDoc: "An Android app; by default verified for the link's domain, on a device with Google services.",
      propertyDoc: "The Android app and device; read when ``event`` is ``Event/link`` on Android."),
  ]

  /// The facts computed from the URL the event reads (its `Event.url` field: `tap.url` for a
  /// tap, `open.url` for an open).
  static let urlFacts: [URLFact] = [
    URLFact(
      name: "urlClass", bit: 11, computed: "scheme class",
      kind: ".enumeration(URLSchemeClass.allCases.map(\\.rawValue))"),
    URLFact(name: "urlNeedsEncoding", bit: 12, computed: "percent-encoding need", kind: ".bool"),
  ]

  /// The facts computed from the app's configuration and the URL the event reads
  /// (`Facts/Situation+Link.swift`).
  static let computedFacts: [ComputedFact] = [
    ComputedFact(
      name: "schemeOwner", bit: 18, type: "Situation.SchemeOwner", function: "schemeOwner",
      computed: "owner of the scheme", inputs: ["app.urlSchemes"]),
    ComputedFact(
      name: "universalLink", bit: 19, type: "Situation.UniversalLinkVerdict", function: "universalLink",
      computed: "universal-link verdict", inputs: ["app.appID", "app.associatedDomains", "app.aasa"]),
    ComputedFact(
      name: "idnDomain", bit: 66, type: "Situation.IDNDomain", function: "idnDomain",
      computed: "internationalized domain name", inputs: [], unknown: "none"),
    ComputedFact(
      name: "intentURL", bit: 77, type: "Situation.IntentURL", function: "intentURL",
      computed: "intent: URL", inputs: [], unknown: "none"),
    ComputedFact(
      name: "widgetURL", bit: 63, type: "Situation.URLPresence", function: "widgetURLPresence",
      computed: "widgetURL presence", inputs: [], unknown: "none", field: "widgetURL"),
  ]
}
