import Foundation
@_spi(Generated) import TapRoute
import TapRouteAASA
import TapRouteTools

/// `taproute aasa fetch`, and the fetching options `aasa match --domain` and `audit --fetch`
/// share: a domain's file as a device gets it.
extension AASACommand {
  static let domains = Positional(
    repeating: "DOMAIN", help: "a domain to fetch, as in applinks:DOMAIN (example.com)")
  static let fetchJSON = Flag.json("print one JSON object, the domains in order")
  static let noCDN = Flag(
    name: "--no-cdn",
    help: "fetch the server's copy only (what a device in developer mode\nor a managed Mac reads)")
  static let cdnURL = Option<String>(
    name: "--cdn-url", value: "BASE",
    help: "the CDN's base URL, the domain appended\n(default: \(AASAFetch.appleCDN))",
    refusal: { $0.hasPrefix("https://") ? nil : "expects an https URL such as \(AASAFetch.appleCDN)" })
  static let connectTo = Repeated(
    name: "--connect-to", value: "HOST:PORT:ADDRESS:PORT2",
    help: "send a request for HOST:PORT to ADDRESS:PORT2, HOST's name kept\nfor TLS (as curl's --connect-to)",
    refusal: {
      $0.split(separator: ":", omittingEmptySubsequences: false).count >= 4
        ? nil : "expects HOST:PORT:ADDRESS:PORT2"
    }
  )
  static let caCert = Repeated(
    name: "--cacert", value: "FILE", help: "trust this certificate authority (PEM) besides the system's")
  static let timeout = Option<Double>(
    name: "--timeout", value: "SECONDS", help: "the most each request may take (default: 10)",
    refusal: { Double($0).map { $0 > 0 && $0 <= 600 } == true ? nil : "expects seconds between 0 and 600" },
    convert: { Double($0) })

  /// The options of every fetch with curl, the AASA file's and `assetlinks fetch`'s.
  static let curlFetching: [any DeclaredOption] = [connectTo, caCert, timeout]
  /// The options every command fetching the AASA file has: the CDN's, then curl's.
  static let fetching: [any DeclaredOption] = [noCDN, cdnURL] + curlFetching

  static let fetch = CommandSpec(
    name: "aasa fetch",
    summary: "fetch a domain's apple-app-site-association file as a device does, and Apple's CDN copy",
    discussion: """
      Fetches https://DOMAIN/.well-known/apple-app-site-association the way Apple's CDN and
      devices do (HTTPS with a trusted certificate, no redirect followed, at most 128 KB: U-14,
      U-17), and Apple's CDN copy (https://app-site-association.cdn-apple.com/a/v1/DOMAIN, which
      devices on iOS 14 and later read: IOSN-1). For each it prints the status, the content
      type, the size, a refused redirect, the failure when there was no reply (the name does
      not resolve, the connection is refused, the certificate is not trusted or is for another
      name, the time ran out) and aasa check's findings; then the URLs whose verdict differs
      between the two copies (aasa diff's form), which copy a device uses, and whether it
      accepts it. Requests are made by the system's curl program.
      """,
    arguments: [domains], options: [fetchJSON] + fetching,
    success: "for every domain a device gets a copy it accepts",
    finding: "for some domain a device gets no copy it accepts",
    example: "taproute aasa fetch example.com\ntaproute aasa fetch example.com --json --no-cdn",
    run: { invocation, console throws(CommandExit) in runFetch(invocation, console: console) })

  /// The fetching options of an invocation of a command declaring ``fetching``.
  static func fetchOptions(_ invocation: Invocation) -> AASAFetch.Options {
    var options = curlOptions(invocation)
    if let base = invocation[cdnURL] { options.cdnBase = base.hasSuffix("/") ? base : base + "/" }
    if invocation[noCDN] { options.cdnBase = nil }
    return options
  }

