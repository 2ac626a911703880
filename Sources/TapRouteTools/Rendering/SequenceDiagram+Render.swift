@_spi(Generated) import TapRoute
import TapRouteAASA

/// Drawing a ``SequenceDiagram``: Mermaid text for Markdown that GitHub renders, and SVG.
extension SequenceDiagram {
  // MARK: Mermaid

  /// Mermaid `sequenceDiagram` text, without the Markdown fence.
  package var mermaid: String {
    var out = [
      "sequenceDiagram", "  accTitle: " + Self.plain(title), "  accDescr: " + Self.plain(description),
    ]
    for p in Participant.allCases {
      out.append("  participant \(p.id) as \(Escaping.mermaid(participants[p.rawValue]))")
    }
    for item in items {
      switch item {
      case .step(let label):
        out.append(
          "  Note over \(Participant.user.id),\(Participant.container.id): \(Escaping.mermaid("— " + label + " —"))"
        )
      case .arrow(let from, let to, let label, let style):
        out.append("  \(from.id)\(style == .call ? "->>" : "-->>")\(to.id): \(Escaping.mermaid(label))")
      case .note(let over, let through, let lines):
        let span = over == through ? over.id : "\(over.id),\(through.id)"
        out.append("  Note over \(span): " + lines.map { Escaping.mermaid($0) }.joined(separator: "<br/>"))
      }
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// Text for a line Mermaid reads to its end (`accTitle`): one line.
  static func plain(_ text: String) -> String {
    text.replacingOccurrences(of: "\n", with: " ")
  }

  /// What the picture shows, in words, for `<desc>` and `accDescr`.
  package var description: String {
    let arrows = items.filter { if case .arrow = $0 { true } else { false } }.count
    let steps = items.filter { if case .step = $0 { true } else { false } }.count
    return "Sequence diagram between " + participants.joined(separator: ", ") + ": "
      + (steps > 0 ? Words.count(steps, "step") + ", " : "") + Words.count(arrows, "arrow")
      + " (calls and results), each step's rule and evidence in a note."
  }

  // MARK: SVG

  /// Distance between two lifelines, and the page margin.
  private static let column = 250
  private static let margin = 20

  private static func center(_ p: Participant) -> Int { margin + column / 2 + p.rawValue * column }

  /// The diagram as a standalone SVG document: solid arrows with filled heads for calls,
  /// dashed arrows with open heads for results, notes as boxes with a folded corner, step
  /// dividers as dotted rules; every label is a `<text>` element.
  package var svg: String {
    let width = 2 * Self.margin + Participant.allCases.count * Self.column
    let pageChars = SVGText.chars(fitting: width - 2 * Self.margin)
    var y = Self.margin
    var body = ""
    let titleLines = SVGText.wrap(title, width: pageChars, breakAfter: SVGText.labelBreaks)
    body += SVGText.lines(titleLines, x: Self.margin, y: y + SVGText.lineHeight, weight: "bold")
    y += titleLines.count * SVGText.lineHeight + 14
    // Participant boxes.
    let boxWidth = Self.column - 30
    let boxChars = SVGText.chars(fitting: boxWidth - 12)
    let labelLines = participants.map { SVGText.wrap($0, width: boxChars, breakAfter: SVGText.labelBreaks) }
    let boxHeight = (labelLines.map(\.count).max() ?? 1) * SVGText.lineHeight + 14
    for p in Participant.allCases {
      let x = Self.center(p) - boxWidth / 2
      body +=
        "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(boxWidth)\" height=\"\(boxHeight)\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"2\"/>\n"
      body += SVGText.lines(
        labelLines[p.rawValue], x: Self.center(p), y: y + 19, anchor: "middle", weight: "bold")
    }
    let lifelineTop = y + boxHeight
    y = lifelineTop + 16
    var rows = ""
    for item in items {
      switch item {
      case .step(let label):
        let lines = SVGText.wrap(label, width: pageChars, breakAfter: SVGText.labelBreaks)
        rows += SVGText.lines(lines, x: Self.margin, y: y + 14, weight: "bold")
        let ruleY = y + 20 + (lines.count - 1) * SVGText.lineHeight
        rows +=
          "<line x1=\"\(Self.margin)\" y1=\"\(ruleY)\" x2=\"\(width - Self.margin)\" y2=\"\(ruleY)\" stroke=\"#000\" stroke-dasharray=\"2 3\"/>\n"
        y = ruleY + 10
      case .arrow(let from, let to, let label, let style):
        let dash = style == .result ? " stroke-dasharray=\"6 4\"" : ""
        let x1 = Self.center(from)
        let x2 = Self.center(to)
        if from == to {
          // The label goes right of the loop, or left of the lane where the page ends first.
          let right = SVGText.wrap(
            label, width: SVGText.chars(fitting: Self.column - 50), breakAfter: SVGText.labelBreaks)
          let fitsRight = x1 + 42 + SVGText.width(right.map(\.count).max() ?? 0) <= width - Self.margin
          let lines =
            fitsRight
            ? right
            : SVGText.wrap(
              label, width: SVGText.chars(fitting: Self.column - 24), breakAfter: SVGText.labelBreaks)
          rows += SVGText.lines(
            lines, x: fitsRight ? x1 + 42 : x1 - 8, y: y + 12, anchor: fitsRight ? "start" : "end")
          rows +=
            "<path d=\"M\(x1),\(y + 4) H\(x1 + 34) V\(y + 20) H\(x1 + 2)\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\"\(dash) marker-end=\"url(#\(style == .call ? "call" : "result"))\"/>\n"
          y += max(28, lines.count * SVGText.lineHeight + 12)
        } else {
          let span = abs(x2 - x1) - 12
          let lines = SVGText.wrap(
            label, width: SVGText.chars(fitting: span), breakAfter: SVGText.labelBreaks)
          rows += SVGText.lines(lines, x: (x1 + x2) / 2, y: y + 12, anchor: "middle")
          let lineY = y + lines.count * SVGText.lineHeight + 4
          let end = x2 + (x2 > x1 ? -2 : 2)
          rows +=
            "<line x1=\"\(x1)\" y1=\"\(lineY)\" x2=\"\(end)\" y2=\"\(lineY)\" stroke=\"#000\" stroke-width=\"1.5\"\(dash) marker-end=\"url(#\(style == .call ? "call" : "result"))\"/>\n"
          y = lineY + 12
        }
      case .note(let over, let through, let lines):
        let left = Self.center(min(over, through)) - Self.column / 2 + 12
        let right = Self.center(max(over, through)) + Self.column / 2 - 12
        let chars = SVGText.chars(fitting: right - left - 16)
        let wrapped = lines.flatMap { SVGText.wrap($0, width: chars, breakAfter: SVGText.labelBreaks) }
        let height = wrapped.count * SVGText.lineHeight + 10
        let fold = 8
        rows +=
          "<path d=\"M\(left),\(y) H\(right - fold) L\(right),\(y + fold) V\(y + height) H\(left) Z M\(right - fold),\(y) V\(y + fold) H\(right)\" fill=\"#fff\" stroke=\"#000\"/>\n"
        rows += SVGText.lines(wrapped, x: left + 8, y: y + 15)
        y += height + 8
      }
    }
    let bottom = y + 6
    var lifelines = ""
    for p in Participant.allCases {
      lifelines +=
        "<line x1=\"\(Self.center(p))\" y1=\"\(lifelineTop)\" x2=\"\(Self.center(p))\" y2=\"\(bottom)\" stroke=\"#000\" stroke-dasharray=\"1 4\"/>\n"
    }
    return SVGText.document(
      width: width, height: bottom + Self.margin, title: title, description: description,
      body: body + lifelines + rows)
  }
}

extension SequenceDiagram.Participant: Comparable {
  package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
