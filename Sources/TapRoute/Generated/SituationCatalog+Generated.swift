// swift-format-ignore-file
// Generated from Facts/SituationCatalog.swift by `TAPROUTE_REGENERATE=1 swift test --filter SituationCatalogTests`; do not edit.

/// A fact a decision table may test, derived from a ``Situation``.
///
/// The catalog is fixed by the situation format (declared in `SituationCatalog`): a table
/// declares which of these facts it uses and their domains, and the loader checks that each
/// declared domain is exactly the set of values the situation can produce, so a decision can
/// never meet a value its table did not plan for.
public enum Fact: String, Sendable, Hashable, CaseIterable, Codable {
  case platform
  case osVersion
  case sdkVersion
  case hasContainerApp
  case installed
  case enabledInMessages
  case published
  case transport
  case target
  case layout
  case expired
  case urlClass
  case urlNeedsEncoding
  case extensionRunning
  case alreadySelected
  case afterDrawerSwipe
  case presentationContext
  case extensionPoint

  /// The shape of the fact's domain: a Boolean, one of named values, or an OS version.
  public var kind: Kind {
    switch self {
    case .platform: .enumeration(Platform.allCases.map(\.rawValue))
    case .osVersion: .version
    case .sdkVersion: .version
    case .hasContainerApp: .bool
    case .installed: .bool
    case .enabledInMessages: .bool
    case .published: .bool
    case .transport: .enumeration(Transport.allCases.map(\.rawValue))
    case .target: .enumeration(TapTarget.allCases.map(\.rawValue))
    case .layout: .enumeration(Tap.Layout.allCases.map(\.rawValue))
    case .expired: .bool
    case .urlClass: .enumeration(URLSchemeClass.allCases.map(\.rawValue))
    case .urlNeedsEncoding: .bool
    case .extensionRunning: .bool
    case .alreadySelected: .bool
    case .afterDrawerSwipe: .bool
    case .presentationContext: .enumeration(Tap.PresentationContext.allCases.map(\.rawValue))
    case .extensionPoint: .enumeration(ExtensionPoint.allCases.map(\.rawValue))
    }
  }

  /// The events whose situations provide this fact.
  public var events: [Situation.Event] {
    switch self {
    case .platform: [.tap, .open]
    case .osVersion: [.tap, .open]
    case .sdkVersion: [.tap, .open]
    case .hasContainerApp: [.tap, .open]
    case .installed: [.tap, .open]
    case .enabledInMessages: [.tap, .open]
    case .published: [.tap, .open]
    case .transport: [.tap]
    case .target: [.tap]
    case .layout: [.tap]
    case .expired: [.tap]
    case .urlClass: [.tap, .open]
    case .urlNeedsEncoding: [.tap, .open]
    case .extensionRunning: [.tap]
    case .alreadySelected: [.tap]
    case .afterDrawerSwipe: [.tap]
    case .presentationContext: [.tap]
    case .extensionPoint: [.open]
    }
  }

  /// Where the fact comes from in the situation JSON, for documentation and messages.
  package func source(for event: Situation.Event) -> String {
    switch self {
    case .platform: "$.platform"
    case .osVersion: "$.osVersion"
    case .sdkVersion: "$.app.sdkVersion"
    case .hasContainerApp: "$.app.hasContainerApp"
    case .installed: "$.app.installed"
    case .enabledInMessages: "$.app.enabledInMessages"
    case .published: "$.app.published"
    case .transport: "$.tap.transport"
    case .target: "$.tap.target"
    case .layout: "$.tap.layout"
    case .expired: "$.tap.expired"
    case .urlClass:
      switch event {
      case .tap: "scheme class of $.tap.url"
      case .open: "scheme class of $.open.url"
      }
    case .urlNeedsEncoding:
      switch event {
      case .tap: "percent-encoding need of $.tap.url"
      case .open: "percent-encoding need of $.open.url"
      }
    case .extensionRunning: "$.tap.extensionRunning"
    case .alreadySelected: "$.tap.alreadySelected"
    case .afterDrawerSwipe: "$.tap.afterDrawerSwipe"
    case .presentationContext: "$.tap.presentationContext"
    case .extensionPoint: "$.open.extensionPoint"
    }
  }

  /// True for a version fact; cheaper than building ``kind``.
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
}

/// The facts of one situation for one event, precomputed once per decision.
///
/// A plain value of small integers: reading a fact costs a switch, and building it scans
/// the URL once without allocating.
struct FactSnapshot: Sendable {
  var platform: Int
  var osVersion: OSVersion
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

