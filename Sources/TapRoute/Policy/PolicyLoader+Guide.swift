import TapRouteAASA

// The guide article's grouping (`WhatATapDoes.md`, ``TapGuide``), declared in the policy files:
// a table file's `guide` sections, each rule's `guide` (the section it belongs to), and a
// fixture row's `guide` (where the article shows the row).

/// A section of the guide article, declared in a table file's `guide` list: the rules that
/// name its `id` (from any table), in table order and then rule order, each shown through a
/// fixture row; the article lists the sections in table order, then in the order each file
/// declares them.
package struct GuideSection: Sendable, Hashable {
  /// The id rules and fixture rows name it by, unique in the policy set.
  package var id: String
  /// The section's heading.
  package var title: String
  /// The paragraph under the heading.
  package var introduction: String
  /// Where the section is declared.
  package var location: SourcePosition
}

extension Fixture {
  /// Where the guide article shows a fixture row beside the rules (its `guide` key).
  package enum GuidePlacement: Sendable, Hashable {
    /// `{"rule": true}`: the row is the situation shown for the rule it expects, rather than
    /// the first row that expects it.
    case rule
    /// `{"after": "table/rule-id"}`: the row follows that rule's block, its situation and
    /// decision only.
    case after(String)
    /// `{"section": "id"}`: the row opens that section, before its rules.
    case section(String)
  }
}

extension PolicyLoader {
  /// The section ids the table files among `files` declare, read before the tables so that a
  /// rule may name a section another file declares; each is checked where its table is read.
  /// Nil, so that no rule's section is checked, unless the table files are `complete` (each
  /// read) and one decides each required event.
  static func guideSectionIDs(_ files: [(name: String, value: JSONValue)], complete: Bool) -> Set<String>? {
    let tables = files.filter { FileRole(name: $0.name) == .table }
    let events = Set(
      tables.compactMap { $0.value.objectValue?.first { $0.key == "event" }?.value.stringValue })
    guard complete, requiredEvents.allSatisfy({ events.contains($0.rawValue) }) else { return nil }
    var ids: Set<String> = []
    for file in tables {
      let sections = file.value.objectValue?.first { $0.key == "guide" }?.value.arrayValue ?? []
      for section in sections {
        if let id = section.objectValue?.first(where: { $0.key == "id" })?.value.stringValue {
          ids.insert(id)
        }
      }
    }
    return ids
  }

  /// A table file's `guide`: its sections, each an `id`, a `title` and an `introduction`.
  func readGuideSections(_ value: JSONValue, reader: inout JSONReader) -> [GuideSection] {
    guard let items = reader.array(value, path: "$.guide") else { return [] }
    var sections: [GuideSection] = []
    for (i, item) in items.enumerated() {
      let path = JSONReader.join("$.guide", i)
      guard let fields = reader.object(item, path: path, allowed: ["id", "title", "introduction"]) else {
        continue
      }
      let id = reader.require(fields, "id", path: path, at: item.location).flatMap {
        reader.string($0, path: path + ".id")
      }
      if let id, !Self.isIdentifier(id) {
        reader.error(
          .policyWrongType, "guide section id \(Words.quoted(id)) must be letters, digits, '-' or '_'",
          path: path + ".id", at: fields["id"]?.location)
      }
      let title = reader.require(fields, "title", path: path, at: item.location).flatMap {
        reader.string($0, path: path + ".title")
      }
      let introduction = reader.require(fields, "introduction", path: path, at: item.location).flatMap {
        reader.string($0, path: path + ".introduction")
      }
      guard let id, let title, let introduction else { continue }
      if let first = sections.first(where: { $0.id == id }) {
        reader.error(
          .duplicateID, "guide section id \(Words.quoted(id)) is already used at line \(first.location.line)",
          path: path + ".id", at: fields["id"]?.location)
        continue
      }
      sections.append(GuideSection(id: id, title: title, introduction: introduction, location: item.location))
    }
    return sections
  }

