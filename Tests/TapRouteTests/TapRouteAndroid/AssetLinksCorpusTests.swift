import Foundation
import TapRouteAASA
import TapRouteAndroid
import Testing

/// The corpus of assetlinks.json cases, `Tests/AssetLinksCorpus/*.json`: each a small file (its
/// `lines`, so that an HTML page or broken JSON is a case too), the diagnostics it must give
/// (`line:column severity code path`, in source order), the verdicts `match` must give, and the
/// AND facts of `/work/shared/DOMAIN-ANDROID.md`'s digest it rests on, with the source's address.
@Suite("assetlinks.json corpus")
struct AssetLinksCorpusTests {
  struct Expected: Sendable {
    var package: String
    var fingerprint: String
    var url: String
    var delegation: String
    var verdict: String
    var component: Int?
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var file: String
    var name: String
    var cites: [String]
    var source: String
    var bytes: [UInt8]
    var diagnostics: [String]
    var match: [Expected]
    var testDescription: String { "\(file): \(name)" }
  }

  static let directory = Repo.root.appendingPathComponent("Tests/AssetLinksCorpus")

  enum CorpusError: Error { case malformed(String) }

  /// The cases, read with Foundation so that the reader under test is not also the reader of
  /// its own corpus.
  static func cases() throws -> [Case] {
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".json") }.sorted()
    return try files.map { file in
      let data = try Data(contentsOf: directory.appendingPathComponent(file))
      guard let item = try JSONSerialization.jsonObject(with: data) as? [String: Any],
        let name = item["name"] as? String, let cites = item["cites"] as? [String],
        let source = item["source"] as? String, let lines = item["lines"] as? [String],
        let diagnostics = item["diagnostics"] as? [String], let match = item["match"] as? [[String: Any]]
      else { throw CorpusError.malformed(file) }
      let expected = try match.map { m in
        guard let package = m["package"] as? String, let fingerprint = m["fingerprint"] as? String,
          let url = m["url"] as? String, let delegation = m["delegation"] as? String,
          let verdict = m["verdict"] as? String
        else { throw CorpusError.malformed("\(file): a match entry lacks a field") }
        return Expected(
          package: package, fingerprint: fingerprint, url: url, delegation: delegation, verdict: verdict,
          component: m["component"] as? Int)
      }
      return Case(
        file: file, name: name, cites: cites, source: source,
        bytes: Array((lines.joined(separator: "\n") + "\n").utf8),
        diagnostics: diagnostics, match: expected)
    }
  }

  /// A diagnostic as the corpus writes it: `line:column severity code path`.
  static func brief(_ d: Diagnostic) -> String {
    "\(d.location?.line ?? 0):\(d.location?.column ?? 0) \(d.severity.rawValue) \(d.code.rawValue) \(d.path)"
  }

  static func delegationName(_ d: AssetLinksMatch.Delegation) -> String {
    switch d {
    case .delegated: "delegated"
    case .otherFingerprints: "otherFingerprints"
    case .notListed: "notListed"
    }
  }

  @Test("a corpus case gives its diagnostics and verdicts", arguments: try cases())
  func corpusCase(_ c: Case) throws {
    let diagnostics: [Diagnostic]
    var document: AssetLinksDocument?
    do {
      let check = try AssetLinksDocument.read(c.bytes, file: c.file)
      diagnostics = check.diagnostics
      document = check.document
    } catch {
      diagnostics = error.diagnostics
    }
    #expect(diagnostics.map(Self.brief) == c.diagnostics, "\(diagnostics.map(\.description))")
    for expected in c.match {
      let doc = try #require(document, "a case with match entries must read")
      let url = try AASAURL(parsing: expected.url, file: "url")
      let result = AssetLinksMatcher.match(
        doc, packageName: expected.package, fingerprint: expected.fingerprint, urls: [url])
      let verdict = try #require(result.urls.first)
      #expect(Self.delegationName(result.delegation) == expected.delegation, "\(expected.url)")
      #expect(verdict.verdict.rawValue == expected.verdict, "\(expected.url): \(verdict.explanation)")
      #expect(verdict.component == expected.component, "\(expected.url)")
    }
  }

  @Test("every case cites AND facts and a source, and the corpus covers the checks")
  func citations() throws {
    let cases = try Self.cases()
    #expect(cases.count >= 12)
    for c in cases {
      #expect(
        !c.cites.isEmpty && c.cites.allSatisfy { $0.hasPrefix("AND-") && Int($0.dropFirst(4)) != nil },
        "\(c.file)")
      #expect(c.source.hasPrefix("https://"), "\(c.file)")
      #expect(!c.diagnostics.isEmpty || !c.match.isEmpty, "\(c.file) asserts nothing")
    }
    let codes = Set(cases.flatMap { $0.diagnostics.map { $0.split(separator: " ")[2] } })
    for code in ["TR001", "TR801", "TR803", "TR804", "TR805", "TR806", "TR807", "TR808", "TR809"] {
      #expect(codes.contains(Substring(code)), "no corpus case gives \(code)")
    }
    let verdicts = Set(cases.flatMap { $0.match.map(\.verdict) })
    #expect(verdicts == ["notDelegated", "noDynamicRules", "allowed", "excluded", "unmatched"])
  }
}
