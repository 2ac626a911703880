import TapRoute

typealias Callback = Situation.Callback
typealias ExtensionPoint = Situation.Open.ExtensionPoint

/// The tap and open semantics of the shipped policies, written by hand as nested `switch`
/// and `if` statements: what a developer would write instead of using TapRoute.
///
/// It serves twice: as the baseline the benchmark compares `Engine.decide` against, and as
/// a differential oracle in the tests (engine and switch must agree across the fact
/// space). It is written from DOMAIN.md, not generated from the tables, so a table edit that
/// changes behaviour shows up as a disagreement to look at.
public enum ReferenceSwitch {
  /// The part of a decision the switch computes.
  public struct Result: Sendable, Hashable {
    /// What the tap or `open(url)` does.
    public var outcome: Outcome
    /// The extension's callbacks in order, for a launch.
    public var callbacks: [Situation.Callback]?
    /// How the extension presents, for a launch.
    public var presentation: Presentation?
    /// The container app's callbacks in order, for a delivery; nil where the switch does not
    /// compute them.
    public var appCallbacks: [AppCallback]?

    /// A result from its parts, in the order a switch case writes them.
    public init(
      _ outcome: Outcome, _ callbacks: [Situation.Callback]? = nil, _ presentation: Presentation? = nil,
      appCallbacks: [AppCallback]? = nil
    ) {
      self.outcome = outcome
      self.callbacks = callbacks
      self.presentation = presentation
      self.appCallbacks = appCallbacks
    }
  }

  static let launchCallbacks: [Callback] = [
    .viewDidLoad, .willBecomeActive, .didBecomeActive, .viewWillAppear, .viewDidAppear,
  ]
  /// A launch as the iOS 26.3 trace shows it: the expansion follows didBecomeActive.
  static let tracedLaunchCallbacks: [Callback] = [
    .viewDidLoad, .willBecomeActive, .didBecomeActive, .willTransition, .didTransition, .viewWillAppear,
    .viewDidAppear,
  ]
  static let selectCallbacks: [Callback] = [.willSelect, .didSelect, .willTransition, .didTransition]
  static let none: [Callback] = []

  /// Whether the switch decides `event`: it covers the Messages tables (`tap`, `open`), a plain
  /// link followed (`link`) and the delivery into the container app (`delivery`), and answers
  /// `undecided` for any other event.
  public static func covers(_ event: Situation.Event) -> Bool {
    event == .tap || event == .open || event == .link || event == .delivery
  }

  /// Decides a situation; `newest` (26 when nil) stands in for a missing OS or SDK version.
  public static func decide(_ s: Situation, newest: OSVersion? = nil) -> Result {
    // `OSVersion(clamping:)` is package API, which the benchmark package that also builds
    // this file cannot see; 26 is in range, so `try?` never yields nil here.
    guard let fallback = newest ?? (try? OSVersion(26)) else { return Result(.undecided) }
    let version = s.osVersion ?? fallback
    let sdk = s.app.sdkVersion ?? fallback
    switch s.event {
    case .open:
      var opened = open(s, version: version, sdk: sdk, url: s.open.url, point: s.open.extensionPoint)
      if opened.outcome == .containerLaunch {
        // The container app is handed the URL (open.json's `handoff`): its delivery follows.
        opened.appCallbacks = delivery(s, handoff: .url, version: version, sdk: sdk).appCallbacks
      }
      return opened
    case .tap:
      let tap = self.tap(s, version: version, sdk: sdk)
      guard tap.outcome == .extensionLaunch, !s.tap.redirect.hooks.isEmpty, let callbacks = tap.callbacks,
        callbacks.contains(where: { s.tap.redirect.hooks.contains($0) })
      else { return tap }
      let redirect = open(s, version: version, sdk: sdk, url: s.tap.redirect.url, point: .messages)
      switch redirect.outcome {
      case .containerLaunch:
        return Result(
          .containerLaunch, tap.callbacks, tap.presentation,
          appCallbacks: delivery(s, handoff: .url, version: version, sdk: sdk).appCallbacks)
      case .otherAppLaunch: return Result(redirect.outcome, tap.callbacks, tap.presentation)
      default: return tap
      }
    case .delivery:
      return delivery(s, handoff: s.delivery.handoff, version: version, sdk: sdk)
    case .link:
      return link(s, version: version, sdk: sdk)
    default:
      // The reference covers the Messages tables, links and the delivery into the container app.
      return Result(.undecided)
    }
  }

