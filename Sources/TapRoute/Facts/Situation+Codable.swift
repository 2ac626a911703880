/// `Codable` for trusted values, with the strict reader's keys, defaults and checks.
///
/// Every key but `event` may be left out and takes the same default as in
/// `Situation(json:)`; unknown keys, unknown values, a hook listed twice and a URL over
/// ``Situation/maximumURLLength`` are errors. What the reader adds for untrusted input (a
/// size limit, duplicate keys refused, errors located by line and column) needs the JSON
/// text itself, which a `Decoder` does not give.
extension Situation: Codable {
  /// The keys of a situation, in the order diagnostics list them.
  enum CodingKeys: String, CodingKey, CaseIterable {
    case event, platform, osVersion, app, tap, open
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init(event: try c.decode(Event.self, forKey: .event))
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

  /// The keys of the part at `key`, nil when it is absent.
  private static func keys(in c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Set<String>?
  {
    guard c.contains(key) else { return nil }
    return Set(try c.nestedContainer(keyedBy: AnyKey.self, forKey: key).allKeys.map(\.stringValue))
  }

  /// Encodes the JSON form; nil fields are left out.
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
    case target, url, transport, layout, expired, extensionRunning, alreadySelected, afterDrawerSwipe
    case presentationContext, redirect
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

extension Situation.Redirect: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case hooks, url
  }

  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init()
    hooks = try c.decode(.hooks, or: hooks)
    url = try c.decodeURL(forKey: .url)
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(hooks, forKey: .hooks)
    try c.encodeIfPresent(url, forKey: .url)
  }
}

extension Situation.Redirect.Hook: Codable {}

extension Situation.Redirect.Hooks: Codable {
  /// Decodes an array of hook names; a hook listed twice is an error, as in the strict reader.
  public init(from decoder: any Decoder) throws {
    var c = try decoder.unkeyedContainer()
    self.init()
    while !c.isAtEnd {
      let hook = try c.decode(Situation.Redirect.Hook.self)
      guard insert(hook) else {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: c.codingPath + [AnyKey(intValue: c.currentIndex - 1)],
            debugDescription: "hook \"\(hook.rawValue)\" is listed twice"))
      }
    }
  }

  /// Encodes the JSON form; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.unkeyedContainer()
    for hook in hooks { try c.encode(hook) }
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

extension CaseIterable where Self: CodingKey {
  /// The key names, in declaration order: the strict reader's allowed keys.
  static var names: [String] { allCases.map(\.stringValue) }
}

extension Decoder {
  /// A keyed container that refuses keys outside `Key`, as the strict reader does.
  fileprivate func strictContainer<Key: CodingKey & CaseIterable>(
    keyedBy _: Key.Type
  ) throws -> KeyedDecodingContainer<Key> {
    let all = try container(keyedBy: AnyKey.self)
    for key in all.allKeys where Key(stringValue: key.stringValue) == nil {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: codingPath + [key],
          debugDescription:
            "unknown key \(Words.quoted(key.stringValue)); allowed: \(Key.names.joined(separator: ", "))"
        ))
    }
    return try container(keyedBy: Key.self)
  }
}

extension KeyedDecodingContainer {
  /// The value at `key`, or `fallback` when the key is absent; `null` is a type error, as in
  /// the strict reader.
  fileprivate func decode<T: Decodable>(_ key: Key, or fallback: T) throws -> T {
    contains(key) ? try decode(T.self, forKey: key) : fallback
  }

  /// A URL: a string or null, at most ``Situation/maximumURLLength`` characters.
  fileprivate func decodeURL(forKey key: Key) throws -> String? {
    guard let url = try decodeIfPresent(String.self, forKey: key) else { return nil }
    guard url.unicodeScalars.count <= Situation.maximumURLLength else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription:
          "URL is \(url.unicodeScalars.count) characters; the limit is \(Situation.maximumURLLength)")
    }
    return url
  }
}

/// Any key: to list the keys a decoder holds, and to name an array element in an error.
private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) {
    stringValue = "Index \(intValue)"
    self.intValue = intValue
  }
}
