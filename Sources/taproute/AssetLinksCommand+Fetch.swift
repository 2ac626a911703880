import TapRouteAASA
import TapRouteAndroid
import TapRouteTools

/// `taproute assetlinks fetch`: a domain's assetlinks.json as Android's verifier fetches it,
/// over the same machinery as `aasa fetch` (the system's curl, no redirect followed, a bounded
/// read), without a CDN.
extension AssetLinksCommand {
  static let domains = Positional(
    repeating: "DOMAIN",
    help: "a host of the app's intent filters (example.com; *.example.com:\nits root host's file, AND-10)")
  static let fetchJSON = Flag.json("print one JSON array, an object per domain in order")

  static let fetch = CommandSpec(
    name: "assetlinks fetch",
    summary: "fetch a domain's assetlinks.json as Android's verifier does, and check it",
    discussion: """
      Fetches https://DOMAIN/.well-known/assetlinks.json the way Android's verifier does
      (AND-8): HTTPS with a trusted certificate, no redirect followed (a redirect is an error:
      the file must be served with no redirects, and http to https or apex to www redirects
      make verification fail, AND-31), a 200 reply, at most 1 MB read (TapRoute's bound). For
      *.example.com it fetches the root host's file, example.com's (AND-10). It prints the
      status, the content type (other than application/json is a warning), the size, a
      refused redirect or the failure when there was no reply (the name does not resolve, the
      connection is refused, the certificate is not trusted or is for another name, the time
      ran out), then assetlinks check's findings on the body. There is no CDN on Android: one
      request per domain, made by the system's curl program (TAPROUTE_CURL names another).

      --json prints an array with an object per domain, every key present (null where there
      is no value): domain (as given), host (the host fetched), url, status, contentType,
      bytes, redirect (the Location refused), failure (nameNotResolved, connectionRefused,
      timeout, certificateNotTrusted, tlsHandshake, tooLarge, other), diagnostics (the
      request's problems, TR730-TR733 and TR002, then the file's, TR001 and TR801-TR809),
      served (a file the verifier reads, with no error), statements (their number, null when
      no file was read) and packages (the apps granted handle_all_urls). Exit 2 when no
      domain replied (no HTTP status: no network, no such domains, refused connections or
      certificates), as aasa fetch.
      """,
    arguments: [domains], options: [fetchJSON] + AASACommand.curlFetching,
    success: "every domain serves a file the verifier reads, with no errors",
    finding: "some domain serves no file, or one with errors",
    example:
      "taproute assetlinks fetch example.com\ntaproute assetlinks fetch example.com '*.example.com' --json",
    run: { invocation, console throws(CommandExit) in runFetch(invocation, console: console) })

  private static func runFetch(_ invocation: Invocation, console: Console) -> Int32 {
    do throws(CommandExit) {
      let domains = try AASACommand.checkedDomains(
        invocation[Self.domains], console: console, group: group, refusal: AssetLinksDomainReport.refusal)
      let options = AASACommand.curlOptions(invocation)
      var reports: [AssetLinksDomainReport] = []
      for domain in domains {
        let report = AssetLinksDomainReport.fetch(domain, options: options)
        if report.failure == .curlMissing { throw AASACommand.curlMissing(console: console) }
        reports.append(report)
      }
      if invocation[fetchJSON] {
        console.out(DecisionText.encode(reports, pretty: true) + "\n")
      } else {
        for report in reports { console.out(text(report)) }
      }
      // No domain answered: nothing was learnt (no network); an error, not a finding.
      if reports.allSatisfy(\.nothingAnswered) { return CommandLineTool.exitInput }
      return reports.allSatisfy(\.served) ? CommandLineTool.exitOK : CommandLineTool.exitFinding
    } catch {
      return error.status
    }
  }

  /// The text form of one domain's report: the request, then each finding.
  static func text(_ report: AssetLinksDomainReport) -> String {
    var out = "\(report.domain)\n"
    if report.host != report.domain {
      out += "  a wildcard host: the verifier reads the root host's file, \(report.host)'s (AND-10)\n"
    }
    let status = report.status.map { "HTTP \($0)" } ?? "no reply"
    let type = report.contentType.map { ", \($0)" } ?? ""
    let size = report.status == nil ? "" : ", \(Words.count(report.bytes, "byte"))"
    out += "  \(report.url)\n    \(status)\(type)\(size): "
    if report.served {
      out +=
        "served (\(Words.count(report.statements ?? 0, "statement")), "
        + "\(Words.count(report.packages.count, "app")) with App Links"
        + (report.packages.isEmpty ? "" : ": " + report.packages.joined(separator: ", ")) + ")\n"
    } else {
      out += "NOT served\n"
    }
    if let redirect = report.redirect { out += "    redirect refused: \(redirect)\n" }
    for d in report.diagnostics {
      let path = d.path == "$" || d.path.isEmpty ? "" : "\(d.path): "
      let line = d.location.map { "line \($0.line): " } ?? ""
      out += "    \(d.severity.rawValue): \(line)\(path)\(Diagnostic.printable(d.message)) [\(d.code)]\n"
    }
    return out
  }
}
