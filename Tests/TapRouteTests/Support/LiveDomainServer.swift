import Foundation
import Testing

/// The live-domain test server, `Tests/LiveDomains/server.py`, run for one test: HTTPS on the
/// loopback interface, one case per host name (`hosts`), trusted through a test certificate
/// authority (`caFile`).
///
/// A client reaches a host with curl's `--connect-to` (`connectTo(_:)`, `connectToAll`) and
/// trusts the server with `--cacert caFile`; nothing leaves the machine (`.test` is a reserved
/// top-level domain besides). The server stops with `stop()`, when this object goes away, and on
/// its own when the test process ends (its standard input, a pipe this object holds, closes).
///
///     let server = try LiveDomainServer.start()
///     // curl --cacert \(server.caFile) --connect-to \(server.connectTo("good.test"))
///     //   https://good.test/.well-known/apple-app-site-association
///     let requests = try server.requests()
final class LiveDomainServer: @unchecked Sendable {
  /// The server did not start, with what it said on its standard error.
  struct StartError: Error, CustomStringConvertible {
    var description: String
  }

  /// One request the server received, from its `--log` file.
  struct Request: Decodable, Sendable, Equatable {
    /// The Host header as sent (lowercased), port included if the client sent one.
    var host: String
    /// The TLS server name the client sent (SNI), nil without one.
    var sni: String?
    var method: String
    /// The request target as sent, query included.
    var path: String
    /// The request headers, a repeated header's values joined with ", ".
    var headers: [String: String]
  }

  /// The folder of the server, its certificates and `make-certs.sh`.
  static let directory = Repo.root.appendingPathComponent("Tests/LiveDomains")
  /// The path every origin host serves its file at.
  static let aasaPath = "/.well-known/apple-app-site-association"
  /// The path every origin host serves its Android assetlinks.json case at.
  static let assetLinksPath = "/.well-known/assetlinks.json"
  /// "montréal.test" as its A-label, the form in the certificate, SNI, Host and `--connect-to`.
  static let idnHost = "xn--montral-fya.test"
  /// The stand-in for Apple's CDN: `https://cdn.test/a/v1/DOMAIN` (pass as `--cdn-url`).
  static let cdnBase = "https://cdn.test"

  /// Every host the server answers, each a case:
  ///
  /// - `good.test`, `www.good.test`, `xn--montral-fya.test`: 200 `application/json`, the good file
  /// - `redirect.test`: 301 to `https://good.test/.well-known/apple-app-site-association`
  /// - `missing.test`, `sub.good.test`: 404 (an HTML body); `error.test`: 500
  /// - `html.test`: 200 `text/html`, a "site under construction" page
  /// - `big.test`: 200 `application/json`, a valid file of 200,091 bytes with Content-Length
  /// - `endless.test`: 200 `application/json`, chunked, never ending
  /// - `slow.test`: answers after 60 s (or never, if the client hangs up first)
  /// - `texttype.test`: 200 `text/plain`, the good file
  /// - `wrongcert.test`: the good file behind a certificate for `other.test` only
  /// - `cdn.test`: `/a/v1/good.test` 200, an older copy (no `/buy/*` exclusion);
  ///   `/a/v1/texttype.test` 200, the origin's copy as `application/json`; `/a/v1/slow.test`
  ///   404 with `Apple-Failure-Reason: SWCERR00301 Timeout`; any other domain 404
  ///
  /// At `/.well-known/assetlinks.json` the same origin hosts are Android's cases:
  ///
  /// - `good.test`, `xn--montral-fya.test`: 200 `application/json`, a good file (one statement
  ///   for `com.example.app`, its dynamic rules excluding `/buy/*` and taking `/item/*`)
  /// - `www.good.test`: 200 `application/json`, a valid file of 300,084 bytes (one statement
  ///   per app, 1,141 apps): over the AASA file's 128 KB, within the 1 MB TapRoute reads
  /// - `redirect.test`: 301 to `https://www.good.test/.well-known/assetlinks.json` (apex to www)
  /// - `missing.test`, `sub.good.test`: 404; `error.test`: 500
  /// - `html.test`: 200 `text/html`, the "site under construction" page
  /// - `big.test`: 200 `application/json`, a valid file of 1,100,130 bytes with Content-Length
  /// - `endless.test`: 200 `application/json`, a list of statements never ending, chunked
  /// - `slow.test`: answers after 60 s; `texttype.test`: 200 `text/plain`, the good file;
  ///   `wrongcert.test`: the good file behind a certificate for `other.test` only
  ///
  /// Any other path on an origin host is 404; any other Host is 421.
  static let hosts = [
    "good.test", "www.good.test", "sub.good.test", "redirect.test", "missing.test", "error.test", "html.test",
    "big.test", "endless.test", "slow.test", "texttype.test", "wrongcert.test", idnHost, "cdn.test",
  ]

