import Foundation
@_spi(Generated) import TapRoute
import TapRouteAASA

/// The pictures the documentation ships: a sequence diagram of every session in a policy
/// directory's `sessions/` folder (the second-tap trap and its workaround first), one of a
/// composed decision, and a flow chart of every table; as SVG files and a DocC article for the
/// catalog, and as Mermaid for `Policies/README.md`.
///
/// `Scripts/render-pictures.sh` writes them with the CLI; a test fails when they drift.
package enum PictureGallery {
  /// A session file and its name without `.json`.
  package struct NamedSession: Sendable, Hashable {
    package var name: String
    package var session: Session
  }

  /// A situation file of a policy directory's `surfaces/` folder and its name without `.json`
  /// (the event it shows).
  package struct NamedSituation: Sendable, Hashable {
    package var name: String
    package var situation: Situation
  }

  /// The sessions drawn first: the trap most readers arrive with, then its workaround.
  static let leading = ["s004-10-second-tap-trap", "s004-11-workaround"]

  /// Where the DocC catalog keeps the SVG files, relative to the package root.
  package static let resources = "Sources/TapRoute/TapRoute.docc/Resources"

  /// The composed decision the article draws: a situation file, relative to the package root.
  package static let explained = "Examples/situations/redirect-in-didselect.json"

  /// The link the article draws at every place it is tapped (`taproute matrix --vary from`): a
  /// situation file, relative to the package root, and the picture's name.
  package static let everyPlace = "Examples/situations/link-every-place.json"
  static let everyPlaceFile = "matrix-link-from.svg"

  /// The sessions of `directory/sessions/` (none when it has no such folder), the leading
  /// ones first, then the others by file name; every bad file reported at once.
  package static func sessions(in directory: URL) throws(DiagnosticsError) -> [NamedSession] {
    let found = try files(in: directory, folder: "sessions", limit: Session.maximumBytes, what: "session") {
      (name, bytes, file) in Session.parse(bytes, file: file).map { NamedSession(name: name, session: $0) }
    }
    return ordered(found)
  }

  /// The example situations of `directory/surfaces/` (none when it has no such folder), one per
  /// surface, in the order of `Situation.Event`; every bad file reported at once.
  package static func surfaces(in directory: URL) throws(DiagnosticsError) -> [NamedSituation] {
    let found = try files(
      in: directory, folder: "surfaces", limit: Situation.maximumDocumentBytes, what: "situation"
    ) { (name, bytes, file) in
      Situation.parse(bytes, file: file).map { NamedSituation(name: name, situation: $0) }
    }
    let order = { (s: NamedSituation) in Situation.Event.allCases.firstIndex(of: s.situation.event) ?? 0 }
    return found.enumerated().sorted { (order($0.element), $0.offset) < (order($1.element), $1.offset) }.map(
      \.element)
  }

  /// The `.json` files of `directory/folder/` by file name, each read and parsed by `parse`
  /// (given the name without `.json`); none when there is no such folder; every bad file
  /// reported at once.
  private static func files<Value>(
    in directory: URL, folder: String, limit: Int, what: String,
    parse: (String, [UInt8], String) -> Result<Value, DiagnosticsError>
  ) throws(DiagnosticsError) -> [Value] {
    let folder = directory.appendingPathComponent(folder, isDirectory: true)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
    var found: [Value] = []
    var problems: [Diagnostic] = []
    for file in names.filter({ $0.hasSuffix(".json") }).sorted() {
      do {
        let input = try InputFile.read(folder.appendingPathComponent(file).path, limit: limit, what: what)
        switch parse(String(file.dropLast(5)), input.bytes, input.name) {
        case .success(let value): found.append(value)
        case .failure(let error): problems += error.diagnostics
        }
      } catch {
        problems += error.diagnostics
      }
    }
    if !problems.isEmpty { throw DiagnosticsError(problems) }
    return found
  }

  /// The leading sessions first, in their order, then the rest in the order given.
  static func ordered(_ sessions: [NamedSession]) -> [NamedSession] {
    let rank = { (s: NamedSession) in leading.firstIndex(of: s.name) ?? leading.count }
    return sessions.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
      .map(\.element)
  }

  /// The SVG files of the catalog, by file name.
  package static func svgFiles(
    _ engine: Engine, sessions: [NamedSession], explained: Situation, surfaces: [NamedSituation],
    everyPlace: Situation
  ) -> [(name: String, svg: String)] {
    var files = sessions.map {
      ($0.name + ".svg", SequenceDiagram(simulation: Simulator.run($0.session, engine: engine)).svg)
    }
    for surface in surfaces {
      files.append(
        (
          "surface-\(surface.name).svg",
          SequenceDiagram(decision: engine.explain(surface.situation), situation: surface.situation).svg
        ))
    }
    files.append(
      (
        "explain-" + explainedName + ".svg",
        SequenceDiagram(decision: engine.explain(explained), situation: explained).svg
      ))
    files.append(
      (
        everyPlaceFile,
        MatrixText.render(Matrix(message: everyPlace, engine: engine, columns: [.from]), format: .svg)
      ))
    return files + tableFiles(engine.policies.tables)
  }

  /// The flow charts of the catalog, by file name, in table order: `table-NAME.svg` for each
  /// table (its index when it is split), then `table-NAME-PART.svg` for each of its parts.
  package static func tableFiles(_ tables: [DecisionTable]) -> [(name: String, svg: String)] {
    TableDocument.ordered(tables).flatMap { table in
      let parts = FlowChart.parts(table)
      guard !parts.isEmpty else { return [("table-\(table.name).svg", FlowChart.svg([FlowChart(table)]))] }
      return [("table-\(table.name).svg", FlowChart.svg([FlowChart.index(table, parts: parts)]))]
        + parts.map { (partFile(table, $0), FlowChart.svg([$0.chart])) }
    }
  }

  /// The file name of a part's picture: `table-tap-platform-macos.svg`.
  static func partFile(_ table: DecisionTable, _ part: FlowChart.Part) -> String {
    "table-\(table.name)-\(part.name).svg"
  }

  /// The name of the composed decision's picture, from its situation file's name.
  static var explainedName: String {
    String((explained.split(separator: "/").last ?? "").dropLast(".json".count))
  }

  /// The DocC article `Pictures.md`: every picture of ``svgFiles(_:sessions:explained:surfaces:everyPlace:)``
  /// with what it shows.
  package static func article(_ engine: Engine, sessions: [NamedSession], surfaces: [NamedSituation])
    -> String
  {
    var out = [
      "# What fires when, drawn",
      "",
      "<!-- Generated by `Scripts/render-pictures.sh`; do not edit. A test fails when it drifts. -->",
      "",
      "Sequence diagrams of the shipped sessions and of a composed decision, and a flow chart of each decision table.",
      "",
      "## Overview",
      "",
      "Each sequence diagram draws the lifelines of the event it shows, in the event's words: the user, the "
        + "surface tapped (a message bubble in Messages, a widget on the Home Screen, a notification), the part of "
        + "the system or the extension that acts on it, where the outcome lands when that is not the app (the App "
        + "Store, a web browser, an App Clip), and the app. The user's gesture is the first arrow; the app's "
        + "callbacks follow in order, the last with what it receives. Solid arrows with filled heads are calls (a tap, a callback, an `open(url)`); dashed "
        + "arrows with open heads are what comes back; each step's rule, confidence and evidence are in a note "
        + "(a box with a folded corner), and the state after it at the end of the step. They are "
        + "`taproute simulate FILE --format svg` of the files in `Policies/sessions/` and "
        + "`taproute explain --format svg`; `--format mermaid` draws the same for Markdown.",
      "",
      "Each flow chart asks the questions of a table in the order its rules ask them: the first rule whose "
        + "question is answered yes decides. Questions are hexagons, outcomes rectangles; a contested outcome "
        + "has a dashed double border and says CONTESTED. They are `taproute table --format svg --table NAME`. "
        + "A table whose chart would be taller than \(FlowChart.maxHeight) pixels is drawn in parts: the table as it "
        + "reads for a class of values of its leading question (the platform, the surface, the handoff), and an "
        + "index whose questions say which part draws which situations; a leaf with rounded corners names another "
        + "picture.",
      "",
      "## Sessions",
      "",
    ]
    for named in sessions {
      out += [
        "### \(named.session.name)", "",
        "From `Policies/sessions/\(named.name).json`.", "",
        "![Sequence diagram of the session \(altText(named.session.name)).](\(named.name).svg)", "",
      ]
    }
    out += [
      "## A composed decision", "",
      "`taproute explain --format svg < \(explained)`: a tap on a message while the extension runs, with redirect "
        + "code in `didSelect`: the tap's callbacks, then the `open(url)` and where it lands.",
      "",
      "![Sequence diagram of a tap whose didSelect calls open(url).](explain-\(explainedName).svg)", "",
      "## Surfaces", "",
      "One decision for each surface a person taps, drawn with that surface's lanes: "
        + "`taproute explain --format svg < Policies/surfaces/NAME.json`.",
      "",
    ]
    for surface in surfaces {
      let cast = surface.situation.cast
      let decision = engine.decide(surface.situation)
      out += [
        "### \(cast.surface.prefix(1).uppercased() + cast.surface.dropFirst())", "",
        "From `Policies/surfaces/\(surface.name).json`: \(cast.what) (`\(decision.outcome.rawValue)`, "
          + "rule `\(decision.rule ?? "none")`).",
        "",
        "![Sequence diagram of \(altText(cast.what)).](surface-\(surface.name).svg)", "",
      ]
    }
    out += [
      "## Every place one link is tapped", "",
      "`taproute matrix --vary from --svg \(everyPlace)`: one universal link of one app, for every place it is "
        + "tapped (Messages, Mail, Safari, in-app browsers, SFSafariViewController hosts, other browsers); each "
        + "question names the places of one row of the matrix, each yes its outcome, rule and confidence.",
      "",
      "![Flow chart of where one universal link opens the app and where not, by the place it is tapped.]"
        + "(\(everyPlaceFile))",
      "",
      "## Tables", "",
    ]
    for table in TableDocument.ordered(engine.policies.tables) {
      let parts = FlowChart.parts(table)
      guard !parts.isEmpty else {
        out += [
          "### \(table.name)", "",
          "![Flow chart of the \(table.name) table: its questions in rule order, each leaf an outcome with its rule and confidence.](table-\(table.name).svg)",
          "",
        ]
        continue
      }
      out += [
        "### \(table.name)", "",
        "Too tall for one picture, the table is drawn in \(Words.count(parts.count, "part")); the index says which "
          + "part draws which situations. `taproute table --format svg --table \(table.name)` draws them all in one "
          + "picture, in columns.",
        "",
        "![Index of the \(table.name) table's flow charts: which part draws which situations.](table-\(table.name).svg)",
        "",
      ]
      for part in parts {
        out += [
          "#### \(table.name), part \(part.number)"
            + (part.fixed.isEmpty ? "" : ": " + part.fixed.map(\.phrase).joined(separator: ", "))
            + (part.piece > 1 ? " (continued)" : ""),
          "",
          "![Flow chart of part \(part.number) of the \(table.name) table"
            + altText(part.fixed.isEmpty ? "" : ", " + part.fixed.map(\.phrase).joined(separator: ", "))
            + ": its questions in rule order, each leaf an outcome with its rule and confidence.](\(partFile(table, part)))",
          "",
        ]
      }
    }
    return out.joined(separator: "\n")
  }

  /// Alt text: no brackets or parentheses, which would end the Markdown image.
  static func altText(_ text: String) -> String {
    String(text.map { "[]()".contains($0) ? " " : $0 })
  }

  /// The section of `Policies/README.md`: each session and each table in Mermaid.
  static func markdownSection(_ engine: Engine, sessions: [NamedSession]) -> [String] {
    var out = [
      "<a id=\"pictures\"></a>",
      "## Pictures",
      "",
      "What fires when, drawn in Mermaid (GitHub renders it); the DocC article \"What fires when, drawn\" has the same as SVG. "
        + "Sequence diagrams: solid arrows are calls, dashed ones results; notes give each step's rule, confidence and evidence. "
        + "Flow charts: hexagons are a table's questions in rule order, contested outcomes are parallelograms that say CONTESTED.",
      "",
    ]
    for named in sessions {
      out += [
        "### Session \(named.name)", "",
        "\(named.session.name) (`sessions/\(named.name).json`).", "",
        "```mermaid",
        SequenceDiagram(simulation: Simulator.run(named.session, engine: engine)).mermaid + "```", "",
      ]
    }
    for table in TableDocument.ordered(engine.policies.tables) {
      let parts = FlowChart.parts(table)
      guard !parts.isEmpty else {
        out += [
          "### Table \(table.name)", "", "```mermaid", FlowChart.mermaid([FlowChart(table)]) + "```", "",
        ]
        continue
      }
      out += [
        "### Table \(table.name)", "",
        "Drawn in \(Words.count(parts.count, "part")); which part draws which situations:", "",
        "```mermaid", FlowChart.mermaid([FlowChart.index(table, parts: parts)]) + "```", "",
      ]
      for part in parts {
        out += [
          "#### \(part.chart.title)", "", "```mermaid", FlowChart.mermaid([part.chart]) + "```", "",
        ]
      }
    }
    return out
  }
}
