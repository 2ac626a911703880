import TapRouteAASA
import TapRouteAndroid
import TapRouteTools

/// `taproute assetlinks check`, `assetlinks match` and `assetlinks diff`: Android App Links'
/// Digital Asset Links files, the counterparts of the `aasa` commands.
enum AssetLinksCommand {
  static let files = Positional(repeating: "FILE", help: "an assetlinks.json file ('-' for standard input)")
  static let file = Positional(required: "FILE", help: "an assetlinks.json file ('-' for standard input)")
  static let urls = Positional(
    optionalRepeating: "URL", help: "absolute https URLs on the file's domain (none: the delegation only)")
  static let package = Option<String>(
    name: "--package", value: "NAME", required: true,
    help: "the app's package name (its application ID, com.example.app)")
  static let fingerprint = Option<String>(
    name: "--fingerprint", value: "SHA256", required: true,
    help:
      "the SHA-256 fingerprint of the certificate the installed app\nis signed with (keytool's form; case and colons free)",
    refusal: {
      CertificateFingerprint.canonical($0) == nil ? "expects 32 hex pairs, such as 14:6D:E9:...:44:E5" : nil
    })
  static let manifest = Option<String>(
    name: "--manifest", value: "FILE",
    help:
      "the app's AndroidManifest.xml (the merged one): a URL opens\nthe app only if an activity's intent filter with autoVerify\ntakes it too"
  )
  static let old = Positional(required: "OLD", help: "the assetlinks.json file before the change")
  static let new = Positional(required: "NEW", help: "the file after the change")
  static let moreURLs = Positional(
    optionalRepeating: "URL", help: "URLs to compare besides the generated witnesses")
  static let checkJSON = Flag.json("print the findings as JSON")
  static let strict = Flag(
    name: "--strict", help: "fail on warnings too (what a device ignores or may refuse)")
  static let matchJSON = Flag.json("print one JSON object per URL, a line each")
  static let diffJSON = Flag.json("print the changes as JSON")

  /// The group's name, the first word of each command's name.
  static let group = "assetlinks"
  static let groupSummary = "Android App Links' assetlinks.json (Digital Asset Links) files"

  /// The commands, in the order the help lists them.
  static let specs = [check, match, diff, fetch]

  static let check = CommandSpec(
    name: "assetlinks check",
    summary: "check assetlinks.json files (statements, relations, targets, fingerprints, dynamic rules)",
    discussion: """
      Parses each assetlinks.json file with the strict JSON reader (an HTML page served in its
      place is named as such) and checks it: the root a list of statements, each with relation
      and target; relations other than delegate_permission/common.handle_all_urls; the
      android_app and web namespaces; SHA-256 fingerprints as 32 colon-separated upper-case hex
      pairs (lower case is a warning: Google asks for upper case), duplicates; Android 15's
      dynamic rules under relation_extensions and their components (/, ?, #, exclude, comment);
      relative_extended_url_patterns, a key no Google page defines; and unknown keys. Files over
      1 MB are refused unread. Each problem is a located diagnostic (TR801-TR809).
      """,
    arguments: [files], options: [checkJSON, strict],
    success: "no errors in any file (warnings and notes allowed, unless --strict)",
    finding: "an error in a file, or with --strict a warning",
    run: { invocation, console throws(CommandExit) in runCheck(invocation, console: console) })

  static let match = CommandSpec(
    name: "assetlinks match",
    summary: "whether an assetlinks.json file delegates App Links to an app, and each URL's verdict",
    discussion: """
      Says which statement grants delegate_permission/common.handle_all_urls to the package
      signed with the fingerprint (or that the package is listed with other fingerprints only:
      the Play app-signing key and the upload key differ), then, for each URL, what the
      statement's dynamic rules (Android 15 and later) say: the first component that matches
      decides, allowed or excluded; no component matching keeps the URL out (TapRoute's
      reading, as for AASA). Dynamic rules only narrow what the manifest's intent filters allow
      (AND-17): with --manifest, each URL must also be taken by an activity's filter with
      autoVerify="true", ACTION_VIEW, BROWSABLE and DEFAULT (AND-4, AND-7), which the output
      names, with why each other filter does not take it; the manifest's problems (a custom
      scheme in the verified filter, a filter Android 12 does not verify) go to standard error.
      Without --manifest the filters are not checked.
      """,
    arguments: [file, urls], options: [matchJSON, package, fingerprint, manifest],
    success: "the file delegates to the app and lets every URL open it",
    finding: "the file does not delegate to the app, or a URL is excluded or matched by no component",
    example:
      "taproute assetlinks match assetlinks.json --package com.example --fingerprint 14:6D:...:44:E5 https://example.com/item/1",
    run: { invocation, console throws(CommandExit) in runMatch(invocation, console: console) })

