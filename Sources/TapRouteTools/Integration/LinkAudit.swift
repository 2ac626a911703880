import Foundation
@_spi(Generated) import TapRoute
import TapRouteAASA

/// What TapRoute reads from an app's entitlements file (a property list).
package struct Entitlements: Sendable, Hashable {
  package var file: String
  /// `com.apple.developer.associated-domains`: `service:domain[?mode=...]` (U-20).
  package var associatedDomains: [String]
  /// `application-identifier` (`TEAMID.bundle.id`), when present.
  package var applicationIdentifier: String?
  /// `com.apple.developer.team-identifier`, when present.
  package var teamIdentifier: String?

  /// Reads an entitlements plist (XML or binary); TR720 for a malformed file or a key of the
  /// wrong type.
  package static func read(_ bytes: [UInt8], file: String) throws(DiagnosticsError) -> Entitlements {
    func refuse(_ message: String, path: String = "") -> DiagnosticsError {
      DiagnosticsError([Diagnostic(file: file, path: path, code: .entitlementsUnreadable, message: message)])
    }
    if let problem = BinaryPlistCheck.problem(in: bytes) {
      throw refuse("not a readable property list (XML or binary): \(problem)")
    }
    let root: Any
    do {
      var format = PropertyListSerialization.PropertyListFormat.xml
      root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
    } catch {
      let reason =
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
      throw refuse("not a readable property list (XML or binary): \(reason)")
    }
    guard let dict = root as? [String: Any] else { throw refuse("the top level is not a dictionary") }
    let key = "com.apple.developer.associated-domains"
    var domains: [String] = []
    if let value = dict[key] {
      guard let strings = value as? [String] else { throw refuse("expected an array of strings", path: key) }
      domains = strings
    }
    for k in ["application-identifier", "com.apple.developer.team-identifier"] where dict[k] != nil {
      if !(dict[k] is String) { throw refuse("expected a string", path: k) }
    }
    return Entitlements(
      file: file, associatedDomains: domains,
      applicationIdentifier: dict["application-identifier"] as? String,
      teamIdentifier: dict["com.apple.developer.team-identifier"] as? String)
  }
}

