/// An http or https URL split into the three parts AASA patterns match: path, query, fragment.
///
/// The parts are kept as written (percent-encoded); ``decoded(_:)`` decodes one when a reading
/// asks for it. The scheme and host are checked, not matched: an AASA file speaks for the
/// domain that serves it.
public struct AASAURL: Sendable, Hashable {
  /// The URL as given.
  public var text: String
  /// The host (lower-cased).
  public var host: String
  /// The path, `/` when the URL has none.
  public var path: String
  /// The query without its `?`; nil when the URL has no `?`.
  public var query: String?
  /// The fragment without its `#`; nil when the URL has no `#`.
  public var fragment: String?

  /// The longest URL accepted, in bytes.
  public static let maximumLength = 8192

  /// Splits `text`; the error is a TR710 diagnostic naming `file` (the URL's place on the
  /// command line) and the column of the problem.
  public init(parsing text: String, file: String) throws(DiagnosticsError) {
    func refuse(_ message: String, column: Int = 1) -> DiagnosticsError {
      DiagnosticsError([
        Diagnostic(
          file: file, location: SourcePosition(line: 1, column: column), code: .aasaBadURL,
          message: "\(Words.quoted(text)): \(message)")
      ])
    }
    switch Self.parse(text) {
    case .success(let url): self = url
    case .failure(.tooLong):
      throw refuse("the URL is over \(Diagnostic.grouped(Int64(Self.maximumLength))) bytes")
    case .failure(.control(let offset)):
      throw refuse("a URL has no spaces or control characters (percent-encode them)", column: offset + 1)
    case .failure(.notHTTP): throw refuse("a universal link is an absolute http or https URL (U-14)")
    case .failure(.noHost(let offset)): throw refuse("the URL has no host", column: offset + 1)
    }
  }

  private init(text: String, host: String, path: String, query: String?, fragment: String?) {
    (self.text, self.host, self.path, self.query, self.fragment) = (text, host, path, query, fragment)
  }

  /// `text` split, or why it is no universal link, without building any message (the decide
  /// path's `Situation.universalLink` reads only whether it is one).
  package static func parse(_ text: String) -> Result<AASAURL, SplitError> {
    text.withUTF8Bytes { split(text, $0) }
  }

  package enum SplitError: Error {
    /// Over ``maximumLength`` bytes.
    case tooLong
    /// Nothing between the scheme and the path, at this byte offset.
    case noHost(Int)
    /// A space or control character at this byte offset.
    case control(Int)
    /// Not `http://` or `https://`, letter case ignored.
    case notHTTP
  }

  /// Where a URL's parts lie in its UTF-8 bytes, as `parts(_:)` finds them.
  package struct Parts {
    /// The host, between the authority's last `@` and its first `:`.
    package var host: Range<Int>
    /// True when the host has no upper-case or non-ASCII letter (it needs no lower-casing).
    package var hostIsLower: Bool
    /// The path; empty when the URL has none (it then reads as `/`).
    package var path: Range<Int>
    /// The query without its `?`; nil when the URL has no `?`.
    package var query: Range<Int>?
    /// The fragment without its `#`; nil when the URL has no `#`.
    package var fragment: Range<Int>?
  }

  /// Splits a URL's bytes at the first `#`, then the first `?`, then the first `/` after the
  /// scheme: ASCII delimiters, found byte by byte (RFC 3986 §3); the host is what lies between
  /// the authority's last `@` and its first `:`. Builds no string: the decide path matches the
  /// parts in place (``AASAURLBytes``).
  package static func parts(_ b: UnsafeBufferPointer<UInt8>) -> Result<Parts, SplitError> {
    let n = b.count
    guard n <= maximumLength else { return .failure(.tooLong) }
    // One pass: a space or control character anywhere, the first `#`, the first `?` before it.
    // Below 0x40, `stops` marks the bytes that need a look: controls, space, `#` and `?`.
    let stops: UInt64 = ((1 << 0x21) - 1) | (1 << 0x23) | (1 << 0x3F)
    var hash = n
    var question = n
    for i in 0..<n {
      let c = b[i]
      if c < 0x40 {
        guard stops >> UInt64(c) & 1 != 0 else { continue }
        if c <= 0x20 { return .failure(.control(i)) }
        if c == UInt8(ascii: "#") {
          if hash == n { hash = i }
        } else if question == n && hash == n {
          question = i
        }
      } else if c == 0x7F {
        return .failure(.control(i))
      }
    }
    func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
    func starts(with scheme: StaticString) -> Bool {
      let count = scheme.utf8CodeUnitCount
      guard n >= count else { return false }
      let s = scheme.utf8Start
      for i in 0..<count where folded(b[i]) != s[i] { return false }
      return true
    }
    let start = starts(with: "https://") ? 8 : starts(with: "http://") ? 7 : -1
    guard start >= 0 else { return .failure(.notHTTP) }
    let end = min(question, hash)
    // One pass over the authority, which ends at the first `/`: the host starts after its
    // last `@` and ends at the first `:` after that; `mark` gathers whether the host has an
    // upper-case or non-ASCII byte.
    var slash = start
    var hostStart = start
    var colon = -1
    var mark: UInt8 = 0
    while slash < end {
      let c = b[slash]
      if c == UInt8(ascii: "/") { break }
      if c == UInt8(ascii: "@") {
        (hostStart, colon, mark) = (slash + 1, -1, 0)
      } else if colon < 0 {
        if c == UInt8(ascii: ":") { colon = slash } else { mark |= (c &- 0x41 < 26 ? 1 : 0) | (c & 0x80) }
      }
      slash += 1
    }
    let hostEnd = colon < 0 ? slash : colon
    let lower = mark == 0
    guard hostEnd > hostStart else { return .failure(.noHost(start)) }
    return .success(
      Parts(
        host: hostStart..<hostEnd, hostIsLower: lower, path: slash..<end,
        query: question < hash ? (question + 1)..<hash : nil, fragment: hash < n ? (hash + 1)..<n : nil))
  }

