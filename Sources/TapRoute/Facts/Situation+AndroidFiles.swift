import TapRouteAASA
import TapRouteAndroid

// An Android app's files in a situation (`android.manifest`, `android.fingerprints`,
// `android.assetlinks`), and the Android facts computed from them: the counterpart of
// `app.aasa` and the universal-link verdict on Apple's platforms. The fields are declared once
// in Sources/CatalogGenerator/SituationCatalog.swift.

extension Situation {
  /// `android.manifest`: the app's `AndroidManifest.xml` as text, read as
  /// `taproute assetlinks match --manifest` reads the file. Empty (the default) means not given.
  public struct AndroidManifestText: Sendable, Hashable {
    /// The text and the manifest read from it, behind one reference: a situation is copied
    /// on every decision, and one reference costs one retain.
    private final class Storage: Sendable {
      let text: String
      let manifest: AndroidManifest
      init(text: String, manifest: AndroidManifest) {
        self.text = text
        self.manifest = manifest
      }
    }

    private var storage: Storage?

    /// The manifest's text; nil when not given.
    public var text: String? { storage?.text }
    /// The manifest as read; nil when not given.
    public var manifest: AndroidManifest? { storage?.manifest }

    /// Not given.
    public init() {}

    /// Reads `xml` as `assetlinks match --manifest` reads a file; its errors are thrown
    /// (warnings, such as a filter Android will not verify, are not: that is what the
    /// computed facts say).
    public init(xml: String) throws(DiagnosticsError) {
      let check = try AndroidManifest.read(Array(xml.utf8), file: "AndroidManifest.xml")
      let errors = check.diagnostics.filter { $0.severity == .error }
      guard errors.isEmpty else { throw DiagnosticsError(errors) }
      storage = Storage(text: xml, manifest: check.manifest)
    }

    /// True when no manifest is given.
    public var isEmpty: Bool { storage == nil }

    /// Equal when the texts are.
    public static func == (a: AndroidManifestText, b: AndroidManifestText) -> Bool { a.text == b.text }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
  }

  /// `android.assetlinks`: the assetlinks.json file each domain serves
  /// (`https://DOMAIN/.well-known/assetlinks.json`, AND-8), as domain -> document. Empty (the
  /// default) means unknown: the facts computed from it keep their stated or default values.
  ///
  /// Each document is read by the `assetlinks check` reader; its errors are the situation's,
  /// located inside the situation. Two values are equal when they hold the same domains with
  /// the same JSON, whatever its layout or key order.
  public struct AssetLinksFiles: Sendable, Hashable {
    /// One domain's file.
    package struct File: Sendable {
      /// The domain, lower-cased.
      package var domain: String
      /// The document as compact JSON with sorted keys: what equality compares and the
      /// writers write.
      package var json: String
      /// The document as read.
      package var document: AssetLinksDocument
    }

    /// The files, in the order given.
    package private(set) var files: [File] = []

    /// No file.
    public init() {}

    /// The domains with a file, lower-cased, in the order given.
    public var domains: [String] { files.map(\.domain) }

    /// True when no domain has a file.
    public var isEmpty: Bool { files.isEmpty }

    /// The document `domain` serves (letter case ignored), nil when not given.
    public subscript(domain: String) -> AssetLinksDocument? {
      let key = domain.lowercased()
      return files.first { $0.domain == key }?.document
    }

    /// Adds (or replaces) `domain`'s file from its JSON bytes, read as `assetlinks check`
    /// reads a file; its errors are thrown (warnings are not).
    public mutating func set(domain: String, json bytes: some Sequence<UInt8>) throws(DiagnosticsError) {
      let file = "\(domain)/.well-known/assetlinks.json"
      let check = try AssetLinksDocument.read(Array(bytes), file: file)
      let errors = check.diagnostics.filter { $0.severity == .error }
      guard errors.isEmpty else { throw DiagnosticsError(errors) }
      guard case .success(let root) = JSONParser.parse(Array(bytes)) else { return }
      insert(domain: domain, root: root, document: check.document)
    }

    /// Adds or replaces a domain's file.
    package mutating func insert(domain: String, root: JSONValue, document: AssetLinksDocument) {
      let file = File(domain: domain.lowercased(), json: root.canonicalText, document: document)
      if let i = files.firstIndex(where: { $0.domain == file.domain }) {
        files[i] = file
      } else {
        files.append(file)
      }
    }

