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

  /// `text` broken at spaces into lines of at most `width` characters (a longer word is cut).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = Substring(word)
      while word.count > width {
        if !line.isEmpty {
          lines.append(line)
          line = ""
        }
        lines.append(String(word.prefix(width)))
        word = word.dropFirst(width)
      }
      if line.isEmpty {
        line = String(word)
      } else if line.count + 1 + word.count <= width {
        line += " " + word
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

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
  static func document(width: Int, height: Int, title: String, description: String, body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
    role="img" aria-labelledby="title desc" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" \
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
