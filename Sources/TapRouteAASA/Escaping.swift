/// How text is written into each language the package writes: one escaper per language (and
/// per context where the language has several), shared by every writer, the library's
/// renderers and generators and the catalog generator alike (which is why it lives here,
/// in the module both build on).
///
/// Two writers keep their own on purpose: `JSONWriter`'s byte-level escaper on the hot path of
/// `decide --lines --json`, which writes what `JSONEncoder` writes (`\b` and `\f` as such,
/// where ``jsonString(_:)`` writes `\u0008` and `\u000c`), and the messages' quoting and
/// terminal-safe text (``Words/quoted(_:)``, ``Diagnostic/printable(_:)``), which are for a
/// person reading a terminal, not for a file format.
package enum Escaping {
  // MARK: JSON

  /// A JSON string literal, in double quotes: `"` and `\` escaped, `\n`, `\r` and `\t` as
  /// such, every other control as `\u00XX` (lower-case hex), and everything else, `/` and
  /// non-ASCII included, as it is.
  package static func jsonString(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  // MARK: Swift

  /// A Swift string literal, in double quotes: `\` and `"` escaped, `\n`, `\r` and `\t` as
  /// such, every other control and DEL as `\u{hex}`, and everything else as it is.
  package static func swiftString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\"": out += "\\\""
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          out += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  // MARK: XML

  /// Text for XML character data and attribute values (the SVG pictures): `&`, `<`, `>` and
  /// `"` as entities, and a control character, which XML 1.0 forbids, as a space.
  package static func xml(_ text: String) -> String {
    var out = ""
    for c in text.unicodeScalars {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.unicodeScalars.append(c.value < 0x20 ? " " : c)
      }
    }
    return out
  }

  // MARK: Markdown

  /// Markdown text: the characters Markdown would read as markup escaped with a backslash,
  /// on one line (a line break becomes a space).
  package static func markdown(_ raw: String) -> String {
    var out = ""
    for c in raw {
      switch c {
      case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#": out += "\\" + String(c)
      case "\n", "\r": out += " "
      default: out.append(c)
      }
    }
    return out
  }

  /// Text for a cell of a Markdown table: `|` escaped, a line feed as a space.
  package static func markdownCell(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "|": out += "\\|"
      case "\n": out += " "
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A Markdown code span: in backticks, with a longer fence when the text holds one.
  package static func markdownCode(_ text: String) -> String {
    text.contains("`") ? "`` " + text + " ``" : "`" + text + "`"
  }

  // MARK: Mermaid

  /// Text for a Mermaid label: `#`, `;`, `<` and `>` as Mermaid's entity codes, so that no
  /// label ends a statement or opens a tag, and a line break as a space; `inQuotes`, for a
  /// label in double quotes (a flowchart node's), `"` as `#quot;` too.
  package static func mermaid(_ text: String, inQuotes: Bool = false) -> String {
    var out = ""
    for c in text {
      switch c {
      case "\"" where inQuotes: out += "#quot;"
      case "#": out += "#35;"
      case ";": out += "#59;"
      case "<": out += "#lt;"
      case ">": out += "#gt;"
      case "\n": out += " "
      default: out.append(c)
      }
    }
    return out
  }
}
