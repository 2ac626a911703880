extension URLSchemeClass {
  /// `text` as `URL(string:)` makes it when it percent-encodes invalid characters (apps
  /// built with the iOS 17 SDK or later, on iOS 17 or later and the aligned OS versions:
  /// N-8, X-12): every byte that is not a URI character, and every `%` not followed by two
  /// hex digits, as `%XX`. Nil when the text needs no encoding, or when its host holds
  /// non-ASCII text, which `URL(string:)` IDNA-encodes (TapRoute does not; the text is then
  /// left as written).
  public static func percentEncoded(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    var authorityEnd = -1
    var authorityStart = -1
    // The authority, if any: after the scheme's "://" up to the next '/', '?' or '#'.
    if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon + 2 < bytes.count,
      bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
    {
      authorityStart = colon + 3
      authorityEnd = bytes.count
      for k in authorityStart..<bytes.count
      where bytes[k] == UInt8(ascii: "/") || bytes[k] == UInt8(ascii: "?") || bytes[k] == UInt8(ascii: "#") {
        authorityEnd = k
        break
      }
      if bytes[authorityStart..<authorityEnd].contains(where: { $0 >= 0x80 }) { return nil }
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 16)
    var changed = false
    var i = 0
    let hex = Array("0123456789ABCDEF".utf8)
    while i < bytes.count {
      let b = bytes[i]
      let escapeComplete =
        b == UInt8(ascii: "%") && i + 2 < bytes.count && isHexDigit(bytes[i + 1]) && isHexDigit(bytes[i + 2])
      if escapeComplete || (b != UInt8(ascii: "%") && isURICharacter(b)) {
        out.append(b)
      } else {
        out.append(UInt8(ascii: "%"))
        out.append(hex[Int(b >> 4)])
        out.append(hex[Int(b & 0x0F)])
        changed = true
      }
      i += 1
    }
    return changed ? String(decoding: out, as: UTF8.self) : nil
  }

}
