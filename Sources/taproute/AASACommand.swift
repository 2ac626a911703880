import Foundation
@_spi(Generated) import TapRoute
import TapRouteAASA
import TapRouteTools

/// `taproute aasa check`, `aasa match` and `aasa diff`: apple-app-site-association files.
enum AASACommand {
  static let files = Positional(
    repeating: "FILE", help: "an apple-app-site-association file ('-' for standard input)")
  static let file = Positional(
    required: "FILE", help: "an apple-app-site-association file ('-' for standard input)")
  static let fileAndURLs = Positional(
    repeating: "[FILE] URL",
    help:
      "the file ('-' for standard input), then absolute https URLs\non its domain; with --domain, URLs only")
  static let domain = Option<String>(
    name: "--domain", value: "DOMAIN",
    help: "fetch DOMAIN's file as a device does (see aasa fetch) instead\nof reading FILE",
    refusal: { DomainReport.refusal($0) })
  static let app = Option<String>(
    name: "--app", value: "APPID",
    help:
      "the app ID (TEAMID.bundle.id) the URLs must open: exit 0 when\nevery URL opens it, 1 when one does not"
  )
  static let old = Positional(required: "OLD", help: "the apple-app-site-association file before the change")
  static let new = Positional(required: "NEW", help: "the file after the change")
  static let moreURLs = Positional(
    optionalRepeating: "URL", help: "URLs to compare besides the generated witnesses")
  static let os = Option<OSVersion>(
    name: "--os", value: "VERSION",
    help:
      "the iOS version whose semantics apply (default: the newest);\n12 reads legacy paths, 13 and later components"
  )
  static let reading = Option<AASAReadings>(
    name: "--reading", value: "NAME=READING,...",
    help: "read contested points another way:\n"
      + AASAReadings.points.map { "\($0.name)=\($0.choices.joined(separator: "|"))" }.joined(separator: ",\n")
      + "\n(default: the first of each)")
  static let checkJSON = Flag.json("print the findings as JSON")
  static let strict = Flag(
    name: "--strict", help: "fail on warnings too (what a device tolerates and reads its own way)")
  static let matchJSON = Flag.json("print one JSON object per URL, a line each")
  static let diffJSON = Flag.json("print the changes as JSON")

  /// The group's name, the first word of each command's name.
  static let group = "aasa"
  static let groupSummary = "universal links' apple-app-site-association files"

  /// The commands, in the order the help lists them.
  static let specs = [check, match, diff, fetch]

  static let check = CommandSpec(
    name: "aasa check",
    summary: "check apple-app-site-association files (structure, app IDs, patterns, size)",
    discussion: """
      Parses each apple-app-site-association file with the strict JSON reader and checks its
      applinks section: the root object, the 128 KB limit, details in either form (appID or
      appIDs, both set, the TEAMID.bundle.id form), components and their keys (/, ?, #,
      exclude, comment, caseSensitive, percentEncoded), defaults, substitution variable names
      and values, unknown keys and invalid patterns. Each problem is a located diagnostic
      (TR701-TR710); notes (TR709: what some iOS versions ignore) are not problems. What a
      device reads anyway (an unknown key in a component, a non-string value in a ? dictionary)
      is a warning that says what the device does instead; match, decide and audit decide as
      the device would.
      """,
    arguments: [files], options: [checkJSON, strict],
    success: "no errors in any file (warnings and notes allowed, unless --strict)",
    finding: "an error in a file, or with --strict a warning",
    run: { invocation, console throws(CommandExit) in runCheck(invocation, console: console) })

