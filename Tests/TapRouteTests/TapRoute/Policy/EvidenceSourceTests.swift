import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// An inline evidence file with one `1️⃣` marking where the expected diagnostic points (a
/// ``MarkedText``); the mark is removed before parsing, so no test pins a position in shipped
/// data.
struct MarkedEvidence: CustomStringConvertible {
  var name: String
  var text: String
  var mark: SourcePosition?

  init(_ name: String, _ marked: String) {
    self.name = name
    let parsed = MarkedText(marked)
    text = parsed.text
    mark = parsed.markers["1️⃣"]
  }

  var description: String { name }

  /// The loader's diagnostics for this text as `evidence.json`, and the entries it read.
  func load() -> (diagnostics: [String], evidence: [EvidenceEntry]) {
    var loader = PolicyLoader()
    let set = loader.loadPartially(files: [(name: "evidence.json", bytes: Array(text.utf8))])
    let own = loader.errors.filter { $0.file == "evidence.json" }
    return (own.map(\.description), set.evidence)
  }

  /// `evidence.json:LINE:COLUMN: ` at the mark.
  var located: String { "evidence.json:\(mark?.line ?? 0):\(mark?.column ?? 0): " }
}

/// An evidence file with one entry whose single source is `source` (a JSON object's members).
private func entry(_ source: String, id: String = "F-1", confidence: String = "single") -> String {
  """
  {"evidence": {
    "\(id)": {"claim": "c", "confidence": "\(confidence)", "sources": [
      {\(source)}
    ]}
  }}
  """
}

@Suite("Evidence sources: loading, checking, rendering")
struct EvidenceSourceTests {
  static let kinds = EvidenceEntry.Source.Kind.allCases.map(\.rawValue).joined(separator: ", ")

