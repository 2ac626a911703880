// swift-format-ignore-file
// Generated from Sources/CatalogGenerator/SituationCatalog.swift by `swift run CatalogGenerator`; do not edit.

/// A set of facts, one bit per fact (``Fact/bit``): 18 facts of at most 64.
/// Generated code's API (`CompiledPolicies.testedFacts`) spells it `UInt64`.
@usableFromInline typealias FactMask = UInt64

/// What happened on a device: the input to every decision.
///
/// The JSON form is public (see the README's "Situation" reference); every field but
/// `event` has a default. ``tap`` is read for a tap, ``open`` for an `open(url)` call.
public struct Situation: Sendable, Hashable {
  /// Which decision is asked for.
  public enum Event: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user taps a message, sticker or attribution in a conversation.
    case tap
    /// The extension calls `extensionContext.open(url, completionHandler:)`.
    case open
  }

  /// Which decision is asked for: a `tap`, or an `open`.
  public var event: Event
  /// The platform of the device (default iOS).
  public var platform: Platform
  /// The device's OS version; nil means the newest version the policies know.
  public var osVersion: OSVersion?
  /// The app's install and publish state on the device.
  public var app: App
  /// What was tapped; read when ``event`` is ``Event/tap``.
  public var tap: Tap
  /// The `open(url)` call; read when ``event`` is ``Event/open``.
  public var open: Open
  /// ``unspecified`` as bits (``Fact/bit``), read on the decide path.
  @usableFromInline
  var unspecifiedMask: FactMask = 0

  /// A situation; every part but `event` defaults to the JSON form's defaults.
  public init(
    event: Event, platform: Platform = .iOS, osVersion: OSVersion? = nil, app: App = App(), tap: Tap = Tap(), open: Open = Open()
  ) {
    self.event = event
    self.platform = platform
    self.osVersion = osVersion
    self.app = app
    self.tap = tap
    self.open = open
  }
}

extension Situation {
  /// Equal when every field is; ``unspecified`` (where the values came from) is ignored.
  public static func == (a: Situation, b: Situation) -> Bool {
    a.event == b.event && a.platform == b.platform && a.osVersion == b.osVersion && a.app == b.app && a.tap == b.tap && a.open == b.open
  }

  /// Hashes what equality compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(event)
    hasher.combine(platform)
    hasher.combine(osVersion)
    hasher.combine(app)
    hasher.combine(tap)
    hasher.combine(open)
  }
}

extension Situation {
  /// The URL the situation's event reads (its URL facts are computed from it); nil for an
  /// event that reads none.
  @inlinable
  public var eventURL: String? {
    switch event {
    case .tap: tap.url
    case .open: open.url
    }
  }

  /// Sets the URL the situation's event reads (nothing for an event that reads none).
  package mutating func setEventURL(_ url: String?) {
    switch event {
    case .tap: tap.url = url
    case .open: open.url = url
    }
  }
}

extension Situation.Event {
  /// Where the event's URL is, as a Swift path from a `Situation` (`tap.url`); nil for an
  /// event that reads none.
  package var urlPath: String? {
    switch self {
    case .tap: "tap.url"
    case .open: "open.url"
    }
  }

  /// The event's index in `allCases` (declaration order), without building `allCases`:
  /// what generated code switches on, so that a type generated before an event was added
  /// still compiles.
  @_spi(Generated) @inlinable
  public var index: Int {
    switch self {
    case .tap: 0
    case .open: 1
    }
  }

  /// The JSON key of the part the event reads beside the top level and `app`.
  package var part: String {
    switch self {
    case .tap: "tap"
    case .open: "open"
    }
  }
}

extension Situation {
  /// The parts the situation gives (each differs from its default) that its event does not
  /// read, in catalog order: a decision remarks that it ignored them.
  package var unreadParts: [String] {
    var parts: [String] = []
    if event != .tap, tap != Tap() { parts.append("tap") }
    if event != .open, open != Open() { parts.append("open") }
    return parts
  }
}

// The parts by their short names, as the readers and the engine write them.
typealias App = Situation.App
typealias Tap = Situation.Tap
typealias Open = Situation.Open

