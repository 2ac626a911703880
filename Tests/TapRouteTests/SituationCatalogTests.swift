import Foundation
import Testing

@testable import CatalogGenerator
@testable import TapRoute

/// The situation catalog (`Facts/SituationCatalog.swift`) is the one declaration of each fact;
/// the code generated from it is committed, and these tests hold the two together.
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
    "each committed schema and doc is what the catalog generates (swift run CatalogGenerator)",
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

  @Test("the catalog's enumeration values are the Swift enums' cases, and the strict reader takes each")
  func enumerationValuesMatchTheEnums() throws {
    for part in SituationCatalog.parts {
      for field in part.fields {
        guard case .enumeration(let type, _) = field.type else { continue }
        let values = try #require(SituationCatalog.values[type], "\(type)")
        if field.fact != nil {
          #expect(Fact(rawValue: field.key)?.kind == .enumeration(values), "\(part.key).\(field.key)")
        }
        let event = SituationCatalog.events(reading: part).first ?? "tap"
        for value in values + ["notA\(type)Value"] {
          let member = "\"\(field.key)\":\"\(value)\""
          let json =
            part.key.isEmpty
            ? "{\"event\":\"\(event)\",\(member)}" : "{\"event\":\"\(event)\",\"\(part.key)\":{\(member)}}"
          let accepted = (try? Situation(json: Array(json.utf8))) != nil
          #expect(accepted == values.contains(value), "\(json)")
        }
      }
    }
    #expect(SituationCatalog.values["URLSchemeClass"] == URLSchemeClass.allCases.map(\.rawValue))
    #expect(SituationCatalog.values["Redirect.Hook"] == Situation.Redirect.Hook.allCases.map(\.rawValue))
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
      event: .tap)
    #expect(all == 0)
    let openURL = Situation.leftOut(top: [], tap: ["url"], event: .open)
    #expect(openURL & Fact.urlClass.bit != 0 && openURL & Fact.urlNeedsEncoding.bit != 0)
  }
}
