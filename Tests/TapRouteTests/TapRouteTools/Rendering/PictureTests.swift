import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The pictures: sequence diagrams of sessions and decisions, flow charts of the tables, and
/// the generated files of the documentation that show them.
@Suite("Pictures: sequence diagrams and flow charts")
struct PictureTests {
  static let refresh = "run: Scripts/render-pictures.sh"

  static func shipped() throws -> (Engine, [PictureGallery.NamedSession], Situation) {
    let engine = try Engine(policiesAt: Repo.policies)
    let sessions = try PictureGallery.sessions(in: Repo.policies)
    let bytes = try [UInt8](Data(contentsOf: Repo.root.appendingPathComponent(PictureGallery.explained)))
    let situation = try Situation.parse(bytes, file: PictureGallery.explained).get()
    return (engine, sessions, situation)
  }

  /// The link the gallery draws at every place it is tapped.
  static func everyPlace() throws -> Situation {
    let bytes = try [UInt8](Data(contentsOf: Repo.root.appendingPathComponent(PictureGallery.everyPlace)))
    return try Situation.parse(bytes, file: PictureGallery.everyPlace).get()
  }

  /// The example situation of each surface, `Policies/surfaces/`.
  static func surfaces() throws -> [PictureGallery.NamedSituation] {
    try PictureGallery.surfaces(in: Repo.policies)
  }

