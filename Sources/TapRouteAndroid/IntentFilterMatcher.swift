import Foundation
import TapRouteAASA

/// Matches URLs against a manifest's intent filters as Android resolves a web intent.
///
/// A web intent is `ACTION_VIEW` with `CATEGORY_BROWSABLE` (a browser adds it) and
/// `CATEGORY_DEFAULT` (`startActivity` adds it), and an http(s) URL; a filter accepts it when it
/// lists the action and both categories (AND-4), and its data accepts the URL as AOSP
/// `IntentFilter.matchData` decides: the scheme among the filter's schemes; if the filter has
/// hosts, the host among them (case-insensitive, `*` wildcard, port compared when written); if
/// it has paths or (API 35+) relative groups, the path matches a path rule or the first group
/// that matches the URL allows it (AND-11, AND-12). A filter with a `mimeType` never accepts a
/// URL alone. Android 13+ starts an activity only through a filter it matches (AND-43).
///
/// The `--manifest` option of `taproute assetlinks match` should read the file with
/// ``AndroidManifest/read(_:file:)`` and call ``match(_:apiLevel:)`` per URL, then
/// ``verification()`` for the hosts the filters ask Android to verify.
public struct IntentFilterMatcher: Sendable {
  /// The manifest matched against.
  public var manifest: AndroidManifest

  /// A matcher over `manifest`'s filters.
  public init(_ manifest: AndroidManifest) { self.manifest = manifest }

  /// Every filter of every activity against `url` on a device of `apiLevel` (35, Android 15, by
  /// default): which accept it as a browsable web intent, and why each other one does not.
  public func match(_ url: String, apiLevel: Int = 35) -> IntentFilterMatch {
    var result = IntentFilterMatch(url: url, results: [], diagnostics: [])
    guard let target = WebURL(url) else {
      result.diagnostics.append(
        Diagnostic(
          file: "", code: .manifestBadURL,
          message: "\"\(url)\" is not an absolute http or https URL with a host"))
      return result
    }
    for activity in manifest.activities {
      for (index, filter) in activity.intentFilters.enumerated() {
        result.results.append(
          judge(filter, index: index, of: activity, target: target, apiLevel: apiLevel))
      }
    }
    return result
  }

  private func judge(
    _ filter: IntentFilter, index: Int, of activity: AndroidManifest.Activity, target: WebURL, apiLevel: Int
  ) -> IntentFilterMatch.FilterResult {
    var reasons: [String] = []
    if activity.enabled == false { reasons.append("the activity is android:enabled=\"false\"") }
    if !filter.actions.contains(IntentFilter.actionView) {
      reasons.append("no <action android:name=\"\(IntentFilter.actionView)\"> (AND-4)")
    }
    for category in [IntentFilter.categoryBrowsable, IntentFilter.categoryDefault]
    where !filter.categories.contains(category) {
      reasons.append("no <category android:name=\"\(category)\">: a web intent carries it (AND-4)")
    }
    var why: [String] = []
    if let data = matchData(filter, target: target, apiLevel: apiLevel, why: &why) {
      reasons.append(data)
    }
    let accepts = reasons.isEmpty
    let shape = IntentFilterMatcher.shapeProblems(filter)
    return IntentFilterMatch.FilterResult(
      activity: manifest.qualifiedName(activity.name), activityLocation: activity.location,
      filterIndex: index,
      filterLocation: filter.location, accepts: accepts, autoVerify: filter.autoVerify,
      verifiable: accepts && filter.autoVerify && shape.isEmpty, reasons: accepts ? why : reasons)
  }

  /// Nil when the filter's data accepts `target` (with `why` saying how), else why not.
  private func matchData(_ filter: IntentFilter, target: WebURL, apiLevel: Int, why: inout [String])
    -> String?
  {
    if !filter.mimeTypes.isEmpty {
      return "the filter has android:mimeType \(filter.mimeTypes.joined(separator: ", ")): a link has no type"
    }
    let schemes = filter.schemes
    guard schemes.contains(target.scheme) else {
      return schemes.isEmpty
        ? "the filter has no android:scheme, so it accepts no URL"
        : "scheme \(target.scheme) is not among the filter's schemes (\(schemes.joined(separator: ", ")))"
    }
    why.append("scheme \(target.scheme)")
    let authorities = filter.authorities
    guard !authorities.isEmpty else {
      why.append("no host written: any host")
      return nil
    }
    guard let authority = authorities.first(where: { Self.accepts($0, target) }) else {
      let listed = authorities.map(\.description).joined(separator: ", ")
      return "host \(target.hostAndPort) is none of the filter's hosts (\(listed))"
    }
    why.append("host \(authority)")
    let paths = filter.paths.filter { $0.minimumAPILevel <= apiLevel }
    let groups = apiLevel >= 35 ? filter.relativeGroups : []
    guard !paths.isEmpty || !groups.isEmpty else {
      why.append("no path rule: any path")
      return nil
    }
    if let rule = paths.first(where: { $0.matches(target.path) }) {
      why.append(
        "path \(target.path.isEmpty ? "(empty)" : target.path) matches \(rule.attribute("path")) \"\(rule.pattern)\""
      )
      return nil
    }
    // The first group that matches decides (AOSP `UriRelativeFilterGroup.matchGroupsToUri`).
    if let (index, group) = groups.enumerated().first(where: { Self.matches($0.element, target) }) {
      if group.allow {
        why.append(
          "<uri-relative-filter-group> \(index + 1) (line \(group.location.line)) allows it (AND-12)")
        return nil
      }
      return "<uri-relative-filter-group android:allow=\"false\"> \(index + 1) (line \(group.location.line)) "
        + "blocks it (AND-11)"
    }
    let ignored = filter.paths.filter { $0.minimumAPILevel > apiLevel }
    var reason =
      "path \(target.path.isEmpty ? "(empty)" : target.path) matches none of the filter's path rules"
    if !groups.isEmpty { reason += " and no <uri-relative-filter-group>" }
    if !ignored.isEmpty {
      reason += " (API \(apiLevel) ignores \(ignored.map { $0.attribute("path") }.joined(separator: ", ")))"
    }
    return reason
  }