  /// The URL built from its bytes' parts.
  private static func split(_ whole: String, _ b: UnsafeBufferPointer<UInt8>) -> Result<AASAURL, SplitError> {
    parts(b).map { parts in
      func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self)
      }
      let host = text(parts.host)
      return AASAURL(
        text: whole, host: parts.hostIsLower ? host : host.lowercased(),
        path: parts.path.isEmpty ? "/" : text(parts.path), query: parts.query.map(text),
        fragment: parts.fragment.map(text))
    }
  }

  /// Calls `body` with the URL's path, query and fragment as UTF-8 bytes, in place.
  func withBytes<R>(_ body: (AASAURLBytes) -> R) -> R {
    path.withUTF8Bytes { p in
      (query ?? "").withUTF8Bytes { q in
        (fragment ?? "").withUTF8Bytes { f in
          body(AASAURLBytes(path: p, query: query == nil ? nil : q, fragment: fragment == nil ? nil : f))
        }
      }
    }
  }

  /// `text` with `%XX` escapes decoded as UTF-8; an escape that is not two hex digits, or bytes
  /// that are not UTF-8, stay as written.
  public static func decoded(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count, let hi = hex(bytes[i + 1]),
        let lo = hex(bytes[i + 2])
      {
        out.append(hi << 4 | lo)
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return UTF8Validation.firstInvalidOffset(in: out) == nil ? String(decoding: out, as: UTF8.self) : text
  }

  private static func hex(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: b - 0x30
    case 0x41...0x46: b - 0x41 + 10
    case 0x61...0x66: b - 0x61 + 10
    default: nil
    }
  }

  /// The query's items as (name, value) pairs, split at `&` and at each item's first `=`; an
  /// item without `=` has the value "" (U-10). Empty items (`a=1&&b=2`) are left out.
  public var queryItems: [(name: String, value: String)] {
    query.map(Self.items) ?? []
  }

  /// The items of `query` (without its `?`), as ``queryItems`` splits them.
  package static func items(_ query: String) -> [(name: String, value: String)] {
    query.split(separator: "&").map { item in
      if let eq = item.firstIndex(of: "=") {
        return (String(item[..<eq]), String(item[item.index(after: eq)...]))
      }
      return (String(item), "")
    }
  }
}

/// The parts of a URL AASA patterns match, as UTF-8 bytes: views into one link's text (the
/// decide path, which builds no string) or into an ``AASAURL``'s parts. Valid only inside the
/// call that made them.
package struct AASAURLBytes {
  /// The path, `/` when the URL has none.
  package var path: UnsafeBufferPointer<UInt8>
  /// The query without its `?`; nil when the URL has no `?`.
  package var query: UnsafeBufferPointer<UInt8>?
  /// The fragment without its `#`; nil when the URL has no `#`.
  package var fragment: UnsafeBufferPointer<UInt8>?

  package init(
    path: UnsafeBufferPointer<UInt8>, query: UnsafeBufferPointer<UInt8>?,
    fragment: UnsafeBufferPointer<UInt8>?
  ) {
    (self.path, self.query, self.fragment) = (path, query, fragment)
  }

  /// The parts of `bytes` that `parts` locates.
  package init(_ bytes: UnsafeBufferPointer<UInt8>, _ parts: AASAURL.Parts) {
    path = parts.path.isEmpty ? Self.slash : UnsafeBufferPointer(rebasing: bytes[parts.path])
    query = parts.query.map { UnsafeBufferPointer(rebasing: bytes[$0]) }
    fragment = parts.fragment.map { UnsafeBufferPointer(rebasing: bytes[$0]) }
  }

  /// `/`, in static memory: the path of a URL that has none.
  private static var slash: UnsafeBufferPointer<UInt8> {
    let text: StaticString = "/"
    return UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
  }

  /// An empty text, for an absent query or fragment.
  static var empty: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }

  /// `path` without its trailing run of `/`, but never shorter than one byte (`/` stays `/`).
  static func withoutTrailingSlashes(_ path: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var end = path.count
    while end > 1 && path[end - 1] == UInt8(ascii: "/") { end -= 1 }
    return end == path.count ? path : UnsafeBufferPointer(rebasing: path[0..<end])
  }
}
