import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The flow chart of a matrix (`taproute matrix --svg`, `--mermaid`): a question per row, its
/// yes to what the row decides.
@Suite("Matrix pictures: a flow chart of the rows")
struct MatrixPictureTests {
  struct Input: CustomTestStringConvertible, Sendable {
    var name: String
    var json: String
    /// The columns `--vary` names; nil for the event's default.
    var columns: [Fact]?
    var testDescription: String { name }
  }

  /// Issue 41: every place one link is tapped.
  static let link = Input(
    name: "the link event over from",
    json:
      #"{"event":"link","app":{"appID":"TEAMID1234.com.example.app","associatedDomains":["applinks:example.com"],"aasa":{"example.com":{"applinks":{"details":[{"appIDs":["TEAMID1234.com.example.app"],"components":[{"/":"/item/*"}]}]}}}},"link":{"url":"https://example.com/item/1"}}"#,
    columns: [.from])

  static let inputs: [Input] = [
    link,
    Input(name: "the tap's default matrix", json: #"{}"#),
    Input(
      name: "the S004-11 redirect",
      json: #"{"tap":{"redirect":{"hooks":["willBecomeActive"],"url":"containerAppDemo://"}}}"#),
    Input(name: "every fact of an open", json: #"{"event":"open"}"#),
  ]

  static func matrix(_ input: Input, engine: Engine? = nil) throws -> Matrix {
    let message = try Matrix.parseMessage(
      Array(input.json.utf8), file: "m.json", refusingRecipients: input.columns == nil
    ).get()
    return Matrix(message: message, engine: try engine ?? TapRouteTests.engine(), columns: input.columns)
  }

  /// The value names a question's line lists: `from in [a, b]` -> `[a, b]`, `x = y` -> `[y]`.
  static func names(in line: String) -> [String] {
    if let range = line.range(of: " in [") {
      return line[range.upperBound...].dropLast().components(separatedBy: ", ")
    }
    return line.range(of: " = ").map { [String(line[$0.upperBound...])] } ?? []
  }

  @Test(
    "one leaf per row, with the row's rule, confidence and outcome; each question names the values of the columns the row restricts",
    arguments: inputs)
  func leafPerRow(_ input: Input) throws {
    let matrix = try Self.matrix(input)
    let chart = FlowChart(matrix)
    #expect(!matrix.rows.isEmpty)
    #expect(chart.rows.count == matrix.rows.count)
    for (row, drawn) in zip(matrix.rows, chart.rows) {
      #expect(drawn.rule == row.decision.rule ?? "no rule matches")
      #expect(drawn.confidence == row.decision.confidence)
      #expect(drawn.leaf.first?.hasPrefix(row.decision.outcome.rawValue) == true)
      #expect(
        drawn.contested
          == (row.decision.confidence == .contested || !(row.decision.alternatives ?? []).isEmpty))
      // A column the row covers whole is not asked; the others are, in column order.
      let restricted = row.recipients.columns.filter { !$0.coversAll }
      let lines = drawn.question ?? []
      #expect(lines.map { String($0.prefix { $0 != " " }) } == restricted.map(\.fact.rawValue))
      for (column, line) in zip(restricted, lines) where !column.fact.isVersion {
        #expect(Self.names(in: line) == column.values.map(column.fact.valueName), "\(line)")
      }
    }
    // The rows cover every situation: no undecided leaf, no "no" after the last question.
    #expect(chart.exhaustive && !chart.fallsThrough)
    #expect(!FlowChart.mermaid(matrix).contains("undecided: no rule matches"))
  }

  @Test("the leaf says what a decision does: an extension launch's callbacks, a redirect's callback")
  func leafSummary() throws {
    let matrix = try Self.matrix(Self.inputs[2])
    let chart = FlowChart(matrix)
    let composed = zip(matrix.rows, chart.rows).filter { $0.0.decision.steps != nil }
    #expect(!composed.isEmpty)
    for (row, drawn) in composed {
      let trigger = try #require(row.decision.steps?.compactMap(\.trigger).first)
      #expect(drawn.outcome.hasSuffix(" via \(trigger.rawValue)"), "\(drawn.outcome)")
    }
    // An extension launch names how it presents and its callbacks, in order.
    let launches = zip(matrix.rows, chart.rows).filter { $0.0.decision.outcome == .extensionLaunch }
    #expect(!launches.isEmpty)
    for (row, drawn) in launches {
      let presentation = try #require(row.decision.presentation)
      let callbacks = (row.decision.callbacks ?? []).map(\.rawValue).joined(separator: ", ")
      #expect(
        drawn.outcome
          == "extensionLaunch (\(presentation.rawValue)\(callbacks.isEmpty ? "; no callbacks" : ": " + callbacks))"
      )
    }
  }

  @Test(
    "SVG: well-formed XML, every label inside the picture, a yes per row, each rule named", arguments: inputs)
  func svg(_ input: Input) throws {
    let matrix = try Self.matrix(input)
    let svg = FlowChart.svg(matrix)
    let parser = XMLParser(data: Data(svg.utf8))
    let counter = ElementCounter()
    parser.delegate = counter
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(counter.names["svg"] == 1 && counter.names["title"] == 1 && counter.names["desc"] == 1)
    #expect(svg.contains("data-kind=\"flowchart\""))
    let width = try #require(PictureTests.number(after: "width=\"", in: svg))
    let height = try #require(PictureTests.number(after: "height=\"", in: svg))
    #expect(height <= FlowChart.maxHeight)
    let boxes = PictureTests.textBoxes(svg)
    for box in boxes {
      #expect(
        box.left >= 0 && box.right <= width && box.y > 0 && box.y <= height,
        "\(box.text) at \(box.left)...\(box.right), \(box.y) of \(width)x\(height)")
    }
    let texts = boxes.map(\.text)
    #expect(texts.filter { $0 == "yes" }.count == matrix.rows.count)
    #expect(
      texts.filter { $0.hasPrefix("CONTESTED") }.count == FlowChart(matrix).rows.filter(\.contested).count)
    let words = texts.joined()
    for row in matrix.rows {
      let rule = row.decision.rule ?? "no rule matches"
      #expect(words.contains(rule), "\(rule)")
    }
  }

  @Test(
    "a matrix too tall for one picture is drawn in pieces side by side, each going on where the last stops")
  func pieces() throws {
    let matrix = try Self.matrix(Self.inputs[3])
    let whole = FlowChart(matrix)
    try #require(whole.height > FlowChart.maxHeight, "the open matrix fits: pick a taller one")
    let charts = FlowChart.charts(matrix)
    #expect(charts.count > 1)
    #expect(charts.flatMap(\.rows) == whole.rows)
    var start = 1
    for (k, chart) in charts.enumerated() {
      #expect(chart.height <= FlowChart.maxHeight, "part \(k + 1)")
      #expect(chart.start == start)
      start += chart.rows.count
      let last = k == charts.count - 1
      #expect(chart.continuation == (last ? nil : "continued in part \(k + 2)"))
      #expect(chart.fallsThrough == !last)
    }
    let svg = FlowChart.svg(matrix)
    #expect(svg.contains(">continued in part \(charts.count)</text>"))
    #expect(
      svg.contains(">part \(charts.count) of \(charts.count), continued from part \(charts.count - 1)</text>")
    )
    // One chart fits: no pieces.
    #expect(FlowChart.charts(try Self.matrix(Self.link)).count == 1)
  }

  @Test(
    "Mermaid: a flowchart whose lines are nodes and edges; a leaf per row, each question's yes to its leaf",
    arguments: inputs)
  func mermaid(_ input: Input) throws {
    let matrix = try Self.matrix(input)
    let text = FlowChart.mermaid(matrix)
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.first == "flowchart TD")
    #expect(lines.dropFirst().first?.hasPrefix("  accTitle: ") == true)
    #expect(lines.dropFirst(2).first?.hasPrefix("  accDescr: ") == true)
    let node = /^  ([A-Za-z0-9_]+)(\["[^"]*"\]|\[\/"[^"]*"\/\]|\{\{"[^"]*"\}\}|\[\["[^"]*"\]\])$/
    let edge = /^  ([A-Za-z0-9_]+) -->\|(yes|no)\| ([A-Za-z0-9_]+)$/
    var nodes: [String: String] = [:]
    var edges: [(from: String, label: String, to: String)] = []
    for line in lines.dropFirst(3) {
      if let m = line.wholeMatch(of: node) {
        #expect(nodes[String(m.1)] == nil, "\(m.1) declared twice")
        nodes[String(m.1)] = String(m.2)
      } else if let m = line.wholeMatch(of: edge) {
        edges.append((String(m.1), String(m.2), String(m.3)))
      } else {
        Issue.record("not a node or an edge: \(line)")
      }
    }
    for e in edges { #expect(nodes[e.from] != nil && nodes[e.to] != nil, "\(e.from) -> \(e.to)") }
    let questions = nodes.filter { $0.value.hasPrefix("{{") }.keys.sorted()
    let leaves = nodes.filter { !$0.value.hasPrefix("{{") }
    #expect(leaves.count == matrix.rows.count)
    #expect(questions.count == FlowChart(matrix).rows.filter { $0.question != nil }.count)
    for q in questions {
      #expect(edges.filter { $0.from == q && $0.label == "yes" }.count == 1, "\(q)")
      #expect(edges.filter { $0.from == q && $0.label == "no" }.count <= 1, "\(q)")
    }
    // The last question has no "no": the rows cover every situation.
    #expect(edges.filter { $0.label == "no" }.count == max(questions.count - 1, 0))
    // Every leaf is reached from the first question.
    var reached: Set<String> = [questions.first { $0.hasSuffix("_q1") } ?? "matrix_r1"]
    var frontier = Array(reached)
    while let n = frontier.popLast() {
      for e in edges where e.from == n && reached.insert(e.to).inserted { frontier.append(e.to) }
    }
    #expect(Set(nodes.keys) == reached)
    for row in matrix.rows {
      let rule = row.decision.rule ?? "no rule matches"
      #expect(leaves.values.contains { $0.contains(rule) }, "\(rule)")
    }
  }

  @Test("a gap in the tables is an undecided leaf without a confidence; an event with no table draws no rows")
  func undecidedAndEmpty() throws {
    // The last rule launches from iOS 12 only: iOS 10 and 11 are a gap.
    let launch = try #require(
      SmallPolicies.tap.split(separator: "\n").first { $0.contains(#""id": "launch","#) })
    let narrowed = launch.replacingOccurrences(of: #""osVersion": ">=10""#, with: #""osVersion": ">=12""#)
    #expect(narrowed != launch)
    let dir = try SmallPolicies.write(replacing: [
      "tap.json": SmallPolicies.tap.replacingOccurrences(of: launch, with: narrowed)
    ])
    defer { try? FileManager.default.removeItem(at: dir) }
    let engine = try Engine(policiesAt: dir)
    let matrix = try Self.matrix(Input(name: "a gap", json: #"{}"#), engine: engine)
    let chart = FlowChart(matrix)
    let undecided = try #require(chart.rows.first { $0.outcome == Outcome.undecided.rawValue })
    #expect(undecided.confidence == nil && !undecided.contested)
    #expect(undecided.leaf == ["undecided", "no rule matches"])
    #expect(FlowChart.svg(matrix).contains(">no rule matches</text>"))

    let none = try Self.matrix(Self.link, engine: engine)
    #expect(none.rows.isEmpty)
    let empty = FlowChart(none)
    #expect(empty.rows.isEmpty && empty.fallsThrough && empty.continuation == "no rows")
    #expect(FlowChart.svg(none).contains(">no rows</text>"))
    #expect(FlowChart.mermaid(none).contains("matrix_continued[[\"no rows\"]]"))
  }
}
