import TapRouteAASA

/// Strict decoding of the public situation JSON, with located diagnostics.
extension Situation {
  /// Largest situation document accepted, in bytes.
  public static let maximumDocumentBytes = 1 << 20
  /// Longest URL string accepted in a situation, in characters (Unicode code points, as JSON
  /// Schema's `maxLength` counts them, so the schema and the reader agree).
  public static let maximumURLLength = 64 * 1024

  /// Reads one situation from untrusted JSON with the strict reader: a size limit, duplicate
  /// keys refused, and every problem reported at once with its line and column.
  ///
  /// `JSONDecoder` applies the same keys, defaults and checks to trusted values, but a
  /// `Decoder` cannot see duplicate keys or say where in the text a problem is.
  public init(json bytes: some Sequence<UInt8>, file: String = "situation.json") throws(DiagnosticsError) {
    self = try Situation.parse(Array(bytes), file: file).get()
  }

  /// Parses one situation from JSON bytes; `file` names the input in diagnostics.
  ///
  /// An ordinary situation is read by `parseCommon(_:)` without building a JSON tree; any
  /// other input, and every input with a problem, goes through the strict reader.
  /// A `cache` (one per thread) keeps the `app.aasa` files already read, for a batch.
  package static func parse(_ bytes: [UInt8], file: String, cache: AASAFilesCache? = nil) -> Result<
    Situation, DiagnosticsError
  > {
    if let situation = parseCommon(bytes, cache: cache) { return .success(situation) }
    return parseStrictly(bytes, file: file)
  }

  /// Parses with the strict reader alone: a JSON tree, then every field checked.
  package static func parseStrictly(_ bytes: [UInt8], file: String) -> Result<Situation, DiagnosticsError> {
    JSONParser.document(bytes, file: file, what: "situation", maximumBytes: maximumDocumentBytes)
      .flatMap { decode($0, file: file) }
  }

  /// Decodes a parsed situation, reporting every problem at once.
  package static func decode(_ value: JSONValue, file: String) -> Result<Situation, DiagnosticsError> {
    var reader = JSONReader(file: file, codes: .situation)
    reader.limit = Diagnostic.reportLimit
    let situation = reader.situation(value, path: "$")
    if var situation, reader.diagnostics.isEmpty {
      // The Android facts the app's files decide, where the document leaves them out.
      situation.applyAndroidFiles(to: situation.unspecifiedMask)
      return .success(situation)
    }
    return .failure(DiagnosticsError(reader.sortedDiagnostics, omitted: reader.omitted))
  }
}

extension JSONReader {
  fileprivate mutating func situation(_ value: JSONValue, path: String) -> Situation? {
    guard
      let fields = object(
        value, path: path, allowed: Situation.CodingKeys.names)
    else { return nil }
    var situation = Situation(event: .tap)
    var ok = true
    if let v = require(fields, "event", path: path, at: value.location) {
      if let event = choice(
        v, path: Self.join(path, "event"), what: "event", choices: cases(Situation.Event.self))
      {
        situation.event = event
      } else {
        ok = false
      }
    } else {
      ok = false
    }
    readSituationFields(fields, path: path, into: &situation)
    if let members = fields["android"]?.objectValue {
      let android = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
      checkAndroidFiles(situation.android, fields: android, path: Self.join(path, "android"))
    }
    if ok, situation.platform == .android, !situation.event.readsAndroid, let v = fields["platform"] {
      error(
        .situationUnknownValue,
        "platform \"android\" is read for the link event only; the \(situation.event.rawValue) event's tables speak of Apple's platforms",
        path: Self.join(path, "platform"), at: v.location)
      return nil
    }
    return ok ? situation : nil
  }

