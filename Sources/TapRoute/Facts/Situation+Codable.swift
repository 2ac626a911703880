import TapRouteAASA

/// `Codable` for trusted values, with the strict reader's keys, defaults and checks.
///
/// Every key but `event` may be left out and takes the same default as in
/// `Situation(json:)`; unknown keys, unknown values, a hook listed twice and a URL over
/// ``Situation/maximumURLLength`` are errors. What the reader adds for untrusted input (a
/// size limit, duplicate keys refused, errors located by line and column) needs the JSON
/// text itself, which a `Decoder` does not give.
extension Situation: Codable {
  /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
  /// The fields but `event` are read by the generated `decodeFields(from:)`.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
    self.init(event: try c.decode(Event.self, forKey: .event))
    try decodeFields(from: c)
    applyAndroidFiles(to: unspecifiedMask)
  }

  /// The keys of the part at `key`, nil when it is absent.
  static func keys(in c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Set<String>? {
    guard c.contains(key) else { return nil }
    return Set(try c.nestedContainer(keyedBy: AnyKey.self, forKey: key).allKeys.map(\.stringValue))
  }
}

extension Situation.Redirect: Codable {
  package enum CodingKeys: String, CodingKey, CaseIterable {
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

extension CaseIterable where Self: CodingKey {
  /// The key names, in declaration order: the strict reader's allowed keys.
  package static var names: [String] { allCases.map(\.stringValue) }
}

extension Decoder {
  /// A keyed container that refuses keys outside `Key`, as the strict reader does.
  package func strictContainer<Key: CodingKey & CaseIterable>(
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
  package func decode<T: Decodable>(_ key: Key, or fallback: T) throws -> T {
    contains(key) ? try decode(T.self, forKey: key) : fallback
  }

  /// A URL: a string or null, at most ``Situation/maximumURLLength`` characters.
  package func decodeURL(forKey key: Key) throws -> String? {
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

extension KeyedDecodingContainer {
  /// A string or null (`app.appID`), at most ``Situation/maximumURLLength`` characters.
  package func decodeText(forKey key: Key) throws -> String? {
    guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
    try checkLength(text, forKey: key)
    return text
  }

  /// An array of strings or null (`app.urlSchemes`), each at most
  /// ``Situation/maximumURLLength`` characters.
  package func decodeTexts(forKey key: Key) throws -> [String]? {
    guard let texts = try decodeIfPresent([String].self, forKey: key) else { return nil }
    for text in texts { try checkLength(text, forKey: key) }
    return texts
  }

  private func checkLength(_ text: String, forKey key: Key) throws {
    guard text.unicodeScalars.count <= Situation.maximumURLLength else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription:
          "the string is \(text.unicodeScalars.count) characters; the limit is \(Situation.maximumURLLength)")
    }
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
