import Foundation
import TapRouteAASA

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Fetching a domain's apple-app-site-association file the way Apple's CDN and devices do:
/// HTTPS only, with a certificate the system trusts, no redirect followed (U-14), at most
/// 128 KB (U-17), and every failure named (the name does not resolve, the connection is
/// refused, the certificate is not trusted or is for another name, the reply is too slow).
///
/// The request is made by the system's `curl` program, which every macOS and most Linux
/// systems have, so that TapRoute needs no TLS library of its own: `--connect-to` and
/// `--cacert` are curl's own options, passed through.
///
/// The same machinery fetches other well-known files with the same rules (HTTPS only, no
/// redirect followed, a bounded read): ``get(domain:path:maximumBytes:userAgent:options:)``
/// takes the path and the size limit, as `assetlinks fetch` uses it for Android's
/// `/.well-known/assetlinks.json`.
package enum AASAFetch {
  /// Where a device's file lives on a domain (U-14).
  package static let wellKnownPath = "/.well-known/apple-app-site-association"
  /// Apple's CDN, where iOS 14 and later fetch the file (IOSN-1, U-19).
  package static let appleCDN = "https://app-site-association.cdn-apple.com/a/v1/"
  /// The most a fetch of the AASA file reads: the 128 KB limit and one byte more, to know it
  /// is over.
  package static let bodyLimit = AASADocument.maximumBytes + 1
  /// The user agent of a fetch of the AASA file.
  package static let userAgent = "taproute (apple-app-site-association check)"
  /// The most of the reply's header section a fetch keeps.
  static let headerLimit = 64 * 1024

  /// How to fetch: the options of `taproute aasa fetch`.
  package struct Options: Sendable, Hashable {
    /// `HOST:PORT:ADDRESS:PORT2`: a request for HOST:PORT goes to ADDRESS:PORT2, HOST's name
    /// kept for TLS (curl's `--connect-to`).
    package var connectTo: [String] = []
    /// Certificate authorities trusted besides the system's (PEM files).
    package var caFiles: [String] = []
    /// Seconds a fetch may take in all.
    package var timeout: Double = 10
    /// The CDN's base URL, ending in `/`; nil: do not fetch the CDN's copy.
    package var cdnBase: String? = AASAFetch.appleCDN
    /// The `curl` program: a path, or a name looked up on `PATH`.
    package var curl = "curl"

    package init() {}
  }

  /// Why a fetch got no reply to read.
  package enum Failure: String, Sendable, Hashable, Codable {
    /// The domain's name does not resolve (curl 6).
    case nameNotResolved
    /// Nothing accepts a connection at the address (curl 7).
    case connectionRefused
    /// No reply within the time allowed (curl 28).
    case timeout
    /// The server's certificate is not trusted, has expired, or is for another name (curl 60, 51).
    case certificateNotTrusted
    /// The TLS handshake failed (curl 35).
    case tlsHandshake
    /// The reply is over the limit of the file fetched (the AASA file's 128 KB, U-17).
    case tooLarge
    /// `curl` is not installed or could not be started.
    case curlMissing
    /// Another failure curl reports (its message says which).
    case other

    /// What it means, for a person.
    package var words: String {
      switch self {
      case .nameNotResolved: "the domain name does not resolve (DNS): no network, or no such domain"
      case .connectionRefused: "nothing accepts an HTTPS connection at the domain's address"
      case .timeout: "no complete reply within the time allowed"
      case .certificateNotTrusted:
        "the server's certificate is not trusted, has expired, or is for another name (a device needs a valid certificate: U-14)"
      case .tlsHandshake: "the TLS handshake failed"
      case .tooLarge: "the reply is over the 128 KB a device reads (U-17)"
      case .curlMissing: "taproute fetches with the system's curl program, and it was not found on PATH"
      case .other: "the request failed"
      }
    }
  }

  /// What one request returned.
  package struct Reply: Sendable, Hashable {
    package var url: String
    /// The HTTP status; nil when there was no reply.
    package var status: Int?
    package var contentType: String?
    /// The `Location` of a redirect, which is not followed.
    package var location: String?
    /// Response headers, names in lower case (the last value of a repeated name).
    package var headers: [String: String] = [:]
    /// The body, at most the limit and one byte (``bodyLimit`` for the AASA file).
    package var body: [UInt8] = []
    /// The body's size as received (more than `body.count` when it was cut at the limit).
    package var bytes: Int = 0
    package var failure: Failure?
    /// curl's own words for a failure.
    package var message: String?
  }

  /// Fetches `https://DOMAIN/PATH` as ``get(_:options:maximumBytes:userAgent:)`` does.
  package static func get(
    domain: String, path: String, maximumBytes: Int, userAgent: String, options: Options
  ) -> Reply {
    get("https://\(domain)\(path)", options: options, maximumBytes: maximumBytes, userAgent: userAgent)
  }

  /// Fetches `url` (an https URL) as a device does, reading at most `maximumBytes` of the body
  /// and one byte more (a longer reply fails as ``Failure/tooLarge``). Never throws: a failure
  /// is in the reply.
  package static func get(
    _ url: String, options: Options, maximumBytes: Int = AASADocument.maximumBytes,
    userAgent: String = AASAFetch.userAgent
  ) -> Reply {
    var reply = Reply(url: url)
    let bodyLimit = max(maximumBytes, 0) + 1
    guard let curl = executable(options.curl) else {
      reply.failure = .curlMissing
      return reply
    }
    var cleanup: [URL] = []
    defer { for file in cleanup { try? FileManager.default.removeItem(at: file) } }
    // -q first: no ~/.curlrc changes what is asked.
    var arguments = [
      "-q", "--silent", "--show-error", "--proto", "=https", "--max-redirs", "0",
      "--max-time", String(format: "%.1f", max(options.timeout, 0.1)),
      "--max-filesize", String(bodyLimit), "--dump-header", "-", "--output", "-",
      "--user-agent", userAgent, "--write-out",
      "%{stderr}\ntaproute-exit-status:%{http_code}\n",
    ]
    for target in options.connectTo { arguments += ["--connect-to", target] }
    // A proxy would take the request elsewhere than --connect-to says.
    if !options.connectTo.isEmpty { arguments += ["--noproxy", "*"] }
    if !options.caFiles.isEmpty {
      switch bundle(options.caFiles) {
      case .success(let file):
        cleanup.append(file)
        arguments += ["--cacert", file.path]
      case .failure(let error):
        reply.failure = .other
        reply.message = error.message
        return reply
      }
    }
    arguments += ["--", url]
    let process = Process()
    process.executableURL = curl
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      reply.failure = .curlMissing
      reply.message = "\(error)"
      return reply
    }
    // A watchdog past curl's own limit: curl ends itself at --max-time; this ends a curl that
    // does not.
    let pid = process.processIdentifier
    let deadline = DispatchWorkItem { if process.isRunning { Self.kill(pid) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + max(options.timeout, 0.1) + 5, execute: deadline)
    defer { deadline.cancel() }
    let errors = ErrorCollector(err.fileHandleForReading)
    var received: [UInt8] = []
    var cut = false
    let handle = out.fileHandleForReading
    while true {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      received += chunk.prefix(headerLimit + bodyLimit + 1 - received.count)
      if received.count > headerLimit + bodyLimit {
        cut = true
        break
      }
    }
    // Past the limit, or done: closing the pipe ends a curl still writing (it exits 23, or dies
    // of SIGPIPE); SIGKILL ends one that does not, for a child may inherit SIGTERM blocked.
    try? handle.close()
    if cut { Self.kill(pid) }
    process.waitUntilExit()
    let stderr = errors.text()
    let (headers, body) = split(received)
    parse(headers, into: &reply)
    reply.body = Array(body.prefix(bodyLimit))
    // A reply refused for its Content-Length has no body: its size is the length announced.
    reply.bytes = max(body.count, reply.headers["content-length"].flatMap { Int($0) } ?? 0)
    if let line = stderr.split(separator: "\n").first(where: { $0.hasPrefix("taproute-exit-status:") }),
      let code = Int(line.dropFirst("taproute-exit-status:".count)), code != 0, reply.status == nil
    {
      reply.status = code
    }
    let message = stderr.split(separator: "\n").first { $0.hasPrefix("curl: ") }.map(String.init)
    if cut || body.count > maximumBytes {
      reply.failure = .tooLarge
    } else if process.terminationReason == .exit, process.terminationStatus != 0 {
      reply.failure = failure(curlExit: process.terminationStatus)
      reply.message = message
    } else if process.terminationReason == .uncaughtSignal {
      reply.failure = .timeout
      reply.message = message
    }
    if reply.failure == .tooLarge { reply.message = nil }
    return reply
  }

  /// Ends process `pid` at once.
  static func kill(_ pid: Int32) {
    #if canImport(Glibc)
      _ = Glibc.kill(pid, SIGKILL)
    #elseif canImport(Darwin)
      _ = Darwin.kill(pid, SIGKILL)
    #endif
  }

  /// The failure a curl exit status names.
  static func failure(curlExit status: Int32) -> Failure {
    switch status {
    case 6: .nameNotResolved
    case 7: .connectionRefused
    case 28: .timeout
    case 51, 60, 58, 77, 83, 90, 91: .certificateNotTrusted
    case 35: .tlsHandshake
    case 63: .tooLarge
    default: .other
    }
  }

  /// The header section and the body of curl's `--dump-header - --output -` stream.
  static func split(_ bytes: [UInt8]) -> (headers: [UInt8], body: [UInt8]) {
    let crlf: [UInt8] = [13, 10, 13, 10]
    var i = 0
    while i + 4 <= min(bytes.count, headerLimit + 4) {
      if bytes[i] == 13 && Array(bytes[i..<i + 4]) == crlf {
        return (Array(bytes[..<i]), Array(bytes[(i + 4)...]))
      }
      i += 1
    }
    // No blank line: no reply, or headers only.
    return (bytes, [])
  }

  /// The status line's code, the content type, the location and every header of a reply.
  static func parse(_ headers: [UInt8], into reply: inout Reply) {
    let text = String(decoding: headers, as: UTF8.self)
    for (i, line) in text.split(separator: "\r\n", omittingEmptySubsequences: false).enumerated() {
      if i == 0 {
        // "HTTP/1.1 200 OK", "HTTP/2 404"
        let parts = line.split(separator: " ")
        if parts.count >= 2, parts[0].hasPrefix("HTTP/") { reply.status = Int(parts[1]) }
        continue
      }
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      reply.headers[name] = String(Diagnostic.printable(String(value.prefix(500))))
    }
    reply.contentType = reply.headers["content-type"]
    reply.location = reply.headers["location"]
  }

  /// The system's certificate authorities and `extra`, in one PEM file (curl's `--cacert`
  /// replaces the system's set; `aasa fetch --cacert` adds to it).
  static func bundle(_ extra: [String]) -> Result<URL, BundleError> {
    var pem = ""
    let system = [
      "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem",
      "/etc/ssl/ca-bundle.pem",
    ]
    if let found = system.first(where: { FileManager.default.isReadableFile(atPath: $0) }),
      let text = try? String(contentsOfFile: found, encoding: .utf8)
    {
      pem += text + "\n"
    }
    for file in extra {
      guard let data = FileManager.default.contents(atPath: file), data.count < 1 << 20,
        let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN CERTIFICATE-----")
      else {
        return .failure(
          BundleError(message: "--cacert \(Words.quoted(file)): not a readable PEM certificate file"))
      }
      pem += text + "\n"
    }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "taproute-ca-\(UUID().uuidString).pem")
    do {
      try Data(pem.utf8).write(to: url)
    } catch {
      return .failure(
        BundleError(
          message: "could not write a certificate bundle in \(url.deletingLastPathComponent().path)"))
    }
    return .success(url)
  }

  /// Why the certificate authorities could not be read.
  struct BundleError: Error { var message: String }

  /// `name` as a program to run: a path, or the first match on `PATH`.
  static func executable(_ name: String) -> URL? {
    if name.contains("/") {
      return FileManager.default.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }
}

/// Reads a pipe to its end on another thread, so that a process writing much to it never
/// blocks; keeps at most 64 KB.
private final class ErrorCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    DispatchQueue.global().async {
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        self.lock.lock()
        if self.data.count < 64 * 1024 { self.data.append(chunk.prefix(64 * 1024 - self.data.count)) }
        self.lock.unlock()
      }
      self.done.signal()
    }
  }

  /// Everything read, once the pipe has closed.
  func text() -> String {
    done.wait()
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: data, as: UTF8.self)
  }
}
