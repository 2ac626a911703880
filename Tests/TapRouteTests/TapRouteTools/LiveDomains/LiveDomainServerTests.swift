import Foundation
import Testing

/// What the system curl got from the live-domain test server.
struct CurlReply {
  /// curl's exit status (60: certificate not verified, 28: timed out, 63: too large; 23 when
  /// the reader stopped it, `cutOff`).
  var exit: Int32
  /// The HTTP status (0 without a reply).
  var status: Int
  /// The address curl connected to ("" without a connection).
  var remoteIP: String
  /// The reply's header fields, names lowercased, of the last reply.
  var headers: [String: String]
  var body: Data
  /// True when the body passed the reader's limit and the reader stopped curl.
  var cutOff: Bool
  /// curl's error message, if any.
  var error: String

  var text: String { String(decoding: body, as: UTF8.self) }
}

/// Runs the system curl against the live-domain server the way the fetch of issue 40 does:
/// HTTPS only, no redirect followed, no ~/.curlrc, no proxy, the server's CA alone trusted,
/// the host sent to the loopback server with `--connect-to`. The body comes through a pipe
/// and curl is stopped once it passes `limit` bytes, so memory stays bounded however much the
/// server sends.
func curl(
  _ server: LiveDomainServer, _ host: String, _ path: String = LiveDomainServer.aasaPath,
  connectHost: String? = nil, limit: Int = 1 << 20, options: [String] = [],
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> CurlReply {
  let connect = connectHost ?? host
  // A `.test` name with --connect-to to 127.0.0.1: the request cannot leave the machine.
  try #require(connect.hasSuffix(".test"), sourceLocation: sourceLocation)
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
    "taproute-curl-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: scratch) }
  let headerFile = scratch.appendingPathComponent("headers")

  let marker = "\ncurl-write-out:"
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments =
    [
      "curl", "-q", "--silent", "--show-error", "--proto", "=https", "--noproxy", "*",
      "--cacert", server.caFile, "--connect-to", server.connectTo(connect),
      "--dump-header", headerFile.path,
      "--write-out", "%{stderr}\(marker)%{http_code} %{remote_ip}\n",
    ] + options + ["https://\(host)\(path)"]
  let output = Pipe()
  let errors = Pipe()
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = output
  process.standardError = errors
  try process.run()

  var body = Data()
  var cutOff = false
  while true {
    let data = output.fileHandleForReading.availableData
    if data.isEmpty { break }
    body.append(data)
    if body.count > limit {
      // Closing the pipe stops curl: its next write fails (EPIPE) and it exits with 23.
      // Not terminate(): a child of a test thread inherits the thread's blocked signals, SIGTERM
      // among them, and curl blocked writing to a full pipe never reaches its --max-time check.
      cutOff = true
      try? output.fileHandleForReading.close()
      break
    }
  }
  let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  let deadline = Date().addingTimeInterval(5)
  while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
  if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  process.waitUntilExit()

  let parts = stderr.components(separatedBy: marker)
  let writeOut = (parts.count > 1 ? parts[parts.count - 1] : "").split(separator: " ")
  // -D writes every reply's header block; the last one is the reply curl ended with.
  let headerText = (try? String(contentsOf: headerFile, encoding: .utf8)) ?? ""
  let lastBlock = headerText.components(separatedBy: "\r\n\r\n").last { !$0.isEmpty } ?? ""
  var headers: [String: String] = [:]
  for line in lastBlock.components(separatedBy: "\r\n").dropFirst() {
    guard let colon = line.firstIndex(of: ":") else { continue }
    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
      in: .whitespaces)
  }
  return CurlReply(
    exit: process.terminationStatus, status: writeOut.first.flatMap { Int($0) } ?? 0,
    remoteIP: writeOut.count > 1 ? String(writeOut[1]).trimmingCharacters(in: .whitespacesAndNewlines) : "",
    headers: headers, body: body, cutOff: cutOff,
    error: parts[0].trimmingCharacters(in: .whitespacesAndNewlines))
}

