import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// The app's configuration (`app.appID`, `app.urlSchemes`, `app.associatedDomains`,
/// `app.aasa`) and the facts computed from it (`schemeOwner`, `universalLink`).
@Suite("The app's configuration and the facts computed from it", .tags(.memory))
struct LinkFactTests {
  /// An AASA file for `TEAMID1234.com.example.app`: `/buy/*` excluded, `/item/*` matched.
  static let file =
    #"{"applinks":{"details":[{"appIDs":["TEAMID1234.com.example.app"],"components":[{"/":"/buy/*","exclude":true},{"/":"/item/*"}]}]}}"#

  static func app(
    schemes: [String]? = nil, appID: String? = "TEAMID1234.com.example.app",
    domains: [String]? = [
      "applinks:example.com"
    ],
    files: [String: String] = ["example.com": file]
  ) -> App {
    var app = App(appID: appID, urlSchemes: schemes, associatedDomains: domains)
    for (domain, json) in files { try? app.aasa.set(domain: domain, json: json.utf8) }
    return app
  }

  static let owners: [(name: String, schemes: [String]?, url: String?, expected: Situation.SchemeOwner)] = [
    ("schemes not given", nil, "myapp://x", .unknown),
    ("schemes not given, no URL", nil, nil, .unknown),
    ("no URL", ["myapp"], nil, .none),
    ("no scheme", ["myapp"], "myapp", .none),
    ("empty scheme", ["myapp"], "://x", .none),
    ("the app's own", ["other", "myapp"], "myapp://widget", .own),
    ("the app's own, other letter case", ["myApp"], "MYAPP:x", .own),
    ("another app's", ["myapp"], "otherapp://x", .other),
    ("the web's", ["myapp"], "https://example.com", .other),
    ("no schemes declared", [], "myapp://x", .other),
  ]

  @Test("schemeOwner: whose scheme a URL names", arguments: owners.map(\.name))
  func schemeOwner(_ name: String) throws {
    let row = try #require(Self.owners.first { $0.name == name })
    let situation = Situation(event: .open, app: App(urlSchemes: row.schemes))
    #expect(situation.schemeOwner(url: row.url) == row.expected)
  }

  static let verdicts:
    [(name: String, app: App, url: String?, os: String?, expected: Situation.UniversalLinkVerdict)] =
      [
        ("matched", app(), "https://example.com/item/1", nil, .match),
        ("excluded", app(), "https://example.com/buy/1", nil, .exclude),
        ("no pattern matches", app(), "https://example.com/about", nil, .noMatch),
        ("host letter case ignored", app(), "https://EXAMPLE.com/item/1", nil, .match),
        (
          "another app's ID", app(appID: "OTHER12345.com.example.other"), "https://example.com/item/1", nil,
          .noMatch
        ),
        ("not a web URL", app(), "myapp://item/1", nil, .noMatch),
        ("no URL", app(), nil, nil, .noMatch),
        (
          "domain not in the entitlement", app(domains: ["applinks:example.org"]),
          "https://example.com/item/1", nil, .noMatch
        ),
        (
          "a webcredentials entry does not count", app(domains: ["webcredentials:example.com"]),
          "https://example.com/item/1", nil, .noMatch
        ),
        (
          "developer mode suffix", app(domains: ["applinks:example.com?mode=developer"]),
          "https://example.com/item/1", nil, .match
        ),
        (
          "wildcard: the subdomain's own file",
          app(domains: ["applinks:*.example.com"], files: ["www.example.com": file]),
          "https://www.example.com/item/1", nil, .match
        ),
        (
          "wildcard: the parent's file (U-24)", app(domains: ["applinks:*.example.com"]),
          "https://www.example.com/item/1", nil, .match
        ),
        (
          "wildcard does not cover the apex (U-21)", app(domains: ["applinks:*.example.com"]),
          "https://example.com/item/1", nil, .noMatch
        ),
        (
          "no file for the domain", app(domains: ["applinks:example.org"], files: ["example.com": file]),
          "https://example.org/item/1", nil, .unknown
        ),
        ("appID not given", app(appID: nil), "https://example.com/item/1", nil, .unknown),
        ("entitlement not given", app(domains: nil), "https://example.com/item/1", nil, .unknown),
        ("no file given", app(files: [:]), "https://example.com/item/1", nil, .unknown),
        ("iOS 12 reads no components (U-8)", app(), "https://example.com/item/1", "12", .noMatch),
      ]

