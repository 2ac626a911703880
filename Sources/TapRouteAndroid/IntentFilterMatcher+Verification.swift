import TapRouteAASA

/// The hosts a manifest asks Android to verify, and the filters that keep it from verifying.
public struct IntentFilterVerification: Sendable {
  /// Each host (as written, wildcards included) of the http(s) filters with `autoVerify`, where
  /// Android fetches `https://HOST/.well-known/assetlinks.json` (AND-8); for `*.example.com` the
  /// file is fetched at `example.com` (AND-10). Android 11 and lower verify the app only if every
  /// one verifies (AND-9); Android 12+ verifies each host of a filter of the exact shape (AND-7).
  public var hosts: [String]
  /// The hosts in filters of the exact shape, which Android 12+ verifies one by one (AND-7).
  public var verifiedHosts: [String]
  /// Problems: a filter mixing schemes (TR828), an `autoVerify` filter not of the shape (TR829),
  /// a wildcard host (a note on where the file must be, AND-10).
  public var diagnostics: [Diagnostic]
}

extension IntentFilterMatcher {
  /// The hosts Android verifies for this manifest and the `autoVerify` filters it will not verify
  /// as written (AND-4, AND-6, AND-7, AND-8, AND-10, AND-46).
  public func verification() -> IntentFilterVerification {
    var hosts: [String] = []
    var verified: [String] = []
    var diagnostics: [Diagnostic] = []
    let file = manifest.file
    for activity in manifest.activities {
      for filter in activity.intentFilters where filter.autoVerify {
        let web = filter.schemes.contains { $0 == "http" || $0 == "https" }
        let filterHosts = filter.authorities.map(\.host)
        if web {
          for host in filterHosts where !hosts.contains(host) { hosts.append(host) }
        }
        let problems = Self.shapeProblems(filter)
        let custom = filter.schemes.filter { $0 != "http" && $0 != "https" }
        if web && !custom.isEmpty {
          diagnostics.append(
            Diagnostic(
              file: file, location: filter.location, severity: .warning, code: .manifestMixedSchemes,
              message: "this autoVerify filter mixes the scheme\(custom.count == 1 ? "" : "s") "
                + "\(custom.joined(separator: ", ")) with http(s): Android does not verify it (\"Do not include "
                + "other schemes, as this will prevent verification\", AND-6), and its <data> elements combine, so "
                + "it also accepts \(custom[0])://\(filterHosts.first ?? "HOST"); put the custom scheme in a "
                + "filter of its own (AND-46)"))
        } else if !problems.isEmpty {
          diagnostics.append(
            Diagnostic(
              file: file, location: filter.location, severity: .warning, code: .manifestNotVerifiable,
              message: "this autoVerify filter is not of the shape Android 12+ verifies (ACTION_VIEW, "
                + "BROWSABLE, DEFAULT, http/https schemes, a host; AND-4, AND-7, AND-8): "
                + problems.joined(separator: ", ")))
        }
        if problems.isEmpty {
          for host in filterHosts where !verified.contains(host) { verified.append(host) }
        }
        for host in filterHosts where host.hasPrefix("*") && web {
          let root = host.drop { $0 == "*" || $0 == "." }
          diagnostics.append(
            Diagnostic(
              file: file, location: filter.location, severity: .note, code: .manifestNotVerifiable,
              message: "the wildcard host \(host) is verified with the file at the root host: "
                + "https://\(root)/.well-known/assetlinks.json (AND-10)"))
        }
      }
    }
    return IntentFilterVerification(hosts: hosts, verifiedHosts: verified, diagnostics: diagnostics)
  }
}