  static let diff = CommandSpec(
    name: "assetlinks diff",
    summary: "which apps gain or lose App Links, and which URLs change verdict, between two files",
    discussion: """
      Compares two assetlinks.json files: each app (package and fingerprint) granted
      handle_all_urls in one file only, and for the apps in both, each URL whose verdict
      changes, on the URLs given and on witness URLs generated from both files' dynamic
      components (each * as nothing and as one character, ? as one character).
      """,
    arguments: [old, new, moreURLs], options: [diffJSON],
    success: "no change",
    finding: "an app gains or loses App Links, or a URL's verdict changes",
    run: { invocation, console throws(CommandExit) in runDiff(invocation, console: console) })

  // MARK: check

  private static func runCheck(_ invocation: Invocation, console: Console) -> Int32 {
    var status = CommandLineTool.exitOK
    var reports: [CheckOutput] = []
    for path in invocation[files] {
      guard let check = read(path, console: console) else {
        status = CommandLineTool.exitInput
        continue
      }
      let fails = invocation[strict] ? !check.isClean : check.hasErrors
      if fails && status == CommandLineTool.exitOK { status = CommandLineTool.exitFinding }
      reports.append(CheckOutput(check))
      if !invocation[checkJSON] {
        let problems = check.diagnostics.filter { $0.severity != .note }.count
        let document = check.document
        console.out(
          "\(document.file): \(problems == 0 ? "clean" : Words.count(problems, "problem")) "
            + "(\(Words.count(document.statements.count, "statement")), "
            + "\(Words.count(document.delegatedPackages.count, "app")) with App Links)\n")
        for diagnostic in check.diagnostics { console.out("  \(diagnostic)\n") }
      }
    }
    // Under --json, an unreadable file makes the output the errors alone: one JSON document.
    if invocation[checkJSON] && status != CommandLineTool.exitInput {
      console.out(DecisionText.encode(reports, pretty: true) + "\n")
    }
    return status
  }

  private struct CheckOutput: Encodable {
    var file: String
    var clean: Bool
    var bytes: Int
    var statements: Int
    var packages: [String]
    var diagnostics: [Diagnostic]

    init(_ check: AssetLinksCheck) {
      file = check.document.file
      clean = check.isClean
      bytes = check.document.byteCount
      statements = check.document.statements.count
      packages = check.document.delegatedPackages
      diagnostics = check.diagnostics
    }
  }

  /// Reads and checks one file; nil after reporting why it could not be read or is not JSON.
  private static func read(_ path: String, console: Console) -> AssetLinksCheck? {
    console.parse(path, limit: AssetLinksDocument.maximumBytes, what: "assetlinks.json file") {
      bytes, name throws(DiagnosticsError) in try AssetLinksDocument.read(bytes, file: name)
    }
  }

  /// A document `match` and `diff` can use: an error in it is a malformed file (exit 2); its
  /// warnings are printed to standard error, since they may change what a device does.
  private static func document(_ path: String, console: Console) throws(CommandExit) -> AssetLinksDocument {
    let check = try console.usable(read(path, console: console), diagnostics: \.diagnostics)
    for warning in check.diagnostics where warning.severity == .warning { console.err("\(warning)\n") }
    return check.document
  }

