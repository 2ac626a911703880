import TapRouteAASA

extension JSONReader.Codes {
  /// The codes of Digital Asset Links files.
  package static let assetLinks = JSONReader.Codes(
    unknownKey: .assetLinksUnknownKey, wrongType: .assetLinksWrongType, missingField: .assetLinksMissingField,
    unknownValue: .assetLinksNamespace)
}

/// What ``AssetLinksDocument/read(_:file:)`` found: the document, and every problem in it.
public struct AssetLinksCheck: Sendable {
  /// The document as far as it could be read (values of the wrong type are left out).
  public var document: AssetLinksDocument
  /// The problems, in source order; errors, warnings and notes.
  public var diagnostics: [Diagnostic]

  /// True when no error or warning was found (notes do not count).
  public var isClean: Bool { !diagnostics.contains { $0.severity != .note } }
  /// True when an error was found: a statement does not say what its author meant.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

extension AssetLinksDocument {
  /// The most bytes read from one file; a larger file is refused (TR002) unread. TapRoute's
  /// own bound, not Google's: none of the pages in the evidence states a limit. A statement is
  /// a few hundred bytes, so a megabyte holds thousands of them; the bound keeps reading (and
  /// `assetlinks fetch`, which reads no more than this) bounded in time and memory.
  public static let maximumBytes = 1024 * 1024

  /// The keys of a statement (AND-15, AND-18).
  static let statementKeys = ["relation", "target", "relation_extensions"]
  /// The keys of a dynamic App Link component (AND-18).
  static let componentKeys = ["/", "?", "#", "exclude", "comment"]
  /// The key some tools and specs use for dynamic rules, which no Google page defines (AND-19).
  static let undocumentedKey = "relative_extended_url_patterns"
  static let tolerated = "Google's pages define no such key (AND-15, AND-18)"

  /// Reads and checks an assetlinks.json file's bytes with the strict JSON reader: every problem
  /// a located diagnostic (TR801-TR809). Throws only when there is no JSON to check: not JSON
  /// or an HTML page (TR001), over ``maximumBytes`` or nested too deep (TR002).
  public static func read(_ bytes: [UInt8], file: String) throws(DiagnosticsError) -> AssetLinksCheck {
    if let position = htmlStart(bytes) {
      // AND-31: "Ensure the file is valid JSON"; a server's error or sign-in page is the usual cause.
      throw DiagnosticsError([
        Diagnostic(
          file: file, path: "$", location: position, code: .jsonSyntax,
          message: "starts with '<': an HTML page, not JSON (a server's error, sign-in or redirect page "
            + "served at the file's address?); a verifier needs the JSON list of statements (AND-31)")
      ])
    }
    let root: JSONValue
    switch JSONParser.document(bytes, file: file, what: "assetlinks.json file", maximumBytes: maximumBytes) {
    case .success(let value): root = value
    case .failure(let error): throw error
    }
    var check = read(root, at: "$", file: file)
    check.document.byteCount = bytes.count
    return check
  }

  /// Reads and checks a file that stands inside another JSON file, at JSON path `base`.
  package static func read(_ root: JSONValue, at base: String, file: String) -> AssetLinksCheck {
    var reader = JSONReader(file: file, codes: .assetLinks)
    var document = AssetLinksDocument(file: file, statements: [])
    readRoot(root, base: base, into: &document, reader: &reader)
    return AssetLinksCheck(document: document, diagnostics: reader.sortedDiagnostics)
  }

  /// Where the text starts with `<` (after a byte-order mark and white space), or nil.
  static func htmlStart(_ bytes: [UInt8]) -> SourcePosition? {
    var (i, line, lineStart) = (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0, 1, 0)
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) {
      if bytes[i] == 0x0A { (line, lineStart) = (line + 1, i + 1) }
      i += 1
    }
    guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else { return nil }
    return SourcePosition(line: line, column: i - lineStart + 1)
  }

  private static func readRoot(
    _ root: JSONValue, base: String, into document: inout AssetLinksDocument, reader: inout JSONReader
  ) {
    guard let list = root.arrayValue else {
      // AND-15, AND-31: the file is a list of statements, `[{...}]`, even for one.
      let hint = root.objectValue != nil ? "; wrap the statement in [ ]" : ""
      reader.error(
        .assetLinksWrongType,
        "expected an array of statements, found \(root.typeName): the file is a list, [{ \"relation\": ..., "
          + "\"target\": ... }] (AND-15)\(hint)", path: base, at: root.location)
      return
    }
    for (i, item) in list.enumerated() {
      if let statement = readStatement(item, index: i, path: JSONReader.join(base, i), reader: &reader) {
        document.statements.append(statement)
      }
    }
    if list.isEmpty {
      reader.warning(
        .assetLinksRelation, "no statement: the file delegates App Links to no app", path: base,
        at: root.location)
    } else if document.delegatedPackages.isEmpty {
      reader.warning(
        .assetLinksRelation,
        "no statement grants \(AssetLinksDocument.handleAllURLs) to an android_app target: the file "
          + "opens no App Link (AND-15)", path: base, at: root.location)
    }
  }

