import Foundation

extension JSONReader.Codes {
  /// The codes of apple-app-site-association files.
  package static let aasa = JSONReader.Codes(
    unknownKey: .aasaUnknownKey, wrongType: .aasaWrongType, missingField: .aasaMissingField,
    unknownValue: .aasaBadPattern)
}

/// What ``AASADocument/read(_:file:)`` found: the document, and every problem in it.
public struct AASACheck: Sendable {
  /// The document as far as it could be read (keys of the wrong type are left out).
  public var document: AASADocument
  /// The problems, in source order; errors, warnings and notes.
  public var diagnostics: [Diagnostic]

  /// True when no error or warning was found (notes do not count).
  public var isClean: Bool { !diagnostics.contains { $0.severity != .note } }
  /// True when an error was found: Apple would not read the file as written.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

extension AASADocument {
  /// The most bytes read from one file: far over Apple's limit, so that a file over the limit
  /// is still checked (and refused with TR708) rather than only counted.
  package static let readLimit = 8 * 1024 * 1024

  /// The keys of a `components` entry (U-3), and of a `defaults` object (U-5, IOSN-11).
  static let componentKeys = ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"]

  /// Reads and checks an AASA file's bytes with the strict JSON reader: every problem a located
  /// diagnostic (TR701-TR709). Throws only when the bytes are not JSON (TR001) or nest too
  /// deep (TR002): then there is no document to check.
  public static func read(_ bytes: [UInt8], file: String) throws(DiagnosticsError) -> AASACheck {
    if isCMSSigned(bytes) {
      throw DiagnosticsError([
        Diagnostic(
          file: file, path: "$", location: SourcePosition(line: 1, column: 1), code: .jsonSyntax,
          message: "the file is CMS-signed (PKCS #7 signedData), not JSON: the form iOS 8 read (\"If your "
            + "app runs in iOS 8, the file must have the MIME type application/pkcs7-mime and it must be CMS "
            + "signed\"); from iOS 9 a file served over HTTPS need not be signed. TapRoute does not read the JSON "
            + "inside; extract it with openssl smime -verify -noverify -inform DER -in FILE")
      ])
    }
    let root: JSONValue
    switch JSONParser.document(
      bytes, file: file, what: "apple-app-site-association file", maximumBytes: readLimit)
    {
    case .success(let value): root = value
    case .failure(let error): throw error
    }
    var reader = JSONReader(file: file, codes: .aasa)
    var document = AASADocument(file: file, details: [], byteCount: bytes.count)
    if bytes.count > maximumBytes {
      // U-17: Branch's report of the limit; Apple's pages do not state it.
      reader.error(
        .aasaTooLarge,
        "the file is \(Diagnostic.grouped(Int64(bytes.count))) bytes, over the 128 KB limit "
          + "(\(Diagnostic.grouped(Int64(maximumBytes))) bytes) iOS has applied since 9.3.1 (U-17)",
        path: "$", at: root.location)
    }
    readRoot(root, base: "$", into: &document, reader: &reader)
    return AASACheck(document: document, diagnostics: reader.sortedDiagnostics)
  }

  /// True when `bytes` begin as a DER `ContentInfo` whose content type is CMS `signedData`
  /// (OID 1.2.840.113549.1.7.2): a signed apple-app-site-association file, the form iOS 8 read
  /// (kaihao.dev, "Extract pkcs7 signed data from apple-app-site-association file", quoting
  /// Apple's "If your app runs in iOS 8, the file must have the MIME type
  /// application/pkcs7-mime and it must be CMS signed by a valid TLS certificate"; riptutorial's
  /// iOS guide: an app that targets iOS 9 served over HTTPS need not sign it).
  package static func isCMSSigned(_ bytes: [UInt8]) -> Bool {
    let signedData: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
    guard bytes.first == 0x30 else { return false }
    let head = bytes.prefix(16)
    return head.indices.contains { i in head[i...].starts(with: signedData) }
  }

  /// Reads and checks a document that stands inside another JSON file, at JSON path `base`
  /// (a situation's `app.aasa`): the same checks as ``read(_:file:)`` but the size limit, which
  /// is the served file's, located in `file`.
  package static func read(_ root: JSONValue, at base: String, file: String) -> AASACheck {
    var reader = JSONReader(file: file, codes: .aasa)
    var document = AASADocument(file: file, details: [])
    readRoot(root, base: base, into: &document, reader: &reader)
    return AASACheck(document: document, diagnostics: reader.sortedDiagnostics)
  }

