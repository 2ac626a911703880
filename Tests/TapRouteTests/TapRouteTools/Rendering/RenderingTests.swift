import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("Rendered documentation and editor schemas")
struct RenderingTests {
  @Test(
    "Policies/README.md is the table command's output (run: taproute table Policies > Policies/README.md)")
  func renderedDocsDoNotDrift() throws {
    let committed = try String(contentsOf: Repo.policies.appendingPathComponent("README.md"), encoding: .utf8)
    let rendered = TableDocument.markdown(
      try PolicySet.load(directory: Repo.policies), sessions: try PictureGallery.sessions(in: Repo.policies))
    let same = committed == rendered
    #expect(
      same,
      """
      Policies/README.md drifted from the tables (\(firstDifference(committed, rendered, names: ("committed", "rendered")))); \
      run: swift run taproute table Policies > Policies/README.md
      """)
  }

  @Test func markdownHasOneRowPerRuleAndLinkedEvidence() throws {
    let set = try engine().policies
    let markdown = TableDocument.markdown(set)
    for table in set.tables {
      for (i, rule) in table.rules.enumerated() {
        #expect(markdown.contains("| \(i + 1) | `\(rule.id)` |"), "\(table.name)/\(rule.id)")
      }
    }
    for entry in set.evidence {
      #expect(markdown.contains("<a id=\"\(entry.id.lowercased())\"></a>\n### \(entry.id) ("))
    }
    #expect(markdown.contains("[S004-1](#s004-1)"))
    #expect(
      markdown.range(of: "## tap:")?.lowerBound ?? markdown.endIndex < markdown.range(of: "## open:")?
        .lowerBound ?? markdown.startIndex)
  }

  @Test func jsonRendering() throws {
    let text = TableDocument.json(try engine().policies)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let tables = try #require(object["tables"] as? [[String: Any]])
    #expect(tables.map { $0["name"] as? String } == Situation.Event.allCases.map(\.rawValue))
    let first = try #require((tables[0]["rules"] as? [[String: Any]])?.first)
    #expect(first["id"] as? String == "expired-message")
    #expect((first["when"] as? [String: String])?["expired"] == "true")
    let contested = try #require(
      (tables[0]["rules"] as? [[String: Any]])?.first {
        $0["id"] as? String == "message-not-installed-web-url"
      })
    #expect(contested["against"] as? [String] == ["N-5"])
    let alternative = try #require((contested["alternatives"] as? [[String: Any]])?.first)
    #expect(
      alternative["outcome"] as? String == "browser"
        && alternative["evidence"] as? [String] == ["N-5", "F-4"])
  }

  /// The node at a JSON path of a schema file, following each `$ref` on the way (to another
  /// schema file, `facts.schema.json#/definitions/facts`, or within the file).
  private func schemaNode(_ file: String, _ path: [String]) throws -> JSONValue {
    func load(_ file: String) throws -> JSONValue {
      let bytes = [UInt8](try Data(contentsOf: Repo.policies.appendingPathComponent("schema/" + file)))
      return try JSONParser.parse(bytes).get()
    }
    func member(_ node: JSONValue, _ key: String) -> JSONValue? {
      node.objectValue?.first { $0.key == key }?.value
    }
    var document = try load(file)
    var node = document
    for key in path {
      while let ref = member(node, "$ref")?.stringValue {
        let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        if let target = parts.first, !target.isEmpty { document = try load(String(target)) }
        node = document
        for step in parts.dropFirst().first?.split(separator: "/") ?? [] {
          node = try #require(member(node, String(step)), "\(file): \(ref) does not resolve")
        }
      }
      node = try #require(member(node, key), "\(file): no \(key) in \(path)")
    }
    return node
  }

  /// The enum values listed at a JSON path of a schema file.
  private func schemaEnum(_ file: String, _ path: [String]) throws -> [String] {
    try #require(try schemaNode(file, path).arrayValue).compactMap(\.stringValue)
  }

  @Test("the JSON Schemas list exactly the values the code accepts")
  func schemasMatchTheCode() throws {
    #expect(
      try schemaEnum(
        "table.schema.json",
        ["properties", "rules", "items", "properties", "then", "properties", "outcome", "enum"])
        == Outcome.allCases.filter { $0 != .undecided }.map(\.rawValue))
    #expect(
      try schemaEnum(
        "table.schema.json",
        ["properties", "rules", "items", "properties", "then", "properties", "callbacks", "items", "enum"])
        == Callback.allCases.map(\.rawValue))
    #expect(
      try schemaEnum(
        "table.schema.json",
        ["properties", "rules", "items", "properties", "then", "properties", "appCallbacks", "items", "enum"])
        == AppCallback.allCases.map(\.rawValue))
    #expect(
      try schemaEnum(
        "table.schema.json",
        ["properties", "rules", "items", "properties", "then", "properties", "handoff", "enum"])
        == Situation.Handoff.allCases.map(\.rawValue))
    #expect(
      try schemaEnum(
        "table.schema.json",
        ["properties", "rules", "items", "properties", "then", "properties", "delivers", "enum"])
        == Delivered.allCases.map(\.rawValue))
    #expect(
      try schemaEnum(
        "table.schema.json", ["properties", "rules", "items", "properties", "confidence", "enum"])
        == Confidence.allCases.map(\.rawValue))
    #expect(
      try schemaEnum("situation.schema.json", ["properties", "platform", "enum"])
        == Platform.allCases.map(\.rawValue))
    #expect(
      try schemaEnum(
        "situation.schema.json",
        ["properties", "tap", "properties", "redirect", "properties", "hooks", "items", "enum"])
        == Callback.redirectHooks.map(\.rawValue))
    #expect(
      try schemaEnum("situation.schema.json", ["properties", "open", "properties", "extensionPoint", "enum"])
        == ExtensionPoint.allCases.map(\.rawValue))
    let factKeys = try schemaNode("table.schema.json", ["properties", "facts", "properties"]).objectValue?
      .map(\.key)
    #expect(Set(factKeys ?? []) == Set(Fact.allCases.map(\.rawValue)))
  }

  @Test(
    "every policy file names its schema",
    arguments: [
      "tap.json", "open.json", "evidence.json", "fixtures.json", "transitions.json", "stickers.json",
      "shortcuts.json",
    ])
  func policyFilesReferenceSchemas(_ name: String) throws {
    let bytes = [UInt8](try Data(contentsOf: Repo.policies.appendingPathComponent(name)))
    let schema = try JSONParser.parse(bytes).get().objectValue?.first { $0.key == "$schema" }?.value
      .stringValue
    let path = try #require(schema)
    #expect(
      FileManager.default.fileExists(atPath: Repo.policies.appendingPathComponent(path).path),
      "\(name) -> \(path)")
  }
}
