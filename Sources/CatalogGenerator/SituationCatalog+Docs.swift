// Writes the documentation that lists situation fields and facts from `SituationCatalog`: the
// README's situation table (between marker comments, rewritten in place), the DocC article
// `SituationReference.md` (the same table and the facts a table may test), and the DocC
// landing page's topic group of the situation's types (rewritten in place under its heading). The values, defaults
// and descriptions are read from the generated schemas, so the docs and the schemas agree.
import Foundation
import TapRouteAASA

extension SituationCatalog {
  /// The DocC article generated whole, from the package root.
  static let referenceArticlePath = "Sources/TapRoute/TapRoute.docc/SituationReference.md"
  /// The README, whose situation table the generator rewrites between its markers.
  static let readmePath = "README.md"
  /// The name in the README's markers: `<!-- generated: situation fields ... -->` opens the
  /// part, `<!-- end generated -->` closes it.
  static let readmeSection = "situation fields"
  /// The DocC landing page, whose topic group of the situation's types (under
  /// `situationTopicsHeading`, up to the next heading) the generator rewrites: DocC would read
  /// marker comments there as the group's discussion.
  static let landingPagePath = "Sources/TapRoute/TapRoute.docc/TapRoute.md"
  static let situationTopicsHeading = "### The situation"

  /// `n` with a comma every three digits (65,536).
  private static func grouped(_ n: Int) -> String {
    var digits = String(n)
    var out = ""
    while digits.count > 3 {
      out = "," + digits.suffix(3) + out
      digits.removeLast(3)
    }
    return digits + out
  }

  /// What a schema lets a key hold, in words.
  private static func valuesText(_ schema: SchemaJSON) -> String {
    if case .array(let list)? = schema["enum"] {
      return list.compactMap { if case .string(let s) = $0 { Escaping.markdownCode(s) } else { nil } }.joined(
        separator: ", ")
    }
    switch schema["type"] {
    case .string("boolean")?: return "`true`, `false`"
    case .string("object")?: return "object"
    case .string("array")?:
      return "a list of " + (schema["items"].map(valuesText) ?? "values") + ", each at most once"
    case .array(let types)?:
      if schema["pattern"] != nil { return "`\"MAJOR[.MINOR[.PATCH]]\"` or `null`" }
      if types.contains(where: { if case .string("array") = $0 { true } else { false } }) {
        return "a list of strings, or `null`"
      }
      if case .int(let n)? = schema["maxLength"] {
        return "a string of at most \(grouped(n)) characters, or `null`"
      }
      return "a string or `null`"
    default: return ""
    }
  }

  /// A schema's default, in words; a version's is the newest the policies know.
  private static func defaultText(_ schema: SchemaJSON) -> String {
    switch schema["default"] {
    case .string(let s)?: return Escaping.markdownCode(s)
    case .bool(let b)?: return Escaping.markdownCode(b ? "true" : "false")
    case .null?: return "`null`"
    case .array(let a)? where a.isEmpty: return "`[]`"
    case .int(let i)?: return Escaping.markdownCode(String(i))
    default: return schema["pattern"] != nil ? "the newest the policies know" : ""
    }
  }

  /// The facts computed from the URL at `part.key`, if an event reads its URL there.
  private static func urlFactNames(_ part: Part, _ field: Field) -> [String] {
    let inputOf = computedFacts.filter {
      $0.inputs.contains("\(part.key).\(field.key)")
        || $0.field == field.key && events.contains { $0.part == part.key && $0.url != nil }
    }.map(\.name)
    guard field.type.isURL, events.contains(where: { urlPath($0) == "\(part.key).\(field.key)" }) else {
      return inputOf
    }
    return urlFacts.map(\.name) + computedFacts.filter { $0.field == nil }.map(\.name)
  }

  /// One row per key of the situation, parts and nested values included.
  static func fieldRows() -> [[String]] {
    var rows: [[String]] = []
    func add(_ path: String, _ schema: SchemaJSON, fact: String) {
      var description = ""
      if case .string(let d)? = schema["description"] { description = d }
      rows.append([Escaping.markdownCode(path), valuesText(schema), defaultText(schema), fact, description])
      if case .object(let properties)? = schema["properties"] {
        for (key, child) in properties { add("\(path).\(key)", child, fact: "") }
      }
    }
    let event = events.map { "\(Escaping.markdownCode($0.name)): \($0.doc.joined(separator: " "))" }.joined(
      separator: " ")
    rows.append([Escaping.markdownCode("event"), valuesText(eventSchema), "required", "", event])
    for field in parts.first(where: { $0.key.isEmpty })?.fields ?? [] {
      add(field.key, schema(field), fact: field.fact == nil ? "" : "yes")
    }
    for part in parts where !part.key.isEmpty {
      rows.append([
        Escaping.markdownCode(part.key), "object", "", "",
        (part.doc + [readWhen(part, name: Escaping.markdownCode)]).joined(separator: " "),
      ])
      for field in part.fields {
        let computed = urlFactNames(part, field)
        let fact =
          field.fact != nil
          ? "yes"
          : computed.isEmpty ? "" : "computed: " + computed.map(Escaping.markdownCode).joined(separator: ", ")
        add("\(part.key).\(field.key)", schema(field), fact: fact)
      }
    }
    return rows
  }

