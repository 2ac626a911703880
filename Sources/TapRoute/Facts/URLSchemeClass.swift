// `URLSchemeClass` is generated from the catalog (Generated/SituationValues+Generated.swift);
// here, the scanner that gives a URL string its class.

extension URLSchemeClass {
  /// Classifies a URL string; `nil` is ``none``. The class of ``scan(_:)``, found reading
  /// only the scheme and the authority: the path, query and fragment are read only when the
  /// text is not a URL as it stands and its authority decides whether encoding repairs it.
  public static func classify(_ url: String?) -> URLSchemeClass {
    guard let url else { return .none }
    // Written out as in `scan(_:)`, not through a generic helper taking the body: measured,
    // that cost the built-in decide 37 instructions a decision.
    if let kind = url.utf8.withContiguousStorageIfAvailable({ classify(bytes: $0) }) { return kind }
    var text = url
    text.makeContiguousUTF8()  // copies a bridged string
    return text.utf8.withContiguousStorageIfAvailable { classify(bytes: $0) } ?? .unparseable
  }

  /// Classifies the UTF-8 bytes of a URL string: the class of `scan(bytes:)`, reading as
  /// little of the text as ``classify(_:)`` says, one table lookup a byte, four a round.
  @inline(__always)
  package static func classify(bytes: UnsafeBufferPointer<UInt8>) -> URLSchemeClass {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return .unparseable }
    return byteRoles.withUTF8Buffer { table -> URLSchemeClass in
      guard let t = table.baseAddress, table.count == 256 else { return scanExact(bytes).class }
      let count = bytes.count
      // The index of the first byte from `start` with a role in `stops` (`count` if none),
      // and the roles of the bytes before it ORed into `seen`.
      @inline(__always) func first(_ stops: UInt8, from start: Int, seen: inout UInt8) -> Int {
        var i = start
        while i &+ 4 <= count {
          let roles = t[Int(base[i])] | t[Int(base[i &+ 1])] | t[Int(base[i &+ 2])] | t[Int(base[i &+ 3])]
          if roles & stops != 0 { break }
          seen |= roles
          i &+= 4
        }
        while i < count {
          let roles = t[Int(base[i])]
          if roles & stops != 0 { return i }
          seen |= roles
          i &+= 1
        }
        return i
      }
      var seen: UInt8 = 0
      let end = first(notScheme, from: 0, seen: &seen)
      // Scheme characters to the end: a relative reference (`containerAppDemo`).
      if end == count { return .noScheme }
      let stop = t[Int(base[end])]
      if stop & colon != 0 {
        if end == 0 { return .emptyScheme }
        guard isAlpha(base[0]) else { return .unparseable }
        let kind = schemeKind(UnsafeBufferPointer(start: base, count: end))
        // Only an authority encoding cannot repair (a port that is not digits, a host with a
        // space) makes the class turn on the rest, and only if the text is not valid as is.
        let slashes = end &+ 1
        guard slashes &+ 1 < count, base[slashes] == UInt8(ascii: "/"),
          base[slashes &+ 1] == UInt8(ascii: "/")
        else { return kind }
        seen = 0
        _ = first(endsSegment, from: slashes &+ 2, seen: &seen)
        if seen & checkAuthority == 0 || authorityCanBeEncoded(bytes, from: slashes) { return kind }
        return scanExact(bytes).class
      }
      if stop & endsSegment != 0 { return .noScheme }
      // A byte no scheme holds: a ':' before any '/', '?' or '#' makes the scheme invalid;
      // without one the text is a relative reference, whatever its other bytes.
      let next = first(colon | endsSegment, from: end &+ 1, seen: &seen)
      return next < count && base[next] == UInt8(ascii: ":") ? .unparseable : .noScheme
    }
  }

  /// The roles of each byte in ``classify(bytes:)``, one character each: `0` plus the sum
  /// of ``notScheme`` (not a scheme character after the first), ``colon``, ``endsSegment``
  /// (`/`, `?`, `#`) and ``checkAuthority`` (`:`, `@`, a byte no host may hold: controls,
  /// space, `"<>\^`{|}`, or a byte outside ASCII, whose host the exact check reads). The
  /// tests hold it to those sets.
  package static var byteRoles: StaticString {
    "9999999999999999999999999999999991951111111010050000000000;19195900000000000000000000000000191919000000000000000000000000009991999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999"
  }
  package static var notScheme: UInt8 { 1 }
  package static var colon: UInt8 { 2 }
  package static var endsSegment: UInt8 { 4 }
  package static var checkAuthority: UInt8 { 8 }

  /// `/`, `?` or `#`: a byte that ends a relative reference's first segment, where no scheme
  /// can follow.
  @inline(__always)
  private static func isSchemeEnd(_ b: UInt8) -> Bool {
    b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#")
  }

  /// The class of a URL string, and whether it is a URL only once percent-encoded; `nil` is
  /// ``none``.
  ///
  /// Public because a URL that needs encoding decides differently under an SDK before
  /// iOS 17 (the situation's `sdkVersion`): a client's own switch or test may need both.
  public static func scan(_ url: String?) -> (class: URLSchemeClass, needsEncoding: Bool) {
    guard let url else { return (.none, false) }
    // Native strings (small or not) are contiguous: read in place, with no copy or retain.
    if let scanned = url.utf8.withContiguousStorageIfAvailable({ scan(bytes: $0) }) { return scanned }
    var text = url
    text.makeContiguousUTF8()  // copies a bridged string
    return text.utf8.withContiguousStorageIfAvailable { scan(bytes: $0) } ?? (.unparseable, false)
  }

  /// The class of a URL string's UTF-8 bytes, and whether it needs percent-encoding (N-8).
  ///
  /// Text that is not an RFC 3986 URI reference but becomes one when Foundation, linked on
  /// or after iOS 17, percent-encodes its user, path, query and fragment and IDNA-encodes a
  /// non-ASCII host (swift-foundation's `RFC3986Parser`) keeps its scheme's class and needs
  /// encoding. What no SDK makes a URL is ``unparseable``: the empty string, an invalid
  /// scheme, a port that is not digits, or a host with an ASCII character no host may hold
  /// (a space, a control character, `"<>\^`{|}`). Allocates nothing.
  package static func scan(bytes: UnsafeBufferPointer<UInt8>) -> (class: URLSchemeClass, needsEncoding: Bool)
  {
    scanSimple(bytes) ?? scanExact(bytes)
  }

  /// The scan of the common case, in a few instructions a byte: text that is a URI reference
  /// as it stands with no percent escape, whose scheme (if any) is scheme characters up to
  /// the first `:`. Nil for anything else, which ``scanExact(_:)`` decides; where both give
  /// an answer they give the same one (a property test holds them to it).
  @inline(__always)
  package static func scanSimple(_ bytes: UnsafeBufferPointer<UInt8>) -> (
    class: URLSchemeClass, needsEncoding: Bool
  )? {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
    let count = bytes.count
    var i = 0
    while i < count && inSet(base[i], schemeMask) { i &+= 1 }
    // Scheme characters to the end: a relative reference (`containerAppDemo`), valid as is.
    if i == count { return (.noScheme, false) }
    let stop = base[i]
    let kind: URLSchemeClass
    if stop == UInt8(ascii: ":") {
      if i == 0 {
        kind = .emptyScheme
      } else if isAlpha(base[0]) {
        kind = schemeKind(UnsafeBufferPointer(start: base, count: i))
      } else {
        return nil
      }
    } else if isSchemeEnd(stop) {
      kind = .noScheme
    } else {
      return nil
    }
    return areURICharacters(base, from: i &+ 1, to: count) ? (kind, false) : nil
  }

  /// Whether every byte in `start..<end` is a URI character (`%` is not one: an escape is
  /// checked by the exact scan). Table lookups ORed together, four bytes a round.
  @inline(__always)
  private static func areURICharacters(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Bool {
    notURICharacter.withUTF8Buffer { table in
      guard let t = table.baseAddress, table.count == 128 else { return false }
      var marks: UInt8 = 0  // '1' (odd) ORed in for a byte that is not a URI character
      var high: UInt8 = 0  // bit 7 set by a byte outside ASCII
      var i = start
      while i &+ 4 <= end {
        let a = base[i]
        let b = base[i &+ 1]
        let c = base[i &+ 2]
        let d = base[i &+ 3]
        high |= a | b | c | d
        marks |= t[Int(a & 0x7F)] | t[Int(b & 0x7F)] | t[Int(c & 0x7F)] | t[Int(d & 0x7F)]
        i &+= 4
      }
      while i < end {
        high |= base[i]
        marks |= t[Int(base[i] & 0x7F)]
        i &+= 1
      }
      return marks & 1 == 0 && high & 0x80 == 0
    }
  }

  /// One character per ASCII byte: `0` for a URI character (``uriMask``), `1` for any other
  /// byte. Text in the binary: nothing to initialize. The tests hold it to ``uriMask``.
  package static var notURICharacter: StaticString {
    "11111111111111111111111111111111101001000000000000000000000010100000000000000000000000000000101010000000000000000000000000011101"
  }

  /// The class of a valid scheme's name: its first four bytes compared as one word,
  /// letters lowercased (a scheme's other characters, digits and `+-.`, have the case bit
  /// set already).
  @inline(__always)
  private static func schemeKind(_ scheme: UnsafeBufferPointer<UInt8>) -> URLSchemeClass {
    guard let base = scheme.baseAddress, scheme.count == 4 || scheme.count == 5 else { return .other }
    let word = UInt32(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt32.self)) | 0x2020_2020
    if scheme.count == 5 { return word == httpWord && base[4] | 0x20 == UInt8(ascii: "s") ? .web : .other }
    switch word {
    case httpWord: return .web
    case dataWord: return .data
    case fileWord: return .file
    default: return .other
    }
  }

  /// `http`, `data` and `file` as the little-endian words ``schemeKind(_:)`` compares.
  private static var httpWord: UInt32 { 0x7074_7468 }
  private static var dataWord: UInt32 { 0x6174_6164 }
  private static var fileWord: UInt32 { 0x656C_6966 }

  /// The scan of any text, byte by byte: what ``scan(bytes:)`` does where ``scanSimple(_:)``
  /// gives no answer.
  package static func scanExact(_ bytes: UnsafeBufferPointer<UInt8>) -> (
    class: URLSchemeClass, needsEncoding: Bool
  ) {
    if bytes.isEmpty { return (.unparseable, false) }
    var colon = -1
    var schemeClosed = false  // a '/', '?' or '#' came first: a relative reference
    var valid = true
    var i = 0
    // One pass: every byte must be a URI character and percent escapes complete for the text
    // to be valid as it stands; the first ':' before any '/', '?' or '#' ends the scheme.
    while i < bytes.count {
      let b = bytes[i]
      // Most bytes are URI characters with no role in finding the scheme: one mask test.
      if Self.isPlain(b) {
        i += 1
        continue
      }
      if b == UInt8(ascii: "%") {
        if i + 2 < bytes.count && isHexDigit(bytes[i + 1]) && isHexDigit(bytes[i + 2]) {
          i += 3
          continue
        }
        valid = false
      } else if !isURICharacter(b) {
        valid = false
      } else if colon < 0 && !schemeClosed {
        if b == UInt8(ascii: ":") {
          colon = i
        } else if b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#") {
          schemeClosed = true
        }
      }
      i += 1
    }
    if colon == 0 { return (.emptyScheme, !valid) }
    if colon < 0 { return (.noScheme, !valid) }
    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    guard isAlpha(bytes[0]) else { return (.unparseable, false) }
    for k in 1..<colon where !Self.inSet(bytes[k], Self.schemeMask) { return (.unparseable, false) }
    if !valid && !authorityCanBeEncoded(bytes, from: colon + 1) { return (.unparseable, false) }
    return (schemeKind(UnsafeBufferPointer(rebasing: bytes[0..<colon])), !valid)
  }

  /// False when the authority starting at `start` (after `//`) has a port that is not digits
  /// or a host with an ASCII character encoding does not repair; true without an authority.
  private static func authorityCanBeEncoded(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
    guard start + 1 < bytes.count, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/")
    else { return true }
    var end = start + 2
    var hostStart = start + 2
    while end < bytes.count {
      let b = bytes[end]
      if b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#") { break }
      if b == UInt8(ascii: "@") { hostStart = end + 1 }
      end += 1
    }
    var portStart = -1
    for k in hostStart..<end {
      let b = bytes[k]
      if portStart >= 0 {
        if !isDigit(b) { return false }
      } else if b == UInt8(ascii: ":") {
        portStart = k + 1
      } else if b < 0x80 && isInvalidInHost(b) {
        return false
      }
    }
    return true
  }

  /// An ASCII byte no host may hold, even percent-encoded: controls, space, `"<>\^`{|}`.
  private static func isInvalidInHost(_ b: UInt8) -> Bool {
    if b < 0x21 || b == 0x7F { return true }
    switch b {
    case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
      UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
      return true
    default:
      return false
    }
  }

  private static func isAlpha(_ b: UInt8) -> Bool {
    (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
  }

  private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

  package static func isHexDigit(_ b: UInt8) -> Bool {
    isDigit(b) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f"))
      || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "F"))
  }

  /// unreserved / gen-delims / sub-delims of RFC 3986 §2 (percent handled by the caller).
  package static func isURICharacter(_ b: UInt8) -> Bool { inSet(b, uriMask) }

  /// A URI character other than `:`, `/`, `?` and `#`, the ones that end a scheme.
  package static func isPlain(_ b: UInt8) -> Bool { inSet(b, plainMask) }

  /// Sets of ASCII bytes as two words of bits (bytes 0-63, 64-127), computed properties so
  /// that they fold into the code as constants; the tests check them
  /// against the characters RFC 3986 names.
  /// ALPHA / DIGIT / `-._~:/?#[]@!$&'()*+,;=`.
  package static var uriMask: (UInt64, UInt64) { (0xAFFF_FFDA_0000_0000, 0x47FF_FFFE_AFFF_FFFF) }
  /// The URI characters less `:/?#`.
  package static var plainMask: (UInt64, UInt64) { (0x2BFF_7FD2_0000_0000, 0x47FF_FFFE_AFFF_FFFF) }
  /// A scheme's characters after the first: ALPHA / DIGIT / `+-.`.
  package static var schemeMask: (UInt64, UInt64) { (0x03FF_6800_0000_0000, 0x07FF_FFFE_07FF_FFFE) }

  /// Whether byte `b` is in `set` (no byte of 128 or more is).
  @inline(__always)
  package static func inSet(_ b: UInt8, _ set: (UInt64, UInt64)) -> Bool {
    guard b < 128 else { return false }
    return ((b < 64 ? set.0 : set.1) >> UInt64(b & 63)) & 1 != 0
  }
}
