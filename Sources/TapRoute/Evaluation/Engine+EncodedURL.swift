import TapRouteAASA

// The URL the app receives when `URL(string:)` percent-encodes the text it was given: apps
// built with the iOS 17 SDK or later, running on iOS 17 or later or an aligned OS version
// (N-8, X-12). The tables decide on the text as written (`urlNeedsEncoding`, `sdkVersion`);
// the decision's URL fields then name the URL as it arrives.
//
// Nothing is scanned while deciding: the decision keeps a flag (``Decision/encodesURLs``,
// from the situation's SDK, OS and platform), `url` encodes when read, and a lazy
// decision's build encodes its steps and other readings and writes the note. Scanning the
// situation's URLs on every decision, to tell whether a note was due, cost about 480
// instructions a decision, a third of the decide.

extension Engine {
  /// True when `URL(string:)` in an app of `situation` percent-encodes invalid characters:
  /// built with SDK 17 or later (absent: `newestSDK`), on iOS or iPadOS 17, macOS 14,
  /// watchOS 10 or later, or visionOS (absent OS version: `newestOS`).
  /// Inlined into every decide: a few loads and comparisons of packed versions.
  @inlinable @inline(__always)
  package static func encodesURLs(_ situation: Situation, newestOS: OSVersion, newestSDK: OSVersion) -> Bool {
    guard (situation.app.sdkVersion ?? newestSDK).isAtLeast(major: 17) else { return false }
    let os = situation.osVersion ?? newestOS
    switch situation.platform {
    case .iOS, .iPadOS: return os.isAtLeast(major: 17)
    case .macOS: return os.isAtLeast(major: 14)
    case .watchOS: return os.isAtLeast(major: 10)
    case .visionOS: return true
    // Not an Apple SDK's `URL(string:)`: Android's link events read the URL as it is.
    case .android: return false
    }
  }

  /// `url` as an app whose `URL(string:)` percent-encodes receives it: encoded when it needs
  /// encoding, else as it is.
  @usableFromInline
  package static func arriving(_ url: String?) -> String? {
    guard let url, URLSchemeClass.scan(url).needsEncoding, let encoded = URLSchemeClass.percentEncoded(url)
    else { return url }
    return encoded
  }

  /// True when `URL(string:)` percent-encodes `url` (from SDK 17 on iOS 17).
  package static func needsEncoding(_ url: String?) -> Bool {
    guard let url else { return false }
    return URLSchemeClass.scan(url).needsEncoding
  }

  /// For a decision whose app percent-encodes URLs: names the encoded form of each URL that
  /// needs it in `decision` (its URL, `headline` as decided, its steps and other readings, at
  /// every depth) and appends the note that says so; nothing when no URL needs it.
  package static func encodeArriving(in decision: inout Decision, headline: String?) {
    var pairs: [(String, String)] = []
    func collect(_ url: String?) {
      guard let url, !pairs.contains(where: { $0.0 == url }), let encoded = arriving(url), encoded != url
      else { return }
      pairs.append((url, encoded))
    }
    func walk(_ decision: Decision) {
      collect(decision.rawURL)
      for step in decision.steps ?? [] { walk(step) }
      for alternative in decision.alternatives ?? [] { walk(alternative) }
    }
    collect(headline)
    walk(decision)
    guard !pairs.isEmpty else { return }
    replaceNested(pairs, in: &decision)
    decision.notes.append(encodedURLNote(pairs))
  }

  /// `url`, or its encoded form when `pairs` names it.
  package static func replaced(_ url: String?, _ pairs: [(String, String)]) -> String? {
    guard let url, let encoded = pairs.first(where: { $0.0 == url })?.1 else { return url }
    return encoded
  }

  /// Replaces the URLs `pairs` names in `decision`'s URL, steps and other readings.
  package static func replaceNested(_ pairs: [(String, String)], in decision: inout Decision) {
    decision.url = replaced(decision.rawURL, pairs)
    if let steps = decision.steps, steps.contains(where: { replaced($0.rawURL, pairs) != $0.rawURL }) {
      decision.steps = steps.map { step in
        var copy = step
        copy.url = replaced(step.rawURL, pairs)
        return copy
      }
    }
    if let alternatives = decision.alternatives,
      alternatives.contains(where: { replaced($0.rawURL, pairs) != $0.rawURL })
    {
      decision.alternatives = alternatives.map { alternative in
        var copy = alternative
        replaceNested(pairs, in: &copy)
        return copy
      }
    }
  }

  /// The note on the URLs `URL(string:)` percent-encodes, each with its encoded form.
  package static func encodedURLNote(_ pairs: [(String, String)]) -> String {
    let shown = pairs.map { "\(Words.quoted($0.0)) as \(Words.quoted($0.1))" }.joined(separator: ", ")
    return
      "URL(string:) percent-encodes invalid characters in an app built with the iOS 17 SDK or later on iOS 17 or later and the aligned OS versions (N-8, X-12), so a URL named here is the one that arrives: \(shown)"
  }
}
