import Testing

@testable import TapRouteAASA
@testable import TapRouteAndroid

/// `AndroidAudit`: each finding of `taproute audit --manifest` triggered by one row and not by
/// its twin, each resting on an AND id of DOMAIN-ANDROID.md.
@Suite("android audit")
struct AndroidAuditTests {
  static let key =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
  static let upload =
    "0B:30:55:7A:9F:C4:E9:0E:33:58:7D:A2:C7:EC:11:36:5B:80:A5:CA:EF:14:39:5E:83:A8:CD:F2:17:3C:61:86"
  static let web = """
    <action android:name="android.intent.action.VIEW" />
    <category android:name="android.intent.category.DEFAULT" />
    <category android:name="android.intent.category.BROWSABLE" />
    """

  /// An autoVerify filter with the web action and categories and `data`.
  static func verified(_ data: String) -> String {
    "<intent-filter android:autoVerify=\"true\">\(web)\(data)</intent-filter>"
  }

  /// An assetlinks.json granting handle_all_urls to `package` with `prints`, and `components`
  /// as its dynamic rules when given.
  static func file(package: String = "com.example", prints: [String] = [key], components: String? = nil)
    -> String
  {
    let extensions =
      components.map {
        #", "relation_extensions": {"delegate_permission/common.handle_all_urls": "#
          + #"{"dynamic_app_link_components": \#($0)}}"#
      } ?? ""
    return
      #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "#
      + #""package_name": "\#(package)", "sha256_cert_fingerprints": [\#(prints.map { "\"\($0)\"" }.joined(separator: ", "))]}"#
      + "\(extensions)}]"
  }

