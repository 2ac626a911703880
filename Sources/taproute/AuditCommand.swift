import Foundation
@_spi(Generated) import TapRoute
import TapRouteAASA
import TapRouteTools

/// `taproute audit`.
enum AuditCommand {
  static let extensionPlist = Option<String>(
    name: "--extension", value: "PATH", help: "an iOS app: the Messages extension's Info.plist")
  static let container = Option<String>(
    name: "--container", value: "PATH",
    help: "the container app's Info.plist; leave it out for an\niMessage-only app")
  static let redirectURL = Option<String>(
    name: "--redirect-url", value: "URL", help: "the URL the extension's redirect code passes to open(url)")
  static let entitlements = Option<String>(
    name: "--entitlements", value: "PATH",
    help: "the container app's entitlements plist: its associated domains\nare checked against the AASA files"
  )
  static let aasaDirectory = Option<String>(
    name: "--aasa-dir", value: "DIR",
    help:
      "the apple-app-site-association files, each named after its\ndomain (example.com or example.com.json)")
  static let release = Flag(name: "--release", help: "a release build: ?mode=developer is an error")
  static let fetch = Flag(
    name: "--fetch",
    help:
      "with --entitlements: fetch each domain's file as a device does\n(aasa fetch), where --aasa-dir has none; with --manifest:\neach host's assetlinks.json (assetlinks fetch), where\n--assetlinks-dir has none"
  )
  static let json = Flag.json("print the findings as JSON")
  static let policies = Option<String>.policies

  static let spec = CommandSpec(
    name: "audit",
    summary: "check a real app's Info.plist files against the tables",
    discussion: """
      Reads a real app's Info.plist files (XML or binary) and reports what the tables say for
      this app: which redirect URLs reach the container (the scheme need not be declared,
      S004-7), a universal-link redirect that will not work (S004-4), an iMessage-only app
      trying to open a parent app (D-1), a wrong extension point. With --entitlements, also the
      associated domains against the AASA files in --aasa-dir: a port or path (U-20, U-22),
      ?mode=developer in a --release build (U-23), a wildcard domain with no file at its apex
      (U-24), an app ID the file does not name (U-2), a file's own problems (TR701-TR710), and
      more than 50 LSApplicationQueriesSchemes in the container (U-74). With --fetch, each
      domain without a file in --aasa-dir is fetched as aasa fetch does, and the copy a device
      uses is checked: a domain a device gets no accepted copy for (a subdomain without its own
      file, IOSN-8; a wildcard whose apex serves none) is an error (TR727), and an
      internationalized domain name a warning (IOSN-22).

      With --manifest instead of --extension, audits an Android app: the hosts of the merged
      AndroidManifest.xml's autoVerify filters against their assetlinks.json files (in
      --assetlinks-dir, or fetched with --fetch) and the app's signing keys. Errors: a custom
      scheme in a verified filter (TR840, AND-6, AND-46); a verified filter without action
      VIEW, BROWSABLE or DEFAULT (TR841, AND-4, AND-8, AND-29); a wildcard host without a file
      at its root host (TR843, AND-10); a host without a file (TR844); a file granting
      handle_all_urls to no statement for the package (TR845), or not listing an app-signing
      --fingerprint (TR846, AND-3, AND-44), or listing the --upload-fingerprint in its place
      (TR848, Play App Signing, AND-14, AND-32). Warnings: a host with http and not https
      (TR842, AND-8, AND-31), a fingerprint in lower case (TR847, AND-31), a dynamic rule
      allowing a URL no verified filter takes (TR850, AND-17). A note when one host fails:
      Android 11 and lower verify all hosts or none (TR849, AND-9). The files' own problems
      (TR801-TR809, and a fetch's TR730-TR733) are carried through. The package is the
      manifest's package attribute unless --package names it.
      """,
    options: [
      extensionPlist, manifest, container, redirectURL, entitlements, aasaDirectory, package, fingerprint,
      uploadFingerprint, assetLinksDirectory, fetch,
    ]
      + AASACommand.fetching + [
        release, json, policies,
      ],
    oneOf: [[extensionPlist, manifest]],
    success: "no error found",
    finding: "an error found (something will not work), or the policies failed to load",
    run: { invocation, console throws(CommandExit) in try run(invocation, console: console) })