    /// Equal when the same domains hold the same JSON, in the same order.
    public static func == (a: AssetLinksFiles, b: AssetLinksFiles) -> Bool {
      a.files.map(\.domain) == b.files.map(\.domain) && a.files.map(\.json) == b.files.map(\.json)
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
      for file in files {
        hasher.combine(file.domain)
        hasher.combine(file.json)
      }
    }
  }
}

// MARK: The facts computed from the files

extension Situation {
  /// Sets the Android facts the app's files decide, for the link's URL: `filter` from
  /// `android.manifest`; `domainState`, `allHostsVerified` and `dynamicRule` from
  /// `android.assetlinks` and `android.fingerprints`. A fact stays as it is where its files
  /// are not given or do not decide it: a URL that is not http(s) (the manifest's filters are
  /// matched as web intents), the URL's domain without a file, a host of the app's verified
  /// filters without one (for `allHostsVerified`).
  ///
  /// The JSON readers call this for the facts the document leaves out (a stated fact is the
  /// device's own record and wins); call it on a situation built in Swift after setting the
  /// files, then set what the device states.
  public mutating func applyAndroidFiles() { applyAndroidFiles(to: ~0) }

  /// What the app's files say of the link: the facts they decide and why; nil unless the
  /// situation is a link with a manifest or assetlinks files and a URL. Computed whatever the
  /// platform: a link situation may describe the iOS app and the Android app together, and
  /// `matrix --vary platform` answers for both.
  public var androidFileFacts: AndroidFileFacts? {
    guard event == .link,
      !android.manifest.isEmpty || !android.assetlinks.isEmpty,
      let url = link.url
    else { return nil }
    return AndroidFileFacts(android, url: url, apiLevel: Self.androidAPILevel(osVersion))
  }

  /// ``applyAndroidFiles()`` for the facts in `mask` (``Fact/bit``s) only; the facts it sets
  /// leave ``unspecified``.
  package mutating func applyAndroidFiles(to mask: FactMask) {
    guard let computed = androidFileFacts else { return }
    func set<T>(_ fact: Fact, _ value: T?, _ into: WritableKeyPath<Situation, T>) {
      guard let value, mask & fact.bit != 0 else { return }
      self[keyPath: into] = value
      unspecifiedMask &= ~fact.bit
    }
    set(.filter, computed.filter, \.android.filter)
    set(.domainState, computed.domainState, \.android.domainState)
    set(.allHostsVerified, computed.allHostsVerified, \.android.allHostsVerified)
    set(.dynamicRule, computed.dynamicRule, \.android.dynamicRule)
  }

  /// The API level of an Android version (`15` -> 35), for the manifest's version-dependent
  /// rules (`pathAdvancedPattern` from API 31, `<uri-relative-filter-group>` from API 35,
  /// AND-11); the newest the matcher knows when not given.
  package static func androidAPILevel(_ version: OSVersion?) -> Int {
    guard let version else { return 35 }
    switch version.major {
    case 12: return version.minor >= 1 ? 32 : 31
    case 8: return version.minor >= 1 ? 27 : 26
    case 7: return version.minor >= 1 ? 25 : 24
    case let major where major >= 13: return major + 20
    case let major where major >= 9: return major + 19
    case 6: return 23
    default: return 21
    }
  }
}

/// What an Android app's files say of one link (``Situation/androidFileFacts``): each fact
/// nil where they do not decide it, and why each is what it is.
public struct AndroidFileFacts: Sendable, Hashable {
  /// How the manifest's filters take the URL.
  public var filter: Situation.Android.Filter?
  /// The activity whose filter takes the URL (the first, as the manifest lists them).
  public var activity: String?
  /// What verification records for the URL's host.
  public var domainState: Situation.Android.DomainState?
  /// Whether every host of the app's `autoVerify` filters verifies.
  public var allHostsVerified: Bool?
  /// The domain's dynamic rule for the URL.
  public var dynamicRule: Situation.Android.DynamicRule?
  /// Why, a sentence per fact computed, in the order above.
  public var reasons: [String] = []

