import TapRouteAASA

// The facts computed from the app's configuration (`app.urlSchemes`, `app.appID`,
// `app.associatedDomains`, `app.aasa`) and the URL an event reads. The catalog declares them
// (`SituationCatalog.computedFacts`) and their value types; the generated `FactSnapshot` calls
// these functions. Also the value indices of the `link` part's types.

extension Situation.SchemeOwner {
  package var index: Int {
    switch self {
    case .unknown: 0
    case .none: 1
    case .own: 2
    case .other: 3
    }
  }
}

extension Situation.UniversalLinkVerdict {
  package var index: Int {
    switch self {
    case .unknown: 0
    case .noMatch: 1
    case .match: 2
    case .exclude: 3
    }
  }
}

extension Situation.IDNDomain {
  package var index: Int {
    switch self {
    case .none: 0
    case .ascii: 1
    case .unicode: 2
    case .punycode: 3
    }
  }
}

extension Situation {
  /// Whether the host of `url` is an internationalized domain name: `none` for no http(s)
  /// URL with a host (`AASAURL`'s split, the one `universalLink` reads), `unicode` for a host
  /// with a byte outside ASCII or a percent-escape of one (`%80` to `%FF`), `punycode` for an
  /// ASCII host with a label starting `xn--` in any letter case (RFC 5890's ACE prefix),
  /// `ascii` otherwise. Reads the host's bytes in place; never traps.
  public func idnDomain(url: String?) -> IDNDomain {
    guard let url else { return .none }
    return url.withUTF8Bytes { bytes in
      guard case .success(let parts) = AASAURL.parts(bytes) else { return .none }
      let host = UnsafeBufferPointer(rebasing: bytes[parts.host])
      var punycode = false
      var i = 0
      while i < host.count {
        let c = host[i]
        if c >= 0x80 { return .unicode }
        if c == UInt8(ascii: "%"), i + 1 < host.count, Self.isHighHexDigit(host[i + 1]) { return .unicode }
        if (i == 0 || host[i - 1] == UInt8(ascii: ".")) && i + 3 < host.count
          && host[i] | 0x20 == UInt8(ascii: "x") && host[i + 1] | 0x20 == UInt8(ascii: "n")
          && host[i + 2] == UInt8(ascii: "-") && host[i + 3] == UInt8(ascii: "-")
        {
          punycode = true
        }
        i += 1
      }
      return punycode ? .punycode : .ascii
    }
  }

