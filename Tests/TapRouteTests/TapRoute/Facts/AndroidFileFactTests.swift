import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute

/// An Android app's files in a situation (`android.manifest`, `android.fingerprints`,
/// `android.assetlinks`) and the Android facts computed from them where the document leaves
/// them out: each row's expectation comes from the evidence its name cites.
@Suite("An Android app's files and the facts computed from them")
struct AndroidFileFactTests {
  static let appSigning =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
  static let upload = "AB:" + String(repeating: "CD:", count: 30) + "EF"

  /// One activity whose `autoVerify` filter takes https://example.com/item/..., and one whose
  /// filter takes /help/ but lacks BROWSABLE.
  static let manifest = """
    <?xml version="1.0" encoding="utf-8"?>
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app">
      <application>
        <activity android:name=".ItemActivity" android:exported="true">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" />
            <data android:host="example.com" />
            <data android:host="*.example.org" />
            <data android:pathPrefix="/item/" />
          </intent-filter>
        </activity>
        <activity android:name=".HelpActivity" android:exported="true">
          <intent-filter>
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <data android:scheme="https" android:host="example.com" android:pathPrefix="/help/" />
          </intent-filter>
        </activity>
      </application>
    </manifest>
    """

  /// Grants the app signed with the app-signing key; drafts excluded by a dynamic rule.
  static let assetlinks = """
    [{"relation":["delegate_permission/common.handle_all_urls"],
      "target":{"namespace":"android_app","package_name":"com.example.app","sha256_cert_fingerprints":["\(appSigning)"]},
      "relation_extensions":{"delegate_permission/common.handle_all_urls":{"dynamic_app_link_components":[
        {"/":"/item/draft/*","exclude":true},{"/":"/item/*"}]}}}]
    """

  static func situation(
    _ url: String, os: String = "15", fingerprints: [String] = [appSigning],
    files: [String] = ["example.com", "example.org"],
    extra: String = ""
  ) -> String {
    let android: [String: Any] = [
      "manifest": manifest, "fingerprints": fingerprints,
      "assetlinks": Dictionary(uniqueKeysWithValues: files.map { ($0, "@@") }),
    ]
    var text = String(
      decoding: (try? JSONSerialization.data(withJSONObject: android, options: [.sortedKeys])) ?? Data(),
      as: UTF8.self)
    text = text.replacingOccurrences(of: "\"@@\"", with: assetlinks)
    if !extra.isEmpty { text = String(text.dropLast()) + "," + extra + "}" }
    return
      #"{"event":"link","platform":"android","osVersion":"\#(os)","link":{"url":"\#(url)","from":"chrome"},"android":"#
      + text + "}"
  }

