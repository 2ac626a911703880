import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// `Engine()` parses the built-in decision tables only; the rest is read when first read.
@Suite struct BuiltInLoadTests {
  @Test("the built-in set's deferred parts are those of loading every built-in file eagerly")
  func deferredPartsEqualTheEagerLoad() throws {
    let eager = try PolicySet.load(files: PolicySet.builtInFiles)
    #expect(eager.warnings.isEmpty, "\(eager.warnings.map(\.description))")
    let deferred = try PolicySet.builtIn()
    #expect(deferred.tables == eager.tables)
    #expect(deferred.evidence == eager.evidence && !deferred.evidence.isEmpty)
    #expect(deferred.fixtures == eager.fixtures && !deferred.fixtures.isEmpty)
    #expect(deferred.transitions == eager.transitions && !deferred.transitions.isEmpty)
    #expect(deferred.stickers != nil && deferred.shortcuts != nil)
    #expect(deferred.warnings == eager.warnings)
    #expect(
      deferred.evidenceFile == "Policies/evidence.json" && deferred.fixturesFile == "Policies/fixtures.json")
  }

  @Test("the built-in policies have a table for every event the catalog declares")
  func everyEventHasABuiltInTable() throws {
    let policies = try PolicySet.builtIn()
    for event in Situation.Event.allCases {
      #expect(policies.table(for: event) != nil, "no built-in table decides \(event.rawValue)")
    }
  }

  @Test("the deferred parts are read once, from any number of threads at once", .tags(.concurrency))
  func deferredPartsFromManyThreads() async throws {
    let engine = try Engine()
    let counts = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<8 { group.addTask { engine.policies.fixtures.count + engine.policies.evidence.count } }
      return await group.reduce(into: Set<Int>()) { $0.insert($1) }
    }
    #expect(
      counts == [
        try PolicySet.load(files: PolicySet.builtInFiles).fixtures.count + engine.policies.evidence.count
      ])
  }

  @Test("a set's own parts, once written, are its own: the built-in rest is not changed")
  func writingADeferredPartKeepsItLocal() throws {
    var set = try PolicySet.builtIn()
    set.fixtures = []
    #expect(set.fixtures.isEmpty && !set.evidence.isEmpty)
    #expect(!(try PolicySet.builtIn()).fixtures.isEmpty)
  }
}
