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
    guard text.utf8.count <= Self.maximumLength else {
      throw refuse("the URL is over \(Diagnostic.grouped(Int64(Self.maximumLength))) bytes")
    }
    if let bad = text.unicodeScalars.firstIndex(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
      let column = text.unicodeScalars[..<bad].reduce(0) { $0 + String($1).utf8.count } + 1
      throw refuse("a URL has no spaces or control characters (percent-encode them)", column: column)
    }
    let lower = text.lowercased()
    let schemeLength: Int
    if lower.hasPrefix("https://") {
      schemeLength = 8
    } else if lower.hasPrefix("http://") {
      schemeLength = 7
    } else {
      throw refuse("a universal link is an absolute http or https URL (U-14)")
    }
    self.text = text
    var rest = Substring(text.dropFirst(schemeLength))
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    } else {
      fragment = nil
    }
    if let question = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: question)...])
      rest = rest[..<question]
    } else {
      query = nil
    }
    let slash = rest.firstIndex(of: "/") ?? rest.endIndex
    let authority = rest[..<slash]
    path = slash == rest.endIndex ? "/" : String(rest[slash...])
    let hostPart = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
    host = String(hostPart.prefix { $0 != ":" }).lowercased()
    guard !host.isEmpty else { throw refuse("the URL has no host", column: schemeLength + 1) }
  }

  /// `text` with `%XX` escapes decoded as UTF-8; an escape that is not two hex digits, or bytes
  /// that are not UTF-8, stay as written.
  public static func decoded(_ text: String) -> String {
    guard text.contains("%") else { return text }
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