  private static func readRoot(
    _ root: JSONValue, base: String, into document: inout AASADocument, reader: inout JSONReader
  ) {
    let links = JSONReader.join(base, "applinks")
    guard
      let fields = reader.object(
        root, path: base, allowed: ["applinks", "webcredentials", "appclips", "activitycontinuation"],
        tolerated:
          "the device ignores it (blazingly-aasa's docs/parity.md: \"unknown top-level keys ignored\")")
    else { return }
    guard let applinks = fields["applinks"] else {
      reader.warning(
        .aasaMissingField, "no \"applinks\": the file opens no universal link", path: base, at: root.location)
      return
    }
    guard
      let linkFields = reader.object(
        applinks, path: links, allowed: ["apps", "details", "defaults", "substitutionVariables"])
    else { return }
    if let apps = linkFields["apps"] {
      // The iOS 9-12 format required `"apps": []`; later versions do not read it (U-13's archive).
      if let list = reader.array(apps, path: JSONReader.join(links, "apps")), !list.isEmpty {
        reader.warning(
          .aasaIgnored, "\"apps\" is read by no iOS version; the legacy format wants it empty, []",
          path: JSONReader.join(links, "apps"), at: apps.location)
      }
    }
    if let variables = linkFields["substitutionVariables"] {
      document.substitutionVariables = readVariables(
        variables, path: JSONReader.join(links, "substitutionVariables"), reader: &reader)
    }
    if let defaults = linkFields["defaults"] {
      document.defaults = readDefaults(
        defaults, variables: document.substitutionVariables, percentEncoded: nil,
        path: JSONReader.join(links, "defaults"), reader: &reader)
    }
    guard let details = reader.require(linkFields, "details", path: links, at: applinks.location) else {
      return
    }
    if let list = details.arrayValue {
      for (i, entry) in list.enumerated() {
        if let detail = readDetail(
          entry, appID: nil, variables: document.substitutionVariables, inherited: document.defaults,
          path: JSONReader.join(JSONReader.join(links, "details"), i), reader: &reader)
        {
          document.details.append(detail)
        }
      }
    } else if let members = details.objectValue {
      // The first (iOS 9) form: details keyed by app ID, each with its `paths`.
      for member in members {
        let path = JSONReader.join(JSONReader.join(links, "details"), member.key)
        if let detail = readDetail(
          member.value, appID: member, variables: document.substitutionVariables,
          inherited: document.defaults,
          path: path, reader: &reader)
        {
          document.details.append(detail)
        }
      }
    } else {
      reader.wrongType(details, expected: "an array", path: JSONReader.join(links, "details"))
    }
    let expanded = expandedSize(document)
    if expanded > maximumExpandedSize {
      reader.error(
        .aasaBadPattern,
        "the patterns are \(Diagnostic.grouped(Int64(expanded))) characters once each substitution variable "
          + "stands for all its values; TapRoute's limit is \(Diagnostic.grouped(Int64(maximumExpandedSize))), "
          + "the size Apple allows the whole file",
        path: JSONReader.join(links, "details"), at: details.location)
    }
  }