  /// A rule's `guide`: the id of the section that shows it, which a table file of the set must
  /// declare (`sections` is nil when that cannot be checked).
  static func guideSection(
    _ value: JSONValue, path: String, sections: Set<String>?, reader: inout JSONReader
  ) -> String? {
    guard let id = reader.string(value, path: path) else { return nil }
    if let sections, !sections.contains(id) {
      let hint =
        JSONReader.nearest(id, in: sections.sorted()).map { " (did you mean \"\($0)\"?)" } ?? ""
      reader.error(
        .unknownValue, "no table declares the guide section \(Words.quoted(id))\(hint)", path: path,
        at: value.location)
    }
    return id
  }

  /// A fixture row's `guide`: exactly one of `"rule": true`, `"after": "table/rule-id"` (a rule
  /// of `ruleNames`) and `"section": "id"` (one of `sections`); either list nil when the
  /// tables could not be read.
  static func guidePlacement(
    _ value: JSONValue, path: String, ruleNames: Set<String>?, sections: Set<String>?,
    reader: inout JSONReader
  ) -> Fixture.GuidePlacement? {
    guard let fields = reader.object(value, path: path, allowed: ["rule", "after", "section"]) else {
      return nil
    }
    guard fields.count == 1, let member = fields.first else {
      reader.error(
        fields.isEmpty ? .policyMissingField : .policyWrongType,
        "a row's guide says one of \"rule\": true, \"after\": a rule, or \"section\": a section id",
        path: path, at: value.location)
      return nil
    }
    let (key, given) = member
    let at = path + "." + key
    switch key {
    case "rule":
      guard let shows = reader.bool(given, path: at) else { return nil }
      guard shows else {
        reader.error(
          .unknownValue, "\"rule\" is true or left out: false would say nothing", path: at, at: given.location
        )
        return nil
      }
      return .rule
    case "after":
      guard let rule = reader.string(given, path: at) else { return nil }
      if let ruleNames, !ruleNames.contains(rule) {
        let hint = JSONReader.nearest(rule, in: ruleNames.sorted()).map { " (did you mean \"\($0)\"?)" } ?? ""
        reader.error(
          .unknownRule, "the row is placed after rule \(Words.quoted(rule)), which no table defines\(hint)",
          path: at, at: given.location)
      }
      return .after(rule)
    default:
      return guideSection(given, path: at, sections: sections, reader: &reader).map { .section($0) }
    }
  }

  /// Problems with the guide across files: a section id two table files declare (TR108), and
  /// two rows that each say they are a rule's situation (TR108).
  mutating func checkGuide(tables: [DecisionTable], fixtures: [Fixture], fixturesFile: String) {
    var declared: [String: DecisionTable] = [:]
    for table in tables {
      for section in table.guide {
        if let other = declared[section.id] {
          append([
            Diagnostic(
              file: table.file, path: "$.guide", location: section.location, code: .duplicateID,
              message: "guide section id \(Words.quoted(section.id)) is also declared in \(other.file)")
          ])
        } else {
          declared[section.id] = table
        }
      }
    }
    var shown: [String: Fixture] = [:]
    for fixture in fixtures where fixture.guide == .rule {
      guard let rule = fixture.expected.rule else {
        append([
          Diagnostic(
            file: fixturesFile, path: "$.fixtures", location: fixture.location, code: .policyMissingField,
            message:
              "fixture \(Words.quoted(fixture.name)) is its rule's situation in the guide, but expects no rule"
          )
        ])
        continue
      }
      if let other = shown[rule] {
        append([
          Diagnostic(
            file: fixturesFile, path: "$.fixtures", location: fixture.location, code: .duplicateID,
            message:
              "fixture \(Words.quoted(other.name)) is already the guide's situation for rule \(Words.quoted(rule))"
          )
        ])
      } else {
        shown[rule] = fixture
      }
    }
  }
}
