import Foundation
import TapRouteReference
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// The `link` event (issue 25, items 3 and 4): a plain link followed, decided by the
/// library, the generated engine and the CLI's explain, matrix and observe.
@Suite("The link event (issue 25)")
struct LinkEventTests {
  static func decide(_ json: String) throws -> Decision {
    try Engine.builtIn.decide(Situation.parse(Array(json.utf8), file: "s").get())
  }

  static let app =
    #""app":{"appID":"TEAMID1234.com.example.app","urlSchemes":["myapp"],"associatedDomains":["applinks:example.com"],"aasa":{"example.com":{"applinks":{"details":[{"appIDs":["TEAMID1234.com.example.app"],"components":[{"/":"/buy/*","exclude":true},{"/":"/item/*"}]}]}}}}"#

  @Test("the event alone decides, and link.from defaults to messages")
  func eventAloneDecides() throws {
    let alone = try Self.decide(#"{"event":"link"}"#)
    #expect(alone.outcome == .nothing && alone.rule == "link/no-link")
    #expect(alone.assumed.contains { $0.fact == .urlClass })
    let situation = try Situation.parse(
      Array(#"{"event":"link","link":{"url":"https://a.example"}}"#.utf8), file: "s"
    )
    .get()
    #expect(situation.link.from == .messages && situation.link.senderKnown && !situation.link.safariChosen)
    // Not given, `from` is assumed to be messages: an unknown sender then stops the link (M-4).
    let unknown = try Self.decide(#"{"event":"link","link":{"url":"https://a.example","senderKnown":false}}"#)
    #expect(unknown.rule == "link/messages-unknown-sender" && unknown.outcome == .nothing)
    #expect(unknown.assumed.contains { $0.fact == .from })
    let mail = try Self.decide(
      #"{"event":"link","link":{"url":"https://a.example","from":"mail","senderKnown":false}}"#)
    #expect(mail.rule != "link/messages-unknown-sender")
  }

  @Test("the app's own scheme opens it with the URL; another app's scheme opens that app")
  func schemes() throws {
    let own = try Self.decide(#"{"event":"link",\#(Self.app),"link":{"url":"MyApp://item/1"}}"#)
    #expect(own.outcome == .containerLaunch && own.rule == "link/own-scheme" && own.delivery?.handoff == .url)
    #expect(own.appCallbacks?.isEmpty == false)
    let other = try Self.decide(#"{"event":"link",\#(Self.app),"link":{"url":"otherapp://item/1"}}"#)
    #expect(other.outcome == .otherAppLaunch && other.rule == "link/other-scheme")
    let gone = try Self.decide(
      #"{"event":"link","app":{"urlSchemes":["myapp"],"installed":false},"link":{"url":"myapp://item/1"}}"#)
    #expect(gone.outcome == .nothing && gone.rule == "link/own-scheme-not-installed")
  }

  @Test("the AASA file decides a web link: match, exclude, and the places that never open the app")
  func universalLinks() throws {
    let match = try Self.decide(#"{"event":"link",\#(Self.app),"link":{"url":"https://example.com/item/1"}}"#)
    #expect(match.rule == "link/universal-link" && match.delivery?.handoff == .universalLink)
    let excluded = try Self.decide(
      #"{"event":"link",\#(Self.app),"link":{"url":"https://example.com/buy/1"}}"#)
    #expect(excluded.rule == "link/no-universal-link" && excluded.outcome == .browser)
    for from in ["typed", "scriptRedirect", "safariSameDomain", "safariViewController"] {
      let d = try Self.decide(
        #"{"event":"link",\#(Self.app),"link":{"url":"https://example.com/item/1","from":"\#(from)"}}"#)
      #expect(d.outcome == .browser, "\(from)")
    }
    let chosen = try Self.decide(
      #"{"event":"link",\#(Self.app),"link":{"url":"https://example.com/item/1","safariChosen":true}}"#)
    #expect(chosen.rule == "link/safari-chosen")
    let webView = try Self.decide(
      #"{"event":"link",\#(Self.app),"link":{"url":"https://example.com/item/1","from":"webView"}}"#)
    #expect(webView.confidence == .contested && webView.outcome == .containerLaunch)
    #expect(try #require(webView.alternatives).map(\.outcome) == [.browser])
    let unknown = try Self.decide(#"{"event":"link","link":{"url":"https://example.com/item/1"}}"#)
    #expect(unknown.rule == "link/universal-link-unknown" && unknown.outcome == .browser)
    #expect(try #require(unknown.alternatives).map(\.outcome) == [.containerLaunch])
  }

  @Test("issue 25's cases: a Today widget opens its own scheme's app; a Messages extension any scheme")
  func issueCases() throws {
    let today = try Self.decide(
      #"{"event":"open","open":{"url":"myapp://widget","extensionPoint":"today"},"app":{"urlSchemes":["myapp"]}}"#
    )
    #expect(today.outcome == .containerLaunch && today.rule == "open/today-own-scheme")
    for scheme in ["myapp", "otherapp", "x"] {
      let messages = try Self.decide(
        #"{"event":"open","open":{"url":"\#(scheme)://a"},"app":{"urlSchemes":["myapp"]}}"#)
      #expect(
        messages.outcome == .containerLaunch && messages.rule == "open/messages-any-scheme", "\(scheme)")
    }
  }

  @Test("the generated engine decides every link fixture as the interpreter does")
  func generatedEngine() throws {
    let interpreted = try engine()
    let generated = Engine.builtIn
    let fixtures = interpreted.policies.fixtures.filter { $0.situation.event == .link }
    #expect(fixtures.count == 84)
    for fixture in fixtures {
      #expect(generated.decide(fixture.situation) == interpreted.decide(fixture.situation), "\(fixture.name)")
    }
  }

  @Test("explain, matrix over link.from, and observe run on a link (the binary)")
  func commandLine() throws {
    let situation = #"{"event":"link",\#(Self.app),"link":{"url":"https://example.com/item/1"}}"#
    let explain = try Binary.run(["explain", "-"], stdin: situation)
    #expect(explain.status == 0)
    #expect(explain.stdout.contains("rule:         link/universal-link\n"))
    #expect(explain.stdout.contains("U-4 (documented)"))
    let matrix = try Binary.run(["matrix", "--vary", "from", "--json", "-"], stdin: situation)
    #expect(matrix.status == 0, "\(matrix.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(matrix.stdout.utf8)) as? [String: Any])
    let rows = try #require(object["rows"] as? [[String: Any]])
    let rules = Set(rows.compactMap { $0["rule"] as? String })
    #expect(
      rules == [
        "link/universal-link", "link/safari-same-domain", "link/safari-view-controller", "link/web-view",
        "link/typed", "link/script-redirect", "link/sfsvc-host-opened", "link/instagram-opened",
        "link/facebook-opened", "link/in-app-browser-opened", "link/own-app-open",
        "link/default-browser-opener",
        "link/other-browser",
      ])
    let observe = try Binary.run(["observe", "Policies/observations/m-1-messages-universal-link.json"])
    #expect(observe.status == 0)
    #expect(
      observe.stdout.contains("-> link/universal-link (inferred)"), "the delivery step is inferred (U-43)")
  }

  @Test("the universal-links article's link example decides as the article says")
  func article() throws {
    let text = try String(
      contentsOf: Repo.root.appendingPathComponent("Sources/TapRoute/TapRoute.docc/UniversalLinks.md"),
      encoding: .utf8)
    let json = try #require(
      text.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "\n```").first)
    var app = Situation.App(
      appID: "ABCDE12345.com.example.app", urlSchemes: ["myapp"], associatedDomains: ["applinks:example.com"])
    try app.aasa.set(domain: "example.com", json: Array(json.utf8))
    let link = Situation(
      event: .link, app: app, link: Situation.Link(url: "https://example.com/help/a?articleNumber=1234"))
    let rule = try #require(Engine.builtIn.decide(link).rule)
    #expect(text.contains("try Engine.builtIn.decide(link).rule  // \"\(rule)\""))
    #expect(rule == "link/universal-link")
  }

  /// The places a link is followed that the first enumeration walks: those whose rules read
  /// the sender, the preview and the App Clip; the apps that host links are walked by
  /// `enumeratedHostLinks` over the facts their rules read instead.
  static let placeSources: [Situation.Link.Source] = [
    .messages, .mail, .notes, .safariCrossDomain, .safariSameDomain, .safariViewController, .webView,
    .otherAppOpen, .typed, .scriptRedirect,
  ]

  /// Every combination of the facts the host rules read (IAB-2 to IAB-21): each app that hosts a
  /// link, SFSafariViewController and a web view, on a page or not, each way the tap reaches the
  /// URL, install state, the Safari choice, what the device has of the AASA file and how, and a
  /// URL the file matches, excludes, does not list, the app's scheme or an IDN domain, with the
  /// configuration given or unknown.
  static func enumeratedHostLinks() throws -> [Situation] {
    let file =
      #"{"applinks":{"details":[{"appIDs":["TEAMID1234.com.example.app"],"components":[{"/":"/buy/*","exclude":true},{"/":"/item/*"}]}]}}"#
    var full = Situation.App(
      appID: "TEAMID1234.com.example.app", urlSchemes: ["myapp"], associatedDomains: ["applinks:example.com"])
    try full.aasa.set(domain: "example.com", json: Array(file.utf8))
    let sources =
      // The host apps on Apple's platforms (Chrome and a Custom Tab are Android's places).
      Situation.Link.Source.allCases.filter {
        !placeSources.contains($0) && $0 != .chrome && $0 != .customTab
      } + [
        .safariViewController, .webView,
      ]
    let urls = [
      "myapp://item/1", "https://example.com/item/1", "https://example.com/buy/1",
      "https://other.example/item/1", "https://xn--montral-fya.ca/item/1",
    ]
    var out: [Situation] = []
    for var app in [Situation.App(), full] {
      for installed in [true, false] {
        app.installed = installed
        for from in sources {
          for onPage in [false, true] {
            for via in Situation.Link.Via.allCases {
              for safariChosen in [false, true] {
                for onDevice in Situation.Link.AASAOnDevice.allCases {
                  for mode in [Situation.Link.AssociatedDomainsMode.standard, .developer] {
                    for url in urls {
                      out.append(
                        Situation(
                          event: .link, app: app,
                          link: Situation.Link(
                            url: url, from: from, onPage: onPage, via: via, safariChosen: safariChosen,
                            aasaOnDevice: onDevice, associatedDomainsMode: mode)))
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return out
  }

  /// Every combination of the facts the link table tests: platform, a version on each side
  /// of iOS 14 (A-1), install state, each source, sender, Safari choice, App Clip, a URL of
  /// each kind (none, no scheme, data, the app's scheme, another's, a web link the file
  /// matches, excludes or does not list) and three configurations (none, schemes only, all).
  static func enumeratedLinks() throws -> [Situation] {
    let file =
      #"{"applinks":{"details":[{"appIDs":["TEAMID1234.com.example.app"],"components":[{"/":"/buy/*","exclude":true},{"/":"/item/*"}]}]}}"#
    var full = Situation.App(
      appID: "TEAMID1234.com.example.app", urlSchemes: ["myapp"], associatedDomains: ["applinks:example.com"])
    try full.aasa.set(domain: "example.com", json: Array(file.utf8))
    let apps = [Situation.App(), Situation.App(urlSchemes: ["myapp"]), full]
    let urls: [String?] = [
      nil, "example", "data:,x", "myapp://item/1", "otherapp://x", "https://example.com/item/1",
      "https://example.com/buy/1", "https://other.example/item/1",
    ]
    var out: [Situation] = []
    // Apple's platforms; Android's links have their own enumeration (`enumeratedAndroidLinks`).
    for platform in Platform.allCases where platform != .android {
      for version in [nil, try OSVersion(13), try OSVersion(14)] as [OSVersion?] {
        for var app in apps {
          for installed in [true, false] {
            app.installed = installed
            for from in Self.placeSources {
              for flags in 0..<8 {
                for tapped in Situation.Link.Tapped.allCases {
                  for url in urls {
                    out.append(
                      Situation(
                        event: .link, platform: platform, osVersion: version, app: app,
                        link: Situation.Link(
                          url: url, from: from, senderKnown: flags & 1 != 0, safariChosen: flags & 2 != 0,
                          appClip: flags & 4 != 0, tapped: tapped)))
                  }
                }
              }
            }
          }
        }
      }
    }
    return out
  }

  /// Every combination of the facts the Android rules test, with the places they name: the
  /// Android version on each side of 12 (AND-3) and 15 (AND-16), install state, every intent
  /// filter, three domain states (verified, one that counts as verified, one that does not;
  /// every state's class is checked on its own), all hosts verified or not, the user's
  /// selection and toggle, another app, Google services, every dynamic rule, and a custom
  /// scheme and a web link, and in Chrome an intent: URL with a fallback (AND-35).
  static func enumeratedAndroidLinks() throws -> [Situation] {
    let places: [Situation.Link.Source] = [
      .chrome, .webView, .facebook, .gmail, .tikTok, .typed, .scriptRedirect,
    ]
    var out: [Situation] = []
    for version in [try OSVersion(11), try OSVersion(12), try OSVersion(15)] {
      for installed in [true, false] {
        for filter in Situation.Android.Filter.allCases {
          for state in [.verified, .systemConfigured, .legacyFailure] as [Situation.Android.DomainState] {
            for flags in 0..<16 {
              for otherApp in Situation.Android.OtherApp.allCases {
                for dynamicRule in Situation.Android.DynamicRule.allCases {
                  for from in places {
                    // Chrome's intent: URL where Chrome is the place (AND-35), the only one its rule reads.
                    let intent =
                      "intent://item/1#Intent;scheme=myapp;S.browser_fallback_url=https%3A%2F%2Fexample.com%2F;end"
                    for url in ["myapp://item/1", "https://example.com/item/1"]
                      + (from == .chrome ? [intent] : [])
                    {
                      var s = Situation(
                        event: .link, platform: .android, osVersion: version,
                        link: Situation.Link(url: url, from: from))
                      s.app.installed = installed
                      s.android = Situation.Android(
                        filter: filter, domainState: state, allHostsVerified: flags & 1 != 0,
                        userSelected: flags & 2 != 0, linkHandlingAllowed: flags & 4 != 0, otherApp: otherApp,
                        googleServices: flags & 8 != 0, dynamicRule: dynamicRule)
                      out.append(s)
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return out
  }

  @Test(
    "engine and the hand-written switch agree on Android's links, other readings too (AND-1 to AND-45)",
    .tags(.exhaustive))
  func androidMatchesSwitch() throws {
    let engine = try engine()
    let whole = try Self.enumeratedAndroidLinks()
    #expect(whole.count == 3 * 2 * 4 * 3 * 16 * 3 * 3 * (7 * 2 + 1))
    let sample = Enumeration.sample(whole, sampled: 20_000, seed: 42)
    var rules: Set<String> = []
    let disagreements = DifferentialTests.disagreements(in: sample, engine: engine) {
      situation, decision, reference in
      rules.insert(decision.rule ?? "-")
      return decision.outcome == reference.outcome
        && DifferentialTests.sameReadings(decision, situation, newest: engine.newestOSVersion)
    }
    #expect(disagreements == 0)
    // The sample reaches every Android rule.
    let table = try #require(engine.policies.tables.first { $0.event == .link })
    let android = Set(table.rules.filter(Self.isAndroidRule).map { "link/\($0.id)" })
    #expect(android.count == 25)
    #expect(
      android.subtracting(rules).isEmpty,
      "rules the sample does not reach: \(android.subtracting(rules).sorted())")
  }

  @Test("a domain state is one of pm's words, or its number for a verifier's failure from 1024 (AND-25)")
  func domainStateNumbers() throws {
    func read(_ state: String) -> Situation.Android.DomainState? {
      let json = #"{"event":"link","platform":"android","android":{"domainState":"\#(state)"}}"#
      return try? Situation(json: Array(json.utf8)).android.domainState
    }
    #expect(read("legacy_failure") == .legacyFailure)
    #expect(read("1024") == .verifierCode)
    #expect(read("1026") == .verifierCode)
    #expect(read("99999999999999999999") == nil, "more digits than a code has")
    for refused in ["1023", "01026", "-1026", "1026.0", "", "8"] {
      #expect(read(refused) == nil, "\(refused)")
    }
    // A number under 1024 is told where the codes start.
    let json = #"{"event":"link","platform":"android","android":{"domainState":"1023"}}"#
    #expect(throws: DiagnosticsError.self) { try Situation(json: Array(json.utf8)) }
    do {
      _ = try Situation(json: Array(json.utf8))
    } catch {
      #expect(
        error.diagnostics.map(\.message) == [
          #"unknown domain state "1023": a verifier's failure code is a number from 1024 without leading zeros (STATE_FIRST_VERIFIER_DEFINED, AND-25); otherwise one of verified, approved, denied, migrated, restored, legacy_failure, system_configured, none, verifierCode"#
        ])
    }
  }

  /// True for a rule that decides on Android only: its condition on `platform` is Android.
  static func isAndroidRule(_ rule: Rule) -> Bool {
    guard let condition = rule.condition(on: .platform) else { return false }
    return Situation.Platform.allCases.filter { condition.matches(index: $0.index) } == [.android]
  }

  @Test("every domain state pm get-app-links prints decides as its class: verified or not (AND-24, AND-25)")
  func domainStatesDecideByTheirClass() throws {
    let engine = try engine()
    for state in Situation.Android.DomainState.allCases {
      for version in [try OSVersion(11), try OSVersion(14)] {
        var s = Situation(
          event: .link, platform: .android, osVersion: version,
          link: Situation.Link(url: "https://example.com/item/1", from: .chrome))
        s.android.domainState = state
        let decision = engine.decide(s)
        let expected: Outcome =
          state.countsAsVerified ? .appLaunch : (version.major >= 12 ? .browser : .disambiguationDialog)
        #expect(
          decision.outcome == expected, "\(state.rawValue) on Android \(version): \(decision.rule ?? "-")")
      }
    }
  }

  @Test("engine and the hand-written switch agree on every link combination, other readings too")
  func engineMatchesSwitch() throws {
    let engine = try engine()
    let sample = try Self.enumeratedLinks()
    #expect(sample.count == 5 * 3 * 3 * 2 * 10 * 8 * 3 * 8)
    let hosts = try Self.enumeratedHostLinks()
    #expect(hosts.count == 2 * 2 * 18 * 2 * 3 * 2 * 3 * 2 * 5)
    var rules: Set<String> = []
    let disagreements = DifferentialTests.disagreements(in: sample + hosts, engine: engine) {
      situation, decision, reference in
      rules.insert(decision.rule ?? "-")
      let readings = (decision.alternatives ?? []).map { ReferenceSwitch.Result($0.outcome, $0.callbacks) }
      return decision.outcome == reference.outcome && decision.appCallbacks == reference.appCallbacks
        && readings == ReferenceSwitch.alternatives(situation, newest: engine.newestOSVersion)
    }
    #expect(disagreements == 0)
    // The sample reaches every rule of the table.
    let table = try #require(engine.policies.tables.first { $0.event == .link })
    #expect(rules == Set(table.rules.filter { !Self.isAndroidRule($0) }.map { "link/\($0.id)" }))
  }

  @Test("every rule on a named host app says which versions its reports cover (issue 41, item 2)")
  func hostRulesSayWhichVersions() throws {
    let table = try #require(try engine().policies.tables.first { $0.event == .link })
    // The apps whose behaviour rests on dated reports: every source but the places, another
    // browser and the app itself.
    let apps = Situation.Link.Source.allCases.filter { !Self.placeSources.contains($0) }
      .filter { $0 != .otherBrowser && $0 != .ownAppOpen && $0 != .chrome && $0 != .customTab }
    #expect(apps.count == 14)
    var checked = 0
    for rule in table.rules {
      guard case .oneOf(let values)? = rule.condition(on: .from)?.test,
        values.contains(where: { value in apps.contains { $0.index == value } })
      else { continue }
      checked += 1
      let note = rule.note ?? ""
      #expect(note.contains("Reports cover "), "link/\(rule.id) names no versions")
      #expect(note.hasSuffix("later versions are unknown."), "link/\(rule.id)")
    }
    #expect(checked == 13, "the host rules are found by their condition on from (10 on iOS, 3 on Android)")
  }

  @Test("value indices used on the decide path follow allCases order")
  func indicesFollowAllCases() {
    #expect(Situation.Link.Source.allCases.map(\.index) == Array(Situation.Link.Source.allCases.indices))
    #expect(Situation.Link.Via.allCases.map(\.index) == Array(Situation.Link.Via.allCases.indices))
    #expect(
      Situation.Android.Filter.allCases.map(\.index) == Array(Situation.Android.Filter.allCases.indices))
    #expect(
      Situation.Android.DomainState.allCases.map(\.index)
        == Array(Situation.Android.DomainState.allCases.indices))
    #expect(
      Situation.Android.OtherApp.allCases.map(\.index) == Array(Situation.Android.OtherApp.allCases.indices))
    #expect(
      Situation.Android.DynamicRule.allCases.map(\.index)
        == Array(Situation.Android.DynamicRule.allCases.indices))
  }
}