extension Situation {
  /// The iMessage app's install and publish state, seen from the tapping device.
  public struct App: Sendable, Hashable {
    /// The extension ships inside a container app (false: an iMessage-only app).
    public var hasContainerApp: Bool
    /// The app is installed on the tapping device.
    public var installed: Bool
    /// The extension is switched on in Messages.
    public var enabledInMessages: Bool
    /// The app is published on the App Store.
    public var published: Bool
    /// The iOS SDK the iMessage app was built with; nil means the newest the policies know.
    /// Before 17, `URL(string:)` returns nil for text with a space or non-ASCII characters;
    /// from 17 it percent-encodes them (N-8).
    public var sdkVersion: OSVersion?

    /// The app's state; by default installed, enabled and published, with a container app.
    public init(
      hasContainerApp: Bool = true, installed: Bool = true, enabledInMessages: Bool = true, published: Bool = true, sdkVersion: OSVersion? = nil
    ) {
      self.hasContainerApp = hasContainerApp
      self.installed = installed
      self.enabledInMessages = enabledInMessages
      self.published = published
      self.sdkVersion = sdkVersion
    }
  }
}

extension Situation {
  /// What was tapped, and the state of the extension when it was.
  public struct Tap: Sendable, Hashable {
    /// What the tap lands on (default: the message).
    public var target: Tap.Target
    /// `MSMessage.url` of the tapped message.
    public var url: String?
    /// How the message reached this device (`sms`, `rcs`: the alternate layout, D-6).
    public var transport: Tap.Transport
    /// The message's layout (`live`: an `MSMessageLiveLayout`, N-4).
    public var layout: Tap.Layout
    /// The message was sent with `shouldExpire` and has been removed (N-16).
    public var expired: Bool
    /// The extension was already running (active in the conversation) at the tap.
    public var extensionRunning: Bool
    /// The tapped message was already the selected one (a message just sent counts, D-5).
    public var alreadySelected: Bool
    /// The user had swiped to another iMessage app in the drawer before the tap (F-6).
    public var afterDrawerSwipe: Bool
    /// The context the running extension is presented in (read with `extensionRunning`).
    public var presentationContext: Tap.PresentationContext
    /// The extension's own redirect code.
    public var redirect: Redirect

    /// A tap; by default on a message, with the extension not running and no redirect code.
    public init(
      target: Tap.Target = .message, url: String? = nil, transport: Tap.Transport = .iMessage, layout: Tap.Layout = .template, expired: Bool = false, extensionRunning: Bool = false, alreadySelected: Bool = false, afterDrawerSwipe: Bool = false, presentationContext: Tap.PresentationContext = .messages, redirect: Redirect = Redirect()
    ) {
      self.target = target
      self.url = url
      self.transport = transport
      self.layout = layout
      self.expired = expired
      self.extensionRunning = extensionRunning
      self.alreadySelected = alreadySelected
      self.afterDrawerSwipe = afterDrawerSwipe
      self.presentationContext = presentationContext
      self.redirect = redirect
    }
  }
}

extension Situation {
  /// An `extensionContext.open(url, completionHandler:)` call.
  public struct Open: Sendable, Hashable {
    /// The URL passed to `open(url)`.
    public var url: String?
    /// The extension point of the calling extension (default: a Messages extension).
    public var extensionPoint: Open.ExtensionPoint

    /// An `open(url)` call; by default from a Messages extension.
    public init(
      url: String? = nil, extensionPoint: Open.ExtensionPoint = .messages
    ) {
      self.url = url
      self.extensionPoint = extensionPoint
    }
  }
}

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
    case .transport: .enumeration(Tap.Transport.allCases.map(\.rawValue))
    case .target: .enumeration(Tap.Target.allCases.map(\.rawValue))
    case .layout: .enumeration(Tap.Layout.allCases.map(\.rawValue))
    case .expired: .bool
    case .urlClass: .enumeration(URLSchemeClass.allCases.map(\.rawValue))
    case .urlNeedsEncoding: .bool
    case .extensionRunning: .bool
    case .alreadySelected: .bool
    case .afterDrawerSwipe: .bool
    case .presentationContext: .enumeration(Tap.PresentationContext.allCases.map(\.rawValue))
    case .extensionPoint: .enumeration(Open.ExtensionPoint.allCases.map(\.rawValue))
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
  static let allBits: FactMask = allCases.reduce(0) { $0 | $1.bit }

  /// The fact's bit in a mask of facts (declaration order).
  @inlinable
  var bit: FactMask {
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
  ) -> FactMask {
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
  ) -> FactMask {
    var mask: FactMask = 0
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
      guard Tap.Transport.allCases.indices.contains(index) else { return false }
      self.tap.transport = Tap.Transport.allCases[index]
    case .target:
      guard Tap.Target.allCases.indices.contains(index) else { return false }
      self.tap.target = Tap.Target.allCases[index]
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
      guard Open.ExtensionPoint.allCases.indices.contains(index) else { return false }
      self.open.extensionPoint = Open.ExtensionPoint.allCases[index]
    default: return false
    }
    return true
  }
}