  /// The members of `value` allowed by `allowed`, reporting `relative_extended_url_patterns`
  /// (AND-19) by name and any other unknown key as a warning.
  private static func readObject(
    _ value: JSONValue, path: String, allowed: [String], reader: inout JSONReader
  ) -> [String: JSONValue]? {
    guard let members = value.objectValue else {
      reader.wrongType(value, expected: "an object", path: path)
      return nil
    }
    var kept: [JSONValue.Member] = []
    for member in members {
      if member.key == undocumentedKey {
        reader.warning(
          .assetLinksUndocumentedKey,
          "\"\(undocumentedKey)\" is defined by no Google page, and a device ignores it: dynamic rules "
            + "are \"relation_extensions\" -> \"\(handleAllURLs)\" -> \"dynamic_app_link_components\" "
            + "(AND-19, AND-18)", path: JSONReader.join(path, member.key), at: member.keyLocation)
      } else {
        kept.append(member)
      }
    }
    return reader.object(
      JSONValue(.object(kept), at: value.location), path: path, allowed: allowed, tolerated: tolerated)
  }

  private static func readStatement(
    _ value: JSONValue, index: Int, path: String, reader: inout JSONReader
  ) -> Statement? {
    guard let fields = readObject(value, path: path, allowed: statementKeys, reader: &reader) else {
      return nil
    }
    var statement = Statement(
      index: index, relations: [], target: nil, components: nil, location: value.location)
    if let relation = reader.require(fields, "relation", path: path, at: value.location),
      let list = reader.array(relation, path: JSONReader.join(path, "relation"))
    {
      statement.relations = readRelations(
        list, at: relation.location, path: JSONReader.join(path, "relation"), reader: &reader)
    }
    if let target = reader.require(fields, "target", path: path, at: value.location) {
      statement.target = readTarget(target, path: JSONReader.join(path, "target"), reader: &reader)
    }
    if let extensions = fields["relation_extensions"] {
      let extensionsPath = JSONReader.join(path, "relation_extensions")
      if fields["relation"] != nil && !statement.handlesAllURLs {
        reader.warning(
          .assetLinksRelation,
          "relation_extensions without the relation \(handleAllURLs): the dynamic rules extend a relation "
            + "the statement does not grant (AND-18)", path: extensionsPath, at: extensions.location)
      }
      statement.components = readExtensions(extensions, path: extensionsPath, reader: &reader)
    }
    return statement
  }

  private static func readRelations(
    _ list: [JSONValue], at location: SourcePosition, path: String, reader: inout JSONReader
  ) -> [String] {
    if list.isEmpty {
      reader.warning(
        .assetLinksRelation, "no relation: the statement grants nothing", path: path, at: location)
    }
    var relations: [String] = []
    for (i, item) in list.enumerated() {
      let itemPath = JSONReader.join(path, i)
      guard let relation = reader.string(item, path: itemPath) else { continue }
      relations.append(relation)
      switch relation {
      case handleAllURLs: break
      case getLoginCreds:
        reader.note(
          .assetLinksRelation,
          "\(getLoginCreds) shares sign-in credentials with the target; it opens no link", path: itemPath,
          at: item.location)
      default:
        let hint =
          JSONReader.nearest(relation, in: [handleAllURLs, getLoginCreds]).map {
            " (did you mean \"\($0)\"?)"
          } ?? ""
        reader.warning(
          .assetLinksRelation,
          "relation \(Words.quoted(relation)) is not \(handleAllURLs)\(hint): it opens no App Link (AND-15)",
          path: itemPath, at: item.location)
      }
    }
    return relations
  }

  private static func readTarget(_ value: JSONValue, path: String, reader: inout JSONReader) -> Target? {
    guard let members = value.objectValue else {
      reader.wrongType(value, expected: "an object", path: path)
      return nil
    }
    let namespacePath = JSONReader.join(path, "namespace")
    guard let namespaceValue = members.first(where: { $0.key == "namespace" })?.value else {
      reader.error(
        .assetLinksMissingField, "missing required key \"namespace\" (android_app or web)", path: path,
        at: value.location)
      return nil
    }
    guard let namespace = reader.string(namespaceValue, path: namespacePath) else { return nil }
    switch namespace {
    case "android_app":
      guard
        let fields = readObject(
          value, path: path, allowed: ["namespace", "package_name", "sha256_cert_fingerprints"],
          reader: &reader)
      else { return nil }
      var name = ""
      if let v = reader.require(fields, "package_name", path: path, at: value.location) {
        name = reader.string(v, path: JSONReader.join(path, "package_name")) ?? ""
      }
      var fingerprints: [String] = []
      if let v = reader.require(fields, "sha256_cert_fingerprints", path: path, at: value.location) {
        fingerprints = readFingerprints(
          v, path: JSONReader.join(path, "sha256_cert_fingerprints"), reader: &reader)
      }
      return .androidApp(packageName: name, fingerprints: fingerprints)
    case "web":
      guard let fields = readObject(value, path: path, allowed: ["namespace", "site"], reader: &reader) else {
        return nil
      }
      let site = reader.require(fields, "site", path: path, at: value.location).flatMap {
        reader.string($0, path: JSONReader.join(path, "site"))
      }
      return .web(site: site ?? "")
    default:
      let hint =
        JSONReader.nearest(namespace, in: ["android_app", "web"]).map { " (did you mean \"\($0)\"?)" } ?? ""
      reader.error(
        .assetLinksNamespace,
        "namespace \(Words.quoted(namespace)) is neither android_app nor web\(hint): no verifier reads the "
          + "statement (AND-15)", path: namespacePath, at: namespaceValue.location)
      return .other(namespace: namespace)
    }
  }