  /// True for the first hex digit of an escape of a byte outside ASCII: `8` to `9`, `a` to
  /// `f` in either case.
  private static func isHighHexDigit(_ c: UInt8) -> Bool {
    c == UInt8(ascii: "8") || c == UInt8(ascii: "9")
      || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "f"))
  }

  /// Whose scheme `url` names: `unknown` without `app.urlSchemes`, `none` for a URL with no
  /// scheme, else `own` when the scheme is one of them (letter case ignored: RFC 3986 §3.1
  /// makes schemes case-insensitive) and `other` when not.
  public func schemeOwner(url: String?) -> SchemeOwner {
    guard let schemes = app.urlSchemes else { return .unknown }
    guard let url else { return .none }
    switch URLSchemeClass.classify(url) {
    case .none, .unparseable, .noScheme, .emptyScheme: return .none
    case .web, .data, .file, .other: break
    }
    // Compared byte by byte, ASCII letters folded (a scheme is ASCII, RFC 3986 §3.1): no
    // string is built on the decide path.
    let bytes = url.utf8
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return .none }
    let scheme = bytes[..<colon]
    func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
    return schemes.contains { own in
      own.utf8.count == scheme.count && zip(own.utf8, scheme).allSatisfy { folded($0) == folded($1) }
    } ? .own : .other
  }

  /// The verdict of `app.aasa` for `url` and the app `app.appID`, under the situation's OS
  /// version (the newest matching semantics when nil), with the standard reading of each
  /// contested point (`AASAReadings.standard`).
  ///
  /// The domain must be listed in `app.associatedDomains` as `applinks:DOMAIN` (a
  /// `?mode=...` suffix is ignored) or match a `applinks:*.PARENT` entry, which stands for
  /// the subdomains of PARENT, not PARENT itself (U-21). The file read is the domain's own;
  /// for a domain matched by a wildcard and with no file of its own, PARENT's (U-24: a
  /// community report that a wildcard entry needs the file at the apex).
  public func universalLink(url: String?) -> UniversalLinkVerdict {
    guard let appID = app.appID, let entries = app.associatedDomains, !app.aasa.isEmpty else {
      return .unknown
    }
    guard let url else { return .noMatch }
    // Split and matched in place, on the URL's bytes: no string is built for an ASCII host.
    return url.withUTF8Bytes { bytes in
      guard case .success(let parts) = AASAURL.parts(bytes) else { return .noMatch }
      let link = AASAURLBytes(bytes, parts)
      let host = UnsafeBufferPointer(rebasing: bytes[parts.host])
      if parts.hostIsLower {
        return universalLink(appID: appID, entries: entries, host: host, link: link)
      }
      return String(decoding: host, as: UTF8.self).lowercased().withUTF8Bytes {
        universalLink(appID: appID, entries: entries, host: $0, link: link)
      }
    }
  }

  /// ``universalLink(url:)`` for a link whose lower-cased host is `host`.
  private func universalLink(
    appID: String, entries: [String], host: UnsafeBufferPointer<UInt8>, link: AASAURLBytes
  ) -> UniversalLinkVerdict {
    guard let coverage = Self.coverage(of: host, entries: entries) else { return .noMatch }
    // The host's own file, then each covering wildcard's parent's, in entry order.
    var file = app.aasa.prepared(lowercased: host)
    if file == nil && coverage == .wildcard {
      for entry in entries {
        if let parent = Self.wildcardParent(entry, of: host),
          let found = app.aasa.prepared(lowercased: parent)
        {
          file = found
          break
        }
      }
    }
    guard let file else { return .unknown }
    let os = osVersion ?? Self.newestAASASemantics
    switch AASAMatcher.verdict(of: appID, file, url: link, os: os, readings: .standard) {
    case .match: return .match
    case .exclude: return .exclude
    case nil: return .noMatch
    }
  }

  /// An OS version that reads every feature of the AASA format (the newest semantics).
  package static let newestAASASemantics: OSVersion =
    AASAMatcher.Feature.allCases.map(\.since).max() ?? OSVersion(clamping: 14)

  /// The lower-cased scheme of `url`, nil when it has none (``URLSchemeClass``: none,
  /// unparseable, noScheme, emptyScheme).
  package static func scheme(of url: String) -> String? {
    switch URLSchemeClass.classify(url) {
    case .none, .unparseable, .noScheme, .emptyScheme: return nil
    case .web, .data, .file, .other:
      guard let colon = url.firstIndex(of: ":") else { return nil }
      return url[..<colon].lowercased()
    }
  }

  /// How the entries cover `host` (lower-cased): `wildcard` when some `applinks:*.PARENT`
  /// entry does (its parent's file may then speak for the host), else `exact` when an
  /// `applinks:HOST` entry does; nil when none does. Compared in place, byte by byte (the
  /// decide path builds no string for an ASCII entry).
  package static func coverage(of host: UnsafeBufferPointer<UInt8>, entries: [String]) -> DomainMatch? {
    var covered: DomainMatch?
    for entry in entries {
      switch domainMatch(entry, host: host) {
      case .wildcard?: return .wildcard
      case .exact?: covered = .exact
      case nil: break
      }
    }
    return covered
  }

  /// How an entitlement entry covers a host.
  package enum DomainMatch { case exact, wildcard }

  /// How `entry` covers `host` (lower-cased): `applinks:HOST` exactly, or `applinks:*.PARENT`
  /// with `host` a subdomain of PARENT (not PARENT itself, U-21); a `?mode=...` suffix is
  /// ignored, letter case too. nil for another service's entry or another domain.
  package static func domainMatch(_ entry: String, host: UnsafeBufferPointer<UInt8>) -> DomainMatch? {
    // nil: the domain has letters to lower-case first (an upper-case or non-ASCII one).
    let inPlace: DomainMatch?? = entry.withUTF8Bytes { e in
      guard let domain = applinksDomain(e) else { return .some(nil) }
      for c in domain where c >= 0x80 || (c >= 0x41 && c <= 0x5A) { return nil }
      return .some(match(domain, host))
    }
    if let inPlace { return inPlace }
    let lowered = "applinks:" + domainText(entry).lowercased()
    return lowered.withUTF8Bytes { e in applinksDomain(e).flatMap { match($0, host) } }
  }

  /// PARENT (lower-cased) when `entry` is `applinks:*.PARENT` and covers `host`.
  package static func wildcardParent(_ entry: String, of host: UnsafeBufferPointer<UInt8>) -> String? {
    guard domainMatch(entry, host: host) == .wildcard else { return nil }
    return String(domainText(entry).lowercased().dropFirst(2))
  }

  /// The domain of an `applinks:` entry as written: after the prefix, before any `?`.
  private static func domainText(_ entry: String) -> Substring {
    var domain = entry[entry.utf8.index(entry.startIndex, offsetBy: min(9, entry.utf8.count))...]
    if let mode = domain.utf8.firstIndex(of: UInt8(ascii: "?")) { domain = domain[..<mode] }
    return domain
  }

  /// The bytes of an `applinks:` entry's domain, without a `?mode=...` suffix; nil for another
  /// service's entry.
  private static func applinksDomain(_ e: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
    let prefix: StaticString = "applinks:"
    let count = prefix.utf8CodeUnitCount
    guard e.count >= count else { return nil }
    for i in 0..<count where e[i] != prefix.utf8Start[i] { return nil }
    var end = count
    while end < e.count && e[end] != UInt8(ascii: "?") { end += 1 }
    return UnsafeBufferPointer(rebasing: e[count..<end])
  }

  /// How a lower-case entitlement domain covers a lower-case host.
  private static func match(_ domain: UnsafeBufferPointer<UInt8>, _ host: UnsafeBufferPointer<UInt8>)
    -> DomainMatch?
  {
    if domain.count >= 2 && domain[0] == UInt8(ascii: "*") && domain[1] == UInt8(ascii: ".") {
      let parent = UnsafeBufferPointer(rebasing: domain[2...])
      guard host.count > parent.count else { return nil }
      let dot = host.count - parent.count - 1
      return host[dot] == UInt8(ascii: ".") && same(UnsafeBufferPointer(rebasing: host[(dot + 1)...]), parent)
        ? .wildcard : nil
    }
    return same(domain, host) ? .exact : nil
  }

  /// True when two byte buffers hold the same bytes.
  package static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    for i in 0..<a.count where a[i] != b[i] { return false }
    return true
  }
}

