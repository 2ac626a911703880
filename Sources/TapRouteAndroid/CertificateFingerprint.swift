import TapRouteAASA

/// A signing certificate's SHA-256 fingerprint, the form `keytool -list -v` prints and
/// `sha256_cert_fingerprints` lists (AND-14, AND-15): 32 two-digit upper-case hex pairs
/// separated by colons, `14:6D:E9:...:44:E5`.
public enum CertificateFingerprint {
  /// How many bytes a SHA-256 digest has: the fingerprint's pairs.
  public static let pairs = 32

  /// What is wrong with a fingerprint as written.
  public enum Problem: Sendable, Hashable {
    /// Hex pairs in lower case: AND-31's troubleshooting list says "The signature should be
    /// uppercase".
    case lowerCase
    /// Not 32 colon-separated hex pairs; the text says what it is instead.
    case malformed(String)
  }

  /// The fingerprint in the canonical form (upper case), and the problem with how it is written;
  /// the form is nil when the text is not 32 hex pairs at all.
  public static func check(_ text: String) -> (canonical: String?, problem: Problem?) {
    let bytes = Array(text.utf8)
    let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    let isHexPair: (ArraySlice<UInt8>) -> Bool = { $0.count == 2 && $0.allSatisfy(isHex) }
    if parts.count == pairs, parts.allSatisfy(isHexPair) {
      let canonical = text.uppercased()
      return (canonical, canonical == text ? nil : .lowerCase)
    }
    if parts.count == 1, bytes.count == pairs * 2, bytes.allSatisfy(isHex) {
      return (
        nil,
        .malformed("64 hex digits without colons; write the pairs separated by \":\" as keytool prints them")
      )
    }
    if parts.count == 20, parts.allSatisfy(isHexPair) {
      return (nil, .malformed("20 pairs: a SHA-1 fingerprint; the file wants the SHA-256 one (AND-14)"))
    }
    if parts.allSatisfy(isHexPair) {
      return (nil, .malformed("\(parts.count) hex pairs; a SHA-256 fingerprint has \(pairs)"))
    }
    return (nil, .malformed("not 32 colon-separated hex pairs"))
  }

  /// A fingerprint given on the command line, in the canonical form: 32 hex pairs with or
  /// without colons, in either case; nil for anything else.
  public static func canonical(_ text: String) -> String? {
    if let canonical = check(text).canonical { return canonical }
    let bytes = Array(text.utf8)
    guard bytes.count == pairs * 2, bytes.allSatisfy(isHex) else { return nil }
    var out = ""
    for (i, byte) in bytes.enumerated() {
      if i > 0 && i % 2 == 0 { out += ":" }
      out.unicodeScalars.append(Unicode.Scalar(byte))
    }
    return out.uppercased()
  }

  private static func isHex(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
  }
}