  static let match = CommandSpec(
    name: "aasa match",
    summary: "which apps an apple-app-site-association file opens a URL in, with a trace",
    discussion: """
      Matches each URL against the file (or, with --domain, the copy of the domain's file a
      device uses, fetched as aasa fetch does) under the given iOS version's semantics: the
      first matching pattern wins, exclude keeps the URL on the web, * ? and ?* wildcards,
      query dictionaries (every instance of a name must match; an absent item reads as ""),
      caseSensitive, percentEncoded, defaults and substitution variables, or legacy paths
      with NOT. For each app it prints the verdict (match or exclude; no verdict when no
      pattern matches) and each pattern tried, with the part that failed. Where Apple's text
      leaves room (how percentEncoded applies, whether * crosses /, absent query items) it
      takes one reading and says when the other would change a verdict. With --app, each URL
      gets a verdict for that app (opens, or not, with the component that matched or the
      exclude that stopped it), and the exit code says whether every URL opens it: a check
      for CI. Without --app, exit 0 whatever the verdicts.
      """,
    arguments: [fileAndURLs], options: [matchJSON, os, reading, domain, app] + fetching,
    success: "every URL matched; with --app, every URL opens the app",
    finding: "with --app, a URL does not open the app (or the domain serves no file a device accepts)",
    example:
      "taproute aasa match apple-app-site-association https://example.com/item/1\ntaproute aasa match --domain example.com --app TEAMID1234.com.example.app https://example.com/item/1",
    run: { invocation, console throws(CommandExit) in runMatch(invocation, console: console) })

  static let diff = CommandSpec(
    name: "aasa diff",
    summary: "which URLs change verdict, for which app, between two apple-app-site-association files",
    discussion: """
      Compares two apple-app-site-association files on the URLs given and on witness URLs
      generated from both files' patterns (each pattern's * as nothing and as one character,
      ? as one character, a variable as its first value, and the path upper-cased), and
      prints each URL whose verdict changes for an app: match, exclude or none.
      """,
    arguments: [old, new, moreURLs], options: [diffJSON, os, reading],
    success: "no verdict changes",
    finding: "a verdict changes for some URL",
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
        let apps = check.document.appIDs.count
        console.out(
          "\(check.document.file): \(problems == 0 ? "clean" : Words.count(problems, "problem")) "
            + "(\(Words.count(apps, "app")), \(Words.count(check.document.details.count, "detail")))\n")
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
    var appIDs: [String]
    var diagnostics: [Diagnostic]

    init(_ check: AASACheck) {
      file = check.document.file
      clean = check.isClean
      bytes = check.document.byteCount
      appIDs = check.document.appIDs
      diagnostics = check.diagnostics
    }
  }

  /// Reads and checks one file; nil after reporting why it could not be read or is not JSON.
  private static func read(_ path: String, console: Console) -> AASACheck? {
    console.parse(path, limit: AASADocument.readLimit, what: "apple-app-site-association file") {
      bytes, name throws(DiagnosticsError) in try AASADocument.read(bytes, file: name)
    }
  }

  /// A document that `match` and `diff` can use: an error in it is a malformed file (exit 2).
  private static func document(_ path: String, console: Console) throws(CommandExit) -> AASADocument {
    try console.usable(read(path, console: console), diagnostics: \.diagnostics).document
  }

  private static func parseURLs(_ texts: [String], firstArgument: Int, console: Console) throws(CommandExit)
    -> [AASAURL]
  {
    var out: [AASAURL] = []
    var failed = false
    for (i, text) in texts.enumerated() {
      do {
        out.append(try AASAURL(parsing: text, file: "argument \(firstArgument + i)"))
      } catch {
        console.report(error.diagnostics)
        failed = true
      }
    }
    if failed { throw CommandExit(status: CommandLineTool.exitInput) }
    return out
  }

  // MARK: match