  private static func parseURLs(_ texts: [String], firstArgument: Int, console: Console) throws(CommandExit)
    -> [AASAURL]
  {
    var out: [AASAURL] = []
    var problems: [Diagnostic] = []
    for (i, text) in texts.enumerated() {
      let problem: (String, Int)
      switch AASAURL.parse(text) {
      case .success(let url):
        out.append(url)
        continue
      case .failure(.tooLong):
        problem = ("the URL is over \(Diagnostic.grouped(Int64(AASAURL.maximumLength))) bytes", 1)
      case .failure(.control(let offset)):
        problem = ("a URL has no spaces or control characters (percent-encode them)", offset + 1)
      case .failure(.notHTTP): problem = ("an App Link is an absolute http or https URL (AND-8)", 1)
      case .failure(.noHost(let offset)): problem = ("the URL has no host", offset + 1)
      }
      problems.append(
        Diagnostic(
          file: "argument \(firstArgument + i)", location: SourcePosition(line: 1, column: problem.1),
          code: .assetLinksBadURL, message: "\(Words.quoted(text)): \(problem.0)"))
    }
    if !problems.isEmpty {
      console.report(problems)
      throw CommandExit(status: CommandLineTool.exitInput)
    }
    return out
  }

  // MARK: match

  private static func runMatch(_ invocation: Invocation, console: Console) -> Int32 {
    do throws(CommandExit) {
      let document = try Self.document(invocation[file], console: console)
      let urls = try parseURLs(invocation[Self.urls], firstArgument: 2, console: console)
      let packageName = invocation[package] ?? ""
      let filters = try invocation[manifest].map { path throws(CommandExit) in
        try intentFilters(path, packageName: packageName, console: console)
      }
      let result = AssetLinksMatcher.match(
        document, packageName: packageName, fingerprint: invocation[fingerprint] ?? "", urls: urls)
      let taken = result.urls.map { url in filters.map { $0.match(url.url) } }
      if invocation[matchJSON] {
        let lines =
          result.urls.isEmpty
          ? [MatchOutput(result, nil, nil)] : zip(result.urls, taken).map { MatchOutput(result, $0, $1) }
        for line in lines { console.out(DecisionText.encode(line, pretty: false) + "\n") }
      } else {
        console.out(text(result, manifest: taken))
      }
      guard case .delegated = result.delegation, result.urls.allSatisfy(\.verdict.mayOpen),
        taken.allSatisfy({ $0.map { !$0.verifiable.isEmpty } ?? true })
      else {
        return CommandLineTool.exitFinding
      }
      return CommandLineTool.exitOK
    } catch {
      return error.status
    }
  }

  /// The app's intent filters from its manifest: an error in it is a malformed file (exit 2);
  /// its warnings and notes go to standard error, and so does a package other than `--package`.
  private static func intentFilters(_ path: String, packageName: String, console: Console) throws(CommandExit)
    -> IntentFilterMatcher
  {
    let check = try console.usable(
      console.parse(path, limit: AndroidManifest.readLimit, what: "AndroidManifest.xml") {
        bytes, name throws(DiagnosticsError) in try AndroidManifest.read(bytes, file: name)
      },
      diagnostics: \.diagnostics)
    let matcher = IntentFilterMatcher(check.manifest)
    for problem in check.diagnostics + matcher.verification().diagnostics { console.err("\(problem)\n") }
    if let declared = check.manifest.package, declared != packageName {
      console.err(
        "\(check.manifest.file): note: the manifest's package is \(declared), not --package \(packageName)\n")
    }
    return matcher
  }

  /// The text form of a match: the delegation, then each URL's verdict and the components tried,
  /// and with a manifest the intent filters that take it.
  static func text(_ result: AssetLinksMatch, manifest: [IntentFilterMatch?] = []) -> String {
    var out = "\(result.packageName) \(result.fingerprint): " + delegationText(result.delegation) + "\n"
    for (index, url) in result.urls.enumerated() {
      out += "\(url.url): \(url.verdict.rawValue)"
      if let statement = url.statement, let component = url.component {
        out += " ($[\(statement)] component [\(component)])"
      }
      out += "\n"
      for step in url.steps where !step.matched {
        out += "  component [\(step.component)] failed at \(step.failedPart ?? "?"): \(step.reason ?? "")\n"
      }
      out += "  \(url.explanation)\n"
      if index < manifest.count, let taken = manifest[index] {
        out += filtersText(taken)
      } else if url.verdict.mayOpen {
        out += "  manifest: not checked (--manifest FILE checks its intent filters)\n"
      }
    }
    return out
  }

