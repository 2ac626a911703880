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

  @Test("every fact of the catalog is a Fact case, in bit order, with the catalog's kind")
  func factsMatchCatalog() {
    #expect(Fact.allCases.map(\.rawValue) == SituationCatalog.facts.map(\.name))
    #expect(Fact.allCases.map(\.bit) == Fact.allCases.indices.map { FactMask(1) << FactMask($0) })
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
    let none = Situation.leftOut(top: [], app: nil, tap: nil, open: nil, event: .tap)
    #expect(none == Fact.allBits)
    let all = Situation.leftOut(
      top: ["platform", "osVersion"],
      app: [
        "hasContainerApp", "installed", "enabledInMessages", "published", "sdkVersion", "appID", "urlSchemes",
        "associatedDomains", "aasa",
      ],
      tap: [
        "target", "url", "transport", "layout", "expired", "extensionRunning", "alreadySelected",
        "afterDrawerSwipe", "presentationContext",
      ], open: ["extensionPoint"], event: .tap)
    #expect(all == 0)
    let openURL = Situation.leftOut(top: [], app: nil, tap: ["url"], open: nil, event: .open)
    #expect(openURL & Fact.urlClass.bit != 0 && openURL & Fact.urlNeedsEncoding.bit != 0)
  }
}
