import TapRouteAASA

/// What an assetlinks.json file says about one app (a package name and a signing certificate's
/// fingerprint), and about each URL given: which statement delegates App Links to the app,
/// and which dynamic App Link component decided each URL.
public struct AssetLinksMatch: Sendable, Hashable {
  /// Whether the file delegates `handle_all_urls` to the app.
  public enum Delegation: Sendable, Hashable {
    /// The statement at this index grants `handle_all_urls` to the package with this fingerprint.
    case delegated(statement: Int)
    /// Statements grant `handle_all_urls` to the package, but none lists this fingerprint: the
    /// Play app-signing key versus the upload key, or another store's build (AND-14, AND-32, AND-47).
    case otherFingerprints(statements: [Int])
    /// No statement grants `handle_all_urls` to the package.
    case notListed
  }

  /// One URL's answer.
  public struct URLVerdict: Sendable, Hashable {
    /// What the file says about the URL for the app.
    public enum Verdict: String, Sendable, Hashable, Codable {
      /// The file does not delegate to the app: no URL on the domain is an App Link for it.
      case notDelegated
      /// Delegated, and the statement has no dynamic rules: the manifest's filters decide.
      case noDynamicRules
      /// A dynamic component without `exclude` matches first: on Android 15 and later the URL
      /// may open the app, if the manifest's filters take it too (AND-17).
      case allowed
      /// A dynamic component with `exclude` matches first: on Android 15 and later the URL does
      /// not open the app (AND-16, AND-17).
      case excluded
      /// No dynamic component matches.
      case unmatched

      /// True when the file lets the URL open the app (the manifest's filters still decide).
      public var mayOpen: Bool { self == .noDynamicRules || self == .allowed }
    }

    /// One component tried, in order, until one matched.
    public struct Step: Sendable, Hashable {
      /// The component's index in `dynamic_app_link_components`.
      public var component: Int
      /// True when every part matched.
      public var matched: Bool
      /// The component's `exclude`.
      public var exclude: Bool
      /// The part that did not match (`/`, `?`, `#`), and why.
      public var failedPart: String?
      /// Why that part did not match.
      public var reason: String?
    }

    /// The URL as given.
    public var url: String
    /// What the file says about the URL.
    public var verdict: Verdict
    /// The statement whose rules decided (or that delegates, for `noDynamicRules`).
    public var statement: Int?
    /// The component that decided (`allowed`, `excluded`).
    public var component: Int?
    /// The components tried, in order.
    public var steps: [Step]
    /// What the answer rests on and what it leaves out, for a reader.
    public var explanation: String
  }

  /// The package name asked about.
  public var packageName: String
  /// The fingerprint asked about, in the canonical form.
  public var fingerprint: String
  /// Whether, and by which statement, the file delegates App Links to the app.
  public var delegation: Delegation
  /// One verdict per URL, in the order given.
  public var urls: [URLVerdict]
}

/// Matches an app and URLs against an assetlinks.json document.
///
/// Dynamic rules (AND-16, AND-17, AND-18) are read the way the AASA components they copy are:
/// components in file order, the first that matches decides, `exclude` keeps the URL out of the
/// app. `/` and `#` are wildcard patterns (`*` any characters, `?` one) matched case-sensitively
/// against the percent-decoded path and fragment; each `?` item needs the query parameter
/// present with a value its pattern matches. A URL that no component matches does not open the
/// app: TapRoute's reading, as for AASA, which Google's pages in the evidence do not state.
/// The manifest's intent filters are not read here: dynamic rules only narrow what they allow
/// (AND-17), so an `allowed` URL opens the app only if the filters take it too.
public enum AssetLinksMatcher {
  /// Whether `document` delegates App Links to `packageName` signed with `fingerprint`
  /// (any case, with or without colons), and each URL's verdict.
  public static func match(
    _ document: AssetLinksDocument, packageName: String, fingerprint: String, urls: [AASAURL]
  ) -> AssetLinksMatch {
    let canonical = CertificateFingerprint.canonical(fingerprint) ?? fingerprint
    let delegating = document.statements.filter { statement in
      guard statement.handlesAllURLs, case .androidApp(let name, _)? = statement.target else { return false }
      return name == packageName
    }
    let signed = delegating.filter { statement in
      guard case .androidApp(_, let fingerprints)? = statement.target else { return false }
      return fingerprints.contains(canonical)
    }
    let delegation: AssetLinksMatch.Delegation =
      signed.first.map { .delegated(statement: $0.index) }
      ?? (delegating.isEmpty ? .notListed : .otherFingerprints(statements: delegating.map(\.index)))
    let verdicts = urls.map { url in
      verdict(url, statements: signed, delegation: delegation, packageName: packageName)
    }
    return AssetLinksMatch(
      packageName: packageName, fingerprint: canonical, delegation: delegation, urls: verdicts)
  }

