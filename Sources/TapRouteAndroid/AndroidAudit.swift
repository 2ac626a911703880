import TapRouteAASA

/// The Android side of `taproute audit`: an app's manifest checked against the assetlinks.json
/// files of the hosts it asks Android to verify, and against its signing fingerprints.
///
/// A pure function of what was read: the manifest, each host's file (given or fetched), the
/// package and the fingerprints. The findings (TR840-TR850) are located in the manifest (the
/// filter's or the `<data>` element's line) or in the file (its JSON path), each citing the
/// evidence it rests on; the files' own problems (`assetlinks check`'s, or the fetch's) are
/// carried through.
package enum AndroidAudit {
  /// A host's assetlinks.json as the audit has it.
  package struct HostFile: Sendable {
    /// The file's name (a path) or the URL it was fetched from.
    package var name: String
    /// The document; nil when there is none the verifier reads (the fetch got none).
    package var document: AssetLinksDocument?
    /// The file's own problems, or the fetch's.
    package var diagnostics: [Diagnostic]

    /// A host file from its parts.
    package init(name: String, document: AssetLinksDocument?, diagnostics: [Diagnostic]) {
      self.name = name
      self.document = document
      self.diagnostics = diagnostics
    }

    /// A file read and checked.
    package init(_ check: AssetLinksCheck) {
      self.init(name: check.document.file, document: check.document, diagnostics: check.diagnostics)
    }
  }

  /// The app audited: its package (application ID) and signing keys.
  package struct App: Sendable {
    /// The package name the statements must name (AND-14).
    package var packageName: String
    /// The app-signing keys' SHA-256 fingerprints, canonical: what users' devices have (AND-14).
    package var fingerprints: [String]
    /// The upload key's fingerprint, canonical, when known: with Play App Signing it differs
    /// from the app-signing key's (AND-14, AND-32).
    package var uploadFingerprint: String?

    /// An app from its parts; fingerprints in any case, with or without colons.
    package init(packageName: String, fingerprints: [String], uploadFingerprint: String? = nil) {
      self.packageName = packageName
      self.fingerprints = fingerprints.map { CertificateFingerprint.canonical($0) ?? $0 }
      self.uploadFingerprint = uploadFingerprint.map { CertificateFingerprint.canonical($0) ?? $0 }
    }
  }

  /// One host of the `autoVerify` http(s) filters, as the audit collects them.
  struct Host {
    /// The host as written, lower-cased (`*.example.com` kept).
    var name: String
    /// The schemes of the filters that declare it.
    var schemes: Set<String>
    /// The first `<data>` element that declares it.
    var location: SourcePosition

    var isWildcard: Bool { name.hasPrefix("*") }
    /// Where its file is: the root host for a wildcard (AND-10).
    var fileHost: String { isWildcard ? String(name.drop { $0 == "*" || $0 == "." }) : name }
  }

  /// The hosts whose files the audit reads, each once, in manifest order: each host of an
  /// `autoVerify` http(s) filter, a wildcard's root host in its place (AND-8, AND-10).
  package static func fileHosts(_ manifest: AndroidManifest) -> [String] {
    var seen: Set<String> = []
    return hosts(manifest).map(\.fileHost).filter { !$0.isEmpty && seen.insert($0).inserted }
  }

  static func isWeb(_ scheme: String) -> Bool { scheme == "http" || scheme == "https" }

  /// The `autoVerify` filters with an http(s) scheme: the ones Android inspects (AND-8).
  static func verifiedFilters(_ manifest: AndroidManifest) -> [IntentFilter] {
    manifest.activities.flatMap(\.intentFilters).filter { $0.autoVerify && $0.schemes.contains(where: isWeb) }
  }

  static func hosts(_ manifest: AndroidManifest) -> [Host] {
    var out: [Host] = []
    for filter in verifiedFilters(manifest) {
      for element in filter.data {
        guard let written = element.host else { continue }
        let name = written.lowercased()
        if let i = out.firstIndex(where: { $0.name == name }) {
          out[i].schemes.formUnion(filter.schemes)
        } else {
          out.append(Host(name: name, schemes: Set(filter.schemes), location: element.location))
        }
      }
    }
    return out
  }

  /// The findings for `app` built from `manifest`, with `files` mapping a host (lower case; a
  /// wildcard's root host) to its file.
  package static func run(manifest check: AndroidManifestCheck, app: App, files: [String: HostFile])
    -> [Diagnostic]
  {
    let manifest = check.manifest
    var findings = check.diagnostics.filter { $0.severity != .note }
    findings += filterFindings(manifest)
    let hosts = hosts(manifest)
    findings += hosts.compactMap { httpOnly($0, file: manifest.file) }
    var failing: [String] = []
    var done: Set<String> = []
    let matcher = IntentFilterMatcher(manifest)
    for host in hosts where done.insert(host.fileHost).inserted {
      let group = hosts.filter { $0.fileHost == host.fileHost }
      let (found, fails) = hostFindings(
        host.fileHost, declared: group, file: files[host.fileHost], app: app, manifest: manifest,
        matcher: matcher)
      findings += found
      if fails { failing += group.map(\.name) }
    }
    // With one host, its own findings say it all; the note is for the hosts that do verify.
    if !failing.isEmpty && hosts.count > failing.count,
      let first = hosts.first(where: { failing.contains($0.name) })
    {
      findings.append(
        Diagnostic(
          file: manifest.file, location: first.location, severity: .note, code: .auditAllOrNothing,
          message:
            "on Android 11 and lower none of the app's \(Words.count(hosts.count, "host")) is verified, "
            + "since \(failing.joined(separator: ", ")) \(failing.count == 1 ? "fails" : "fail"): there \"the "
            + "system establishes your app as the default handler ... only if it finds a matching Digital Asset "
            + "Links file for *all* hosts in the manifest\" (AND-9); Android 12 and later verify each host on its own"
        ))
    }
    return findings
  }

  // MARK: the manifest's filters

  /// A custom scheme beside http(s) (TR840) and a filter without VIEW, BROWSABLE or DEFAULT
  /// (TR841), for each `autoVerify` http(s) filter.
  static func filterFindings(_ manifest: AndroidManifest) -> [Diagnostic] {
    var out: [Diagnostic] = []
    for filter in verifiedFilters(manifest) {
      let custom = filter.schemes.filter { !isWeb($0) }
      if !custom.isEmpty {
        let host = filter.authorities.first?.host ?? "HOST"
        out.append(
          Diagnostic(
            file: manifest.file, location: filter.location, code: .auditMixedSchemes,
            message: "this autoVerify filter mixes the custom scheme\(custom.count == 1 ? "" : "s") "
              + "\(custom.joined(separator: ", ")) with its http(s) hosts: Google's sample says \"Do not include "
              + "other schemes, as this will prevent verification.\" (AND-6), and a field report has the links "
              + "open in the browser until the two were split (AND-46); its <data> elements combine, so it "
              + "also takes \(custom[0])://\(host); put the custom scheme in an intent filter of its own"))
      }
      var missing: [String] = []
      if !filter.actions.contains(IntentFilter.actionView) { missing.append("action VIEW") }
      if !filter.categories.contains(IntentFilter.categoryBrowsable) { missing.append("category BROWSABLE") }
      if !filter.categories.contains(IntentFilter.categoryDefault) { missing.append("category DEFAULT") }
      if !missing.isEmpty {
        out.append(
          Diagnostic(
            file: manifest.file, location: filter.location, code: .auditFilterShape,
            message: "this autoVerify filter has http(s) data but no \(missing.joined(separator: ", no ")): "
              + "Android verifies filters with action VIEW, categories BROWSABLE and DEFAULT (AND-8); from "
              + "Android 12 a web intent reaches the app only through a filter with BROWSABLE (AND-4), and "
              + "\"always\" open needs both BROWSABLE and DEFAULT (AND-29)"))
      }
    }
    return out
  }

  /// A host declared with http and not https (TR842).
  static func httpOnly(_ host: Host, file: String) -> Diagnostic? {
    guard host.schemes.contains("http"), !host.schemes.contains("https") else { return nil }
    return Diagnostic(
      file: file, location: host.location, severity: .warning, code: .auditHTTPOnly,
      message: "\(host.name) is declared with the scheme http and not https in the autoVerify filters: "
        + "Android inspects filters whose data scheme is \"http or https\" and fetches the file at "
        + "https://\(host.fileHost)/.well-known/assetlinks.json (AND-8), but the app takes http:// links only, "
        + "and \"Redirects from http to https ... can cause verification to fail\" (AND-31); declare https too"
    )
  }

  // MARK: each host's file

  /// The findings for one file host (`declared`: the manifest's hosts it serves), and whether
  /// the host fails to verify.
  static func hostFindings(
    _ fileHost: String, declared: [Host], file: HostFile?, app: App, manifest: AndroidManifest,
    matcher: IntentFilterMatcher
  ) -> (findings: [Diagnostic], fails: Bool) {
    let wellKnown = "https://\(fileHost)/.well-known/assetlinks.json"
    guard let file, let document = file.document else {
      let reason =
        file.map { file in
          let first = file.diagnostics.first { $0.severity == .error }
          return ": \(file.name): " + (first?.message ?? "no file the verifier reads")
        } ?? " (none given or fetched)"
      var out: [Diagnostic] = []
      if let wildcard = declared.first(where: \.isWildcard) {
        out.append(
          Diagnostic(
            file: manifest.file, location: wildcard.location, code: .auditWildcardWithoutRoot,
            message: "the wildcard host \(wildcard.name) has no assetlinks.json at its root host "
              + "\(fileHost)\(reason): \"if you declare your hostname with a wildcard (such as *.example.com), "
              + "you must publish your assetlinks.json file at the root hostname (example.com)\" (AND-10)"))
      }
      if let exact = declared.first(where: { !$0.isWildcard }) {
        out.append(
          Diagnostic(
            file: manifest.file, location: exact.location, code: .auditNoFile,
            message: "no assetlinks.json for \(fileHost)\(reason): Android verifies the host with the file "
              + "at \(wellKnown) (AND-8); without it the host's links are not App Links, and from Android "
              + "12 they open in the browser (AND-3)"))
      }
      return (out + (file?.diagnostics ?? []).filter { $0.severity != .note }, true)
    }
    let statements = document.statements.filter { statement in
      guard statement.handlesAllURLs, case .androidApp(let name, _)? = statement.target else { return false }
      return name == app.packageName
    }
    var out = carried(file, statements: statements, app: app)
    var fails = file.diagnostics.contains { $0.severity == .error }
    guard let first = statements.first else {
      out.append(
        Diagnostic(
          file: file.name, path: "$", code: .auditNotDelegated,
          message: "no statement grants \(AssetLinksDocument.handleAllURLs) to \(app.packageName), so "
            + "\(fileHost) is not verified for the app (AND-15) and from Android 12 its links open in the "
            + "browser (AND-3)" + listed(document)))
      return (out, true)
    }
    let fingerprintsPath = "$[\(first.index)].target.sha256_cert_fingerprints"
    for fingerprint in app.fingerprints {
      let match = AssetLinksMatcher.match(
        document, packageName: app.packageName, fingerprint: fingerprint, urls: [])
      guard case .otherFingerprints = match.delegation else { continue }
      fails = true
      let listed = statements.contains { statement in
        guard case .androidApp(_, let prints)? = statement.target, let upload = app.uploadFingerprint else {
          return false
        }
        return prints.contains(upload)
      }
      if listed, let upload = app.uploadFingerprint {
        out.append(
          Diagnostic(
            file: file.name, path: fingerprintsPath, location: first.location, code: .auditUploadKeyOnly,
            message: "\(app.packageName) is listed with the upload key's fingerprint \(upload), not the "
              + "app-signing key's \(fingerprint): with Play App Signing, Google Play re-signs the app with the "
              + "app-signing key, so \"Play-installed builds present a different certificate and App Links "
              + "verification fails\" (AND-32, AND-14); add the app-signing key's SHA-256 from Play Console"))
      } else {
        out.append(
          Diagnostic(
            file: file.name, path: fingerprintsPath, location: first.location, code: .auditFingerprintMissing,
            message:
              "\(app.packageName) is listed without the app-signing fingerprint \(fingerprint): a build "
              + "signed with it is not verified for \(fileHost), and links open in the browser on Android "
              + "12+ (AND-3, AND-44)"))
      }
    }
    if let fingerprint = app.fingerprints.first, let host = declared.first(where: { !$0.isWildcard }) {
      out += scopeFindings(
        document, file: file.name, host: host.name, app: app, fingerprint: fingerprint, matcher)
    }
    return (out, fails)
  }

  /// The file's own problems, notes left out; a lower-case fingerprint in the package's
  /// statements (assetlinks check's TR806 warning) becomes the audit's TR847.
  static func carried(_ file: HostFile, statements: [AssetLinksDocument.Statement], app: App) -> [Diagnostic]
  {
    let prefixes = statements.map { "$[\($0.index)].target.sha256_cert_fingerprints[" }
    return file.diagnostics.compactMap { diagnostic in
      guard diagnostic.severity != .note else { return nil }
      guard diagnostic.code == .assetLinksFingerprint, diagnostic.severity == .warning,
        prefixes.contains(where: { diagnostic.path.hasPrefix($0) })
      else { return diagnostic }
      return Diagnostic(
        file: diagnostic.file, path: diagnostic.path, location: diagnostic.location, severity: .warning,
        code: .auditLowerCaseFingerprint,
        message: "a fingerprint of \(app.packageName) in lower case: Google's troubleshooting list says "
          + "\"The signature should be uppercase.\" (AND-31)")
    }
  }

  /// `; the file lists: a, b` when it delegates to other packages.
  static func listed(_ document: AssetLinksDocument) -> String {
    let packages = document.delegatedPackages
    return packages.isEmpty ? "" : "; it grants it to \(packages.joined(separator: ", "))"
  }

  // MARK: dynamic rules

  /// Each dynamic component (Android 15+) that allows a URL on `host` that no `autoVerify`
  /// filter takes (TR850): "all your dynamic rules must be within that scope" (AND-17).
  ///
  /// The URLs tried are ``AssetLinksDiff/witnesses(_:host:)`` of the app's statements (each `*`
  /// as nothing and as one character), decided by the first component that matches, as a device
  /// does: a component whose witnesses all fall inside the filters is not reported, though other
  /// URLs it allows might fall outside.
  static func scopeFindings(
    _ document: AssetLinksDocument, file: String, host: String, app: App, fingerprint: String,
    _ matcher: IntentFilterMatcher
  ) -> [Diagnostic] {
    let own = document.statements.filter { statement in
      guard statement.handlesAllURLs, case .androidApp(let name, let prints)? = statement.target else {
        return false
      }
      return name == app.packageName && prints.contains(fingerprint)
    }
    let witnesses = AssetLinksDiff.witnesses(AssetLinksDocument(file: file, statements: own), host: host)
    let urls = witnesses.compactMap { text -> AASAURL? in
      guard case .success(let url) = AASAURL.parse(text) else { return nil }
      return url
    }
    let result = AssetLinksMatcher.match(
      document, packageName: app.packageName, fingerprint: fingerprint, urls: urls)
    var out: [Diagnostic] = []
    var reported: Set<[Int]> = []
    for verdict in result.urls where verdict.verdict == .allowed {
      guard let s = verdict.statement, let c = verdict.component, !reported.contains([s, c]) else { continue }
      let taken = matcher.match(verdict.url).results.contains { $0.accepts && $0.autoVerify }
      guard !taken else { continue }
      reported.insert([s, c])
      let component = document.statements.first { $0.index == s }?.components.flatMap {
        c < $0.count ? $0[c] : nil
      }
      out.append(
        Diagnostic(
          file: file,
          path: "$[\(s)].relation_extensions[\"\(AssetLinksDocument.handleAllURLs)\"]"
            + ".dynamic_app_link_components[\(c)]",
          location: component?.location, severity: .warning, code: .auditDynamicScope,
          message:
            "this dynamic rule allows \(verdict.url), which no autoVerify intent filter of the manifest "
            + "takes: \"the rules defined in your manifest set the maximum allowed scope ..., so all your "
            + "dynamic rules must be within that scope\" (AND-17); Android 15+ does not open the app for it"))
    }
    return out
  }
}
