// What the JSON Schemas and the docs need from the library's Swift types, which the generator
// cannot see (it does not depend on the library): the values of each enumeration a field or
// fact names, and the schema of each nested value (`.nested`). A test holds each list equal
// to its Swift enum's `allCases`, and each value accepted by the strict reader.

extension SituationCatalog {
  /// The JSON values of each enumeration type a field (`.enumeration(type:default:)`), a URL
  /// fact or a nested value names, keyed by the type as the catalog writes it, in the Swift
  /// enum's case order (the order `Fact.Kind` lists and tables index).
  ///
  /// A new enumeration field needs its type's values here; `swift run CatalogGenerator`
  /// refuses to write the schemas and docs without them.
  static let values: [String: [String]] = [
    "Platform": ["iOS", "iPadOS", "macOS", "watchOS", "visionOS"],
    "Tap.Target": ["message", "sticker", "attribution", "notificationPreview"],
    "Tap.Transport": ["iMessage", "sms", "rcs"],
    "Tap.Layout": ["template", "live"],
    "Tap.PresentationContext": ["messages", "media"],
    "Open.ExtensionPoint": [
      "messages", "today", "share", "action", "keyboard", "other", "safariWebExtension", "shieldAction",
    ],
    "Open.Method": ["extensionContext", "applicationOpen", "openURLSelector", "swiftUIOpenURL"],
    "URLSchemeClass": ["none", "unparseable", "noScheme", "emptyScheme", "web", "data", "file", "other"],
    "Redirect.Hook": ["willBecomeActive", "didBecomeActive", "willSelect", "didSelect", "didReceive"],
    "App.Lifecycle": ["appDelegate", "scenes", "swiftUI"],
    "Handoff": [
      "url", "universalLink", "userActivity", "notificationResponse", "shortcutItem", "intent", "nothing",
    ],
    "Widget.Family": [
      "systemSmall", "systemMedium", "systemLarge", "systemExtraLarge", "accessoryCircular",
      "accessoryRectangular",
      "accessoryInline", "accessoryCorner",
    ],
    "Widget.Element": ["background", "link", "button", "toggle"],
    "Widget.IntentMode": [
      "background", "openAppWhenRun", "foreground", "foregroundDeferred", "foregroundDynamic",
      "openURLIntent", "noIntent",
    ],
    "Widget.Configuration": ["static", "appIntent", "intent"],
    "Widget.Location": ["homeScreen", "lockScreen", "standBy", "carPlay", "iPhoneWidgetsOnMac"],
    "LiveActivity.Presentation": [
      "lockScreen", "compactLeading", "compactTrailing", "minimal", "expanded", "standBy", "carPlay",
    ],
    "LiveActivity.URLSetOn": ["both", "dynamicIsland", "lockScreen"],
    "LiveActivity.PairedPhoneOS": ["iOS18OrLater", "beforeIOS18"],
    "Situation.SchemeOwner": ["unknown", "none", "own", "other"],
    "Situation.URLPresence": ["none", "given"],
    "Link.Tapped": ["text", "richPreview", "unloadedPreview"],
    "Link.Source": [
      "messages", "mail", "notes", "safariCrossDomain", "safariSameDomain", "safariViewController", "webView",
      "otherAppOpen", "typed", "scriptRedirect",
    ],
    "Situation.UniversalLinkVerdict": ["unknown", "noMatch", "match", "exclude"],
    "Control.Intent": [
      "appIntent", "openIntent", "openURLIntent", "appIntentOpenAppWhenRun", "setValueIntent",
    ],
    "Control.IntentTargets": ["appAndExtension", "extensionOnly"],
    "Control.Placement": ["controlCenter", "lockScreen", "actionButton"],
    "Control.AuthenticationPolicy": [
      "alwaysAllowed", "requiresAuthentication", "requiresLocalDeviceAuthentication",
    ],
    "Notification.Response": [
      "defaultAction", "customAction", "dismiss", "contentExtensionDefaultAction", "contentExtensionOpenURL",
    ],
    "Notification.ActionOptions": ["none", "authenticationRequired", "foreground"],
    "AppClip.Invocation": [
      "qrCode", "nfcTag", "appClipCode", "safariBanner", "messages", "maps", "otherApp", "appSwitcher",
    ],
    "AppClip.Experience": ["defaultAppClipLinks", "associatedWebsite", "advanced"],
  ]

  /// The JSON Schema of each nested value (`.nested(type:reader:)`), keyed by its type; the
  /// docs list its properties from it. Each property has a `description`, and a `default`
  /// where it has one.
  static var nestedSchemas: [String: SchemaJSON] {
    [
      "Redirect": [
        "type": "object",
        "additionalProperties": false,
        "properties": [
          "hooks": [
            "description": "The callbacks that call `open(url)`, each at most once.",
            "type": "array",
            "uniqueItems": true,
            "items": ["enum": .strings(values["Redirect.Hook"] ?? [])],
            "default": [],
          ],
          "url": urlSchema(description: "The URL the redirect code opens."),
        ],
      ],
      "AASAFiles": [
        "type": "object",
        "additionalProperties": [
          "description":
            "The apple-app-site-association document the domain serves, checked as `aasa check` checks a file.",
          "type": "object",
        ],
        "default": [:],
      ],
    ]
  }
}