  /// The facts of `situation` but the URL's, which are left `none` and not needing encoding
  /// (`CompiledTable.firstMatch(_:url:)` classifies the URL only when a rule needs it).
  /// `defaultVersion` stands for a missing OS version, `defaultSDKVersion` (the same when
  /// nil) for a missing SDK version.
  init(
    _ situation: Situation, event: Situation.Event, defaultVersion: OSVersion,
    defaultSDKVersion: OSVersion? = nil
  ) {
    platform = situation.platform.index
    osVersion = situation.osVersion ?? defaultVersion
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
    case .osVersion: 0
    case .sdkVersion: 0
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

  /// The value of a version fact (the OS version for any other fact).
  func version(of fact: Fact) -> OSVersion {
    switch fact {
    case .sdkVersion: sdkVersion
    default: osVersion
    }
  }
}

extension Situation {
  /// The facts whose fields a situation document leaves out, as ``Fact/bit``s: `keys` are the
  /// top-level keys, the other arguments the parts as written (nil when absent). The URL
  /// facts come from the URL the event reads.
  static func leftOut(
    keys: some Collection<String>, app: JSONValue?, tap: JSONValue?, open: JSONValue?, event: Event
  ) -> UInt32 {
    func present(_ part: JSONValue?) -> Set<String>? {
      guard let members = part?.objectValue else { return nil }
      return Set(members.map(\.key))
    }
    return leftOut(
      top: Set(keys), app: present(app), tap: present(tap), open: present(open), event: event)
  }

  /// As above, from the key sets of each part (nil: the part is absent).
  static func leftOut(
    top: Set<String>, app: Set<String>?, tap: Set<String>?, open: Set<String>?, event: Event
  ) -> UInt32 {
    var mask: UInt32 = 0
    func check(_ keys: Set<String>?, _ key: String, _ facts: Fact...) {
      if keys?.contains(key) != true { for fact in facts { mask |= fact.bit } }
    }
    check(top, "platform", .platform)
    check(top, "osVersion", .osVersion)
    check(app, "hasContainerApp", .hasContainerApp)
    check(app, "installed", .installed)
    check(app, "enabledInMessages", .enabledInMessages)
    check(app, "published", .published)
    check(app, "sdkVersion", .sdkVersion)
    check(tap, "target", .target)
    check(tap, "transport", .transport)
    check(tap, "layout", .layout)
    check(tap, "expired", .expired)
    check(tap, "extensionRunning", .extensionRunning)
    check(tap, "alreadySelected", .alreadySelected)
    check(tap, "afterDrawerSwipe", .afterDrawerSwipe)
    check(tap, "presentationContext", .presentationContext)
    check(open, "extensionPoint", .extensionPoint)
    switch event {
    case .tap: check(tap, "url", .urlClass, .urlNeedsEncoding)
    case .open: check(open, "url", .urlClass, .urlNeedsEncoding)
    }
    return mask
  }
}

extension Situation {
  /// Sets a finite fact read from a field to value `index` (bool: 0 false, 1 true;
  /// enumerations: `allCases` order). False, changing nothing, for a version fact, a fact
  /// computed from the URL, or an index out of range.
  mutating func setFinite(_ fact: Fact, index: Int) -> Bool {
    switch fact {
    case .platform:
      guard Platform.allCases.indices.contains(index) else { return false }
      self.platform = Platform.allCases[index]
    case .hasContainerApp:
      guard index == 0 || index == 1 else { return false }
      self.app.hasContainerApp = index == 1
    case .installed:
      guard index == 0 || index == 1 else { return false }
      self.app.installed = index == 1
    case .enabledInMessages:
      guard index == 0 || index == 1 else { return false }
      self.app.enabledInMessages = index == 1
    case .published:
      guard index == 0 || index == 1 else { return false }
      self.app.published = index == 1
    case .transport:
      guard Transport.allCases.indices.contains(index) else { return false }
      self.tap.transport = Transport.allCases[index]
    case .target:
      guard TapTarget.allCases.indices.contains(index) else { return false }
      self.tap.target = TapTarget.allCases[index]
    case .layout:
      guard Tap.Layout.allCases.indices.contains(index) else { return false }
      self.tap.layout = Tap.Layout.allCases[index]
    case .expired:
      guard index == 0 || index == 1 else { return false }
      self.tap.expired = index == 1
    case .extensionRunning:
      guard index == 0 || index == 1 else { return false }
      self.tap.extensionRunning = index == 1
    case .alreadySelected:
      guard index == 0 || index == 1 else { return false }
      self.tap.alreadySelected = index == 1
    case .afterDrawerSwipe:
      guard index == 0 || index == 1 else { return false }
      self.tap.afterDrawerSwipe = index == 1
    case .presentationContext:
      guard Tap.PresentationContext.allCases.indices.contains(index) else { return false }
      self.tap.presentationContext = Tap.PresentationContext.allCases[index]
    case .extensionPoint:
      guard ExtensionPoint.allCases.indices.contains(index) else { return false }
      self.open.extensionPoint = ExtensionPoint.allCases[index]
    default: return false
    }
    return true
  }
}
