import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute

@Suite("The escapers every writer shares, one per output language")
struct EscapingTests {
  static let hostile = "a\"b\\c\nd\re\tf\u{1}g\u{7F}h/é|`*_[]<>#&;"

  @Test("a JSON string reads back as the text, with short escapes only for \\n, \\r and \\t")
  func json() throws {
    let literal = Escaping.jsonString(Self.hostile)
    #expect(literal == #""a\"b\\c\nd\re\tf\u0001g"# + "\u{7F}" + ##"h/é|`*_[]<>#&;""##)
    let read = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
    #expect(read == [Self.hostile])
  }

  @Test("a Swift string literal escapes controls and DEL as \\u{hex}")
  func swift() {
    #expect(Escaping.swiftString(Self.hostile) == ##""a\"b\\c\nd\re\tf\u{1}g\u{7f}h/é|`*_[]<>#&;""##)
  }

  @Test("XML: the four entities, a control character as a space")
  func xml() {
    #expect(Escaping.xml("<a href=\"x\">&\u{1}</a>") == "&lt;a href=&quot;x&quot;&gt;&amp; &lt;/a&gt;")
  }

  @Test("Markdown: text, a table cell and a code span, each on one line")
  func markdown() {
    #expect(
      Escaping.markdown("a*b_c\n[d](e) <f> #g | `h` \\") == ##"a\*b\_c \[d\](e) \<f\> \#g \| \`h\` \\"##)
    #expect(Escaping.markdownCell("a|b\nc*d") == #"a\|b c*d"#)
    #expect(Escaping.markdownCell("a\r\nb") == "a\r b")
    #expect(Escaping.markdownCode("x") == "`x`")
    #expect(Escaping.markdownCode("a`b") == "`` a`b ``")
  }

  @Test("Mermaid: entity codes for what would end a statement; quotes too inside a quoted label")
  func mermaid() {
    #expect(Escaping.mermaid("a#b;c<d>\"e\"\nf") == "a#35;b#59;c#lt;d#gt;\"e\" f")
    #expect(Escaping.mermaid("say \"hi\";", inQuotes: true) == "say #quot;hi#quot;#59;")
  }
}