/// Cross-checks an app's associated domains, its AASA files and its Info.plist: the checks no
/// single file shows (U-20 to U-24, U-74, and the AASA file's own checks).
package enum LinkAudit {
  /// The most `LSApplicationQueriesSchemes` an app linked on iOS 15 or later may list (U-74).
  package static let maximumQueriesSchemes = 50

  /// One `applinks:` entitlement entry, split.
  struct Domain {
    var entry: String
    var host: String
    var isWildcard: Bool
    var mode: String?
    var port: String?
    var hasPath: Bool
  }

  /// The hosts whose files `audit --fetch` fetches: each entry's domain, a wildcard's apex.
  package static func hosts(_ entitlements: Entitlements) -> [String] {
    var seen: Set<String> = []
    return entitlements.associatedDomains.compactMap(parse).map(\.host).filter {
      !$0.isEmpty && DomainReport.refusal($0) == nil && seen.insert($0).inserted
    }
  }

  static func parse(_ entry: String) -> Domain? {
    guard entry.hasPrefix("applinks:") else { return nil }
    var rest = Substring(entry.dropFirst("applinks:".count))
    var mode: String?
    if let q = rest.firstIndex(of: "?") {
      let query = rest[rest.index(after: q)...]
      mode = query.hasPrefix("mode=") ? String(query.dropFirst(5)) : String(query)
      rest = rest[..<q]
    }
    let hasPath = rest.contains("/")
    if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
    var port: String?
    if let colon = rest.firstIndex(of: ":") {
      port = String(rest[rest.index(after: colon)...])
      rest = rest[..<colon]
    }
    let isWildcard = rest.hasPrefix("*.")
    let host = String(isWildcard ? rest.dropFirst(2) : rest).lowercased()
    return Domain(entry: entry, host: host, isWildcard: isWildcard, mode: mode, port: port, hasPath: hasPath)
  }

  /// The findings: `aasa` maps a domain to its checked file; `appID` is the app's
  /// `TEAMID.bundle.id` (from the entitlements, or the team and the container's bundle ID).
  ///
  /// `fetched` maps a domain to its fetched report (`audit --fetch`): the copy a device uses is
  /// checked like a file given, and a domain a device gets no accepted copy for is an error.
  package static func run(
    entitlements: Entitlements, container: InfoPlist?, aasa: [String: AASACheck], release: Bool,
    fetched: [String: DomainReport] = [:]
  ) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    let file = entitlements.file
    let key = "com.apple.developer.associated-domains"
    let appID =
      entitlements.applicationIdentifier
      ?? entitlements.teamIdentifier.flatMap { team in container?.bundleIdentifier.map { "\(team).\($0)" } }
    var checked: Set<String> = []
    for (i, entry) in entitlements.associatedDomains.enumerated() {
      guard let domain = parse(entry) else { continue }
      let path = "\(key)[\(i)]"
      if domain.host.isEmpty || domain.hasPath {
        findings.append(
          Diagnostic(
            file: file, path: path, code: .associatedDomainForm,
            message: "\(Words.quoted(entry)) is not applinks:<fully qualified domain> (U-20)"))
      }
      if let port = domain.port {
        findings.append(
          Diagnostic(
            file: file, path: path, code: .associatedDomainForm,
            message: "\(Words.quoted(entry)) has a port (\(port)); associated domains take none (U-22)"))
      }
      if release && domain.mode == "developer" {
        findings.append(
          Diagnostic(
            file: file, path: path, code: .developerModeInRelease,
            message:
              "\(Words.quoted(entry)) uses ?mode=developer in a release build: it works only with Developer Mode and Associated Domains Development on (U-23)"
          ))
      }
      if DomainReport.isInternationalized(domain.host) {
        findings.append(
          Diagnostic(
            file: file, path: path, severity: .warning, code: .domainNotAssociated,
            message:
              "\(Words.quoted(entry)) is an internationalized domain name: devices on iOS 16 and later are reported never to fetch its file (IOSN-22, user reports)"
          ))
      }
      if domain.isWildcard && aasa[domain.host] == nil, let report = fetched[domain.host] {
        if report.deviceCopy?.accepted != true {
          findings.append(
            Diagnostic(
              file: file, path: path, code: .domainNotAssociated,
              message:
                "\(Words.quoted(entry)): the apex \(Words.quoted(domain.host)) serves no file a device accepts (\(report.reason)); a file at the root serves the root and *. subdomains (IOSN-8)"
            ))
        }
      } else if domain.isWildcard && aasa[domain.host] == nil {
        findings.append(
          Diagnostic(
            file: file, path: path, severity: .warning, code: .wildcardWithoutApex,
            message:
              "\(Words.quoted(entry)) has no AASA file for the apex \(Words.quoted(domain.host)); a wildcard is reported to need one there (U-24, community)"
          ))
      }
      // Each domain's file is checked once, however many entries name the domain.
      guard !domain.isWildcard, checked.insert(domain.host).inserted else { continue }
      if aasa[domain.host] == nil, let report = fetched[domain.host] {
        guard let copy = report.deviceCopy, copy.accepted, let document = copy.document else {
          let subdomain =
            domain.host.split(separator: ".").count > 2
            ? "; a subdomain needs a file of its own: the root domain's does not serve applinks:\(domain.host) (IOSN-8)"
            : ""
          findings.append(
            Diagnostic(
              file: file, path: path, code: .domainNotAssociated,
              message:
                "\(Words.quoted(entry)): a device gets no file it accepts for \(Words.quoted(domain.host)) (\(report.reason))\(subdomain)"
            ))
          continue
        }
        findings += copy.diagnostics.filter { $0.severity != .note }
        if let appID { findings += mismatch(appID, document) }
        continue
      }
      guard let check = aasa[domain.host] else {
        findings.append(
          Diagnostic(
            file: file, path: path, severity: .note, code: .aasaNotGiven,
            message: "no AASA file given for \(Words.quoted(domain.host)); its links are not checked"))
        continue
      }
      findings += check.diagnostics.filter { $0.severity != .note }
      if let appID { findings += mismatch(appID, check.document) }
    }
    if let container, container.queriesSchemes.count > maximumQueriesSchemes {
      findings.append(
        Diagnostic(
          file: container.file, path: "LSApplicationQueriesSchemes", severity: .warning,
          code: .tooManyQueriesSchemes,
          message:
            "\(container.queriesSchemes.count) schemes; apps linked on iOS 15 or later may list at most \(maximumQueriesSchemes) (U-74)"
        ))
    }
    return findings
  }

  /// TR724 when `appID` is not in the file: naming the entries with the same bundle ID under
  /// another team, or the same team with another bundle ID.
  static func mismatch(_ appID: String, _ document: AASADocument) -> [Diagnostic] {
    let ids = document.appIDs
    guard !ids.contains(appID) else { return [] }
    let (team, bundle) = split(appID)
    let sameBundle = ids.filter { split($0).bundle == bundle }
    let sameTeam = ids.filter { split($0).team == team }
    var message = "the app \(Words.quoted(appID)) is not in the file's applinks details"
    if !sameBundle.isEmpty {
      message +=
        "; \(sameBundle.map(Words.quoted).joined(separator: ", ")) has the bundle ID under another prefix"
    } else if !sameTeam.isEmpty {
      message += "; the team's app IDs there are \(sameTeam.map(Words.quoted).joined(separator: ", "))"
    }
    return [
      Diagnostic(
        file: document.file, path: "$.applinks.details", code: .appIDMismatch, message: message + " (U-2)")
    ]
  }

  private static func split(_ id: String) -> (team: Substring, bundle: Substring) {
    let parts = id.split(separator: ".", maxSplits: 1)
    return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
  }
}