extension Situation {
  /// The app ID, domain and file a witness situation uses to give `universalLink` a value.
  package static let witnessAppID = "TEAMID1234.com.example.app"

  /// Sets the app's configuration so that the computed fact `fact` takes value `index` for
  /// the URL the event reads (set first): the verifier's witnesses. A value the URL makes
  /// impossible (`own` for a URL with no scheme) is left as it falls.
  package mutating func realize(_ fact: Fact, index: Int) {
    let url = Situation.url(of: self, event: event)
    switch fact {
    case .schemeOwner:
      guard SchemeOwner.allCases.indices.contains(index) else { return }
      switch SchemeOwner.allCases[index] {
      case .unknown: app.urlSchemes = nil
      case .none: app.urlSchemes = []
      case .own: app.urlSchemes = url.flatMap(Self.scheme(of:)).map { [$0] } ?? []
      case .other: app.urlSchemes = ["tapRouteWitness"]
      }
    case .universalLink:
      guard UniversalLinkVerdict.allCases.indices.contains(index) else { return }
      let verdict = UniversalLinkVerdict.allCases[index]
      guard verdict != .unknown else { return }
      let host = url.flatMap { try? AASAURL(parsing: $0, file: "url") }?.host ?? "example.com"
      let exclude = verdict == .exclude ? #","exclude":true"# : ""
      let file =
        #"{"applinks":{"details":[{"appIDs":[""# + Self.witnessAppID
        + #""],"components":[{"/":"*""# + exclude + "}]}]}}"
      app.appID = Self.witnessAppID
      app.associatedDomains = verdict == .noMatch ? [] : ["applinks:" + host]
      try? app.aasa.set(domain: host, json: file.utf8)
    case .idnDomain:
      // The URL's host becomes one of the value's form; a universal-link verdict already
      // realized for the old host is realized again for the new one.
      guard IDNDomain.allCases.indices.contains(index), let url else { return }
      let host: String
      switch IDNDomain.allCases[index] {
      case .none: return
      case .ascii: host = "example.com"
      case .unicode: host = "montréal.ca"
      case .punycode: host = "xn--montral-fya.ca"
      }
      let bytes = Array(url.utf8)
      let range = bytes.withUnsafeBufferPointer { b -> Range<Int>? in
        guard case .success(let parts) = AASAURL.parts(b) else { return nil }
        return parts.host
      }
      guard let range else { return }
      let verdict = universalLink(url: url)
      setEventURL(
        String(
          decoding: bytes[..<range.lowerBound] + Array(host.utf8) + bytes[range.upperBound...], as: UTF8.self)
      )
      if verdict != .unknown { realize(.universalLink, index: verdict.index) }
    case .intentURL:
      // A custom-scheme URL becomes Chrome's intent: form of it, with or without a fallback
      // (the scheme class stays `other`).
      guard IntentURL.allCases.indices.contains(index), let url, URLSchemeClass.classify(url) == .other,
        let colon = url.firstIndex(of: ":")
      else { return }
      let value = IntentURL.allCases[index]
      guard value != .none, !Self.isIntentURL(url) else { return }
      let scheme = url[..<colon]
      let rest = url[url.index(after: colon)...].prefix { $0 != "#" }
      let fallback = value == .withFallback ? "S.browser_fallback_url=https%3A%2F%2Fexample.com%2F;" : ""
      setEventURL("intent:\(rest)#Intent;scheme=\(scheme);\(fallback)end")
    default: break
    }
  }
}

