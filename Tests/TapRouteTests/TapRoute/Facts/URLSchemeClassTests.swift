import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("URL scheme scanner (RFC 3986 §3.1)", .tags(.memory))
struct URLSchemeClassTests {
  /// (text, class, needs percent-encoding).
  static let rows: [(String?, URLSchemeClass, Bool)] = [
    (nil, .none, false),
    ("", .unparseable, false),
    ("containerAppDemo://", .other, false),
    ("containerAppDemo://item/1?x=2#f", .other, false),
    ("containerAppDemo", .noScheme, false),
    ("//host/path", .noScheme, false),
    ("/path:with-colon", .noScheme, false),
    ("?q=a:b", .noScheme, false),
    ("://x", .emptyScheme, false),
    (":", .emptyScheme, false),
    ("http://example.com", .web, false),
    ("https://example.com", .web, false),
    ("HTTPS://EXAMPLE.COM", .web, false),
    ("hTtP:x", .web, false),
    ("httpx://a", .other, false),
    ("http+unix://a", .other, false),
    ("data:text/plain,hi", .data, false),
    ("DATA:,x", .data, false),
    ("file:///tmp/x", .file, false),
    ("File:x", .file, false),
    ("mailto:a@b.c", .other, false),
    ("a:", .other, false),
    ("a1+-.b:", .other, false),
    ("1abc://x", .unparseable, false),
    ("ab_c://x", .unparseable, false),
    ("-a://x", .unparseable, false),
    ("has space://x", .unparseable, false),
    (" https://a", .unparseable, false),
    ("https://a\n", .unparseable, false),  // a control character in the host
    ("https://a/%41", .web, false),
    ("%41bc://x", .unparseable, false),  // not a scheme, and a relative first segment may not hold ':'
    ("app://\u{0}", .unparseable, false),
    // N-8: a URL only once percent-encoded (iOS 17 SDK and later).
    ("https://a/%4", .web, true),
    ("https://a/%zz", .web, true),
    ("https://exämple.com", .web, true),  // a non-ASCII host is IDNA-encoded
    ("containerAppDemo://item/a b", .other, true),
    ("containerAppDemo://item/café", .other, true),
    ("https://example.com/a b?q=x y#f g", .web, true),
    ("https://user name@example.com/", .web, true),
    ("not a url", .noScheme, true),
    // ...and what no SDK makes a URL.
    ("otherapp://a b", .unparseable, false),  // a space in the host
    ("otherapp://a{b}/x y", .unparseable, false),
    ("x://host:80a/ y", .unparseable, false),  // a port that is not digits
    ("x://host:80/ y", .other, true),
  ]

  /// One row of `table`, named by its text.
  struct Row: CustomTestStringConvertible, Sendable {
    var text: String?
    var kind: URLSchemeClass
    var needsEncoding: Bool
    var testDescription: String { text.map { Words.quoted($0) } ?? "nil" }
  }

  @Test("classifies", arguments: rows.map { Row(text: $0.0, kind: $0.1, needsEncoding: $0.2) })
  func classifies(_ row: Row) {
    let (input, expected, needsEncoding) = (row.text, row.kind, row.needsEncoding)
    let scanned = URLSchemeClass.scan(input)
    #expect(URLSchemeClass.classify(input) == expected, "\(input.map { Words.quoted($0) } ?? "nil")")
    #expect(
      scanned.class == expected && scanned.needsEncoding == needsEncoding, "\(String(describing: input))")
  }

  @Test func hugeURLIsScannedOnce() {
    let long = "containerAppDemo://" + String(repeating: "a", count: 1 << 20)
    #expect(URLSchemeClass.classify(long) == .other)
  }

  @Test("value indices used on the decide path follow allCases order")
  func indicesFollowAllCases() {
    #expect(Platform.allCases.map(\.index) == Array(Platform.allCases.indices))
    #expect(TapTarget.allCases.map(\.index) == Array(TapTarget.allCases.indices))
    #expect(ExtensionPoint.allCases.map(\.index) == Array(ExtensionPoint.allCases.indices))
    #expect(URLSchemeClass.allCases.map(\.index) == Array(URLSchemeClass.allCases.indices))
    #expect(Transport.allCases.map(\.index) == Array(Transport.allCases.indices))
    #expect(Tap.Layout.allCases.map(\.index) == Array(Tap.Layout.allCases.indices))
    #expect(Tap.PresentationContext.allCases.map(\.index) == Array(Tap.PresentationContext.allCases.indices))
    // Each fact one bit of its own (the catalog gives them; they need not be contiguous).
    #expect(Fact.allCases.allSatisfy { $0.bit.nonzeroBitCount == 1 })
    #expect(Set(Fact.allCases.map(\.bit)).count == Fact.allCases.count)
    #expect(App.Lifecycle.allCases.map(\.index) == Array(App.Lifecycle.allCases.indices))
    #expect(Handoff.allCases.map(\.index) == Array(Handoff.allCases.indices))
  }
}
