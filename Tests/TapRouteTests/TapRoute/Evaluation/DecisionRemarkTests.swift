import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// Input a decision did not use is named in its notes, on every path (the generated decide,
/// the interpreter's lean decide and its explain), after every other note.
@Suite("Decisions remark on what they ignored")
struct DecisionRemarkTests {
  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var json: String
    /// The remarks, in order; empty: none.
    var remarks: [String]
    var testDescription: String { name }
  }

  static let rows = [
    Row(
      name: "an open part on a tap event",
      json: #"{"event":"tap","open":{"url":"myapp://x"}}"#,
      remarks: [#"ignored: the situation's "open" part; a tap event reads "tap", not "open""#]),
    Row(
      name: "a tap part on an open event",
      json: #"{"event":"open","open":{"url":"myapp://x"},"tap":{"extensionRunning":true}}"#,
      remarks: [#"ignored: the situation's "tap" part; an open event reads "open", not "tap""#]),
    Row(
      name: "a redirect URL with no hook",
      json: #"{"event":"tap","tap":{"redirect":{"url":"myapp://x"}}}"#,
      remarks: [#"ignored: "redirect.url", which no hook opens ("redirect.hooks" is empty)"#]),
    Row(
      name: "an OS version newer than the tables know",
      json: #"{"event":"tap","osVersion":"99"}"#,
      remarks: ["the OS version 99 is newer than the tables know: decided as iOS 26, the newest they know"]),
    Row(
      name: "an SDK version newer than the tables know, on visionOS",
      json: #"{"event":"tap","platform":"visionOS","osVersion":"27.1","app":{"sdkVersion":"30"}}"#,
      remarks: [
        "the OS version 27.1 is newer than the tables know: decided as visionOS 26, the newest they know",
        "the SDK version 30 is newer than the tables know: decided as SDK 26, the newest they know",
      ]),
    Row(
      name: "every remark at once, in order",
      json:
        #"{"event":"tap","osVersion":"40","open":{"extensionPoint":"share"},"tap":{"redirect":{"url":"a://"}}}"#,
      remarks: [
        #"ignored: the situation's "open" part; a tap event reads "tap", not "open""#,
        #"ignored: "redirect.url", which no hook opens ("redirect.hooks" is empty)"#,
        "the OS version 40 is newer than the tables know: decided as iOS 26, the newest they know",
      ]),
    Row(
      name: "a minor version of the newest the tables know", json: #"{"event":"tap","osVersion":"26.4"}"#,
      remarks: []),
    Row(
      name: "a redirect with hooks and a URL",
      json: #"{"event":"tap","tap":{"redirect":{"hooks":["didSelect"],"url":"a://"}}}"#, remarks: []),
    Row(name: "an open part left at its defaults", json: #"{"event":"tap","open":{}}"#, remarks: []),
  ]

  @Test(arguments: rows)
  func remarks(_ row: Row) throws {
    let situation = try Situation(json: row.json)
    let interpreter = try Engine(policies: PolicySet.load(files: Repo.policyFiles()))
    for (path, decision) in [
      ("built-in decide", Engine.builtIn.decide(situation)),
      ("built-in explain", Engine.builtIn.explain(situation)),
      ("interpreter decide", interpreter.decide(situation)),
    ] {
      let remarks = decision.notes.filter {
        $0.hasPrefix("ignored: ") || $0.contains("newer than the tables know")
      }
      #expect(remarks == row.remarks, "\(path)")
      #expect(Array(decision.notes.suffix(row.remarks.count)) == row.remarks, "\(path): remarks come last")
    }
    // The lean decide and the eager one agree, remarks included.
    #expect(Engine.builtIn.decide(situation) == Engine.builtIn.decideEagerly(situation))
  }

  @Test("the CLI shows remarks among the notes, in text and JSON")
  func cli() throws {
    let json = #"{"event":"tap","osVersion":"99","tap":{"redirect":{"url":"a://"}}}"#
    let text = try Binary.run(["decide"], stdin: json)
    #expect(text.status == 0)
    #expect(
      text.stdout.contains(
        "  - the OS version 99 is newer than the tables know: decided as iOS 26, the newest they know\n"))
    #expect(
      text.stdout.contains(#"  - ignored: "redirect.url", which no hook opens ("redirect.hooks" is empty)"#))
    let encoded = try Binary.run(["decide", "--json"], stdin: json)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(encoded.stdout.utf8)) as? [String: Any])
    let notes = try #require(object["notes"] as? [String])
    #expect(
      notes.suffix(2) == [
        #"ignored: "redirect.url", which no hook opens ("redirect.hooks" is empty)"#,
        "the OS version 99 is newer than the tables know: decided as iOS 26, the newest they know",
      ])
  }
}