  private static func runMatch(_ invocation: Invocation, console: Console) -> Int32 {
    do throws(CommandExit) {
      var texts = invocation[fileAndURLs]
      let document: AASADocument
      var firstURL = 1
      if let domain = invocation[Self.domain] {
        guard let fetched = try fetchedDocument(domain.lowercased(), invocation: invocation, console: console)
        else {
          return CommandLineTool.exitFinding
        }
        document = fetched
      } else {
        guard texts.count >= 2 else {
          console.usageError(
            "taproute aasa match: expected FILE and at least one URL, or --domain DOMAIN and URLs")
          return CommandLineTool.exitInput
        }
        document = try Self.document(texts.removeFirst(), console: console)
        firstURL = 2
      }
      let urls = try parseURLs(texts, firstArgument: firstURL, console: console)
      let os = invocation[Self.os] ?? AASAMatcher.newest
      var opensAll = true
      for url in urls {
        let result = AASAMatcher.match(document, url: url, os: os, readings: invocation[reading] ?? .standard)
        let verdict = invocation[app].map { AppVerdict(result, app: $0) }
        if verdict?.opens == false { opensAll = false }
        if invocation[matchJSON] {
          console.out(DecisionText.encode(MatchOutput(result, verdict: verdict), pretty: false) + "\n")
        } else {
          if let verdict { console.out("\(url.text): \(verdict.text)\n") }
          console.out(text(result))
        }
      }
      return opensAll ? CommandLineTool.exitOK : CommandLineTool.exitFinding
    } catch {
      return error.status
    }
  }

  /// The copy of `domain`'s file a device uses, fetched; nil (a finding, reported) when there
  /// is none a device accepts; an error when nothing could be fetched.
  private static func fetchedDocument(_ domain: String, invocation: Invocation, console: Console)
    throws(CommandExit) -> AASADocument?
  {
    guard let report = try fetch([domain], invocation: invocation, console: console).first else { return nil }
    if let document = report.deviceCopy?.document { return document }
    if report.nothingAnswered {
      console.report(report.origin.diagnostics + (report.cdn?.diagnostics ?? []))
      throw CommandExit(status: CommandLineTool.exitInput)
    }
    console.out(text(report))
    console.out("taproute aasa match: \(domain) serves no file a device accepts: no URL opens the app\n")
    return nil
  }

  /// One URL's verdict for one app: opens or not, and the pattern that decided.
  struct AppVerdict: Encodable {
    var app: String
    var opens: Bool
    /// The component (or path) that matched or excluded the URL; nil when none matched.
    var by: String?
    var text: String {
      if opens { return "opens \(app) (\(by ?? "?"))" }
      return by.map { "does not open \(app): excluded by \($0)" }
        ?? "does not open \(app): no pattern matches"
    }

    init(_ result: AASAMatch, app: String) {
      self.app = app
      let entry = result.apps.first { $0.appID == app }
      opens = entry?.verdict == .match
      by = entry?.verdict != nil ? entry?.steps.last.map(\.location) : nil
    }
  }

  /// The text form of one match: the URL, each app's verdict and the patterns tried.
  static func text(_ result: AASAMatch) -> String {
    var out = "\(result.url.text) (iOS \(result.os))\n"
    for app in result.apps {
      out += "  \(app.appID): \(app.verdict?.rawValue ?? "no match")"
      if app.verdict != nil, let last = app.steps.last { out += " (\(last.location))" }
      out += "\n"
      for step in app.steps where !step.matched {
        out += "    \(step.location) failed at \(step.failedPart ?? "?"): \(step.reason ?? "")\n"
      }
    }
    if result.readings != .standard {
      let changed = result.readings.byName.filter { pair in
        AASAReadings.standard.byName.contains { $0.name == pair.name && $0.reading != pair.reading }
      }
      out += "  readings: " + changed.map { "\($0.name)=\($0.reading)" }.joined(separator: ", ") + "\n"
    }
    for note in result.ignored { out += "  ignored at iOS \(result.os): \(note)\n" }
    if !result.otherReadingsDiffer.isEmpty {
      let readings = result.readings.byName.filter { result.otherReadingsDiffer.contains($0.name) }
      out +=
        "  contested: "
        + readings.map { "\($0.name) read as \($0.reading); the other reading changes a verdict" }
        .joined(separator: "; ") + "\n"
    }
    return out
  }

