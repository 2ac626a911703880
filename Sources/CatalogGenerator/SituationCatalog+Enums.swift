// Writes the value types (`SituationCatalog+ValueTypes.swift`) as the library's Swift enums:
// `Sources/TapRoute/Generated/SituationValues+Generated.swift`, a file of declarations only, so
// that a reader looking for `Situation.Tap.Layout` finds its cases and documentation without
// the readers and scanners of `SituationCatalog+Generated.swift`.

import TapRouteAASA

extension SituationCatalog {
  /// The generated file, from the package root.
  static let valuesPath = "Sources/TapRoute/Generated/SituationValues+Generated.swift"

  /// Words a case may be named only in backquotes (`` `static` ``).
  private static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
    "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
    "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
    "throw", "switch", "where", "while", "Any", "as", "false", "is", "nil", "self", "Self", "super",
    "throws", "true", "try",
  ]

  /// `name` as a Swift identifier: in backquotes when it is a keyword.
  private static func identifier(_ name: String) -> String {
    keywords.contains(name) ? "`\(name)`" : name
  }

  /// The type a value type is nested in (`Situation.Tap`), nil for a top-level one, and its
  /// own name (`Layout`).
  static func container(of type: ValueType) -> (container: String?, name: String) {
    guard let dot = type.name.lastIndex(of: ".") else { return (nil, type.name) }
    return (String(type.name[..<dot]), String(type.name[type.name.index(after: dot)...]))
  }

  /// Problems with the value types (``problems(of:)``). The drift tests require none.
  static var valueTypeProblems: [String] { problems(of: valueTypes) }

  /// Problems with `types`: a name declared twice, a type with no cases, a case or a raw
  /// value that repeats, a type that is not `CaseIterable`.
  static func problems(of types: [ValueType]) -> [String] {
    var problems: [String] = []
    var names: Set<String> = []
    for type in types {
      if !names.insert(type.name).inserted { problems.append("value type \(type.name) is declared twice") }
      if type.cases.isEmpty { problems.append("value type \(type.name) has no cases") }
      if Set(type.cases.map(\.name)).count != type.cases.count {
        problems.append("value type \(type.name) repeats a case: \(type.cases.map(\.name))")
      }
      if Set(type.values).count != type.values.count {
        problems.append("value type \(type.name) repeats a raw value: \(type.values)")
      }
      if !type.conformances.contains("CaseIterable") {
        problems.append(
          "value type \(type.name) must be CaseIterable: the readers and Fact.kind list its cases")
      }
    }
    return problems
  }

  /// The Swift source of every value type, each group of types nested in the same type in one
  /// `extension` of it.
  static var valuesSource: String {
    var out = """
      // swift-format-ignore-file
      // Generated from Sources/CatalogGenerator/SituationCatalog+ValueTypes.swift by `\(regenerateCommand)`; do not edit.

      // The value types situation fields and facts name: the declarations only. What else a
      // type has (its `index`, helpers, descriptions) is hand-written in extensions under Facts/.

      """
    var groups: [(container: String?, types: [ValueType])] = []
    for type in valueTypes {
      let container = container(of: type).container
      if let last = groups.indices.last, groups[last].container == container {
        groups[last].types.append(type)
      } else {
        groups.append((container, [type]))
      }
    }
    for group in groups {
      let indent = group.container == nil ? "" : "  "
      let declarations = group.types.map { declaration($0, indent: indent) }.joined(separator: "\n")
      if let container = group.container {
        out += "\nextension \(container) {\n" + declarations + "}\n"
      } else {
        out += "\n" + declarations
      }
    }
    return out
  }

  /// One type's declaration: its documentation, then each case with its own, each line
  /// indented by `indent`.
  static func declaration(_ type: ValueType, indent: String) -> String {
    var out = docLines(type.doc, indent: indent)
    let inheritance = (["String"] + type.conformances).joined(separator: ", ")
    out += "\(indent)public enum \(container(of: type).name): \(inheritance) {\n"
    for valueCase in type.cases {
      out += docLines(valueCase.doc, indent: indent + "  ")
      let raw = valueCase.rawValue.map { " = \(Escaping.swiftString($0))" } ?? ""
      out += "\(indent)  case \(identifier(valueCase.name))\(raw)\n"
    }
    if let numbers = type.numbers {
      out +=
        "\n\(indent)  /// The smallest number the JSON form reads as ``\(numbers.caseName)``, written as a string.\n"
      out += "\(indent)  package static let numbersFrom = \(numbers.from)\n"
      out += "\(indent)  /// The case such a number reads as.\n"
      out += "\(indent)  package static let numberCase: Self = .\(identifier(numbers.caseName))\n"
    }
    return out + "\(indent)}\n"
  }
}