  private static func readFingerprints(_ value: JSONValue, path: String, reader: inout JSONReader) -> [String]
  {
    guard let list = reader.array(value, path: path) else { return [] }
    if list.isEmpty {
      reader.error(
        .assetLinksMissingField, "no fingerprint: no build of the app can be verified (AND-14)", path: path,
        at: value.location)
    }
    var fingerprints: [String] = []
    var firstIndex: [String: Int] = [:]
    for (i, item) in list.enumerated() {
      let itemPath = JSONReader.join(path, i)
      guard let text = reader.string(item, path: itemPath) else { continue }
      let (canonical, problem) = CertificateFingerprint.check(text)
      switch problem {
      case .lowerCase?:
        reader.warning(
          .assetLinksFingerprint,
          "fingerprint in lower case: Google's troubleshooting list says \"The signature should be "
            + "uppercase\" (AND-31)", path: itemPath, at: item.location)
      case .malformed(let why)?:
        reader.error(
          .assetLinksFingerprint,
          "fingerprint \(Words.quoted(text)) is not a SHA-256 fingerprint (32 colon-separated upper-case hex "
            + "pairs): \(why)", path: itemPath, at: item.location)
      case nil: break
      }
      guard let canonical else { continue }
      if let first = firstIndex[canonical] {
        reader.warning(
          .assetLinksDuplicate, "the same fingerprint as [\(first)]", path: itemPath, at: item.location)
      } else {
        firstIndex[canonical] = i
        fingerprints.append(canonical)
      }
    }
    return fingerprints
  }

  private static func readExtensions(_ value: JSONValue, path: String, reader: inout JSONReader)
    -> [Component]?
  {
    guard let fields = readObject(value, path: path, allowed: [handleAllURLs], reader: &reader),
      let links = fields[handleAllURLs]
    else { return nil }
    let linksPath = JSONReader.join(path, handleAllURLs)
    guard
      let linkFields = readObject(
        links, path: linksPath, allowed: ["dynamic_app_link_components"], reader: &reader),
      let components = linkFields["dynamic_app_link_components"]
    else { return nil }
    let listPath = JSONReader.join(linksPath, "dynamic_app_link_components")
    guard let list = reader.array(components, path: listPath) else { return nil }
    let read = list.enumerated().compactMap { i, item in
      readComponent(item, path: JSONReader.join(listPath, i), reader: &reader)
    }
    // AND-17, AND-20: the first match wins, as in AASA; a component after one that matches every
    // URL is never reached.
    if let all = read.firstIndex(where: { $0.matchesEveryURL }), all + 1 < read.count {
      reader.warning(
        .assetLinksBadComponent,
        "components after [\(all)], which matches every URL, are never reached: the first match wins (AND-20)",
        path: JSONReader.join(listPath, all + 1), at: read[all + 1].location)
    }
    return read
  }

  private static func readComponent(_ value: JSONValue, path: String, reader: inout JSONReader) -> Component?
  {
    guard let fields = readObject(value, path: path, allowed: componentKeys, reader: &reader) else {
      return nil
    }
    var component = Component(
      path: nil, query: nil, fragment: nil, exclude: false, comment: nil, location: value.location)
    if let v = fields["/"] { component.path = reader.string(v, path: JSONReader.join(path, "/")) }
    if let v = fields["#"] { component.fragment = reader.string(v, path: JSONReader.join(path, "#")) }
    if let v = fields["comment"] {
      component.comment = reader.string(v, path: JSONReader.join(path, "comment"))
    }
    if let v = fields["exclude"] {
      component.exclude = reader.bool(v, path: JSONReader.join(path, "exclude")) ?? false
    }
    if let v = fields["?"] {
      let queryPath = JSONReader.join(path, "?")
      if let members = v.objectValue {
        var items: [QueryItem] = []
        for member in members {
          if let pattern = member.value.stringValue {
            items.append(QueryItem(name: member.key, pattern: pattern))
          } else {
            reader.error(
              .assetLinksBadComponent,
              "expected a string pattern, found \(member.value.typeName): \"?\" maps each query parameter to "
                + "the pattern of its value (AND-18)", path: JSONReader.join(queryPath, member.key),
              at: member.value.location)
          }
        }
        component.query = items
      } else {
        reader.error(
          .assetLinksBadComponent,
          "expected an object, found \(v.typeName): \"?\" maps each query parameter to the pattern of its value, "
            + "{\"type\": \"c\"} (AND-18)", path: queryPath, at: v.location)
      }
    }
    return component
  }
}