  package init(_ android: Situation.Android, url: String, apiLevel: Int) {
    let manifest = android.manifest.manifest
    if let manifest {
      (filter, activity) = Self.filter(manifest, url: url, apiLevel: apiLevel)
      if let filter {
        let taker = activity.map { " (\($0))" } ?? ""
        reasons.append(
          "filter \(filter.rawValue)\(taker): the manifest's intent filters matched against the URL on API "
            + "\(apiLevel) as a web intent (AND-4, AND-7)")
      }
    }
    let package = android.packageName ?? manifest?.package
    let fingerprints = (android.fingerprints ?? []).compactMap(CertificateFingerprint.canonical)
    guard let package, !fingerprints.isEmpty, !android.assetlinks.isEmpty,
      let parsed = try? AASAURL(parsing: url, file: "url")
    else { return }
    let host = parsed.host.lowercased()
    // The hosts of the manifest's autoVerify filters, as written (wildcards included).
    let verifiedHosts = manifest.map { IntentFilterMatcher($0).verification().hosts } ?? []
    let wildcards = verifiedHosts.filter { $0.hasPrefix("*.") }
    // The file Android reads for a host: its own, or the root's for a wildcard host (AND-10).
    func document(for host: String) -> AssetLinksDocument? {
      if let own = android.assetlinks[host] { return own }
      for wildcard in wildcards {
        let root = String(wildcard.dropFirst(2)).lowercased()
        if host.hasSuffix("." + root) || host == root, let file = android.assetlinks[root] { return file }
      }
      return nil
    }
    func grant(_ document: AssetLinksDocument, urls: [AASAURL]) -> AssetLinksMatch? {
      for fingerprint in fingerprints {
        let match = AssetLinksMatcher.match(
          document, packageName: package, fingerprint: fingerprint, urls: urls)
        if case .delegated = match.delegation { return match }
      }
      return nil
    }
    if (filter ?? android.filter) == .autoVerify, let file = document(for: host) {
      let place = "\(host)'s assetlinks.json"
      if let match = grant(file, urls: [parsed]) {
        // STATE_SUCCESS (AND-23, AND-24).
        domainState = .verified
        if case .delegated(let statement) = match.delegation {
          reasons.append(
            "domainState verified: \(place) $[\(statement)] grants handle_all_urls to \(package) signed with "
              + "\(match.fingerprint) (AND-8, AND-14)")
        }
        if let verdict = match.urls.first { reasons.append("dynamicRule: " + verdict.explanation) }
        dynamicRule =
          switch match.urls.first?.verdict {
          case .allowed?: .allow
          // A URL no component matches does not open the app: TapRoute's reading, as for AASA.
          case .excluded?, .unmatched?: .exclude
          case .noDynamicRules?, .notDelegated?, nil: Situation.Android.DynamicRule.none
          }
      } else {
        // The verification agent sets success or a code from 1024, nothing else (AND-25).
        domainState = .verifierCode
        dynamicRule = Situation.Android.DynamicRule.none
        let delegation = AssetLinksMatcher.match(
          file, packageName: package, fingerprint: fingerprints[0], urls: []
        ).delegation
        let otherKeys = if case .otherFingerprints = delegation { true } else { false }
        reasons.append(
          "domainState verifierCode (verification fails): "
            + (otherKeys
              ? "\(place) lists \(package) with other fingerprints only: this build is signed with another "
                + "key (the upload key where Play App Signing signs with its own, or another store's build; "
                + "AND-14, AND-32, AND-47)"
              : "no statement of \(place) grants handle_all_urls to \(package) (AND-15)"))
      }
    }
    if manifest != nil {
      let hosts = verifiedHosts.map { host in host.hasPrefix("*.") ? String(host.dropFirst(2)) : host }
      let files = hosts.map { document(for: $0.lowercased()) }
      if !hosts.isEmpty, !files.contains(where: { $0 == nil }) {
        let failing = zip(hosts, files).filter { _, file in file.map { grant($0, urls: []) == nil } ?? true }
        allHostsVerified = failing.isEmpty
        reasons.append(
          "allHostsVerified \(failing.isEmpty): "
            + (failing.isEmpty
              ? "every host of the manifest's autoVerify filters (\(hosts.joined(separator: ", "))) has a file that grants the app"
              : "\(failing.map(\.0).joined(separator: ", ")) does not grant the app; Android 11 and lower then "
                + "verify no host (AND-9)"))
      }
    }
  }

