import Foundation
@_spi(Generated) import TapRoute
import TapRouteAASA

/// What a domain serves as its apple-app-site-association file, on its own server and on
/// Apple's CDN, whether a device would accept each copy, how they differ, and which one a
/// device uses: `taproute aasa fetch`.
package struct DomainReport: Sendable, Encodable {
  /// One copy of the file: what the request returned, its diagnostics, and whether a device
  /// would accept it.
  package struct Copy: Sendable, Encodable {
    package var url: String
    package var status: Int?
    package var contentType: String?
    package var bytes: Int
    /// The location of a redirect, which a device does not follow (U-14).
    package var redirect: String?
    /// Why there was no reply to read (`nameNotResolved`, `timeout`, ...).
    package var failure: AASAFetch.Failure?
    /// The request's own problems, then `aasa check`'s findings on the body.
    package var diagnostics: [Diagnostic]
    package var accepted: Bool
    /// `Apple-Failure-Reason`, a header the CDN is reported to send with a failure (U-19).
    package var appleFailureReason: String?
    /// The file read, when it is one.
    package var document: AASADocument?

    enum CodingKeys: String, CodingKey {
      case url, status, contentType, bytes, redirect, failure, diagnostics, accepted, appleFailureReason
    }

    /// Every key, `null` where there is no value: the `--json` contract names each.
    package func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(url, forKey: .url)
      try c.encode(status, forKey: .status)
      try c.encode(contentType, forKey: .contentType)
      try c.encode(bytes, forKey: .bytes)
      try c.encode(redirect, forKey: .redirect)
      try c.encode(failure, forKey: .failure)
      try c.encode(diagnostics, forKey: .diagnostics)
      try c.encode(accepted, forKey: .accepted)
      try c.encode(appleFailureReason, forKey: .appleFailureReason)
    }
  }

  /// Which copy a device uses.
  package enum DeviceUses: String, Sendable, Encodable {
    case origin, cdn, none
  }

  /// A URL whose verdict differs between the CDN's copy and the server's.
  package struct Difference: Sendable, Encodable {
    package var url: String
    package var app: String
    /// The verdict under the CDN's copy, and under the server's (`match`, `exclude`, `none`).
    package var cdn: String
    package var origin: String
    package var witness: Bool
  }

  package var domain: String
  package var origin: Copy
  /// Nil with `--no-cdn`.
  package var cdn: Copy?
  /// Empty when either copy is not a file.
  package var differences: [Difference]
  package var deviceUses: DeviceUses
  /// Why the device uses that copy, or none, with the evidence.
  package var verdict: [String]

  enum CodingKeys: String, CodingKey { case domain, origin, cdn, differences, deviceUses, verdict }

  /// Every key, `cdn` `null` with `--no-cdn`.
  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(domain, forKey: .domain)
    try c.encode(origin, forKey: .origin)
    try c.encode(cdn, forKey: .cdn)
    try c.encode(differences, forKey: .differences)
    try c.encode(deviceUses, forKey: .deviceUses)
    try c.encode(verdict, forKey: .verdict)
  }

  /// True when neither the server nor the CDN replied: nothing is known of what a device gets
  /// (no network, or the names do not resolve).
  package var nothingAnswered: Bool { origin.status == nil && (cdn.map { $0.status == nil } ?? true) }

  /// The copy a device uses, when it uses one.
  package var deviceCopy: Copy? {
    switch deviceUses {
    case .cdn: cdn
    case .origin: origin
    case .none: nil
    }
  }

  /// Why a device gets no accepted copy, in a few words: the first error of the copy it reads.
  package var reason: String {
    let read = cdn ?? origin
    let first = read.diagnostics.first { $0.severity == .error }
    let name = cdn == nil ? "the server" : "Apple's CDN"
    if Self.isInternationalized(domain) { return "an internationalized domain name, IOSN-22" }
    return "\(name): " + (first.map { "\($0.message) [\($0.code)]" } ?? "not accepted")
  }

  /// Fetches `domain`'s file from its server and, unless `options.cdnBase` is nil, from the CDN.
  package static func fetch(_ domain: String, options: AASAFetch.Options) -> DomainReport {
    let origin = copy(AASAFetch.get("https://\(domain)\(AASAFetch.wellKnownPath)", options: options))
    let cdn = options.cdnBase.map { copy(AASAFetch.get($0 + domain, options: options)) }
    return DomainReport(domain: domain, origin: origin, cdn: cdn)
  }

  /// The report of two copies already fetched.
  package init(domain: String, origin: Copy, cdn: Copy?) {
    self.domain = domain
    self.origin = origin
    self.cdn = cdn
    differences = []
    if let old = cdn?.document, let new = origin.document {
      differences = AASADiff.compare(old: old, new: new, urls: [], host: domain, os: AASAMatcher.newest).map {
        Difference(
          url: $0.url, app: $0.appID, cdn: $0.old?.rawValue ?? "none", origin: $0.new?.rawValue ?? "none",
          witness: $0.isWitness)
      }
    }
    deviceUses = .none
    self.verdict = []
    var verdict: [String] = []
    if nothingAnswered {
      // Neither answered: nothing is known of what a device gets.
      deviceUses = .none
      verdict.append(
        "nothing answered: no network, or the names do not resolve; this says nothing of what a device gets"
      )
    } else if Self.isInternationalized(domain) {
      // IOSN-22: reports say iOS 16 and later never fetch the file of an IDN domain.
      deviceUses = .none
      verdict.append(
        "\(domain) is an internationalized domain name: devices on iOS 16 and later are reported never to fetch its file (IOSN-22, user reports)"
      )
    } else if let cdn {
      deviceUses = cdn.accepted ? .cdn : .none
      if cdn.accepted {
        verdict.append(
          "a device on iOS 14 or later uses Apple's CDN copy (IOSN-1, U-18), which a device accepts")
        if !origin.accepted {
          verdict.append(
            "the server's own copy would not be accepted: when the CDN refreshes (on a schedule Apple does not publish, IOSN-3), devices lose the association"
          )
        } else if !differences.isEmpty {
          verdict.append(
            "the CDN's copy differs from the server's on \(Words.count(differences.count, "verdict")): devices see the CDN's until it refreshes (within 24 hours of a request, IOSN-2; reports of longer, IOSN-4)"
          )
        }
      } else {
        verdict.append(
          "a device on iOS 14 or later fetches from Apple's CDN (IOSN-1), and the CDN has no copy a device accepts: universal links to \(domain) do not open the app"
        )
        if origin.accepted {
          verdict.append(
            "the server's copy is good: the CDN requests it within 24 hours (IOSN-2); reports say a CDN 404 can last longer (IOSN-4), and a firewall can block Apple's crawler (IOSN-5)"
          )
        }
      }
    } else {
      deviceUses = origin.accepted ? .origin : .none
      verdict.append(
        origin.accepted
          ? "without the CDN (a device in developer mode, IOSN-6, or a managed Mac, IOSN-7) the server's copy is read, and accepted"
          : "without the CDN (a device in developer mode, IOSN-6, or a managed Mac, IOSN-7) the server's copy is read, and not accepted"
      )
    }
    self.verdict = verdict
  }

  /// A reply as a copy of the file: its problems as diagnostics, and whether a device accepts it.
  static func copy(_ reply: AASAFetch.Reply) -> Copy {
    var diagnostics: [Diagnostic] = []
    var document: AASADocument?
    func problem(_ code: DiagnosticCode, _ message: String, _ severity: Diagnostic.Severity = .error) {
      diagnostics.append(
        Diagnostic(file: reply.url, path: "$", severity: severity, code: code, message: message))
    }
    if let failure = reply.failure {
      let detail = reply.message.map { " (\($0))" } ?? ""
      problem(failure == .tooLarge ? .aasaTooLarge : .fetchFailed, failure.words + detail)
    } else if let status = reply.status {
      if (300..<400).contains(status) {
        problem(
          .fetchRedirect,
          "HTTP \(status) redirects to \(Words.quoted(reply.location ?? "nowhere")): a device does not follow redirects (U-14)"
        )
      } else if status != 200 {
        problem(.fetchStatus, "HTTP \(status): a device reads the file only from a 200 reply")
      } else {
        let type = (reply.contentType ?? "").split(separator: ";").first.map {
          $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        if type != "application/json" {
          problem(
            .fetchContentType,
            "Content-Type \(Words.quoted(reply.contentType ?? "none")), not application/json: community checklists require it (U-16); Apple's page asks only for HTTPS, a valid certificate and no redirects (U-14), and validators have accepted other types",
            .warning)
        }
        do {
          let check = try AASADocument.read(reply.body, file: reply.url)
          diagnostics += check.diagnostics
          if !check.hasErrors { document = check.document }
        } catch {
          diagnostics += error.diagnostics
        }
      }
    } else {
      problem(.fetchFailed, "no reply")
    }
    let accepted = document != nil && !diagnostics.contains { $0.severity == .error }
    return Copy(
      url: reply.url, status: reply.status, contentType: reply.contentType, bytes: reply.bytes,
      redirect: reply.status.map { (300..<400).contains($0) } == true ? reply.location : nil,
      failure: reply.failure, diagnostics: diagnostics, accepted: accepted,
      appleFailureReason: reply.headers["apple-failure-reason"], document: accepted ? document : nil)
  }

  /// True for a domain with a non-ASCII label, or a label in Punycode (`xn--`):
  /// The link event's `idnDomain` fact, read from the domain's well-known URL.
  package static func isInternationalized(_ domain: String) -> Bool {
    switch Situation(event: .link).idnDomain(url: "https://\(domain)\(AASAFetch.wellKnownPath)") {
    case .unicode, .punycode: true
    case .none, .ascii: false
    }
  }

  /// Why `text` cannot be a domain to fetch, or nil when it can: a host name, no scheme, no
  /// path, no port (U-22).
  package static func refusal(_ text: String) -> String? {
    if text.isEmpty { return "expects a domain name such as example.com" }
    if text.contains("://") {
      return "expects a domain name, not a URL: \(Words.quoted(text)) (drop the scheme and path)"
    }
    if text.contains("/") { return "expects a domain name without a path: \(Words.quoted(text))" }
    if text.contains(":") { return "expects a domain name without a port (a device never uses one, U-22)" }
    if text.count > 253 { return "expects a domain name of at most 253 characters" }
    if text.hasPrefix(".") || text.hasSuffix(".") || text.contains("..") || text.hasPrefix("*") {
      return "expects a domain name such as example.com or www.example.com: \(Words.quoted(text))"
    }
    let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-."))
    if text.unicodeScalars.contains(where: { !allowed.contains($0) || $0.properties.isWhitespace }) {
      return "expects a domain name: \(Words.quoted(text)) has a character a host name cannot"
    }
    return nil
  }
}