extension Situation.Link.Source {
  package var index: Int {
    switch self {
    case .messages: 0
    case .mail: 1
    case .notes: 2
    case .safariCrossDomain: 3
    case .safariSameDomain: 4
    case .safariViewController: 5
    case .webView: 6
    case .otherAppOpen: 7
    case .typed: 8
    case .scriptRedirect: 9
    case .instagram: 10
    case .facebook: 11
    case .messenger: 12
    case .tikTok: 13
    case .linkedIn: 14
    case .snapchat: 15
    case .weChat: 16
    case .telegram: 17
    case .line: 18
    case .googleApp: 19
    case .x: 20
    case .threads: 21
    case .gmail: 22
    case .youTube: 23
    case .otherBrowser: 24
    case .ownAppOpen: 25
    case .chrome: 26
    case .customTab: 27
    }
  }
}

extension Situation.Link.Via {
  package var index: Int {
    switch self {
    case .direct: 0
    case .serverRedirect: 1
    case .clickTracker: 2
    }
  }
}

extension Situation.Link.Tapped {
  package var index: Int {
    switch self {
    case .text: 0
    case .richPreview: 1
    case .unloadedPreview: 2
    }
  }
}

extension Situation.Link.AASAOnDevice {
  package var index: Int {
    switch self {
    case .current: 0
    case .stale: 1
    case .notYetFetched: 2
    }
  }
}

extension Situation.Link.AssociatedDomainsMode {
  package var index: Int {
    switch self {
    case .standard: 0
    case .developer: 1
    case .managed: 2
    }
  }
}