  typealias Android = Situation.Android
  static let rows:
    [(
      name: String, json: String, filter: Android.Filter, state: Android.DomainState, all: Bool,
      rule: Android.DynamicRule, outcome: Outcome
    )] = [
      (
        "AND-3, AND-8: the verified filter and a file granting the app's key: the app",
        situation("https://example.com/item/1"), .autoVerify, .verified, true, .allow, .appLaunch
      ),
      (
        "AND-14, AND-47: a build signed with the upload key only: not verified, the browser from 12",
        situation("https://example.com/item/1", fingerprints: [upload]), .autoVerify, .verifierCode, false,
        .none,
        .browser
      ),
      (
        "AND-16, AND-17: a dynamic rule excludes drafts on Android 15: the browser",
        situation("https://example.com/item/draft/2"), .autoVerify, .verified, true, .exclude, .browser
      ),
      (
        "AND-17: earlier versions ignore dynamic rules: the app on 14",
        situation("https://example.com/item/draft/2", os: "14"), .autoVerify, .verified, true, .exclude,
        .appLaunch
      ),
      (
        "AND-3, AND-37: a path outside every filter: the browser",
        situation("https://example.com/about"), .none, .verified, true, .none, .browser
      ),
      (
        "AND-4: a filter without BROWSABLE takes no link tapped in a browser",
        situation("https://example.com/help/x"), .notBrowsable, .verified, true, .none, .browser
      ),
      (
        "AND-10: a wildcard host verifies with the root's file",
        situation("https://shop.example.org/item/1"), .autoVerify, .verified, true, .allow, .appLaunch
      ),
      (
        "AND-9: a host of the filters without a file granting the app: not all hosts verified",
        situation("https://example.com/item/1", files: ["example.com"]), .autoVerify, .verified, true, .allow,
        .appLaunch
      ),
      (
        "AND-23: a state the document states wins over the files",
        situation("https://example.com/item/1", extra: #""domainState":"denied""#), .autoVerify, .denied,
        true,
        .allow, .browser
      ),
    ]

  @Test("the facts the files decide, and the outcome", arguments: rows.indices)
  func row(_ i: Int) throws {
    let row = Self.rows[i]
    let situation = try Situation(json: row.json.utf8)
    #expect(situation.android.filter == row.filter, "\(row.name)")
    #expect(situation.android.domainState == row.state, "\(row.name)")
    #expect(situation.android.dynamicRule == row.rule, "\(row.name)")
    if !row.name.hasPrefix("AND-9") { #expect(situation.android.allHostsVerified == row.all, "\(row.name)") }
    #expect(Engine.builtIn.decide(situation).outcome == row.outcome, "\(row.name)")
    // A computed fact is not assumed.
    #expect(!situation.unspecified.contains(.filter), "\(row.name)")
  }

  @Test("AND-9: a host of the app's verified filters without a file leaves allHostsVerified as stated")
  func missingHostFile() throws {
    let situation = try Situation(
      json: Self.situation("https://example.com/item/1", files: ["example.com"]).utf8)
    // example.org's file is not given: unknown, so the default stands and the fact stays assumed.
    #expect(situation.androidFileFacts?.allHostsVerified == nil)
    #expect(situation.unspecified.contains(.allHostsVerified))
    let failing = try Situation(
      json: Self.situation("https://example.com/item/1", fingerprints: [Self.upload]).utf8)
    #expect(failing.androidFileFacts?.allHostsVerified == false)
  }

  @Test("the files' facts name the activity and say why")
  func reasons() throws {
    let facts = try #require(
      try Situation(json: Self.situation("https://example.com/item/1").utf8).androidFileFacts)
    #expect(facts.activity == "com.example.app.ItemActivity")
    #expect(facts.reasons.count == 4)
    #expect(
      facts.reasons.contains { $0.hasPrefix("domainState verified: example.com's assetlinks.json $[0]") })
    let upload = try #require(
      try Situation(json: Self.situation("https://example.com/item/1", fingerprints: [Self.upload]).utf8)
        .androidFileFacts)
    #expect(upload.reasons.contains { $0.contains("other fingerprints only") })
  }

  @Test("built in Swift: the files apply when asked, and round-trip through both JSON forms")
  func swiftAndCodable() throws {
    var situation = Situation(event: .link, platform: .android, osVersion: OSVersion(parsing: "15"))
    situation.link.url = "https://example.com/item/draft/1"
    situation.android.manifest = try Situation.AndroidManifestText(xml: Self.manifest)
    situation.android.fingerprints = [Self.appSigning.lowercased()]
    try situation.android.assetlinks.set(domain: "Example.com", json: Self.assetlinks.utf8)
    #expect(situation.android.dynamicRule == .none)
    situation.applyAndroidFiles()
    #expect(situation.android.dynamicRule == .exclude)
    #expect(Engine.builtIn.decide(situation).outcome == .browser)
    #expect(situation.android.assetlinks.domains == ["example.com"])

    let encoded = try JSONEncoder().encode(situation)
    #expect(try JSONDecoder().decode(Situation.self, from: encoded) == situation)
    #expect(try Situation(json: Array(situation.minimalJSON.utf8)) == situation)
  }

  static let badInput: [(name: String, android: String, expected: String)] = [
    (
      "a fingerprint that is not SHA-256", #"{"fingerprints":["AB:CD"]}"#,
      #"$.android.fingerprints[0]: "AB:CD" is not a SHA-256 certificate fingerprint"#
    ),
    (
      "assetlinks without fingerprints",
      #"{"packageName":"com.example.app","assetlinks":{"example.com":[]}}"#,
      "$.android.assetlinks: the assetlinks files are matched against the app: give fingerprints"
    ),
    (
      "assetlinks not an object", #"{"assetlinks":[]}"#,
      "$.android.assetlinks: expected an object from domain to assetlinks.json document, found an array [TR202]"
    ),
    (
      "an assetlinks document that is not an array", #"{"assetlinks":{"example.com":{}}}"#,
      #"$.android.assetlinks["example.com"]: expected an array of statements, found an object"#
    ),
    (
      "a manifest that is not XML", #"{"manifest":"<manifest"}"#,
      "$.android.manifest: line 1, column"
    ),
    (
      "a manifest with a placeholder left unexpanded",
      #"{"manifest":"<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\" package=\"a.b\"><application><activity android:name=\".A\"><intent-filter><data android:host=\"${host}\"/></intent-filter></activity></application></manifest>"}"#,
      "${host}"
    ),
    (
      "a packageName that is not the manifest's",
      #"{"packageName":"com.other","manifest":"<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\" package=\"com.example.app\"/>"}"#,
      #"$.android.packageName: packageName "com.other" is not the manifest's package "com.example.app""#
    ),
    (
      "a manifest of the wrong type", #"{"manifest":4}"#,
      "expected a string (the AndroidManifest.xml text) or null"
    ),
  ]

  @Test("bad files are refused at their place in the situation", arguments: badInput.map(\.name))
  func badFiles(_ name: String) throws {
    let row = try #require(Self.badInput.first { $0.name == name })
    let json =
      #"{"event":"link","platform":"android","link":{"url":"https://example.com/item/1"},"android":"#
      + row.android + "}"
    #expect(throws: DiagnosticsError.self) { try Situation(json: json.utf8) }
    do {
      _ = try Situation(json: json.utf8)
    } catch {
      #expect(error.diagnostics.contains { $0.description.contains(row.expected) }, "\(error.diagnostics)")
    }
  }
}