extension JSONReader {
  /// Reads every field of the top level but `event` into `situation`, and records which
  /// facts the document left out.
  mutating func readSituationFields(
    _ fields: [String: JSONValue], path: String, into situation: inout Situation
  ) {
    if let v = fields["platform"],
      let choice = choice(v, path: Self.join(path, "platform"), what: "platform", choices: cases(Platform.self))
    {
      situation.platform = choice
    }
    situation.osVersion = version(fields, "osVersion", what: "OS", path: path)
    if let v = fields["app"] { situation.app = readApp(v, path: Self.join(path, "app")) }
    if let v = fields["tap"] { situation.tap = readTap(v, path: Self.join(path, "tap")) }
    if let v = fields["open"] { situation.open = readOpen(v, path: Self.join(path, "open")) }
    situation.unspecifiedMask = Situation.leftOut(
      keys: fields.keys, app: fields["app"], tap: fields["tap"], open: fields["open"], event: situation.event)
  }

  mutating func readApp(_ value: JSONValue, path: String) -> App {
    var app = App()
    guard let fields = object(value, path: path, allowed: App.CodingKeys.names) else { return app }
    flag(fields, "hasContainerApp", path: path, into: &app.hasContainerApp)
    flag(fields, "installed", path: path, into: &app.installed)
    flag(fields, "enabledInMessages", path: path, into: &app.enabledInMessages)
    flag(fields, "published", path: path, into: &app.published)
    app.sdkVersion = version(fields, "sdkVersion", what: "SDK", path: path)
    return app
  }

  mutating func readTap(_ value: JSONValue, path: String) -> Tap {
    var tap = Tap()
    guard let fields = object(value, path: path, allowed: Tap.CodingKeys.names) else { return tap }
    if let v = fields["target"],
      let choice = choice(v, path: Self.join(path, "target"), what: "target", choices: cases(Tap.Target.self))
    {
      tap.target = choice
    }
    tap.url = url(fields, "url", path: path)
    if let v = fields["transport"],
      let choice = choice(v, path: Self.join(path, "transport"), what: "transport", choices: cases(Tap.Transport.self))
    {
      tap.transport = choice
    }
    if let v = fields["layout"],
      let choice = choice(v, path: Self.join(path, "layout"), what: "layout", choices: cases(Tap.Layout.self))
    {
      tap.layout = choice
    }
    flag(fields, "expired", path: path, into: &tap.expired)
    flag(fields, "extensionRunning", path: path, into: &tap.extensionRunning)
    flag(fields, "alreadySelected", path: path, into: &tap.alreadySelected)
    flag(fields, "afterDrawerSwipe", path: path, into: &tap.afterDrawerSwipe)
    if let v = fields["presentationContext"],
      let choice = choice(v, path: Self.join(path, "presentationContext"), what: "presentation context", choices: cases(Tap.PresentationContext.self))
    {
      tap.presentationContext = choice
    }
    if let v = fields["redirect"] { tap.redirect = redirect(v, path: Self.join(path, "redirect")) }
    return tap
  }

  mutating func readOpen(_ value: JSONValue, path: String) -> Open {
    var open = Open()
    guard let fields = object(value, path: path, allowed: Open.CodingKeys.names) else { return open }
    open.url = url(fields, "url", path: path)
    if let v = fields["extensionPoint"],
      let choice = choice(v, path: Self.join(path, "extensionPoint"), what: "extension point", choices: cases(Open.ExtensionPoint.self))
    {
      open.extensionPoint = choice
    }
    return open
  }
}

