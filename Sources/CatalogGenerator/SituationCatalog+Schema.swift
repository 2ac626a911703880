// Writes the JSON Schemas that name situation fields and facts from `SituationCatalog`:
// `Policies/schema/situation.schema.json` (the situation) and `facts.schema.json` (the events,
// and how a table declares and tests each fact), which the hand-written schemas `$ref`.
import Foundation
import TapRouteAASA

/// A JSON value whose object keys keep their order, written as the schemas are committed.
indirect enum SchemaJSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  case string(String)
  case bool(Bool)
  case int(Int)
  case null
  case array([SchemaJSON])
  case object([(String, SchemaJSON)])

  init(stringLiteral value: String) { self = .string(value) }
  init(booleanLiteral value: Bool) { self = .bool(value) }
  init(integerLiteral value: Int) { self = .int(value) }
  init(arrayLiteral elements: SchemaJSON...) { self = .array(elements) }
  init(dictionaryLiteral elements: (String, SchemaJSON)...) { self = .object(elements) }

  /// An array of strings.
  static func strings(_ values: [String]) -> SchemaJSON { .array(values.map { .string($0) }) }

  /// The member at `key` of an object.
  subscript(key: String) -> SchemaJSON? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The value as indented JSON, two spaces a level, one member or element a line.
  func rendered(indent: String = "") -> String {
    let inner = indent + "  "
    switch self {
    case .string(let s): return Escaping.jsonString(s)
    case .bool(let b): return b ? "true" : "false"
    case .int(let i): return String(i)
    case .null: return "null"
    case .array(let elements):
      if elements.isEmpty { return "[]" }
      return "[\n" + elements.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n")
        + "\n\(indent)]"
    case .object(let members):
      if members.isEmpty { return "{}" }
      return "{\n"
        + members.map { inner + Escaping.jsonString($0.0) + ": " + $0.1.rendered(indent: inner) }.joined(
          separator: ",\n")
        + "\n\(indent)}"
    }
  }
}

extension SituationCatalog {
  /// The generated schema files, from the package root.
  static let situationSchemaPath = "Policies/schema/situation.schema.json"
  static let factsSchemaPath = "Policies/schema/facts.schema.json"

  /// Longest URL string a situation may hold, in characters (`Situation.maximumURLLength`; a
  /// test holds the two equal).
  static let maximumURLLength = 64 * 1024
  /// An OS or SDK version in a situation or a table's `newest`: one to three components of
  /// at most five digits after an optional leading zero.
  static let versionPattern = #"^0?[0-9]{1,5}(\.0?[0-9]{1,5}){0,2}$"#
  /// A version condition in a rule's `when`: `>=X`, `<X`, a major version `X`, or a range
  /// `X..<Y` whose bounds differ in text (the loader also refuses one reversed or equal in value).
  static let versionConditionPattern =
    #"^(>=|<)0?[0-9]{1,5}(\.0?[0-9]{1,5}){0,2}$|^0?[0-9]{1,5}$|^(?!(0?[0-9]{1,5}(\.0?[0-9]{1,5}){0,2})\.\.<\3$)0?[0-9]{1,5}(\.0?[0-9]{1,5}){0,2}\.\.<0?[0-9]{1,5}(\.0?[0-9]{1,5}){0,2}$"#
  static let versionConditionDescription =
    #"">=10", "<10", "10..<26" (not empty) or a major version "18" (every 18.x); components 0 to 99999 of at most 6 digits"#

  /// Says in a generated schema where it comes from (JSON has no comments; `$comment` is
  /// JSON Schema's).
  static var schemaComment: String {
    "Generated from Sources/CatalogGenerator/SituationCatalog.swift by `\(regenerateCommand)`; do not edit."
  }

  /// Problems that keep the value enums, the schemas and the docs from being generated: a
  /// problem with a value type (``valueTypeProblems``), an enumeration no value type declares
  /// or whose default is not one of its values, a nested value with no schema. The drift tests
  /// require none.
  static var derivedProblems: [String] {
    var problems = valueTypeProblems
    func undeclared(_ type: String, by name: String) -> String {
      "\(name): enumeration \(type) is not declared; add it to SituationCatalog.valueTypes (SituationCatalog+ValueTypes.swift)"
    }
    for part in parts {
      for field in part.fields {
        switch field.type {
        case .enumeration(let type, let d):
          if let list = values(of: type) {
            if !list.contains(d) {
              problems.append("\(part.key).\(field.key): default \(d) is not a value of \(type)")
            }
          } else {
            problems.append(undeclared(type, by: "\(part.key).\(field.key)"))
          }
        case .nested(let type, _) where nestedSchemas[type] == nil:
          problems.append(
            "\(part.key).\(field.key): nested \(type) has no schema; add it to SituationCatalog.nestedSchemas (SituationCatalog+Schema.swift)"
          )
        default: break
        }
      }
    }
    for fact in urlFacts {
      if let type = enumerationType(fact), values(of: type) == nil {
        problems.append(undeclared(type, by: fact.name))
      }
    }
    for fact in computedFacts where values(of: fact.type) == nil {
      problems.append(undeclared(fact.type, by: fact.name))
    }
    return problems
  }

