@_spi(Generated) import TapRoute
import TapRouteAASA

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
      out += supportDiagnostics(table, policies)
    }
    return out
  }

  /// The level the quotes of `entries` give a claim they all state: `documented` when one is
  /// Apple's own text, `several` with two independent quotes, `single` with one, `inferred`
  /// with none.
  static func quotedLevel(_ entries: [EvidenceEntry]) -> Confidence {
    let quoted = entries.flatMap(\.sources).filter { $0.quote != nil && $0.canBeOpened }
    if quoted.contains(where: \.isPlatformsOwnText) { return .documented }
    switch independentQuotes(quoted) {
    case 0: return .inferred
    case 1: return .single
    default: return .several
    }
  }

  /// TR315 and TR316: every field of every rule of `table` cites the quotes that support it,
  /// and no field is surer than they are. A rule without `support` cites its evidence as a
  /// whole; an inferred field writes its reasoning; a contested field has another reading
  /// that differs in it; a note names the evidence behind it (unless every field of its rule
  /// is reasoned from no entry).
  static func supportDiagnostics(_ table: DecisionTable, _ policies: PolicySet) -> [Diagnostic] {
    var out: [Diagnostic] = []
    for rule in table.rules {
      let name = Words.quoted(table.name + "/" + rule.id)
      func report(_ code: DiagnosticCode, _ message: String, path: String, at: SourcePosition) {
        out.append(
          Diagnostic(
            file: table.file, path: rule.path + path, location: at.line == 0 ? rule.location : at,
            severity: .warning, code: code, message: message))
      }
      guard !rule.support.isEmpty else {
        report(
          .unsupportedField,
          "rule \(name) cites its evidence for the whole rule: give \"support\", the evidence and confidence of each field its \"then\" states (\(rule.then.fields.map(\.rawValue).joined(separator: ", ")))",
          path: "", at: rule.location)
        continue
      }
      for field in rule.support {
        let path = ".support." + field.field
        let entries = field.evidence.compactMap(policies.evidence)
        for entry in entries where quotedLevel([entry]) == .inferred {
          report(
            .unsupportedField,
            "field \(Words.quoted(field.field)) of rule \(name) cites \(Words.quoted(entry.id)), which quotes no source a reader can open",
            path: path, at: field.location)
        }
        let level = quotedLevel(entries)
        switch field.confidence {
        case .inferred where field.reasoning == nil:
          report(
            .unsupportedField,
            "field \(Words.quoted(field.field)) of rule \(name) is inferred without its reasoning: add \"reasoning\" (what it is inferred from)",
            path: path, at: field.location)
        case .contested:
          let differs = rule.alternatives.contains {
            $0.then.value(of: field.field) != rule.then.value(of: field.field)
          }
          if !differs || level == .inferred {
            report(
              .fieldAboveQuotes,
              "field \(Words.quoted(field.field)) of rule \(name) is contested, but \(differs ? "cites no quoted evidence" : "no other reading differs in it"): cite the quotes on each side, or give it the level its quotes give",
              path: path, at: field.location)
          }
        case .documented, .several, .single:
          if field.confidence > level {
            report(
              .fieldAboveQuotes,
              "field \(Words.quoted(field.field)) of rule \(name) is \"\(field.confidence.rawValue)\", but its quotes give \"\(level.rawValue)\"\(level == .inferred ? "" : " (\(field.evidence.joined(separator: ", ")))"): \(field.confidence == .documented ? "cite Apple's or Google's words for it" : "cite another independent report"), or lower it",
              path: path, at: field.location)
          }
        case .inferred:
          break
        }
      }
      // A rule whose every field is reasoned, from no entry, may explain itself without one.
      let cites = rule.support.contains { !$0.evidence.isEmpty }
      if cites, let note = rule.note,
        EvidenceEntry.idsNamed(in: note).allSatisfy({ policies.evidence($0) == nil })
      {
        report(
          .unsupportedField,
          "the note of rule \(name) names no evidence: name the entries whose quotes say what it says (\"(W-4)\"), or cut what none says",
          path: ".note", at: rule.location)
      }
    }
    return out
  }

  /// Why `entry`'s confidence is above its quotes, or nil when it is not.
  static func confidenceProblem(_ entry: EvidenceEntry) -> String? {
    let quoted = entry.sources.filter { $0.quote != nil && $0.canBeOpened }
    switch entry.confidence {
    case .documented where !quoted.contains(where: \.isPlatformsOwnText):
      return
        "evidence \(Words.quoted(entry.id)) is \"documented\" but quotes no Apple or Google text (documentation, SDK header, WWDC session, Android source, Apple staff on the forums): quote one, or lower the confidence"
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

  /// True when the source is the platform maker's own text: Apple's documentation, an SDK
  /// header, a WWDC session, Google's documentation or Android's source (for Android's
  /// evidence), or a reply by Apple staff on Apple's forums (a `forumThread` on
  /// developer.apple.com whose `where` names the reply's Apple badge: `Apple staff`,
  /// `DTS Engineer` or `Frameworks Engineer`).
  var isPlatformsOwnText: Bool {
    switch kind {
    case .appleDocumentation, .sdkHeader, .wwdcSession, .googleDocumentation, .androidSource:
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