/// Chrome's `intent:` URLs (AND-35): the fact `intentURL` and the fallback a rule names.
@Suite("Chrome's intent: URLs and their fallback")
struct IntentURLTests {
  static let rows: [(url: String?, fact: Situation.IntentURL, fallback: String?)] = [
    (nil, .none, nil),
    ("https://example.com/item/1", .none, nil),
    ("myapp://item/1", .none, nil),
    ("intent://item/1#Intent;scheme=myapp;end", .withoutFallback, nil),
    (
      "INTENT://item/1#Intent;scheme=myapp;S.browser_fallback_url=https%3A%2F%2Fexample.com%2Fx%3Fa%3D1;end",
      .withFallback,
      "https://example.com/x?a=1"
    ),
    (
      "intent:#Intent;S.browser_fallback_url=https%3A%2F%2Fexample.com%2F;package=com.example.app;end",
      .withFallback,
      "https://example.com/"
    ),
    // An entry after `end` is not the intent's; an empty or badly escaped value is no fallback.
    (
      "intent://x#Intent;scheme=a;end;S.browser_fallback_url=https%3A%2F%2Fexample.com%2F", .withoutFallback,
      nil
    ),
    ("intent://x#Intent;S.browser_fallback_url=;end", .withoutFallback, nil),
    ("intent://x#Intent;S.browser_fallback_url=%zz;end", .withoutFallback, nil),
    ("intent://x#Intent;S.browser_fallback_url=%FF;end", .withoutFallback, nil),
    ("intent://x#Other;S.browser_fallback_url=https%3A%2F%2Fexample.com%2F;end", .withoutFallback, nil),
    ("intentional://x", .none, nil),
  ]

  @Test("the fact and the fallback URL of each form", arguments: rows.indices)
  func row(_ i: Int) {
    let row = Self.rows[i]
    var situation = Situation(event: .link, platform: .android)
    situation.link.url = row.url
    #expect(situation.intentURL(url: row.url) == row.fact, "\(row.url ?? "nil")")
    #expect(situation.browserFallbackURL == row.fallback, "\(row.url ?? "nil")")
    #expect(situation.hasOtherURL == (row.fallback != nil))
  }

  @Test("a witness realizes each value from a custom scheme's URL")
  func realize() {
    for value in Situation.IntentURL.allCases {
      var situation = Situation(event: .link, platform: .android)
      situation.link.url = "myapp://item/1"
      situation.realize(.intentURL, index: value.index)
      #expect(situation.intentURL(url: situation.link.url) == value, "\(value)")
      #expect(URLSchemeClass.classify(situation.link.url) == .other)
    }
  }
}