  /// The JSON Schema of each nested value (`.nested(type:reader:)`), keyed by its type; the
  /// docs list its properties from it. Each property has a `description`, and a `default`
  /// where it has one.
  static var nestedSchemas: [String: SchemaJSON] {
    [
      "Redirect": [
        "type": "object",
        "additionalProperties": false,
        "properties": [
          "hooks": [
            "description": "The callbacks that call `open(url)`, each at most once.",
            "type": "array",
            "uniqueItems": true,
            "items": ["enum": .strings(values(of: "Redirect.Hook") ?? [])],
            "default": [],
          ],
          "url": urlSchema(description: "The URL the redirect code opens."),
        ],
      ],
      "AASAFiles": [
        "type": "object",
        "additionalProperties": [
          "description":
            "The apple-app-site-association document the domain serves, checked as `aasa check` checks a file.",
          "type": "object",
        ],
        "default": [:],
      ],
      "AndroidManifestText": [
        "type": ["string", "null"],
        "default": .null,
      ],
      "AssetLinksFiles": [
        "type": "object",
        "additionalProperties": [
          "description":
            "The assetlinks.json document the domain serves, checked as `assetlinks check` checks a file.",
          "type": "array",
        ],
        "default": [:],
      ],
    ]
  }

  /// The enumeration a URL fact's kind names (`URLSchemeClass`), nil for a Boolean.
  static func enumerationType(_ fact: URLFact) -> String? {
    guard let open = fact.kind.range(of: ".enumeration("), let end = fact.kind.range(of: ".allCases") else {
      return nil
    }
    return String(fact.kind[open.upperBound..<end.lowerBound])
  }

  /// A URL string or null.
  static func urlSchema(description: String) -> SchemaJSON {
    [
      "description": .string(description), "type": ["string", "null"], "maxLength": .int(maximumURLLength),
      "default": .null,
    ]
  }

  /// A field's documentation as one line.
  static func description(_ field: Field) -> String { field.doc.joined(separator: " ") }

  /// The schema of one field of the situation.
  static func schema(_ field: Field) -> SchemaJSON {
    let description = SchemaJSON.string(description(field))
    switch field.type {
    case .bool(let d): return ["description": description, "type": "boolean", "default": .bool(d)]
    case .version:
      return ["description": description, "type": ["string", "null"], "pattern": .string(versionPattern)]
    case .enumeration(let type, let d):
      let names: SchemaJSON = ["enum": .strings(values(of: type) ?? [])]
      guard let numbers = valueType(named: type)?.numbers else {
        return ["description": description, "enum": .strings(values(of: type) ?? []), "default": .string(d)]
      }
      // Its words, or a number from `numbers.from` as a string.
      let number: SchemaJSON = ["type": "string", "pattern": .string(numbers.pattern)]
      return ["description": description, "anyOf": [names, number], "default": .string(d)]
    case .url: return urlSchema(description: self.description(field))
    case .string, .strings: return textSchema(field)
    case .nested(let type, _):
      guard case .object(let members)? = nestedSchemas[type] else { return ["description": description] }
      return .object([("description", description)] + members.filter { $0.0 != "description" })
    }
  }

  /// The schema of a part's object, described: its fields, no others.
  static func schema(_ part: Part, description: String) -> SchemaJSON {
    [
      "description": .string(description),
      "type": "object",
      "additionalProperties": false,
      "properties": .object(part.fields.map { ($0.key, schema($0)) }),
    ]
  }

  /// What the `event` key takes: every event, each described.
  static var eventSchema: SchemaJSON {
    [
      "description": .string(
        events.map { "\($0.name): \($0.doc.joined(separator: " "))" }.joined(separator: " ")),
      "enum": .strings(events.map(\.name)),
    ]
  }

  /// When a part is read, in words; `name` writes each name (as a code span in Markdown).
  static func readWhen(_ part: Part, name: (String) -> String = { $0 }) -> String {
    let readers = events(reading: part)
    return readers.count == events.count
      ? "Read for every event."
      : "Read when \(name("event")) is \(readers.map(name).joined(separator: " or "))."
  }

  /// `Policies/schema/situation.schema.json`: every key of the situation.
  static var situationSchema: SchemaJSON {
    var properties: [(String, SchemaJSON)] = [("event", eventSchema)]
    let top = parts.first { $0.key.isEmpty }
    properties += top?.fields.map { ($0.key, schema($0)) } ?? []
    for part in parts where !part.key.isEmpty {
      properties.append(
        (part.key, schema(part, description: (part.doc + [readWhen(part)]).joined(separator: " "))))
    }
    return [
      "$schema": "http://json-schema.org/draft-07/schema#",
      "$id": "situation.schema.json",
      "$comment": .string(schemaComment),
      "title": "TapRoute situation (the public input of decide and explain)",
      "type": "object",
      "additionalProperties": false,
      "required": ["event"],
      "properties": .object(properties),
    ]
  }

  /// What a fact's values are, for a table's declaration and conditions.
  private enum FactValues {
    case bool
    case version
    case enumeration([String])
  }