  /// How `manifest`'s filters take `url` as a web intent, and the activity that takes it:
  /// `autoVerify` when a filter Android verifies accepts it, `browsable` when another filter
  /// does, `notBrowsable` when a filter would with `BROWSABLE` and `DEFAULT` (AND-4), `none`
  /// when none would; nil for a URL that is not http(s).
  static func filter(_ manifest: AndroidManifest, url: String, apiLevel: Int) -> (
    Situation.Android.Filter?, String?
  ) {
    let match = IntentFilterMatcher(manifest).match(url, apiLevel: apiLevel)
    guard match.diagnostics.isEmpty else { return (nil, nil) }
    if let verified = match.results.first(where: \.verifiable) { return (.autoVerify, verified.activity) }
    if let accepting = match.results.first(where: \.accepts) { return (.browsable, accepting.activity) }
    // The same filters with both categories a browser's intent carries.
    var browsable = manifest
    for a in browsable.activities.indices {
      for f in browsable.activities[a].intentFilters.indices {
        for category in [IntentFilter.categoryBrowsable, IntentFilter.categoryDefault]
        where !browsable.activities[a].intentFilters[f].categories.contains(category) {
          browsable.activities[a].intentFilters[f].categories.append(category)
        }
      }
    }
    let unbrowsable = IntentFilterMatcher(browsable).match(url, apiLevel: apiLevel).results.first(
      where: \.accepts)
    return unbrowsable.map { (.notBrowsable, $0.activity) } ?? (Situation.Android.Filter.none, nil)
  }
}

// MARK: Readers and writers

extension JSONReader {
  /// Reads `android.manifest`: a string read as `assetlinks match --manifest` reads the file,
  /// or null; its errors are reported at the field, with their line and column in the text.
  package mutating func androidManifest(_ value: JSONValue, path: String) -> Situation.AndroidManifestText {
    if value.isNull { return Situation.AndroidManifestText() }
    guard let text = value.stringValue else {
      wrongType(value, expected: "a string (the AndroidManifest.xml text) or null", path: path)
      return Situation.AndroidManifestText()
    }
    do {
      return try Situation.AndroidManifestText(xml: text)
    } catch {
      for d in error.diagnostics {
        let place = d.location.map { "line \($0.line), column \($0.column) of the manifest: " } ?? ""
        self.error(d.code, place + d.message, path: path, at: value.location)
      }
      return Situation.AndroidManifestText()
    }
  }

  /// Reads `android.assetlinks`: an object from domain to document, each document checked as
  /// `assetlinks check` checks a file; its errors are reported at their place in the situation.
  package mutating func assetlinks(_ value: JSONValue, path: String) -> Situation.AssetLinksFiles {
    var files = Situation.AssetLinksFiles()
    guard let members = value.objectValue else {
      wrongType(value, expected: "an object from domain to assetlinks.json document", path: path)
      return files
    }
    for member in members {
      let p = Self.join(path, member.key)
      guard Situation.AASAFiles.isDomain(member.key) else {
        error(
          .situationUnknownValue,
          "\(Words.quoted(member.key)) is not a domain name (a host: no scheme, port, path or space)",
          path: p, at: member.keyLocation)
        continue
      }
      let check = AssetLinksDocument.read(member.value, at: p, file: file)
      let errors = check.diagnostics.filter { $0.severity == .error }
      for e in errors { error(e.code, e.message, path: e.path, at: e.location) }
      if errors.isEmpty { files.insert(domain: member.key, root: member.value, document: check.document) }
    }
    return files
  }

