import Foundation
import Testing

/// `taproute audit --manifest` through the built binary: the examples, exit codes, --json, and
/// bad input refused with a located message and exit 2.
@Suite("taproute audit --manifest end to end")
struct AndroidAuditCLITests {
  static let key =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
  static let upload =
    "0B:30:55:7A:9F:C4:E9:0E:33:58:7D:A2:C7:EC:11:36:5B:80:A5:CA:EF:14:39:5E:83:A8:CD:F2:17:3C:61:86"
  static let example = ["audit", "--manifest", "Examples/android/AndroidManifest.xml", "--fingerprint", key]
  static let broken = [
    "audit", "--manifest", "Examples/android/broken/AndroidManifest.xml", "--assetlinks-dir",
    "Examples/android/broken/assetlinks", "--fingerprint", key, "--upload-fingerprint", upload,
  ]

  /// A file with `text` in a fresh temporary directory; the path.
  static func temporary(_ name: String, _ text: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("android-audit-\(UUID())")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  /// `line:column` of the first line of the repository file at `path` containing `marker`, or
  /// of the line `lines` below it, at its first non-blank character: positions read from the
  /// example itself, not pinned here.
  static func position(_ path: String, after marker: String, lines: Int = 0) throws -> String {
    let text = try String(contentsOf: Repo.root.appendingPathComponent(path), encoding: .utf8)
    let all = text.split(separator: "\n", omittingEmptySubsequences: false)
    let index = try #require(all.firstIndex { $0.contains(marker) }) + lines
    let line = try #require(index < all.count ? all[index] : nil)
    return "\(index + 1):\(line.prefix { $0 == " " }.count + 1)"
  }

  @Test("the example app audits clean: exit 0")
  func clean() throws {
    let r = try Binary.run(Self.example + ["--assetlinks-dir", "Examples/android/assetlinks"])
    #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    #expect(r.stdout == "audit: 0 errors, 0 warnings, 0 notes\n")
    #expect(r.stderr.isEmpty)
  }

  @Test("the broken example shows every finding: exit 1, located lines, --json with the same findings")
  func broken() throws {
    let r = try Binary.run(Self.broken)
    #expect(r.status == 1, "\(r.stderr)")
    for code in [
      "TR840", "TR841", "TR842", "TR843", "TR844", "TR845", "TR846", "TR847", "TR848", "TR849", "TR850",
    ] {
      #expect(r.stdout.contains("[\(code)]\n"), "\(code) missing in:\n\(r.stdout)")
    }
    #expect(r.stdout.contains("[TR806]\n"), "the file's own error is carried")
    let manifest = "Examples/android/broken/AndroidManifest.xml"
    let filter = try Self.position(manifest, after: "<!-- TR840", lines: 1)
    #expect(r.stdout.contains("\(manifest):\(filter): error: this autoVerify filter mixes"))
    let upload = "Examples/android/broken/assetlinks/uploadkey.example.com.json"
    let statement = try Self.position(upload, after: "{")
    #expect(r.stdout.contains("\(upload):\(statement): error: $[0].target.sha256_cert_fingerprints: "))
    #expect(r.stdout.hasSuffix("audit: 8 errors, 3 warnings, 1 note\n"), "\(r.stdout)")
    let json = try Binary.run(Self.broken + ["--json"])
    #expect(json.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let findings = try #require(object["findings"] as? [[String: Any]])
    #expect(object["errors"] as? Int == 8)
    #expect(findings.count == 12)
    #expect(findings.contains { $0["code"] as? String == "TR848" && $0["severity"] as? String == "error" })
  }

  @Test("without a file for the host: exit 1, TR844; the package from the manifest")
  func noFile() throws {
    let r = try Binary.run(Self.example)
    #expect(r.status == 1)
    let host = try Self.position(
      "Examples/android/AndroidManifest.xml", after: "android:host=\"example.com\"")
    #expect(
      r.stdout.contains(
        "AndroidManifest.xml:\(host): error: no assetlinks.json for example.com (none given or fetched)"))
    // --package over the manifest's: the file is checked for it, the difference noted.
    let other = try Binary.run(
      Self.example + ["--assetlinks-dir", "Examples/android/assetlinks", "--package", "com.example.other"])
    #expect(other.status == 1)
    #expect(
      other.stderr.contains(
        "note: the manifest's package is com.example.app, not --package com.example.other"))
    #expect(
      other.stdout.contains("to com.example.other, so example.com is not verified")
        && other.stdout.contains("[TR845]"))
  }

  @Test(
    "bad input: exit 2 with a located message",
    arguments: [
      (
        ["--manifest", "Examples/android/AndroidManifest.xml", "--extension", "x.plist"], "exclude each other"
      ),
      (["--fingerprint", key], "taproute audit: --extension PATH is required, or --manifest FILE"),
      (["--manifest", "no/such/AndroidManifest.xml", "--fingerprint", key], "no/such/AndroidManifest.xml"),
      (
        ["--manifest", "Examples/android/AndroidManifest.xml", "--fingerprint", "14:6D"],
        "--fingerprint expects 32 hex pairs"
      ),
      (["--manifest", "Examples/android/AndroidManifest.xml"], "--manifest needs --fingerprint SHA256"),
      (
        [
          "--manifest", "Examples/android/AndroidManifest.xml", "--fingerprint", key, "--assetlinks-dir",
          "no/such/dir",
        ],
        "no/such/dir: error: cannot read the directory"
      ),
      (
        [
          "--manifest", "Examples/android/AndroidManifest.xml", "--fingerprint", key, "--container",
          "x.plist",
        ],
        "--container is for an audit with --extension, not --manifest"
      ),
      (
        ["--extension", "x.plist", "--fingerprint", key],
        "--fingerprint is for an audit with --manifest, not --extension"
      ),
    ])
  func refused(_ arguments: [String], _ message: String) throws {
    let r = try Binary.run(["audit"] + arguments)
    #expect(r.status == 2)
    #expect(r.stderr.contains(message), "\(r.stderr)")
    #expect(r.stdout.isEmpty)
  }

  @Test("a malformed manifest, one without a package, a file that is not JSON: exit 2, located")
  func malformed() throws {
    let xml = try Self.temporary(
      "AndroidManifest.xml",
      "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\">\n  <application>\n  </activity>\n</manifest>\n"
    )
    let bad = try Binary.run(["audit", "--manifest", xml, "--fingerprint", Self.key])
    #expect(bad.status == 2)
    #expect(
      bad.stderr.contains("\(xml):3:") && bad.stderr.contains("malformed XML")
        && bad.stderr.contains("[TR820]"))
    let nameless = try Self.temporary(
      "AndroidManifest.xml", #"<manifest xmlns:android="http://schemas.android.com/apk/res/android"/>"#)
    let unnamed = try Binary.run(["audit", "--manifest", nameless, "--fingerprint", Self.key])
    #expect(unnamed.status == 2 && unnamed.stderr.contains("--package NAME is required"), "\(unnamed.stderr)")
    let html = try Self.temporary("example.com", "<html></html>")
    let dir = URL(fileURLWithPath: html).deletingLastPathComponent().path
    let notJSON = try Binary.run(Self.example + ["--assetlinks-dir", dir, "--json"])
    #expect(notJSON.status == 2)
    #expect(notJSON.stderr.contains("\(html):1:1: error: $: starts with '<'"), "\(notJSON.stderr)")
    let errors = try #require(
      try JSONSerialization.jsonObject(with: Data(notJSON.stdout.utf8)) as? [String: Any])
    #expect(errors["errors"] != nil)
  }
}