extension Situation {
  /// The keys of a situation, in the order diagnostics list them.
  enum CodingKeys: String, CodingKey, CaseIterable {
    case event, platform, osVersion, app, tap, open
  }

  /// Decodes every field but `event` into `self`, and records which facts were left out.
  mutating func decodeFields(from c: KeyedDecodingContainer<CodingKeys>) throws {
    platform = try c.decode(.platform, or: platform)
    osVersion = try c.decodeIfPresent(OSVersion.self, forKey: .osVersion)
    app = try c.decode(.app, or: app)
    tap = try c.decode(.tap, or: tap)
    open = try c.decode(.open, or: open)
    unspecifiedMask = Situation.leftOut(
      top: Set(c.allKeys.map(\.stringValue)),
      app: try Self.keys(in: c, .app), tap: try Self.keys(in: c, .tap), open: try Self.keys(in: c, .open),
      event: event)
  }

  /// Encodes every field; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(event, forKey: .event)
    try c.encode(platform, forKey: .platform)
    try c.encodeIfPresent(osVersion, forKey: .osVersion)
    try c.encode(app, forKey: .app)
    try c.encode(tap, forKey: .tap)
    try c.encode(open, forKey: .open)
  }
}

extension Situation.App: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case hasContainerApp, installed, enabledInMessages, published, sdkVersion
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    hasContainerApp = try c.decode(.hasContainerApp, or: hasContainerApp)
    installed = try c.decode(.installed, or: installed)
    enabledInMessages = try c.decode(.enabledInMessages, or: enabledInMessages)
    published = try c.decode(.published, or: published)
    sdkVersion = try c.decodeIfPresent(OSVersion.self, forKey: .sdkVersion)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(hasContainerApp, forKey: .hasContainerApp)
    try c.encode(installed, forKey: .installed)
    try c.encode(enabledInMessages, forKey: .enabledInMessages)
    try c.encode(published, forKey: .published)
    try c.encodeIfPresent(sdkVersion, forKey: .sdkVersion)
  }
}

extension Situation.Tap: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case target, url, transport, layout, expired, extensionRunning, alreadySelected, afterDrawerSwipe, presentationContext, redirect
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    target = try c.decode(.target, or: target)
    url = try c.decodeURL(forKey: .url)
    transport = try c.decode(.transport, or: transport)
    layout = try c.decode(.layout, or: layout)
    expired = try c.decode(.expired, or: expired)
    extensionRunning = try c.decode(.extensionRunning, or: extensionRunning)
    alreadySelected = try c.decode(.alreadySelected, or: alreadySelected)
    afterDrawerSwipe = try c.decode(.afterDrawerSwipe, or: afterDrawerSwipe)
    presentationContext = try c.decode(.presentationContext, or: presentationContext)
    redirect = try c.decode(.redirect, or: redirect)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(target, forKey: .target)
    try c.encodeIfPresent(url, forKey: .url)
    try c.encode(transport, forKey: .transport)
    try c.encode(layout, forKey: .layout)
    try c.encode(expired, forKey: .expired)
    try c.encode(extensionRunning, forKey: .extensionRunning)
    try c.encode(alreadySelected, forKey: .alreadySelected)
    try c.encode(afterDrawerSwipe, forKey: .afterDrawerSwipe)
    try c.encode(presentationContext, forKey: .presentationContext)
    try c.encode(redirect, forKey: .redirect)
  }
}

extension Situation.Open: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case url, extensionPoint
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    url = try c.decodeURL(forKey: .url)
    extensionPoint = try c.decode(.extensionPoint, or: extensionPoint)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encodeIfPresent(url, forKey: .url)
    try c.encode(extensionPoint, forKey: .extensionPoint)
  }
}

extension Situation {
  /// The situation without the parts its event does not read: what ``minimalJSON`` writes.
  package var relevantPart: Situation {
    var copy = self
    switch event {
    case .tap:
      copy.open = Open()
    case .open:
      copy.tap = Tap()
    }
    return copy
  }