  /// A file that reaches every part of the matcher: query items, a fragment, case folding,
  /// percent decoding, a substitution variable, an exclusion, and a legacy `paths` detail.
  static let richFile = #"""
    {"applinks":{"substitutionVariables":{"kind":["shoe","hat"]},"details":[
    {"appIDs":["TEAMID1234.com.example.app"],"components":[
    {"/":"/buy/*","exclude":true},
    {"/":"/$(kind)/?*","?":{"size":"?*"},"caseSensitive":false},
    {"/":"/caf\u00e9/*","percentEncoded":false},
    {"/":"/item/*","#":"top"},
    {"/":"/a/*/b"}]},
    {"appID":"TEAMID1234.com.example.app","paths":["NOT /old/*","/old*","/legacy/*"]}]}}
    """#

  @Test(
    "universalLink decides as AASAMatcher.match on the same URL, in place on its bytes",
    .tags(.exhaustive, .memory))
  func universalLinkAgreesWithTheMatcher() throws {
    var app = Self.app(domains: ["applinks:example.com", "applinks:*.example.org"], files: [:])
    try app.aasa.set(domain: "example.com", json: Self.richFile.utf8)
    try app.aasa.set(domain: "example.org", json: Self.richFile.utf8)
    let hosts = [
      "example.com", "EXAMPLE.com", "user:pw@example.com:8443", "www.example.org", "Www.Example.ORG",
    ]
    let paths = [
      "", "/", "/buy/1", "/shoe/9", "/SHOE/9", "/hat/", "/caf%C3%A9/x", "/café/x", "/item/1", "/a/x/y/b",
      "/a/b",
      "/old/1", "/older", "/legacy/x", "/%zz",
    ]
    let tails = ["", "?size=4", "?size=", "?size=1&size=2", "?other=1", "#top", "#TOP", "?size=3#top", "?#"]
    var all: [(os: String, url: String)] = []
    // One version of each regime: legacy paths only, case folding and variables, decoding.
    for os in ["12", "13.5", "14"] {
      for scheme in ["https", "HTTP"] {
        for host in hosts {
          for path in paths {
            for tail in tails { all.append((os, "\(scheme)://\(host)\(path)\(tail)")) }
          }
        }
      }
    }
    #expect(all.count == 3 * 2 * hosts.count * paths.count * tails.count)
    var seen: Set<Situation.UniversalLinkVerdict> = []
    for (os, url) in Enumeration.sample(all, sampled: 600, seed: 107) {
      let version = try #require(OSVersion(parsing: os))
      let situation = Situation(event: .open, osVersion: version, app: app)
      let decided = situation.universalLink(url: url)
      let parsed = try AASAURL(parsing: url, file: "url")
      let domain = parsed.host.hasSuffix("example.org") ? "example.org" : "example.com"
      let file = try #require(app.aasa[domain])
      let expected: Situation.UniversalLinkVerdict =
        switch AASAMatcher.match(file, url: parsed, os: version).verdicts["TEAMID1234.com.example.app"] {
        case .match?: .match
        case .exclude?: .exclude
        case nil: .noMatch
        }
      #expect(decided == expected, "\(url) on iOS \(os)")
      seen.insert(decided)
    }
    #expect(seen == [.match, .exclude, .noMatch])
  }

  @Test("universalLink: the AASA verdict for this app", arguments: verdicts.map(\.name))
  func universalLink(_ name: String) throws {
    let row = try #require(Self.verdicts.first { $0.name == name })
    let situation = Situation(
      event: .open, osVersion: row.os.flatMap { OSVersion(parsing: $0) }, app: row.app)
    #expect(situation.universalLink(url: row.url) == row.expected)
  }

  @Test("the snapshot computes both facts from the URL the event reads, and a redirect's from its own")
  func snapshot() throws {
    var s = Situation(event: .open, app: Self.app(schemes: ["myapp"]))
    s.open.url = "https://example.com/item/1"
    let newest = OSVersion(clamping: 26)
    let facts = FactSnapshot(s, event: .open, defaultVersion: newest)
    #expect(facts.schemeOwner == .other && facts.universalLink == .match)
    let redirect = FactSnapshot(s, event: .open, url: "myapp://x", defaultVersion: newest)
    #expect(redirect.schemeOwner == .own && redirect.universalLink == .noMatch)
    #expect(facts.index(of: .schemeOwner) == Situation.SchemeOwner.other.index)
    #expect(Situation.SchemeOwner.allCases.map(\.index) == Array(Situation.SchemeOwner.allCases.indices))
    #expect(
      Situation.UniversalLinkVerdict.allCases.map(\.index)
        == Array(Situation.UniversalLinkVerdict.allCases.indices))
  }

  static let badInput: [(name: String, json: String, expected: [String])] = [
    (
      "appID of the wrong type", #"{"event":"open","app":{"appID":4}}"#,
      [#"situation.json:1:32: error: $.app.appID: expected a string or null, found a number [TR202]"#]
    ),
    (
      "urlSchemes not an array", #"{"event":"open","app":{"urlSchemes":"myapp"}}"#,
      [#"situation.json:1:37: error: $.app.urlSchemes: expected an array, found a string [TR202]"#]
    ),
    (
      "a scheme not a string", #"{"event":"open","app":{"urlSchemes":["a",true]}}"#,
      [#"situation.json:1:42: error: $.app.urlSchemes[1]: expected a string, found a boolean [TR202]"#]
    ),
    (
      "aasa not an object", #"{"event":"open","app":{"aasa":[]}}"#,
      [
        #"situation.json:1:31: error: $.app.aasa: expected an object from domain to apple-app-site-association document, found an array [TR202]"#
      ]
    ),
    (
      "a domain with a path", #"{"event":"open","app":{"aasa":{"example.com/x":{}}}}"#,
      [
        #"situation.json:1:32: error: $.app.aasa["example.com/x"]: "example.com/x" is not a domain name (a host: no scheme, port, path or space) [TR203]"#
      ]
    ),
    (
      "an AASA error, located in the situation",
      #"{"event":"open","app":{"aasa":{"example.com":{"applinks":{"details":[{"appIDs":["ABCDE12345.a"],"components":[{"/":"/$(food)"}]}]}}}}}"#,
      [
        #"situation.json:1:116: error: $.app.aasa["example.com"].applinks.details[0].components[0]["/"]: pattern "/$(food)": unknown substitution variable "food" (U-6) [TR706]"#
      ]
    ),
  ]

  @Test("bad configuration is a located error", arguments: badInput.map(\.name))
  func badConfiguration(_ name: String) throws {
    let row = try #require(Self.badInput.first { $0.name == name })
    #expect(situationErrors(row.json) == row.expected)
    #expect(throws: (any Error).self) { try JSONDecoder().decode(Situation.self, from: Data(row.json.utf8)) }
  }

  @Test("every reader and writer agrees on the configuration")
  func readersAndWriters() throws {
    let json =
      #"{"event":"open","app":{"appID":"TEAMID1234.com.example.app","urlSchemes":["myapp"],"associatedDomains":["applinks:example.com"],"aasa":{"Example.com":"#
      + Self.file + #"}},"open":{"url":"https://example.com/item/1","extensionPoint":"today"}}"#
    let strict = try #require(situation(json))
    #expect(strict.app == Self.app(schemes: ["myapp"]))
    #expect(strict.app.aasa.domains == ["example.com"])
    // The batch path reads the schemes and steps aside for the AASA file.
    #expect(Situation.parseCommon(Array(json.utf8)) == nil)
    let noFile = #"{"event":"open","app":{"appID":"A.b","urlSchemes":["myapp"],"associatedDomains":[]}}"#
    let fast = try #require(Situation.parseCommon(Array(noFile.utf8)))
    let strictNoFile = try Situation.parseStrictly(Array(noFile.utf8), file: "s").get()
    #expect(fast == strictNoFile)
    #expect(fast.unspecified == strictNoFile.unspecified)
    #expect(!fast.unspecified.contains(.schemeOwner) && fast.unspecified.contains(.universalLink))
    let decoded = try JSONDecoder().decode(Situation.self, from: Data(json.utf8))
    #expect(decoded == strict)
    let encoded = try JSONEncoder().encode(strict)
    #expect(try JSONDecoder().decode(Situation.self, from: encoded) == strict)
    #expect(situation(String(decoding: encoded, as: UTF8.self)) == strict)
    #expect(situation(strict.minimalJSON) == strict)
    #expect(strict.minimalJSON.contains(#""aasa":{"example.com":{"applinks":{"details":[{"appIDs":"#))
  }

  @Test("left-out configuration leaves the computed facts out, and assumed says so")
  func assumed() throws {
    let leftOut = Situation.leftOut(top: [], app: ["urlSchemes", "appID"], tap: nil, open: nil, event: .open)
    #expect(leftOut & Fact.schemeOwner.bit == 0 && leftOut & Fact.universalLink.bit != 0)
    let unknown = try #require(
      situation(#"{"event":"open","open":{"url":"otherapp://x","extensionPoint":"today"}}"#))
    let decision = try engine().decide(unknown)
    #expect(decision.rule == "open/today")
    #expect(decision.assumed.contains { $0.fact == .schemeOwner })
    var given = unknown
    given.app.urlSchemes = ["myapp"]
    given.unspecified.remove(.schemeOwner)
    #expect(!(try engine().decide(given).assumed.contains { $0.fact == .schemeOwner }))
  }

  @Test("a verifier witness realizes each value of the computed facts")
  func witnesses() {
    for (index, owner) in Situation.SchemeOwner.allCases.enumerated() where owner != .none {
      var s = Situation(event: .open, open: Open(url: "myapp://x"))
      s.realize(.schemeOwner, index: index)
      #expect(s.schemeOwner(url: s.open.url) == owner, "\(owner)")
    }
    for (index, verdict) in Situation.UniversalLinkVerdict.allCases.enumerated() {
      var s = Situation(event: .open, open: Open(url: "https://example.com/x"))
      s.realize(.universalLink, index: index)
      #expect(s.universalLink(url: s.open.url) == verdict, "\(verdict)")
    }
  }
}