  /// What the manifest's intent filters do with one URL: the ones that verify and take it, or
  /// why none does.
  static func filtersText(_ match: IntentFilterMatch) -> String {
    if let filter = match.verifiable.first {
      return "  manifest: \(filter.activity) takes it (intent filter [\(filter.filterIndex)], autoVerify)\n"
    }
    var out =
      "  manifest: no intent filter with autoVerify takes it: the link does not open the app as an App Link\n"
    for filter in match.results {
      out +=
        "    \(filter.activity) intent filter [\(filter.filterIndex)]: \(filter.reasons.joined(separator: "; "))\n"
    }
    return out
  }

  static func delegationText(_ delegation: AssetLinksMatch.Delegation) -> String {
    switch delegation {
    case .delegated(let statement): "delegated by $[\(statement)]"
    case .otherFingerprints(let statements):
      "not delegated: " + statements.map { "$[\($0)]" }.joined(separator: ", ")
        + (statements.count == 1 ? " lists" : " list")
        + " the package with other fingerprints only (the Play app-signing key and the upload key differ)"
    case .notListed: "not delegated: no statement grants handle_all_urls to the package"
    }
  }

  /// One line of `assetlinks match --json`.
  private struct MatchOutput: Encodable {
    var package: String
    var fingerprint: String
    var delegated: Bool
    var delegation: String
    var url: String?
    var verdict: String?
    var statement: Int?
    var component: Int?
    var trace: [Step]
    var explanation: String?
    /// With --manifest: the activities whose verified intent filters take the URL (none: it
    /// does not open the app); absent without a manifest.
    var manifestActivities: [String]?

    struct Step: Encodable {
      var component: Int
      var matched: Bool
      var exclude: Bool
      var part: String?
      var reason: String?
    }

    init(_ result: AssetLinksMatch, _ url: AssetLinksMatch.URLVerdict?, _ taken: IntentFilterMatch?) {
      package = result.packageName
      fingerprint = result.fingerprint
      if case .delegated = result.delegation { delegated = true } else { delegated = false }
      delegation = AssetLinksCommand.delegationText(result.delegation)
      self.url = url?.url
      verdict = url?.verdict.rawValue
      statement = url?.statement
      component = url?.component
      trace = (url?.steps ?? []).map {
        Step(
          component: $0.component, matched: $0.matched, exclude: $0.exclude, part: $0.failedPart,
          reason: $0.reason)
      }
      explanation = url?.explanation
      manifestActivities = taken.map { $0.verifiable.map(\.activity) }
    }
  }

  // MARK: diff

  private static func runDiff(_ invocation: Invocation, console: Console) -> Int32 {
    do throws(CommandExit) {
      let before = try document(invocation[old], console: console)
      let after = try document(invocation[new], console: console)
      let urls = try parseURLs(invocation[moreURLs], firstArgument: 3, console: console)
      let changes = AssetLinksDiff.compare(
        old: before, new: after, urls: urls, host: urls.first?.host ?? "example.com")
      if invocation[diffJSON] {
        console.out(DecisionText.encode(changes.map(DiffOutput.init), pretty: true) + "\n")
      } else {
        for change in changes {
          let app = "\(change.packageName) \(change.fingerprint)"
          if let url = change.url {
            console.out(
              "\(url)\(change.isWitness ? " (witness)" : ""): \(app): \(change.old.rawValue) -> \(change.new.rawValue)\n"
            )
          } else {
            console.out("\(app): \(change.new == .notDelegated ? "loses" : "gains") App Links\n")
          }
        }
        console.out("assetlinks diff: \(Words.count(changes.count, "change"))\n")
      }
      return changes.isEmpty ? CommandLineTool.exitOK : CommandLineTool.exitFinding
    } catch {
      return error.status
    }
  }

  private struct DiffOutput: Encodable {
    var package: String
    var fingerprint: String
    var url: String?
    var old: String
    var new: String
    var witness: Bool

    init(_ c: AssetLinksDiff.Change) {
      package = c.packageName
      fingerprint = c.fingerprint
      url = c.url
      // A change of delegation is delegated or notDelegated; a URL's, the verdict.
      let name = { (v: AssetLinksMatch.URLVerdict.Verdict) in
        c.url == nil && v != .notDelegated ? "delegated" : v.rawValue
      }
      old = name(c.old)
      new = name(c.new)
      witness = c.isWitness
    }
  }
}
