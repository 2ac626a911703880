@_spi(Generated) import TapRoute
import TapRouteAASA

/// What the SVG pictures share: line wrapping, a width estimate, and the document
/// frame with the `<title>` and `<desc>` a screen reader announces.
///
/// Text is set in a monospaced font so that its width, and so the layout, follows from the
/// character count alone: the same input draws the same bytes on every machine.
enum SVGText {
  /// Font size, and the advance of one character of the monospaced font at that size (0.6 em,
  /// rounded up so a label never overflows its box).
  static let fontSize = 12
  static let charWidth = 7.5
  static let lineHeight = 15

  /// Where a label may break inside a word: after an opening parenthesis, a colon (not one
  /// before a slash, so `myapp://` stays whole), a comma, a slash or a hyphen. A callback breaks
  /// at its argument labels (`scene(_:` / `willConnectTo:` / `options:)`) and a rule name at its
  /// words (`delivery/` / `scenes-user-activity-cold`).
  static let labelBreaks: Set<Character> = ["(", ":", ",", "/", "-"]

  /// `text` broken into lines of at most `width` characters: at spaces, and inside a word longer
  /// than a line after one of `breakAfter`. Only a piece longer than a line with no such break
  /// is cut. The breaks default to ``labelBreaks``, a picture's; prose (help text) passes none,
  /// and a longer word is then cut.
  static func wrap(_ text: String, width: Int, breakAfter: Set<Character> = labelBreaks) -> [String] {
    let width = max(width, 1)
    var lines: [String] = []
    var line = ""
    func cut(_ piece: Substring) {
      var piece = piece
      while piece.count > width {
        lines.append(String(piece.prefix(width)))
        piece = piece.dropFirst(width)
      }
      line = String(piece)
    }
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if line.isEmpty && word.count <= width {
        line = String(word)
      } else if !line.isEmpty && line.count + 1 + word.count <= width {
        line += " " + word
      } else if word.count <= width {
        lines.append(line)
        line = String(word)
      } else {
        if !line.isEmpty {
          lines.append(line)
          line = ""
        }
        for piece in pieces(word, breakAfter: breakAfter) {
          if line.count + piece.count <= width {
            line += piece
          } else {
            if !line.isEmpty { lines.append(line) }
            cut(piece)
          }
        }
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// `word` split after each break character (none before a closing parenthesis or a comma,
  /// and none at a colon before a slash).
  private static func pieces(_ word: Substring, breakAfter: Set<Character>) -> [Substring] {
    guard !breakAfter.isEmpty else { return [word] }
    var out: [Substring] = []
    var start = word.startIndex
    var i = word.startIndex
    while i < word.endIndex {
      let next = word.index(after: i)
      if breakAfter.contains(word[i]), next < word.endIndex,
        !(word[i] == ":" && word[next] == "/"), word[next] != ")", word[next] != ","
      {
        out.append(word[start..<next])
        start = next
      }
      i = next
    }
    out.append(word[start...])
    return out
  }

  /// How many characters fit in `pixels`.
  static func chars(fitting pixels: Int) -> Int { max(1, Int(Double(pixels) / charWidth)) }

  /// The width in pixels of `characters` characters.
  static func width(_ characters: Int) -> Int { Int((Double(characters) * charWidth).rounded(.up)) }

  /// A `<text>` element per line, the first baseline at `y`.
  static func lines(_ lines: [String], x: Int, y: Int, anchor: String = "start", weight: String? = nil)
    -> String
  {
    var out = ""
    for (i, line) in lines.enumerated() {
      let bold = weight.map { " font-weight=\"\($0)\"" } ?? ""
      out +=
        "<text x=\"\(x)\" y=\"\(y + i * lineHeight)\" text-anchor=\"\(anchor)\"\(bold)>\(Escaping.xml(line))</text>\n"
    }
    return out
  }

  /// The document: a sized, labelled image (`role="img"`, `<title>`, `<desc>`), black on white,
  /// its body drawn by the caller.
  /// `kind` names what is drawn (`sequence`, `flowchart`) in the root's `data-kind`.
  static func document(
    width: Int, height: Int, title: String, description: String, body: String, kind: String
  )
    -> String
  {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
    role="img" aria-labelledby="title desc" data-kind="\(kind)" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" \
    font-size="\(fontSize)">
    <title id="title">\(Escaping.xml(title))</title>
    <desc id="desc">\(Escaping.xml(description))</desc>
    <defs>
    <marker id="call" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#000"/></marker>
    <marker id="result" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10" fill="none" stroke="#000"/></marker>
    </defs>
    <rect width="100%" height="100%" fill="#fff"/>
    \(body)</svg>

    """
  }
}
