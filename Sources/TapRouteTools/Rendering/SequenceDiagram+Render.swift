@_spi(Generated) import TapRoute
import TapRouteAASA

/// Drawing a ``SequenceDiagram``: Mermaid text for Markdown that GitHub renders, and SVG.
extension SequenceDiagram {
  // MARK: Mermaid

  /// Mermaid `sequenceDiagram` text, without the Markdown fence. Participant ids are the
  /// lanes' roles (`User`, `Surface`, `System`, `Extension`, `Destination`, `App`).
  package var mermaid: String {
    var out = [
      "sequenceDiagram", "  accTitle: " + Self.plain(title), "  accDescr: " + Self.plain(description),
    ]
    for p in participants {
      out.append("  participant \(p.id) as \(Escaping.mermaid(lanes[p] ?? ""))")
    }
    let all = (participants.first ?? .user, participants.last ?? .app)
    for item in items {
      switch item {
      case .step(let label):
        out.append("  Note over \(all.0.id),\(all.1.id): \(Escaping.mermaid("— " + label + " —"))")
      case .arrow(let from, let to, let label, let style):
        out.append("  \(from.id)\(style == .call ? "->>" : "-->>")\(to.id): \(Escaping.mermaid(label))")
      case .note(let over, let through, let lines):
        let (lo, hi) = span(over, through)
        let ids = lo == hi ? participants[lo].id : "\(participants[lo].id),\(participants[hi].id)"
        out.append("  Note over \(ids): " + lines.map { Escaping.mermaid($0) }.joined(separator: "<br/>"))
      }
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// The indexes of the first and last lanes drawn between `over` and `through`.
  func span(_ over: Participant, _ through: Participant) -> (Int, Int) {
    let drawn = participants
    let lo = drawn.firstIndex { $0 >= over } ?? max(drawn.count - 1, 0)
    let hi = drawn.lastIndex { $0 <= through } ?? 0
    return (min(lo, hi), max(lo, hi))
  }

  /// Text for a line Mermaid reads to its end (`accTitle`): one line.
  static func plain(_ text: String) -> String {
    text.replacingOccurrences(of: "\n", with: " ")
  }

  /// What the picture shows, in words, for `<desc>` and `accDescr`.
  package var description: String {
    let arrows = items.filter { if case .arrow = $0 { true } else { false } }.count
    let steps = items.filter { if case .step = $0 { true } else { false } }.count
    return "Sequence diagram between " + labels.joined(separator: ", ") + ": "
      + (steps > 0 ? Words.count(steps, "step") + ", " : "") + Words.count(arrows, "arrow")
      + " (calls and results), each step's rule and evidence in a note."
  }

  // MARK: SVG

  /// The page margin, the gap between two lane boxes, the widest one-line arrow label, the room
  /// a self-arrow's loop takes, the widest self-arrow label and the narrowest note.
  private static let margin = 20
  private static let gap = 24
  private static let longestLabel = 330
  private static let loop = 42
  private static let selfLabel = 240
  private static let narrowestNote = 300

  /// Where each lane's center is, how wide half its box is, and the page width: measured from
  /// the labels, left to right, so that each arrow's label fits on one line between its lanes
  /// (up to ``longestLabel``) and each self-arrow's label fits right of its loop.
  private func columns(_ labelLines: [[String]]) -> (centers: [Int], halves: [Int], width: Int) {
    let drawn = participants
    let index = Dictionary(uniqueKeysWithValues: drawn.enumerated().map { ($1, $0) })
    let halves = labelLines.map { max(70, (SVGText.width($0.map(\.count).max() ?? 0) + 17) / 2) }
    // The room each label asks for: between lanes i < j, or right of lane i's loop.
    var between: [Int: [(from: Int, need: Int)]] = [:]
    var selfNeed = [Int](repeating: 0, count: drawn.count)
    for case .arrow(let from, let to, let label, _) in items {
      guard let i = index[from], let j = index[to] else { continue }
      let text = SVGText.width(label.count)
      if i == j {
        selfNeed[i] = max(selfNeed[i], Self.loop + min(text, Self.selfLabel) + 12)
      } else {
        between[max(i, j), default: []].append((min(i, j), min(text, Self.longestLabel) + 24))
      }
    }
    var centers: [Int] = []
    for j in drawn.indices {
      guard j > 0 else {
        centers.append(Self.margin + halves[j])
        continue
      }
      var center = centers[j - 1] + max(halves[j - 1] + halves[j] + Self.gap, selfNeed[j - 1])
      for (i, need) in between[j] ?? [] { center = max(center, centers[i] + need) }
      centers.append(center)
    }
    let last = drawn.count - 1
    let width = last < 0 ? 2 * Self.margin : centers[last] + max(halves[last], selfNeed[last]) + Self.margin
    return (centers, halves, width)
  }

  /// The diagram as a standalone SVG document: solid arrows with filled heads for calls,
  /// dashed arrows with open heads for results, notes as boxes with a folded corner, step
  /// dividers as dotted rules; every label is a `<text>` element. Each lane's box is a
  /// `<g class="lane" data-role="…">` and each arrow a `<g class="arrow" data-from="…"
  /// data-to="…">`, so that a check can read what is drawn.
  package var svg: String {
    let drawn = participants
    let index = Dictionary(uniqueKeysWithValues: drawn.enumerated().map { ($1, $0) })
    let labelLines = labels.map { SVGText.wrap($0, width: 26, breakAfter: SVGText.labelBreaks) }
    let (centers, halves, width) = columns(labelLines)
    let pageChars = SVGText.chars(fitting: width - 2 * Self.margin)
    var y = Self.margin
    var body = ""
    let titleLines = SVGText.wrap(title, width: pageChars, breakAfter: SVGText.labelBreaks)
    body += SVGText.lines(titleLines, x: Self.margin, y: y + SVGText.lineHeight, weight: "bold")
    y += titleLines.count * SVGText.lineHeight + 14
    // Participant boxes.
    let boxHeight = (labelLines.map(\.count).max() ?? 1) * SVGText.lineHeight + 14
    for (i, p) in drawn.enumerated() {
      let x = centers[i] - halves[i] + 4
      body += "<g class=\"lane\" data-role=\"\(p.name)\">\n"
      body +=
        "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(2 * halves[i] - 8)\" height=\"\(boxHeight)\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"2\"/>\n"
      body += SVGText.lines(labelLines[i], x: centers[i], y: y + 19, anchor: "middle", weight: "bold")
      body += "</g>\n"
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
        guard let i = index[from], let j = index[to] else { continue }
        let dash = style == .result ? " stroke-dasharray=\"6 4\"" : ""
        let head = "marker-end=\"url(#\(style == .call ? "call" : "result"))\""
        let x1 = centers[i]
        let x2 = centers[j]
        rows += "<g class=\"arrow\" data-from=\"\(from.name)\" data-to=\"\(to.name)\">\n"
        if i == j {
          // The label goes right of the loop, in the room the columns left for it.
          let room = (j + 1 < centers.count ? centers[j + 1] : width - Self.margin) - (x1 + Self.loop) - 8
          let lines = SVGText.wrap(
            label, width: SVGText.chars(fitting: min(room, Self.selfLabel)), breakAfter: SVGText.labelBreaks)
          rows += SVGText.lines(lines, x: x1 + Self.loop, y: y + 12)
          rows +=
            "<path d=\"M\(x1),\(y + 4) H\(x1 + 34) V\(y + 20) H\(x1 + 2)\" fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\"\(dash) \(head)/>\n"
          y += max(28, lines.count * SVGText.lineHeight + 12)
        } else {
          let lines = SVGText.wrap(
            label, width: SVGText.chars(fitting: abs(x2 - x1) - 16), breakAfter: SVGText.labelBreaks)
          rows += SVGText.lines(lines, x: (x1 + x2) / 2, y: y + 12, anchor: "middle")
          let lineY = y + lines.count * SVGText.lineHeight + 4
          let end = x2 + (x2 > x1 ? -2 : 2)
          rows +=
            "<line x1=\"\(x1)\" y1=\"\(lineY)\" x2=\"\(end)\" y2=\"\(lineY)\" stroke=\"#000\" stroke-width=\"1.5\"\(dash) \(head)/>\n"
          y = lineY + 12
        }
        rows += "</g>\n"
      case .note(let over, let through, let lines):
        let (lo, hi) = span(over, through)
        var left = centers[lo] - halves[lo] + 4
        var right = centers[hi] + halves[hi] - 4
        if right - left < Self.narrowestNote {
          let grow = (Self.narrowestNote - (right - left) + 1) / 2
          left = max(Self.margin, left - grow)
          right = min(width - Self.margin, left + Self.narrowestNote)
          left = max(Self.margin, right - Self.narrowestNote)
        }
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
    for center in centers {
      lifelines +=
        "<line x1=\"\(center)\" y1=\"\(lifelineTop)\" x2=\"\(center)\" y2=\"\(bottom)\" stroke=\"#000\" stroke-dasharray=\"1 4\"/>\n"
    }
    return SVGText.document(
      width: width, height: bottom + Self.margin, title: title, description: description,
      body: body + lifelines + rows, kind: "sequence")
  }
}

extension SequenceDiagram.Participant {
  /// Mermaid's id for the lifeline.
  var id: String { name.prefix(1).uppercased() + name.dropFirst() }
}
