@_spi(Generated) import TapRoute
import TapRouteAASA

// The evidence registry as documentation: the list at the end of `Policies/README.md` and
// the DocC article `Evidence.md`, both with every source as a link a reader can follow.

extension TableDocument {
  /// The evidence list of `Policies/README.md`: one section per entry, its sources as links.
  static func evidenceMarkdown(_ evidence: [EvidenceEntry]) -> [String] {
    var out = [
      "<a id=\"evidence\"></a>",
      "## Evidence",
      "",
      "From `evidence.json`. " + sourcesIntroduction,
      "",
    ]
    for entry in evidence {
      out += ["<a id=\"\(anchor(entry.id))\"></a>", "### \(entry.id) (\(entry.confidence.rawValue))", ""]
      out += entryBody(entry)
    }
    return out
  }

  /// The DocC article `Evidence.md`, generated from the evidence registry.
  ///
  /// `taproute table Policies --format docc` prints it; a test fails when the committed
  /// article drifts from `Policies/evidence.json`.
  package static func evidenceArticle(_ policies: PolicySet) -> String {
    var out = [
      "# Evidence",
      "",
      "The claims the decision tables rest on, each with sources a reader can follow.",
      "",
      "## Overview",
      "",
      "This article is generated from `Policies/evidence.json` by",
      "`taproute table Policies --format docc > Sources/TapRoute/TapRoute.docc/Evidence.md`;",
      "a test fails when it drifts. Rules, transitions and fixtures cite the entries by id.",
      "",
      sourcesIntroduction,
      "",
      "Confidence is one of `documented` (Apple says so), `several` (independent reports agree),",
      "`single` (one report), `inferred` (reasoned, not observed) and `contested` (reports disagree).",
      "",
      "In `evidence.json` an entry has a `claim`, a `confidence` and `sources`, and may add a `note`",
      "and `uncited` (why no rule cites it). A source has a `kind` ("
        + EvidenceEntry.Source.Kind.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ") + "),",
      "a `title`, a `url` when it is public, a `file` for a seed document (`seeds/NNN_<hex>.txt`), a",
      "`date` (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, or `null` when undated), the `platforms` it speaks",
      "of and an optional `note`; `quote` gives the source's own words behind the claim, verbatim and",
      "in its language, `quoteEnglish` an English rendering when that is not English, and `where`",
      "where the words stand (a section, heading, line or timestamp). A claim says no more than its",
      "quotes; what goes beyond them is inference, said so in the note.",
      "",
      "`taproute verify` warns on an entry with no checkable source (TR310): one source must have a",
      "link or a seed file, unless the entry is `inferred` and rests on an `inference`; on a source",
      "with a link or a seed file and no `quote` (TR312); on a `documented` entry that quotes no",
      "Apple text (documentation, SDK header, WWDC session, Apple staff on the forums) and a",
      "`several` entry without quotes from two independent sources (TR313); and on evidence against",
      "a rule, or for its other reading, with a source no reader can check, or a rule contested on",
      "such evidence alone (TR314).",
      "",
      "Rules cite these entries field by field (`support`): each field a rule states names the",
      "entries whose quotes state it and the confidence those quotes give it, and a rule is as sure",
      "as its least sure field. `verify` warns on a field without a supporting quote (TR315) and on",
      "a field surer than its quotes (TR316). <doc:WhatATapDoes> shows each field beside the words",
      "that support it.",
      "",
      "## Entries",
      "",
    ]
    for entry in policies.evidence {
      out += ["### \(entry.id) (\(entry.confidence.rawValue))", ""]
      out += entryBody(entry)
    }
    return out.joined(separator: "\n")
  }

  private static let sourcesIntroduction = """
    Each entry gives its claim, then its sources, strongest first: a link where the source is \
    public, or the seed document's file name, with the date of the source and the platforms it \
    speaks of, and under it the source's own words (with an English rendering when they are \
    not English). A source's note says what was not verified.
    """

  /// The claim, the sources as a list, and the entry's note.
  private static func entryBody(_ entry: EvidenceEntry) -> [String] {
    var out = [Escaping.markdown(entry.claim), ""]
    for source in entry.sources {
      out.append("- " + sourceLine(source))
      out += quoteLines(source).map { "  " + $0 }
    }
    out.append("")
    if let note = entry.note {
      out += ["Note: " + Escaping.markdown(note), ""]
    }
    if let uncited = entry.uncited {
      out += ["Not cited by a rule: " + Escaping.markdown(uncited), ""]
    }
    return out
  }

  /// `WWDC session: [title](url), 2016-06; iOS 10. note`
  static func sourceLine(_ source: EvidenceEntry.Source) -> String {
    var line = kindName(source.kind) + ": "
    if let url = source.url {
      line += "[\(Escaping.markdown(source.title))](\(destination(url)))"
    } else {
      line += Escaping.markdown(source.title)
    }
    if let file = source.file {
      line += ", `\(file)`"
    }
    line += ", " + (source.date ?? "undated")
    if !source.platforms.isEmpty {
      line += "; " + Escaping.markdown(source.platforms.joined(separator: ", "))
    }
    line += "."
    if let note = source.note {
      line += " " + Escaping.markdown(note)
    }
    return line
  }

  /// The source's own words as list items under it: `- “quote” (where)`, then
  /// `- In English: “…”`; none when the source gives no quote.
  static func quoteLines(_ source: EvidenceEntry.Source) -> [String] {
    guard let quote = source.quote else { return [] }
    var out = ["- " + said(quote) + (source.quoteLocation.map { " (\(Escaping.markdown($0)))" } ?? "")]
    if let english = source.quoteEnglish { out.append("- In English: " + said(english)) }
    return out
  }

  /// Words a source says, escaped for Markdown, in typographic quotes.
  static func said(_ words: String) -> String {
    "\u{201C}" + Escaping.markdown(DecisionText.oneLine(words)) + "\u{201D}"
  }

  static func kindName(_ kind: EvidenceEntry.Source.Kind) -> String {
    switch kind {
    case .appleDocumentation: "Apple documentation"
    case .googleDocumentation: "Google documentation"
    case .androidSource: "Android source"
    case .sdkHeader: "SDK header"
    case .wwdcSession: "WWDC session"
    case .radar: "Radar"
    case .forumThread: "Forum thread"
    case .blog: "Blog or write-up"
    case .publicCode: "Public code"
    case .deviceTrace: "Device trace"
    case .seed: "Seed document"
    case .inference: "Inference"
    }
  }

  /// A link destination: in angle brackets when it holds parentheses (Apple's symbol pages do).
  static func destination(_ url: String) -> String {
    let safe = url.replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: ">", with: "%3E")
    return safe.contains("(") || safe.contains(")") ? "<\(safe)>" : safe
  }

}