/// The parsed JSON object of a reply's body, nil when it is none.
func jsonObject(_ reply: CurlReply) -> [String: Any]? {
  try? JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
}

/// Each case of the live-domain test server (`Tests/LiveDomains/server.py`), fetched with the
/// system curl over TLS on the loopback interface. Each test starts its own server.
@Suite("the live-domain test server")
struct LiveDomainServerTests {
  let server: LiveDomainServer

  init() throws { server = try LiveDomainServer.start() }

  @Test("good.test: 200, application/json, the good file")
  func good() throws {
    let reply = try curl(server, "good.test")
    #expect(reply.exit == 0, "\(reply.error)")
    #expect(reply.status == 200)
    #expect(reply.remoteIP == "127.0.0.1")
    #expect(reply.headers["content-type"] == "application/json")
    #expect(reply.headers["content-length"] == String(reply.body.count))
    let details = try #require(
      (jsonObject(reply)?["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
    #expect(details.first?["appIDs"] as? [String] == ["TEAMID1234.com.example.app"])
    #expect((details.first?["components"] as? [[String: Any]])?.count == 2)

    let www = try curl(server, "www.good.test")
    #expect(www.status == 200 && www.body == reply.body)
  }

  @Test("the IDN host: montréal.test reaches xn--montral-fya.test, which serves the good file")
  func idn() throws {
    #expect("xn--montral-fya.test" == LiveDomainServer.idnHost)
    let reply = try curl(server, "montréal.test", connectHost: LiveDomainServer.idnHost)
    #expect(reply.exit == 0, "\(reply.error)")
    #expect(reply.status == 200)
    #expect(reply.headers["content-type"] == "application/json")
    let request = try #require(try server.requests().last)
    #expect(request.host == LiveDomainServer.idnHost, "curl sends the A-label")
    #expect(request.sni == LiveDomainServer.idnHost)
  }

  @Test("redirect.test: 301 with the Location, not followed")
  func redirect() throws {
    let reply = try curl(server, "redirect.test")
    #expect(reply.exit == 0, "\(reply.error)")
    #expect(reply.status == 301)
    #expect(reply.headers["location"] == "https://good.test/.well-known/apple-app-site-association")
    #expect(try server.requests().map(\.host) == ["redirect.test"], "curl without -L asks once")
  }

  @Test(
    "the failing statuses and pages",
    arguments: [
      ("missing.test", 404, "text/html"), ("sub.good.test", 404, "text/html"),
      ("error.test", 500, "text/html"),
      ("html.test", 200, "text/html; charset=utf-8"),
    ])
  func statuses(host: String, status: Int, contentType: String) throws {
    let reply = try curl(server, host)
    #expect(reply.exit == 0, "\(reply.error)")
    #expect(reply.status == status)
    #expect(reply.headers["content-type"] == contentType)
    #expect(jsonObject(reply) == nil, "no JSON object: \(reply.text.prefix(80))")
    if host == "html.test" { #expect(reply.text.contains("under construction")) }
  }

  @Test("any other path is 404; any other Host is 421")
  func otherPathsAndHosts() throws {
    #expect(try curl(server, "good.test", "/").status == 404)
    #expect(try curl(server, "good.test", "/apple-app-site-association").status == 404)
    #expect(try curl(server, "good.test", options: ["--header", "Host: nobody.test"]).status == 421)
  }

  @Test("big.test: a valid file over 128 KB, with its Content-Length")
  func big() throws {
    let reply = try curl(server, "big.test")
    #expect(reply.exit == 0, "\(reply.error)")
    #expect(reply.status == 200)
    #expect(reply.body.count > 128 * 1024)
    #expect(reply.headers["content-length"] == String(reply.body.count))
    #expect(jsonObject(reply)?["applinks"] != nil)
    let limited = try curl(server, "big.test", options: ["--max-filesize", "131072"])
    #expect(limited.exit == 63, "curl refuses a declared length over --max-filesize before the body")
    #expect(limited.body.isEmpty)
  }

  @Test("endless.test: the reader stops at its limit; --max-time stops curl")
  func endless() throws {
    let reply = try curl(server, "endless.test", limit: 128 * 1024, options: ["--max-time", "10"])
    #expect(reply.cutOff)
    #expect(reply.exit == 23, "curl stops when the reader closes the pipe: \(reply.error)")
    #expect(reply.body.count > 128 * 1024 && reply.body.count < 2 << 20)
    #expect(reply.body.starts(with: Data(#"{"applinks":{"details":["#.utf8)))

    // curl 7.88 ignores --max-filesize without a Content-Length (8.x stops with 63 instead);
    // either way --max-time ends the transfer.
    let timed = try curl(
      server, "endless.test",
      options: ["--max-time", "1", "--max-filesize", "131072", "--output", "/dev/null"])
    #expect(!timed.cutOff)
    #expect([28, 63].contains(timed.exit), "\(timed.error)")
    #expect(try curl(server, "good.test").status == 200, "the server still answers")
  }

  @Test("slow.test: curl --max-time 2 gives up (exit 28)")
  func slow() throws {
    let start = Date()
    let reply = try curl(server, "slow.test", options: ["--max-time", "2"])
    #expect(reply.exit == 28, "\(reply.error)")
    #expect(reply.status == 0)
    #expect(Date().timeIntervalSince(start) < 10)
    #expect(try server.requests().map(\.host) == ["slow.test"], "the request arrived; the reply did not")
  }

  @Test("texttype.test: the good file as text/plain")
  func textType() throws {
    let reply = try curl(server, "texttype.test")
    #expect(reply.status == 200)
    #expect(reply.headers["content-type"] == "text/plain")
    #expect(reply.body == (try curl(server, "good.test").body))
  }

  @Test("wrongcert.test: a certificate for other.test fails verification (exit 60)")
  func wrongCertificate() throws {
    let reply = try curl(server, "wrongcert.test")
    #expect(reply.exit == 60, "\(reply.error)")
    #expect(reply.status == 0)
    #expect(reply.remoteIP == "127.0.0.1")
    #expect(try server.requests().isEmpty, "no request after a failed handshake")
    // Without verification the same server answers: the certificate alone failed.
    #expect(try curl(server, "wrongcert.test", options: ["--insecure"]).status == 200)
    #expect(try server.requests().last?.sni == "wrongcert.test")
  }

  @Test("cdn.test: an older copy of good.test, texttype.test as JSON, slow.test's failure reason")
  func cdn() throws {
    let origin = try curl(server, "good.test")
    let copy = try curl(server, "cdn.test", "/a/v1/good.test")
    #expect(copy.status == 200)
    #expect(copy.headers["content-type"] == "application/json")
    #expect(jsonObject(copy)?["applinks"] != nil)
    #expect(copy.body != origin.body, "the CDN's copy differs from the origin's")
    #expect(!copy.text.contains("/buy/*") && origin.text.contains("/buy/*"))

    let text = try curl(server, "cdn.test", "/a/v1/texttype.test")
    #expect(text.status == 200 && text.headers["content-type"] == "application/json")
    #expect(text.body == origin.body)

    let slow = try curl(server, "cdn.test", "/a/v1/slow.test")
    #expect(slow.status == 404)
    #expect(slow.headers["apple-failure-reason"] == "SWCERR00301 Timeout")
    #expect(try curl(server, "cdn.test", "/a/v1/missing.test").status == 404)
    #expect(try curl(server, "cdn.test", "/a/v1/missing.test").headers["apple-failure-reason"] == nil)
  }

  @Test(
    "assetlinks.json: each origin host's Android case, by path",
    arguments: [
      ("good.test", 200, "application/json"), ("www.good.test", 200, "application/json"),
      ("redirect.test", 301, "text/html"), ("missing.test", 404, "text/html"),
      ("sub.good.test", 404, "text/html"), ("error.test", 500, "text/html"),
      ("html.test", 200, "text/html; charset=utf-8"), ("big.test", 200, "application/json"),
      ("texttype.test", 200, "text/plain"),
    ])
  func assetLinks(host: String, status: Int, contentType: String) throws {
    let reply = try curl(server, host, LiveDomainServer.assetLinksPath, limit: 2 << 20)
    #expect(reply.exit == 0, "\(reply.error)")
    #expect(reply.status == status && reply.headers["content-type"] == contentType)
    #expect(reply.headers["content-length"] == String(reply.body.count))
    let statements = try? JSONSerialization.jsonObject(with: reply.body) as? [[String: Any]]
    let packages = (statements ?? []).compactMap {
      ($0["target"] as? [String: Any])?["package_name"] as? String
    }
    switch host {
    case "good.test", "texttype.test":
      #expect(packages == ["com.example.app"])
      #expect(statements?.first?["relation_extensions"] != nil)
    case "www.good.test":
      #expect(packages.count == 1141 && reply.body.count > 128 * 1024 && reply.body.count < 1 << 20)
    case "big.test":
      #expect(packages.count > 1141 && reply.body.count > 1 << 20)
    case "redirect.test":
      #expect(reply.headers["location"] == "https://www.good.test/.well-known/assetlinks.json")
    default:
      #expect(statements == nil, "no JSON list: \(reply.text.prefix(80))")
    }
  }

  @Test("assetlinks.json on endless.test never ends; on slow.test it comes late")
  func assetLinksEndlessAndSlow() throws {
    let endless = try curl(
      server, "endless.test", LiveDomainServer.assetLinksPath, limit: 128 * 1024,
      options: ["--max-time", "10"])
    #expect(endless.cutOff && endless.body.starts(with: Data(#"[{"relation":"#.utf8)))
    let slow = try curl(server, "slow.test", LiveDomainServer.assetLinksPath, options: ["--max-time", "1"])
    #expect(slow.exit == 28)
    let requests = try server.requests()
    #expect(requests.map(\.path) == [LiveDomainServer.assetLinksPath, LiveDomainServer.assetLinksPath])
  }

  @Test("the request log records host, SNI, method, path and headers")
  func requestLog() throws {
    _ = try curl(server, "good.test", options: ["--header", "User-Agent: TapRoute-test"])
    _ = try curl(server, "cdn.test", "/a/v1/good.test?x=1")
    let requests = try server.requests()
    #expect(requests.map(\.host) == ["good.test", "cdn.test"])
    #expect(requests.map(\.sni) == ["good.test", "cdn.test"])
    #expect(requests.map(\.method) == ["GET", "GET"])
    #expect(requests.map(\.path) == [LiveDomainServer.aasaPath, "/a/v1/good.test?x=1"])
    #expect(requests.first?.headers["User-Agent"] == "TapRoute-test")
  }

  @Test("the harness: --connect-to values for every host, the CA's path, stop ends the server")
  func harness() throws {
    #expect(server.connectTo("good.test") == "good.test:443:127.0.0.1:\(server.port)")
    #expect(server.connectToAll.count == LiveDomainServer.hosts.count)
    #expect(server.connectToAll.allSatisfy { $0.hasSuffix(":443:127.0.0.1:\(server.port)") })
    #expect(LiveDomainServer.hosts.allSatisfy { $0.hasSuffix(".test") })
    #expect(FileManager.default.fileExists(atPath: server.caFile) && server.caFile.hasPrefix("/"))
    // Every host at once, as the fetch passes them: curl picks the matching one.
    let reply = try curl(server, "big.test", options: server.connectToAll.flatMap { ["--connect-to", $0] })
    #expect(reply.status == 200)

    let other = try LiveDomainServer.start()
    let port = other.port
    other.stop()
    let after = try curl(other, "good.test")
    #expect(after.exit == 7, "nothing listens on \(port) after stop(): \(after.error)")
  }
}
