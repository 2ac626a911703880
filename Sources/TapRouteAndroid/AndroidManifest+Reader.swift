import Foundation
import TapRouteAASA

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// XMLParser's delegate: builds the manifest element by element and collects diagnostics, each
/// located at the `<` of its element or at its attribute (found in the bytes, not taken from
/// XMLParser, which reports where a start tag ends).
final class AndroidManifestReader: NSObject, XMLParserDelegate {
  let file: String
  var source: AndroidManifestSource
  var manifest: AndroidManifest
  /// Problems that leave no manifest to read: the reader throws them.
  var fatal: [Diagnostic] = []
  /// Problems that leave the manifest readable.
  var diagnostics: [Diagnostic] = []
  /// The reader stopped the parser itself (a root that is not `<manifest>`).
  var aborted = false
  var sawRoot = false
  /// Where XMLParser reported its first error, read when it reports it (after `parse()` returns,
  /// XMLParser's position is where it stopped, not where the error is).
  var errorLocation: SourcePosition?

  private var elements: [String] = []
  /// The elements opened and not closed when the parser stopped, outermost first: XMLParser
  /// on Linux returns success for a document cut off inside its root (libxml2 is not told
  /// the input ended), so the reader checks that every element closed.
  var unclosed: [String] { elements }
  /// The namespace prefixes declared on each open element.
  private var bindings: [[String: String]] = []
  private var activity: AndroidManifest.Activity?
  private var filter: IntentFilter?
  private var group: IntentFilter.RelativeGroup?

  init(file: String, source: AndroidManifestSource) {
    self.file = file
    self.source = source
    self.manifest = AndroidManifest(file: file)
  }

  /// The attributes of the element being read, with where they are written.
  private struct Element {
    var name: String
    var attributes: [String: String]
    var tag: Range<Int>?
    var location: SourcePosition
    /// The prefix bound to Android's namespace here (`android` almost always).
    var androidPrefix: String?
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    let tag = source.nextStartTag(elementName)
    let location =
      tag.map { source.position($0.lowerBound) } ?? SourcePosition(line: parser.lineNumber, column: 1)
    var declared: [String: String] = [:]
    for (key, value) in attributes where key.hasPrefix("xmlns:") {
      declared[String(key.dropFirst(6))] = value
    }
    bindings.append(declared)
    let androidPrefix = bindings.reversed().lazy.compactMap { scope in
      scope.first { $0.value == AndroidManifest.androidNamespace }?.key
    }.first
    let element = Element(
      name: elementName, attributes: attributes, tag: tag, location: location, androidPrefix: androidPrefix)
    checkNamespace(element, declared: declared)
    if let tag {
      for placeholder in source.placeholders(in: tag) {
        fatal.append(
          Diagnostic(
            file: file, location: source.position(placeholder.offset), code: .manifestPlaceholder,
            message: "placeholder \(placeholder.text) left unexpanded: \(AndroidManifest.mergedManifestHint)")
        )
      }
    }
    if elements.isEmpty {
      sawRoot = true
      guard elementName == "manifest" else {
        fatal.append(
          Diagnostic(
            file: file, location: location, code: .manifestNotManifest,
            message:
              "the root element is <\(elementName)>, not <manifest>: this is not an AndroidManifest.xml"))
        aborted = true
        parser.abortParsing()
        return
      }
      manifest.package = attributes["package"]
    }
    start(element, parent: elements.last ?? "")
    elements.append(elementName)
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
    if errorLocation == nil {
      errorLocation = SourcePosition(line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
    }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
  ) {
    _ = bindings.popLast()
    _ = elements.popLast()
    switch elementName {
    case "activity", "activity-alias":
      if let activity, elements.last == "application" { manifest.activities.append(activity) }
      activity = nil
    case "intent-filter":
      if let filter { activity?.intentFilters.append(filter) }
      filter = nil
    case "uri-relative-filter-group":
      if let group { filter?.relativeGroups.append(group) }
      group = nil
    default: break
    }
  }

  private func checkNamespace(_ element: Element, declared: [String: String]) {
    if let bound = declared["android"], bound != AndroidManifest.androidNamespace {
      let at = element.tag.map { source.attribute("xmlns:android", in: $0) } ?? element.location
      fatal.append(
        Diagnostic(
          file: file, location: at, code: .manifestNamespace,
          message: "the prefix android: is bound to \"\(bound)\", not \(AndroidManifest.androidNamespace): "
            + "Android reads none of the android: attributes under it"))
    } else if element.androidPrefix == nil,
      let used = element.attributes.keys.sorted().first(where: { $0.hasPrefix("android:") }),
      !bindings.contains(where: { $0["android"] != nil })
    {
      let at = element.tag.map { source.attribute(used, in: $0) } ?? element.location
      fatal.append(
        Diagnostic(
          file: file, location: at, code: .manifestNamespace,
          message: "the prefix android: of \(used) is not bound: declare "
            + "xmlns:android=\"\(AndroidManifest.androidNamespace)\" on <manifest>"))
    }
  }

  /// The value of Android attribute `local` (`name` for `android:name`), whatever prefix is
  /// bound to Android's namespace, with aapt's unescaping.
  private func android(_ local: String, of element: Element) -> (value: String, at: SourcePosition)? {
    guard let prefix = element.androidPrefix, let raw = element.attributes["\(prefix):\(local)"] else {
      return nil
    }
    let at = element.tag.map { source.attribute("\(prefix):\(local)", in: $0) } ?? element.location
    return (Self.unescaped(raw), at)
  }