  @Test("every SVG of the DocC catalog is its rendering, and there is no other")
  func svgFilesDoNotDrift() throws {
    let (engine, sessions, situation) = try Self.shipped()
    let files = PictureGallery.svgFiles(
      engine, sessions: sessions, explained: situation, surfaces: try Self.surfaces(),
      everyPlace: try Self.everyPlace())
    let folder = Repo.root.appendingPathComponent(PictureGallery.resources)
    for (name, svg) in files {
      let committed = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      #expect(
        committed == svg,
        "\(name) drifted (\(firstDifference(committed ?? "", svg, names: ("committed", "rendered")))); \(Self.refresh)"
      )
    }
    let present = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".svg")
    }
    #expect(Set(present) == Set(files.map(\.name)), "stray or missing SVG files; \(Self.refresh)")
    #expect(
      files.count
        == sessions.count + 2 + Situation.Event.allCases.count + Self.pictureCount(engine.policies.tables))
  }

  /// The pictures of the tables: one for a table that fits, its index and parts for one that
  /// does not.
  static func pictureCount(_ tables: [DecisionTable]) -> Int {
    tables.reduce(0) { count, table in
      let parts = FlowChart.parts(table).count
      return count + (parts == 0 ? 1 : 1 + parts)
    }
  }

  @Test("Pictures.md is the pictures article of the shipped policies, and the landing page links it")
  func articleDoesNotDrift() throws {
    let (engine, sessions, _) = try Self.shipped()
    let path = "Sources/TapRoute/TapRoute.docc/Pictures.md"
    let committed = try String(contentsOf: Repo.root.appendingPathComponent(path), encoding: .utf8)
    let rendered = PictureGallery.article(engine, sessions: sessions, surfaces: try Self.surfaces())
    #expect(
      committed == rendered,
      "\(path) drifted (\(firstDifference(committed, rendered, names: ("committed", "rendered")))); \(Self.refresh)"
    )
    let landing = try String(
      contentsOf: Repo.root.appendingPathComponent("Sources/TapRoute/TapRoute.docc/TapRoute.md"),
      encoding: .utf8)
    #expect(landing.contains("- <doc:Pictures>"))
    // Every picture is shown, the second-tap trap and its workaround first.
    let files = PictureGallery.svgFiles(
      engine, sessions: sessions, explained: try Self.shipped().2, surfaces: try Self.surfaces(),
      everyPlace: try Self.everyPlace())
    for (name, _) in files { #expect(rendered.contains("](\(name))"), "\(name) is not shown") }
    let trap = try #require(rendered.range(of: "(s004-10-second-tap-trap.svg)"))
    let workaround = try #require(rendered.range(of: "(s004-11-workaround.svg)"))
    #expect(trap.lowerBound < workaround.lowerBound)
    for named in sessions where !PictureGallery.leading.contains(named.name) {
      #expect(rendered.range(of: "(\(named.name).svg)").map { $0.lowerBound > workaround.lowerBound } == true)
    }
  }

  @Test("Policies/README.md draws every session and table in Mermaid, the trap first")
  func readmeHasMermaid() throws {
    let (engine, sessions, _) = try Self.shipped()
    let markdown = TableDocument.markdown(engine.policies, sessions: sessions)
    #expect(markdown.components(separatedBy: "```mermaid\nsequenceDiagram\n").count - 1 == sessions.count)
    #expect(
      markdown.components(separatedBy: "```mermaid\nflowchart TD\n").count - 1
        == Self.pictureCount(engine.policies.tables))
    let first = try #require(markdown.range(of: "### Session "))
    #expect(markdown[first.upperBound...].hasPrefix("s004-10-second-tap-trap"))
    #expect(TableDocument.markdown(engine.policies).contains("## Pictures") == false)
  }

  @Test(
    "the second-tap trap: callbacks in order, the open(url) from didSelect, the container, then a cold launch"
  )
  func trapSequence() throws {
    let (engine, sessions, _) = try Self.shipped()
    let trap = try #require(sessions.first { $0.name == "s004-10-second-tap-trap" })
    let diagram = SequenceDiagram(simulation: Simulator.run(trap.session, engine: engine))
    let arrows = diagram.items.compactMap { item -> String? in
      if case .arrow(let from, let to, let label, _) = item { return "\(from.id)>\(to.id) \(label)" }
      return nil
    }
    #expect(
      arrows == [
        "User>Surface tap m1", "Surface>Extension willSelect", "Surface>Extension didSelect",
        "Surface>Extension willTransition", "Surface>Extension didTransition",
        "Extension>Surface open(\"containerAppDemo://\") in didSelect", "Surface>App containerLaunch",
        "Surface>App scene(_:willConnectTo:options:) receives connectionOptions.urlContexts: \"containerAppDemo://\"",
        "User>Surface return to Messages", "User>Surface tap m1", "Surface>Extension viewDidLoad",
        "Surface>Extension willBecomeActive", "Surface>Extension didBecomeActive",
        "Surface>Extension viewWillAppear", "Surface>Extension viewDidAppear",
      ])
    let notes = diagram.items.compactMap { item -> [String]? in
      if case .note(_, _, let lines) = item { return lines }
      return nil
    }
    #expect(
      notes.contains {
        $0.first == "open/messages-any-scheme (inferred)" && $0.last?.hasPrefix("evidence: ") == true
      })
    #expect(notes.contains { $0.contains("expected extensionLaunch: met") })
    // The container's launch ends the extension, once, in step 1.
    let ends = try #require(
      diagram.items.firstIndex(of: .note(over: .extension, through: .extension, lines: ["extension ends"])))
    #expect(
      diagram.items.filter { $0 == .note(over: .extension, through: .extension, lines: ["extension ends"]) }
        .count
        == 1)
    #expect(diagram.items.firstIndex(of: .step("2. returnToMessages")).map { ends < $0 } == true)
  }

  private func cast(_ situation: Situation) -> EventCast { situation.cast }

  @Test("a composed decision draws each step's rule; the App Store is a lane of its own")
  func decisionSequence() throws {
    let (engine, _, redirect) = try Self.shipped()
    let explained = engine.explain(redirect)
    let diagram = SequenceDiagram(decision: explained, situation: redirect)
    // The tap, the redirect's open(url), the delivery into the container app.
    #expect(explained.steps?.count == 3)
    for step in explained.steps ?? [] {
      let rule = try #require(step.rule)
      #expect(diagram.mermaid.contains(rule + " ("), "\(rule)")
    }
    // An open(url) on its own: the user acts in the extension, which calls it; its host
    // opens the URL where the open table says.
    let openParsed = situation(#"{"event":"open","open":{"url":"app://x","extensionPoint":"messages"}}"#)
    let open = try #require(openParsed)
    let opened = engine.decide(open)
    let openDrawn = SequenceDiagram(decision: opened, situation: open)
    #expect(openDrawn.items.first == .arrow(from: .user, to: .surface, label: "tap", style: .call))
    #expect(
      openDrawn.items.dropFirst().first
        == .arrow(from: .surface, to: .system, label: "extensionContext.open(\"app://x\")", style: .call))
    #expect(
      openDrawn.title
        == "What open(url) from an iMessage app (extension) in Messages does: \(opened.outcome.rawValue)")
    let parsed = situation(#"{"event":"tap","app":{"installed":false,"published":true}}"#)
    let store = try #require(parsed)
    let decision = engine.decide(store)
    let drawn = SequenceDiagram(decision: decision, situation: store)
    #expect(
      drawn.items.contains(
        .arrow(
          from: .surface, to: .destination,
          label: decision.outcome.rawValue + (decision.url.map { " " + Words.quoted($0) } ?? ""),
          style: .call)))
    #expect(drawn.labels == ["User", "message bubble in Messages", "App Store"])
    // An outcome that opens nothing goes back to the user, dashed.
    let none = try #require(situation(#"{"event":"tap","app":{"installed":true},"tap":{"transport":"sms"}}"#))
    let nothing = engine.decide(none)
    if cast(none).lane(for: nothing.outcome) == nil {
      #expect(
        SequenceDiagram(decision: nothing, situation: none).items.contains {
          if case .arrow(.surface, .user, _, .result) = $0 { true } else { false }
        })
    }
  }

  @Test("SVG: labelled for a screen reader, every label a text element, no colour but black and white")
  func svgIsAccessible() throws {
    let (engine, sessions, situation) = try Self.shipped()
    for (name, svg) in PictureGallery.svgFiles(
      engine, sessions: sessions, explained: situation, surfaces: try Self.surfaces(),
      everyPlace: try Self.everyPlace())
    {
      #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "), "\(name)")
      #expect(svg.contains("role=\"img\" aria-labelledby=\"title desc\""), "\(name)")
      #expect(svg.contains("<title id=\"title\">") && svg.contains("<desc id=\"desc\">"), "\(name)")
      #expect(svg.components(separatedBy: "<text ").count > 5, "\(name)")
      // Well-formed XML, its <text> elements counted by a real parser.
      let counter = ElementCounter()
      let parser = XMLParser(data: Data(svg.utf8))
      parser.delegate = counter
      #expect(parser.parse(), "\(name): \(parser.parserError.map { "\($0)" } ?? "")")
      #expect(counter.names["text", default: 0] == svg.components(separatedBy: "<text ").count - 1, "\(name)")
      #expect(
        counter.names["svg"] == 1 && counter.names["title"] == 1 && counter.names["desc"] == 1, "\(name)")
      let colours = Set(svg.matches(of: /(?:fill|stroke)="([^"]*)"/).map { String($0.1) })
      #expect(colours.isSubset(of: ["#000", "#fff", "none"]), "\(name): \(colours)")
    }
    // A session's every step label is text.
    let trap = try #require(sessions.first)
    let svg = SequenceDiagram(simulation: Simulator.run(trap.session, engine: engine)).svg
    for (i, step) in trap.session.steps.enumerated() {
      #expect(svg.contains(">\(i + 1). \(step.kind.rawValue)"), "step \(i + 1)")
    }
  }

  @Test("text that is markup is escaped: XML in SVG, Mermaid's statement ends in Mermaid")
  func escaping() {
    var diagram = SequenceDiagram(decision: Decision(outcome: .undecided), situation: Situation(event: .tap))
    diagram.title = "a <b> & \"c\"; #d"
    diagram.items = [.arrow(from: .user, to: .surface, label: "x;y#z<w>", style: .call)]
    #expect(diagram.svg.contains("<title id=\"title\">a &lt;b&gt; &amp; &quot;c&quot;; #d</title>"))
    #expect(diagram.svg.contains(">x;y#z&lt;w&gt;</text>"))
    #expect(diagram.mermaid.contains("User->>Surface: x#59;y#35;z#lt;w#gt;\n"))
  }

  @Test("wrapping keeps every word, in order, within the width")
  func wrapping() {
    let text = "one two three fourfivesixseveneight nine"
    let lines = SVGText.wrap(text, width: 9)
    #expect(lines.allSatisfy { $0.count <= 9 })
    #expect(
      lines.joined().replacingOccurrences(of: " ", with: "") == text.replacingOccurrences(of: " ", with: ""))
    #expect(SVGText.wrap("", width: 5) == [""])
  }

  @Test(
    "a label breaks at its argument labels and words, never inside a word that has a break",
    arguments: [
      ("scene(_:willConnectTo:options:)", 22, ["scene(_:willConnectTo:", "options:)"]),
      (
        "application(_:continue:restorationHandler:)", 24,
        ["application(_:continue:", "restorationHandler:)"]
      ),
      (
        "delivery/scenes-user-activity-cold (inferred)", 24,
        ["delivery/scenes-user-", "activity-cold (inferred)"]
      ),
      ("open(\"myapp://item/42\")", 12, ["open(", "\"myapp://", "item/42\")"]),
      ("f(a, b)", 4, ["f(a,", "b)"]),
      ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
    ] as [(String, Int, [String])])
  func labelWrapping(text: String, width: Int, expected: [String]) {
    let lines = SVGText.wrap(text, width: width, breakAfter: SVGText.labelBreaks)
    #expect(lines == expected)
    #expect(lines.allSatisfy { $0.count <= width })
  }

  @Test("every fixture's explain picture keeps each label inside the picture, and no two labels overlap")
  func labelsInsideThePicture() throws {
    let engine = try engine()
    for fixture in engine.policies.fixtures {
      let svg = SequenceDiagram(decision: engine.explain(fixture.situation), situation: fixture.situation).svg
      let width = try #require(Self.number(after: "width=\"", in: svg))
      let boxes = Self.textBoxes(svg)
      for box in boxes {
        #expect(
          box.left >= 0 && box.right <= width,
          "\(fixture.name): \(box.text) at \(box.left)...\(box.right) of \(width)")
      }
      // Two lines of text closer than a line apart must not share any column.
      for (i, a) in boxes.enumerated() {
        for b in boxes[(i + 1)...] where abs(a.y - b.y) < SVGText.lineHeight - 1 {
          #expect(a.right <= b.left || b.right <= a.left, "\(fixture.name): \(a.text) overlaps \(b.text)")
        }
      }
    }
  }

  /// Each `<text>` of `svg`: its text, its left and right edges at the layout's estimate of
  /// its characters' width (from its anchor), and its baseline.
  static func textBoxes(_ svg: String) -> [(text: String, left: Int, right: Int, y: Int)] {
    var boxes: [(text: String, left: Int, right: Int, y: Int)] = []
    for element in svg.components(separatedBy: "<text ").dropFirst() {
      guard let x = number(after: "x=\"", in: element), let y = number(after: "y=\"", in: element),
        let start = element.firstIndex(of: ">"), let end = element.range(of: "</text>")
      else { continue }
      let text = String(element[element.index(after: start)..<end.lowerBound])
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
      let w = SVGText.width(text.count)
      let left =
        element.contains("text-anchor=\"end\"")
        ? x - w : element.contains("text-anchor=\"middle\"") ? x - w / 2 : x
      boxes.append((text, left, left + w, y))
    }
    return boxes
  }

  /// The integer after `prefix` in `text`.
  static func number(after prefix: String, in text: String) -> Int? {
    guard let range = text.range(of: prefix) else { return nil }
    return Int(text[range.upperBound...].prefix { $0.isNumber })
  }

  @Test("a flow chart has a question per conditional rule in rule order and marks the contested leaves")
  func flowCharts() throws {
    let set = try engine().policies
    for table in set.tables {
      let chart = FlowChart(table)
      #expect(chart.rows.map(\.rule) == table.rules.map { "\(table.name)/\($0.id)" })
      let contested = table.rules.filter { $0.confidence == .contested || !$0.alternatives.isEmpty }.count
      #expect(chart.rows.filter(\.contested).count == contested)
      let mermaid = FlowChart.mermaid([chart])
      #expect(mermaid.components(separatedBy: "[/\"").count - 1 == contested, "\(table.name)")
      #expect(
        mermaid.components(separatedBy: "{{\"").count - 1 == chart.rows.filter { $0.question != nil }.count)
      let svg = FlowChart.svg([chart])
      #expect(svg.components(separatedBy: ">CONTESTED").count - 1 == contested, "\(table.name)")
      #expect(
        svg.contains(chart.fallsThrough ? "undecided: no rule matches" : "every situation that gets here"))
      // The first question is the first rule's conditions.
      let first = try #require(table.rules.first?.conditions.first)
      #expect(
        mermaid.contains("{{\"1. " + FlowChart.question(first).replacingOccurrences(of: "<", with: "#lt;")))
    }
    let both = FlowChart.mermaid(TableDocument.ordered(set.tables).map(FlowChart.init))
    #expect(both.contains("  subgraph tap[") && both.contains("  subgraph open["))
  }

  @Test("the shipped sessions are read in order, and a bad one is reported with its location")
  func sessionsFolder() throws {
    let names = try PictureGallery.sessions(in: Repo.policies).map(\.name)
    #expect(Array(names.prefix(2)) == PictureGallery.leading)
    let files = try FileManager.default.contentsOfDirectory(
      atPath: Repo.policies.appendingPathComponent("sessions").path)
    #expect(names.count == files.filter { $0.hasSuffix(".json") }.count)
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    let folder = dir.appendingPathComponent("sessions")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(#"{"steps": [{"step": "jump"}]}"#.utf8).write(to: folder.appendingPathComponent("bad.json"))
    #expect {
      try PictureGallery.sessions(in: dir)
    } throws: { error in
      let text = (error as? DiagnosticsError)?.diagnostics.map(\.description).joined() ?? ""
      return text.contains("bad.json:1:") && text.contains("jump")
    }
  }

  @Test("the CLI draws: simulate, explain and table --format svg|mermaid, --table picks one")
  func commandLine() throws {
    let session = "Policies/sessions/s004-10-second-tap-trap.json"
    let svg = try Binary.run(["simulate", session, "--format", "svg"])
    #expect(svg.status == 0 && svg.stdout.hasPrefix("<?xml") && svg.stdout.hasSuffix("</svg>\n"))
    let mermaid = try Binary.run(["simulate", session, "--format", "mermaid"])
    #expect(mermaid.status == 0 && mermaid.stdout.hasPrefix("sequenceDiagram\n"))
    let situation = try String(
      contentsOf: Repo.root.appendingPathComponent(PictureGallery.explained), encoding: .utf8)
    let explain = try Binary.run(["explain", "--format", "mermaid"], stdin: situation)
    #expect(
      explain.status == 0
        && explain.stdout.contains("Extension->>Surface: open(\"containerAppDemo://\") in didSelect"))
    // Another surface draws its own lanes: a widget on the Home Screen, no Messages, no open(url).
    let widget = try Binary.run(
      ["explain", "--format", "mermaid"], stdin: #"{"event":"widget","widget":{"url":"myapp://item/42"}}"#)
    #expect(widget.status == 0 && widget.stdout.contains("User->>Surface: tap\n"))
    #expect(widget.stdout.contains("participant Surface as widget on the Home Screen"))
    #expect(!widget.stdout.contains("Messages") && !widget.stdout.contains("open("))
    #expect(try Binary.run(["explain", "--format", "json"], stdin: situation).stdout.hasPrefix("{"))
    let one = try Binary.run(["table", "--format", "mermaid", "--table", "open"])
    #expect(one.status == 0 && one.stdout.contains("open_p1_q1") && !one.stdout.contains("tap_"))
    let fits = try Binary.run(["table", "--format", "mermaid", "--table", "appClip"])
    #expect(fits.status == 0 && fits.stdout.contains("appClip_q1") && !fits.stdout.contains("subgraph"))
    // --resources writes the table pictures the catalog ships, and only with svg.
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("taproute-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let written = try Binary.run(["table", "--format", "svg", "--table", "tap", "--resources", dir.path])
    #expect(written.status == 0 && written.stdout.isEmpty)
    let expected = PictureGallery.tableFiles(try engine().policies.tables.filter { $0.name == "tap" })
    #expect(expected.count > 1)
    for (name, svg) in expected {
      #expect(
        (try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)) == svg, "\(name)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).count == expected.count)
    let markdown = try Binary.run(["table", "--resources", dir.path])
    #expect(markdown.status == 2 && markdown.stderr.contains("--format svg"))
    let missing = try Binary.run(["table", "--format", "svg", "--resources", dir.path + "/nope"])
    #expect(missing.status == 2 && missing.stderr.contains("no such directory"))
    let none = try Binary.run(["table", "--format", "svg", "--table", "nope"])
    #expect(none.status == 2 && none.stderr.contains("no table named \"nope\"") && none.stdout.isEmpty)
    let both = try Binary.run(["explain", "--format", "svg", "--lines"], stdin: situation)
    #expect(both.status == 2 && both.stdout.isEmpty)
    let bad = try Binary.run(["simulate", session, "--format", "png"])
    #expect(bad.status == 2 && bad.stderr.contains("png"))
  }

  @Test("the README shows the second-tap trap's Mermaid diagram as simulate draws it")
  func readmeDiagram() throws {
    let (engine, sessions, _) = try Self.shipped()
    let trap = try #require(sessions.first)
    let mermaid = SequenceDiagram(simulation: Simulator.run(trap.session, engine: engine)).mermaid
    let readme = try String(contentsOf: Repo.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(
      readme.contains("```mermaid\n" + mermaid + "```\n"),
      "README.md's diagram drifted; run: swift run taproute simulate Policies/sessions/\(trap.name).json --format mermaid"
    )
  }
}

/// Counts the elements an XML parser reads, by name.
final class ElementCounter: NSObject, XMLParserDelegate {
  var names: [String: Int] = [:]

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    names[elementName, default: 0] += 1
  }
}
