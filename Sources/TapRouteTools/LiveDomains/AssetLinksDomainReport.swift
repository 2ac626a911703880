import Foundation
import TapRoute
import TapRouteAASA
import TapRouteAndroid

/// What a domain serves as its Digital Asset Links file, fetched the way Android's verifier
/// fetches it, and whether the verifier could read it: `taproute assetlinks fetch`.
///
/// The verifier asks `https://HOST/.well-known/assetlinks.json` for each host of the app's
/// verified intent filters (AND-8); the file must be valid JSON, over HTTPS, with no redirect
/// (AND-31). A wildcard host's file is the root host's (AND-10). There is no CDN on Android:
/// one request per domain, with ``AASAFetch``'s machinery (no redirect followed, a bounded
/// read of at most ``AssetLinksDocument/maximumBytes``).
package struct AssetLinksDomainReport: Sendable, Encodable {
  /// Where the verifier fetches a host's file (AND-8).
  package static let wellKnownPath = "/.well-known/assetlinks.json"
  /// The user agent of the request.
  package static let userAgent = "taproute (assetlinks.json check)"

  /// The domain as given (`example.com`, or `*.example.com`).
  package var domain: String
  /// The host whose file was fetched: the domain, or a wildcard domain's root host (AND-10).
  package var host: String
  package var url: String
  /// The HTTP status; nil when there was no reply.
  package var status: Int?
  package var contentType: String?
  /// The body's size as received (or as announced, for a reply refused for its length).
  package var bytes: Int
  /// The location of a redirect, which the verifier does not follow (AND-31).
  package var redirect: String?
  /// Why there was no reply to read (`nameNotResolved`, `timeout`, `tooLarge`, ...).
  package var failure: AASAFetch.Failure?
  /// The request's own problems, then `assetlinks check`'s findings on the body.
  package var diagnostics: [Diagnostic]
  /// True when the domain serves a file the verifier reads, with no error in it.
  package var served: Bool
  /// The number of statements in the file; nil when no file was read.
  package var statements: Int?
  /// The packages the file grants App Links to (`handle_all_urls`), in file order.
  package var packages: [String]
  /// The file read, when it was served.
  package var document: AssetLinksDocument?

  enum CodingKeys: String, CodingKey {
    case domain, host, url, status, contentType, bytes, redirect, failure, diagnostics, served, statements
    case packages
  }

  /// Every key, `null` where there is no value: the `--json` contract names each.
  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(domain, forKey: .domain)
    try c.encode(host, forKey: .host)
    try c.encode(url, forKey: .url)
    try c.encode(status, forKey: .status)
    try c.encode(contentType, forKey: .contentType)
    try c.encode(bytes, forKey: .bytes)
    try c.encode(redirect, forKey: .redirect)
    try c.encode(failure, forKey: .failure)
    try c.encode(diagnostics, forKey: .diagnostics)
    try c.encode(served, forKey: .served)
    try c.encode(statements, forKey: .statements)
    try c.encode(packages, forKey: .packages)
  }

  /// True when no reply came (no HTTP status): no network, no such domain, a refused
  /// connection or certificate, a timeout; as `aasa fetch` counts it (`DomainReport`), so both
  /// commands exit 2 on the same failures.
  package var nothingAnswered: Bool { status == nil }

  /// The host whose file the verifier fetches for `domain`: a wildcard domain's root host
  /// (`*.example.com`: `example.com`, AND-10), else the domain.
  package static func host(of domain: String) -> String {
    domain.hasPrefix("*.") ? String(domain.dropFirst(2)) : domain
  }

  /// Why `text` cannot be a domain to fetch, or nil when it can: a host name, or `*.` and one,
  /// with no scheme, path or port.
  package static func refusal(_ text: String) -> String? {
    DomainReport.refusal(host(of: text))
  }

  /// Fetches `domain`'s file (its root host's, for a wildcard domain).
  package static func fetch(_ domain: String, options: AASAFetch.Options) -> AssetLinksDomainReport {
    let host = host(of: domain)
    let reply = AASAFetch.get(
      domain: host, path: wellKnownPath, maximumBytes: AssetLinksDocument.maximumBytes, userAgent: userAgent,
      options: options)
    return AssetLinksDomainReport(domain: domain, host: host, reply: reply)
  }

  /// What a failure means for Android's verifier: ``AASAFetch/Failure/words``, without the
  /// AASA file's evidence.
  static func words(_ failure: AASAFetch.Failure) -> String {
    switch failure {
    case .certificateNotTrusted:
      "the server's certificate is not trusted, has expired, or is for another name (the verifier needs the "
        + "file served over HTTPS: AND-31)"
    case .tooLarge:
      "the reply is over the \(Diagnostic.grouped(Int64(AssetLinksDocument.maximumBytes))) bytes TapRoute reads"
    case .nameNotResolved, .connectionRefused, .timeout, .tlsHandshake, .curlMissing, .other: failure.words
    }
  }

  /// The report of a reply: its problems as diagnostics, then the file's.
  package init(domain: String, host: String, reply: AASAFetch.Reply) {
    self.domain = domain
    self.host = host
    url = reply.url
    status = reply.status
    contentType = reply.contentType
    bytes = reply.bytes
    failure = reply.failure
    redirect = reply.status.map { (300..<400).contains($0) } == true ? reply.location : nil
    var diagnostics: [Diagnostic] = []
    var document: AssetLinksDocument?
    func problem(_ code: DiagnosticCode, _ message: String, _ severity: Diagnostic.Severity = .error) {
      diagnostics.append(
        Diagnostic(file: reply.url, path: "$", severity: severity, code: code, message: message))
    }
    if let failure = reply.failure {
      if failure == .tooLarge {
        problem(
          .inputTooLarge,
          "the reply is over \(Diagnostic.grouped(Int64(AssetLinksDocument.maximumBytes))) bytes, the most "
            + "TapRoute reads of an assetlinks.json file (its own bound: Google's pages state none); not read"
        )
      } else {
        problem(.fetchFailed, Self.words(failure) + (reply.message.map { " (\($0))" } ?? ""))
      }
    } else if let status = reply.status {
      if (300..<400).contains(status) {
        problem(
          .fetchRedirect,
          "HTTP \(status) redirects to \(Words.quoted(reply.location ?? "nowhere")): the verifier needs the file "
            + "served with no redirects; redirects from http to https or to www make verification fail (AND-31)"
        )
      } else if status != 200 {
        problem(
          .fetchStatus,
          "HTTP \(status): the verifier reads the file only from a 200 reply at this address (AND-8, AND-31)")
      } else {
        let type = (reply.contentType ?? "").split(separator: ";").first.map {
          $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        if type != "application/json" {
          problem(
            .fetchContentType,
            "Content-Type \(Words.quoted(reply.contentType ?? "none")), not application/json: the verifier "
              + "needs a valid JSON file (AND-31); serve it as JSON (the evidence quotes no rule on the type)",
            .warning)
        }
        do {
          let check = try AssetLinksDocument.read(reply.body, file: reply.url)
          diagnostics += check.diagnostics
          document = check.document
        } catch {
          diagnostics += error.diagnostics
        }
      }
    } else {
      problem(.fetchFailed, "no reply")
    }
    self.diagnostics = diagnostics
    served = document != nil && !diagnostics.contains { $0.severity == .error }
    self.document = served ? document : nil
    statements = document?.statements.count
    packages = document?.delegatedPackages ?? []
  }
}
