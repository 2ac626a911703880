import Foundation
import TapRouteAASA
import TapRouteAndroid
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// `assetlinks fetch` against the loopback HTTPS server (`Tests/LiveDomains/server.py`), whose
/// origin hosts serve Android's cases at `/.well-known/assetlinks.json`: every request goes to
/// 127.0.0.1 through `--connect-to`, for `.test` hosts only.
@Suite("live domains: fetching assetlinks.json as Android's verifier does", .serialized)
struct AssetLinksFetchTests {
  /// One server for the suite; it exits when this process does (its standard input closes).
  static let server = Result { try LiveDomainServer.start() }

  /// Options that reach every test host on the loopback server and trust its CA.
  static func options(timeout: Double = 5) throws -> AASAFetch.Options {
    let server = try server.get()
    var options = AASAFetch.Options()
    options.connectTo = server.connectToAll
    options.caFiles = [server.caFile]
    options.timeout = timeout
    return options
  }

  /// The command-line options of the same.
  static func arguments(timeout: Double = 5) throws -> [String] {
    let server = try server.get()
    return ["--cacert", server.caFile, "--timeout", "\(timeout)"]
      + server.connectToAll.flatMap { ["--connect-to", $0] }
  }

  @Test("a good file: 200, application/json, served, the app it grants App Links to; one request, no CDN")
  func good() throws {
    let before = try Self.server.get().requests().count
    let report = AssetLinksDomainReport.fetch("good.test", options: try Self.options())
    #expect(report.url == "https://good.test/.well-known/assetlinks.json" && report.host == "good.test")
    #expect(report.status == 200 && report.contentType == "application/json" && report.bytes == 407)
    #expect(report.served && report.diagnostics.isEmpty, "\(report.diagnostics)")
    #expect(report.statements == 1 && report.packages == ["com.example.app"])
    #expect(report.document?.statements.first?.components?.count == 2)
    let requests = try Self.server.get().requests().dropFirst(before)
    #expect(requests.map(\.path) == [LiveDomainServer.assetLinksPath])
    #expect(requests.map(\.host) == ["good.test"])
    #expect(requests.first?.headers["User-Agent"] == AssetLinksDomainReport.userAgent)
  }

