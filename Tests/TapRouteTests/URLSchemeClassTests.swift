import Testing

@testable import TapRoute

@Suite("URL scheme scanner (RFC 3986 §3.1)")
struct URLSchemeClassTests {
  static let rows: [(String?, URLSchemeClass)] = [
    (nil, .none),
    ("", .unparseable),
    ("containerAppDemo://", .other),
    ("containerAppDemo://item/1?x=2#f", .other),
    ("containerAppDemo", .noScheme),
    ("//host/path", .noScheme),
    ("/path:with-colon", .noScheme),
    ("?q=a:b", .noScheme),
    ("://x", .emptyScheme),
    (":", .emptyScheme),
    ("http://example.com", .web),
    ("https://example.com", .web),
    ("HTTPS://EXAMPLE.COM", .web),
    ("hTtP:x", .web),
    ("httpx://a", .other),
    ("http+unix://a", .other),
    ("data:text/plain,hi", .data),
    ("DATA:,x", .data),
    ("file:///tmp/x", .file),
    ("File:x", .file),
    ("mailto:a@b.c", .other),
    ("a:", .other),
    ("a1+-.b:", .other),
    ("1abc://x", .unparseable),
    ("ab_c://x", .unparseable),
    ("-a://x", .unparseable),
    ("has space://x", .unparseable),
    (" https://a", .unparseable),
    ("https://a\n", .unparseable),
    ("https://a/%41", .web),
    ("https://a/%4", .unparseable),
    ("https://a/%zz", .unparseable),
    ("https://exämple.com", .unparseable),
    ("app://\u{0}", .unparseable),
    ("%41bc://x", .unparseable),  // not a scheme, and a relative first segment may not hold ':'
  ]

  @Test("classifies", arguments: rows)
  func classifies(_ input: String?, _ expected: URLSchemeClass) {
    #expect(URLSchemeClass.classify(input) == expected, "\(input.map { Words.quoted($0) } ?? "nil")")
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
  }
}
