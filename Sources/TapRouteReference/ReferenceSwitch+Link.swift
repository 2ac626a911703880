import TapRoute

extension ReferenceSwitch {
  /// A plain link followed, written by hand from DOMAIN-LINKS.md (U-28 to U-36),
  /// DOMAIN-SURFACES.md (M-1, M-3, M-4, M-5, A-1), DOMAIN-WEB.md (IOSN-1 to IOSN-7, IOSN-21,
  /// IOSN-22, IAB-2 to IAB-21) and TN3155: custom schemes first, then the places where a web link never opens
  /// an app, then the app's install state, the user's earlier choice, an internationalized
  /// domain, what the device has of the domain's AASA file and the file itself. A container
  /// launch also carries the app's callbacks for what it was handed (the delivery).
  static func link(_ s: Situation, version: OSVersion, sdk: OSVersion) -> Result {
    // The evidence speaks of iOS and Android; elsewhere a link falls back to the browser
    // (inferred).
    guard s.platform == .iOS || s.platform == .iPadOS || s.platform == .android else {
      return Result(.browser)
    }
    let link = s.link
    let (scheme, _) = URLSchemeClass.scan(link.url)
    switch scheme {
    case .none, .unparseable, .noScheme, .emptyScheme, .data, .file:
      // Not something a reader follows to an app or a page (M-5).
      return Result(.nothing)
    case .other, .web:
      break
    }
    if s.platform == .android { return Result(androidLink(s, web: scheme == .web, version: version).outcome) }
    // Messages does not let links from an unknown sender open (M-4).
    if link.from == .messages && !link.senderKnown { return Result(.nothing) }
    // A web link whose preview is not loaded: the first tap loads the preview (M-3, A-1).
    if link.from == .messages && scheme == .web && link.tapped == .unloadedPreview { return Result(.nothing) }
    if scheme == .other {
      // A custom scheme opens the app that registered it (M-5); the app's own scheme opens the
      // app when it is installed, and nothing when no installed app claims it.
      let name = link.url.flatMap { url in url.firstIndex(of: ":").map { url[..<$0].lowercased() } }
      let own = s.app.urlSchemes?.contains { $0.lowercased() == name } ?? false
      guard own else { return Result(.otherAppLaunch) }
      return s.app.installed ? containerLaunch(s, .url, version: version, sdk: sdk) : Result(.nothing)
    }
    // A web link. Typed, script-driven, same-domain and in-app Safari navigations stay in
    // the browser whatever the AASA file says (U-30 to U-33), and so does the first step in
    // an app that shows links in a browser of its own or an SFSafariViewController (IAB-8),
    // in another browser (IAB-15), and the app's own link it opens itself (IAB-20).
    if stopsInTheHost(s) { return Result(.browser) }
    guard s.app.installed else {
      // Without the app, a Messages text link with an App Clip experience (iOS 14) launches
      // the App Clip (A-1); any other opens in the browser (U-28).
      let clip = link.from == .messages && link.appClip && version.major >= 14
      return Result(clip ? .appClipLaunch : .browser)
    }
    // The user chose Safari for the domain (U-29); else the AASA verdict decides (M-1, U-4):
    // only a match opens the app, and an unknown verdict reads as the browser.
    if link.safariChosen { return Result(.browser) }
    // iOS 16 and later are reported never to fetch an internationalized domain's file (IOSN-22).
    if version.major >= 16 && isInternationalized(link.url) { return Result(.browser) }
    let verdict = s.universalLink(url: link.url)
    // Before the device has any file, no link is the app's (U-36, IOSN-21). A stale CDN copy
    // leaves the decision to the file given, with the other reading below (IOSN-4).
    if link.aasaOnDevice == .notYetFetched && (verdict == .match || verdict == .unknown) {
      return Result(.browser)
    }
    switch verdict {
    case .match:
      // A stale CDN copy decides first (IOSN-4); then a redirect or click tracker (U-32, IAB-17),
      // a tap on a page X or Instagram shows (IAB-21, IAB-18, IAB-10), another browser (IAB-15);
      // each contested.
      let staysInThePage = link.onPage && (link.from == .x || link.from == .instagram)
      if link.aasaOnDevice != .stale
        && (link.via == .clickTracker
          || (link.via == .direct && (staysInThePage || link.from == .otherBrowser || link.from == .chrome)))
      {
        return Result(.browser)
      }
      return containerLaunch(s, .universalLink, version: version, sdk: sdk)
    case .unknown, .noMatch, .exclude: return Result(.browser)
    }
  }