  static let broken: [(MarkedEvidence, String)] = [
    (
      MarkedEvidence(
        "unknown kind",
        entry(
          #""kind": 1️⃣"blogg", "title": "t", "url": "https://example.org/a", "date": "2016", "platforms": []"#)
      ),
      #"error: $.evidence["F-1"].sources[0].kind: unknown source kind "blogg"; expected one of \#(kinds) (did you mean "blog"?) [TR120]"#
    ),
    (
      MarkedEvidence(
        "month 13",
        entry(
          #""kind": "blog", "title": "t", "url": "https://example.org/a", "date": 1️⃣"2016-13", "platforms": []"#
        )),
      #"error: $.evidence["F-1"].sources[0].date: date "2016-13" is not of the form YYYY, YYYY-MM or YYYY-MM-DD (or null when undated) [TR121]"#
    ),
    (
      MarkedEvidence(
        "date in words",
        entry(
          #""kind": "blog", "title": "t", "url": "https://example.org/a", "date": 1️⃣"Sept 2016", "platforms": []"#
        )),
      #"error: $.evidence["F-1"].sources[0].date: date "Sept 2016" is not of the form YYYY, YYYY-MM or YYYY-MM-DD (or null when undated) [TR121]"#
    ),
    (
      MarkedEvidence(
        "ftp link",
        entry(#""kind": "blog", "title": "t", "url": 1️⃣"ftp://example.org/a", "date": null, "platforms": []"#)),
      #"error: $.evidence["F-1"].sources[0].url: url "ftp://example.org/a" is not an http or https link [TR122]"#
    ),
    (
      MarkedEvidence(
        "link without a host",
        entry(#""kind": "blog", "title": "t", "url": 1️⃣"https:///a", "date": null, "platforms": []"#)),
      #"error: $.evidence["F-1"].sources[0].url: url "https:///a" is not an http or https link [TR122]"#
    ),
    (
      MarkedEvidence(
        "seed file without its number",
        entry(#""kind": "seed", "title": "t", "file": 1️⃣"seeds/4_fd43.txt", "date": null, "platforms": []"#)),
      #"error: $.evidence["F-1"].sources[0].file: file "seeds/4_fd43.txt" is not a seed file name of the form seeds/NNN_<hex>.txt [TR123]"#
    ),
    (
      MarkedEvidence(
        "seed file outside seeds/",
        entry(#""kind": "seed", "title": "t", "file": 1️⃣"004_fd43.txt", "date": null, "platforms": []"#)),
      #"error: $.evidence["F-1"].sources[0].file: file "004_fd43.txt" is not a seed file name of the form seeds/NNN_<hex>.txt [TR123]"#
    ),
    (
      MarkedEvidence(
        "a blog naming a seed file",
        entry(#""kind": "blog", "title": "t", "file": 1️⃣"seeds/004_fd43.txt", "date": null, "platforms": []"#)),
      #"error: $.evidence["F-1"].sources[0].file: only a seed, or an inference drawn in one, names a seed file; give a url instead [TR124]"#
    ),
    (
      MarkedEvidence(
        "a seed without its file",
        """
        {"evidence": {
          "F-1": {"claim": "c", "confidence": "single", "sources": [
            1️⃣{"kind": "seed", "title": "t", "date": null, "platforms": []}
          ]}
        }}
        """),
      #"error: $.evidence["F-1"].sources[0]: a seed source names its file (seeds/NNN_<hex>.txt) [TR124]"#
    ),
    (
      MarkedEvidence(
        "the former free-text source",
        """
        {"evidence": {
          "F-1": {"claim": "c", "confidence": "single", "source": 1️⃣"field report"}
        }}
        """),
      #"error: $.evidence["F-1"].source: the free-text "source" is replaced by "sources": a list of {kind, title, url or file, date, platforms} [TR101]"#
    ),
    (
      MarkedEvidence(
        "no source at all",
        """
        {"evidence": {
          "F-1": {"claim": "c", "confidence": "single", "sources": 1️⃣[]}
        }}
        """),
      #"error: $.evidence["F-1"].sources: an evidence entry needs at least one source [TR103]"#
    ),
    (
      MarkedEvidence(
        "no date key",
        """
        {"evidence": {
          "F-1": {"claim": "c", "confidence": "single", "sources": [
            1️⃣{"kind": "blog", "title": "t", "url": "https://example.org/a", "platforms": []}
          ]}
        }}
        """),
      #"error: $.evidence["F-1"].sources[0]: missing required key "date" [TR103]"#
    ),
  ]

  @Test("a broken source gives one located error", arguments: broken)
  func brokenSource(_ file: MarkedEvidence, _ expected: String) {
    let (diagnostics, evidence) = file.load()
    #expect(diagnostics == [file.located + expected])
    #expect(evidence.isEmpty, "an entry with a broken source is not registered")
  }

  @Test("a complete entry reads every field")
  func completeEntry() throws {
    let file = MarkedEvidence(
      "complete",
      """
      {"evidence": {
        1️⃣"S004-1": {"claim": "c", "confidence": "single", "note": "n", "uncited": "context", "sources": [
          {"kind": "seed", "title": "a blog", "file": "seeds/004_fd431b1385257897.txt", "date": "2016-09",
           "platforms": ["iOS 10"], "note": "undated"},
          {"kind": "appleDocumentation", "title": "page", "url": "https://developer.apple.com/documentation/messages/msmessage/url", "date": null,
           "platforms": ["iOS 10+", "iPadOS 10+"]}
        ]}
      }}
      """)
    let (diagnostics, evidence) = file.load()
    #expect(diagnostics.isEmpty)
    let entry = try #require(evidence.first)
    #expect(entry.location == file.mark)
    #expect(entry.note == "n")
    #expect(entry.uncited == "context")
    #expect(entry.sources.map(\.kind) == [.seed, .appleDocumentation])
    #expect(entry.sources.map(\.file) == ["seeds/004_fd431b1385257897.txt", nil])
    #expect(
      entry.sources.map(\.url) == [nil, "https://developer.apple.com/documentation/messages/msmessage/url"])
    #expect(entry.sources.map(\.date) == ["2016-09", nil])
    #expect(entry.sources.map(\.platforms) == [["iOS 10"], ["iOS 10+", "iPadOS 10+"]])
    #expect(entry.hasCheckableSource)
  }

  // MARK: verify

  /// What `verify` says of an evidence file and no tables, beside the uncited warnings.
  private func verifyFindings(_ text: String) -> [String] {
    var loader = PolicyLoader()
    let set = loader.loadPartially(files: [(name: "evidence.json", bytes: Array(text.utf8))])
    #expect(loader.errors.allSatisfy { $0.file != "evidence.json" }, "\(loader.errors)")
    return Verifier.verify(set).diagnostics.filter { $0.code != .uncitedEvidence }.map(\.description)
  }

  static let checkability: [(name: String, source: String, confidence: String, warns: Bool)] = [
    (
      "a link",
      #""kind": "blog", "title": "t", "url": "https://example.org/a", "date": null, "platforms": []"#,
      "single", false
    ),
    (
      "a seed file",
      #""kind": "seed", "title": "t", "file": "seeds/004_fd43.txt", "date": null, "platforms": []"#, "single",
      false
    ),
    (
      "neither link nor file", #""kind": "forumThread", "title": "t", "date": "2024", "platforms": []"#,
      "single", true
    ),
    (
      "an inference, for an inferred entry",
      #""kind": "inference", "title": "t", "date": null, "platforms": []"#, "inferred", false
    ),
    (
      "an inference, for a single report",
      #""kind": "inference", "title": "t", "date": null, "platforms": []"#, "single", true
    ),
    (
      "an inference with a seed file, for a single report",
      #""kind": "inference", "title": "t", "file": "seeds/004_fd43.txt", "date": null, "platforms": []"#,
      "single", true
    ),
  ]

  @Test("verify warns on an entry without a checkable source", arguments: checkability)
  func uncheckable(_ row: (name: String, source: String, confidence: String, warns: Bool)) {
    let findings = verifyFindings(entry(row.source, confidence: row.confidence)).filter {
      $0.hasSuffix("[TR310]")
    }
    let warning =
      #"evidence.json:2:3: warning: $.evidence.F-1: evidence "F-1" has no checkable source: give a source a url or a seed file (an inference alone will do only for an inferred entry) [TR310]"#
    #expect(findings == (row.warns ? [warning] : []), "\(row.name)")
  }

  @Test("an uncited marker silences TR304, and is reported once the entry is cited")
  func uncitedMarker() {
    let link = #""kind": "blog", "title": "t", "url": "https://example.org/a", "date": null, "platforms": []"#
    let text = """
      {"evidence": {
        "F-1": {"claim": "c", "confidence": "single", "uncited": "context only", "sources": [{\(link)}]},
        "\(Engine.checkEvidence.first ?? "D-3")": {"claim": "c", "confidence": "single", "uncited": "stale", "sources": [{\(link)}]},
        "F-2": {"claim": "c", "confidence": "single", "sources": [{\(link)}]}
      }}
      """
    var loader = PolicyLoader()
    let set = loader.loadPartially(files: [(name: "evidence.json", bytes: Array(text.utf8))])
    let lines = Verifier.verify(set).diagnostics.filter { $0.code != .unquotedSource }.map(\.description)
    #expect(
      lines == [
        #"evidence.json:4:3: warning: $.evidence.F-2: evidence "F-2" is registered but no rule cites it [TR304]"#,
        #"evidence.json:3:3: warning: $.evidence.D-3.uncited: evidence "D-3" is marked uncited, but it is cited; remove "uncited" [TR311]"#,
      ])
  }

  static let quoting: [(name: String, source: String, warns: Bool)] = [
    (
      "a link without a quote",
      #""kind": "blog", "title": "t", "url": "https://example.org/a", "date": null, "platforms": []"#, true
    ),
    (
      "a seed file without a quote",
      #""kind": "seed", "title": "t", "file": "seeds/004_fd43.txt", "date": null, "platforms": []"#, true
    ),
    (
      "a link with a quote",
      #""kind": "blog", "title": "t", "url": "https://example.org/a", "date": null, "platforms": [], "quote": "q""#,
      false
    ),
    (
      "neither link nor file: nothing to quote from",
      #""kind": "forumThread", "title": "t", "date": "2024", "platforms": []"#, false
    ),
  ]

  @Test("verify warns on a source a reader can open that gives no quote", arguments: quoting)
  func unquoted(_ row: (name: String, source: String, warns: Bool)) {
    let findings = verifyFindings(entry(row.source)).filter { $0.hasSuffix("[TR312]") }
    let warning =
      #"evidence.json:3:5: warning: $.evidence.F-1.sources[0]: source "t" of evidence "F-1" gives no quote: add "quote" (the source's own words behind the claim, verbatim) and "where" [TR312]"#
    #expect(findings == (row.warns ? [warning] : []), "\(row.name)")
  }

  static let confidences: [(name: String, sources: [String], confidence: String, warns: Bool)] = [
    ("documented on a quoted Apple page", [apple(quote: "a")], "documented", false),
    ("documented on an Apple page without a quote", [apple(quote: nil)], "documented", true),
    ("documented on a quoted blog only", [blog("https://example.org/a", quote: "a")], "documented", true),
    (
      "documented on a quoted reply by Apple staff on Apple's forums",
      [forum(where: "reply by DTS Engineer, Apple")], "documented", false
    ),
    ("documented on a quoted forum post by a developer", [forum(where: "question")], "documented", true),
    (
      "several on two quoted pages",
      [blog("https://example.org/a", quote: "a"), blog("https://example.net/b", quote: "b")],
      "several", false
    ),
    (
      "several on a copy that repeats its original's words",
      [
        blog("https://example.org/a", quote: "Same  words"),
        blog("https://example.net/b", quote: "same words"),
      ],
      "several", true
    ),
    (
      "several on one page cited twice",
      [blog("https://example.org/a#x", quote: "a"), blog("http://example.org/a/", quote: "b")], "several",
      true
    ),
    ("single on one quoted blog", [blog("https://example.org/a", quote: "a")], "single", false),
  ]

  static func apple(quote: String?) -> String {
    #"{"kind": "appleDocumentation", "title": "t", "url": "https://developer.apple.com/documentation/x", "date": "2026", "platforms": []"#
      + (quote.map { #", "quote": "\#($0)""# } ?? "") + "}"
  }
  static func blog(_ url: String, quote: String) -> String {
    #"{"kind": "blog", "title": "t", "url": "\#(url)", "date": "2026", "platforms": [], "quote": "\#(quote)"}"#
  }
  static func forum(where place: String) -> String {
    #"{"kind": "forumThread", "title": "t", "url": "https://developer.apple.com/forums/thread/1", "date": "2026", "platforms": [], "quote": "q", "where": "\#(place)"}"#
  }

  @Test("verify warns on confidence above the quotes", arguments: confidences)
  func confidenceAboveQuotes(_ row: (name: String, sources: [String], confidence: String, warns: Bool)) {
    let text = """
      {"evidence": {
        "F-1": {"claim": "c", "confidence": "\(row.confidence)", "sources": [\(row.sources.joined(separator: ", "))]}
      }}
      """
    let findings = verifyFindings(text).filter { $0.hasSuffix("[TR313]") }
    #expect(findings.count == (row.warns ? 1 : 0), "\(row.name): \(findings)")
    #expect(findings.allSatisfy { $0.hasPrefix("evidence.json:2:3: warning: $.evidence.F-1.confidence: ") })
  }

  @Test(
    "evidence against a rule that no reader can check is reported, and so is a rule contested on it alone")
  func uncheckableContest() throws {
    let report =
      #"{"kind": "deviceTrace", "title": "a field report", "date": "2026", "platforms": ["iOS 26"]}"#
    let link =
      #"{"kind": "blog", "title": "b", "url": "https://example.org/b", "date": "2026", "platforms": [], "quote": "q"}"#
    func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)).get() }
    /// The TR314 messages when the small set's `launch` rule is contested on an entry with `sources`.
    func contest(with sources: String) throws -> [String] {
      let dir = try SmallPolicies.write()
      defer { try? FileManager.default.removeItem(at: dir) }
      try Repo.edit(dir, "evidence.json") { file in
        file["evidence"]?["F-9"] = try parse(
          #"{"claim": "compact", "confidence": "single", "sources": [\#(sources)]}"#)
      }
      try Repo.edit(dir, "tap.json") { tap in
        tap["rules", id: "launch"]?["confidence"] = .string("contested")
        tap["rules", id: "launch"]?["against"] = .strings(["F-9"])
        tap["rules", id: "launch"]?["alternatives"] = try parse(
          #"[{"then": {"outcome": "extensionLaunch", "callbacks": ["willBecomeActive", "didBecomeActive"], "presentation": "compact"}, "evidence": ["F-9"]}]"#
        )
      }
      let set = try PolicySet.load(directory: dir)
      return Verifier.verify(set).diagnostics.filter { $0.code == .uncheckableContest }.map(\.message)
    }
    let perSource =
      #"rule "launch" is contested on evidence "F-9", whose source "a field report" no reader can check: link it (or its seed), or do not cite the entry against the rule"#
    #expect(
      try contest(with: report) == [
        perSource,
        #"rule "launch" is contested only on evidence no reader can check (F-9): contest a rule only on evidence with a link or a seed file"#,
      ])
    #expect(try contest(with: report + ", " + link) == [perSource])
    #expect(try contest(with: link).isEmpty)
  }

  @Test("every shipped entry has a checkable source")
  func shippedEvidenceIsCheckable() throws {
    let uncheckable = try engine().policies.evidence.filter { !$0.hasCheckableSource }.map(\.id)
    #expect(uncheckable.isEmpty)
  }

  // MARK: rendering

  static let renderings: [(EvidenceEntry.Source, String)] = [
    (
      EvidenceEntry.Source(
        kind: .appleDocumentation, title: "NSExtensionContext.open(_:completionHandler:)",
        url:
          "https://developer.apple.com/documentation/foundation/nsextensioncontext/open(_:completionhandler:)",
        date: "2026", platforms: ["iOS 8+"], note: "Current text."),
      #"Apple documentation: [NSExtensionContext.open(\_:completionHandler:)](<https://developer.apple.com/documentation/foundation/nsextensioncontext/open(_:completionhandler:)>), 2026; iOS 8+. Current text."#
    ),
    (
      EvidenceEntry.Source(
        kind: .radar, title: "rdar://1 [beta] (mirror #2)", url: "https://github.com/o/r/issues/2",
        date: "2016-07-30", platforms: ["iOS 10 beta 3", "iPadOS"]),
      ##"Radar: [rdar://1 \[beta\] (mirror \#2)](https://github.com/o/r/issues/2), 2016-07-30; iOS 10 beta 3, iPadOS."##
    ),
    (
      EvidenceEntry.Source(
        kind: .seed, title: "Developer blog", file: "seeds/004_fd431b1385257897.txt", platforms: ["iOS 10"]),
      "Seed document: Developer blog, `seeds/004_fd431b1385257897.txt`, undated; iOS 10."
    ),
    (
      EvidenceEntry.Source(kind: .forumThread, title: "Field report", date: "2024", note: "Not found."),
      "Forum thread: Field report, 2024. Not found."
    ),
  ]

  @Test("a quoted source renders its words under it, on one line, with where and the English")
  func quoteLines() {
    let source = EvidenceEntry.Source(
      kind: .seed, title: "blog", file: "seeds/004_fd431b1385257897.txt", quote: "第一行\n 第二行*",
      quoteEnglish: "first line, second line*", quoteLocation: "line 6")
    #expect(
      TableDocument.quoteLines(source) == [
        "- \u{201C}第一行 第二行\\*\u{201D} (line 6)", "- In English: \u{201C}first line, second line\\*\u{201D}",
      ])
    #expect(TableDocument.quoteLines(EvidenceEntry.Source(kind: .blog, title: "t")).isEmpty)
    #expect(DecisionText.Sections.said(" a\n  b \n\n") == "\u{201C}a b\u{201D}")
  }

  @Test("a source renders as a Markdown link with its date and platforms", arguments: renderings)
  func sourceLine(_ source: EvidenceEntry.Source, _ expected: String) {
    #expect(TableDocument.sourceLine(source) == expected)
  }

  @Test("the evidence list of the table document links every source")
  func markdownLinksSources() throws {
    let policies = try engine().policies
    let markdown = TableDocument.markdown(policies)
    for entry in policies.evidence {
      for source in entry.sources {
        #expect(markdown.contains(TableDocument.sourceLine(source)), "\(entry.id): \(source.title)")
      }
    }
  }

  @Test("the DocC article Evidence.md is the docc rendering of the evidence (library and CLI)")
  func evidenceArticleDoesNotDrift() throws {
    let committed = try String(
      contentsOf: Repo.root.appendingPathComponent("Sources/TapRoute/TapRoute.docc/Evidence.md"),
      encoding: .utf8)
    let rendered = TableDocument.evidenceArticle(try PolicySet.load(directory: Repo.policies))
    #expect(
      committed == rendered,
      "Evidence.md drifted; run: swift run taproute table Policies --format docc > Sources/TapRoute/TapRoute.docc/Evidence.md"
    )
    let r = try Binary.run(["table", "Policies", "--format", "docc"])
    #expect(r.status == 0)
    #expect(r.stdout == rendered)
    let landing = try String(
      contentsOf: Repo.root.appendingPathComponent("Sources/TapRoute/TapRoute.docc/TapRoute.md"),
      encoding: .utf8)
    #expect(landing.contains("- <doc:Evidence>"))
  }

  @Test("the evidence schema lists exactly the source kinds the loader accepts")
  func schemaKinds() throws {
    let bytes = [UInt8](
      try Data(contentsOf: Repo.policies.appendingPathComponent("schema/evidence.schema.json")))
    var node = try JSONParser.parse(bytes).get()
    for key in ["definitions", "source", "properties", "kind", "enum"] {
      node = try #require(node.objectValue?.first { $0.key == key }?.value, "no \(key)")
    }
    #expect(
      try #require(node.arrayValue).compactMap(\.stringValue)
        == EvidenceEntry.Source.Kind.allCases.map(\.rawValue))
  }
}