  /// The situation as compact public JSON, listing only what differs from the defaults and
  /// only the parts its event reads
  /// (`{"event":"tap","platform":"watchOS","tap":{"target":"attribution"}}`).
  package var minimalJSON: String {
    var top: [String] = ["\"event\":\"\(event.rawValue)\""]
    if self.platform != .iOS { top.append("\"platform\":\"\(self.platform.rawValue)\"") }
    if let osVersion = self.osVersion { top.append("\"osVersion\":\"\(osVersion)\"") }
    var appFields: [String] = []
    if self.app.hasContainerApp != true { appFields.append("\"hasContainerApp\":\(self.app.hasContainerApp)") }
    if self.app.installed != true { appFields.append("\"installed\":\(self.app.installed)") }
    if self.app.enabledInMessages != true { appFields.append("\"enabledInMessages\":\(self.app.enabledInMessages)") }
    if self.app.published != true { appFields.append("\"published\":\(self.app.published)") }
    if let sdkVersion = self.app.sdkVersion { appFields.append("\"sdkVersion\":\"\(sdkVersion)\"") }
    if !appFields.isEmpty { top.append("\"app\":{" + appFields.joined(separator: ",") + "}") }
    if event == .tap {
      var tapFields: [String] = []
      if self.tap.target != .message { tapFields.append("\"target\":\"\(self.tap.target.rawValue)\"") }
      if let url = self.tap.url { tapFields.append("\"url\":\(Self.jsonString(url))") }
      if self.tap.transport != .iMessage { tapFields.append("\"transport\":\"\(self.tap.transport.rawValue)\"") }
      if self.tap.layout != .template { tapFields.append("\"layout\":\"\(self.tap.layout.rawValue)\"") }
      if self.tap.expired != false { tapFields.append("\"expired\":\(self.tap.expired)") }
      if self.tap.extensionRunning != false { tapFields.append("\"extensionRunning\":\(self.tap.extensionRunning)") }
      if self.tap.alreadySelected != false { tapFields.append("\"alreadySelected\":\(self.tap.alreadySelected)") }
      if self.tap.afterDrawerSwipe != false { tapFields.append("\"afterDrawerSwipe\":\(self.tap.afterDrawerSwipe)") }
      if self.tap.presentationContext != .messages { tapFields.append("\"presentationContext\":\"\(self.tap.presentationContext.rawValue)\"") }
      if let redirect = self.tap.redirect.redirectJSON { tapFields.append("\"redirect\":" + redirect) }
      if !tapFields.isEmpty { top.append("\"tap\":{" + tapFields.joined(separator: ",") + "}") }
    }
    if event == .open {
      var openFields: [String] = []
      if let url = self.open.url { openFields.append("\"url\":\(Self.jsonString(url))") }
      if self.open.extensionPoint != .messages { openFields.append("\"extensionPoint\":\"\(self.open.extensionPoint.rawValue)\"") }
      if !openFields.isEmpty { top.append("\"open\":{" + openFields.joined(separator: ",") + "}") }
    }
    return "{" + top.joined(separator: ",") + "}"
  }
}

/// The names of each value a situation field reads, as bytes, made once.
enum SituationNames {
  static let event = table(Situation.Event.self)
  static let platform = table(Platform.self)
  static let tapTarget = table(Tap.Target.self)
  static let tapTransport = table(Tap.Transport.self)
  static let tapLayout = table(Tap.Layout.self)
  static let tapPresentationContext = table(Tap.PresentationContext.self)
  static let openExtensionPoint = table(Open.ExtensionPoint.self)

  static func table<T: CaseIterable & RawRepresentable>(_: T.Type) -> [([UInt8], T)]
  where T.RawValue == String {
    T.allCases.map { (Array($0.rawValue.utf8), $0) }
  }
}

