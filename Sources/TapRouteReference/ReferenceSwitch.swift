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

    /// A result from its parts, in the order a switch case writes them.
    public init(
      _ outcome: Outcome, _ callbacks: [Situation.Callback]? = nil, _ presentation: Presentation? = nil
    ) {
      self.outcome = outcome
      self.callbacks = callbacks
      self.presentation = presentation
    }
  }

  static let launchCallbacks: [Callback] = [
    .viewDidLoad, .willBecomeActive, .didBecomeActive, .viewWillAppear,
  ]
  static let selectCallbacks: [Callback] = [.willSelect, .didSelect, .willTransition, .didTransition]
  static let compactSelectCallbacks: [Callback] = [.willSelect, .didSelect]
  static let none: [Callback] = []

  /// Decides a situation; `newest` (26 when nil) stands in for a missing OS version.
  public static func decide(_ s: Situation, newest: OSVersion? = nil) -> Result {
    let version = s.osVersion ?? newest ?? OSVersion(clamping: 26)
    switch s.event {
    case .open:
      return open(s, version: version, url: s.open.url, point: s.open.extensionPoint)
    case .tap:
      let tap = self.tap(s, version: version)
      guard tap.outcome == .extensionLaunch, !s.tap.redirect.hooks.isEmpty, let callbacks = tap.callbacks,
        callbacks.contains(where: { s.tap.redirect.hooks.contains($0) })
      else { return tap }
      let redirect = open(s, version: version, url: s.tap.redirect.url, point: .messages)
      switch redirect.outcome {
      case .containerLaunch, .otherAppLaunch: return Result(redirect.outcome, tap.callbacks, tap.presentation)
      default: return tap
      }
    }
  }

  static func tap(_ s: Situation, version: OSVersion) -> Result {
    let scheme = URLSchemeClass.classify(s.tap.url)
    switch s.platform {
    case .watchOS:
      return Result(.nothing)
    case .macOS:
      switch scheme {
      case .web, .data, .file: return Result(.browser)
      default: return Result(.nothing)
      }
    case .iOS, .iPadOS:
      break
    }
    if version < OSVersion(clamping: 10) { return Result(scheme == .web ? .browser : .nothing) }
    switch s.tap.target {
    case .sticker:
      return Result(.nothing)
    case .attribution:
      if s.app.installed { return Result(.nothing) }
      return Result(s.app.published ? .storeProductPage : .storeFront)
    case .message:
      break
    }
    if !s.app.installed { return Result(s.app.published ? .storeProductPage : .storeFront) }
    if !s.app.enabledInMessages { return Result(.manageApps) }
    if s.tap.afterDrawerSwipe { return Result(.extensionLaunch, none, .expanded) }
    let compact = version >= OSVersion(clamping: 26)
    if s.tap.extensionRunning {
      if s.tap.alreadySelected { return Result(.extensionLaunch, none, .expanded) }
      return compact
        ? Result(.extensionLaunch, compactSelectCallbacks, .compact)
        : Result(.extensionLaunch, selectCallbacks, .expanded)
    }
    return Result(.extensionLaunch, launchCallbacks, compact ? .compact : .expanded)
  }

  static func open(_ s: Situation, version: OSVersion, url: String?, point: ExtensionPoint) -> Result {
    guard s.platform == .iOS || s.platform == .iPadOS, version >= OSVersion(clamping: 8) else {
      return Result(.nothing)
    }
    let scheme = URLSchemeClass.classify(url)
    let hasScheme: Bool
    switch scheme {
    case .none, .unparseable, .noScheme, .emptyScheme: hasScheme = false
    case .web, .data, .file, .other: hasScheme = true
    }
    switch point {
    case .share, .action, .keyboard, .other:
      return Result(.nothing)
    case .messages:
      guard version >= OSVersion(clamping: 10), s.app.hasContainerApp, hasScheme else {
        return Result(.nothing)
      }
      return Result(.containerLaunch)
    case .today:
      guard s.app.hasContainerApp, hasScheme else { return Result(.nothing) }
      return Result(version < OSVersion(clamping: 10) ? .otherAppLaunch : .containerLaunch)
    }
  }
}