  /// Every fact with its values and a description, in bit order.
  private static var factValues: [(name: String, values: FactValues, description: String)] {
    facts.map { fact in
      switch fact {
      case .url(let u):
        let values: FactValues = enumerationType(u).map { .enumeration(Self.values(of: $0) ?? []) } ?? .bool
        let urls = events.compactMap { event in urlPath(event).map { "$.\($0) (\(event.name))" } }
          .joined(separator: ", ")
        return (u.name, values, "The \(u.computed) of the URL the event reads: \(urls).")
      case .computed(let c) where c.field != nil:
        let field = c.field ?? ""
        let paths = events.filter { hasField($0, field) }.map { "$.\($0.part).\(field) (\($0.name))" }
          .joined(separator: ", ")
        return (c.name, .enumeration(values(of: c.type) ?? []), "The \(c.computed) of \(paths).")
      case .computed(let c):
        let urls = events.compactMap { event in urlPath(event).map { "$.\($0) (\(event.name))" } }
          .joined(separator: ", ")
        let inputs = c.inputs.map { "$." + $0 }.joined(separator: ", ")
        return (
          c.name, .enumeration(values(of: c.type) ?? []),
          "The \(c.computed) of the URL the event reads (\(urls)), from \(inputs); \(c.unknown) while one is left out."
        )
      case .field(let f):
        let values: FactValues =
          switch f.field.type {
          case .bool, .url, .nested, .string, .strings: .bool
          case .version: .version
          case .enumeration(let type, _): .enumeration(Self.values(of: type) ?? [])
          }
        return (f.field.key, values, description(f.field))
      }
    }
  }

  /// Where an event's URL is, as a JSON path without `$.` (`tap.url`).
  /// Where the event's URL is (`tap.url`); nil for an event that reads none.
  static func urlPath(_ event: Event) -> String? { event.url.map { "\(event.part).\($0)" } }

  /// How a table declares a fact in `facts`.
  private static func declaration(_ values: FactValues, description: String) -> SchemaJSON {
    switch values {
    case .bool: return ["description": .string(description), "const": "bool"]
    case .enumeration(let list):
      return [
        "description": .string(description), "type": "array", "items": ["enum": .strings(list)],
        "uniqueItems": true,
      ]
    case .version:
      return [
        "description": .string(description),
        "type": "object",
        "additionalProperties": false,
        "required": ["newest"],
        "properties": ["newest": ["type": "string", "pattern": .string(versionPattern)]],
      ]
    }
  }

  /// How a rule's `when` tests a fact: a value or a non-empty list of values, or a version
  /// condition.
  private static func condition(_ values: FactValues) -> SchemaJSON {
    func oneOrList(_ one: SchemaJSON) -> SchemaJSON {
      ["oneOf": [one, ["type": "array", "items": one, "minItems": 1, "uniqueItems": true]]]
    }
    switch values {
    case .bool: return oneOrList(["type": "boolean"])
    case .enumeration(let list): return oneOrList(["enum": .strings(list)])
    case .version:
      return [
        "type": "string", "pattern": .string(versionConditionPattern),
        "description": .string(versionConditionDescription),
      ]
    }
  }

  /// `Policies/schema/facts.schema.json`: the events, and each fact as a table declares it
  /// (`facts`) and tests it (`when`); `table.schema.json` refers to its definitions.
  static var factsSchema: SchemaJSON {
    let all = factValues
    return [
      "$schema": "http://json-schema.org/draft-07/schema#",
      "$id": "facts.schema.json",
      "$comment": .string(schemaComment),
      "title": "TapRoute facts: the events, and how a decision table declares and tests each fact",
      "definitions": [
        "event": eventSchema,
        "facts": [
          "description":
            "The facts the table tests and their domains: \"bool\", every value, or the newest OS version the table knows.",
          "type": "object",
          "additionalProperties": false,
          "properties": .object(all.map { ($0.name, declaration($0.values, description: $0.description)) }),
        ],
        "conditions": [
          "description": "The rule's conditions, each on a declared fact; an absent fact matches anything.",
          "type": "object",
          "additionalProperties": false,
          "properties": .object(all.map { ($0.name, condition($0.values)) }),
        ],
      ],
    ]
  }

  /// The generated schemas, each with its path from the package root.
  static var generatedSchemas: [(path: String, text: String)] {
    [
      (situationSchemaPath, situationSchema.rendered() + "\n"),
      (factsSchemaPath, factsSchema.rendered() + "\n"),
    ]
  }
}

extension SituationCatalog {
  /// The schema of a `.string` field (a string or null) or a `.strings` field (an array of
  /// strings or null), each string at most the URL limit long.
  static func textSchema(_ field: Field) -> SchemaJSON {
    let description = SchemaJSON.string(description(field))
    let text: SchemaJSON = ["type": "string", "maxLength": .int(maximumURLLength)]
    if case .strings = field.type {
      return ["description": description, "type": ["array", "null"], "items": text, "default": .null]
    }
    return [
      "description": description, "type": ["string", "null"], "maxLength": .int(maximumURLLength),
      "default": .null,
    ]
  }
}