  private static func verdict(
    _ url: AASAURL, statements: [AssetLinksDocument.Statement], delegation: AssetLinksMatch.Delegation,
    packageName: String
  ) -> AssetLinksMatch.URLVerdict {
    typealias Verdict = AssetLinksMatch.URLVerdict
    guard let first = statements.first else {
      let why =
        if case .otherFingerprints = delegation {
          "the file lists \(packageName) with other fingerprints only: a build signed with this certificate is "
            + "not verified (AND-14, AND-32, AND-47)"
        } else {
          "no statement grants \(AssetLinksDocument.handleAllURLs) to \(packageName) (AND-15)"
        }
      return Verdict(
        url: url.text, verdict: .notDelegated, statement: nil, component: nil, steps: [],
        explanation: why + "; from Android 12 the link opens the default browser (AND-3)")
    }
    let ruled = statements.filter { $0.components != nil }
    guard let deciding = ruled.first, let components = deciding.components else {
      return Verdict(
        url: url.text, verdict: .noDynamicRules, statement: first.index, component: nil, steps: [],
        explanation: "$[\(first.index)] delegates to the app and has no dynamic rules: the manifest's intent "
          + "filters decide")
    }
    var steps: [Verdict.Step] = []
    var also = ""
    if ruled.count > 1 {
      also =
        "; " + ruled.dropFirst().map { "$[\($0.index)]" }.joined(separator: ", ")
        + " also has dynamic rules for the app: TapRoute reads the first statement's only"
    }
    for (i, component) in components.enumerated() {
      let miss = self.miss(component, url)
      steps.append(
        Verdict.Step(
          component: i, matched: miss == nil, exclude: component.exclude, failedPart: miss?.part,
          reason: miss?.reason))
      guard miss == nil else { continue }
      let place = "$[\(deciding.index)] component [\(i)]"
      if component.exclude {
        return Verdict(
          url: url.text, verdict: .excluded, statement: deciding.index, component: i, steps: steps,
          explanation: "\(place) excludes it: on Android 15 and later with Google services the link does not "
            + "open the app; earlier versions ignore dynamic rules (AND-16, AND-17)\(also)")
      }
      return Verdict(
        url: url.text, verdict: .allowed, statement: deciding.index, component: i, steps: steps,
        explanation:
          "\(place) allows it on Android 15 and later; dynamic rules only narrow the manifest, whose "
          + "intent filters must take the URL too (AND-17)\(also)")
    }
    return Verdict(
      url: url.text, verdict: .unmatched, statement: deciding.index, component: nil, steps: steps,
      explanation:
        "no component of $[\(deciding.index)] matches: read as AASA's are, the link does not open the "
        + "app on Android 15 and later (TapRoute's reading; earlier versions ignore dynamic rules, AND-17)\(also)"
    )
  }

  /// Why `component` does not match `url` (the first part that fails), or nil when it matches.
  static func miss(_ component: AssetLinksDocument.Component, _ url: AASAURL) -> (
    part: String, reason: String
  )? {
    let path = AASAURL.decoded(url.path)
    if let pattern = component.path, !AASAPattern(pattern, variables: nil).matches(path, caseSensitive: true)
    {
      return ("/", "path \(Words.quoted(path)) does not match \(Words.quoted(pattern))")
    }
    if let items = component.query {
      let given = url.query.map(AASAURL.items) ?? []
      for item in items {
        let values = given.filter { $0.name == item.name }.map { AASAURL.decoded($0.value) }
        if values.isEmpty {
          return ("?", "no query parameter \(Words.quoted(item.name))")
        }
        let compiled = AASAPattern(item.pattern, variables: nil)
        if !values.contains(where: { compiled.matches($0, caseSensitive: true) }) {
          return ("?", "\(item.name)=\(Words.quoted(values[0])) does not match \(Words.quoted(item.pattern))")
        }
      }
    }
    if let pattern = component.fragment {
      let fragment = AASAURL.decoded(url.fragment ?? "")
      if !AASAPattern(pattern, variables: nil).matches(fragment, caseSensitive: true) {
        return ("#", "fragment \(Words.quoted(fragment)) does not match \(Words.quoted(pattern))")
      }
    }
    return nil
  }
}