  /// The findings for a manifest of package `com.example` with one activity holding `filters`,
  /// with `files` (host -> text) as the hosts' assetlinks.json.
  static func audit(_ filters: String, files: [String: String], upload: String? = nil) throws -> [Diagnostic]
  {
    let text = """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example">
      <application><activity android:name=".Main">
      \(filters)
      </activity></application></manifest>
      """
    let check = try AndroidManifest.read(Array(text.utf8), file: "m.xml")
    var read: [String: AndroidAudit.HostFile] = [:]
    for (host, text) in files {
      read[host] = AndroidAudit.HostFile(try AssetLinksDocument.read(Array(text.utf8), file: "\(host).json"))
    }
    let app = AndroidAudit.App(packageName: "com.example", fingerprints: [key], uploadFingerprint: upload)
    return AndroidAudit.run(manifest: check, app: app, files: read)
  }

  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var evidence: String
    var code: String
    var severity: Diagnostic.Severity
    var filters: String
    var files: [String: String]
    var upload: String? = nil
    var found: Bool
    var testDescription: String { "\(name) (\(evidence)): \(code) \(found ? "found" : "not found")" }
  }

  static let https = verified(#"<data android:scheme="https" android:host="example.com"/>"#)

  static let rows: [Row] = [
    Row(
      name: "a custom scheme beside https", evidence: "AND-6, AND-46", code: "TR840", severity: .error,
      filters: verified(
        #"<data android:scheme="https" android:host="example.com"/><data android:scheme="myapp"/>"#),
      files: ["example.com": file()], found: true),
    Row(
      name: "https alone", evidence: "AND-6", code: "TR840", severity: .error, filters: https,
      files: ["example.com": file()], found: false),
    Row(
      name: "no BROWSABLE", evidence: "AND-4, AND-29", code: "TR841", severity: .error,
      filters: """
        <intent-filter android:autoVerify="true"><action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" />
        <data android:scheme="https" android:host="example.com"/></intent-filter>
        """,
      files: ["example.com": file()], found: true),
    Row(
      name: "no action VIEW", evidence: "AND-8", code: "TR841", severity: .error,
      filters: """
        <intent-filter android:autoVerify="true"><category android:name="android.intent.category.DEFAULT" />
        <category android:name="android.intent.category.BROWSABLE" />
        <data android:scheme="https" android:host="example.com"/></intent-filter>
        """,
      files: ["example.com": file()], found: true),
    Row(
      name: "VIEW, BROWSABLE and DEFAULT", evidence: "AND-8", code: "TR841", severity: .error, filters: https,
      files: ["example.com": file()], found: false),
    Row(
      name: "http only", evidence: "AND-8, AND-31", code: "TR842", severity: .warning,
      filters: verified(#"<data android:scheme="http" android:host="example.com"/>"#),
      files: ["example.com": file()], found: true),
    Row(
      name: "http in one filter, https in another", evidence: "AND-8", code: "TR842", severity: .warning,
      filters: verified(#"<data android:scheme="http" android:host="example.com"/>"#) + https,
      files: ["example.com": file()], found: false),
    Row(
      name: "a wildcard without its root host's file", evidence: "AND-10", code: "TR843", severity: .error,
      filters: verified(#"<data android:scheme="https" android:host="*.example.com"/>"#),
      files: ["www.example.com": file()], found: true),
    Row(
      name: "a wildcard with its root host's file", evidence: "AND-10", code: "TR843", severity: .error,
      filters: verified(#"<data android:scheme="https" android:host="*.example.com"/>"#),
      files: ["example.com": file()], found: false),
    Row(
      name: "a host without a file", evidence: "AND-8", code: "TR844", severity: .error, filters: https,
      files: [:], found: true),
    Row(
      name: "a host with a file", evidence: "AND-8", code: "TR844", severity: .error, filters: https,
      files: ["example.com": file()], found: false),
    Row(
      name: "the file names another package only", evidence: "AND-15", code: "TR845", severity: .error,
      filters: https, files: ["example.com": file(package: "com.other")], found: true),
    Row(
      name: "the file names the package", evidence: "AND-15", code: "TR845", severity: .error, filters: https,
      files: ["example.com": file()], found: false),
    Row(
      name: "another fingerprint only", evidence: "AND-3, AND-44", code: "TR846", severity: .error,
      filters: https, files: ["example.com": file(prints: [upload])], found: true),
    Row(
      name: "the app-signing fingerprint listed", evidence: "AND-3", code: "TR846", severity: .error,
      filters: https, files: ["example.com": file(prints: [upload, key])], found: false),
    Row(
      name: "the fingerprint in lower case", evidence: "AND-31", code: "TR847", severity: .warning,
      filters: https, files: ["example.com": file(prints: [key.lowercased()])], found: true),
    Row(
      name: "the fingerprint in upper case", evidence: "AND-31", code: "TR847", severity: .warning,
      filters: https, files: ["example.com": file()], found: false),
    Row(
      name: "the upload key only, named", evidence: "AND-14, AND-32", code: "TR848", severity: .error,
      filters: https, files: ["example.com": file(prints: [upload])], upload: upload, found: true),
    Row(
      name: "the upload key beside the app-signing key", evidence: "AND-14", code: "TR848", severity: .error,
      filters: https, files: ["example.com": file(prints: [upload, key])], upload: upload, found: false),
    Row(
      name: "one of two hosts fails", evidence: "AND-9", code: "TR849", severity: .note,
      filters: https + verified(#"<data android:scheme="https" android:host="shop.example.com"/>"#),
      files: ["example.com": file()], found: true),
    Row(
      name: "the only host fails: its own findings say it", evidence: "AND-9", code: "TR849", severity: .note,
      filters: https, files: [:], found: false),
    Row(
      name: "both hosts verify", evidence: "AND-9", code: "TR849", severity: .note,
      filters: https + verified(#"<data android:scheme="https" android:host="shop.example.com"/>"#),
      files: ["example.com": file(), "shop.example.com": file()], found: false),
    Row(
      name: "a dynamic rule outside the filter's paths", evidence: "AND-17", code: "TR850",
      severity: .warning,
      filters: verified(
        #"<data android:scheme="https" android:host="example.com" android:pathPrefix="/item/"/>"#),
      files: ["example.com": file(components: #"[{"/": "/item/*"}, {"/": "/account/*"}]"#)], found: true),
    Row(
      name: "dynamic rules inside the filter's paths, an exclusion first", evidence: "AND-17", code: "TR850",
      severity: .warning,
      filters: verified(
        #"<data android:scheme="https" android:host="example.com" android:pathPrefix="/item/"/>"#),
      files: ["example.com": file(components: #"[{"/": "*", "exclude": true}, {"/": "/item/*"}]"#)],
      found: false),
    Row(
      name: "the file's own problem carried", evidence: "AND-15", code: "TR802", severity: .warning,
      filters: https,
      files: [
        "example.com": file().replacingOccurrences(of: #""relation":"#, with: #""relations": 1, "relation":"#)
      ],
      found: true),
  ]

  @Test("each finding, triggered and not", arguments: rows)
  func finding(_ row: Row) throws {
    let findings = try Self.audit(row.filters, files: row.files, upload: row.upload)
    let matching = findings.filter { $0.code.rawValue == row.code }
    #expect(!matching.isEmpty == row.found, "\(findings.map(\.description))")
    #expect(matching.allSatisfy { $0.severity == row.severity }, "\(matching)")
    for diagnostic in matching where row.code != "TR802" {
      // Each finding names its evidence.
      #expect(row.evidence.split(separator: ",").contains { diagnostic.message.contains($0.trimmed) })
    }
  }

  @Test("a clean app has no findings, and the upload key's row names Play App Signing")
  func clean() throws {
    #expect(try Self.audit(Self.https, files: ["example.com": Self.file()]).isEmpty)
    let upload = try Self.audit(
      Self.https, files: ["example.com": Self.file(prints: [Self.upload])], upload: Self.upload)
    #expect(upload.map(\.code.rawValue) == ["TR848"])
    #expect(upload.first?.message.contains("Play App Signing") == true)
    #expect(
      upload.first?.path == "$[0].target.sha256_cert_fingerprints" && upload.first?.file == "example.com.json"
    )
  }

  @Test("manifest findings are located at the filter's or the host's line")
  func located() throws {
    let findings = try Self.audit(
      "\n"
        + Self.verified(
          #"<data android:scheme="http" android:host="example.com"/><data android:scheme="myapp"/>"#),
      files: [:])
    // The manifest's line 3 is the blank one: the filter starts on line 4, its <data> with the
    // host (after the action and the two categories) on line 6.
    #expect(findings.first { $0.code == .auditMixedSchemes }?.location?.line == 4)
    #expect(findings.first { $0.code == .auditHTTPOnly }?.location?.line == 6)
    #expect(findings.first { $0.code == .auditNoFile }?.file == "m.xml")
    // A wildcard and its root host, neither with a file: each finding at its own <data>.
    let both = try Self.audit(
      Self.verified(#"<data android:scheme="https" android:host="*.example.com"/>"#)
        + "\n" + Self.verified(#"<data android:scheme="https" android:host="example.com"/>"#),
      files: [:])
    #expect(both.first { $0.code == .auditWildcardWithoutRoot }?.location?.line == 5)
    #expect(both.first { $0.code == .auditNoFile }?.location?.line == 8)
  }

  @Test("the hosts whose files the audit reads: each once, a wildcard's root host")
  func fileHosts() throws {
    let text = """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example">
      <application><activity android:name=".Main">
      \(Self.verified(#"<data android:scheme="https" android:host="*.Example.com"/><data android:host="example.com"/>"#))
      \(Self.verified(#"<data android:scheme="https" android:host="shop.example.com"/>"#))
      <intent-filter>\(Self.web)<data android:scheme="https" android:host="unverified.example.com"/></intent-filter>
      </activity></application></manifest>
      """
    let manifest = try AndroidManifest.read(Array(text.utf8), file: "m.xml").manifest
    #expect(AndroidAudit.fileHosts(manifest) == ["example.com", "shop.example.com"])
  }
}

extension Substring {
  fileprivate var trimmed: String { String(drop { $0 == " " }) }
}
