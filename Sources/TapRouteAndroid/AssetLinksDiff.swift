import TapRouteAASA

/// What changes between two assetlinks.json files: which apps gain or lose App Links, and for
/// the apps in both, which URLs change verdict.
///
/// An app is a package name and a fingerprint granted `handle_all_urls`. The URLs are the ones
/// given and witnesses generated from both files' dynamic components (each pattern's `*` read as
/// nothing and as one character, `?` as one character).
public enum AssetLinksDiff {
  /// One change: an app delegated in one file only, or one URL's verdict for an app.
  public struct Change: Sendable, Hashable {
    /// The app's package name.
    public var packageName: String
    /// The app's certificate fingerprint.
    public var fingerprint: String
    /// The URL whose verdict changed; nil for a change of delegation.
    public var url: String?
    /// The verdict before (`notDelegated` when the old file does not delegate to the app; for a
    /// change of delegation, `noDynamicRules` stands for "delegated").
    public var old: AssetLinksMatch.URLVerdict.Verdict
    /// The verdict after.
    public var new: AssetLinksMatch.URLVerdict.Verdict
    /// True when the URL was generated from a pattern rather than given.
    public var isWitness: Bool
  }

  /// The changes: delegations first, in file order, then URL verdicts, app by app.
  public static func compare(
    old: AssetLinksDocument, new: AssetLinksDocument, urls: [AASAURL], host: String = "example.com"
  ) -> [Change] {
    let before = apps(old)
    let after = apps(new)
    var changes: [Change] = []
    for app in before where !after.contains(app) {
      changes.append(
        Change(
          packageName: app.packageName, fingerprint: app.fingerprint, url: nil, old: .noDynamicRules,
          new: .notDelegated, isWitness: false))
    }
    for app in after where !before.contains(app) {
      changes.append(
        Change(
          packageName: app.packageName, fingerprint: app.fingerprint, url: nil, old: .notDelegated,
          new: .noDynamicRules, isWitness: false))
    }
    var seen = Set(urls.map(\.text))
    var candidates = urls.map { ($0, false) }
    for text in witnesses(old, host: host) + witnesses(new, host: host) where seen.insert(text).inserted {
      if case .success(let url) = AASAURL.parse(text) { candidates.append((url, true)) }
    }
    for app in before where after.contains(app) {
      let o = AssetLinksMatcher.match(
        old, packageName: app.packageName, fingerprint: app.fingerprint, urls: candidates.map(\.0))
      let n = AssetLinksMatcher.match(
        new, packageName: app.packageName, fingerprint: app.fingerprint, urls: candidates.map(\.0))
      for (i, (url, isWitness)) in candidates.enumerated() where o.urls[i].verdict != n.urls[i].verdict {
        changes.append(
          Change(
            packageName: app.packageName, fingerprint: app.fingerprint, url: url.text, old: o.urls[i].verdict,
            new: n.urls[i].verdict,
            isWitness: isWitness))
      }
    }
    return changes
  }

  /// An app: a package name and one of its certificates' fingerprints.
  struct App: Hashable {
    var packageName: String
    var fingerprint: String
  }

  /// The (package, fingerprint) pairs granted `handle_all_urls`, in file order, each once.
  static func apps(_ document: AssetLinksDocument) -> [App] {
    var out: [App] = []
    var seen: Set<String> = []
    for statement in document.statements where statement.handlesAllURLs {
      guard case .androidApp(let name, let fingerprints)? = statement.target else { continue }
      for fingerprint in fingerprints where seen.insert(name + " " + fingerprint).inserted {
        out.append(App(packageName: name, fingerprint: fingerprint))
      }
    }
    return out
  }

  /// URLs on `host` that the document's dynamic components match, in file order.
  public static func witnesses(_ document: AssetLinksDocument, host: String) -> [String] {
    var out: [String] = []
    var seen: Set<String> = []
    for component in document.statements.flatMap({ $0.components ?? [] }) {
      for star in ["", "x"] {
        let path = component.path.map { AASAPattern($0, variables: nil).witness(starAs: star) } ?? "/"
        var text = "https://\(host)" + AASADiff.encode(path.hasPrefix("/") ? path : "/" + path, keeping: "/")
        if let items = component.query, !items.isEmpty {
          text +=
            "?"
            + items.map {
              AASADiff.encode($0.name, keeping: "")
                + "="
                + AASADiff.encode(AASAPattern($0.pattern, variables: nil).witness(starAs: star), keeping: "")
            }.joined(separator: "&")
        }
        if let fragment = component.fragment {
          text +=
            "#" + AASADiff.encode(AASAPattern(fragment, variables: nil).witness(starAs: star), keeping: "/?")
        }
        if seen.insert(text).inserted { out.append(text) }
      }
    }
    return out
  }
}
