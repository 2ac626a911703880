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

  /// The shape of the fact's domain: a Boolean, one of named values, or an OS version.
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
  package func source(for event: Situation.Event) -> String {
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
    platform = situation.platform.index
    version = situation.osVersion ?? defaultVersion
    hasContainerApp = situation.app.hasContainerApp
    installed = situation.app.installed
    enabledInMessages = situation.app.enabledInMessages
    published = situation.app.published
    target = situation.tap.target.index
    urlClass = URLSchemeClass.classify(url)
    extensionRunning = situation.tap.extensionRunning
    alreadySelected = situation.tap.alreadySelected
    afterDrawerSwipe = situation.tap.afterDrawerSwipe
    extensionPoint = situation.open.extensionPoint.index
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
    case .urlClass: urlClass.index
    case .extensionRunning: extensionRunning ? 1 : 0
    case .alreadySelected: alreadySelected ? 1 : 0
    case .afterDrawerSwipe: afterDrawerSwipe ? 1 : 0
    case .extensionPoint: extensionPoint
    }
  }
}

// Value indices without building `allCases` arrays on the decide path (declaration order,
// the same order as `allCases`; a test holds them equal).
extension Platform {
  var index: Int {
    switch self {
    case .iOS: 0
    case .iPadOS: 1
    case .macOS: 2
    case .watchOS: 3
    }
  }
}

extension TapTarget {
  var index: Int {
    switch self {
    case .message: 0
    case .sticker: 1
    case .attribution: 2
    }
  }
}

extension ExtensionPoint {
  var index: Int {
    switch self {
    case .messages: 0
    case .today: 1
    case .share: 2
    case .action: 3
    case .keyboard: 4
    case .other: 5
    }
  }
}

extension URLSchemeClass {
  var index: Int {
    switch self {
    case .none: 0
    case .unparseable: 1
    case .noScheme: 2
    case .emptyScheme: 3
    case .web: 4
    case .data: 5
    case .file: 6
    case .other: 7
    }
  }
}