  private static func run(_ invocation: Invocation, console: Console) throws(CommandExit) -> Int32 {
    if let path = invocation[manifest] { return try runAndroid(invocation, manifest: path, console: console) }
    try refuseOthers(androidOnly, invocation: invocation, console: console)
    var problems: [Diagnostic] = []
    var failed = false
    func read(_ path: String) -> InfoPlist? {
      guard let input = console.read(path, limit: InfoPlist.maximumBytes, what: "plist") else {
        failed = true
        return nil
      }
      do { return try InfoPlist.read(input.bytes, file: input.name) } catch {
        problems += error.diagnostics
        return nil
      }
    }
    let ext = invocation[extensionPlist].flatMap(read)
    let container = invocation[Self.container].map(read)
    guard let ext, container.map({ $0 != nil }) ?? true, !failed else {
      console.report(problems)
      return CommandLineTool.exitInput
    }
    let links = try linkFindings(invocation, container: container ?? nil, console: console)
    let engine = try CommandLineTool.engine(policies: invocation[policies], console: console)
    let findings =
      AppAudit.run(
        container: container ?? nil, extension: ext, redirectURL: invocation[redirectURL],
        engine: engine) + links
    return report(findings, invocation: invocation, console: console)
  }

  /// Prints the findings, as text with a count line or as JSON, and returns the exit code:
  /// 1 when there is an error among them.
  static func report(_ findings: [Diagnostic], invocation: Invocation, console: Console) -> Int32 {
    let errors = findings.filter { $0.severity == .error }.count
    if invocation[json] {
      console.out(DecisionText.encode(Output(findings: findings, errors: errors), pretty: true) + "\n")
    } else {
      for finding in findings { console.out(finding.description + "\n") }
      let warnings = findings.filter { $0.severity == .warning }.count
      console.out(
        "audit: \(Words.count(errors, "error")), \(Words.count(warnings, "warning")), \(Words.count(findings.count - errors - warnings, "note"))\n"
      )
    }
    return errors == 0 ? CommandLineTool.exitOK : CommandLineTool.exitFinding
  }

  /// The entitlements and AASA findings; none without --entitlements.
  private static func linkFindings(_ invocation: Invocation, container: InfoPlist?, console: Console)
    throws(CommandExit) -> [Diagnostic]
  {
    guard let path = invocation[entitlements] else {
      if invocation[fetch] {
        console.usageError(
          "taproute audit: --fetch needs --entitlements (the domains to fetch are its applinks: entries)")
        throw CommandExit(status: CommandLineTool.exitInput)
      }
      return []
    }
    guard let input = console.read(path, limit: InfoPlist.maximumBytes, what: "entitlements plist") else {
      throw CommandExit(status: CommandLineTool.exitInput)
    }
    let read: Entitlements
    do { read = try Entitlements.read(input.bytes, file: input.name) } catch {
      console.report(error.diagnostics)
      throw CommandExit(status: CommandLineTool.exitInput)
    }
    var files: [String: AASACheck] = [:]
    if let dir = invocation[aasaDirectory] {
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") }
          .sorted()
      } catch {
        console.report([Diagnostic(file: dir, code: .unreadable, message: "cannot read the directory")])
        throw CommandExit(status: CommandLineTool.exitInput)
      }
      for name in names {
        let domain = (name.hasSuffix(".json") ? String(name.dropLast(5)) : name).lowercased()
        let file = (dir.hasSuffix("/") ? dir : dir + "/") + name
        guard
          let aasa = console.read(
            file, limit: AASADocument.readLimit, what: "apple-app-site-association file")
        else { throw CommandExit(status: CommandLineTool.exitInput) }
        do { files[domain] = try AASADocument.read(aasa.bytes, file: aasa.name) } catch {
          console.report(error.diagnostics)
          throw CommandExit(status: CommandLineTool.exitInput)
        }
      }
    }
    var fetched: [String: DomainReport] = [:]
    if invocation[fetch] {
      let hosts = LinkAudit.hosts(read).filter { files[$0] == nil }
      for report in try AASACommand.fetch(hosts, invocation: invocation, console: console) {
        fetched[report.domain] = report
      }
    }
    return LinkAudit.run(
      entitlements: read, container: container, aasa: files, release: invocation[release], fetched: fetched)
  }

  private struct Output: Encodable {
    var findings: [Diagnostic]
    var errors: Int
  }
}
