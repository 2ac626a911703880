import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// Text written inline in a test, with emoji markers (`1️⃣` to `9️⃣`, `0️⃣`, `🔟`) where the test
/// expects something to be reported.
///
/// Modelled on swift-format's `MarkedText`: the markers are cut out of the text, and each one
/// keeps the line and column it stood at, counted as diagnostics count them (1-based, columns
/// in UTF-8 bytes). A test then asserts a diagnostic's exact location in its own small input
/// rather than in a shipped file that any edit would move.
struct MarkedText: Sendable {
  /// The text without its markers.
  let text: String
  /// Where each marker stood in `text`.
  let markers: [String: SourcePosition]

  /// Cuts the markers out of `marked`, recording an issue if a marker appears twice.
  init(_ marked: String, sourceLocation: SourceLocation = #_sourceLocation) {
    var text = ""
    var markers: [String: SourcePosition] = [:]
    var line = 1
    var column = 1
    for character in marked {
      if Self.isMarker(character) {
        let name = String(character)
        if markers[name] != nil {
          Issue.record("marker \(name) appears twice", sourceLocation: sourceLocation)
        }
        markers[name] = SourcePosition(line: line, column: column)
        continue
      }
      text.append(character)
      if character == "\n" {
        line += 1
        column = 1
      } else {
        column += character.utf8.count
      }
    }
    self.text = text
    self.markers = markers
  }

  /// The bytes of the text, as a loader reads them.
  var bytes: [UInt8] { Array(text.utf8) }

  /// `line:column` of `marker`, as a diagnostic prints it; `?:?` (and an issue) if it is absent.
  func location(_ marker: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    guard let position = markers[marker] else {
      Issue.record("no marker \(marker) in the text", sourceLocation: sourceLocation)
      return "?:?"
    }
    return "\(position.line):\(position.column)"
  }

  /// The line of `marker` (0, and an issue, if it is absent).
  func line(_ marker: String, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    guard let position = markers[marker] else {
      Issue.record("no marker \(marker) in the text", sourceLocation: sourceLocation)
      return 0
    }
    return position.line
  }

  /// `expected` with every marker in it replaced by that marker's `line:column`.
  ///
  /// Lets a test write an expected diagnostic as `"tap.json:1️⃣: error: ..."`.
  func resolving(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    var result = ""
    for character in expected {
      if Self.isMarker(character) {
        result += location(String(character), sourceLocation: sourceLocation)
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// Whether a character is one of the marker emoji.
  static func isMarker(_ character: Character) -> Bool {
    switch character {
    case "0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟": true
    default: false
    }
  }
}

@Suite("MarkedText: markers give the line and column a diagnostic prints")
struct MarkedTextTests {
  @Test func markersAreCutOutAndLocated() {
    let marked = MarkedText("{\n  1️⃣\"a\": [2️⃣1, \"é\", 3️⃣true]\n}4️⃣")
    #expect(marked.text == "{\n  \"a\": [1, \"é\", true]\n}")
    #expect(marked.location("1️⃣") == "2:3")
    #expect(marked.location("2️⃣") == "2:9")
    #expect(marked.location("3️⃣") == "2:18", "é is two UTF-8 bytes")
    #expect(marked.location("4️⃣") == "3:2")
    #expect(marked.resolving("x.json:1️⃣: error") == "x.json:2:3: error")
  }

  @Test("a marker's location is where the JSON parser reports the value")
  func markersAgreeWithTheParser() throws {
    let marked = MarkedText(#"{ "a": 1️⃣{ "é": 2️⃣[3️⃣"x"] } }"#)
    let root = try JSONParser.parse(marked.bytes).get()
    let a = try #require(root.objectValue?.first?.value)
    let list = try #require(a.objectValue?.first?.value)
    #expect(a.location == marked.markers["1️⃣"])
    #expect(list.location == marked.markers["2️⃣"])
    #expect(list.arrayValue?.first?.location == marked.markers["3️⃣"])
  }
}