  /// AOSP `IntentFilter.AuthorityEntry.match`: a wildcard host matches any host that ends in the
  /// rest, compared without case; a written port must equal the URL's written port.
  static func accepts(_ authority: IntentFilter.Authority, _ target: WebURL) -> Bool {
    if let port = authority.port, port != target.port { return false }
    let host = authority.isWildcard ? String(authority.host.dropFirst()) : authority.host
    if authority.isWildcard {
      return target.host.lowercased().hasSuffix(host.lowercased())
    }
    return target.host.lowercased() == host.lowercased()
  }

  /// A group matches when every rule of every `<data>` in it matches (AND-12): paths against the
  /// path, queries against any one `&`-separated parameter, fragments against the fragment.
  static func matches(_ group: IntentFilter.RelativeGroup, _ target: WebURL) -> Bool {
    group.data.allSatisfy { data in
      data.paths.allSatisfy { $0.matches(target.path) }
        && data.queries.allSatisfy { rule in target.queryParameters.contains { rule.matches($0) } }
        && data.fragments.allSatisfy { rule in target.fragment.map { rule.matches($0) } ?? false }
    }
  }

  /// Why an `autoVerify` filter is not of the shape Android 12+ verifies (AND-7, AND-8): it must
  /// have `ACTION_VIEW`, `BROWSABLE` and `DEFAULT`, http or https schemes only (AND-6), and a host.
  static func shapeProblems(_ filter: IntentFilter) -> [String] {
    var problems: [String] = []
    if !filter.actions.contains(IntentFilter.actionView) { problems.append("no action VIEW") }
    if !filter.categories.contains(IntentFilter.categoryBrowsable) {
      problems.append("no category BROWSABLE")
    }
    if !filter.categories.contains(IntentFilter.categoryDefault) { problems.append("no category DEFAULT") }
    let schemes = filter.schemes
    if !schemes.contains(where: { $0 == "http" || $0 == "https" }) {
      problems.append("no http or https scheme")
    }
    let custom = schemes.filter { $0 != "http" && $0 != "https" }
    if !custom.isEmpty { problems.append("other schemes (\(custom.joined(separator: ", ")))") }
    if filter.authorities.isEmpty { problems.append("no android:host") }
    return problems
  }
}

/// The parts of an http(s) URL an intent filter reads, decoded as Android's `Uri.getPath()`,
/// `getQuery()` and `getFragment()` return them.
struct WebURL: Sendable {
  var scheme: String
  var host: String
  var port: Int?
  var path: String
  var query: String?
  var fragment: String?

  init?(_ text: String) {
    guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
    else { return nil }
    self.scheme = scheme
    self.host = host
    self.port = components.port
    self.path = components.path
    self.query = components.query
    self.fragment = components.fragment
  }

  var hostAndPort: String { port.map { "\(host):\($0)" } ?? host }

  /// AOSP `UriRelativeFilter.matchQuery`: the query split on `&`, or on `;` when it has no `&`.
  var queryParameters: [String] {
    guard let query else { return [] }
    let byAmpersand = query.split(separator: "&", omittingEmptySubsequences: false)
    let parts =
      byAmpersand.count == 1 ? query.split(separator: ";", omittingEmptySubsequences: false) : byAmpersand
    return parts.map(String.init)
  }
}

/// What ``IntentFilterMatcher/match(_:apiLevel:)`` found for one URL.
public struct IntentFilterMatch: Sendable {
  /// The URL as given.
  public var url: String
  /// Every filter of every activity, in source order, with whether it accepts the URL and why.
  public var results: [FilterResult]
  /// A URL that is not an absolute http(s) URL (TR830); then there are no results.
  public var diagnostics: [Diagnostic]

  /// The filters that accept the URL as a browsable web intent.
  public var accepting: [FilterResult] { results.filter(\.accepts) }
  /// The accepting filters Android would verify against `assetlinks.json` (AND-6, AND-7): the URL
  /// can open the app without a chooser once their hosts verify.
  public var verifiable: [FilterResult] { results.filter(\.verifiable) }

  /// One filter's verdict.
  public struct FilterResult: Sendable, Hashable {
    /// The activity's class name, qualified with the package.
    public var activity: String
    /// Where the activity element starts.
    public var activityLocation: SourcePosition
    /// The filter's index among the activity's filters, from 0.
    public var filterIndex: Int
    /// Where the filter element starts.
    public var filterLocation: SourcePosition
    /// The filter accepts the URL as a browsable web intent.
    public var accepts: Bool
    /// The filter has `android:autoVerify="true"`.
    public var autoVerify: Bool
    /// It accepts, has `autoVerify` and is of the exact shape Android 12+ verifies (AND-7).
    public var verifiable: Bool
    /// When it accepts, what matched (scheme, host, path rule); otherwise why not.
    public var reasons: [String]
  }
}