  /// A Markdown table.
  private static func table(_ header: [String], _ rows: [[String]]) -> String {
    var out = "| " + header.joined(separator: " | ") + " |\n"
    out += "|" + String(repeating: " --- |", count: header.count) + "\n"
    for row in rows { out += "| " + row.map(Escaping.markdownCell).joined(separator: " | ") + " |\n" }
    return out
  }

  /// The situation's keys: values, default, whether a table may test it, and what it is.
  static var fieldsTable: String {
    table(["key", "values", "default", "fact", "what it is"], fieldRows())
  }

  /// Every fact: where it comes from, the events that read it, and how a table declares and
  /// tests it.
  static var factsTable: String {
    var rows: [[String]] = []
    for fact in facts {
      switch fact {
      case .url(let u):
        let from = events.compactMap { event in
          urlPath(event).map { "\(u.computed) of `$.\($0)` (\(event.name))" }
        }.joined(separator: ", ")
        let list = enumerationType(u).flatMap(values(of:))
        rows.append(
          [Escaping.markdownCode(u.name), from, events.map(\.name).joined(separator: ", ")]
            + declaredAndTested(list: list, version: false))
      case .computed(let c):
        let from = events.compactMap { event in
          urlPath(event).map { "\(c.computed) of `$.\($0)` (\(event.name))" }
        }.joined(separator: ", ")
        let inputs = c.inputs.map { Escaping.markdownCode("$." + $0) }.joined(separator: ", ")
        rows.append(
          [
            Escaping.markdownCode(c.name), from + ", from " + inputs,
            events.filter { $0.url != nil }.map(\.name).joined(separator: ", "),
          ]
            + declaredAndTested(list: values(of: c.type), version: false))
      case .field(let f):
        let from = Escaping.markdownCode(
          f.part.key.isEmpty ? "$.\(f.field.key)" : "$.\(f.part.key).\(f.field.key)")
        var list: [String]? = nil
        if case .enumeration(let type, _) = f.field.type { list = values(of: type) }
        var version = false
        if case .version = f.field.type { version = true }
        rows.append(
          [Escaping.markdownCode(f.field.key), from, events(reading: f.part).joined(separator: ", ")]
            + declaredAndTested(list: list, version: version))
      }
    }
    return table(["fact", "read from", "events", "declared in `facts` as", "tested in `when` as"], rows)
  }

  /// How a table declares and tests a fact of these values.
  private static func declaredAndTested(list: [String]?, version: Bool) -> [String] {
    if version {
      return ["`{\"newest\": \"26\"}`", "`\">=10\"`, `\"<10\"`, `\"10..<26\"`, `\"18\"` (every 18.x)"]
    }
    guard let list else { return ["`\"bool\"`", "`true`, `false`, or a list of them"] }
    let json = "[" + list.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    return [Escaping.markdownCode(json), "one of them, or a list"]
  }

  /// The README's generated part, markers excluded.
  static var readmeText: String { "\n" + fieldsTable }

  /// The situation's types as DocC paths, in catalog order: the event; the value types of the
  /// top level; each part (every event's and `app`), followed by the nested values its fields
  /// hold with their value types, and its own value types; then any other value type
  /// (`URLSchemeClass`).
  static var situationTopics: [String] {
    let names = valueTypes.map(\.name)
    /// The value types declared directly inside `type`.
    func values(in type: String) -> [String] {
      names.filter { $0.hasPrefix(type + ".") && !$0.dropFirst(type.count + 1).contains(".") }
    }
    var topics = ["Situation.Event"] + values(in: "Situation")
    for part in parts where !part.key.isEmpty {
      topics.append("Situation." + part.type)
      for field in part.fields {
        guard case .nested(let type, _) = field.type else { continue }
        topics += ["Situation." + type] + values(in: "Situation." + type)
      }
      topics += values(in: "Situation." + part.type)
    }
    topics += names.filter { !topics.contains($0) }
    return topics.map { $0.replacingOccurrences(of: ".", with: "/") }
  }

