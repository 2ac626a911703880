import Foundation
import Testing

/// `taproute assetlinks check|match|diff` through the built binary: output, exit codes, --json.
@Suite("taproute assetlinks end to end")
struct AssetLinksCLITests {
  static let corpus = "Tests/AssetLinksCorpus"
  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  /// A corpus case's file text, written where the binary can read it.
  static func file(_ name: String) throws -> String {
    let data = try Data(contentsOf: Repo.root.appendingPathComponent("\(corpus)/\(name).json"))
    let lines = try #require(
      (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["lines"] as? [String])
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "assetlinks-\(name)-\(UUID()).json")
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    return url.path
  }

  @Test("check: clean exits 0, an error 1, an HTML page 2 with the reason")
  func check() throws {
    let clean = try Binary.run(["assetlinks", "check", try Self.file("canonical")])
    #expect(clean.status == 0 && clean.stdout.contains(": clean (1 statement, 1 app with App Links)\n"))
    let bad = try Binary.run(["assetlinks", "check", try Self.file("sha1-fingerprint")])
    #expect(bad.status == 1)
    #expect(bad.stdout.contains(":7:36: error: $[0].target.sha256_cert_fingerprints[0]: "))
    #expect(bad.stdout.contains("a SHA-1 fingerprint") && bad.stdout.contains("[TR806]"))
    let html = try Binary.run(["assetlinks", "check", try Self.file("html-page")])
    #expect(html.status == 2)
    #expect(
      html.stderr.contains("starts with '<': an HTML page, not JSON") && html.stderr.contains("[TR001]"))
  }

  @Test("check: a warning fails only under --strict; --json lists the diagnostics")
  func strictAndJSON() throws {
    let path = try Self.file("lowercase-fingerprint")
    #expect(try Binary.run(["assetlinks", "check", path]).status == 0)
    #expect(try Binary.run(["assetlinks", "check", "--strict", path]).status == 1)
    let json = try Binary.run(["assetlinks", "check", "--json", path])
    let list = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    let diagnostics = try #require(list.first?["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.map { $0["code"] as? String } == ["TR806"])
    #expect(list.first?["packages"] as? [String] == ["com.example"])
  }

  @Test("match: the deciding statement and component, exit 1 when a URL is excluded")
  func match() throws {
    let path = try Self.file("dynamic-exclude")
    let r = try Binary.run([
      "assetlinks", "match", path, "--package", "com.example", "--fingerprint", Self.fingerprint.lowercased(),
      "https://example.com/v/login1.php?type=c", "https://example.com/v/item",
    ])
    #expect(r.status == 1)
    #expect(r.stdout.hasPrefix("com.example \(Self.fingerprint): delegated by $[0]\n"))
    #expect(r.stdout.contains("https://example.com/v/login1.php?type=c: excluded ($[0] component [0])\n"))
    #expect(r.stdout.contains("https://example.com/v/item: allowed ($[0] component [1])\n"))
    #expect(r.stdout.contains("  manifest: not checked (--manifest FILE checks its intent filters)\n"))
    let allowed = try Binary.run([
      "assetlinks", "match", "--json", path, "--package", "com.example", "--fingerprint", Self.fingerprint,
      "https://example.com/v/item",
    ])
    #expect(allowed.status == 0)
    let line = try #require(
      try JSONSerialization.jsonObject(with: Data(allowed.stdout.utf8)) as? [String: Any])
    #expect(
      line["verdict"] as? String == "allowed" && line["component"] as? Int == 1
        && line["statement"] as? Int == 0)
  }

  @Test("match --manifest: a URL opens the app only if a verified intent filter takes it too (AND-17)")
  func matchWithManifest() throws {
    let file = Repo.root.appendingPathComponent("Examples/android/assetlinks.json").path
    let manifest = Repo.root.appendingPathComponent("Examples/android/AndroidManifest.xml").path
    let app = ["--package", "com.example.app", "--fingerprint", Self.fingerprint, "--manifest", manifest]
    let opens = try Binary.run(["assetlinks", "match", file] + app + ["https://example.com/item/1"])
    #expect(opens.status == 0, "\(opens.stderr)")
    #expect(
      opens.stdout.contains(
        "  manifest: com.example.app.MainActivity takes it (intent filter [0], autoVerify)\n"))
    // A URL the dynamic rules allow but no filter takes, and one the filter takes but the rules
    // exclude: neither opens the app.
    let r = try Binary.run(
      ["assetlinks", "match", "--json", file] + app + [
        "https://example.com/item/draft/2", "https://example.com/about",
      ])
    #expect(r.status == 1)
    let lines = try r.stdout.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(lines.map { $0["verdict"] as? String } == ["excluded", "unmatched"])
    #expect(lines.map { $0["manifestActivities"] as? [String] } == [["com.example.app.MainActivity"], []])
    let text = try Binary.run(["assetlinks", "match", file] + app + ["https://example.com/about"])
    #expect(text.stdout.contains("  manifest: no intent filter with autoVerify takes it"))
    #expect(text.stdout.contains("path /about matches none of the filter's path rules"))
    // Another package: said on standard error; a binary manifest: exit 2, named.
    let other = try Binary.run(
      [
        "assetlinks", "match", file, "--package", "com.example.other", "--fingerprint", Self.fingerprint,
        "--manifest", manifest,
      ])
    #expect(
      other.stderr.contains(
        "note: the manifest's package is com.example.app, not --package com.example.other"))
    let binary = FileManager.default.temporaryDirectory.appendingPathComponent(
      "binary-manifest-\(UUID().uuidString).xml")
    try Data([0x03, 0x00, 0x08, 0x00, 0x10, 0x00]).write(to: binary)
    defer { try? FileManager.default.removeItem(at: binary) }
    let refused = try Binary.run(
      [
        "assetlinks", "match", file, "--package", "com.example.app", "--fingerprint", Self.fingerprint,
        "--manifest", binary.path, "https://example.com/item/1",
      ])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("[TR822]") && refused.stdout.isEmpty)
  }

  @Test("match: another fingerprint is not delegated (exit 1); a bad fingerprint or URL is exit 2")
  func matchRefusals() throws {
    let path = try Self.file("upload-key-only")
    let other = try Binary.run([
      "assetlinks", "match", path, "--package", "com.example", "--fingerprint", Self.fingerprint,
    ])
    #expect(other.status == 1 && other.stdout.contains("other fingerprints only"))
    let badPrint = try Binary.run([
      "assetlinks", "match", path, "--package", "com.example", "--fingerprint", "14:6D",
    ])
    #expect(badPrint.status == 2 && badPrint.stderr.contains("--fingerprint expects 32 hex pairs"))
    let badURL = try Binary.run([
      "assetlinks", "match", path, "--package", "com.example", "--fingerprint", Self.fingerprint,
      "example.com/x",
    ])
    #expect(badURL.status == 2 && badURL.stderr.contains("[TR810]"))
    let broken = try Binary.run([
      "assetlinks", "match", try Self.file("root-object"), "--package", "com.example", "--fingerprint",
      Self.fingerprint,
    ])
    #expect(broken.status == 2 && broken.stderr.contains("[TR801]"))
  }

  @Test("diff: a URL whose verdict changes, and an app that loses App Links")
  func diff() throws {
    let old = try Self.file("canonical")
    let new = try Self.file("dynamic-exclude")
    let r = try Binary.run(["assetlinks", "diff", old, new, "https://example.com/w/home"])
    #expect(r.status == 1)
    #expect(
      r.stdout.contains(
        "https://example.com/w/home: com.example \(Self.fingerprint): noDynamicRules -> unmatched\n"))
    #expect(r.stdout.contains("(witness): com.example \(Self.fingerprint): noDynamicRules -> excluded\n"))
    let lost = try Binary.run(["assetlinks", "diff", "--json", old, try Self.file("upload-key-only")])
    let changes = try #require(
      try JSONSerialization.jsonObject(with: Data(lost.stdout.utf8)) as? [[String: Any]])
    #expect(
      changes.contains {
        $0["fingerprint"] as? String == Self.fingerprint && $0["new"] as? String == "notDelegated"
      })
    #expect(try Binary.run(["assetlinks", "diff", old, old]).status == 0)
  }
}
