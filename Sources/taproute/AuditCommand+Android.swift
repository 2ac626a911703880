import Foundation
import TapRouteAASA
import TapRouteAndroid
import TapRouteTools

/// `taproute audit --manifest`: an Android app's manifest against its hosts' assetlinks.json
/// files and its signing keys. The checks are ``AndroidAudit``'s; this reads the inputs.
extension AuditCommand {
  static let manifest = Option<String>(
    name: "--manifest", value: "FILE",
    help: "an Android app: its AndroidManifest.xml (the merged one),\nwhose autoVerify hosts are checked")
  static let package = Option<String>(
    name: "--package", value: "NAME",
    help:
      "with --manifest: the app's package name (application ID);\nby default the manifest's package attribute"
  )
  static let fingerprint = Repeated(
    name: "--fingerprint", value: "SHA256",
    help:
      "with --manifest (required): the SHA-256 fingerprint of the\napp-signing key, the certificate users' devices have\n(keytool's form; case and colons free)",
    refusal: fingerprintRefusal)
  static let uploadFingerprint = Option<String>(
    name: "--upload-fingerprint", value: "SHA256",
    help:
      "with --manifest: the upload key's SHA-256 fingerprint (Play\nApp Signing); a file listing it and not the app-signing\nkey's is an error",
    refusal: fingerprintRefusal)
  static let assetLinksDirectory = Option<String>(
    name: "--assetlinks-dir", value: "DIR",
    help:
      "with --manifest: the assetlinks.json files, each named after\nits host (example.com or example.com.json)"
  )

  @Sendable static func fingerprintRefusal(_ text: String) -> String? {
    CertificateFingerprint.canonical(text) == nil ? "expects 32 hex pairs, such as 14:6D:E9:...:44:E5" : nil
  }

  /// The options of the Android audit only, and of the iOS audit only.
  static let androidOnly: [any DeclaredOption] = [
    package, fingerprint, uploadFingerprint, assetLinksDirectory,
  ]
  static let iOSOnly: [any DeclaredOption] = [
    container, redirectURL, entitlements, aasaDirectory, release, policies, AASACommand.noCDN,
    AASACommand.cdnURL,
  ]

  /// A usage error (exit 2) when the command line gives one of `options`, which belong to the
  /// other kind of audit.
  static func refuseOthers(_ options: [any DeclaredOption], invocation: Invocation, console: Console)
    throws(CommandExit)
  {
    guard let given = options.first(where: invocation.isGiven) else { return }
    let (mine, other) =
      invocation[manifest] == nil ? ("--extension", "--manifest") : ("--manifest", "--extension")
    console.usageError(
      "taproute audit: \(given.declaration.name) is for an audit with \(other), not \(mine); see 'taproute audit --help'"
    )
    throw CommandExit(status: CommandLineTool.exitInput)
  }

  static func runAndroid(_ invocation: Invocation, manifest path: String, console: Console)
    throws(CommandExit)
    -> Int32
  {
    try refuseOthers(iOSOnly, invocation: invocation, console: console)
    let check = try console.usable(
      console.parse(path, limit: AndroidManifest.readLimit, what: "AndroidManifest.xml") {
        bytes, name throws(DiagnosticsError) in try AndroidManifest.read(bytes, file: name)
      },
      diagnostics: \.diagnostics)
    guard let packageName = invocation[package] ?? check.manifest.package else {
      console.usageError(
        "taproute audit: --package NAME is required: \(check.manifest.file) has no package attribute")
      throw CommandExit(status: CommandLineTool.exitInput)
    }
    if let declared = check.manifest.package, declared != packageName {
      console.err(
        "\(check.manifest.file): note: the manifest's package is \(declared), not --package \(packageName)\n")
    }
    let fingerprints = invocation[fingerprint]
    guard !fingerprints.isEmpty else {
      console.usageError(
        "taproute audit: --manifest needs --fingerprint SHA256 (the app-signing key's); see 'taproute audit --help'"
      )
      throw CommandExit(status: CommandLineTool.exitInput)
    }
    var files = try assetLinksFiles(invocation, console: console)
    if invocation[fetch] {
      let options = AASACommand.curlOptions(invocation)
      let hosts = AndroidAudit.fileHosts(check.manifest).filter {
        files[$0] == nil && AssetLinksDomainReport.refusal($0) == nil
      }
      for host in hosts {
        let report = AssetLinksDomainReport.fetch(host, options: options)
        if report.failure == .curlMissing { throw AASACommand.curlMissing(console: console) }
        files[host] = AndroidAudit.HostFile(
          name: report.url, document: report.document, diagnostics: report.diagnostics)
      }
    }
    let app = AndroidAudit.App(
      packageName: packageName, fingerprints: fingerprints, uploadFingerprint: invocation[uploadFingerprint])
    return report(
      AndroidAudit.run(manifest: check, app: app, files: files), invocation: invocation, console: console)
  }

  /// The files of `--assetlinks-dir`, by host (the name without `.json`, lower-cased); an
  /// unreadable directory or a file that is not JSON is reported, exit 2.
  static func assetLinksFiles(_ invocation: Invocation, console: Console) throws(CommandExit)
    -> [String: AndroidAudit.HostFile]
  {
    guard let dir = invocation[assetLinksDirectory] else { return [:] }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".") }.sorted()
    } catch {
      console.report([Diagnostic(file: dir, code: .unreadable, message: "cannot read the directory")])
      throw CommandExit(status: CommandLineTool.exitInput)
    }
    var files: [String: AndroidAudit.HostFile] = [:]
    for name in names {
      let host = (name.hasSuffix(".json") ? String(name.dropLast(5)) : name).lowercased()
      let path = (dir.hasSuffix("/") ? dir : dir + "/") + name
      guard
        let check = console.parse(
          path, limit: AssetLinksDocument.maximumBytes, what: "assetlinks.json file",
          with: {
            bytes, name throws(DiagnosticsError) in try AssetLinksDocument.read(bytes, file: name)
          })
      else { throw CommandExit(status: CommandLineTool.exitInput) }
      files[host] = AndroidAudit.HostFile(check)
    }
    return files
  }
}