  @Test(
    "what the verifier cannot read, each named",
    arguments: [
      ("redirect.test", DiagnosticCode.fetchRedirect), ("missing.test", .fetchStatus),
      ("error.test", .fetchStatus), ("sub.good.test", .fetchStatus), ("html.test", .jsonSyntax),
      ("big.test", .inputTooLarge), ("endless.test", .inputTooLarge), ("wrongcert.test", .fetchFailed),
    ])
  func refused(host: String, code: DiagnosticCode) throws {
    let started = Date()
    let report = AssetLinksDomainReport.fetch(host, options: try Self.options())
    #expect(!report.served && report.document == nil && report.packages.isEmpty, "\(host)")
    #expect(
      report.diagnostics.contains { $0.code == code && $0.severity == .error },
      "\(host): \(report.diagnostics)")
    // A certificate refused is no reply, as `aasa fetch` counts it (exit 2); the rest answered.
    #expect(report.nothingAnswered == (host == "wrongcert.test"), "\(host)")
    // Android's evidence, not the AASA file's.
    #expect(!report.diagnostics.contains { $0.message.contains("U-1") || $0.message.contains("IOSN") })
    #expect(Date().timeIntervalSince(started) < 30, "\(host) took too long")
    switch host {
    case "redirect.test":
      // Apex to www: not followed, named with AND-31.
      #expect(report.status == 301)
      #expect(report.redirect == "https://www.good.test/.well-known/assetlinks.json")
      #expect(report.diagnostics.contains { $0.message.contains("AND-31") })
      #expect(report.statements == nil)
    case "missing.test":
      #expect(report.status == 404 && report.diagnostics.count == 1)
    case "html.test":
      #expect(report.status == 200)
      #expect(report.diagnostics.contains { $0.code == .fetchContentType && $0.severity == .warning })
      #expect(report.diagnostics.contains { $0.message.contains("an HTML page") })
    case "big.test":
      // Refused for its Content-Length: its size is the length announced.
      #expect(report.failure == .tooLarge && report.bytes > AssetLinksDocument.maximumBytes)
    case "endless.test":
      // Read in bounded memory: the fetch stops once the reply passes 1 MB.
      #expect(report.failure == .tooLarge)
    case "wrongcert.test":
      #expect(report.failure == .certificateNotTrusted && report.status == nil)
      #expect(report.diagnostics.contains { $0.message.contains("HTTPS: AND-31") })
    default: break
    }
  }

  @Test("the limit is assetlinks.json's 1 MB: a file of 300 KB is read, which the AASA bound refuses")
  func limitIsAParameter() throws {
    let report = AssetLinksDomainReport.fetch("www.good.test", options: try Self.options())
    #expect(report.served && report.diagnostics.isEmpty, "\(report.diagnostics)")
    #expect(report.bytes > AASADocument.maximumBytes && report.bytes < AssetLinksDocument.maximumBytes)
    #expect(report.packages.count == 1141 && report.statements == 1141)
    let aasaBound = AASAFetch.get(
      "https://www.good.test/.well-known/assetlinks.json", options: try Self.options())
    #expect(aasaBound.failure == .tooLarge)
  }

  @Test("text/plain: read, the content type a warning citing AND-31")
  func contentType() throws {
    let report = AssetLinksDomainReport.fetch("texttype.test", options: try Self.options())
    #expect(report.served && report.packages == ["com.example.app"])
    #expect(report.diagnostics.map(\.code) == [.fetchContentType])
    #expect(report.diagnostics.allSatisfy { $0.severity == .warning && $0.message.contains("AND-31") })
  }

  @Test("a wildcard host: the root host's file is fetched (AND-10)")
  func wildcard() throws {
    let before = try Self.server.get().requests().count
    let report = AssetLinksDomainReport.fetch("*.good.test", options: try Self.options())
    #expect(report.domain == "*.good.test" && report.host == "good.test")
    #expect(report.url == "https://good.test/.well-known/assetlinks.json" && report.served)
    #expect(try Self.server.get().requests().dropFirst(before).map(\.host) == ["good.test"])
    #expect(AssetLinksDomainReport.refusal("*.good.test") == nil)
    for bad in ["*", "*.", "https://good.test", "good.test/x", "good.test:443", "a.*.good.test", ""] {
      #expect(AssetLinksDomainReport.refusal(bad) != nil, "\(bad)")
    }
  }

  @Test("a reply slower than the timeout: a named failure, in about the timeout; nothing answered")
  func slow() throws {
    let started = Date()
    let report = AssetLinksDomainReport.fetch("slow.test", options: try Self.options(timeout: 1))
    #expect(report.failure == .timeout && !report.served && report.nothingAnswered)
    #expect(report.diagnostics.map(\.code) == [.fetchFailed])
    #expect(Date().timeIntervalSince(started) < 10)
  }

  /// A 200 `application/json` reply with `body`, as the fetch returns it.
  static func reply(_ body: String) -> AASAFetch.Reply {
    var reply = AASAFetch.Reply(url: "https://example.com/.well-known/assetlinks.json")
    reply.status = 200
    reply.contentType = "application/json"
    reply.body = Array(body.utf8)
    reply.bytes = reply.body.count
    return reply
  }

  @Test(
    "the body's findings are assetlinks check's: an error keeps the file from being served, a warning does not"
  )
  func findings() throws {
    let object = AssetLinksDomainReport(domain: "example.com", host: "example.com", reply: Self.reply("{}"))
    #expect(!object.served && object.statements == 0)
    #expect(object.diagnostics.contains { $0.code == .assetLinksWrongType && $0.severity == .error })
    let lower = String(
      decoding: try #require(FileManager.default.contents(atPath: "Examples/android/assetlinks.json")),
      as: UTF8.self
    ).replacingOccurrences(of: "14:6D:E9", with: "14:6d:e9")
    let warned = AssetLinksDomainReport(domain: "example.com", host: "example.com", reply: Self.reply(lower))
    #expect(warned.served && warned.packages == ["com.example.app"])
    #expect(warned.diagnostics.map(\.code) == [.assetLinksFingerprint])
    #expect(warned.diagnostics.allSatisfy { $0.severity == .warning })
  }

  @Test("taproute assetlinks fetch: text, --json with every key, exit 0, 1 and 2")
  func command() throws {
    let arguments = try Self.arguments()
    let good = try Binary.run(["assetlinks", "fetch", "good.test", "texttype.test"] + arguments)
    #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
    #expect(good.stdout.hasPrefix("good.test\n  https://good.test/.well-known/assetlinks.json\n"))
    #expect(
      good.stdout.contains(
        "    HTTP 200, application/json, 407 bytes: served (1 statement, 1 app with App Links: com.example.app)\n"
      ))
    #expect(good.stdout.contains("    warning: Content-Type \"text/plain\", not application/json"))

    let redirect = try Binary.run(["assetlinks", "fetch", "redirect.test"] + arguments)
    #expect(redirect.status == 1)
    #expect(
      redirect.stdout.contains(
        "NOT served\n    redirect refused: https://www.good.test/.well-known/assetlinks.json\n"))
    #expect(redirect.stdout.contains("(AND-31) [TR732]"))

    let both = try Binary.run(
      ["assetlinks", "fetch", "good.test", "missing.test", "*.good.test", "--json"] + arguments)
    #expect(both.status == 1)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(both.stdout.utf8)) as? [[String: Any]])
    #expect(json.map { $0["domain"] as? String } == ["good.test", "missing.test", "*.good.test"])
    #expect(json.map { $0["host"] as? String } == ["good.test", "missing.test", "good.test"])
    let keys: Set = [
      "domain", "host", "url", "status", "contentType", "bytes", "redirect", "failure", "diagnostics",
      "served",
      "statements", "packages",
    ]
    #expect(json.allSatisfy { Set($0.keys) == keys })
    #expect(json.map { $0["served"] as? Bool } == [true, false, true])
    #expect(
      json[1]["status"] as? Int == 404 && json[1]["statements"] is NSNull && json[1]["failure"] is NSNull)
    #expect(json[0]["packages"] as? [String] == ["com.example.app"])
  }

  @Test(
    "taproute audit --manifest --fetch: each host's file fetched; one the server has not is TR844, exit 1")
  func audit() throws {
    let manifest = FileManager.default.temporaryDirectory.appendingPathComponent(
      "fetch-manifest-\(UUID()).xml")
    try Data(
      """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app">
      <application><activity android:name=".Main"><intent-filter android:autoVerify="true">
      <action android:name="android.intent.action.VIEW" />
      <category android:name="android.intent.category.DEFAULT" />
      <category android:name="android.intent.category.BROWSABLE" />
      <data android:scheme="https" android:host="good.test" />
      <data android:host="missing.test" />
      </intent-filter></activity></application></manifest>
      """.utf8
    ).write(to: manifest)
    defer { try? FileManager.default.removeItem(at: manifest) }
    let fingerprint =
      "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    let before = try Self.server.get().requests().count
    let r = try Binary.run(
      ["audit", "--manifest", manifest.path, "--fingerprint", fingerprint, "--fetch", "--json"]
        + Self.arguments())
    #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let findings = try #require(object["findings"] as? [[String: Any]])
    // missing.test: no file (404), its fetch's error carried, and the all-or-nothing note.
    #expect(findings.map { $0["code"] as? String } == ["TR844", "TR731", "TR849"], "\(findings)")
    #expect((findings.first?["message"] as? String)?.contains("HTTP 404") == true)
    let hosts = try Self.server.get().requests().dropFirst(before).map(\.host)
    #expect(hosts == ["good.test", "missing.test"])
  }

  @Test("every request stayed on the loopback server, for a test host, at assetlinks.json's path")
  func requestsStayLocal() throws {
    _ = AssetLinksDomainReport.fetch("good.test", options: try Self.options())
    let requests = try Self.server.get().requests()
    #expect(!requests.isEmpty)
    for request in requests {
      #expect(request.host.hasSuffix(".test") && request.sni?.hasSuffix(".test") == true, "\(request.host)")
      #expect(request.path == AssetLinksDomainReport.wellKnownPath, "\(request.path)")
      #expect(request.method == "GET")
    }
  }

  @Test("nothing answered, a bad domain, no curl: exit 2")
  func exitTwo() throws {
    // A port nothing listens on: a stopped server's, on 127.0.0.1.
    let stopped = try LiveDomainServer.start()
    let port = stopped.port
    stopped.stop()
    let server = try Self.server.get()
    let refused = try Binary.run([
      "assetlinks", "fetch", "good.test", "--cacert", server.caFile, "--connect-to",
      "good.test:443:127.0.0.1:\(port)",
    ])
    #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
    #expect(refused.stdout.contains("no reply: NOT served") && refused.stdout.contains("[TR730]"))

    let url = try Binary.run(["assetlinks", "fetch", "https://good.test/"] + Self.arguments())
    #expect(url.status == 2 && url.stdout.isEmpty)
    #expect(url.stderr.contains("taproute assetlinks: DOMAIN expects a domain name, not a URL"))

    let noCurl = try Binary.run(
      ["assetlinks", "fetch", "good.test"] + Self.arguments(),
      environment: ["TAPROUTE_CURL": "/nonexistent/curl"])
    #expect(noCurl.status == 2 && noCurl.stderr.contains("TAPROUTE_CURL"), "\(noCurl.stderr)")
    // --no-cdn is aasa fetch's: Android has no CDN.
    let cdn = try Binary.run(["assetlinks", "fetch", "good.test", "--no-cdn"] + Self.arguments())
    #expect(cdn.status == 2 && cdn.stderr.contains("--no-cdn"))
  }
}
