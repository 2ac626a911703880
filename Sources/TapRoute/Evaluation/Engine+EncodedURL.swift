// The URL the app receives when `URL(string:)` percent-encodes the text it was given: apps
// built with the iOS 17 SDK or later, running on iOS 17 or later or an aligned OS version
// (N-8, X-12). The tables decide on the text as written (`urlNeedsEncoding`, `sdkVersion`);
// the decision's URL fields then name the URL as it arrives.

extension Engine {
  /// True when `URL(string:)` in an app of `situation` percent-encodes invalid characters:
  /// built with SDK 17 or later (absent: `newestSDK`), on iOS or iPadOS 17, macOS 14,
  /// watchOS 10 or later, or visionOS (absent OS version: `newestOS`).
  static func encodesURLs(_ situation: Situation, newestOS: OSVersion, newestSDK: OSVersion) -> Bool {
    guard (situation.app.sdkVersion ?? newestSDK).major >= 17 else { return false }
    let os = (situation.osVersion ?? newestOS).major
    switch situation.platform {
    case .iOS, .iPadOS: return os >= 17
    case .macOS: return os >= 14
    case .watchOS: return os >= 10
    case .visionOS: return true
    }
  }

  /// The situation's URLs (the event's, a tap's redirect URL, the event part's others) that `URL(string:)`
  /// percent-encodes, each with its encoded form; empty when none does.
  static func encodedURLs(_ situation: Situation, newestOS: OSVersion, newestSDK: OSVersion) -> [(
    String, String
  )] {
    guard encodesURLs(situation, newestOS: newestOS, newestSDK: newestSDK) else { return [] }
    var urls = [situation.eventURL]
    if situation.event == .tap { urls.append(situation.tap.redirect.url) }
    // A URL a rule's then.url may name instead (widgetURL): a situation with one takes the
    // remarked path anyway (``Situation/hasOtherURL``).
    urls += Situation.otherURLKeys(of: situation.event).map { situation.otherURL($0) }
    return urls.compactMap { url in
      guard let url, URLSchemeClass.scan(url).needsEncoding, let encoded = URLSchemeClass.percentEncoded(url)
      else { return nil }
      return (url, encoded)
    }
  }

  /// True when `situation` has a URL `URL(string:)` percent-encodes (the cheap test
  /// ``hasRemarks(_:newestOS:newestSDK:)`` makes before the decision takes the slow path).
  @usableFromInline
  static func hasEncodedURL(_ situation: Situation, newestOS: OSVersion, newestSDK: OSVersion) -> Bool {
    guard encodesURLs(situation, newestOS: newestOS, newestSDK: newestSDK) else { return false }
    if let url = situation.eventURL, URLSchemeClass.scan(url).needsEncoding {
      return true
    }
    if situation.event == .tap, let url = situation.tap.redirect.url, URLSchemeClass.scan(url).needsEncoding {
      return true
    }
    return false
  }

  /// Replaces each URL of `situation` that `URL(string:)` percent-encodes by its encoded form
  /// wherever `decision` names it: its URL now, and its steps' and other readings' URLs now
  /// too unless the decision is lazy with pending remarks, whose build does it
  /// (``PendingRemarks/encodeURLs(in:)``), so that the common lazy decision is not built
  /// here. The note that says so is a remark (``encodedURLRemark(_:newestOS:newestSDK:)``).
  @usableFromInline
  static func encodeURLs(_ situation: Situation, _ source: DecisionSource, in decision: inout Decision) {
    let pairs = encodedURLs(situation, newestOS: source.newestOSVersion, newestSDK: source.newestSDKVersion)
    guard !pairs.isEmpty else { return }
    decision.url = replaced(decision.url, pairs)
    if decision.hasPendingRemarks { return }
    replaceNested(pairs, in: &decision)
  }

  /// `url`, or its encoded form when `pairs` names it.
  static func replaced(_ url: String?, _ pairs: [(String, String)]) -> String? {
    guard let url, let encoded = pairs.first(where: { $0.0 == url })?.1 else { return url }
    return encoded
  }

  /// Replaces the URLs `pairs` names in `decision`'s URL, steps and other readings.
  static func replaceNested(_ pairs: [(String, String)], in decision: inout Decision) {
    decision.url = replaced(decision.url, pairs)
    if let steps = decision.steps, steps.contains(where: { replaced($0.url, pairs) != $0.url }) {
      decision.steps = steps.map { step in
        var copy = step
        copy.url = replaced(step.url, pairs)
        return copy
      }
    }
    if let alternatives = decision.alternatives,
      alternatives.contains(where: { replaced($0.url, pairs) != $0.url })
    {
      decision.alternatives = alternatives.map { alternative in
        var copy = alternative
        replaceNested(pairs, in: &copy)
        return copy
      }
    }
  }

  /// The note on the URLs `URL(string:)` percent-encodes in `situation`; nil when none.
  static func encodedURLRemark(_ situation: Situation, newestOS: OSVersion, newestSDK: OSVersion) -> String? {
    let pairs = encodedURLs(situation, newestOS: newestOS, newestSDK: newestSDK)
    guard !pairs.isEmpty else { return nil }
    let shown = pairs.map { "\(Words.quoted($0.0)) as \(Words.quoted($0.1))" }.joined(separator: ", ")
    return
      "URL(string:) percent-encodes invalid characters in an app built with the iOS 17 SDK or later on iOS 17 or later and the aligned OS versions (N-8, X-12), so a URL named here is the one that arrives: \(shown)"
  }
}