  private static func readDetail(
    _ value: JSONValue, appID keyed: JSONValue.Member?, variables: [String: [String]], inherited: Settings,
    path: String, reader: inout JSONReader
  ) -> Detail? {
    let allowed = keyed == nil ? ["appID", "appIDs", "paths", "components", "defaults"] : ["paths"]
    guard let fields = reader.object(value, path: path, allowed: allowed) else { return nil }
    var detail = Detail(appIDs: [], location: value.location)
    if let keyed {
      readAppID(keyed.key, at: keyed.keyLocation, path: path, into: &detail, reader: &reader)
    }
    if let one = fields["appID"], let id = reader.string(one, path: JSONReader.join(path, "appID")) {
      readAppID(id, at: one.location, path: JSONReader.join(path, "appID"), into: &detail, reader: &reader)
    }
    detail.legacyAppIDs = detail.appIDs
    if let many = fields["appIDs"], let list = reader.array(many, path: JSONReader.join(path, "appIDs")) {
      if fields["appID"] != nil {
        reader.warning(
          .aasaAppIDTwice,
          "both \"appID\" and \"appIDs\" are set: from iOS 13 the device reads \"appIDs\" and ignores "
            + "\"appID\" (iOS 12 reads \"appID\" alone); use \"appIDs\" alone (U-2)",
          path: JSONReader.join(path, "appIDs"), at: many.location)
      }
      for (i, item) in list.enumerated() {
        let itemPath = JSONReader.join(JSONReader.join(path, "appIDs"), i)
        if let id = reader.string(item, path: itemPath) {
          readAppID(id, at: item.location, path: itemPath, into: &detail, reader: &reader)
        }
      }
      let listed = Set(detail.appIDs.dropFirst(detail.legacyAppIDs.count))
      detail.appIDBesideAppIDs = detail.legacyAppIDs.filter { !listed.contains($0) }
    }
    if keyed == nil && fields["appID"] == nil && fields["appIDs"] == nil {
      // A device skips the detail and reads the rest of the file (the issue-38 oracle report).
      reader.warning(
        .aasaMissingField,
        "missing \"appIDs\" (or \"appID\"): the detail names no app, so the device skips it", path: path,
        at: value.location)
    }
    if let paths = fields["paths"], let list = reader.array(paths, path: JSONReader.join(path, "paths")) {
      detail.paths = list.enumerated().compactMap { i, item in
        let itemPath = JSONReader.join(JSONReader.join(path, "paths"), i)
        guard let pattern = reader.string(item, path: itemPath) else { return nil }
        if pattern.isEmpty || pattern == "NOT " {
          reader.error(.aasaBadPattern, "the paths entry has no pattern", path: itemPath, at: item.location)
        }
        return pattern
      }
      if fields["components"] != nil {
        reader.note(
          .aasaIgnored,
          "iOS 13 and later ignore \"paths\" where \"components\" is present; only iOS 12 reads it (U-8)",
          path: JSONReader.join(path, "paths"), at: paths.location)
      }
    }
    if let defaults = fields["defaults"] {
      detail.defaults = readDefaults(
        defaults, variables: variables, percentEncoded: inherited.percentEncoded,
        path: JSONReader.join(path, "defaults"), reader: &reader)
    }
    if let components = fields["components"],
      let list = reader.array(components, path: JSONReader.join(path, "components"))
    {
      let percentEncoded = detail.defaults.percentEncoded ?? inherited.percentEncoded
      detail.components = list.enumerated().compactMap { i, item in
        readComponent(
          item, variables: variables, percentEncoded: percentEncoded,
          path: JSONReader.join(JSONReader.join(path, "components"), i), reader: &reader)
      }
    }
    // U-4, "The first match wins": a component after one that matches every URL is never read.
    // A `defaults` pattern or `exclude` changes what a component without the key matches.
    if let components = detail.components, !detail.defaults.givesPatterns, !inherited.givesPatterns,
      let all = components.firstIndex(where: { $0.matchesEveryURL }), all + 1 < components.count
    {
      let later = components[all + 1]
      reader.warning(
        .aasaBadPattern,
        "components after components[\(all)], which matches every URL, are never reached: the first match wins (U-4)",
        path: JSONReader.join(JSONReader.join(path, "components"), all + 1), at: later.location)
    }
    if keyed == nil && fields["paths"] == nil && fields["components"] == nil {
      reader.warning(
        .aasaMissingField, "neither \"components\" nor \"paths\": the detail matches no URL", path: path,
        at: value.location)
    }
    return detail
  }

