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

  /// True when `url` starts with the scheme `intent:` (any letter case).
  static func isIntentURL(_ url: String) -> Bool {
    let prefix = Array("intent:".utf8)
    var i = 0
    for byte in url.utf8 {
      guard i < prefix.count else { return true }
      guard byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0) == prefix[i] else { return false }
      i += 1
    }
    return i == prefix.count
  }

  /// The decoded value of `S.browser_fallback_url` in the `#Intent;...;end` part of `url`;
  /// nil when there is none, or it is empty or not valid percent-encoded UTF-8.
  static func browserFallbackURL(in url: String) -> String? {
    guard let hash = url.firstIndex(of: "#") else { return nil }
    let fragment = url[url.index(after: hash)...]
    guard fragment.hasPrefix("Intent;") else { return nil }
    for entry in fragment.dropFirst("Intent;".count).split(separator: ";", omittingEmptySubsequences: false) {
      if entry == "end" { break }
      guard entry.hasPrefix("S.browser_fallback_url=") else { continue }
      let value = String(entry.dropFirst("S.browser_fallback_url=".count))
      guard let decoded = value.removingPercentEncodingSafely, !decoded.isEmpty else { return nil }
      return decoded
    }
    return nil
  }
}

extension String {
  /// The string with `%XX` escapes decoded; nil for a `%` without two hex digits or bytes that
  /// are not UTF-8. Foundation-free, for every platform the library builds for.
  fileprivate var removingPercentEncodingSafely: String? {
    var bytes: [UInt8] = []
    let utf8 = Array(self.utf8)
    var i = 0
    func hex(_ c: UInt8) -> UInt8? {
      switch c {
      case 0x30...0x39: c - 0x30
      case 0x41...0x46: c - 0x41 + 10
      case 0x61...0x66: c - 0x61 + 10
      default: nil
      }
    }
    while i < utf8.count {
      if utf8[i] == UInt8(ascii: "%") {
        guard i + 2 < utf8.count, let high = hex(utf8[i + 1]), let low = hex(utf8[i + 2]) else { return nil }
        bytes.append(high << 4 | low)
        i += 3
      } else {
        bytes.append(utf8[i])
        i += 1
      }
    }
    let text = String(decoding: bytes, as: UTF8.self)
    return Array(text.utf8) == bytes ? text : nil
  }
}
