import Foundation
import TapRouteAASA

/// The invariants the `assetlinks` and `manifest` fuzz targets check (Fuzz/assetlinks.swift,
/// Fuzz/manifest.swift), on one input each; the fuzz regression test replays the kept inputs
/// through them. TapRouteTools' `SelfCheck` holds the other targets' checks: this module is
/// not one it depends on.
///
/// Each returns the problems it found (empty when the input is handled correctly). An input
/// that crashes or traps in any of these is a bug by definition: bad input must yield a
/// diagnostic.
package enum AndroidSelfCheck {
  /// The package and fingerprint of `Examples/android/assetlinks.json`, matched against every
  /// file read.
  package static let packageName = "com.example.app"
  package static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  /// `Examples/android/assetlinks.json`, which every file read is compared with (nil only if
  /// the reader refused it, which the check then reports instead of comparing).
  package static let fixedAssetLinks: AssetLinksDocument? = {
    let text = """
      [{"relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "android_app", "package_name": "com.example.app",
          "sha256_cert_fingerprints": ["\(fingerprint)"]},
        "relation_extensions": {"delegate_permission/common.handle_all_urls": {
          "dynamic_app_link_components": [{"/": "/item/draft/*", "exclude": true}, {"/": "/item/*"}]}}}]
      """
    return (try? AssetLinksDocument.read(Array(text.utf8), file: "fixed"))?.document
  }()

  // MARK: - assetlinks.json

  /// Checks one input as an assetlinks.json file: reading never traps and locates every
  /// problem inside the file; what it reads is consistent (statement indices increasing,
  /// fingerprints canonical); matching a fixed app and the file's own first app against URLs
  /// taken from the input and from the file's dynamic components gives verdicts whose
  /// statement and component indices are in range and agree with the delegation and the
  /// steps; matching is deterministic; a file compared with itself changes nothing, and its
  /// comparison with a fixed file agrees with the matcher and with the reverse comparison.
  package static func assetLinks(_ bytes: [UInt8]) -> [String] {
    var problems: [String] = []
    let lines = lineLengths(bytes)
    let check: AssetLinksCheck
    do throws(DiagnosticsError) {
      check = try AssetLinksDocument.read(bytes, file: "input")
    } catch {
      if error.diagnostics.isEmpty { problems.append("the reader threw no diagnostic") }
      problems += located(error.diagnostics, lines: lines, what: "a thrown")
      return problems
    }
    problems += located(check.diagnostics, lines: lines, what: "a")
    let document = check.document
    if document.byteCount != bytes.count {
      problems.append("byteCount \(document.byteCount) of \(bytes.count)")
    }
    if let again = try? AssetLinksDocument.read(bytes, file: "input") {
      if again.document != document || again.diagnostics != check.diagnostics {
        problems.append("reading twice gives different documents")
      }
    } else {
      problems.append("the file reads once, then throws")
    }
    problems += statementProblems(document)

    var urls: [AASAURL] = []
    var seen: Set<String> = []
    let text = String(decoding: bytes.prefix(AASAURL.maximumLength), as: UTF8.self)
    let derived =
      [text, "https://example.com/" + AASADiff.encode(text, keeping: "/?#=&")]
      + AssetLinksDiff.witnesses(document, host: "example.com").prefix(20)
    for candidate in derived where seen.insert(candidate).inserted {
      if case .success(let url) = AASAURL.parse(candidate) { urls.append(url) }
    }
    var apps = [(packageName, fingerprint)]
    for app in AssetLinksDiff.apps(document).prefix(2) { apps.append((app.packageName, app.fingerprint)) }
    for (name, print) in apps {
      let result = AssetLinksMatcher.match(document, packageName: name, fingerprint: print, urls: urls)
      problems += matchProblems(result, document: document, urls: urls)
      if AssetLinksMatcher.match(document, packageName: name, fingerprint: print, urls: urls) != result {
        problems.append("\(name): matching twice gives different answers")
      }
    }

    let same = AssetLinksDiff.compare(old: document, new: document, urls: urls)
    if !same.isEmpty { problems.append("a file compared with itself changes \(same.count) verdicts") }
    if let fixed = fixedAssetLinks {
      problems += diffProblems(old: fixed, new: document, urls: urls)
    } else {
      problems.append("the fixed assetlinks.json does not read")
    }
    return problems
  }

  /// The statements' indices, fingerprints, components and delegated packages.
  static func statementProblems(_ document: AssetLinksDocument) -> [String] {
    var problems: [String] = []
    let indices = document.statements.map(\.index)
    if zip(indices, indices.dropFirst()).contains(where: { $0 >= $1 }) || (indices.first ?? 0) < 0 {
      problems.append("statement indices \(indices) are not increasing from 0")
    }
    var delegated: [String] = []
    for statement in document.statements {
      if case .androidApp(let name, let fingerprints)? = statement.target {
        for print in fingerprints where CertificateFingerprint.check(print).canonical != print {
          problems.append("$[\(statement.index)]: fingerprint \(print) is not canonical")
        }
        if Set(fingerprints).count != fingerprints.count {
          problems.append("$[\(statement.index)]: a fingerprint listed twice")
        }
        if statement.handlesAllURLs && !delegated.contains(name) { delegated.append(name) }
      }
    }
    if document.delegatedPackages != delegated {
      problems.append("delegatedPackages \(document.delegatedPackages) is not \(delegated)")
    }
    return problems
  }

  /// A match's delegation and verdicts, checked against the document.
  static func matchProblems(_ result: AssetLinksMatch, document: AssetLinksDocument, urls: [AASAURL])
    -> [String]
  {
    var problems: [String] = []
    let name = result.packageName
    let byIndex = Dictionary(document.statements.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
    func grants(_ statement: AssetLinksDocument.Statement) -> [String]? {
      guard statement.handlesAllURLs, case .androidApp(let package, let prints)? = statement.target,
        package == name
      else { return nil }
      return prints
    }
    let delegating = document.statements.filter { grants($0) != nil }
    let signed = delegating.filter { grants($0)?.contains(result.fingerprint) == true }
    var delegatedIndex: Int?
    switch result.delegation {
    case .delegated(let index):
      delegatedIndex = index
      if index != signed.first?.index {
        problems.append(
          "\(name): delegated by $[\(index)], but the first signed statement is \(signed.map(\.index))")
      }
    case .otherFingerprints(let indices):
      if indices.isEmpty || indices != delegating.map(\.index) || !signed.isEmpty {
        problems.append(
          "\(name): otherFingerprints \(indices) for delegating statements \(delegating.map(\.index))")
      }
    case .notListed:
      if !delegating.isEmpty {
        problems.append("\(name): notListed, but \(delegating.map(\.index)) delegate")
      }
    }
    guard result.urls.count == urls.count else {
      return problems + ["\(name): \(result.urls.count) verdicts for \(urls.count) URLs"]
    }
    let ruled = signed.first { $0.components != nil }
    for (url, verdict) in zip(urls, result.urls) {
      let at = "\(name) \(url.text)"
      if verdict.url != url.text { problems.append("\(at): the verdict is for \(verdict.url)") }
      if verdict.explanation.isEmpty { problems.append("\(at): no explanation") }
      guard let delegatedIndex else {
        if verdict.verdict != .notDelegated || verdict.statement != nil || !verdict.steps.isEmpty {
          problems.append("\(at): \(verdict.verdict) for an app the file does not delegate to")
        }
        continue
      }
      if verdict.verdict == .notDelegated {
        problems.append("\(at): notDelegated, but $[\(delegatedIndex)] delegates")
        continue
      }
      guard let index = verdict.statement, let statement = byIndex[index] else {
        problems.append("\(at): statement \(verdict.statement.map(String.init) ?? "nil") is no statement")
        continue
      }
      if !signed.contains(where: { $0.index == index }) {
        problems.append("\(at): $[\(index)] does not delegate to the app")
      }
      guard let components = statement.components else {
        if verdict.verdict != .noDynamicRules || index != delegatedIndex || ruled != nil
          || !verdict.steps.isEmpty || verdict.component != nil
        {
          problems.append("\(at): \(verdict.verdict) from $[\(index)], which has no dynamic rules")
        }
        continue
      }
      if index != ruled?.index { problems.append("\(at): decided by $[\(index)], not the first with rules") }
      let steps = verdict.steps
      if steps.map(\.component) != Array(steps.indices) || steps.count > components.count {
        problems.append("\(at): steps \(steps.map(\.component)) for \(components.count) components")
        continue
      }
      for step in steps {
        let component = components[step.component]
        if step.exclude != component.exclude { problems.append("\(at): step \(step.component)'s exclude") }
        let missed = AssetLinksMatcher.miss(component, url)
        if step.matched != (missed == nil) || step.failedPart != missed?.part {
          problems.append("\(at): step \(step.component) disagrees with the component")
        }
        if step.matched != (step.failedPart == nil) || step.matched != (step.reason == nil) {
          problems.append("\(at): step \(step.component) matched \(step.matched) with a failed part")
        }
      }
      if steps.dropLast().contains(where: \.matched) {
        problems.append("\(at): a step matched before the last")
      }
      switch verdict.verdict {
      case .allowed, .excluded:
        guard let last = steps.last, last.matched, let decided = verdict.component,
          decided == last.component, components.indices.contains(decided)
        else {
          problems.append(
            "\(at): \(verdict.verdict) by component \(verdict.component.map(String.init) ?? "nil")")
          continue
        }
        if components[decided].exclude != (verdict.verdict == .excluded) {
          problems.append(
            "\(at): \(verdict.verdict) by a component whose exclude is \(components[decided].exclude)")
        }
      case .unmatched:
        if steps.count != components.count || steps.contains(where: \.matched) || verdict.component != nil {
          problems.append("\(at): unmatched, but \(steps.count) of \(components.count) steps")
        }
      case .noDynamicRules, .notDelegated:
        problems.append("\(at): \(verdict.verdict) from $[\(index)], which has dynamic rules")
      }
    }
    return problems
  }

  /// The comparison of two files: each change agrees with the matcher on either file, and the
  /// reverse comparison has the same changes, the other way round.
  static func diffProblems(old: AssetLinksDocument, new: AssetLinksDocument, urls: [AASAURL]) -> [String] {
    var problems: [String] = []
    let changes = AssetLinksDiff.compare(old: old, new: new, urls: urls)
    let reverse = AssetLinksDiff.compare(old: new, new: old, urls: urls)
    struct Key: Hashable {
      var packageName, fingerprint: String
      var url: String?
      var old, new: AssetLinksMatch.URLVerdict.Verdict
    }
    let forward = Set(
      changes.map {
        Key(packageName: $0.packageName, fingerprint: $0.fingerprint, url: $0.url, old: $0.old, new: $0.new)
      })
    let backward = Set(
      reverse.map {
        Key(packageName: $0.packageName, fingerprint: $0.fingerprint, url: $0.url, old: $0.new, new: $0.old)
      })
    if forward != backward || forward.count != changes.count {
      problems.append(
        "the comparison with the fixed file and its reverse disagree: \(changes.count) and \(reverse.count) changes"
      )
    }
    let oldApps = AssetLinksDiff.apps(old)
    let newApps = AssetLinksDiff.apps(new)
    for change in changes.prefix(20) {
      let app = AssetLinksDiff.App(packageName: change.packageName, fingerprint: change.fingerprint)
      guard let text = change.url else {
        let expected: (AssetLinksMatch.URLVerdict.Verdict, AssetLinksMatch.URLVerdict.Verdict)? =
          oldApps.contains(app) && !newApps.contains(app)
          ? (.noDynamicRules, .notDelegated)
          : !oldApps.contains(app) && newApps.contains(app) ? (.notDelegated, .noDynamicRules) : nil
        if expected.map({ $0 != change.old || $1 != change.new }) ?? true {
          problems.append("\(change.packageName): a delegation change for an app in both files or neither")
        }
        continue
      }
      if change.old == change.new { problems.append("\(text): a change from \(change.old) to itself") }
      guard case .success(let url) = AASAURL.parse(text) else {
        problems.append("\(text): a changed URL that does not parse")
        continue
      }
      let before = AssetLinksMatcher.match(
        old, packageName: app.packageName, fingerprint: app.fingerprint, urls: [url])
      let after = AssetLinksMatcher.match(
        new, packageName: app.packageName, fingerprint: app.fingerprint, urls: [url])
      if before.urls.first?.verdict != change.old || after.urls.first?.verdict != change.new {
        problems.append("\(text): the change \(change.old) -> \(change.new) is not what the matcher says")
      }
    }
    return problems
  }

  // MARK: - AndroidManifest.xml

  /// Checks one input as an AndroidManifest.xml: reading never traps and locates every problem
  /// inside the file, and reads the same twice; matching URLs built from the input and from each
  /// filter's own scheme, host and path rules gives one result per filter, in order, each
  /// accepting only with the action, categories and scheme a web intent needs, and accepting
  /// the URL built from its own literal or prefix path; a verifiable result has a host
  /// ``IntentFilterMatcher/verification()`` verifies; the verified hosts are among the hosts, and
  /// both come from `autoVerify` filters.
  package static func manifest(_ bytes: [UInt8]) -> [String] {
    var problems: [String] = []
    let lines = lineLengths(bytes)
    let check: AndroidManifestCheck
    do throws(DiagnosticsError) {
      check = try AndroidManifest.read(bytes, file: "input")
    } catch {
      if error.diagnostics.isEmpty { problems.append("the reader threw no diagnostic") }
      problems += located(error.diagnostics, lines: lines, what: "a thrown")
      return problems
    }
    problems += located(check.diagnostics, lines: lines, what: "a")
    let manifest = check.manifest
    if let again = try? AndroidManifest.read(bytes, file: "input") {
      if again.manifest != manifest || again.diagnostics != check.diagnostics {
        problems.append("reading twice gives different manifests")
      }
    } else {
      problems.append("the manifest reads once, then throws")
    }
    for activity in manifest.activities {
      for filter in activity.intentFilters {
        for rule in filter.paths
          + filter.relativeGroups.flatMap({ $0.data.flatMap { $0.paths + $0.queries + $0.fragments } })
        where rule.location.line < 1 || rule.location.line > lines.count {
          problems.append("the rule \(rule) is located outside the file, at \(rule.location)")
        }
      }
    }

    let matcher = IntentFilterMatcher(manifest)
    let verification = matcher.verification()
    problems += verificationProblems(verification, manifest: manifest)

    // URLs: the input itself, a fixed one, and for the first filters, one per scheme, host and
    // literal or prefix path rule, each expected to be accepted by the filter it comes from.
    let text = String(decoding: bytes.prefix(2048), as: UTF8.self)
    // `expected`: the index of the filter (counted over all activities) that must accept it.
    var urls: [(url: String, expected: Int?)] = [(text, nil), ("https://example.com/item/1?q=a#top", nil)]
    var counted = 0
    for activity in manifest.activities {
      for filter in activity.intentFilters {
        if counted < 12 {
          for url in built(filter).prefix(2) {
            urls.append((url, acceptable(filter, of: activity) ? counted : nil))
          }
        }
        counted += 1
      }
    }
    let filterCount = manifest.activities.reduce(0) { $0 + $1.intentFilters.count }
    for (url, expected) in urls.prefix(24) {
      for apiLevel in [25, 35] {
        let result = matcher.match(url, apiLevel: apiLevel)
        let at = "\(url) (API \(apiLevel))"
        if matcher.match(url, apiLevel: apiLevel).results != result.results {
          problems.append("\(at): matching twice gives different results")
        }
        guard let target = WebURL(url) else {
          if !result.results.isEmpty || result.diagnostics.count != 1 {
            problems.append("\(at): not a web URL, yet \(result.results.count) results")
          }
          continue
        }
        if !result.diagnostics.isEmpty || result.results.count != filterCount {
          problems.append("\(at): \(result.results.count) results for \(filterCount) filters")
          continue
        }
        var i = 0
        for activity in manifest.activities {
          for (f, filter) in activity.intentFilters.enumerated() {
            problems += resultProblems(
              result.results[i], filter: filter, index: f, of: activity, manifest: manifest, target: target,
              at: at)
            if apiLevel == 35, expected == i, !result.results[i].accepts {
              problems.append(
                "\(at): built from filter \(f) of \(activity.name), which does not accept it: "
                  + result.results[i].reasons.joined(separator: "; "))
            }
            i += 1
          }
        }
        for verifiable in result.verifiable
        where !verification.verifiedHosts.contains(where: {
          IntentFilterMatcher.accepts(IntentFilter.Authority(host: $0), target)
        }) {
          problems.append(
            "\(at): \(verifiable.activity) is verifiable, but no verified host is \(target.host)")
        }
      }
    }
    return problems
  }

  /// One filter's result, checked against the filter.
  static func resultProblems(
    _ result: IntentFilterMatch.FilterResult, filter: IntentFilter, index: Int,
    of activity: AndroidManifest.Activity, manifest: AndroidManifest, target: WebURL, at: String
  ) -> [String] {
    var problems: [String] = []
    let place = "\(at), filter \(index) of \(activity.name)"
    if result.filterIndex != index || result.activity != manifest.qualifiedName(activity.name)
      || result.filterLocation != filter.location || result.autoVerify != filter.autoVerify
    {
      problems.append("\(place): the result is for filter \(result.filterIndex) of \(result.activity)")
    }
    if result.reasons.isEmpty { problems.append("\(place): no reason given") }
    if result.verifiable
      && (!result.accepts || !filter.autoVerify || !IntentFilterMatcher.shapeProblems(filter).isEmpty)
    {
      problems.append("\(place): verifiable, but not an accepting autoVerify filter of the shape")
    }
    if result.accepts {
      if activity.enabled == false || !filter.actions.contains(IntentFilter.actionView)
        || !filter.categories.contains(IntentFilter.categoryBrowsable)
        || !filter.categories.contains(IntentFilter.categoryDefault) || !filter.mimeTypes.isEmpty
        || !filter.schemes.contains(target.scheme)
      {
        problems.append("\(place): accepts without the action, categories or scheme of a web intent")
      }
      let authorities = filter.authorities
      if !authorities.isEmpty && !authorities.contains(where: { hostMatches($0, target) }) {
        problems.append("\(place): accepts host \(target.hostAndPort), none of \(authorities)")
      }
    }
    return problems
  }

  /// The hosts and verified hosts, each once, from `autoVerify` filters; every verified host
  /// among the hosts.
  static func verificationProblems(_ verification: IntentFilterVerification, manifest: AndroidManifest)
    -> [String]
  {
    var problems: [String] = []
    let filters = manifest.activities.flatMap(\.intentFilters).filter(\.autoVerify)
    let web = filters.filter { $0.schemes.contains { $0 == "http" || $0 == "https" } }
    if Set(verification.hosts).count != verification.hosts.count
      || Set(verification.verifiedHosts).count != verification.verifiedHosts.count
    {
      problems.append("verification lists a host twice: \(verification.hosts), \(verification.verifiedHosts)")
    }
    for host in verification.hosts where !web.contains(where: { $0.authorities.contains { $0.host == host } })
    {
      problems.append("verification's host \(host) is in no http(s) autoVerify filter")
    }
    for host in verification.verifiedHosts where !verification.hosts.contains(host) {
      problems.append("verified host \(host) is not among the hosts")
    }
    for diagnostic in verification.diagnostics where diagnostic.file != manifest.file {
      problems.append("a verification diagnostic names the file \(diagnostic.file)")
    }
    return problems
  }

  /// URLs for a filter's http(s) schemes, first host and literal or prefix path rules (or `/`
  /// when it has none), the path percent-encoded.
  static func built(_ filter: IntentFilter) -> [String] {
    guard let authority = filter.authorities.first else { return [] }
    var host = authority.host
    if authority.isWildcard { host = "x" + host.dropFirst() }
    guard !host.isEmpty, host.utf8.allSatisfy({ isUnreserved($0) }) else { return [] }
    let origin = host + (authority.port.map { ":\($0)" } ?? "")
    var paths = filter.paths.filter {
      ($0.kind == .literal || $0.kind == .prefix) && $0.pattern.hasPrefix("/")
    }
    .map(\.pattern)
    if filter.paths.isEmpty && filter.relativeGroups.isEmpty { paths = ["/"] }
    var out: [String] = []
    for scheme in filter.schemes where scheme == "http" || scheme == "https" {
      for path in paths.prefix(2) { out.append("\(scheme)://\(origin)\(encoded(path))") }
    }
    return out
  }

  /// Whether a web intent could reach the filter at all: the action, both categories, no type,
  /// an enabled activity; then a URL built from the filter's own parts must be accepted.
  static func acceptable(_ filter: IntentFilter, of activity: AndroidManifest.Activity) -> Bool {
    activity.enabled != false && filter.actions.contains(IntentFilter.actionView)
      && filter.categories.contains(IntentFilter.categoryBrowsable)
      && filter.categories.contains(IntentFilter.categoryDefault) && filter.mimeTypes.isEmpty
  }

  /// Whether `target`'s host and port are the authority's, ASCII letters compared without case
  /// (the manifest's own reading, written again here).
  static func hostMatches(_ authority: IntentFilter.Authority, _ target: WebURL) -> Bool {
    if let port = authority.port, port != target.port { return false }
    let host = target.host.lowercased()
    if authority.isWildcard { return host.hasSuffix(authority.host.dropFirst().lowercased()) }
    return host == authority.host.lowercased()
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  /// `path` with every byte but unreserved ones and `/` percent-encoded.
  static func encoded(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      if isUnreserved(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: "~")
      {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out +=
          "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
      }
    }
    return out
  }

  // MARK: - Locations

  /// The length in bytes of each line of `bytes`.
  static func lineLengths(_ bytes: [UInt8]) -> [Int] {
    var lengths: [Int] = []
    var start = 0
    for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      lengths.append(i - start)
      start = i + 1
    }
    lengths.append(bytes.count - start)
    return lengths
  }

  /// Each diagnostic located at a line of the file and a column no further than its end.
  static func located(_ diagnostics: [Diagnostic], lines: [Int], what: String) -> [String] {
    diagnostics.compactMap { diagnostic in
      guard let location = diagnostic.location else {
        return "\(what) diagnostic without a location: \(diagnostic.message)"
      }
      guard diagnostic.file == "input", (1...lines.count).contains(location.line),
        (1...(lines[location.line - 1] + 1)).contains(location.column)
      else {
        return
          "\(what) diagnostic at \(location.line):\(location.column), outside the file: \(diagnostic.message)"
      }
      return nil
    }
  }
}
