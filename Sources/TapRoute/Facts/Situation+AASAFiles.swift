import TapRouteAASA

extension Situation {
  /// `app.aasa`: the apple-app-site-association file each of the app's domains serves (or the
  /// CDN holds, U-18), as domain -> document. Empty means unknown: the universal-link verdict
  /// is then `unknown`.
  ///
  /// Each document is read by the `aasa check` reader (`AASADocument`); its errors are the
  /// situation's, located inside the situation. Two values are equal when they hold the same
  /// domains with the same JSON, whatever its layout or key order.
  public struct AASAFiles: Sendable, Hashable {
    /// One domain's file.
    package struct File: Sendable {
      /// The domain, lower-cased (host names ignore letter case).
      package var domain: String
      /// The document as compact JSON with sorted keys: what equality compares and the
      /// writers write.
      package var json: String
      /// The document as read, its patterns compiled (``PreparedAASA``).
      package var prepared: PreparedAASA
    }

    /// The files, in the order given.
    package private(set) var files: [File] = []

    /// No file: the verdict of every link is unknown.
    public init() {}

    /// The domains with a file, lower-cased, in the order given.
    public var domains: [String] { files.map(\.domain) }

    /// True when no domain has a file.
    public var isEmpty: Bool { files.isEmpty }

    /// The document `domain` serves (letter case ignored), nil when not given.
    public subscript(domain: String) -> AASADocument? {
      let key = domain.lowercased()
      return files.first { $0.domain == key }?.prepared.document
    }

    /// The compiled file of `domain`, given lower-cased; nil when not given.
    package func prepared(lowercased domain: String) -> PreparedAASA? {
      domain.withUTF8Bytes { prepared(lowercased: $0) }
    }

    /// The compiled file of the domain whose lower-cased UTF-8 bytes are `domain`, compared in
    /// place; nil when not given.
    package func prepared(lowercased domain: UnsafeBufferPointer<UInt8>) -> PreparedAASA? {
      for i in files.indices where files[i].domain.withUTF8Bytes({ Situation.same($0, domain) }) {
        return files[i].prepared
      }
      return nil
    }

    /// Adds (or replaces) `domain`'s file from its JSON bytes, read as `aasa check` reads a
    /// file; its errors are thrown (warnings, such as an ignored key, are not).
    public mutating func set(domain: String, json bytes: some Sequence<UInt8>) throws(DiagnosticsError) {
      let bytes = Array(bytes)
      let file = "\(domain)/.well-known/apple-app-site-association"
      let root: JSONValue
      switch JSONParser.document(
        bytes, file: file, what: "apple-app-site-association file", maximumBytes: AASADocument.readLimit)
      {
      case .success(let value): root = value
      case .failure(let error): throw error
      }
      let check = AASADocument.read(root, at: "$", file: file)
      let errors = check.diagnostics.filter { $0.severity == .error }
      guard errors.isEmpty else { throw DiagnosticsError(errors) }
      insert(domain: domain, root: root, document: check.document)
    }

    /// Adds or replaces a domain's file.
    package mutating func insert(domain: String, root: JSONValue, document: AASADocument) {
      let file = File(domain: domain.lowercased(), json: root.canonicalText, prepared: PreparedAASA(document))
      if let i = files.firstIndex(where: { $0.domain == file.domain }) {
        files[i] = file
      } else {
        files.append(file)
      }
    }

    /// Equal when the same domains hold the same JSON, in the same order.
    public static func == (a: AASAFiles, b: AASAFiles) -> Bool {
      a.files.map(\.domain) == b.files.map(\.domain) && a.files.map(\.json) == b.files.map(\.json)
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
      for file in files {
        hasher.combine(file.domain)
        hasher.combine(file.json)
      }
    }

    /// A domain name as `app.aasa` takes it: a host, without scheme, port, path or space.
    package static func isDomain(_ text: String) -> Bool {
      !text.isEmpty
        && !text.unicodeScalars.contains { $0.value <= 0x20 || "/:?#@".unicodeScalars.contains($0) }
    }
  }
}

// MARK: Readers and writers

extension JSONReader {
  /// Reads `app.aasa`: an object from domain to document, each document checked as
  /// `aasa check` checks a file; its errors are reported at their place in the situation.
  package mutating func aasa(_ value: JSONValue, path: String) -> Situation.AASAFiles {
    var files = Situation.AASAFiles()
    guard let members = value.objectValue else {
      wrongType(value, expected: "an object from domain to apple-app-site-association document", path: path)
      return files
    }
    for member in members {
      let p = Self.join(path, member.key)
      guard Situation.AASAFiles.isDomain(member.key) else {
        error(
          .situationUnknownValue,
          "\(Words.quoted(member.key)) is not a domain name (a host: no scheme, port, path or space)",
          path: p, at: member.keyLocation)
        continue
      }
      let check = AASADocument.read(member.value, at: p, file: file)
      let errors = check.diagnostics.filter { $0.severity == .error }
      for e in errors { error(e.code, e.message, path: e.path, at: e.location) }
      if errors.isEmpty { files.insert(domain: member.key, root: member.value, document: check.document) }
    }
    return files
  }
}

extension SituationScanner {
  /// `app.aasa` when it is `{}` (as `JSONEncoder` writes no file), or, with a cache, a value
  /// whose files read without an error (``AASAFilesCache``). Anything else is left to the
  /// strict reader, which checks each document as `aasa check` does and locates its errors.
  package mutating func aasa() -> Situation.AASAFiles? {
    var empty = self
    if empty.object({ _, _ in false }) {
      self = empty
      return Situation.AASAFiles()
    }
    guard let cache = aasaCache, let bytes = skipObject() else { return nil }
    return cache.files(bytes)
  }
}