  /// The loopback port the server listens on.
  let port: Int
  /// The absolute path of the test certificate authority, for curl's `--cacert`.
  let caFile: String

  private let process: Process
  private let input: Pipe
  private let scratch: URL
  private let logFile: URL
  private let lock = NSLock()
  private var stopped = false

  private init(process: Process, input: Pipe, scratch: URL, port: Int) {
    self.process = process
    self.input = input
    self.scratch = scratch
    self.logFile = scratch.appendingPathComponent("requests.jsonl")
    self.port = port
    self.caFile = Self.directory.appendingPathComponent("certs/ca.pem").path
  }

  deinit { stop() }

  /// Starts a server and waits (at most `timeout` seconds) until it accepts connections.
  static func start(timeout: TimeInterval = 10) throws -> LiveDomainServer {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "taproute-live-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let portFile = scratch.appendingPathComponent("port")
    let errors = scratch.appendingPathComponent("stderr")
    try Data().write(to: errors)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", directory.appendingPathComponent("server.py").path,
      "--port-file", portFile.path, "--log", scratch.appendingPathComponent("requests.jsonl").path,
    ]
    process.currentDirectoryURL = Repo.root
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: errors)
    do {
      try process.run()
    } catch {
      try? FileManager.default.removeItem(at: scratch)
      throw StartError(description: "could not run python3 Tests/LiveDomains/server.py: \(error)")
    }
    let server = { (port: Int) in
      LiveDomainServer(process: process, input: input, scratch: scratch, port: port)
    }

    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let text = try? String(contentsOf: portFile, encoding: .utf8),
        let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return server(port)
      }
      if !process.isRunning { break }
      Thread.sleep(forTimeInterval: 0.02)
    }
    let running = process.isRunning
    server(0).stop()
    let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    throw StartError(
      description: (running
        ? "Tests/LiveDomains/server.py wrote no port file within \(Int(timeout)) s"
        : "Tests/LiveDomains/server.py exited (status \(process.terminationStatus)) before it was ready")
        + (said.isEmpty ? "" : ": " + said.trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  /// curl's `--connect-to` value sending `host`'s HTTPS connections to this server:
  /// `"host:443:127.0.0.1:PORT"`.
  func connectTo(_ host: String) -> String { "\(host):443:127.0.0.1:\(port)" }

  /// `connectTo(_:)` for every host in `hosts`.
  var connectToAll: [String] { Self.hosts.map(connectTo) }

  /// The requests the server has received so far, oldest first. A request is logged before it
  /// is answered, so every request a client has had an answer to is here.
  func requests() throws -> [Request] {
    guard let data = FileManager.default.contents(atPath: logFile.path) else { return [] }
    let decoder = JSONDecoder()
    return try data.split(separator: UInt8(ascii: "\n")).map {
      try decoder.decode(Request.self, from: Data($0))
    }
  }

  /// Stops the server (closing its standard input; SIGKILL if it has not exited within 2 s),
  /// waits for it, and removes its scratch folder. Later calls do nothing.
  func stop() {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped else { return }
    stopped = true
    try? input.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(2)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    if process.isRunning {
      // SIGKILL, not terminate(): a child of a test thread inherits the thread's blocked
      // signals, SIGTERM among them.
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: scratch)
  }
}
