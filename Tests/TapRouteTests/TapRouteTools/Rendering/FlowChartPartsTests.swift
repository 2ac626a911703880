import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// A table whose flow chart is too tall for one picture is drawn in parts, split by its
/// leading questions, and an index; the split must not change what any situation reads.
@Suite("Flow charts: a tall table is split into parts")
struct FlowChartPartsTests {
  /// Every shipped table, by name; a test below holds the list complete.
  static let tables = [
    "tap", "open", "widget", "delivery", "liveActivity", "control", "notification", "appClip", "link",
  ]

  static func table(_ name: String) throws -> DecisionTable {
    try #require(try engine().policies.tables.first { $0.name == name }, "no table \(name)")
  }

  @Test("the list of tables is every shipped table")
  func everyTable() throws {
    #expect(Set(try engine().policies.tables.map(\.name)) == Set(Self.tables))
  }

  @Test("every picture of a table is at most maxHeight tall", arguments: tables)
  func heights(name: String) throws {
    let table = try Self.table(name)
    let parts = FlowChart.parts(table)
    if parts.isEmpty {
      #expect(FlowChart(table).height <= FlowChart.maxHeight)
      return
    }
    // Split only because the whole chart is too tall.
    #expect(FlowChart(table).height > FlowChart.maxHeight)
    for part in parts {
      #expect(part.chart.height <= FlowChart.maxHeight, "\(part.chart.title): \(part.chart.height)")
      let svg = FlowChart.svg([part.chart])
      #expect(svg.contains("height=\"\(part.chart.height)\""), "\(part.chart.title)")
      Self.expectLabelsInside(svg, part.chart.title)
    }
    #expect(FlowChart.index(table, parts: parts).height <= FlowChart.maxHeight)
    // One SVG of them all sets them in columns, none taller than maxHeight.
    let all = FlowChart.svg(FlowChart.charts(table))
    let height = try #require(PictureTests.number(after: "height=\"", in: all))
    #expect(height <= FlowChart.maxHeight)
    let width = try #require(PictureTests.number(after: "width=\"", in: all))
    #expect(width > 1020)
    Self.expectLabelsInside(all, name)
  }