  /// A link followed on Android, written by hand from DOMAIN-ANDROID.md, with the other reading
  /// where the evidence disagrees. A custom scheme goes to the user's default, the only app or
  /// the dialog (AND-2), Chrome's intent: URL no app takes to its fallback (AND-35); a web link typed, script-driven or tapped in an app with a browser of
  /// its own stays there (AND-45, AND-35, AND-39); then the app's filters and toggle (AND-4,
  /// AND-26), a dynamic exclusion (AND-17), the verified state (AND-1, AND-9, AND-24) with the
  /// contested hosts (AND-38, AND-41, AND-36), the user's selection (AND-27), and an unverified
  /// link: the browser from Android 12 (AND-3), the dialog before (AND-2).
  static func androidLink(_ s: Situation, web: Bool, version: OSVersion) -> (
    outcome: Outcome, other: Outcome?
  ) {
    let android = s.android
    let from = s.link.from
    let takes = s.app.installed && (android.filter == .autoVerify || android.filter == .browsable)
    guard web else {
      if android.otherApp == .isDefault { return (.otherAppLaunch, nil) }
      if takes { return (android.otherApp == .canHandle ? .disambiguationDialog : .appLaunch, nil) }
      if android.otherApp == .canHandle { return (.otherAppLaunch, nil) }
      // Chrome's intent: URL that no app takes, with a fallback URL: the browser (AND-35).
      if from == .chrome, s.intentURL(url: s.link.url) == .withFallback { return (.browser, nil) }
      return (.nothing, nil)
    }
    switch from {
    case .typed, .scriptRedirect, .instagram, .tikTok, .weChat, .telegram, .line, .threads:
      return (.browser, nil)
    default: break
    }
    if !s.app.installed || android.filter == .none {
      return (android.otherApp == .isDefault ? .otherAppLaunch : .browser, nil)
    }
    if !android.linkHandlingAllowed || android.filter == .notBrowsable { return (.browser, nil) }
    let dynamic = version.major >= 15 && android.googleServices && android.filter == .autoVerify
    if dynamic && android.dynamicRule == .exclude { return (.browser, nil) }
    if android.filter == .autoVerify && android.googleServices && android.domainState.countsAsVerified {
      switch from {
      case .webView: return (.browser, .appLaunch)
      case .facebook, .messenger: return (.appLaunch, .browser)
      case .gmail, .linkedIn, .x, .snapchat, .youTube, .googleApp, .customTab: return (.appLaunch, .browser)
      default: break
      }
      if version.major >= 12 || android.allHostsVerified { return (.appLaunch, nil) }
    }
    if android.userSelected { return (.appLaunch, nil) }
    if android.otherApp == .isDefault { return (.otherAppLaunch, nil) }
    return (version.major >= 12 ? .browser : .disambiguationDialog, nil)
  }

  /// Whether a web link's first step stays in the browser of the place it is followed, before
  /// the app's install state is read.
  static func stopsInTheHost(_ s: Situation) -> Bool {
    let link = s.link
    switch link.from {
    case .typed, .scriptRedirect, .safariSameDomain: return true
    case .safariViewController, .x, .threads, .instagram, .facebook, .messenger: return !link.onPage
    case .tikTok, .linkedIn, .snapchat, .weChat, .telegram, .line, .googleApp: return !link.onPage
    case .ownAppOpen: return s.universalLink(url: link.url) == .match
    case .messages, .mail, .notes, .safariCrossDomain, .webView, .otherAppOpen: return false
    case .gmail, .youTube, .otherBrowser, .chrome, .customTab: return false
    }
  }

  /// The in-app browsers whose page taps are read as any app's `WKWebView` (U-34, IAB-7, IAB-18).
  static func readAsAWebView(_ from: Situation.Link.Source) -> Bool {
    switch from {
    case .tikTok, .linkedIn, .snapchat, .weChat, .telegram, .line, .googleApp: true
    case .messages, .mail, .notes, .safariCrossDomain, .safariSameDomain, .safariViewController: false
    case .webView, .otherAppOpen, .typed, .scriptRedirect, .instagram, .facebook, .messenger: false
    case .x, .threads: false
    case .gmail, .youTube, .otherBrowser, .ownAppOpen, .chrome, .customTab: false
    }
  }