  /// aapt's reading of a string attribute: a backslash escapes the next character (`\\` is one
  /// backslash, `\*` a star), `\n` and `\t` are a newline and a tab. The data element's page says
  /// so for `pathPattern`: "a literal '*' would be written as "\\*" and a literal '\' would be
  /// written as "\\\\"" (developer.android.com/guide/topics/manifest/data-element).
  static func unescaped(_ raw: String) -> String {
    guard raw.contains("\\") else { return raw }
    var out = ""
    var escaping = false
    for character in raw {
      if escaping {
        out.append(character == "n" ? "\n" : character == "t" ? "\t" : character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        out.append(character)
      }
    }
    return out
  }

  private func start(_ element: Element, parent: String) {
    switch (element.name, parent) {
    case ("activity", "application"), ("activity-alias", "application"):
      let name = android("name", of: element)
      if name == nil {
        diagnostics.append(
          Diagnostic(
            file: file, location: element.location, code: .manifestBadValue,
            message: "<\(element.name)> without android:name"))
      }
      activity = AndroidManifest.Activity(
        name: name?.value ?? "", isAlias: element.name == "activity-alias",
        targetActivity: android("targetActivity", of: element)?.value,
        exported: bool("exported", of: element), enabled: bool("enabled", of: element),
        location: element.location)
    case ("intent-filter", "activity"), ("intent-filter", "activity-alias"):
      filter = IntentFilter(autoVerify: bool("autoVerify", of: element) ?? false, location: element.location)
    case ("action", "intent-filter"):
      if let name = android("name", of: element)?.value { filter?.actions.append(name) }
    case ("category", "intent-filter"):
      if let name = android("name", of: element)?.value { filter?.categories.append(name) }
    case ("data", "intent-filter"):
      filter?.data.append(data(element, inGroup: false))
    case ("uri-relative-filter-group", "intent-filter"):
      group = IntentFilter.RelativeGroup(
        allow: bool("allow", of: element) ?? true, location: element.location)
    case ("data", "uri-relative-filter-group"):
      group?.data.append(data(element, inGroup: true))
    default: break
    }
  }

  private func bool(_ local: String, of element: Element) -> Bool? {
    guard let (value, at) = android(local, of: element) else { return nil }
    switch value.lowercased() {
    case "true": return true
    case "false": return false
    default:
      diagnostics.append(
        Diagnostic(
          file: file, location: at, code: .manifestBadValue,
          message: value.hasPrefix("@")
            ? "android:\(local)=\"\(value)\" is a resource reference TapRoute does not resolve; read as unset"
            : "android:\(local)=\"\(value)\" is not true or false"))
      return nil
    }
  }

  private func data(_ element: Element, inGroup: Bool) -> IntentFilter.DataElement {
    var data = IntentFilter.DataElement(location: element.location)
    for local in ["scheme", "host", "port", "mimeType"] {
      guard let (value, at) = android(local, of: element) else { continue }
      if inGroup {
        // "Only the contained path, query and fragment attributes ... are used" (AND-11's page).
        diagnostics.append(
          Diagnostic(
            file: file, location: at, severity: .warning, code: .manifestIgnored,
            message: "android:\(local) inside <uri-relative-filter-group> is ignored: a group reads only "
              + "path, query and fragment rules (AND-11)"))
        continue
      }
      switch local {
      case "scheme": data.scheme = value
      case "host": data.host = value
      case "mimeType": data.mimeType = value
      default:
        if let port = Int(value), (0...65_535).contains(port) {
          data.port = port
        } else {
          diagnostics.append(
            Diagnostic(
              file: file, location: at, code: .manifestBadValue,
              message: "android:port=\"\(value)\" is not a port number"))
        }
      }
    }
    data.paths = rules("path", of: element)
    let queries = rules("query", of: element)
    let fragments = rules("fragment", of: element)
    if inGroup {
      data.queries = queries
      data.fragments = fragments
    } else if let first = (queries + fragments).first {
      diagnostics.append(
        Diagnostic(
          file: file, location: first.location, severity: .warning, code: .manifestIgnored,
          message: "query and fragment rules are read only inside <uri-relative-filter-group> "
            + "(Android 15+, AND-11); here Android ignores them"))
    }
    return data
  }

  private func rules(_ part: String, of element: Element) -> [IntentFilter.PathRule] {
    var out: [IntentFilter.PathRule] = []
    for kind in IntentFilter.PathRule.Kind.allCases {
      let attribute = part + kind.rawValue
      guard let (value, at) = android(attribute, of: element) else { continue }
      let rule = IntentFilter.PathRule(kind, value, location: at)
      if let refusal = rule.refusal {
        diagnostics.append(
          Diagnostic(
            file: file, location: at, code: .manifestBadPattern,
            message: "android:\(attribute)=\"\(value)\" is refused: \(refusal); the rule matches nothing"))
      } else if kind == .advancedGlob, let literal = Self.regexOnlyCharacter(in: value) {
        diagnostics.append(
          Diagnostic(
            file: file, location: at, severity: .warning, code: .manifestBadPattern,
            message: "android:\(attribute)=\"\(value)\" matches \"\(literal)\" literally: Android's advanced "
              + "patterns have no groups, alternation, \"?\" or anchors"))
      }
      out.append(rule)
    }
    return out
  }

  /// The first character of `pattern` a regular expression reads as syntax and Android's advanced
  /// pattern as a literal (outside a set, unescaped).
  static func regexOnlyCharacter(in pattern: String) -> Character? {
    var inSet = false
    var escaped = false
    for character in pattern {
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if inSet {
        if character == "]" { inSet = false }
      } else if character == "[" {
        inSet = true
      } else if "()|?^$".contains(character) {
        return character
      }
    }
    return nil
  }
}