extension SituationScanner {
  mutating func situation() -> Situation? {
    var situation = Situation(event: .tap)
    var seen = Seen()
    var hasEvent = false
    let ok = object { this, key in
      switch key {
      case "event":
        guard seen.first(0), let event = this.choice(SituationNames.event) else { return false }
        situation.event = event
        hasEvent = true
        return true
      case "platform":
        guard seen.first(1), let value = this.choice(SituationNames.platform) else { return false }
        situation.platform = value
        this.given |= Fact.platform.bit
        return true
      case "osVersion":
        guard seen.first(2) else { return false }
        this.given |= Fact.osVersion.bit
        if this.null() { return true }
        guard let text = this.string(), let version = OSVersion(parsing: text) else { return false }
        situation.osVersion = version
        return true
      case "app":
        guard seen.first(3), let app = this.readApp() else { return false }
        situation.app = app
        return true
      case "tap":
        guard seen.first(4), let tap = this.readTap() else { return false }
        situation.tap = tap
        return true
      case "open":
        guard seen.first(5), let open = this.readOpen() else { return false }
        situation.open = open
        return true
      default: return false
      }
    }
    guard ok && hasEvent else { return nil }
    // As the strict reader records them: the URL facts come from the URL the event reads.
    var given = self.given
    let urlFacts: FactMask = Fact.urlClass.bit | Fact.urlNeedsEncoding.bit
    switch situation.event {
    case .tap: if urlGiven & 2 != 0 { given |= urlFacts }
    case .open: if urlGiven & 4 != 0 { given |= urlFacts }
    }
    situation.unspecifiedMask = Fact.allBits & ~given
    return situation
  }

  mutating func readApp() -> App? {
    var app = App()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "hasContainerApp":
        guard seen.first(0), this.bool(into: &app.hasContainerApp) else { return false }
        this.given |= Fact.hasContainerApp.bit
        return true
      case "installed":
        guard seen.first(1), this.bool(into: &app.installed) else { return false }
        this.given |= Fact.installed.bit
        return true
      case "enabledInMessages":
        guard seen.first(2), this.bool(into: &app.enabledInMessages) else { return false }
        this.given |= Fact.enabledInMessages.bit
        return true
      case "published":
        guard seen.first(3), this.bool(into: &app.published) else { return false }
        this.given |= Fact.published.bit
        return true
      case "sdkVersion":
        guard seen.first(4) else { return false }
        this.given |= Fact.sdkVersion.bit
        if this.null() { return true }
        guard let text = this.string(), let version = OSVersion(parsing: text) else { return false }
        app.sdkVersion = version
        return true
      default: return false
      }
    }
    return ok ? app : nil
  }

  mutating func readTap() -> Tap? {
    var tap = Tap()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "target":
        guard seen.first(0), let value = this.choice(SituationNames.tapTarget) else { return false }
        tap.target = value
        this.given |= Fact.target.bit
        return true
      case "url":
        this.urlGiven |= 2
        return seen.first(1) && this.url(into: &tap.url)
      case "transport":
        guard seen.first(2), let value = this.choice(SituationNames.tapTransport) else { return false }
        tap.transport = value
        this.given |= Fact.transport.bit
        return true
      case "layout":
        guard seen.first(3), let value = this.choice(SituationNames.tapLayout) else { return false }
        tap.layout = value
        this.given |= Fact.layout.bit
        return true
      case "expired":
        guard seen.first(4), this.bool(into: &tap.expired) else { return false }
        this.given |= Fact.expired.bit
        return true
      case "extensionRunning":
        guard seen.first(5), this.bool(into: &tap.extensionRunning) else { return false }
        this.given |= Fact.extensionRunning.bit
        return true
      case "alreadySelected":
        guard seen.first(6), this.bool(into: &tap.alreadySelected) else { return false }
        this.given |= Fact.alreadySelected.bit
        return true
      case "afterDrawerSwipe":
        guard seen.first(7), this.bool(into: &tap.afterDrawerSwipe) else { return false }
        this.given |= Fact.afterDrawerSwipe.bit
        return true
      case "presentationContext":
        guard seen.first(8), let value = this.choice(SituationNames.tapPresentationContext) else { return false }
        tap.presentationContext = value
        this.given |= Fact.presentationContext.bit
        return true
      case "redirect":
        guard seen.first(9), let value = this.redirect() else { return false }
        tap.redirect = value
        return true
      default: return false
      }
    }
    return ok ? tap : nil
  }

  mutating func readOpen() -> Open? {
    var open = Open()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "url":
        this.urlGiven |= 4
        return seen.first(0) && this.url(into: &open.url)
      case "extensionPoint":
        guard seen.first(1), let value = this.choice(SituationNames.openExtensionPoint) else { return false }
        open.extensionPoint = value
        this.given |= Fact.extensionPoint.bit
        return true
      default: return false
      }
    }
    return ok ? open : nil
  }
}
