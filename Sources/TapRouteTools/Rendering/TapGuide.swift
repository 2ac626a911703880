@_spi(Generated) import TapRoute

// The DocC article "What a tap does": one section per edge case, each rendered from the
// tables, their fixtures and the evidence registry, so the article says what the engine
// decides and cannot drift from it.

/// Renders the DocC article `WhatATapDoes.md` from a policy set and the engine built on it.
///
/// The front matter and the grouping of rules into sections are written here; everything a
/// section says about a rule comes from the policies: the situation is the first fixture row
/// that names the rule, the outcome is what the engine decides for it, the why is the rule's
/// note, the evidence is the rule's ids with their claims and source links. A rule the grouping
/// does not place still gets a section (per table, in rule order), and a rule without a fixture
/// fails the rendering, so the article covers every rule.
package enum TapGuide {
  /// What `taproute table --format guide` prints for `engine`'s policies.
  package static func article(_ engine: Engine) throws(Failure) -> String {
    var renderer = Renderer(engine: engine)
    var out = frontMatter
    for section in sections {
      out += renderer.section(section)
    }
    out += renderer.unplaced()
    out += closingMatter
    if !renderer.problems.isEmpty { throw Failure(problems: renderer.problems) }
    return out.joined(separator: "\n") + "\n"
  }

  /// Why the article cannot be rendered: rules no fixture names.
  package struct Failure: Error, Sendable {
    package var problems: [String]
  }

  /// A section of the article: a title, a hand-written introduction, and what it shows.
  struct Section: Sendable {
    var title: String
    var introduction: String
    var items: [Item]
  }

  /// What a section shows: a rule (through the first fixture that names it, or the named
  /// fixture when it names the rule, with the rule's note and evidence), or one more fixture
  /// row (its situation and decision only).
  enum Item: Sendable, Hashable {
    case rule(String, fixture: String? = nil)
    case fixture(String)
  }

  /// The refresh command, as the article and its drift test print it.
  package static let command =
    "swift run taproute table Policies --format guide > Sources/TapRoute/TapRoute.docc/WhatATapDoes.md"

  private static let frontMatter: [String] = [
    "# What a tap does",
    "",
    "Every edge case the decision tables know, one section each: the situation, what happens,",
    "why, the evidence with links, and what is contested.",
    "",
    "## Overview",
    "",
    "This article is generated from the decision tables, their fixtures and the evidence registry",
    "by `\(command)`; a test fails when it drifts.",
    "Each rule's situation is a row of `Policies/fixtures.json` that names the rule (the first,",
    "unless the section picks another), written as the situation JSON TapRoute reads; **Assumed**",
    "lists the facts the deciding rules tested that the situation left out, with the defaults",
    "used. The outcome is what the engine decides for it, so the article says what the library",
    "answers. A contested rule lists its evidence against and each other reading.",
    "",
    "Confidence is one of `documented` (Apple says so), `several` (independent reports agree),",
    "`single` (one report), `inferred` (reasoned, not observed) and `contested` (reports disagree:",
    "the rule's note says which reading TapRoute takes and why). The evidence ids are those of",
    "<doc:Evidence>, where every entry lists all its sources. Under each source stand its own",
    "words behind the claim (with an English rendering when they are not English).",
    "",
  ]

  private static let closingMatter: [String] = [
    "## What TapRoute does not know",
    "",
    "No public source describes these situations, and the tables model none of them as a fact of",
    "its own, so they are decided like the situation they most resemble; treat such an answer as",
    "`inferred`: the Messages App Store after iOS 17; apps installed from TestFlight; group",
    "conversations (decided as one-to-one); Focus and Screen Time limits; offloaded apps (their",
    "icon stays, the code is gone).",
    "",
  ]

  /// The sections in reading order: the commonest situations first, then each edge case.
  /// A rule or fixture the policies do not hold is left out, so another policy directory
  /// still renders; the shipped policies' drift test checks that every one exists.
  static let sections: [Section] = [
    Section(
      title: "The plain tap",
      introduction:
        "The app is installed and enabled, the extension is not running, and the user taps a message. A situation that does not give the OS version is decided for the newest one the tables know.",
      items: [
        .rule("tap/launch-ios26", fixture: "n-1 n-25 plain tap: iOS 26 assumed, launches expanded"),
        .rule("tap/launch-ios26-3"), .rule("tap/launch"),
        .fixture("n-26 group conversation: no fact of its own, decided as one-to-one"),
      ]),
    Section(
      title: "The extension is already running",
      introduction:
        "A tap on a message while the extension is active calls the select callbacks, not the launch ones.",
      items: [.rule("tap/running-ios26"), .rule("tap/running")]),
    Section(
      title: "The message that is already selected",
      introduction:
        "Tapping the message that is already selected, including the one the user just sent, calls no select callback.",
      items: [
        .rule("tap/already-selected"),
        .fixture("d-5 already selected but not running: a launch like any other"),
      ]),
    Section(
      title: "After swiping to another iMessage app",
      introduction: "A swipe through the app drawer changes what the next tap on a message calls.",
      items: [.rule("tap/after-drawer-swipe-ios26"), .rule("tap/after-drawer-swipe")]),
    Section(
      title: "The second-tap trap: where redirect code must live",
      introduction:
        "An extension that calls open(url) to bring up its container app ends itself; the next tap launches it again. Which callback holds the redirect decides whether a tap redirects at all. These situations give the redirect as tap.redirect: the hooks whose code calls open(url), and the URL.",
      items: [
        .rule("open/messages-any-scheme"),
        .fixture("s004-10 second tap: relaunched, didSelect never fires"),
        .fixture("s004-10 redirect in willSelect, not running: extension stays"),
        .fixture("s004-11 workaround: willBecomeActive redirect opens the container"),
        .fixture("d-4 willBecomeActive redirect while running: not called, extension stays"),
        .fixture("f-8 both hooks, running: container"),
        .fixture("n-17 redirect only in didReceive: a tap never calls it"),
        .fixture("n-17 redirect in willBecomeActive, didSelect and didReceive, running: container"),
      ]),
    Section(
      title: "Redirecting to an https URL",
      introduction: "An extension's open(url) with a web URL.",
      items: [
        .rule("open/messages-web-url"),
        .fixture("f-3 n-6 redirect to an https URL: contested, nothing opens"),
      ]),
    Section(
      title: "A redirect URL the app cannot build",
      introduction:
        "Whether URL(string:) accepts text with a space or an accent depends on the SDK the app is built with; a URL without a scheme opens nothing.",
      items: [
        .rule("open/url-rejected-by-sdk"), .rule("open/messages-encoded-url"),
        .fixture("n-8 redirect URL with a space, SDK 16: the extension stays"),
        .fixture("n-8 redirect URL with a space, SDK 17: container"),
        .rule("open/url-rejected-by-os"),
        .rule("open/messages-no-url"), .rule("open/messages-no-scheme"),
        .fixture("s004-6 redirect URL without scheme: extension stays"),
      ]),
    Section(
      title: "iMessage-only apps cannot open anything",
      introduction: "An iMessage app without a container app has nothing its open(url) may open.",
      items: [
        .rule("open/messages-no-parent-app"),
        .fixture("d-1 iMessage-only app redirects: nothing opens, extension stays"),
      ]),
    Section(
      title: "Live layouts",
      introduction:
        "A message with a live layout (MSMessageLiveLayout) shows the extension's own view in the transcript.",
      items: [
        .rule("tap/live-layout-in-transcript"),
        .fixture("n-4 live layout, running, didSelect redirect: never runs"),
        .fixture("d-6 live layout on iOS 10.3: alternate layout, the extension launches"),
        .fixture("n-21 live layout, app not installed: alternate layout, product page"),
      ]),
    Section(
      title: "The media context: Stickers app, camera, FaceTime",
      introduction:
        "An extension can run outside a conversation, in the media presentation context.",
      items: [
        .rule("tap/running-media-context"),
        .fixture("n-4 media context, not running: a launch like any other"),
      ]),
    Section(
      title: "The app is not installed",
      introduction:
        "A recipient without the app is sent to the App Store; where depends on whether the app is published.",
      items: [
        .rule("tap/message-not-installed-unpublished-web-url"),
        .rule("tap/message-not-installed-unpublished"),
        .rule("tap/attribution-not-installed-unpublished"), .rule("tap/attribution-not-installed"),
        .rule("tap/message-not-installed-web-url"), .rule("tap/message-not-installed"),
      ]),
    Section(
      title: "Installed but not enabled",
      introduction: "The app is on the device but switched off in Messages.",
      items: [.rule("tap/not-enabled")]),
    Section(
      title: "Stickers and attributions",
      introduction:
        "A tap on a sticker, or on the app attribution shown under a message or sticker, rather than on the message.",
      items: [.rule("tap/sticker-tap"), .rule("tap/attribution-installed")]),
    Section(
      title: "Expired messages",
      introduction: "A message sent with shouldExpire that the recipient did not keep.",
      items: [.rule("tap/expired-message")]),
    Section(
      title: "Notification previews",
      introduction: "The message's content shown in a notification rather than in the transcript.",
      items: [.rule("tap/notification-preview")]),
    Section(
      title: "Mac, Apple Watch and Vision Pro",
      introduction:
        "No iMessage app extension runs on these devices; at most the message's URL opens in a browser.",
      items: [
        .rule("tap/watchos-view-only"), .rule("tap/fallback-url-rejected-by-sdk"),
        .rule("tap/visionos-web-url"),
        .rule("tap/visionos-other"), .rule("tap/macos-sticker"), .rule("tap/macos-attribution"),
        .rule("tap/macos-web-url"), .rule("tap/macos-file-url"), .rule("tap/macos-custom-scheme"),
        .rule("tap/macos-no-url"), .rule("tap/macos-before-sierra-web-url"),
        .rule("tap/macos-before-sierra-other"), .rule("open/not-ios"), .rule("open/macos-today"),
        .rule("open/macos-other"),
      ]),
    Section(
      title: "iOS 9 and earlier",
      introduction: "Before iOS 10 there are no iMessage apps: the recipient gets plain text.",
      items: [
        .rule("tap/before-ios10-sticker"), .rule("tap/before-ios10-attribution"),
        .rule("tap/before-ios10-url-rejected-by-sdk"), .rule("tap/before-ios10-web-url"),
        .rule("tap/before-ios10-other"), .rule("open/before-extensions"), .rule("open/messages-before-ios10"),
      ]),
    Section(
      title: "SMS and RCS recipients",
      introduction: "A recipient reached over SMS or RCS rather than iMessage.",
      items: [
        .rule("tap/sms-rcs-url-rejected-by-sdk"), .rule("tap/sms-rcs-web-url"), .rule("tap/sms-rcs-other"),
      ]),
    Section(
      title: "open(url) from other extensions",
      introduction: "Today widgets may open URLs; share, action and keyboard extensions may not.",
      items: [
        .rule("open/today-no-parent-app"), .rule("open/today-no-scheme"), .rule("open/today-own-scheme"),
        .rule("open/today-own-scheme-encoded-url"), .rule("open/today-ios8-9"),
        .rule("open/today"), .rule("open/today-encoded-url"), .rule("open/unsupported-extension-point"),
      ]),
    Section(
      title: "Share, action and keyboard extensions opening their app another way",
      introduction:
        "extensionContext.open is for Today and iMessage only, so these extensions reach UIApplication through the responder chain, perform the deprecated openURL: selector, or use SwiftUI's Link or openURL (open.method). iOS 18 ended the selector; a keyboard on iOS 26 needs Full Access (open.fullAccess). Safari web and ShieldAction extensions have no way at all.",
      items: [
        .rule("open/responder-chain-before-ios18"), .rule("open/responder-chain-open"),
        .rule("open/open-url-selector-ios18"), .rule("open/swiftui-open-url"),
        .rule("open/keyboard-swiftui-link"),
        .rule("open/keyboard-application-open-ios18"), .rule("open/keyboard-ios26-no-full-access"),
        .rule("open/keyboard-ios26-full-access"), .rule("open/extension-no-url"),
        .rule("open/safari-web-extension"),
        .rule("open/shield-action"),
      ]),
    Section(
      title: "Delivery into a scene-based app",
      introduction:
        "Once something opens the container app (a Messages redirect, a widget, a notification, a quick action), the delivery table says which of the app's callbacks receive what it was handed. A scene-based app (iOS 13 and later) finds a cold launch's URL, activity, response or quick action in the connectionOptions of scene(_:willConnectTo:options:); the scene delegate's other callbacks fire only for a running app.",
      items: [
        .rule(
          "delivery/scenes-url-cold",
          fixture:
            "u-44 Messages redirect URL into a cold scene-based container: connectionOptions.urlContexts"),
        .rule("delivery/scenes-url-running"), .rule("delivery/scenes-universal-link-cold"),
        .rule("delivery/scenes-universal-link-running"), .rule("delivery/scenes-user-activity-cold"),
        .rule("delivery/scenes-user-activity-running"), .rule("delivery/scenes-notification-cold"),
        .rule("delivery/scenes-shortcut-cold"), .rule("delivery/scenes-shortcut-running"),
        .rule("delivery/nothing-handed-cold-scenes"),
      ]),
    Section(
      title: "Delivery into an app-delegate app",
      introduction:
        "Without scenes, or on iOS 12 before them, the app delegate receives everything: on a cold launch its launch options first. Its URL callback is deprecated in iOS 26, and an app built with the SDK after iOS 26 must adopt scenes to launch at all.",
      items: [
        .rule("delivery/app-delegate-url-cold-before-ios9"),
        .rule("delivery/app-delegate-url-running-before-ios9"),
        .rule("delivery/app-delegate-url-cold"), .rule("delivery/app-delegate-url-running"),
        .fixture("u-44 scenes on iOS 12: no scenes yet, the app delegate receives the URL"),
        .rule("delivery/app-delegate-universal-link-cold"),
        .rule("delivery/app-delegate-universal-link-running"),
        .rule("delivery/app-delegate-user-activity-cold"),
        .rule("delivery/app-delegate-user-activity-running"),
        .rule("delivery/app-delegate-notification-cold"), .rule("delivery/app-delegate-shortcut-cold"),
        .rule("delivery/app-delegate-shortcut-running"), .rule("delivery/nothing-handed-cold-app-delegate"),
        .rule("delivery/app-delegate-next-sdk"),
        .fixture("u-75 app delegate built with the iOS 26 SDK, on iOS 27: still launches"),
      ]),
    Section(
      title: "Delivery into a SwiftUI app",
      introduction:
        "The SwiftUI App life cycle (iOS 14 and later) hands URLs and universal links to onOpenURL and other activities to onContinueUserActivity; notifications and quick actions still need UIKit delegates the app installs itself.",
      items: [
        .rule("delivery/swiftui-url"), .rule("delivery/swiftui-universal-link-cold"),
        .rule("delivery/swiftui-user-activity"), .rule("delivery/swiftui-notification-cold"),
        .rule("delivery/swiftui-shortcut-cold"), .rule("delivery/swiftui-shortcut-running"),
        .rule("delivery/nothing-handed-cold-swiftui"), .rule("delivery/macos-swiftui-url"),
        .rule("delivery/macos-url"), .rule("delivery/macos-other"),
        .rule("delivery/watchos-swiftui-url"), .rule("delivery/watchos-other"),
        .rule("delivery/swiftui-before-ios14"),
      ]),
    Section(
      title: "Delivery whatever the life cycle",
      introduction:
        "A notification response to a running app, an app intent and an app brought forward with nothing are delivered alike under every life cycle; an iMessage-only app has no container app to deliver to.",
      items: [
        .rule(
          "delivery/notification-running",
          fixture: "t-1 notification default tap, running app-delegate app: didReceive"),
        .rule("delivery/intent"), .rule("delivery/nothing-handed-running"),
        .rule("delivery/no-container-app"),
      ]),
    Section(
      title: "Widgets: what a tap opens and what the app is handed",
      introduction:
        "A tap on a WidgetKit widget opens its containing app: with the widgetURL or the tapped Link's URL, or a user activity naming the widget when there is none. A Link works only in the families that have room for more than one target, and in systemSmall the reports disagree.",
      items: [
        .rule("widget/multiple-widget-urls"), .rule("widget/no-url-configurable"),
        .rule("widget/no-url"), .rule("widget/own-scheme"), .rule("widget/custom-scheme"),
        .rule("widget/web-url"),
        .rule("widget/other-url"),
        .rule("widget/link-small-widget-url"), .rule("widget/link-small"),
        .rule("widget/link-small-before-ios17-widget-url"), .rule("widget/link-small-before-ios17"),
        .rule("widget/link-single-target-family-widget-url"), .rule("widget/link-single-target-family"),
      ]),
    Section(
      title: "Widgets: buttons and toggles",
      introduction:
        "From iOS 17 and macOS 14 a button or toggle runs its app intent without opening the app, unless the intent asks to come to the foreground; before that, and where a family has no interactive controls, the tap is a tap on the widget.",
      items: [
        .rule("widget/control"), .rule("widget/button-without-intent-no-url"),
        .rule("widget/button-without-intent"),
        .rule("widget/control-locked"), .rule("widget/open-app-when-run"),
        .rule("widget/foreground-mode"), .rule("widget/dynamic-mode"), .rule("widget/modes-before-26"),
        .rule("widget/open-url-intent-ios18-0"), .rule("widget/open-url-intent"),
        .rule("widget/open-url-intent-unknown"), .rule("widget/open-url-intent-custom-scheme"),
        .rule("widget/control-before-ios17"), .rule("widget/control-before-ios17-no-url"),
        .rule("widget/control-before-macos14"), .rule("widget/control-before-macos14-no-url"),
        .rule("widget/control-single-target-family"), .rule("widget/control-single-target-family-no-url"),
        .rule("widget/control-watchos-visionos"), .rule("widget/control-watchos-visionos-no-url"),
      ]),
    Section(
      title: "Before widgets and Live Activities",
      introduction:
        "WidgetKit arrives in iOS 14, macOS 11, watchOS 9 and visionOS 26; Live Activities in iOS 16.1 and the Apple Watch Smart Stack in watchOS 11. Before them there is nothing to tap.",
      items: [
        .rule("widget/before-widgetkit-ios"), .rule("widget/before-widgetkit-macos"),
        .rule("widget/before-widgetkit-watchos"), .rule("widget/before-widgetkit-visionos"),
        .rule("liveActivity/before-live-activities"), .rule("liveActivity/watch-before-11"),
        .rule("liveActivity/visionos"),
      ]),
    Section(
      title: "Widgets in StandBy, CarPlay and on the Mac",
      introduction:
        "StandBy and CarPlay show small widgets; CarPlay opens only an app that integrates with it. An iPhone widget on the Mac runs its buttons on the iPhone.",
      items: [
        .fixture("w-11 StandBy, no URL: the app opens (after the arrow)"), .rule("widget/carplay"),
        .rule("widget/carplay-not-integrated"), .rule("widget/carplay-control"),
        .rule("widget/mac-control"), .rule("widget/mac-control-opens-app"), .rule("widget/mac-open"),
      ]),
    Section(
      title: "Live Activities",
      introduction:
        "A tap on a Live Activity opens its app with the URL of the tapped presentation, or a user activity when it has none. Whether a URL set on the Dynamic Island reaches the Lock Screen, and the reverse, is contested. Buttons and toggles live in the Lock Screen and expanded presentations.",
      items: [
        .rule("liveActivity/no-url"), .rule("liveActivity/url"), .rule("liveActivity/own-scheme"),
        .rule("liveActivity/custom-scheme"), .rule("liveActivity/lock-screen-island-url"),
        .rule("liveActivity/island-lock-screen-url"), .rule("liveActivity/link-ignored-widget-url"),
        .rule("liveActivity/link-ignored"),
        .rule("liveActivity/control"), .rule("liveActivity/control-locked"),
        .rule("liveActivity/watch-phone-before-18"), .rule("liveActivity/watch-app-no-opt-in"),
        .rule("liveActivity/touch-and-hold"),
        .rule("liveActivity/standby"),
        .rule("liveActivity/carplay-before-26"), .rule("liveActivity/carplay-not-integrated"),
        .rule("liveActivity/carplay-control"), .rule("liveActivity/watch"),
        .rule("liveActivity/watch-app"),
        .rule("liveActivity/mac"),
      ]),
    Section(
      title: "Controls: Control Center, the Lock Screen and the Action button",
      introduction:
        "A control (iOS 18) performs an app intent: an OpenIntent opens the app, other intents run without it coming forward.",
      items: [
        .rule("control/no-controls-visionos"), .rule("control/before-controls"),
        .rule("control/before-controls-mac-watch"), .rule("control/open-intent-extension-only"),
        .rule("control/action-button-open-intent"), .rule("control/lock-screen-open-intent"),
        .rule("control/open-intent"), .rule("control/open-url-no-url"),
        .rule("control/open-url-universal-link-ios18-0"), .rule("control/open-url-universal-link"),
        .rule("control/open-url-own-scheme"), .rule("control/open-url-other-scheme"),
        .rule("control/open-url-custom-scheme"), .rule("control/open-app-when-run"),
        .rule("control/requires-authentication-locked"), .rule("control/privacy-sensitive-locked"),
        .rule("control/action-button"),
        .rule("control/app-intent"),
        .rule("control/set-value-intent"),
      ]),
    Section(
      title: "Notifications: a tap, an action, a dismissal",
      introduction:
        "How a person's response to a notification reaches the app, and when it opens.",
      items: [
        .rule("notification/before-user-notifications"),
        .rule("notification/content-extension-default-unavailable"),
        .rule("notification/content-extension-open-url-before-12"),
        .rule("notification/content-extension-not-interactive"),
        .rule("notification/content-extension-open-url-own-scheme"),
        .rule("notification/content-extension-open-url-other-scheme"),
        .rule("notification/content-extension-open-url"), .rule("notification/dismiss-not-delivered"),
        .rule("notification/delegate-set-late-cold-foreground-scenes"),
        .rule("notification/delegate-set-late-cold-foreground"),
        .rule("notification/delegate-set-late-cold-foreground-action-scenes"),
        .rule("notification/delegate-set-late-cold-foreground-action"),
        .rule("notification/delegate-set-late-cold-background"),
        .rule("notification/custom-action-foreground"),
        .rule("notification/custom-action-authentication-required"), .rule("notification/custom-action"),
        .rule("notification/dismiss"), .rule("notification/content-extension-default-action"),
        .rule("notification/default-action"),
      ]),
    Section(
      title: "App Clips: where the invocation comes from",
      introduction:
        "An App Clip invoked from a code, a tag, Safari, Messages, Maps or another app, with or without the full app installed.",
      items: [
        .rule("appClip/not-ios"), .rule("appClip/before-app-clips-banner-installed"),
        .rule("appClip/before-app-clips-banner"), .rule("appClip/before-app-clips"),
        .rule("appClip/return-full-app"), .rule("appClip/return-without-url"),
        .rule("appClip/banner-not-associated"), .rule("appClip/code-or-maps-needs-advanced"),
        .rule("appClip/messages-unknown-sender"), .rule("appClip/full-app"),
        .rule("appClip/messages-not-associated"), .rule("appClip/qr-nfc-default-link-before-16-4"),
        .rule("appClip/other-app-before-17"), .rule("appClip/app-clip"),
      ]),
    Section(
      title: "A plain link followed",
      introduction:
        "A link in a message's text, Mail, Notes, Safari or another app: a universal link, the app's own scheme or another's.",
      items: [
        .rule("link/other-platform"), .rule("link/no-link"), .rule("link/messages-unknown-sender"),
        .rule("link/messages-unloaded-preview"),
        .rule("link/own-scheme"), .rule("link/own-scheme-not-installed"), .rule("link/other-scheme"),
        .rule("link/typed"), .rule("link/script-redirect"), .rule("link/safari-same-domain"),
        .rule("link/safari-view-controller"), .rule("link/app-clip"), .rule("link/not-installed"),
        .rule("link/safari-chosen"), .rule("link/web-view"), .rule("link/universal-link-rich-preview"),
        .rule("link/universal-link"),
        .rule("link/universal-link-unknown"), .rule("link/no-universal-link"),
      ]),
  ]

  // MARK: - Rendering

  private struct Renderer {
    let engine: Engine
    var problems: [String] = []
    var placed: Set<String> = []

    init(engine: Engine) {
      self.engine = engine
    }

    var policies: PolicySet { engine.policies }

    /// Every `table/rule` of the policies, in table order then rule order.
    var allRules: [(table: DecisionTable, rule: Rule)] {
      TableDocument.ordered(policies.tables).flatMap { table in table.rules.map { (table, $0) } }
    }

    mutating func section(_ section: Section) -> [String] {
      var body: [String] = []
      for item in section.items {
        switch item {
        case .rule(let reference, let name):
          guard let (table, rule) = lookup(reference), !placed.contains(reference) else { continue }
          placed.insert(reference)
          body += ruleBlock(table, rule, fixture: name)
        case .fixture(let name):
          guard let fixture = policies.fixtures.first(where: { $0.name == name }) else { continue }
          body += fixtureBlock(fixture)
        }
      }
      guard !body.isEmpty else { return [] }
      return ["## \(section.title)", "", TableDocument.text(section.introduction), ""] + body
    }

    /// Sections for the rules no hand-written section places, one per table.
    mutating func unplaced() -> [String] {
      var out: [String] = []
      for table in TableDocument.ordered(policies.tables) {
        let rest = table.rules.filter { !placed.contains(table.name + "/" + $0.id) }
        guard !rest.isEmpty else { continue }
        out += [
          "## Other rules of the \(table.name) table", "",
          "Rules of `\(table.file)` that no section above groups, in rule order.", "",
        ]
        for rule in rest {
          placed.insert(table.name + "/" + rule.id)
          out += ruleBlock(table, rule)
        }
      }
      return out
    }

    func lookup(_ reference: String) -> (DecisionTable, Rule)? {
      let parts = reference.split(separator: "/", maxSplits: 1).map(String.init)
      guard parts.count == 2, let table = policies.tables.first(where: { $0.name == parts[0] }),
        let rule = table.rules.first(where: { $0.id == parts[1] })
      else { return nil }
      return (table, rule)
    }

    mutating func ruleBlock(_ table: DecisionTable, _ rule: Rule, fixture name: String? = nil) -> [String] {
      let reference = table.name + "/" + rule.id
      let naming = policies.fixtures.filter { $0.expected.rule == reference }
      guard let fixture = naming.first(where: { $0.name == name }) ?? naming.first else {
        problems.append(
          "rule \(reference) has no fixture, so the article has no situation for it; add a row to \(policies.fixturesFile) (taproute test --coverage lists such rules)"
        )
        return []
      }
      let readings = rule.alternatives.map {
        Decision(
          outcome: $0.then.outcome, callbacks: $0.then.callbacks, presentation: $0.then.presentation,
          rule: reference, evidence: $0.evidence, notes: $0.note.map { [$0] } ?? [],
          delivery: $0.then.delivery)
      }
      var out = fixtureBlock(fixture, why: rule.note, readings: readings)
      out += supportList(rule)
      out += evidenceList("Evidence", rule.evidence)
      if !rule.against.isEmpty {
        out += evidenceList("Evidence against", rule.against)
      }
      let shown = Set(rule.evidence + rule.against)
      var other: [String] = []
      for id in rule.alternatives.flatMap(\.evidence) where !shown.contains(id) && !other.contains(id) {
        other.append(id)
      }
      out += evidenceList("Evidence for the other reading", other)
      if rule.confidence == .contested && rule.alternatives.isEmpty {
        out += [
          "**Contested** The sources disagree; the note above says which reading the rule takes and why.",
          "",
        ]
      }
      return out
    }

    /// The fixture's name as a heading, its situation, what the engine decides for it, and why:
    /// `why` (the rule's note) when given, then the decision's other notes; then the other
    /// readings of a contested decision, or `readings` (the rule's own) when it lists none.
    func fixtureBlock(_ fixture: Fixture, why: String? = nil, readings: [Decision] = []) -> [String] {
      let decision = engine.decide(fixture.situation)
      var out = [
        "### " + TableDocument.text(title(fixture)), "",
        "**Situation** " + code(fixture.situation.minimalJSON), "",
      ]
      if !decision.assumed.isEmpty {
        out += [
          "**Assumed** (not given, so the default): "
            + decision.assumed.map { "\(code($0.fact.rawValue)) \(TableDocument.text($0.value.description))" }
            .joined(separator: ", ") + ".",
          "",
        ]
      }
      out += ["**Outcome** " + outcomeLine(decision), ""]
      if let steps = decision.steps {
        let listed = steps.enumerated().map { i, step in
          let what = step.trigger.map { "`open(url)` in \(code($0.rawValue))" } ?? "the tap"
          return "\(i + 1). \(what): \(code(step.outcome.rawValue)) by \(code(step.rule ?? "no rule"))"
        }
        out += ["**Steps**", ""] + listed + [""]
      }
      let notes = (why.map { [$0] } ?? []) + decision.notes.filter { $0 != why }
      if !notes.isEmpty {
        out += ["**Why** " + notes.map(sentence).joined(separator: " "), ""]
      }
      let alternatives = decision.alternatives ?? readings
      if !alternatives.isEmpty {
        out += ["**Contested** The other reading" + (alternatives.count == 1 ? ":" : "s:"), ""]
        out += alternatives.map { "- " + readingLine($0) }
        out.append("")
      }
      return out
    }

    /// `extensionLaunch`, presented `expanded`; callbacks ...; rule `tap/launch` (documented).
    func outcomeLine(_ decision: Decision) -> String {
      var line = what(decision)
      if let url = decision.url {
        line += "; URL " + code(url)
      }
      line += ". Rule " + code(decision.rule ?? "none")
      if let confidence = decision.confidence {
        line += " (\(confidence.rawValue))"
      }
      return line + "."
    }

    /// The outcome, its phrase, and the extension's presentation and callbacks: its own for a
    /// launch, those before `open(url)` for a redirect.
    func what(_ decision: Decision) -> String {
      var line = code(decision.outcome.rawValue) + ": " + phrase(decision.outcome)
      let callbacks = decision.callbacks.map {
        $0.isEmpty ? "no callback fires" : "callbacks " + $0.map { code($0.rawValue) }.joined(separator: ", ")
      }
      if decision.outcome == .extensionLaunch {
        if let presentation = decision.presentation { line += ", presented " + code(presentation.rawValue) }
        if let callbacks { line += "; " + callbacks }
      } else if decision.presentation != nil || callbacks != nil {
        line += ", after the extension"
        if let presentation = decision.presentation { line += " is presented " + code(presentation.rawValue) }
        if let callbacks { line += " (" + callbacks + ")" }
      }
      if let delivered = deliveryPhrase(decision.delivery) {
        line += "; " + delivered
      }
      return line
    }

    /// The container app's callbacks and what they receive, for a decision that names them:
    /// "app callbacks `scene(_:willConnectTo:options:)` receive `url`, the URL in ...".
    func deliveryPhrase(_ delivery: AppDelivery?) -> String? {
      guard let delivery, let callbacks = delivery.appCallbacks else { return nil }
      guard !callbacks.isEmpty else { return "no app callback receives anything" }
      var phrase = "app callbacks " + callbacks.map { code($0.rawValue) }.joined(separator: ", ")
      if let delivers = delivery.delivers {
        phrase += delivers == .nothing ? " (with nothing to read)" : " receive " + code(delivers.rawValue)
      }
      if let type = delivery.activityType { phrase += " of type " + code(type) }
      if let location = delivery.urlLocation { phrase += ", the URL in " + code(location) }
      return phrase
    }

    /// `browser`: a web browser loads the URL; rule `tap/x`, evidence D-2, N-5: note.
    func readingLine(_ alternative: Decision) -> String {
      var line = what(alternative)
      line += "; rule " + code(alternative.rule ?? "none")
      if !alternative.evidence.isEmpty {
        line += ", evidence " + alternative.evidence.joined(separator: ", ")
      }
      let notes = alternative.notes.map(sentence).joined(separator: " ")
      return line + (notes.isEmpty ? "." : ". " + notes)
    }

    /// `**Support**` and one item per field the rule states, then its note: the evidence and
    /// confidence behind it, an inferred field's reasoning, and each cited entry's supporting
    /// words.
    func supportList(_ rule: Rule) -> [String] {
      let fields = rule.support + (rule.noteSupport(policies.evidence(_:)).map { [$0] } ?? [])
      guard !rule.support.isEmpty else { return [] }
      var out = ["**Support**", ""]
      for field in fields {
        let ids = field.evidence.isEmpty ? "no evidence" : field.evidence.joined(separator: ", ")
        let value = rule.then.value(of: field.field).map { " " + code($0) } ?? ""
        var line = "- \(code(field.field))\(value): \(ids) (\(field.confidence.rawValue))"
        if let reasoning = field.reasoning { line += ". " + TableDocument.text(reasoning) }
        out.append(line)
        for id in field.evidence {
          guard let words = policies.evidence(id).flatMap(DecisionText.supportingWords) else { continue }
          out.append("  - \(id): " + TableDocument.said(words))
        }
      }
      return out + [""]
    }

    /// `**Evidence**` and one item per id: the claim, then each source as a link (or its title
    /// and seed file), its kind and date. <doc:Evidence> has the sources' notes.
    func evidenceList(_ label: String, _ ids: [String]) -> [String] {
      guard !ids.isEmpty else { return [] }
      var out = ["**\(label)**", ""]
      for id in ids {
        guard let entry = policies.evidence(id) else {
          out.append("- \(id)")
          continue
        }
        out.append("- \(id) (\(entry.confidence.rawValue)): " + TableDocument.text(entry.claim))
        for item in entry.sources {
          out.append("  - " + source(item))
          out += TableDocument.quoteLines(item).map { "    " + $0 }
        }
      }
      return out + [""]
    }

    /// `[title](url) (Apple documentation, 2026)` or `title, `seeds/...` (Seed document, 2016)`.
    func source(_ source: EvidenceEntry.Source) -> String {
      var line =
        source.url.map { "[\(TableDocument.text(source.title))](\(TableDocument.destination($0)))" }
        ?? TableDocument.text(source.title)
      if let file = source.file { line += ", " + code(file) }
      return line + " (\(TableDocument.kindName(source.kind)), \(source.date ?? "undated"))"
    }

    /// The fixture's name without its leading evidence ids (`s004-10 first tap` -> `First tap`),
    /// capitalized unless its first word has capitals of its own (`iOS 26 ...`).
    func title(_ fixture: Fixture) -> String {
      var words = fixture.name.split(separator: " ", omittingEmptySubsequences: false)
      while words.count > 1, let first = words.first, policies.evidence(first.uppercased()) != nil {
        words.removeFirst()
      }
      let rest = words.joined(separator: " ")
      guard let first = words.first, !first.contains(where: \.isUppercase) else { return rest }
      return rest.prefix(1).uppercased() + rest.dropFirst()
    }
  }

  /// What an outcome means, in a few words.
  static func phrase(_ outcome: Outcome) -> String {
    switch outcome {
    case .storeFront: "the App Store opens on its front page"
    case .storeProductPage: "the App Store opens on the app's product page"
    case .manageApps: "Messages opens its app-management page"
    case .extensionLaunch: "Messages launches the iMessage app's extension"
    case .containerLaunch: "the container app opens"
    case .otherAppLaunch: "another app opens"
    case .browser: "a web browser loads the URL"
    case .transcriptView: "the live message's own view in the transcript gets the tap"
    case .nothing: "nothing opens"
    case .intentRun: "an app intent runs without bringing the app forward"
    case .appClipLaunch: "an App Clip opens"
    case .backgroundLaunch: "the container app runs in the background without coming forward"
    case .expandsInPlace: "the Live Activity grows in place and nothing opens"
    case .offersToOpenOnPhone: "Apple Watch shows the Live Activity with a button to open the app on iPhone"
    case .undecided: "no rule decides"
    }
  }

  /// A note as a Markdown sentence: escaped, capitalized, ending in a full stop.
  static func sentence(_ note: String) -> String {
    var text = TableDocument.text(note)
    if let first = text.first, first.isLowercase {
      text = first.uppercased() + text.dropFirst()
    }
    if let last = text.last, !".!?".contains(last) {
      text += "."
    }
    return text
  }

  /// Inline code, with a longer fence when the text holds a backtick.
  static func code(_ text: String) -> String {
    text.contains("`") ? "`` " + text + " ``" : "`" + text + "`"
  }
}