  /// The options of an invocation of a command declaring ``curlFetching`` (the CDN's base left
  /// at its default).
  static func curlOptions(_ invocation: Invocation) -> AASAFetch.Options {
    var options = AASAFetch.Options()
    options.connectTo = invocation[connectTo]
    options.caFiles = invocation[caCert]
    if let seconds = invocation[timeout] { options.timeout = seconds }
    if let curl = ProcessInfo.processInfo.environment["TAPROUTE_CURL"], !curl.isEmpty { options.curl = curl }
    return options
  }

  /// Reports that `curl` cannot be run (once, however many domains), and exits 2.
  static func curlMissing(console: Console) -> CommandExit {
    console.report([
      Diagnostic(
        file: "curl", code: .fetchFailed,
        message: AASAFetch.Failure.curlMissing.words + " (or set TAPROUTE_CURL to its path)")
    ])
    return CommandExit(status: CommandLineTool.exitInput)
  }

  /// Each domain's report, fetched with the invocation's options; an error (reported once)
  /// when `curl` cannot be run.
  static func fetch(_ domains: [String], invocation: Invocation, console: Console) throws(CommandExit)
    -> [DomainReport]
  {
    let options = fetchOptions(invocation)
    var reports: [DomainReport] = []
    for domain in domains {
      let report = DomainReport.fetch(domain, options: options)
      if report.origin.failure == .curlMissing { throw curlMissing(console: console) }
      reports.append(report)
    }
    return reports
  }

  /// The domains given, or a usage error naming the first that is not one (`refusal` says
  /// why; `group` names the command group in the message).
  static func checkedDomains(
    _ texts: [String], console: Console, group: String = "aasa",
    refusal: (String) -> String? = DomainReport.refusal
  ) throws(CommandExit) -> [String] {
    for text in texts {
      if let refusal = refusal(text) {
        console.usageError("taproute \(group): DOMAIN \(refusal)")
        throw CommandExit(status: CommandLineTool.exitInput)
      }
    }
    return texts.map { $0.lowercased() }
  }

  private static func runFetch(_ invocation: Invocation, console: Console) -> Int32 {
    do throws(CommandExit) {
      let domains = try checkedDomains(invocation[Self.domains], console: console)
      let reports = try fetch(domains, invocation: invocation, console: console)
      if invocation[fetchJSON] {
        console.out(DecisionText.encode(reports, pretty: true) + "\n")
      } else {
        for report in reports { console.out(text(report)) }
      }
      // No reply at all, from the server or the CDN, for every domain: nothing was learnt
      // (no network); an error, not a finding.
      if reports.allSatisfy(\.nothingAnswered) { return CommandLineTool.exitInput }
      return reports.allSatisfy { $0.deviceUses != .none }
        ? CommandLineTool.exitOK : CommandLineTool.exitFinding
    } catch {
      return error.status
    }
  }

  /// The text form of one domain's report.
  static func text(_ report: DomainReport) -> String {
    var out = "\(report.domain)\n"
    func copy(_ name: String, _ c: DomainReport.Copy) {
      let status = c.status.map { "HTTP \($0)" } ?? "no reply"
      let type = c.contentType.map { ", \($0)" } ?? ""
      let size = c.status == nil ? "" : ", \(Words.count(c.bytes, "byte"))"
      out += "  \(name): \(c.url)\n    \(status)\(type)\(size): \(c.accepted ? "accepted" : "NOT accepted")\n"
      if let reason = c.appleFailureReason { out += "    Apple-Failure-Reason: \(reason)\n" }
      for d in c.diagnostics { out += "    \(d.severity.rawValue): \(d.message) [\(d.code)]\n" }
    }
    copy("server", report.origin)
    if let cdn = report.cdn { copy("CDN", cdn) }
    if !report.differences.isEmpty {
      out += "  differences (CDN -> server):\n"
      for d in report.differences {
        out += "    \(d.url)\(d.witness ? " (witness)" : ""): \(d.app): \(d.cdn) -> \(d.origin)\n"
      }
    }
    out += "  a device uses: \(report.deviceUses.rawValue)\n"
    for line in report.verdict { out += "    \(line)\n" }
    return out
  }
}
