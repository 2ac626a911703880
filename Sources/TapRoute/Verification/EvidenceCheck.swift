/// Checks that the evidence registry can be followed back to its sources, that each source
/// gives the words behind its claim, that no confidence is above what those words show, and
/// that its `uncited` markers are still true.
///
/// An entry is checkable when one of its sources has a link or a seed file and is not an
/// inference; an entry whose confidence is `inferred` may rest on an inference source alone,
/// since it claims no more than that. A source a reader can open (a link or a seed file)
/// quotes the words behind the claim (TR312). `documented` needs a quote from Apple's own
/// text, `several` quotes from two different places that do not repeat each other (TR313).
/// Evidence against a rule, or for its other reading, is read more strictly: every source of
/// it has a link or a seed file, and a rule contested only on evidence no reader can check is
/// reported as such (TR314). Every finding is a warning, so `verify --strict` fails on them.
enum EvidenceCheck {
  /// The findings for `policies`, given the ids that rules, transitions and checks cite.
  static func diagnostics(_ policies: PolicySet, cited: Set<String>) -> [Diagnostic] {
    var out: [Diagnostic] = []
    for entry in policies.evidence {
      let path = "$.evidence.\(entry.id)"
      func warn(
        _ code: DiagnosticCode, _ message: String, path suffix: String = "", at: SourcePosition? = nil
      ) {
        out.append(
          Diagnostic(
            file: policies.evidenceFile, path: path + suffix, location: at ?? entry.location,
            severity: .warning, code: code, message: message))
      }
      if !entry.hasCheckableSource {
        warn(
          .uncheckableEvidence,
          "evidence \(Words.quoted(entry.id)) has no checkable source: give a source a url or a seed file (an inference alone will do only for an inferred entry)"
        )
      }
      if entry.uncited != nil && cited.contains(entry.id) {
        warn(
          .citedButMarkedUncited,
          "evidence \(Words.quoted(entry.id)) is marked uncited, but it is cited; remove \"uncited\"",
          path: ".uncited")
      }
      for (i, source) in entry.sources.enumerated() where source.canBeOpened && source.quote == nil {
        warn(
          .unquotedSource,
          "source \(Words.quoted(source.title)) of evidence \(Words.quoted(entry.id)) gives no quote: add \"quote\" (the source's own words behind the claim, verbatim) and \"where\"",
          path: ".sources[\(i)]", at: source.location)
      }
      if let problem = confidenceProblem(entry) {
        warn(.confidenceAboveQuotes, problem, path: ".confidence")
      }
    }
    for table in policies.tables {
      out += contestDiagnostics(table, policies)
    }
    return out
  }

  /// Why `entry`'s confidence is above its quotes, or nil when it is not.
  static func confidenceProblem(_ entry: EvidenceEntry) -> String? {
    let quoted = entry.sources.filter { $0.quote != nil && $0.canBeOpened }
    switch entry.confidence {
    case .documented where !quoted.contains(where: \.isApplesOwnText):
      return
        "evidence \(Words.quoted(entry.id)) is \"documented\" but quotes no Apple text (documentation, SDK header, WWDC session, Apple staff on the forums): quote one, or lower the confidence"
    case .several where independentQuotes(quoted) < 2:
      return
        "evidence \(Words.quoted(entry.id)) is \"several\" but quotes fewer than two independent sources (different links or seeds, not repeating each other's words): quote another, or lower the confidence"
    default:
      return nil
    }
  }

  /// How many of `sources` say it independently: sources at one link or seed file count once,
  /// and so do sources whose quotes are the same words (a copy repeats its original).
  static func independentQuotes(_ sources: [EvidenceEntry.Source]) -> Int {
    var places: Set<String> = []
    var words: Set<String> = []
    var count = 0
    for source in sources {
      let place = source.url.map(Self.place) ?? source.file ?? ""
      let said = (source.quote ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        .lowercased()
      if places.contains(place) || words.contains(said) { continue }
      places.insert(place)
      words.insert(said)
      count += 1
    }
    return count
  }

  /// A link without its scheme, fragment and trailing slash: two links to one page are one place.
  private static func place(_ url: String) -> String {
    var text = Substring(url)
    if let fragment = text.firstIndex(of: "#") { text = text[..<fragment] }
    if let scheme = text.range(of: "://") { text = text[scheme.upperBound...] }
    while text.hasSuffix("/") { text = text.dropLast() }
    return text.lowercased()
  }

  /// TR314: the evidence against each rule of `table` and for its other readings has no
  /// source a reader cannot open, and a contested rule has some such evidence a reader can check.
  static func contestDiagnostics(_ table: DecisionTable, _ policies: PolicySet) -> [Diagnostic] {
    var out: [Diagnostic] = []
    for rule in table.rules {
      let contrary =
        rule.against + rule.alternatives.flatMap(\.evidence).filter { !rule.against.contains($0) }
      var checkable = false
      var reported: Set<String> = []
      for id in contrary {
        guard let entry = policies.evidence(id) else { continue }
        let closed = entry.sources.filter { !$0.canBeOpened }
        if entry.sources.contains(where: \.canBeOpened) { checkable = true }
        guard let first = closed.first, reported.insert(id).inserted else { continue }
        out.append(
          Diagnostic(
            file: table.file, path: rule.path, location: rule.location, severity: .warning,
            code: .uncheckableContest,
            message:
              "rule \(Words.quoted(rule.id)) is contested on evidence \(Words.quoted(id)), whose source \(Words.quoted(first.title)) no reader can check: link it (or its seed), or do not cite the entry against the rule"
          ))
      }
      if rule.confidence == .contested && !contrary.isEmpty && !checkable {
        out.append(
          Diagnostic(
            file: table.file, path: rule.path + ".confidence", location: rule.location, severity: .warning,
            code: .uncheckableContest,
            message:
              "rule \(Words.quoted(rule.id)) is contested only on evidence no reader can check (\(contrary.joined(separator: ", "))): contest a rule only on evidence with a link or a seed file"
          ))
      }
    }
    return out
  }
}

extension EvidenceEntry.Source {
  /// True when a reader can open the source itself: it has a link or a seed file.
  var canBeOpened: Bool { url != nil || file != nil }

  /// True when the source is Apple's own text: its documentation, an SDK header, a WWDC
  /// session, or a reply by Apple staff on Apple's forums (a `forumThread` on
  /// developer.apple.com whose `where` names the reply's Apple badge: `Apple staff`,
  /// `DTS Engineer` or `Frameworks Engineer`).
  var isApplesOwnText: Bool {
    switch kind {
    case .appleDocumentation, .sdkHeader, .wwdcSession:
      return true
    case .forumThread:
      guard let url, url.lowercased().hasPrefix("https://developer.apple.com/forums/"), let quoteLocation
      else { return false }
      let badge = quoteLocation.lowercased()
      return ["apple staff", "dts engineer", "frameworks engineer"].contains { badge.contains($0) }
    default:
      return false
    }
  }
}
