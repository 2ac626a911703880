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
  package static func parse(_ bytes: [UInt8], file: String) -> Result<Situation, DiagnosticsError> {
    if let situation = parseCommon(bytes) { return .success(situation) }
    return parseStrictly(bytes, file: file)
  }

  /// Parses with the strict reader alone: a JSON tree, then every field checked.
  static func parseStrictly(_ bytes: [UInt8], file: String) -> Result<Situation, DiagnosticsError> {
    JSONParser.document(bytes, file: file, what: "situation", maximumBytes: maximumDocumentBytes)
      .flatMap { decode($0, file: file) }
  }

  /// Decodes a parsed situation, reporting every problem at once.
  package static func decode(_ value: JSONValue, file: String) -> Result<Situation, DiagnosticsError> {
    var reader = JSONReader(file: file, codes: .situation)
    reader.limit = Diagnostic.reportLimit
    let situation = reader.situation(value, path: "$")
    if let situation, reader.diagnostics.isEmpty { return .success(situation) }
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
    if let v = fields["platform"] {
      if let p = choice(v, path: Self.join(path, "platform"), what: "platform", choices: cases(Platform.self))
      {
        situation.platform = p
      }
    }
    situation.osVersion = version(fields, "osVersion", path: path)
    if let v = fields["app"] { situation.app = app(v, path: Self.join(path, "app")) }
    if let v = fields["tap"] { situation.tap = tap(v, path: Self.join(path, "tap")) }
    if let v = fields["open"] { situation.open = open(v, path: Self.join(path, "open")) }
    situation.unspecifiedMask = Situation.leftOut(
      keys: fields.keys, app: fields["app"], tap: fields["tap"], open: fields["open"], event: situation.event)
    return ok ? situation : nil
  }

  /// An OS or SDK version field; nil when absent or null.
  private mutating func version(_ fields: [String: JSONValue], _ key: String, path: String) -> OSVersion? {
    guard let v = fields[key], !v.isNull else { return nil }
    let p = Self.join(path, key)
    guard let text = string(v, path: p) else { return nil }
    if let version = OSVersion(parsing: text) { return version }
    error(
      .situationBadVersion,
      "invalid \(key == "sdkVersion" ? "SDK" : "OS") version \(Words.quoted(text)); expected MAJOR[.MINOR[.PATCH]] with numbers up to \(OSVersion.maximumComponent)",
      path: p, at: v.location)
    return nil
  }

  private func cases<T: CaseIterable & RawRepresentable>(_: T.Type) -> [(String, T)]
  where T.RawValue == String {
    T.allCases.map { ($0.rawValue, $0) }
  }

  private mutating func flag(
    _ fields: [String: JSONValue], _ key: String, path: String, into target: inout Bool
  ) {
    if let v = fields[key], let b = bool(v, path: Self.join(path, key)) { target = b }
  }

  private mutating func url(_ fields: [String: JSONValue], path: String) -> String? {
    guard let v = fields["url"] else { return nil }
    let p = Self.join(path, "url")
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

  private mutating func app(_ value: JSONValue, path: String) -> App {
    var app = App()
    guard
      let fields = object(
        value, path: path, allowed: App.CodingKeys.names)
    else { return app }
    flag(fields, "hasContainerApp", path: path, into: &app.hasContainerApp)
    flag(fields, "installed", path: path, into: &app.installed)
    flag(fields, "enabledInMessages", path: path, into: &app.enabledInMessages)
    flag(fields, "published", path: path, into: &app.published)
    app.sdkVersion = version(fields, "sdkVersion", path: path)
    return app
  }

  private mutating func tap(_ value: JSONValue, path: String) -> Tap {
    var tap = Tap()
    guard
      let fields = object(
        value, path: path,
        allowed: Tap.CodingKeys.names)
    else { return tap }
    if let v = fields["target"],
      let t = choice(v, path: Self.join(path, "target"), what: "target", choices: cases(TapTarget.self))
    {
      tap.target = t
    }
    tap.url = url(fields, path: path)
    if let v = fields["transport"],
      let t = choice(v, path: Self.join(path, "transport"), what: "transport", choices: cases(Transport.self))
    {
      tap.transport = t
    }
    if let v = fields["layout"],
      let l = choice(v, path: Self.join(path, "layout"), what: "layout", choices: cases(Tap.Layout.self))
    {
      tap.layout = l
    }
    flag(fields, "expired", path: path, into: &tap.expired)
    flag(fields, "extensionRunning", path: path, into: &tap.extensionRunning)
    flag(fields, "alreadySelected", path: path, into: &tap.alreadySelected)
    flag(fields, "afterDrawerSwipe", path: path, into: &tap.afterDrawerSwipe)
    if let v = fields["presentationContext"],
      let c = choice(
        v, path: Self.join(path, "presentationContext"), what: "presentation context",
        choices: cases(Tap.PresentationContext.self))
    {
      tap.presentationContext = c
    }
    if let v = fields["redirect"] { tap.redirect = redirect(v, path: Self.join(path, "redirect")) }
    return tap
  }

  private mutating func redirect(_ value: JSONValue, path: String) -> Redirect {
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
    redirect.url = url(fields, path: path)
    return redirect
  }

  private mutating func open(_ value: JSONValue, path: String) -> Open {
    var open = Open()
    guard let fields = object(value, path: path, allowed: Open.CodingKeys.names) else { return open }
    open.url = url(fields, path: path)
    if let v = fields["extensionPoint"],
      let point = choice(
        v, path: Self.join(path, "extensionPoint"), what: "extension point",
        choices: cases(ExtensionPoint.self))
    {
      open.extensionPoint = point
    }
    return open
  }
}
