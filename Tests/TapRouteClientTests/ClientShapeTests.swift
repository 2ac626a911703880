// A client file as an app writes one: Apple's Observation module and TapRoute imported side by
// side, an @Observable model holding a decision (a public top-level `Observation` type broke
// this macro's expansion), and values printed as a person reads them.
import Foundation
import Observation
import TapRoute
import Testing

/// An app's model: compiles only while no public TapRoute type is named like Apple's modules.
/// (Observation needs macOS 14 or iOS 17 on Apple platforms; Linux has no such bound.)
@available(macOS 14, iOS 17, watchOS 10, tvOS 17, *)
@Observable final class TapModel {
  var decision: Decision?
}

@Suite("A client's file: Observation beside TapRoute, readable values")
struct ClientShapeTests {
  @available(macOS 14, iOS 17, watchOS 10, tvOS 17, *)
  @Test("@Observable compiles beside import TapRoute, and holds a decision")
  func observableModel() throws {
    let model = TapModel()
    model.decision = Engine.builtIn.decide(try Situation(json: #"{"event":"tap","app":{"installed":false}}"#))
    #expect(model.decision?.outcome == .storeProductPage)
  }

  @Test("print(decision) prints one line: outcome, url, rule, confidence")
  func printedDecision() throws {
    var printed = ""
    print(
      Engine.builtIn.decide(try Situation(json: #"{"event":"tap","app":{"installed":false}}"#)), to: &printed)
    #expect(printed == "outcome: storeProductPage, rule: tap/message-not-installed, confidence: several\n")
    let redirect = Engine.builtIn.decide(
      Situation(
        event: .tap, osVersion: "17",
        tap: .init(redirect: .init(hooks: [.willBecomeActive], url: "myapp://open"))))
    #expect(
      "\(redirect)"
        == #"outcome: containerLaunch, url: "myapp://open", appCallbacks: [scene(_:willConnectTo:options:)], delivers: url, rule: open/messages-any-scheme, confidence: inferred"#
    )
    let undecided = try Engine(policiesAt: emptyTables()).decide(Situation(event: .tap))
    #expect("\(undecided)" == "outcome: undecided, rule: (none)")
  }

  @Test("enums print their names, in print and in String(reflecting:)")
  func enumNames() {
    #expect("\(Outcome.extensionLaunch)" == "extensionLaunch")
    #expect(String(reflecting: Outcome.extensionLaunch) == "extensionLaunch")
    #expect(String(reflecting: Situation.Platform.iPadOS) == "iPadOS")
    #expect(String(reflecting: Presentation.compact) == "compact")
    #expect(String(reflecting: Confidence.several) == "several")
    #expect(String(reflecting: Situation.Callback.didSelect) == "didSelect")
    #expect(String(reflecting: Situation.Redirect.Hook.willBecomeActive) == "willBecomeActive")
    #expect(String(reflecting: Situation.Tap.Transport.sms) == "sms")
    #expect(String(reflecting: URLSchemeClass.web) == "web")
  }

  @Test("a fixture result prints whether it passed, and what differs")
  func fixtureResult() {
    let situation = Situation(event: .tap, app: .init(installed: false))
    let right = Engine.builtIn.check(
      Fixture(name: "store", situation: situation, expected: .init(outcome: .storeProductPage, url: .noURL)))
    let wrong = Engine.builtIn.check(
      Fixture(name: "launch", situation: situation, expected: .init(outcome: .extensionLaunch)))
    #expect("\(right)" == "passed: store")
    #expect("\(wrong)" == "failed: launch: outcome: expected extensionLaunch, got storeProductPage")
  }

  @Test("Situation(json:) takes a String, and refuses bad text with a located error")
  func situationFromString() throws {
    let situation = try Situation(json: #"{"event":"open","open":{"url":"myapp://x"}}"#)
    #expect(situation.event == .open && situation.open.url == "myapp://x")
    #expect(throws: DiagnosticsError.self) { try Situation(json: #"{"event":"tapp"}"#) }
    do {
      _ = try Situation(json: "{\"event\":\n  \"tapp\"}", file: "mine.json")
      Issue.record("a bad event was accepted")
    } catch {
      #expect(error.diagnostics.first?.description.hasPrefix("mine.json:2:3: error:") == true)
    }
  }

  @Test("OS versions in a static table are string literals, no try")
  func versionLiterals() {
    let table: [(OSVersion, String)] = [("9", "9"), ("17.4", "17.4"), ("18.0.1", "18.0.1"), ("26.0", "26")]
    for (version, text) in table { #expect("\(version)" == text) }
    #expect(("17.4" as OSVersion) < "18")
    #expect(Situation(event: .tap, osVersion: "17").osVersion == OSVersion(parsing: "17"))
  }

  @Test("fixture expectations of the URL: .noURL checks that none opens; nil checks nothing")
  func urlExpectations() {
    let situation = Situation(event: .tap, app: .init(installed: false))
    let none = Fixture.Expectation(outcome: .storeProductPage, url: .noURL)
    let unchecked = Fixture.Expectation(outcome: .storeProductPage, url: nil)
    let some = Fixture.Expectation(outcome: .storeProductPage, url: .equals("https://x"))
    let decision = Engine.builtIn.decide(situation)
    #expect(none.url == .noURL && unchecked.url == nil)
    #expect(Engine.builtIn.check(Fixture(name: "n", situation: situation, expected: none)).passed)
    #expect(Engine.builtIn.check(Fixture(name: "u", situation: situation, expected: unchecked)).passed)
    #expect(
      Engine.builtIn.check(Fixture(name: "s", situation: situation, expected: some)).mismatches
        == [#"url: expected "https://x", got null"#])
    #expect(decision.url == nil)
  }

  @Test("a decision says what it ignored")
  func remarks() throws {
    let decision = Engine.builtIn.decide(try Situation(json: #"{"event":"tap","osVersion":"99"}"#))
    #expect(
      decision.notes.last
        == "the OS version 99 is newer than the tables know: decided as iOS 26, the newest they know")
  }
}

/// A policy directory whose tables have one rule each, which no situation of the other event
/// reaches: what an undecided decision prints.
private func emptyTables() throws -> URL {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "taproute-client-\(UInt32.random(in: 0...UInt32.max))")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let files = [
    "tap.json":
      #"{"table":"tap","event":"tap","facts":{"platform":["iOS","iPadOS","macOS","watchOS","visionOS"]},"rules":[{"id":"watch","when":{"platform":["watchOS"]},"then":{"outcome":"nothing"},"evidence":["X-1"],"confidence":"inferred"}]}"#,
    "open.json":
      #"{"table":"open","event":"open","facts":{},"rules":[{"id":"all","when":{},"then":{"outcome":"nothing"},"evidence":["X-1"],"confidence":"inferred"}]}"#,
    "delivery.json":
      #"{"table":"delivery","event":"delivery","facts":{},"rules":[{"id":"all","when":{},"then":{"outcome":"nothing"},"evidence":["X-1"],"confidence":"inferred"}]}"#,
    "evidence.json":
      #"{"evidence":{"X-1":{"claim":"test","confidence":"inferred","sources":[{"kind":"inference","title":"test","date":null,"platforms":[]}]}}}"#,
  ]
  // The loader needs a table per event; the other events' tables are as empty.
  let others = Situation.Event.allCases.filter { $0 != .tap && $0 != .open }.map { event in
    (
      "\(event.rawValue).json",
      #"{"table":"\#(event.rawValue)","event":"\#(event.rawValue)","facts":{},"rules":[{"id":"all","when":{},"then":{"outcome":"nothing"},"evidence":["X-1"],"confidence":"inferred"}]}"#
    )
  }
  for (name, text) in files.merging(others, uniquingKeysWith: { $1 }) {
    try Data(text.utf8).write(to: directory.appendingPathComponent(name))
  }
  return directory
}
