import TapRouteAASA

// Chrome's `intent:` URLs (AND-35): `intent://HOST/PATH#Intent;scheme=...;package=...;
// S.browser_fallback_url=ENCODED;end`. The fact `intentURL` says whether a link's URL is one and
// carries a fallback; `browserFallbackURL` is the URL a rule's `then.url` names for it.

extension Situation.IntentURL {
  package var index: Int {
    switch self {
    case .none: 0
    case .withFallback: 1
    case .withoutFallback: 2
    }
  }
}

extension Situation {
  /// Whether `url` is an `intent:` URL (the scheme in any letter case) and whether it carries a
  /// non-empty `S.browser_fallback_url` extra among the `#Intent;...;end` entries.
  public func intentURL(url: String?) -> IntentURL {
    guard let url, Self.isIntentURL(url) else { return .none }
    return Self.browserFallbackURL(in: url) == nil ? .withoutFallback : .withFallback
  }

  /// The fallback URL of the link's `intent:` URL, percent-decoded as Chrome reads the extra
  /// (`S.browser_fallback_url=[encoded_full_url]`, AND-35); nil when the event is not a link or
  /// its URL is not an `intent:` URL with one.
  public var browserFallbackURL: String? {
    guard event == .link, let url = link.url, Self.isIntentURL(url) else { return nil }
    return Self.browserFallbackURL(in: url)
  }

  /// True when `url` starts with the scheme `intent:` (any letter case). Reads the first
  /// bytes only, with no closure or allocation: every decision with a URL asks.
  static func isIntentURL(_ url: String) -> Bool {
    var bytes = url.utf8.makeIterator()
    for expected in "intent".utf8 {
      guard let byte = bytes.next(), byte | 0x20 == expected else { return false }
    }
    return bytes.next() == UInt8(ascii: ":")
  }

  /// The decoded value of `S.browser_fallback_url` in the `#Intent;...;end` part of `url`;
  /// nil when there is none, or it is empty or not valid percent-encoded UTF-8. Reads the
  /// bytes in place.
  static func browserFallbackURL(in url: String) -> String? {
    url.withUTF8Bytes { bytes -> String? in
      guard let hash = bytes.firstIndex(of: UInt8(ascii: "#")) else { return nil }
      var i = hash + 1
      guard Self.matches(bytes, at: i, "Intent;") else { return nil }
      i += 7
      while i < bytes.count {
        let end = bytes[i...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
        if end - i == 3 && Self.matches(bytes, at: i, "end") { return nil }
        if Self.matches(bytes, at: i, "S.browser_fallback_url=") {
          return Self.percentDecoded(UnsafeBufferPointer(rebasing: bytes[(i + 23)..<end]))
        }
        i = end + 1
      }
      return nil
    }
  }

  /// True when `bytes` hold `text`'s UTF-8 at `index`.
  private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ text: StaticString)
    -> Bool
  {
    guard index >= 0, index + text.utf8CodeUnitCount <= bytes.count else { return false }
    let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    for k in 0..<expected.count where bytes[index + k] != expected[k] { return false }
    return true
  }

  /// `bytes` with `%XX` escapes decoded, as a string; nil when empty, for a `%` without two hex
  /// digits, or for bytes that are not UTF-8.
  private static func percentDecoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    func hex(_ c: UInt8) -> UInt8? {
      switch c {
      case 0x30...0x39: c - 0x30
      case 0x41...0x46: c - 0x41 + 10
      case 0x61...0x66: c - 0x61 + 10
      default: nil
      }
    }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: "%") {
        guard i + 2 < bytes.count, let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2]) else {
          return nil
        }
        out.append(high << 4 | low)
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    guard !out.isEmpty else { return nil }
    let text = String(decoding: out, as: UTF8.self)
    return Array(text.utf8) == out ? text : nil
  }
}