  /// The other readings of a contested decision, in the order `Engine` lists them: the tap's
  /// own other reading, then the redirect's (the tap composed with the other reading of its
  /// `open(url)`); a reading that ends where the decision does is left out. Empty when
  /// nothing is contested. Not part of `decide`, which (like `Engine.decide`, which builds
  /// alternatives when they are read) returns the reading the tables take.
  public static func alternatives(_ s: Situation, newest: OSVersion? = nil) -> [Result] {
    guard let fallback = newest ?? (try? OSVersion(26)) else { return [] }
    let version = s.osVersion ?? fallback
    let sdk = s.app.sdkVersion ?? fallback
    switch s.event {
    case .open:
      return otherOpenReading(s, version: version, sdk: sdk, url: s.open.url, point: s.open.extensionPoint)
        .map { [Result($0)] } ?? []
    case .tap:
      var readings: [Result] = []
      if let other = otherTapReading(s, version: version, sdk: sdk) { readings.append(Result(other)) }
      let tap = self.tap(s, version: version, sdk: sdk)
      if tap.outcome == .extensionLaunch, let callbacks = tap.callbacks,
        callbacks.contains(where: { s.tap.redirect.hooks.contains($0) }),
        let other = otherOpenReading(s, version: version, sdk: sdk, url: s.tap.redirect.url, point: .messages)
      {
        switch other {
        case .containerLaunch, .otherAppLaunch:
          readings.append(Result(other, tap.callbacks, tap.presentation))
        default: readings.append(tap)
        }
      }
      let decided = decide(s, newest: newest)
      return readings.filter { $0 != decided }
    case .delivery:
      // FB17446617 (W-15): a universal link that cold-launches a SwiftUI app from iOS 18.4
      // may reach neither onOpenURL nor onContinueUserActivity.
      // On the Mac and Apple Watch the URL goes to onOpenURL, uncontested (W-4).
      guard s.app.hasContainerApp, s.delivery.handoff == .universalLink, s.app.lifecycle == .swiftUI,
        s.platform != .macOS, s.platform != .watchOS,
        !s.app.running, let ios184 = try? OSVersion(18, 4), version >= ios184
      else { return [] }
      return [Result(.containerLaunch)]
    case .link:
      return otherLinkReading(s, version: version, sdk: sdk).map { [Result($0)] } ?? []
    default:
      return []  // the reference covers the Messages tables, links and the delivery only
    }
  }

  /// The other reading of a tap where the evidence disagrees (F-4, N-5: a web link on a device
  /// without the app; X-5: a custom scheme on a Mac); nil where it does not.
  static func otherTapReading(_ s: Situation, version: OSVersion, sdk: OSVersion) -> Outcome? {
    guard !s.tap.expired, s.tap.target == .message, s.tap.transport == .iMessage else { return nil }
    let (loadable, scheme) = loadableURL(s.tap.url, sdk: sdk)
    switch s.platform {
    case .macOS:
      guard let sierra = try? OSVersion(10, 12), version >= sierra, loadable, scheme == .other else {
        return nil
      }
      return .otherAppLaunch
    case .iOS, .iPadOS, .android:
      // No SDK check on iOS from 10: the web link reads as the browser whatever its encoding.
      return version.major >= 10 && !s.app.installed && scheme == .web ? .browser : nil
    case .watchOS, .visionOS:
      return nil
    }
  }