  /// The other reading of a link where the evidence disagrees: a universal link tapped in
  /// another app's `WKWebView` (U-34) may stay in the web view; a web link whose AASA verdict
  /// cannot be told (no app ID, entitlement or file) may be one of the app's (M-1); with a
  /// stale CDN copy on the device, not in developer mode, the old copy may decide the other way
  /// (IOSN-4; managed mode bypasses the CDN on macOS only, IOSN-7). Nil where nothing is
  /// contested.
  static func otherLinkReading(_ s: Situation, version: OSVersion, sdk: OSVersion) -> Outcome? {
    let decided = link(s, version: version, sdk: sdk).outcome
    let link = s.link
    let (scheme, _) = URLSchemeClass.scan(link.url)
    if s.platform == .android {
      return scheme == .web || scheme == .other
        ? androidLink(s, web: scheme == .web, version: version).other : nil
    }
    guard s.platform == .iOS || s.platform == .iPadOS, scheme == .web,
      !(link.from == .messages && !link.senderKnown),
      !(link.from == .messages && link.tapped == .unloadedPreview),
      s.app.installed, !link.safariChosen, !(version.major >= 16 && isInternationalized(link.url))
    else { return nil }
    if stopsInTheHost(s) { return nil }
    let verdict = s.universalLink(url: link.url)
    if link.aasaOnDevice == .notYetFetched && (verdict == .match || verdict == .unknown) { return nil }
    let staleCDNCopy = link.aasaOnDevice == .stale && link.associatedDomainsMode != .developer
    switch verdict {
    case .match:
      if link.aasaOnDevice == .stale { return staleCDNCopy ? .browser : nil }
      // A redirect and a click tracker are contested both ways (U-32 against IAB-17).
      switch link.via {
      case .serverRedirect: return .browser
      case .clickTracker: return .containerLaunch
      case .direct: break
      }
      // A page X or Instagram shows may hand the tap on (IAB-8 with U-33, IAB-12); another
      // browser may open the app (IAB-3); a tap on a page in the other in-app browsers may stay
      // in the page (IAB-7, IAB-18), as in any WKWebView (U-34).
      if link.onPage && (link.from == .x || link.from == .instagram) { return .containerLaunch }
      if link.from == .otherBrowser || link.from == .chrome { return .containerLaunch }
      return link.from == .webView || (link.onPage && readAsAWebView(link.from)) ? .browser : nil
    case .unknown: return decided == .browser ? .containerLaunch : nil
    case .noMatch, .exclude: return staleCDNCopy && decided == .browser ? .containerLaunch : nil
    }
  }

  /// Whether `url` is an http(s) URL whose host is an internationalized domain name (IOSN-22):
  /// a byte outside ASCII or a percent-escape of one, or a label starting `xn--`. Text with a
  /// space or control character, or over 8,192 bytes, is no universal link, so it has no such
  /// host here either.
  static func isInternationalized(_ url: String?) -> Bool {
    guard let url, url.utf8.count <= 8192, !url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
      return false
    }
    let lower = url.lowercased()
    guard let start = ["https://", "http://"].first(where: lower.hasPrefix)?.count else { return false }
    let rest = lower.dropFirst(start)
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let afterUser = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? ""
    let host = afterUser.prefix { $0 != ":" }
    if host.unicodeScalars.contains(where: { !$0.isASCII }) { return true }
    let escapes = host.split(separator: "%", omittingEmptySubsequences: false).dropFirst()
    if escapes.contains(where: { $0.first.map { "89abcdef".contains($0) } ?? false }) { return true }
    return host.split(separator: ".", omittingEmptySubsequences: false).contains { $0.hasPrefix("xn--") }
  }

  /// The container app launched with `handoff`, with the callbacks the delivery gives it.
  static func containerLaunch(
    _ s: Situation, _ handoff: Situation.Handoff, version: OSVersion, sdk: OSVersion
  ) -> Result {
    Result(
      .containerLaunch, appCallbacks: delivery(s, handoff: handoff, version: version, sdk: sdk).appCallbacks)
  }
}
