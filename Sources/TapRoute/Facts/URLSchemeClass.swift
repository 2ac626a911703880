/// What kind of scheme a URL string has, by the project's own RFC 3986 §3.1 scanner.
///
/// Foundation's `URL` is not used: it parses differently on Linux and Apple platforms
/// (on Linux `URL(string: "://x")?.scheme` is `""`, on Apple platforms the URL is nil) and
/// its acceptance of spaces changed with iOS 17. This scanner gives the same class
/// everywhere and allocates nothing.
public enum URLSchemeClass: String, Sendable, Hashable, Codable, CaseIterable {
  /// No URL at all (`null` or absent).
  case none
  /// Text that is not a URI reference: empty, white space or control characters,
  /// characters outside RFC 3986, a bad percent escape, or an invalid scheme.
  case unparseable
  /// A relative reference with no scheme (`containerAppDemo`, `//host/x`, `/path`).
  case noScheme
  /// A colon before any `/`, `?` or `#` with nothing in front of it (`://x`).
  case emptyScheme
  /// `http` or `https`, in any letter case.
  case web
  /// `data`, in any letter case.
  case data
  /// `file`, in any letter case.
  case file
  /// Any other syntactically valid scheme (`containerAppDemo://`, `mailto:`).
  case other

  /// Classifies a URL string; `nil` is ``none``.
  public static func classify(_ url: String?) -> URLSchemeClass {
    guard let url else { return .none }
    var text = url
    text.makeContiguousUTF8()  // a no-op for native strings; copies only bridged ones
    return text.utf8.withContiguousStorageIfAvailable { classify(bytes: $0) } ?? .unparseable
  }

  /// Classifies the UTF-8 bytes of a URL string.
  package static func classify(bytes: UnsafeBufferPointer<UInt8>) -> URLSchemeClass {
    if bytes.isEmpty { return .unparseable }
    var colon = -1
    var schemeClosed = false  // a '/', '?' or '#' came first: a relative reference
    var i = 0
    var percentPending = 0
    // One pass: every byte must be a URI character, percent escapes must be complete, and
    // the first ':' before any '/', '?' or '#' ends the scheme.
    while i < bytes.count {
      let b = bytes[i]
      if percentPending > 0 {
        guard isHexDigit(b) else { return .unparseable }
        percentPending -= 1
      } else if b == UInt8(ascii: "%") {
        percentPending = 2
      } else if !isURICharacter(b) {
        return .unparseable
      } else if colon < 0 && !schemeClosed {
        if b == UInt8(ascii: ":") {
          colon = i
        } else if b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#") {
          schemeClosed = true
        }
      }
      i += 1
    }
    if percentPending > 0 { return .unparseable }
    if colon == 0 { return .emptyScheme }
    if colon < 0 { return .noScheme }
    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    guard isAlpha(bytes[0]) else { return .unparseable }
    for k in 1..<colon {
      let b = bytes[k]
      guard
        isAlpha(b) || isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
      else { return .unparseable }
    }
    let scheme = UnsafeBufferPointer(rebasing: bytes[0..<colon])
    if equalsIgnoringCase(scheme, "http") || equalsIgnoringCase(scheme, "https") { return .web }
    if equalsIgnoringCase(scheme, "data") { return .data }
    if equalsIgnoringCase(scheme, "file") { return .file }
    return .other
  }

  private static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString)
    -> Bool
  {
    guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
    let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
    for k in 0..<bytes.count where bytes[k] | 0x20 != expected[k] {
      return false
    }
    return true
  }

  private static func isAlpha(_ b: UInt8) -> Bool {
    (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
  }

  private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

  private static func isHexDigit(_ b: UInt8) -> Bool {
    isDigit(b) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f"))
      || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "F"))
  }

  /// unreserved / gen-delims / sub-delims of RFC 3986 §2 (percent handled by the caller).
  private static func isURICharacter(_ b: UInt8) -> Bool {
    if isAlpha(b) || isDigit(b) { return true }
    switch b {
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
      UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "["),
      UInt8(ascii: "]"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
      UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
      UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
      return true
    default:
      return false
    }
  }
}
