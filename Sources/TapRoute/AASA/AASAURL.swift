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
  static func parse(_ text: String) -> Result<AASAURL, SplitError> {
    guard text.utf8.count <= maximumLength else { return .failure(.tooLong) }
    return text.utf8.withContiguousStorageIfAvailable { split(text, $0) }
      ?? Array(text.utf8).withUnsafeBufferPointer { split(text, $0) }
  }

  enum SplitError: Error {
    /// Over ``maximumLength`` bytes.
    case tooLong
    /// Nothing between the scheme and the path, at this byte offset.
    case noHost(Int)
    /// A space or control character at this byte offset.
    case control(Int)
    /// Not `http://` or `https://`, letter case ignored.
    case notHTTP
  }

  /// Splits a URL's bytes at the first `#`, then the first `?`, then the first `/` after the
  /// scheme: ASCII delimiters, found byte by byte (RFC 3986 §3); the host is what lies between
  /// the authority's last `@` and its first `:`, lower-cased.
  private static func split(_ whole: String, _ b: UnsafeBufferPointer<UInt8>) -> Result<AASAURL, SplitError> {
    let n = b.count
    // One pass: a space or control character anywhere, the first `#`, the first `?` before it.
    var hash = n
    var question = n
    for i in 0..<n {
      let c = b[i]
      if c <= 0x20 || c == 0x7F { return .failure(.control(i)) }
      if c == UInt8(ascii: "#") && hash == n {
        hash = i
      } else if c == UInt8(ascii: "?") && question == n && hash == n {
        question = i
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
    func text(_ from: Int, _ to: Int) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: b[from..<to]), as: UTF8.self)
    }
    let fragment = hash < n ? text(hash + 1, n) : nil
    let end = min(question, hash)
    let query = question < hash ? text(question + 1, hash) : nil
    var slash = start
    while slash < end && b[slash] != UInt8(ascii: "/") { slash += 1 }
    let path = slash == end ? "/" : text(slash, end)
    var hostStart = start
    for i in start..<slash where b[i] == UInt8(ascii: "@") { hostStart = i + 1 }
    var hostEnd = hostStart
    var lower = true
    while hostEnd < slash && b[hostEnd] != UInt8(ascii: ":") {
      if b[hostEnd] >= 0x80 || (b[hostEnd] >= 0x41 && b[hostEnd] <= 0x5A) { lower = false }
      hostEnd += 1
    }
    let host = lower ? text(hostStart, hostEnd) : text(hostStart, hostEnd).lowercased()
    guard !host.isEmpty else { return .failure(.noHost(start)) }
    return .success(AASAURL(text: whole, host: host, path: path, query: query, fragment: fragment))
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
    guard let query else { return [] }
    return query.split(separator: "&").map { item in
      if let eq = item.firstIndex(of: "=") {
        return (String(item[..<eq]), String(item[item.index(after: eq)...]))
      }
      return (String(item), "")
    }
  }
}