  @Test("a part draws its rules in table order, each with the conditions it still asks", arguments: tables)
  func ruleOrder(name: String) throws {
    let table = try Self.table(name)
    let order = table.rules.map { "\(table.name)/\($0.id)" }
    for part in FlowChart.parts(table) {
      let positions = part.rules.compactMap { order.firstIndex(of: $0) }
      #expect(positions.count == part.rules.count, "\(part.chart.title): a rule not in the table")
      #expect(
        positions == positions.sorted() && Set(positions).count == positions.count, "\(part.chart.title)")
      #expect(part.asked.count == part.rules.count)
      // What the part fixes is no longer asked.
      for conditions in part.asked {
        #expect(
          !conditions.contains { c in part.fixed.contains { $0.fact == c.fact } }, "\(part.chart.title)")
      }
      #expect(!part.rules.isEmpty || part.chart.fallsThrough)
    }
  }

  @Test(
    "every fixture's deciding rule is the first rule that matches in the part for its values",
    arguments: tables)
  func fixturesLandInTheirPart(name: String) throws {
    let engine = try engine()
    let table = try Self.table(name)
    let parts = FlowChart.parts(table)
    guard !parts.isEmpty else { return }
    var checked = 0
    for fixture in engine.policies.fixtures where fixture.situation.event == table.event {
      // The first step of a composed decision is the event's own table.
      let decision = engine.decide(fixture.situation)
      guard let rule = (decision.steps?.first ?? decision).rule, rule.hasPrefix(table.name + "/") else {
        continue
      }
      let facts = FactSnapshot(
        fixture.situation, event: table.event, url: fixture.situation.eventURL,
        defaultVersion: engine.newestOSVersion, defaultSDKVersion: engine.newestSDKVersion)
      // The whole table reads the same for these facts (else the snapshot is not the engine's).
      let whole = table.rules.first { Self.matches($0.conditions, facts) }.map { "\(table.name)/\($0.id)" }
      #expect(whole == rule, "\(fixture.name): the table's first match is \(whole ?? "none"), not \(rule)")
      guard whole == rule else { continue }
      // The part (and its pieces) for the fixture's values of the split facts.
      let mine = parts.filter { part in part.fixed.allSatisfy { $0.values.contains(facts.index(of: $0.fact)) }
      }
      let first = try #require(mine.first, "\(fixture.name): no part holds its values")
      #expect(mine.count == first.pieces && mine.allSatisfy { $0.fixed == first.fixed }, "\(fixture.name)")
      let asked = mine.flatMap { zip($0.rules, $0.asked) }
      let hit = asked.first { Self.matches($0.1, facts) }?.0
      #expect(
        hit == rule, "\(fixture.name): \(first.chart.title) decides \(hit ?? "nothing"), the table \(rule)")
      checked += 1
    }
    #expect(checked >= 10, "only \(checked) fixtures of the \(name) table checked")
  }

  @Test("the index names every part, and its questions say which situations each draws", arguments: tables)
  func indexNamesEveryPart(name: String) throws {
    let table = try Self.table(name)
    let parts = FlowChart.parts(table)
    guard !parts.isEmpty else { return }
    let index = FlowChart.index(table, parts: parts)
    let leaves = index.rows.compactMap(\.link)
    #expect(leaves.count == parts.filter { $0.piece == 1 }.count)
    for part in parts where part.piece == 1 {
      let label = part.pieces > 1 ? "parts \(part.number) to " : "part \(part.number)"
      #expect(
        leaves.contains { $0.hasPrefix(label + (part.pieces > 1 ? "" : ":")) }, "\(name): part \(part.number)"
      )
    }
    // A piece after the first is reached from the one before it.
    for part in parts where part.piece < part.pieces {
      #expect(part.chart.continuation == "continued in part \(part.number + 1)")
    }
    // The last question is answered yes by every situation that reaches it.
    #expect(index.rows.last?.question == nil && !index.fallsThrough)
    let svg = FlowChart.svg([index])
    Self.expectLabelsInside(svg, "\(name) index")
    // File names are stable and safe, one per part.
    let names = parts.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { $0.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") } })
    // Mermaid: one subgraph per chart, node ids not shared between charts.
    let mermaid = FlowChart.mermaid(FlowChart.charts(table))
    #expect(mermaid.components(separatedBy: "  subgraph ").count - 1 == parts.count + 1)
    #expect(
      mermaid.contains("  subgraph \(name)_index[") && mermaid.contains("  subgraph \(name)_p\(parts.count)[")
    )
  }

  @Test("the tap table is split by platform first, and iOS and iPadOS read alike")
  func tapSplitsByPlatform() throws {
    let parts = FlowChart.parts(try Self.table("tap"))
    #expect(parts.first?.fixed.first?.fact == .platform)
    #expect(parts.first?.fixed.first?.names == ["iOS", "iPadOS"])
    #expect(
      parts.first?.chart.title.hasPrefix("tap table, part 1 of \(parts.count): platform iOS or iPadOS")
        == true)
    #expect(parts.contains { $0.name == "platform-macos" })
  }

  @Test("a table no question shortens is cut into pieces, each continued in the next")
  func cutIntoPieces() throws {
    // Delivery rules that ask only the OS version: no finite fact to split by.
    let rules = (1...45).map {
      #"{ "id": "v\#($0)", "when": { "osVersion": "1.\#($0)..<1.\#($0 + 1)" }, "then": { "outcome": "containerLaunch", "appCallbacks": ["scene(_:openURLContexts:)"], "delivers": "url" }, "evidence": ["D-2"], "confidence": "documented" },"#
    }
    let delivery = SmallPolicies.delivery.replacingOccurrences(
      of: #""facts": { "running": "bool" },"#,
      with: #""facts": { "running": "bool", "osVersion": { "newest": "26" } },"#
    ).replacingOccurrences(of: #""rules": ["#, with: "\"rules\": [\n" + rules.joined(separator: "\n"))
    let dir = try SmallPolicies.write(replacing: ["delivery.json": delivery])
    defer { try? FileManager.default.removeItem(at: dir) }
    let set = try PolicySet.load(directory: dir)
    let table = try #require(set.tables.first { $0.name == "delivery" })
    #expect(table.rules.count == 47)
    let parts = FlowChart.parts(table)
    #expect(parts.count > 1)
    #expect(
      parts.allSatisfy {
        $0.fixed.isEmpty && $0.pieces == parts.count && $0.chart.height <= FlowChart.maxHeight
      })
    #expect(parts.flatMap(\.rules) == table.rules.map { "delivery/\($0.id)" })
    // Each piece goes on counting the questions, and says where it continues.
    #expect(parts.dropFirst().first?.chart.start == (parts.first?.rules.count ?? 0) + 1)
    let svg = FlowChart.svg([parts[0].chart])
    #expect(svg.contains(">continued in part 2</text>"))
    #expect(FlowChart.mermaid([parts[0].chart]).contains("[[\"continued in part 2\"]]"))
    #expect(parts.last?.chart.continuation == nil)
    #expect(parts.map(\.name) == (1...parts.count).map { "part-\($0)" })
    let index = FlowChart.index(table, parts: parts)
    #expect(index.rows.compactMap(\.link) == ["parts 1 to \(parts.count)"])
  }

  /// True when every condition holds for `facts`.
  static func matches(_ conditions: [Rule.Condition], _ facts: FactSnapshot) -> Bool {
    conditions.allSatisfy { condition in
      switch condition.test {
      case .oneOf: condition.matches(index: facts.index(of: condition.fact))
      case .range: condition.matches(version: facts.version(of: condition.fact))
      }
    }
  }

  /// Every `<text>` of `svg` lies inside its width, at the estimated width of its characters.
  static func expectLabelsInside(_ svg: String, _ name: String) {
    guard let width = PictureTests.number(after: "width=\"", in: svg) else {
      Issue.record("\(name): no width")
      return
    }
    for box in PictureTests.textBoxes(svg) {
      #expect(
        box.left >= 0 && box.right <= width, "\(name): \(box.text) at \(box.left)...\(box.right) of \(width)")
    }
  }
}
