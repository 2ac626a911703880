/// A fact a decision table may test, derived from a ``Situation``.
///
/// The catalog is fixed by the situation format: a table declares which of these facts it
/// uses and their domains, and the loader checks that each declared domain is exactly the
/// set of values the situation can produce, so a decision can never meet a value its
/// table did not plan for.
public enum Fact: String, Sendable, Hashable, CaseIterable, Codable {
  case platform, osVersion, sdkVersion
  case hasContainerApp, installed, enabledInMessages, published
  case transport, target, layout, expired, urlClass, urlNeedsEncoding
  case extensionRunning, alreadySelected, afterDrawerSwipe, presentationContext
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
    case .osVersion, .sdkVersion: .version
    case .transport: .enumeration(Tap.Transport.allCases.map(\.rawValue))
    case .target: .enumeration(TapTarget.allCases.map(\.rawValue))
    case .layout: .enumeration(Tap.Layout.allCases.map(\.rawValue))
    case .presentationContext: .enumeration(Tap.PresentationContext.allCases.map(\.rawValue))
    case .urlClass: .enumeration(URLSchemeClass.allCases.map(\.rawValue))
    case .extensionPoint: .enumeration(ExtensionPoint.allCases.map(\.rawValue))
    case .hasContainerApp, .installed, .enabledInMessages, .published, .expired, .urlNeedsEncoding,
      .extensionRunning, .alreadySelected, .afterDrawerSwipe:
      .bool
    }
  }

  /// The events whose situations provide this fact.
  public var events: [Situation.Event] {
    switch self {
    case .transport, .target, .layout, .expired, .extensionRunning, .alreadySelected, .afterDrawerSwipe,
      .presentationContext:
      [.tap]
    case .extensionPoint: [.open]
    default: [.tap, .open]
    }
  }

  /// Where the fact comes from in the situation JSON, for documentation and messages.
  package func source(for event: Situation.Event) -> String {
    switch self {
    case .platform, .osVersion: "$.\(rawValue)"
    case .hasContainerApp, .installed, .enabledInMessages, .published, .sdkVersion: "$.app.\(rawValue)"
    case .urlClass: event == .tap ? "scheme class of $.tap.url" : "scheme class of $.open.url"
    case .urlNeedsEncoding:
      event == .tap ? "percent-encoding need of $.tap.url" : "percent-encoding need of $.open.url"
    case .extensionPoint: "$.open.extensionPoint"
    default: "$.tap.\(rawValue)"
    }
  }

  /// True for a version fact (`osVersion`, `sdkVersion`); cheaper than building ``kind``.
  var isVersion: Bool {
    switch self {
    case .osVersion, .sdkVersion: true
    default: false
    }
  }

  /// Every fact's ``bit``.
  static let allBits: UInt32 = allCases.reduce(0) { $0 | $1.bit }

  /// The fact's bit in a mask of facts (declaration order).
  @inlinable
  var bit: UInt32 {
    switch self {
    case .platform: 1 << 0
    case .osVersion: 1 << 1
    case .sdkVersion: 1 << 2
    case .hasContainerApp: 1 << 3
    case .installed: 1 << 4
    case .enabledInMessages: 1 << 5
    case .published: 1 << 6
    case .transport: 1 << 7
    case .target: 1 << 8
    case .layout: 1 << 9
    case .expired: 1 << 10
    case .urlClass: 1 << 11
    case .urlNeedsEncoding: 1 << 12
    case .extensionRunning: 1 << 13
    case .alreadySelected: 1 << 14
    case .afterDrawerSwipe: 1 << 15
    case .presentationContext: 1 << 16
    case .extensionPoint: 1 << 17
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
  var sdkVersion: OSVersion
  var hasContainerApp: Bool
  var installed: Bool
  var enabledInMessages: Bool
  var published: Bool
  var transport: Int
  var target: Int
  var layout: Int
  var expired: Bool
  var urlClass: URLSchemeClass
  var urlNeedsEncoding: Bool
  var extensionRunning: Bool
  var alreadySelected: Bool
  var afterDrawerSwipe: Bool
  var presentationContext: Int
  var extensionPoint: Int

  /// The facts of `situation` as seen by `event`; `url` is the URL that event looks at.
  /// `defaultVersion` stands for a missing `osVersion`, `defaultSDKVersion` (the same when
  /// nil) for a missing `app.sdkVersion`.
  init(
    _ situation: Situation, event: Situation.Event, url: String?, defaultVersion: OSVersion,
    defaultSDKVersion: OSVersion? = nil
  ) {
    self.init(situation, event: event, defaultVersion: defaultVersion, defaultSDKVersion: defaultSDKVersion)
    (urlClass, urlNeedsEncoding) = URLSchemeClass.scan(url)
  }

  /// The facts of `situation` but the URL's, which are left `none` and not needing encoding
  /// (`CompiledTable.firstMatch(_:url:)` classifies the URL only when a rule needs it).
  init(
    _ situation: Situation, event: Situation.Event, defaultVersion: OSVersion,
    defaultSDKVersion: OSVersion? = nil
  ) {
    platform = situation.platform.index
    version = situation.osVersion ?? defaultVersion
    sdkVersion = situation.app.sdkVersion ?? defaultSDKVersion ?? defaultVersion
    hasContainerApp = situation.app.hasContainerApp
    installed = situation.app.installed
    enabledInMessages = situation.app.enabledInMessages
    published = situation.app.published
    transport = situation.tap.transport.index
    target = situation.tap.target.index
    layout = situation.tap.layout.index
    expired = situation.tap.expired
    urlClass = .none
    urlNeedsEncoding = false
    extensionRunning = situation.tap.extensionRunning
    alreadySelected = situation.tap.alreadySelected
    afterDrawerSwipe = situation.tap.afterDrawerSwipe
    presentationContext = situation.tap.presentationContext.index
    extensionPoint = situation.open.extensionPoint.index
  }

  /// The value index of a finite fact (bool: 0 false, 1 true; enumerations: catalog order).
  func index(of fact: Fact) -> Int {
    switch fact {
    case .platform: platform
    case .osVersion, .sdkVersion: 0
    case .hasContainerApp: hasContainerApp ? 1 : 0
    case .installed: installed ? 1 : 0
    case .enabledInMessages: enabledInMessages ? 1 : 0
    case .published: published ? 1 : 0
    case .transport: transport
    case .target: target
    case .layout: layout
    case .expired: expired ? 1 : 0
    case .urlClass: urlClass.index
    case .urlNeedsEncoding: urlNeedsEncoding ? 1 : 0
    case .extensionRunning: extensionRunning ? 1 : 0
    case .alreadySelected: alreadySelected ? 1 : 0
    case .afterDrawerSwipe: afterDrawerSwipe ? 1 : 0
    case .presentationContext: presentationContext
    case .extensionPoint: extensionPoint
    }
  }

  /// The value of a version fact (`osVersion` for any other fact).
  func version(of fact: Fact) -> OSVersion {
    if case .sdkVersion = fact { return sdkVersion }
    return version
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
    case .visionOS: 4
    }
  }
}

extension TapTarget {
  var index: Int {
    switch self {
    case .message: 0
    case .sticker: 1
    case .attribution: 2
    case .notificationPreview: 3
    }
  }
}

extension Situation.Tap.Transport {
  var index: Int {
    switch self {
    case .iMessage: 0
    case .sms: 1
    case .rcs: 2
    }
  }
}

extension Situation.Tap.Layout {
  var index: Int {
    switch self {
    case .template: 0
    case .live: 1
    }
  }
}

extension Situation.Tap.PresentationContext {
  var index: Int {
    switch self {
    case .messages: 0
    case .media: 1
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
