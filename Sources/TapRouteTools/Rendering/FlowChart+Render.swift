@_spi(Generated) import TapRoute
import TapRouteAASA

/// Drawing ``FlowChart``s: Mermaid text for Markdown that GitHub renders, and SVG.
extension FlowChart {
  // MARK: Mermaid

  /// Mermaid `flowchart` text for one chart or several (one subgraph each), without the
  /// Markdown fence. Questions are hexagons, leaves rectangles, contested leaves
  /// parallelograms that say CONTESTED. `title` is the accessible title; by default one part
  /// is named by its title, anything else by its tables.
  package static func mermaid(_ charts: [FlowChart], title: String? = nil) -> String {
    var out = [
      "flowchart TD",
      "  accTitle: "
        + SequenceDiagram.plain(
          title
            ?? (charts.count == 1 && charts[0].id != charts[0].table
              ? charts[0].title : "Decision tables " + charts.map(\.table).joined(separator: ", "))),
      "  accDescr: " + SequenceDiagram.plain(charts.map(\.description).joined(separator: " ")),
    ]
    for chart in charts {
      let p = chart.id
      let indent = charts.count > 1 ? "    " : "  "
      if charts.count > 1 { out.append("  subgraph \(p)[\"\(text(chart.title))\"]") }
      var previous: String?
      for (i, row) in chart.rows.enumerated() {
        let leaf = "\(p)_r\(i + 1)"
        let leafText = text(row.leaf.joined(separator: "\n"))
        out.append(
          indent
            + (row.link != nil
              ? "\(leaf)[[\"\(leafText)\"]]"
              : row.contested ? "\(leaf)[/\"\(leafText)\"/]" : "\(leaf)[\"\(leafText)\"]"))
        guard let question = row.question else {
          if let previous { out.append(indent + "\(previous) -->|no| \(leaf)") }
          previous = nil
          break
        }
        let node = "\(p)_q\(i + 1)"
        out.append(
          indent
            + "\(node){{\"\(text("\(chart.start + i). " + question.joined(separator: "\nand ")))?\"}}")
        if let previous { out.append(indent + "\(previous) -->|no| \(node)") }
        out.append(indent + "\(node) -->|yes| \(leaf)")
        previous = node
      }
      if chart.fallsThrough {
        if let continuation = chart.continuation {
          out.append(indent + "\(p)_continued[[\"\(text(continuation))\"]]")
        } else {
          out.append(indent + "\(p)_undecided[\"undecided: no rule matches\"]")
        }
        if let previous {
          out.append(
            indent + "\(previous) -->|no| \(p)_\(chart.continuation == nil ? "undecided" : "continued")")
        }
      }
      if charts.count > 1 { out.append("  end") }
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// A quoted Mermaid label: entity codes for what would end it, `<br/>` for a line break.
  private static func text(_ s: String) -> String {
    s.split(separator: "\n", omittingEmptySubsequences: false)
      .map { Escaping.mermaid(String($0), inQuotes: true) }
      .joined(separator: "<br/>")
  }

  // MARK: SVG

  static let margin = 20
  /// The space below a chart, and between two charts in a column.
  static let chartGap = 20
  private static let questionWidth = 440
  private static let gap = 70
  private static let leafWidth = 470
  /// The width of a column, margins included.
  private static let pageWidth = 2 * margin + questionWidth + gap + leafWidth

  /// One chart or several as a standalone SVG document, stacked in columns no taller than
  /// ``maxHeight`` (a chart taller than that has a column of its own). Questions are hexagons,
  /// leaves rectangles; a contested leaf has a dashed double border and says CONTESTED; a
  /// leaf that points to another picture has rounded corners; the arrows say yes and no in
  /// text. `title` is the document's; by default one part is named by its title, anything
  /// else by its tables.
  package static func svg(_ charts: [FlowChart], title: String? = nil) -> String {
    var columns: [[FlowChart]] = []
    var height = margin
    var tallest = margin
    for chart in charts {
      let h = chart.bodyHeight + chartGap
      if let last = columns.indices.last, height + h <= maxHeight {
        columns[last].append(chart)
        height += h
      } else {
        columns.append([chart])
        height = margin + h
      }
      tallest = max(tallest, height)
    }
    var body = ""
    for (c, column) in columns.enumerated() {
      var y = margin
      for chart in column {
        body += chart.svgBody(x: c * (pageWidth - margin), y: &y)
        y += chartGap
      }
    }
    var tables: [String] = []
    for chart in charts where !tables.contains(chart.table) { tables.append(chart.table) }
    // One part of a split table is named by its title; anything else by its tables.
    let title =
      title
      ?? (charts.count == 1 && charts[0].id != charts[0].table
        ? charts[0].title
        : "Decision table" + (tables.count == 1 ? " " : "s ") + tables.joined(separator: ", "))
    return SVGText.document(
      width: margin + max(columns.count, 1) * (pageWidth - margin), height: tallest, title: title,
      description: charts.map(\.description).joined(separator: " "),
      body: body, kind: "flowchart")
  }

  /// The height of the chart's drawing, its title included (the walk of ``svgBody(x:y:)``).
  var bodyHeight: Int {
    var y = 0
    _ = svgBody(x: 0, y: &y)
    return y
  }

  /// The chart drawn with its left edge at `x` (the margin is added) from `y` down; `y` ends
  /// below it.
  private func svgBody(x: Int, y: inout Int) -> String {
    let m = x + Self.margin
    let heading = SVGText.wrap(
      title, width: SVGText.chars(fitting: Self.pageWidth - 2 * Self.margin), breakAfter: SVGText.labelBreaks)
    var out = SVGText.lines(heading, x: m, y: y + SVGText.lineHeight, weight: "bold")
    y += heading.count * SVGText.lineHeight + 16
    let questionChars = SVGText.chars(fitting: Self.questionWidth - 60)
    let leafChars = SVGText.chars(fitting: Self.leafWidth - 16)
    let leafX = m + Self.questionWidth + Self.gap
    let mid = m + Self.questionWidth / 2
    for (i, row) in rows.enumerated() {
      let leaf = row.leaf.flatMap { SVGText.wrap($0, width: leafChars, breakAfter: SVGText.labelBreaks) }
      let leafHeight = leaf.count * SVGText.lineHeight + 12
      let question: [String] =
        row.question.map { lines in
          lines.enumerated().flatMap { j, line in
            SVGText.wrap(
              (j == 0 ? "\(start + i). " : "and ") + line + (j == lines.count - 1 ? "?" : ""),
              width: questionChars, breakAfter: SVGText.labelBreaks)
          }
        } ?? ["\(start + i). every situation that gets here"]
      let questionHeight = question.count * SVGText.lineHeight + 16
      let height = max(leafHeight, questionHeight)
      let top = y
      let qTop = top + (height - questionHeight) / 2
      let qBottom = qTop + questionHeight
      let qMid = qTop + questionHeight / 2
      let right = m + Self.questionWidth
      if row.question != nil {
        // A hexagon: the shape says "question" without colour.
        out +=
          "<path d=\"M\(m + 18),\(qTop) H\(right - 18) L\(right),\(qMid) L\(right - 18),\(qBottom) H\(m + 18) L\(m),\(qMid) Z\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"1.5\"/>\n"
      } else {
        out +=
          "<rect x=\"\(m)\" y=\"\(qTop)\" width=\"\(Self.questionWidth)\" height=\"\(questionHeight)\" rx=\"\(questionHeight / 2)\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"1.5\"/>\n"
      }
      out += SVGText.lines(question, x: m + 28, y: qTop + 19)
      // The yes arrow and the leaf.
      out +=
        "<line x1=\"\(right)\" y1=\"\(qMid)\" x2=\"\(leafX - 2)\" y2=\"\(qMid)\" stroke=\"#000\" stroke-width=\"1.5\" marker-end=\"url(#call)\"/>\n"
      out += SVGText.lines(
        [row.question == nil ? "always" : "yes"], x: right + Self.gap / 2, y: qMid - 5, anchor: "middle")
      let lTop = top + (height - leafHeight) / 2
      if row.link != nil {
        out +=
          "<rect x=\"\(leafX)\" y=\"\(lTop)\" width=\"\(Self.leafWidth)\" height=\"\(leafHeight)\" rx=\"10\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"2\"/>\n"
      } else if row.contested {
        out +=
          "<rect x=\"\(leafX)\" y=\"\(lTop)\" width=\"\(Self.leafWidth)\" height=\"\(leafHeight)\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"2\" stroke-dasharray=\"7 4\"/>\n"
        out +=
          "<rect x=\"\(leafX + 4)\" y=\"\(lTop + 4)\" width=\"\(Self.leafWidth - 8)\" height=\"\(leafHeight - 8)\" fill=\"none\" stroke=\"#000\" stroke-dasharray=\"7 4\"/>\n"
      } else {
        out +=
          "<rect x=\"\(leafX)\" y=\"\(lTop)\" width=\"\(Self.leafWidth)\" height=\"\(leafHeight)\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"1.5\"/>\n"
      }
      out += SVGText.lines(leaf, x: leafX + 8, y: lTop + 17)
      y = top + height
      // The no arrow down to the next question (or to undecided); an exhaustive chart's last
      // question has none.
      if row.question != nil && (i < rows.count - 1 || fallsThrough) {
        out +=
          "<line x1=\"\(mid)\" y1=\"\(qBottom)\" x2=\"\(mid)\" y2=\"\(y + 22)\" stroke=\"#000\" stroke-width=\"1.5\" marker-end=\"url(#call)\"/>\n"
        out += SVGText.lines(["no"], x: mid + 8, y: qBottom + 15)
        y += 24
      } else {
        y += 12
        return out
      }
    }
    if fallsThrough {
      let lines =
        continuation.map { SVGText.wrap($0, width: questionChars, breakAfter: SVGText.labelBreaks) }
        ?? ["undecided: no rule matches"]
      let height = lines.count * SVGText.lineHeight + 14
      out +=
        "<rect x=\"\(m)\" y=\"\(y)\" width=\"\(Self.questionWidth)\" height=\"\(height)\"\(continuation == nil ? "" : " rx=\"10\"") fill=\"#fff\" stroke=\"#000\" stroke-width=\"2\"/>\n"
      out += SVGText.lines(lines, x: mid, y: y + 19, anchor: "middle", weight: "bold")
      y += height + 12
    }
    return out
  }
}
