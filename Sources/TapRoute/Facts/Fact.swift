/// A fact a decision table may test, derived from a ``Situation``.
///
/// The catalog is fixed by the situation format: a table declares which of these facts it
/// uses and their domains, and the loader checks that each declared domain is exactly the
/// set of values the situation can produce, so a decision can never meet a value its
/// table did not plan for.
public enum Fact: String, Sendable, Hashable, CaseIterable, Codable {
  case platform, osVersion
  case hasContainerApp, installed, enabledInMessages, published
  case target, urlClass, extensionRunning, alreadySelected, afterDrawerSwipe
  case extensionPoint

  /// The shape of a fact's domain.
  public enum Kind: Sendable, Hashable {
    case bool
    case enumeration([String])
    case version
  }

  public var kind: Kind {
    switch self {
    case .platform: .enumeration(Platform.allCases.map(\.rawValue))
    case .osVersion: .version
    case .target: .enumeration(TapTarget.allCases.map(\.rawValue))
    case .urlClass: .enumeration(URLSchemeClass.allCases.map(\.rawValue))
    case .extensionPoint: .enumeration(ExtensionPoint.allCases.map(\.rawValue))
    case .hasContainerApp, .installed, .enabledInMessages, .published, .extensionRunning, .alreadySelected,
      .afterDrawerSwipe:
      .bool
    }
  }

  /// The events whose situations provide this fact.
  public var events: [Situation.Event] {
    switch self {
    case .target, .extensionRunning, .alreadySelected, .afterDrawerSwipe: [.tap]
    case .extensionPoint: [.open]
    default: [.tap, .open]
    }
  }

  /// Where the fact comes from in the situation JSON, for documentation and messages.
  public func source(for event: Situation.Event) -> String {
    switch self {
    case .platform, .osVersion: "$.\(rawValue)"
    case .hasContainerApp, .installed, .enabledInMessages, .published: "$.app.\(rawValue)"
    case .urlClass: event == .tap ? "scheme class of $.tap.url" : "scheme class of $.open.url"
    case .extensionPoint: "$.open.extensionPoint"
    default: "$.tap.\(rawValue)"
    }
  }

  /// The number of values of a finite (bool or enumeration) fact; 0 for versions.
  var finiteCount: Int {
    switch kind {
    case .bool: 2
    case .enumeration(let values): values.count
    case .version: 0
    }
  }

  /// The display name of value `index` of a finite fact.
  func valueName(_ index: Int) -> String {
    switch kind {
    case .bool: index == 0 ? "false" : "true"
    case .enumeration(let values): values.indices.contains(index) ? values[index] : "?"
    case .version: "?"
    }
  }
}

/// The facts of one situation for one event, precomputed once per decision.
///
/// A plain value of small integers: reading a fact costs a switch, and building it scans
/// the URL once without allocating.
struct FactSnapshot: Sendable {
  var platform: Int
  var version: OSVersion
  var hasContainerApp: Bool
  var installed: Bool
  var enabledInMessages: Bool
  var published: Bool
  var target: Int
  var urlClass: URLSchemeClass
  var extensionRunning: Bool
  var alreadySelected: Bool
  var afterDrawerSwipe: Bool
  var extensionPoint: Int

  /// The facts of `situation` as seen by `event`; `url` is the URL that event looks at.
  init(_ situation: Situation, event: Situation.Event, url: String?, defaultVersion: OSVersion) {
    platform = Platform.allCases.firstIndex(of: situation.platform) ?? 0
    version = situation.osVersion ?? defaultVersion
    hasContainerApp = situation.app.hasContainerApp
    installed = situation.app.installed
    enabledInMessages = situation.app.enabledInMessages
    published = situation.app.published
    target = TapTarget.allCases.firstIndex(of: situation.tap.target) ?? 0
    urlClass = URLSchemeClass.classify(url)
    extensionRunning = situation.tap.extensionRunning
    alreadySelected = situation.tap.alreadySelected
    afterDrawerSwipe = situation.tap.afterDrawerSwipe
    extensionPoint = ExtensionPoint.allCases.firstIndex(of: situation.open.extensionPoint) ?? 0
  }

  /// The value index of a finite fact (bool: 0 false, 1 true; enumerations: catalog order).
  func index(of fact: Fact) -> Int {
    switch fact {
    case .platform: platform
    case .osVersion: 0
    case .hasContainerApp: hasContainerApp ? 1 : 0
    case .installed: installed ? 1 : 0
    case .enabledInMessages: enabledInMessages ? 1 : 0
    case .published: published ? 1 : 0
    case .target: target
    case .urlClass: URLSchemeClass.allCases.firstIndex(of: urlClass) ?? 0
    case .extensionRunning: extensionRunning ? 1 : 0
    case .alreadySelected: alreadySelected ? 1 : 0
    case .afterDrawerSwipe: afterDrawerSwipe ? 1 : 0
    case .extensionPoint: extensionPoint
    }
  }
}
