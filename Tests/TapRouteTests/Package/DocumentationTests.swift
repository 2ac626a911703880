import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("The DocC articles")
struct DocumentationTests {
  /// Each ```json block of the integration article followed by "TapRoute decides: `outcome`".
  static func examples() throws -> [(json: String, expected: String)] {
    let text = try String(
      contentsOf: Repo.root.appendingPathComponent(
        "Sources/TapRoute/TapRoute.docc/IntegratingWithMSMessagesAppViewController.md"),
      encoding: .utf8)
    var out: [(String, String)] = []
    var rest = Substring(text)
    while let open = rest.range(of: "```json\n") {
      guard let close = rest.range(of: "\n```", range: open.upperBound..<rest.endIndex) else { break }
      let json = String(rest[open.upperBound..<close.lowerBound])
      rest = rest[close.upperBound...]
      guard let marker = rest.range(of: "TapRoute decides: `"),
        let end = rest.range(of: "`", range: marker.upperBound..<rest.endIndex)
      else { break }
      out.append((json, String(rest[marker.upperBound..<end.lowerBound])))
    }
    return out
  }

  @Test("every situation the integration article shows decides as the article says")
  func articleSituations() throws {
    let examples = try Self.examples()
    #expect(examples.count == 11)
    let engine = try engine()
    for example in examples {
      let situation = try Situation.parse(Array(example.json.utf8), file: "article").get()
      #expect(engine.decide(situation).outcome.rawValue == example.expected, "\(example.json)")
    }
  }

  @Test("the README's Swift example decides as the README says")
  func readmeSnippet() throws {
    let situation = Situation(
      event: .tap, osVersion: try OSVersion(17),
      tap: Situation.Tap(redirect: Situation.Redirect(hooks: [.willBecomeActive], url: "containerAppDemo://"))
    )
    let decision = try engine().decide(situation)
    #expect(
      "\(decision.outcome) \(decision.rule ?? "-") \(decision.confidence?.rawValue ?? "-")"
        == "containerLaunch open/messages-any-scheme inferred")
    let readme = try String(contentsOf: Repo.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("// containerLaunch open/messages-any-scheme inferred"))
  }

  @Test("the universal-links article's file gives the verdict the article states")
  func universalLinksArticle() throws {
    let text = try String(
      contentsOf: Repo.root.appendingPathComponent("Sources/TapRoute/TapRoute.docc/UniversalLinks.md"),
      encoding: .utf8)
    let json = try #require(
      text.components(separatedBy: "```json\n").dropFirst().first?.components(separatedBy: "\n```").first)
    let check = try AASADocument.read(Array(json.utf8), file: "article")
    #expect(check.isClean, "\(check.diagnostics)")
    let url = try AASAURL(parsing: "https://example.com/help/a?articleNumber=1234", file: "url")
    #expect(text.contains(url.text) && text.contains("gives the verdict `match`"))
    #expect(AASAMatcher.match(check.document, url: url).verdicts == ["ABCDE12345.com.example.app": .match])
  }
}