  /// The other reading of `open(url)` where the evidence disagrees (S004-7: a web URL from
  /// the Messages extension; S004-9: a widget's URL from iOS 10; X-11: a widget on a Mac);
  /// nil where it does not.
  static func otherOpenReading(
    _ s: Situation, version: OSVersion, sdk: OSVersion, url: String?, point: ExtensionPoint
  ) -> Outcome? {
    if s.platform == .macOS { return point == .today ? .containerLaunch : nil }
    if s.platform == .iOS || s.platform == .iPadOS, version.major >= 8, otherExtensionPoints.contains(point) {
      return otherExtensionOpenReading(s, version: version, url: url, point: point)
    }
    guard s.platform == .iOS || s.platform == .iPadOS, version.major >= 10, s.app.hasContainerApp else {
      return nil
    }
    let (loadable, scheme) = loadableURL(url, sdk: sdk, device: version)
    switch point {
    case .messages: return loadable && scheme == .web ? .containerLaunch : nil
    case .today: return loadable && !ownScheme(s, url) ? .containerLaunch : nil
    case .share, .action, .keyboard, .other, .safariWebExtension, .shieldAction: return nil
    }
  }

  /// The extension points that open a URL by another call than `extensionContext.open`
  /// (`open.method`, E-1 to E-3, X-13).
  static let otherExtensionPoints: Set<ExtensionPoint> = [.share, .action, .keyboard, .other]

  /// Whether `url` has a scheme (web, data, file or another); no percent-encoding gate.
  static func hasScheme(_ url: String?) -> Bool {
    switch URLSchemeClass.scan(url).0 {
    case .web, .data, .file, .other: true
    case .none, .unparseable, .noScheme, .emptyScheme: false
    }
  }

  /// What a share, action, keyboard or other extension's call opens (D-1, X-13, E-1 to E-3).
  static func extensionOpen(_ s: Situation, version: OSVersion, url: String?, point: ExtensionPoint)
    -> Outcome
  {
    let method = s.open.method
    // D-1: extensionContext.open is for Today and iMessage only; S004-6: no scheme, no app.
    guard method != .extensionContext, hasScheme(url) else { return .nothing }
    let keyboard = point == .keyboard
    // E-3: on iOS 26 a keyboard opens its app only with Full Access.
    let keyboardOn26 = keyboard && version.major >= 26
    switch method {
    case .extensionContext:
      return .nothing
    case .openURLSelector:
      // X-13, E-3: iOS 18 forces the deprecated selector to return false.
      return version.major < 18 ? .containerLaunch : .nothing
    case .applicationOpen:
      if version.major < 18 || !keyboard { return .containerLaunch }
      if keyboardOn26 { return s.open.fullAccess ? .containerLaunch : .nothing }
      return .nothing  // E-3: KeyboardKit issue 795, iOS 18
    case .swiftUIOpenURL:
      if keyboardOn26 { return s.open.fullAccess ? .containerLaunch : .nothing }
      return .containerLaunch
    }
  }

  /// The other reading of a share, action, keyboard or other extension's call: E-1 against the
  /// responder-chain reports, X-13 for a keyboard on iOS 18 to 25.
  static func otherExtensionOpenReading(
    _ s: Situation, version: OSVersion, url: String?, point: ExtensionPoint
  )
    -> Outcome?
  {
    let method = s.open.method
    guard method == .applicationOpen || method == .openURLSelector, hasScheme(url) else { return nil }
    if version.major < 18 { return .nothing }
    guard method == .applicationOpen else { return nil }
    if point != .keyboard { return .nothing }
    return version.major < 26 ? .containerLaunch : nil
  }

  /// S004-8: whether `url`'s scheme is one the container app declares (`app.urlSchemes`).
  static func ownScheme(_ s: Situation, _ url: String?) -> Bool {
    guard let schemes = s.app.urlSchemes, let url, let colon = url.firstIndex(of: ":") else { return false }
    return schemes.contains(where: { $0.lowercased() == url[..<colon].lowercased() })
  }

  // Version bounds are whole major versions, compared by major, except macOS Sierra (10.12)
  // and the traced iOS 26.3 launch, compared as whole versions.