  /// One line of `aasa match --json`: the contract's `url` and `apps`, then the trace.
  private struct MatchOutput: Encodable {
    var url: String
    var apps: [String: String]
    var os: String
    var trace: [TraceStep]
    var readings: [String: String]
    var otherReadingsDiffer: [String]
    var ignored: [String]
    /// With `--app`: whether the URL opens the app, and the pattern that decided.
    var app: AppVerdict?

    struct TraceStep: Encodable {
      var app: String
      var location: String
      var matched: Bool
      var exclude: Bool
      var part: String?
      var reason: String?
    }

    init(_ r: AASAMatch, verdict: AppVerdict?) {
      app = verdict
      url = r.url.text
      apps = r.verdicts.mapValues(\.rawValue)
      os = r.os.description
      trace = r.apps.flatMap { app in
        app.steps.map {
          TraceStep(
            app: app.appID, location: $0.location, matched: $0.matched, exclude: $0.exclude,
            part: $0.failedPart,
            reason: $0.reason)
        }
      }
      readings = Dictionary(r.readings.byName.map { ($0.name, $0.reading) }, uniquingKeysWith: { a, _ in a })
      otherReadingsDiffer = r.otherReadingsDiffer
      ignored = r.ignored
    }
  }

  // MARK: diff

  private static func runDiff(_ invocation: Invocation, console: Console) -> Int32 {
    do throws(CommandExit) {
      let before = try document(invocation[old], console: console)
      let after = try document(invocation[new], console: console)
      let urls = try parseURLs(invocation[moreURLs], firstArgument: 3, console: console)
      let os = invocation[Self.os] ?? AASAMatcher.newest
      let changes = AASADiff.compare(
        old: before, new: after, urls: urls, host: urls.first?.host ?? "example.com", os: os,
        readings: invocation[reading] ?? .standard)
      if invocation[diffJSON] {
        console.out(DecisionText.encode(changes.map(DiffOutput.init), pretty: true) + "\n")
      } else {
        for change in changes {
          console.out(
            "\(change.url)\(change.isWitness ? " (witness)" : ""): \(change.appID): "
              + "\(change.old?.rawValue ?? "none") -> \(change.new?.rawValue ?? "none")\n")
        }
        let urlCount = Set(changes.map(\.url)).count
        console.out(
          "aasa diff: \(Words.count(changes.count, "verdict")) changed on \(Words.count(urlCount, "URL")) (iOS \(os))\n"
        )
      }
      return changes.isEmpty ? CommandLineTool.exitOK : CommandLineTool.exitFinding
    } catch {
      return error.status
    }
  }

  private struct DiffOutput: Encodable {
    var url: String
    var app: String
    var old: String
    var new: String
    var witness: Bool

    init(_ c: AASADiff.Change) {
      url = c.url
      app = c.appID
      old = c.old?.rawValue ?? "none"
      new = c.new?.rawValue ?? "none"
      witness = c.isWitness
    }
  }
}

extension Option where Value == AASAReadings {
  /// An option whose value is a list of contested readings (``AASAReadings/parse(_:)``).
  init(name: String, value: String, help: String) {
    declaration = OptionDeclaration(
      name: name, value: value, help: help,
      refusal: { text in
        if case .failure(let error) = AASAReadings.parse(text) { return error.message }
        return nil
      })
    convert = { try? AASAReadings.parse($0).get() }
  }
}

extension Option where Value == OSVersion {
  /// An option whose value is an OS version (`13.5`); anything else is a usage error.
  init(name: String, value: String, help: String) {
    declaration = OptionDeclaration(
      name: name, value: value, help: help,
      refusal: { OSVersion(parsing: $0) == nil ? "expects a version such as 12, 13.5 or 17.4" : nil })
    convert = { OSVersion(parsing: $0) }
  }
}