/// The `app.aasa` values a run of ``Situation/parseCommon(_:cache:)`` has read, by their
/// bytes: a batch of situations for one app repeats the same files, and reading and
/// compiling a file costs far more than the rest of a situation (`decide --lines`).
///
/// A value is read as the strict reader reads it inside a situation (the same parser, its
/// nesting limit counted from the situation's root, the same document reader) and kept only
/// when it has no error; one with an error is not kept, so the strict reader reads the whole
/// situation again and locates the error. The cache holds at most ``limit`` bytes of keys and
/// forgets everything when full. One cache serves one thread.
package final class AASAFilesCache {
  private var entries: [[UInt8]: Situation.AASAFiles] = [:]
  private var size = 0
  /// The most key bytes held.
  package let limit: Int

  package init(limit: Int = 1 << 20) { self.limit = limit }

  /// The values held.
  package var count: Int { entries.count }

  /// The files in `bytes` (an `app.aasa` value), read once; nil when it has an error.
  package func files(_ bytes: UnsafeBufferPointer<UInt8>) -> Situation.AASAFiles? {
    let key = Array(bytes)
    if let files = entries[key] { return files }
    // The value is two levels below the situation's root (`$.app.aasa`).
    guard case .success(let value) = JSONParser.parse(key, maximumDepth: JSONParser.defaultMaximumDepth - 2)
    else { return nil }
    var reader = JSONReader(file: "", codes: .situation)
    let files = reader.aasa(value, path: "$.app.aasa")
    guard reader.diagnostics.isEmpty else { return nil }
    if size + key.count > limit {
      entries.removeAll(keepingCapacity: true)
      size = 0
    }
    if key.count <= limit {
      entries[key] = files
      size += key.count
    }
    return files
  }
}

extension Situation.AASAFiles {
  /// The files as compact JSON, nil when there is none (the generated
  /// ``Situation/minimalJSON`` writes it under `app.aasa`).
  package var aasaJSON: String? {
    guard !files.isEmpty else { return nil }
    return "{" + files.map { Escaping.jsonString($0.domain) + ":" + $0.json }.joined(separator: ",") + "}"
  }
}

extension Situation.AASAFiles: Codable {
  /// Decodes an object from domain to document; a document with an error, or a key that is
  /// not a domain, is a `dataCorrupted` error at its key.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: JSONCodingKey.self)
    self.init()
    for key in c.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
      guard Self.isDomain(key.stringValue) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: c, debugDescription: "\(Words.quoted(key.stringValue)) is not a domain name")
      }
      let root = try c.decode(JSONValue.self, forKey: key)
      let check = AASADocument.read(root, at: "$", file: key.stringValue)
      if let first = check.diagnostics.first(where: { $0.severity == .error }) {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: c, debugDescription: "\(first.path): \(first.message) [\(first.code.rawValue)]")
      }
      insert(domain: key.stringValue, root: root, document: check.document)
    }
  }

  /// Encodes the object from domain to document.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: JSONCodingKey.self)
    for file in files {
      guard let root = try? JSONParser.parse(Array(file.json.utf8)).get() else { continue }
      try c.encode(EncodedJSON(value: root), forKey: JSONCodingKey(stringValue: file.domain))
    }
  }
}

extension JSONValue {
  /// The value as compact JSON with each object's keys sorted: the same text for the same
  /// value however it was laid out or decoded.
  package var canonicalText: String {
    switch kind {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let n):
      if n.rounded() == n, abs(n) < 1e15 { return String(Int64(n)) }
      return "\(n)"
    case .string(let s): return Escaping.jsonString(s)
    case .array(let items): return "[" + items.map(\.canonicalText).joined(separator: ",") + "]"
    case .object(let members):
      let sorted = members.sorted { $0.key < $1.key }
      return "{"
        + sorted.map { Escaping.jsonString($0.key) + ":" + $0.value.canonicalText }.joined(separator: ",")
        + "}"
    }
  }
}

/// An object's key (a domain, a member name) as a coding key.
package struct JSONCodingKey: CodingKey {
  package var stringValue: String
  package var intValue: Int? { nil }
  package init(stringValue: String) { self.stringValue = stringValue }
  package init?(intValue: Int) { nil }
}

/// A JSON value written through an `Encoder`.
package struct EncodedJSON: Encodable {
  package var value: JSONValue

  package init(value: JSONValue) { self.value = value }

  package func encode(to encoder: any Encoder) throws {
    switch value.kind {
    case .null:
      var c = encoder.singleValueContainer()
      try c.encodeNil()
    case .bool(let b):
      var c = encoder.singleValueContainer()
      try c.encode(b)
    case .number(let n):
      var c = encoder.singleValueContainer()
      try c.encode(n)
    case .string(let s):
      var c = encoder.singleValueContainer()
      try c.encode(s)
    case .array(let items):
      var c = encoder.unkeyedContainer()
      for item in items { try c.encode(EncodedJSON(value: item)) }
    case .object(let members):
      var c = encoder.container(keyedBy: JSONCodingKey.self)
      for member in members {
        try c.encode(EncodedJSON(value: member.value), forKey: JSONCodingKey(stringValue: member.key))
      }
    }
  }
}
