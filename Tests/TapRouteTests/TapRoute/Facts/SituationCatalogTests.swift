import Foundation
import Testing

@testable import CatalogGenerator
@testable import TapRoute
@testable import TapRouteTools

/// The situation catalog (`Sources/CatalogGenerator/SituationCatalog.swift`) is the one
/// declaration of each fact and value type; the code generated from it is committed, and these
/// tests hold the two together.
@Suite("The situation catalog and the code generated from it")
struct SituationCatalogTests {
  @Test("the committed generated file is what the catalog generates (swift run CatalogGenerator)")
  func generatedFileMatchesCatalog() throws {
    #expect(SituationCatalog.problems.isEmpty, "\(SituationCatalog.problems)")
    let url = Repo.root.appendingPathComponent(SituationCatalog.generatedPath)
    let rendered = SituationCatalog.generatedSwift()
    let committed = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    #expect(
      committed == rendered,
      "\(SituationCatalog.generatedPath) drifted from the catalog (\(firstDifference(committed, rendered, names: ("committed", "generated")))); run: \(SituationCatalog.regenerateCommand)"
    )
  }

  /// A file the catalog derives besides the Swift source, named by its path.
  struct DerivedFile: CustomTestStringConvertible, Sendable {
    var path: String
    var testDescription: String { path }
  }

  static let derivedFiles = SituationCatalog.derivedFiles { _ in "" }.map { DerivedFile(path: $0.path) }

  @Test(
    "each committed value enum, schema and doc is what the catalog generates (swift run CatalogGenerator)",
    arguments: derivedFiles)
  func derivedFileMatchesCatalog(_ file: DerivedFile) throws {
    #expect(SituationCatalog.derivedProblems.isEmpty, "\(SituationCatalog.derivedProblems)")
    let committed = try? String(contentsOf: Repo.root.appendingPathComponent(file.path), encoding: .utf8)
    let expected = SituationCatalog.derivedFiles { _ in committed }.first { $0.path == file.path }?.text
    let rendered = try #require(
      expected, "\(file.path) has no <!-- generated: \(SituationCatalog.readmeSection) --> markers")
    let same = committed == rendered
    #expect(
      same,
      "\(file.path) drifted from the catalog (\(firstDifference(committed ?? "", rendered, names: ("committed", "generated")))); run: \(SituationCatalog.regenerateCommand)"
    )
  }

  /// An enumeration field of the catalog and the value type it names, named by its path.
  struct EnumerationField: CustomTestStringConvertible, Sendable {
    var part: String
    var key: String
    var type: String
    /// The event whose situation reads the field.
    var event: String
    var testDescription: String { part.isEmpty ? key : "\(part).\(key)" }
  }

  static let enumerationFields: [EnumerationField] = SituationCatalog.parts.flatMap { part in
    part.fields.compactMap { field in
      guard case .enumeration(let type, _) = field.type else { return nil }
      // The top level's platform names Android for the link event only.
      let event =
        part.key.isEmpty && field.key == "platform"
        ? "link" : SituationCatalog.events(reading: part).first ?? "tap"
      return EnumerationField(part: part.key, key: field.key, type: type, event: event)
    }
  }

  @Test(
    "the strict reader takes each value the catalog declares for an enumeration field, and refuses others",
    arguments: enumerationFields)
  func strictReaderTakesTheDeclaredValues(_ field: EnumerationField) throws {
    let values = try #require(SituationCatalog.values(of: field.type), "\(field.type) is not declared")
    for value in values + ["notA\(field.type)Value"] {
      let member = "\"\(field.key)\":\"\(value)\""
      let json =
        field.part.isEmpty
        ? "{\"event\":\"\(field.event)\",\(member)}"
        : "{\"event\":\"\(field.event)\",\"\(field.part)\":{\(member)}}"
      let accepted = (try? Situation(json: Array(json.utf8))) != nil
      #expect(accepted == values.contains(value), "\(json)")
    }
  }

  @Test("the strict reader takes each redirect hook the catalog declares, and refuses others")
  func strictReaderTakesTheDeclaredHooks() throws {
    let values = try #require(SituationCatalog.values(of: "Redirect.Hook"))
    for value in values + ["viewDidLoad"] {
      let json = "{\"event\":\"tap\",\"tap\":{\"redirect\":{\"hooks\":[\"\(value)\"]}}}"
      let accepted = (try? Situation(json: Array(json.utf8))) != nil
      #expect(accepted == values.contains(value), "\(json)")
    }
  }

  @Test("a value type is declared with its documentation, keywords in backquotes, raw values that differ")
  func valueTypeDeclaration() {
    let type = SituationCatalog.ValueType(
      name: "Situation.Widget.Example", doc: ["An example.", "", "Its second paragraph."],
      cases: [
        SituationCatalog.ValueCase("static", doc: ["A keyword."]),
        SituationCatalog.ValueCase("dashed", rawValue: "da-shed"), "plain",
      ],
      conformances: ["Sendable", "CaseIterable"])
    #expect(SituationCatalog.container(of: type) == ("Situation.Widget", "Example"))
    #expect(type.values == ["static", "da-shed", "plain"])
    let expected = """
        /// An example.
        ///
        /// Its second paragraph.
        public enum Example: String, Sendable, CaseIterable {
          /// A keyword.
          case `static`
          case dashed = "da-shed"
          case plain
        }

      """
    #expect(SituationCatalog.declaration(type, indent: "  ") == expected)
  }

  /// A value type with a problem, and the problem the generator names.
  struct ValueTypeProblem: CustomTestStringConvertible, Sendable {
    var name: String
    var cases: [String]
    var rawValues: [String?]
    var conformances: [String]
    var problem: String
    var testDescription: String { problem }

    var types: [SituationCatalog.ValueType] {
      let cases = zip(self.cases, rawValues).map { SituationCatalog.ValueCase($0, rawValue: $1) }
      return [SituationCatalog.ValueType(name: name, doc: [], cases: cases, conformances: conformances)]
    }
  }

  static let valueTypeProblems: [ValueTypeProblem] = [
    ValueTypeProblem(
      name: "Situation.Empty", cases: [], rawValues: [], conformances: ["CaseIterable"],
      problem: "value type Situation.Empty has no cases"),
    ValueTypeProblem(
      name: "Situation.Twice", cases: ["a", "a"], rawValues: [nil, "b"], conformances: ["CaseIterable"],
      problem: "value type Situation.Twice repeats a case: [\"a\", \"a\"]"),
    ValueTypeProblem(
      name: "Situation.SameJSON", cases: ["a", "b"], rawValues: [nil, "a"], conformances: ["CaseIterable"],
      problem: "value type Situation.SameJSON repeats a raw value: [\"a\", \"a\"]"),
    ValueTypeProblem(
      name: "Situation.Listless", cases: ["a"], rawValues: [nil], conformances: ["Sendable"],
      problem: "value type Situation.Listless must be CaseIterable: the readers and Fact.kind list its cases"),
  ]

  @Test("the generator names each problem of a value type", arguments: valueTypeProblems)
  func valueTypeProblem(_ row: ValueTypeProblem) {
    #expect(SituationCatalog.problems(of: row.types) == [row.problem])
    #expect(
      SituationCatalog.problems(of: row.types + row.types).contains(
        "value type \(row.name) is declared twice"))
  }

  @Test("the schemas' URL length limit is the readers'")
  func maximumURLLength() {
    #expect(SituationCatalog.maximumURLLength == Situation.maximumURLLength)
  }

  @Test("the README's generated part is rewritten in place, and a README without markers is refused")
  func splicing() {
    let document = "intro\n<!-- generated: x, by hand -->\nold\n<!-- end generated -->\noutro\n"
    #expect(
      SituationCatalog.spliced(document, section: "x", with: "\nnew\n")
        == "intro\n<!-- generated: x, by hand -->\nnew\n<!-- end generated -->\noutro\n")
    #expect(SituationCatalog.spliced("intro\n", section: "x", with: "new") == nil)
    #expect(SituationCatalog.spliced(document, section: "y", with: "new") == nil)
  }

  @Test("the landing page's situation topic group is rewritten under its heading, up to the next one")
  func groupSplicing() {
    let document = "# T\n\n### A\n\n- a\n\n### The situation\n\n- old\n\n### B\n\n- b\n"
    let heading = SituationCatalog.situationTopicsHeading
    #expect(
      SituationCatalog.splicedGroup(document, heading: heading, with: "\(heading)\n\n- new\n\n")
        == "# T\n\n### A\n\n- a\n\n### The situation\n\n- new\n\n### B\n\n- b\n")
    #expect(
      SituationCatalog.splicedGroup("# T\n\n### The situation\n\n- old\n", heading: heading, with: "x\n")
        == "# T\n\nx\n")
    #expect(SituationCatalog.splicedGroup("# T\n\n### A\n", heading: heading, with: "x") == nil)
  }

  @Test("the landing page links every event's part and every value type the catalog declares")
  func topicsCoverTheCatalog() {
    let topics = SituationCatalog.situationTopics
    #expect(Set(topics).count == topics.count)
    for event in Situation.Event.allCases {
      let part = SituationCatalog.parts.first {
        $0.key == SituationCatalog.events.first { $0.name == event.rawValue }?.part
      }
      #expect(part.map { topics.contains("Situation/" + $0.type) } == true, "\(event)")
    }
    for type in SituationCatalog.valueTypes {
      #expect(topics.contains(type.name.replacingOccurrences(of: ".", with: "/")), "\(type.name)")
    }
  }

  @Test("every fact of the catalog is a Fact case, in bit order, with the catalog's kind")
  func factsMatchCatalog() {
    #expect(Fact.allCases.map(\.rawValue) == SituationCatalog.facts.map(\.name))
    #expect(Fact.allCases.map(\.bit) == SituationCatalog.facts.map { FactMask(bit: $0.bit) })
    for fact in Fact.allCases {
      #expect(fact.isVersion == (fact.kind == .version), "\(fact)")
    }
  }

  @Test("setFinite sets every finite field fact to each of its values, and refuses the rest")
  func setFiniteRoundTrips() {
    for fact in Fact.allCases {
      var situation = Situation(event: fact.events.contains(.tap) ? .tap : .open)
      let count = fact.finiteCount
      let fromField = SituationCatalog.facts.contains {
        if case .field = $0 { return $0.name == fact.rawValue }
        return false
      }
      guard count > 0, fromField else {
        let set = situation.setFinite(fact, index: 0)
        #expect(!set, "\(fact)")
        continue
      }
      for index in 0..<count {
        let set = situation.setFinite(fact, index: index)
        #expect(set, "\(fact) \(index)")
        let snapshot = FactSnapshot(
          situation, event: situation.event, defaultVersion: OSVersion(clamping: 26))
        #expect(snapshot.index(of: fact) == index, "\(fact) \(index)")
      }
      let before = situation
      let above = situation.setFinite(fact, index: count)
      let below = situation.setFinite(fact, index: -1)
      #expect(!above && !below, "\(fact) out of range")
      #expect(situation == before)
    }
  }

  @Test("leftOut names exactly the facts whose keys a document omits")
  func leftOutFollowsKeys() {
    let none = Situation.leftOut(top: [], event: .tap)
    #expect(none == Fact.allBits)
    func keys<K: CodingKey & CaseIterable>(_: K.Type) -> Set<String> { Set(K.allCases.map(\.stringValue)) }
    let all = Situation.leftOut(
      top: keys(Situation.CodingKeys.self), app: keys(Situation.App.CodingKeys.self),
      tap: keys(Situation.Tap.CodingKeys.self), open: keys(Situation.Open.CodingKeys.self),
      delivery: keys(Situation.Delivery.CodingKeys.self), widget: keys(Situation.Widget.CodingKeys.self),
      liveActivity: keys(Situation.LiveActivity.CodingKeys.self),
      control: keys(Situation.Control.CodingKeys.self),
      notification: keys(Situation.Notification.CodingKeys.self),
      appClip: keys(Situation.AppClip.CodingKeys.self), link: keys(Situation.Link.CodingKeys.self),
      android: keys(Situation.Android.CodingKeys.self), event: .tap)
    #expect(all == 0)
    let openURL = Situation.leftOut(top: [], tap: ["url"], event: .open)
    #expect(openURL & Fact.urlClass.bit != 0 && openURL & Fact.urlNeedsEncoding.bit != 0)
  }
}