  /// Whether the app's `URL(string:)` yields a URL with a non-empty scheme (N-8: before the
  /// iOS 17 SDK, text that needs percent-encoding is no URL; X-12: on a device before iOS 17
  /// neither, when `device` is given), and the scheme's class.
  static func loadableURL(_ url: String?, sdk: OSVersion, device: OSVersion? = nil)
    -> (loadable: Bool, scheme: URLSchemeClass)
  {
    let (scheme, needsEncoding) = URLSchemeClass.scan(url)
    let encodes = sdk.major >= 17 && (device.map { $0.major >= 17 } ?? true)
    switch scheme {
    case .web, .data, .file, .other: return (!(needsEncoding && !encodes), scheme)
    case .none, .unparseable, .noScheme, .emptyScheme: return (false, scheme)
    }
  }

  static func tap(_ s: Situation, version: OSVersion, sdk: OSVersion) -> Result {
    if s.tap.expired || s.tap.target == .notificationPreview { return Result(.nothing) }
    let (loadable, scheme) = loadableURL(s.tap.url, sdk: sdk)
    let message = s.tap.target == .message
    let webLink = message && loadable && scheme == .web
    // SMS and RCS recipients see the alternate layout: only an http(s) link opens anything.
    if s.tap.transport != .iMessage { return Result(webLink ? .browser : .nothing) }
    switch s.platform {
    case .watchOS:
      return Result(.nothing)
    case .visionOS:
      return Result(webLink ? .browser : .nothing)
    case .macOS:
      // Before Sierra only the summary text and an http(s) URL arrive.
      if let sierra = try? OSVersion(10, 12), version < sierra {
        return Result(webLink ? .browser : .nothing)
      }
      return Result(message && loadable && (scheme == .web || scheme == .data) ? .browser : .nothing)
    case .iOS, .iPadOS, .android:
      break
    }
    if version.major < 10 { return Result(webLink ? .browser : .nothing) }
    switch s.tap.target {
    case .sticker, .notificationPreview:
      return Result(.nothing)
    case .attribution:
      if s.app.installed { return Result(.nothing) }
      return Result(s.app.published ? .storeProductPage : .storeFront)
    case .message:
      break
    }
    if !s.app.installed { return Result(s.app.published ? .storeProductPage : .storeFront) }
    if !s.app.enabledInMessages { return Result(.manageApps) }
    if s.tap.layout == .live && version.major >= 11 { return Result(.transcriptView) }
    if s.tap.extensionRunning && s.tap.presentationContext == .media {
      return Result(.extensionLaunch, none, .compact)
    }
    if s.tap.afterDrawerSwipe { return Result(.extensionLaunch, none, .expanded) }
    if s.tap.extensionRunning {
      return s.tap.alreadySelected
        ? Result(.extensionLaunch, none, .expanded) : Result(.extensionLaunch, selectCallbacks, .expanded)
    }
    if let traced = try? OSVersion(26, 3), version >= traced {
      return Result(.extensionLaunch, tracedLaunchCallbacks, .expanded)
    }
    return Result(.extensionLaunch, launchCallbacks, .expanded)
  }

  static func open(_ s: Situation, version: OSVersion, sdk: OSVersion, url: String?, point: ExtensionPoint)
    -> Result
  {
    guard s.platform == .iOS || s.platform == .iPadOS, version.major >= 8 else {
      return Result(.nothing)
    }
    let (loadable, scheme) = loadableURL(url, sdk: sdk, device: version)
    switch point {
    case .safariWebExtension, .shieldAction:
      return Result(.nothing)  // E-4, E-5
    case .share, .action, .keyboard, .other:
      return Result(extensionOpen(s, version: version, url: url, point: point))
    case .messages:
      guard version.major >= 10, s.app.hasContainerApp, loadable, scheme != .web else {
        return Result(.nothing)
      }
      return Result(.containerLaunch)
    case .today:
      guard s.app.hasContainerApp, loadable else { return Result(.nothing) }
      // S004-8: the widget opens its containing app for one of the container's own schemes.
      if ownScheme(s, url) { return Result(.containerLaunch) }
      return Result(.otherAppLaunch)
    }
  }
}
