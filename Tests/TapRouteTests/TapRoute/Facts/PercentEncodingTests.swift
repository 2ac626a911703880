import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// The URL an app receives when `URL(string:)` percent-encodes the text it was given (N-8,
/// X-12): the encoder, and the decision fields that name it.
@Suite("Percent-encoded URLs: what URL(string:) hands the app from SDK 17")
struct PercentEncodingTests {
  @Test(
    "invalid bytes and lone percent signs are encoded, valid text is left alone",
    arguments: [
      ("myapp://item/a b", "myapp://item/a%20b"),
      ("myapp://item/café", "myapp://item/caf%C3%A9"),
      ("myapp://item/100%", "myapp://item/100%25"),
      ("myapp://item/%zz", "myapp://item/%25zz"),
      ("myapp://item/%41 b", "myapp://item/%41%20b"),
      ("https://example.com/a\"b", "https://example.com/a%22b"),
    ])
  func encodes(_ text: String, _ encoded: String) {
    #expect(URLSchemeClass.percentEncoded(text) == encoded)
    // The encoded text is a URL as it stands.
    #expect(!URLSchemeClass.scan(encoded).needsEncoding)
  }

  @Test("text that is a URL as it stands, or whose host needs IDNA, gives nil")
  func leavesAlone() {
    #expect(URLSchemeClass.percentEncoded("myapp://item/a%20b") == nil)
    #expect(URLSchemeClass.percentEncoded("https://example.com/x?y=1#z") == nil)
    #expect(URLSchemeClass.percentEncoded("https://bücher.example/a b") == nil)
  }

  @Test("the decision names the encoded URL from SDK 17 on iOS 17, the text as written before")
  func decisionURL() throws {
    let json =
      #"{"event":"open","osVersion":"17","app":{"sdkVersion":"SDK"},"open":{"url":"containerAppDemo://item/a b"}}"#
    let situation = try #require(parsed(json.replacingOccurrences(of: "SDK", with: "17")))
    let decision = Engine.builtIn.decide(situation)
    #expect(decision.outcome == .containerLaunch)
    #expect(decision.url == "containerAppDemo://item/a%20b")
    #expect(decision.notes.contains { $0.contains("percent-encodes") && $0.contains("a%20b") })
    // Built with SDK 16 the text is no URL (N-8): nothing opens, and no URL is named.
    let older = try #require(parsed(json.replacingOccurrences(of: "SDK", with: "16.4")))
    let before = Engine.builtIn.decide(older)
    #expect(before.url == nil)
    #expect(!before.notes.contains { $0.contains("percent-encodes") })
  }

  @Test("a decision whose rule hands the app no URL names none (the URL goes with the other reading)")
  func handoffWithoutURL() throws {
    let json =
      #"{"event":"liveActivity","liveActivity":{"presentation":"compactLeading","url":"myapp://game/1","urlSetOn":"lockScreen"}}"#
    let situation = try #require(parsed(json))
    let decision = Engine.builtIn.decide(situation)
    #expect(decision.outcome == .containerLaunch)
    #expect(decision.delivery?.handoff == .userActivity)
    #expect(decision.url == nil)
  }

  private func parsed(_ json: String) -> Situation? { situation(json) }
}