  /// An OS or SDK version field (`what`: "OS" or "SDK"); nil when absent or null.
  package mutating func version(_ fields: [String: JSONValue], _ key: String, what: String, path: String)
    -> OSVersion?
  {
    guard let v = fields[key], !v.isNull else { return nil }
    let p = Self.join(path, key)
    guard let text = string(v, path: p) else { return nil }
    if let version = OSVersion(parsing: text) { return version }
    error(
      .situationBadVersion,
      "invalid \(what) version \(Words.quoted(text)); expected MAJOR[.MINOR[.PATCH]] with numbers up to \(OSVersion.maximumComponent)",
      path: p, at: v.location)
    return nil
  }

  package func cases<T: CaseIterable & RawRepresentable>(_: T.Type) -> [(String, T)]
  where T.RawValue == String {
    T.allCases.map { ($0.rawValue, $0) }
  }

  package mutating func flag(
    _ fields: [String: JSONValue], _ key: String, path: String, into target: inout Bool
  ) {
    if let v = fields[key], let b = bool(v, path: Self.join(path, key)) { target = b }
  }

  package mutating func url(_ fields: [String: JSONValue], _ key: String, path: String) -> String? {
    guard let v = fields[key] else { return nil }
    let p = Self.join(path, key)
    guard let text = nullableString(v, path: p) ?? nil else { return nil }
    if text.unicodeScalars.count > Situation.maximumURLLength {
      error(
        .inputTooLarge,
        "URL is \(Diagnostic.grouped(Int64(text.unicodeScalars.count))) characters; the limit is \(Diagnostic.grouped(Int64(Situation.maximumURLLength)))",
        path: p, at: v.location)
      return nil
    }
    return text
  }

  /// A string field or null (`app.appID`); nil when absent or null. At most
  /// ``Situation/maximumURLLength`` characters, as a URL.
  package mutating func text(_ fields: [String: JSONValue], _ key: String, path: String) -> String? {
    guard let v = fields[key] else { return nil }
    let p = Self.join(path, key)
    guard let text = nullableString(v, path: p) ?? nil else { return nil }
    return withinTextLimit(text, path: p, at: v.location) ? text : nil
  }

  /// An array of strings or null (`app.urlSchemes`); nil when absent or null. Each string at
  /// most ``Situation/maximumURLLength`` characters.
  package mutating func texts(_ fields: [String: JSONValue], _ key: String, path: String) -> [String]? {
    guard let v = fields[key], !v.isNull else { return nil }
    let p = Self.join(path, key)
    guard let items = array(v, path: p) else { return nil }
    var texts: [String] = []
    for (i, item) in items.enumerated() {
      let itemPath = Self.join(p, i)
      if let text = string(item, path: itemPath), withinTextLimit(text, path: itemPath, at: item.location) {
        texts.append(text)
      }
    }
    return texts
  }

  /// False, with an error, for a string over ``Situation/maximumURLLength`` characters.
  private mutating func withinTextLimit(_ text: String, path: String, at location: SourcePosition) -> Bool {
    guard text.unicodeScalars.count > Situation.maximumURLLength else { return true }
    error(
      .inputTooLarge,
      "the string is \(Diagnostic.grouped(Int64(text.unicodeScalars.count))) characters; the limit is \(Diagnostic.grouped(Int64(Situation.maximumURLLength)))",
      path: path, at: location)
    return false
  }

  package mutating func redirect(_ value: JSONValue, path: String) -> Redirect {
    var redirect = Redirect()
    guard let fields = object(value, path: path, allowed: Redirect.CodingKeys.names) else { return redirect }
    if let v = fields["hooks"], let items = array(v, path: Self.join(path, "hooks")) {
      let choices = Redirect.Hook.allCases.map { ($0.rawValue, $0) }
      for (i, item) in items.enumerated() {
        let p = Self.join(Self.join(path, "hooks"), i)
        if let hook = choice(item, path: p, what: "hook", choices: choices), !redirect.hooks.insert(hook) {
          error(
            .situationUnknownValue, "hook \"\(hook.rawValue)\" is listed twice", path: p, at: item.location)
        }
      }
    }
    redirect.url = url(fields, "url", path: path)
    return redirect
  }
}
