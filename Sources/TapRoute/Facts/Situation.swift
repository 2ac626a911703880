// The `Situation` struct, its parts `App`, `Tap` and `Open`, equality and hashing are
// generated from `SituationCatalog` (Sources/CatalogGenerator/SituationCatalog.swift) into
// Generated/SituationCatalog+Generated.swift, and the value types their fields name
// (`Platform`, `Tap.Layout`, ...) into Generated/SituationValues+Generated.swift. Here: what
// the catalog does not declare (the redirect code, the lifecycle callbacks).

extension Situation {
  /// The facts whose fields the situation left out, so they took their defaults: filled by
  /// the JSON readers, settable by Swift callers. A nil `osVersion` or `app.sdkVersion`
  /// counts as left out whatever this holds. A decision lists the left-out facts its
  /// deciding rules tested as ``Decision/assumed``. Equality and hashing ignore it.
  public var unspecified: Set<Fact> {
    get { Set(Fact.allCases.filter { unspecifiedMask & $0.bit != 0 }) }
    set { unspecifiedMask = newValue.reduce(0) { $0 | $1.bit } }
  }
}

extension Situation {
  /// Redirect code in the extension: the hooks that call `open(url)`, and the URL.
  public struct Redirect: Sendable, Hashable {
    /// The callbacks that call `open(url)`; only those a redirect may live in (``Hook``).
    public var hooks: Hooks
    /// The URL the redirect code opens.
    public var url: String?

    /// Redirect code; by default none.
    public init(hooks: Hooks = [], url: String? = nil) {
      self.hooks = hooks
      self.url = url
    }
  }
}

extension Situation {
  /// A lifecycle callback of `MSMessagesAppViewController` (and its view controller).
  public enum Callback: String, Sendable, Hashable, Codable, CaseIterable {
    case viewDidLoad, willBecomeActive, didBecomeActive, viewWillAppear, viewDidAppear
    case willSelect, didSelect, willTransition, didTransition
    case willResignActive, didResignActive, viewWillDisappear, viewDidDisappear
    /// `didReceive(_:conversation:)`: a message arrived while the extension was active. It
    /// never fires on a tap; redirect code there runs without one (N-17).
    case didReceive

    /// The callbacks redirect code may live in (`tap.redirect.hooks`).
    public static let redirectHooks: [Callback] = Situation.Redirect.Hook.allCases.map(\.callback)
  }
}

// Shorthand inside the module for the nested part types; clients write `Situation.App` etc.
package typealias Redirect = Situation.Redirect
package typealias Platform = Situation.Platform
package typealias Callback = Situation.Callback
package typealias TapTarget = Situation.Tap.Target
package typealias ExtensionPoint = Situation.Open.ExtensionPoint

extension Situation {
  /// The facts left out as bits, a nil version included.
  @inlinable
  package var leftOut: FactMask {
    var mask = unspecifiedMask
    if osVersion == nil { mask |= Fact.osVersion.bit }
    if app.sdkVersion == nil { mask |= Fact.sdkVersion.bit }
    return mask
  }
}

package typealias Transport = Situation.Tap.Transport