  /// Checks what the Android part's files need beside them: fingerprints in SHA-256 form, a
  /// package name with assetlinks files (`packageName` or the manifest's), the same package
  /// in both.
  package mutating func checkAndroidFiles(
    _ android: Situation.Android, fields: [String: JSONValue], path: String
  ) {
    if let values = fields["fingerprints"]?.arrayValue {
      for (i, value) in values.enumerated() {
        guard let text = value.stringValue, CertificateFingerprint.canonical(text) == nil else { continue }
        error(
          .situationUnknownValue,
          "\(Words.quoted(text)) is not a SHA-256 certificate fingerprint (32 hex pairs, as keytool prints "
            + "them: \"AB:CD:...\")", path: "\(Self.join(path, "fingerprints"))[\(i)]", at: value.location)
      }
    }
    let manifestPackage = android.manifest.manifest?.package
    if let given = android.packageName, let manifestPackage, given != manifestPackage,
      let v = fields["packageName"]
    {
      error(
        .situationUnknownValue,
        "packageName \(Words.quoted(given)) is not the manifest's package \(Words.quoted(manifestPackage))",
        path: Self.join(path, "packageName"), at: v.location)
    }
    guard !android.assetlinks.isEmpty, let v = fields["assetlinks"] else { return }
    var missing: [String] = []
    if (android.fingerprints ?? []).isEmpty { missing.append("fingerprints (the app's signing certificate)") }
    if android.packageName == nil && manifestPackage == nil {
      missing.append("packageName (or a manifest with a package)")
    }
    if !missing.isEmpty {
      error(
        .situationMissingField,
        "the assetlinks files are matched against the app: give " + missing.joined(separator: " and "),
        path: Self.join(path, "assetlinks"), at: v.location)
    }
  }
}

extension SituationScanner {
  /// `android.manifest` when it is null (as `JSONEncoder` writes no manifest); a manifest is
  /// left to the strict reader, which reads the XML and locates its errors.
  package mutating func androidManifest() -> Situation.AndroidManifestText? {
    null() ? Situation.AndroidManifestText() : nil
  }

  /// `android.assetlinks` when it is `{}`; anything else is left to the strict reader.
  package mutating func assetlinks() -> Situation.AssetLinksFiles? {
    var empty = self
    guard empty.object({ _, _ in false }) else { return nil }
    self = empty
    return Situation.AssetLinksFiles()
  }
}

extension Situation.AndroidManifestText {
  /// The text as a JSON string, nil when not given (the generated ``Situation/minimalJSON``
  /// writes it under `android.manifest`).
  package var androidManifestJSON: String? { text.map(Escaping.jsonString) }
}

extension Situation.AssetLinksFiles {
  /// The files as compact JSON, nil when there is none (written under `android.assetlinks`).
  package var assetlinksJSON: String? {
    guard !files.isEmpty else { return nil }
    return "{" + files.map { Escaping.jsonString($0.domain) + ":" + $0.json }.joined(separator: ",") + "}"
  }
}

extension Situation.AndroidManifestText: Codable {
  /// Decodes a string (the manifest's text) or null; a manifest with an error is a
  /// `dataCorrupted` error.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.singleValueContainer()
    guard !c.decodeNil() else {
      self.init()
      return
    }
    do {
      try self.init(xml: c.decode(String.self))
    } catch let error as DiagnosticsError {
      let first = error.diagnostics.first
      throw DecodingError.dataCorruptedError(
        in: c, debugDescription: first.map { "\($0.message) [\($0.code.rawValue)]" } ?? "unreadable manifest")
    }
  }

  /// Encodes the text, or null.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.singleValueContainer()
    if let text { try c.encode(text) } else { try c.encodeNil() }
  }
}

extension Situation.AssetLinksFiles: Codable {
  /// Decodes an object from domain to document; a document with an error, or a key that is
  /// not a domain, is a `dataCorrupted` error at its key.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: JSONCodingKey.self)
    self.init()
    for key in c.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
      guard Situation.AASAFiles.isDomain(key.stringValue) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: c, debugDescription: "\(Words.quoted(key.stringValue)) is not a domain name")
      }
      let root = try c.decode(JSONValue.self, forKey: key)
      let check = AssetLinksDocument.read(root, at: "$", file: key.stringValue)
      if let first = check.diagnostics.first(where: { $0.severity == .error }) {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: c, debugDescription: "\(first.path): \(first.message) [\(first.code.rawValue)]")
      }
      insert(domain: key.stringValue, root: root, document: check.document)
    }
  }

  /// Encodes the object from domain to document.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: JSONCodingKey.self)
    for file in files {
      guard case .success(let root) = JSONParser.parse(Array(file.json.utf8)) else { continue }
      try c.encode(EncodedJSON(value: root), forKey: JSONCodingKey(stringValue: file.domain))
    }
  }
}