  /// The landing page's generated topic group, heading and blank line before the next
  /// heading included: a link per type of the situation.
  static var situationTopicsText: String {
    """
    \(situationTopicsHeading)

    Every type a ``Situation`` holds, its event, each event's part and the app's, and the
    values of their fields (<doc:SituationReference>); this group is generated from the
    situation catalog by `\(regenerateCommand)`.

    \(situationTopics.map { "- ``\($0)``\n" }.joined())

    """
  }

  /// `document` with the group under `heading` (a line of its own) up to the next `###` or
  /// `##` heading replaced by `group`; nil when the heading is missing.
  static func splicedGroup(_ document: String, heading: String, with group: String) -> String? {
    guard let start = document.range(of: "\n" + heading + "\n") else { return nil }
    let rest = document[start.upperBound...]
    let end = rest.range(of: "\n#")?.lowerBound ?? document.endIndex
    let next = end == document.endIndex ? end : document.index(after: end)
    return String(document[...start.lowerBound]) + group + String(document[next...])
  }

  /// `SituationReference.md`, whole.
  static var referenceArticle: String {
    """
    # The situation and its facts

    <!-- Generated from Sources/CatalogGenerator/SituationCatalog.swift by `\(regenerateCommand)`; do not edit. A test fails when it drifts. -->

    Every key of the situation JSON, and every fact a decision table may test.

    ## Overview

    A ``Situation`` is the input of every decision. Its keys, their values and defaults, and
    the facts below are declared once, in `Sources/CatalogGenerator/SituationCatalog.swift`
    (an enumeration's cases in `SituationCatalog+ValueTypes.swift`); this article, the README's
    situation table, the JSON Schemas `Policies/schema/situation.schema.json` and
    `facts.schema.json`, and the Swift enums of the values (``Situation/Tap/Layout`` and the
    others) are generated from it.
    Unknown keys and wrong types are errors. A key marked fact is one a table may test; the
    URL facts are computed from the URL the event reads.

    ### Keys

    \(fieldsTable)
    ### Facts

    A table declares each fact it tests in `facts`, with its whole domain, and tests it in
    each rule's `when` (see <doc:PolicyFormat>).

    \(factsTable)
    """
  }

  /// `document` with the part between the markers named `section` replaced by `body`; nil
  /// when the markers are missing.
  static func spliced(_ document: String, section: String, with body: String) -> String? {
    let open = "<!-- generated: \(section)"
    let close = "<!-- end generated -->"
    guard let start = document.range(of: open),
      let startEnd = document.range(of: "-->", range: start.upperBound..<document.endIndex),
      let end = document.range(of: close, range: startEnd.upperBound..<document.endIndex)
    else { return nil }
    return String(document[..<startEnd.upperBound]) + body + String(document[end.lowerBound...])
  }

  /// Every file the catalog writes besides `SituationCatalog+Generated.swift`: its path, and
  /// the text it should hold given the committed text (nil when a file rewritten in place
  /// lacks its markers).
  static func derivedFiles(committed: (String) -> String?) -> [(path: String, text: String?)] {
    var files: [(path: String, text: String?)] = [(valuesPath, valuesSource)]
    files += generatedSchemas.map { ($0.path, $0.text) }
    files.append((referenceArticlePath, referenceArticle))
    files.append((keysPath, keysSource))
    files.append(
      (readmePath, committed(readmePath).flatMap { spliced($0, section: readmeSection, with: readmeText) }))
    files.append(
      (
        landingPagePath,
        committed(landingPagePath).flatMap {
          splicedGroup($0, heading: situationTopicsHeading, with: situationTopicsText)
        }
      ))
    return files
  }
}

extension SituationCatalog {
  /// Writes every derived file from the current directory (the package root), printing each
  /// path; false, after saying why on standard error, when the catalog lacks what they need,
  /// the README lacks its markers, or a file cannot be written.
  static func writeDerivedFiles() -> Bool {
    func fail(_ message: String) -> Bool {
      FileHandle.standardError.write(Data("error: \(message)\n".utf8))
      return false
    }
    let problems = derivedProblems
    guard problems.isEmpty else {
      for problem in problems { _ = fail(problem) }
      return false
    }
    for (path, text) in derivedFiles(committed: { try? String(contentsOfFile: $0, encoding: .utf8) }) {
      guard let text else {
        let part =
          path == landingPagePath
          ? "\"\(situationTopicsHeading)\" topic group"
          : "<!-- generated: \(readmeSection) --> ... <!-- end generated --> markers"
        return fail("\(path): no \(part)")
      }
      do {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        print("wrote \(path)")
      } catch {
        return fail("cannot write \(path): \(error.localizedDescription)")
      }
    }
    return true
  }
}

extension SituationCatalog.FieldType {
  /// True for a URL field.
  var isURL: Bool {
    if case .url = self { return true }
    return false
  }
}