  /// Checks `TEAMID.bundle.id` (U-2): a prefix, a dot, a bundle ID. A prefix other than Apple's
  /// ten upper-case letters and digits is a warning only: `swcutil` matched `HOGE.com.example.app`
  /// in st-tech's tests (U-57, U-58).
  private static func readAppID(
    _ id: String, at location: SourcePosition, path: String, into detail: inout Detail,
    reader: inout JSONReader
  ) {
    let parts = id.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
      reader.warning(
        .aasaBadAppID,
        "app ID \(Words.quoted(id)) is not of the form TEAMID.bundle.id (U-2): no app has it, so the device "
          + "opens no app with it and reads the rest", path: path, at: location)
      return
    }
    let prefix = parts[0].utf8
    if prefix.count != 10 || !prefix.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) })
    {
      reader.warning(
        .aasaBadAppID,
        "app ID prefix \(Words.quoted(String(parts[0]))) is not a ten-character team ID (upper-case letters and digits)",
        path: path, at: location)
    }
    detail.appIDs.append(id)
  }

  /// Reads one component; `percentEncoded` is the value its detail and the file inherit to it.
  private static func readComponent(
    _ value: JSONValue, variables: [String: [String]], percentEncoded inherited: Bool?, path: String,
    reader: inout JSONReader
  ) -> Component? {
    // `swcutil` matches a component with a key it does not know as if the key were absent,
    // a misspelt one too (`casesensitive` leaves the match case-sensitive): blazingly-aasa's
    // gap probes against `swcutil`, 2026 (IOSN-11).
    guard
      let fields = reader.object(
        value, path: path, allowed: componentKeys, tolerated: "the device ignores it (IOSN-11)")
    else { return nil }
    var component = Component(location: value.location)
    component.settings = readSettings(fields, path: path, reader: &reader)
    let encoded = component.settings.percentEncoded ?? inherited ?? true
    func pattern(_ v: JSONValue, _ patternPath: String) -> String? {
      guard let text = reader.string(v, path: patternPath) else { return nil }
      checkPattern(
        text, variables: variables, path: patternPath, at: v.location, reader: &reader)
      // U-7: Unicode patterns need percentEncoded false; with true, TapRoute's reading compares
      // the pattern with the URL as encoded, which never holds a space or non-ASCII text.
      if encoded, text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value >= 0x7F }) {
        reader.warning(
          .aasaBadPattern,
          "pattern \(Words.quoted(text)) holds a space or non-ASCII text, which a percent-encoded URL never "
            + "does: it matches nothing unless \"percentEncoded\" is false (iOS 14+, U-7, U-25)",
          path: patternPath, at: v.location)
      }
      return text
    }
    if let v = fields["/"] { component.path = pattern(v, JSONReader.join(path, "/")) }
    if let v = fields["#"] { component.fragment = pattern(v, JSONReader.join(path, "#")) }
    if let v = fields["comment"] {
      component.comment = reader.string(v, path: JSONReader.join(path, "comment"))
    }
    if let v = fields["exclude"] {
      component.settings.exclude = reader.bool(v, path: JSONReader.join(path, "exclude"))
      component.exclude = component.settings.exclude ?? false
    }
    if let v = fields["?"] {
      let queryPath = JSONReader.join(path, "?")
      if v.stringValue != nil {
        component.query = pattern(v, queryPath).map(Query.pattern)
      } else if let members = v.objectValue {
        // IOSN-11: "A single non-string predicate discards the whole `?` dictionary.
        // `{"a": "1", "flag": true}` matches `?a=2`." The device reads the component as if it
        // had no `?`; TapRoute warns at each such value and does the same.
        let nonStrings = members.filter { $0.value.stringValue == nil }
        for member in nonStrings {
          reader.warning(
            .aasaWrongType,
            "expected a string, found \(member.value.typeName): the device drops this \"?\" dictionary, "
              + "so the component matches any query (IOSN-11)",
            path: JSONReader.join(queryPath, member.key), at: member.value.location)
        }
        var items: [QueryItem] = []
        for member in members where member.value.stringValue != nil {
          if let text = pattern(member.value, JSONReader.join(queryPath, member.key)) {
            items.append(QueryItem(name: member.key, pattern: text))
          }
        }
        component.query = nonStrings.isEmpty ? .items(items) : nil
      } else {
        reader.wrongType(v, expected: "a string or an object", path: queryPath)
      }
    }
    return component
  }

  /// Reads a `defaults` object: the keys of a component (Apple's page calls it "a subclass of
  /// components", U-5), since `swcutil` applies its `/`, `?` and `exclude` too (IOSN-11).
  private static func readDefaults(
    _ value: JSONValue, variables: [String: [String]], percentEncoded: Bool?, path: String,
    reader: inout JSONReader
  ) -> Settings {
    guard
      let component = readComponent(
        value, variables: variables, percentEncoded: percentEncoded, path: path, reader: &reader)
    else { return Settings() }
    var settings = component.settings
    (settings.path, settings.query, settings.fragment) = (component.path, component.query, component.fragment)
    return settings
  }

  private static func readSettings(_ fields: [String: JSONValue], path: String, reader: inout JSONReader)
    -> Settings
  {
    var settings = Settings()
    if let v = fields["caseSensitive"] {
      settings.caseSensitive = reader.bool(v, path: JSONReader.join(path, "caseSensitive"))
    }
    if let v = fields["percentEncoded"] {
      settings.percentEncoded = reader.bool(v, path: JSONReader.join(path, "percentEncoded"))
    }
    return settings
  }

  /// Reads `substitutionVariables` (U-6): names without `$`, `(` or `)`; values strings that
  /// may use `?` and `*` but no other variable.
  private static func readVariables(_ value: JSONValue, path: String, reader: inout JSONReader)
    -> [String: [String]]
  {
    guard let members = value.objectValue else {
      reader.wrongType(value, expected: "an object", path: path)
      return [:]
    }
    var variables: [String: [String]] = [:]
    for member in members {
      let memberPath = JSONReader.join(path, member.key)
      if member.key.isEmpty || member.key.contains(where: { "$()".contains($0) }) {
        reader.error(
          .aasaBadVariable,
          "variable name \(Words.quoted(member.key)) is empty or contains \"$\", \"(\" or \")\" (U-6)",
          path: memberPath, at: member.keyLocation)
        continue
      }
      guard let list = reader.array(member.value, path: memberPath) else { continue }
      var values: [String] = []
      for (i, item) in list.enumerated() {
        guard let text = reader.string(item, path: JSONReader.join(memberPath, i)) else { continue }
        if text.contains("$(") {
          reader.error(
            .aasaBadVariable, "a variable's value may not use another variable (U-6)",
            path: JSONReader.join(memberPath, i), at: item.location)
        }
        values.append(text)
      }
      if values.isEmpty {
        reader.warning(
          .aasaBadVariable,
          "variable \(Words.quoted(member.key)) has no value: a pattern using it matches nothing",
          path: memberPath, at: member.value.location)
      }
      variables[member.key] = values
    }
    return variables
  }

  /// The most characters a file's patterns may hold once each variable is replaced by all its
  /// values: matching takes time proportional to this size times the URL's length, so a small
  /// file whose variables multiply cannot make matching slow. TapRoute's own limit, set to the
  /// size Apple allows the whole file (U-17).
  package static let maximumExpandedSize = maximumBytes

  /// The characters of every component pattern, each variable counted as all its values.
  static func expandedSize(_ document: AASADocument) -> Int {
    let values = document.substitutionVariables.mapValues { $0.reduce(0) { $0 + $1.unicodeScalars.count } }
    func size(_ pattern: String) -> Int {
      var total = 0
      var rest = Substring(pattern)
      while let start = rest.range(of: "$("), let close = rest[start.upperBound...].firstIndex(of: ")") {
        total += rest[..<start.lowerBound].unicodeScalars.count
        let name = String(rest[start.upperBound..<close])
        total += values[name] ?? AASAPattern.expandedSize(ofCodeVariable: name) ?? 1
        rest = rest[rest.index(after: close)...]
      }
      return total + rest.unicodeScalars.count
    }
    var total = 0
    for component in document.details.flatMap({ $0.components ?? [] }) {
      total += size(component.path ?? "") + size(component.fragment ?? "")
      switch component.query {
      case .pattern(let p): total += size(p)
      case .items(let items):
        total += items.reduce(0) { $0 + $1.name.unicodeScalars.count + size($1.pattern) }
      case nil: break
      }
    }
    return total
  }

  /// Checks one pattern: variables closed and defined (U-6). A `/` pattern may leave out its
  /// leading slash: `swcutil` matches `abc` against `/abc` (IOSN-11), so that is no problem.
  private static func checkPattern(
    _ pattern: String, variables: [String: [String]], path: String, at location: SourcePosition,
    reader: inout JSONReader
  ) {
    if let problem = AASAPattern.problem(in: pattern, variables: variables) {
      reader.error(.aasaBadPattern, "pattern \(Words.quoted(pattern)): \(problem)", path: path, at: location)
    }
  }
}

extension JSONReader {
  /// Adds a note: information attached to a finding, not counted as a problem.
  package mutating func note(
    _ code: DiagnosticCode, _ message: String, path: String, at location: SourcePosition?
  ) {
    diagnostics.append(
      Diagnostic(file: file, path: path, location: location, severity: .note, code: code, message: message))
  }
}
