import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// `aasa fetch`, `aasa match --domain` and `audit --fetch` against the loopback HTTPS server
/// (`Tests/LiveDomains/server.py`): every request goes to 127.0.0.1 through `--connect-to`.
@Suite("live domains: fetching the AASA file as a device does", .serialized)
struct AASAFetchTests {
  /// One server for the suite; it exits when this process does (its standard input closes).
  static let server = Result { try LiveDomainServer.start() }

  /// Options that reach every test host on the loopback server and trust its CA.
  static func options(timeout: Double = 5, cdn: Bool = true) throws -> AASAFetch.Options {
    let server = try server.get()
    var options = AASAFetch.Options()
    options.connectTo = server.connectToAll
    options.caFiles = [server.caFile]
    options.timeout = timeout
    options.cdnBase = cdn ? LiveDomainServer.cdnBase + "/a/v1/" : nil
    return options
  }

  /// The command-line options of the same.
  static func arguments(timeout: Double = 5) throws -> [String] {
    let server = try server.get()
    return [
      "--cdn-url", LiveDomainServer.cdnBase + "/a/v1/", "--cacert", server.caFile, "--timeout", "\(timeout)",
    ]
      + server.connectToAll.flatMap { ["--connect-to", $0] }
  }

  @Test("a good file: both copies accepted, the CDN's older copy differs, a device uses the CDN's")
  func good() throws {
    let report = DomainReport.fetch("good.test", options: try Self.options())
    #expect(
      report.origin.status == 200 && report.origin.accepted && report.origin.contentType == "application/json"
    )
    #expect(report.origin.diagnostics.isEmpty)
    let cdn = try #require(report.cdn)
    #expect(cdn.accepted && cdn.url == LiveDomainServer.cdnBase + "/a/v1/good.test")
    #expect(report.deviceUses == .cdn)
    // The server's copy excludes /buy/*; the CDN's older copy does not know the exclusion.
    #expect(!report.differences.isEmpty)
    #expect(
      report.differences.allSatisfy { $0.cdn == "none" && $0.origin == "exclude" && $0.url.contains("/buy") })
    #expect(report.verdict.contains { $0.contains("differs") })
    let noCDN = DomainReport.fetch("good.test", options: try Self.options(cdn: false))
    #expect(noCDN.cdn == nil && noCDN.deviceUses == .origin)
  }

  @Test(
    "what a device does not accept, each named",
    arguments: [
      ("redirect.test", DiagnosticCode.fetchRedirect), ("missing.test", .fetchStatus),
      ("error.test", .fetchStatus),
      ("html.test", .jsonSyntax), ("big.test", .aasaTooLarge), ("endless.test", .aasaTooLarge),
      ("wrongcert.test", .fetchFailed), ("sub.good.test", .fetchStatus),
    ])
  func refused(host: String, code: DiagnosticCode) throws {
    let started = Date()
    let report = DomainReport.fetch(host, options: try Self.options(cdn: false))
    #expect(!report.origin.accepted && report.deviceUses == .none, "\(host)")
    #expect(
      report.origin.diagnostics.contains { $0.code == code && $0.severity == .error },
      "\(host): \(report.origin.diagnostics)")
    #expect(Date().timeIntervalSince(started) < 30, "\(host) took too long")
    switch host {
    case "redirect.test":
      #expect(report.origin.status == 301)
      #expect(report.origin.redirect == "https://good.test/.well-known/apple-app-site-association")
    case "html.test":
      #expect(report.origin.diagnostics.contains { $0.code == .fetchContentType && $0.severity == .warning })
    case "big.test":
      #expect(report.origin.failure == .tooLarge && report.origin.bytes > AASADocument.maximumBytes)
    case "endless.test":
      // Read in bounded memory: the fetch stops once the reply passes the limit.
      #expect(report.origin.failure == .tooLarge)
    case "wrongcert.test":
      #expect(report.origin.failure == .certificateNotTrusted && report.origin.status == nil)
    default: break
    }
  }

  @Test("a reply slower than the timeout is a named failure, in about the timeout")
  func slow() throws {
    let started = Date()
    let report = DomainReport.fetch("slow.test", options: try Self.options(timeout: 1))
    #expect(report.origin.failure == .timeout && !report.origin.accepted)
    #expect(Date().timeIntervalSince(started) < 10)
    // The CDN's failure header, as a user report shows it (U-19).
    #expect(report.cdn?.status == 404 && report.cdn?.appleFailureReason == "SWCERR00301 Timeout")
  }

  @Test("text/plain: a device reads it; the content type is a warning, not a refusal")
  func contentType() throws {
    let report = DomainReport.fetch("texttype.test", options: try Self.options(cdn: false))
    #expect(report.origin.accepted && report.deviceUses == .origin)
    #expect(report.origin.diagnostics.map(\.code) == [.fetchContentType])
  }

  @Test("an internationalized domain: a device is reported never to fetch it")
  func idn() throws {
    let report = DomainReport.fetch(LiveDomainServer.idnHost, options: try Self.options(cdn: false))
    #expect(report.origin.accepted && report.deviceUses == .none)
    #expect(report.verdict.contains { $0.contains("IOSN-22") })
    #expect(
      DomainReport.isInternationalized("montréal.ca") && !DomainReport.isInternationalized("example.com"))
  }

  @Test("taproute aasa fetch: text, --json with every contract key, exit codes")
  func command() throws {
    let arguments = try Self.arguments()
    let good = try Binary.run(["aasa", "fetch", "good.test"] + arguments)
    #expect(good.status == 0 && good.stdout.contains("a device uses: cdn"), "\(good.stderr)")
    let both = try Binary.run(["aasa", "fetch", "good.test", "missing.test", "--json"] + arguments)
    #expect(both.status == 1)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(both.stdout.utf8)) as? [[String: Any]])
    #expect(json.map { $0["domain"] as? String } == ["good.test", "missing.test"])
    for domain in json {
      #expect(Set(domain.keys).isSuperset(of: ["origin", "cdn", "differences", "deviceUses"]))
      for key in ["origin", "cdn"] {
        let copy = try #require(domain[key] as? [String: Any])
        #expect(
          Set(copy.keys).isSuperset(of: [
            "url", "status", "contentType", "bytes", "redirect", "diagnostics", "accepted",
          ]))
      }
    }
    #expect(json.map { $0["deviceUses"] as? String } == ["cdn", "none"])
    let noCDN = try Binary.run(["aasa", "fetch", "good.test", "--no-cdn", "--json"] + arguments)
    #expect(
      noCDN.status == 0 && noCDN.stdout.contains("\"cdn\" : null")
        && noCDN.stdout.contains("\"deviceUses\" : \"origin\""))
  }

  @Test(
    "aasa match --domain --app: a per-URL verdict for CI",
    arguments: [
      (["https://good.test/item/1"], false, Int32(0), "opens TEAMID1234.com.example.app"),
      (
        ["https://good.test/item/1", "https://good.test/buy/1"], true, 1,
        "excluded by details[0].components[0]"
      ),
      (["https://good.test/buy/1"], false, 1, "no pattern matches"),
    ])
  func match(urls: [String], noCDN: Bool, status: Int32, says: String) throws {
    let result = try Binary.run(
      ["aasa", "match", "--domain", "good.test", "--app", "TEAMID1234.com.example.app"] + urls
        + (noCDN ? ["--no-cdn"] : []) + Self.arguments())
    #expect(result.status == status && result.stdout.contains(says), "\(result.stdout)\(result.stderr)")
    let json = try Binary.run(
      ["aasa", "match", "--json", "--domain", "good.test", "--app", "TEAMID1234.com.example.app"] + urls
        + (noCDN ? ["--no-cdn"] : []) + Self.arguments())
    let lines = json.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    #expect(lines.count == urls.count)
    #expect(lines.allSatisfy { ($0["app"] as? [String: Any])?["opens"] is Bool })
    // A domain that serves nothing a device accepts: no URL opens the app.
    let none = try Binary.run(
      [
        "aasa", "match", "--domain", "missing.test", "--app", "TEAMID1234.com.example.app",
        "https://missing.test/",
      ]
        + Self.arguments())
    #expect(none.status == 1 && none.stdout.contains("serves no file a device accepts"))
  }

  @Test("audit --fetch: each applinks domain against the copy a device uses")
  func audit() throws {
    let entitlements = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fetch-\(UUID().uuidString).plist")
    defer { try? FileManager.default.removeItem(at: entitlements) }
    let domains = ["good.test", "sub.good.test", "*.missing.test", LiveDomainServer.idnHost].map {
      "<string>applinks:\($0)</string>"
    }
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>application-identifier</key><string>TEAMID1234.com.example.app</string>
      <key>com.apple.developer.associated-domains</key><array>\(domains.joined())</array>
      </dict></plist>
      """.utf8
    ).write(to: entitlements)
    let result = try Binary.run(
      [
        "audit", "--extension", "Examples/plists/Extension-Info.plist", "--entitlements", entitlements.path,
        "--fetch", "--no-cdn",
      ] + Self.arguments())
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.contains { $0.contains("sub.good.test") && $0.contains("IOSN-8") && $0.contains("[TR727]") })
    #expect(lines.contains { $0.contains("*.missing.test") && $0.contains("apex") && $0.contains("[TR727]") })
    #expect(
      lines.contains {
        $0.contains(LiveDomainServer.idnHost) && $0.contains("IOSN-22") && $0.contains("warning")
      })
    #expect(!lines.contains { $0.contains("\"applinks:good.test\"") })
    let without = try Binary.run(["audit", "--extension", "Examples/plists/Extension-Info.plist", "--fetch"])
    #expect(without.status == 2 && without.stderr.contains("--fetch needs --entitlements"))
  }

  @Test("every request stayed on the loopback server, for a test host, at the paths a device asks")
  func requestsStayLocal() throws {
    _ = DomainReport.fetch("good.test", options: try Self.options())
    let requests = try Self.server.get().requests()
    #expect(!requests.isEmpty)
    for request in requests {
      #expect(request.host.hasSuffix(".test"), "\(request.host)")
      #expect(request.path == AASAFetch.wellKnownPath || request.path.hasPrefix("/a/v1/"), "\(request.path)")
      #expect(request.method == "GET")
    }
  }

  @Test("bad input: a URL for a domain, a bad --connect-to, --timeout or --cacert, no curl")
  func badInput() throws {
    let url = try Binary.run(["aasa", "fetch", "https://example.com/"])
    #expect(url.status == 2 && url.stderr.contains("not a URL"))
    let port = try Binary.run(["aasa", "fetch", "example.com:8443"])
    #expect(port.status == 2 && port.stderr.contains("port"))
    let connect = try Binary.run(["aasa", "fetch", "example.com", "--connect-to", "nonsense"])
    #expect(connect.status == 2 && connect.stderr.contains("HOST:PORT:ADDRESS:PORT2"))
    let timeout = try Binary.run(["aasa", "fetch", "example.com", "--timeout", "-1"])
    #expect(timeout.status == 2 && timeout.stderr.contains("seconds"))
    let ca = try Binary.run(
      ["aasa", "fetch", "good.test", "--cacert", "/nonexistent.pem"] + Self.arguments())
    #expect(ca.status != 0 && ca.stdout.contains("not a readable PEM certificate file"))
    let curl = try Binary.run(
      ["aasa", "fetch", "good.test"], environment: ["TAPROUTE_CURL": "/nonexistent/curl"])
    #expect(curl.status == 2 && curl.stderr.contains("curl"))
    let noFile = try Binary.run(["aasa", "match", "https://good.test/item/1"])
    #expect(noFile.status == 2 && noFile.stderr.contains("FILE"))
  }
}
