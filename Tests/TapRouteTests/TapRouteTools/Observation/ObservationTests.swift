import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// The shipped observations in Policies/observations/.
let observationFiles: [String] = {
  let dir = Repo.policies.appendingPathComponent("observations")
  return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter {
    $0.hasSuffix(".json")
  }.sorted()
}()

/// Parses observation JSON text, failing the test on a diagnostic.
func observations(_ json: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
  -> [DeviceObservation]
{
  switch DeviceObservation.parse(Array(json.utf8), file: "o.json") {
  case .success(let list): return list
  case .failure(let e):
    Issue.record("observations did not parse: \(e)", sourceLocation: sourceLocation)
    return []
  }
}

@Suite("Observations: taproute observe")
struct ObservationTests {
  @Test func theShippedObservationsExist() {
    #expect(observationFiles.count >= 8)
    #expect(observationFiles.contains("d-4-trace.json"))
    #expect(observationFiles.contains("n-3-trace.json"))
    #expect(observationFiles.contains("f-6-drawer-swipe.json"))
  }

  @Test(
    "shipped observation file agrees with the tables, or with another reading of a contested rule",
    arguments: observationFiles)
  func shippedFileAgrees(_ name: String) throws {
    let path = Repo.policies.appendingPathComponent("observations/" + name).path
    let list = try DeviceObservation.load(paths: [path]).get()
    #expect(!list.isEmpty)
    let report = ObservationCheck(engine: try engine()).check(list)
    for r in report.results {
      var agreesOrSupports = r.verdict == .agrees
      if case .supports = r.verdict { agreesOrSupports = true }
      #expect(agreesOrSupports, "\(r.observation.displayName): \(r.differences)")
      #expect(!r.observation.evidence.isEmpty, "a shipped observation names the evidence that records it")
    }
    #expect(report.exitStatus == 0)
  }

  @Test("the folder as a whole: every observation agrees, every rule counted, exit 0 (the binary)")
  func wholeFolder() throws {
    let result = try Binary.run(["observe", "--evidence", "Policies/observations"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.contains("tap/launch (inferred)"))
    #expect(result.stdout.contains("0 contradict"))
    #expect(result.stdout.contains("no new evidence to draft"))
    // N-3 is cited before the registry holds it (issue 12 adds the N-ids); said until then.
    let registered = try engine().policies.evidence("N-3") != nil
    #expect(result.stdout.contains("cites evidence the registry does not hold: N-3") == !registered)
  }

  static let contradiction = #"""
    { "name": "launch seen compact on iOS 17",
      "situation": { "event": "tap", "osVersion": "17" },
      "observed": { "outcome": "extensionLaunch", "callbacks": ["viewDidLoad", "willBecomeActive", "didBecomeActive", "viewWillAppear", "viewDidAppear"],
                    "presentation": "compact" },
      "source": { "date": "2026-11-20", "device": "iPhone15,2", "osBuild": "21A329", "link": "https://example.com/trace" } }
    """#

  @Test("an observation contradicting a documented rule exits 1, naming the rule and the field")
  func contradictionOfADocumentedRule() throws {
    let list = observations(Self.contradiction)
    let report = ObservationCheck(engine: try engine()).check(list)
    let r = try #require(report.results.first)
    #expect(r.verdict == .contradicts)
    #expect(r.rule == "tap/launch")
    #expect(r.differences == [.init(field: "presentation", expected: "expanded", seen: "compact")])
    #expect(r.unmodelled == [])
    #expect(report.exitStatus == 1)
    #expect(report.summary == [.init(rule: "tap/launch", confidence: .inferred, agree: 0, contradict: 1)])
    let text = ObservationText.text(report, drafts: nil)
    #expect(text.contains("CONTRADICTS  launch seen compact on iOS 17 -> tap/launch (inferred)"))
    #expect(text.contains("  presentation: expected expanded, seen compact"))
    #expect(text.contains("  rule's evidence: N-1, N-25, S000-1, N-2, D-4, N-3"))
  }

  static let fieldRows: [(name: String, observed: String, field: String, expected: String, seen: String)] = [
    ("outcome", #""outcome": "containerLaunch""#, "outcome", "extensionLaunch", "containerLaunch"),
    (
      "callbacks", #""outcome": "extensionLaunch", "callbacks": ["willBecomeActive"]"#, "callbacks",
      "[viewDidLoad, willBecomeActive, didBecomeActive, viewWillAppear, viewDidAppear]", "[willBecomeActive]"
    ),
    (
      "notCalled", #""outcome": "extensionLaunch", "notCalled": ["viewDidLoad"]"#, "notCalled",
      "[viewDidLoad] fire", "[viewDidLoad] not called"
    ),
    (
      "completion", #""outcome": "extensionLaunch", "completion": true"#, "completion", "no open(url) call",
      "true"
    ),
  ]

  @Test("each observed field is compared", arguments: fieldRows)
  func eachField(_ row: (name: String, observed: String, field: String, expected: String, seen: String))
    throws
  {
    let list = observations(
      #"{"situation":{"event":"tap","osVersion":"17"},"observed":{"# + row.observed
        + #"},"source":{"date":"2026-01-02"}}"#)
    let r = try #require(ObservationCheck(engine: try engine()).check(list).results.first)
    #expect(r.differences == [.init(field: row.field, expected: row.expected, seen: row.seen)])
  }

  @Test("the completion of a redirect's open(url) is compared with the open rule's outcome")
  func completionOfARedirect() throws {
    let json = #"""
      [ { "situation": { "event": "tap", "osVersion": "17", "tap": { "redirect": { "hooks": ["willBecomeActive"], "url": "containerAppDemo://" } } },
          "observed": { "outcome": "containerLaunch", "completion": true }, "source": { "date": "2026" } },
        { "situation": { "event": "tap", "osVersion": "17", "app": { "hasContainerApp": false }, "tap": { "redirect": { "hooks": ["willBecomeActive"], "url": "containerAppDemo://" } } },
          "observed": { "outcome": "extensionLaunch", "completion": true }, "source": { "date": "2026" } },
        { "situation": { "event": "open", "open": { "url": "x" } },
          "observed": { "outcome": "nothing", "completion": false }, "source": { "date": "2026" } } ]
      """#
    let results = ObservationCheck(engine: try engine()).check(observations(json)).results
    #expect(results.map(\.verdict) == [.agrees, .contradicts, .agrees])
    #expect(results[1].differences == [.init(field: "completion", expected: "false", seen: "true")])
  }

  @Test("a contradicted contested rule does not fail the run")
  func contestedContradiction() throws {
    let list = observations(
      #"{"situation":{"event":"tap","app":{"installed":false,"published":true},"tap":{"url":"https://example.com/x"}},"observed":{"outcome":"nothing"},"source":{"date":"2026-11-20"}}"#
    )
    let report = ObservationCheck(engine: try engine()).check(list)
    #expect(report.results.first?.verdict == .contradicts)
    #expect(report.results.first?.rule == "tap/message-not-installed-web-url")
    #expect(report.exitStatus == 0)
  }

  @Test("a contradiction of a contested rule that matches another reading supports that reading")
  func supportForAnAlternative() throws {
    // A hand-made alternative, as Decision.alternatives carries: the header (N-5) says an
    // https URL loads in a browser when no app can consume the message.
    let expanded = ObservationAlternative(outcome: .browser, evidence: ["N-5"])
    let check = ObservationCheck(engine: try engine()) { decision in
      decision.rule == "tap/message-not-installed-web-url"
        ? [ObservationAlternative(outcome: .nothing), expanded] : []
    }
    let json = #"""
      [ { "situation": { "event": "tap", "osVersion": "26", "app": { "installed": false, "published": true }, "tap": { "url": "https://example.com/x" } },
          "observed": { "outcome": "browser" }, "source": { "date": "2026-11-20", "device": "iPhone17,1" } },
        { "situation": { "event": "tap", "osVersion": "26", "app": { "installed": false, "published": true }, "tap": { "url": "https://example.com/x" } },
          "observed": { "outcome": "storeFront" }, "source": { "date": "2026-11-20" } },
        { "situation": { "event": "tap", "osVersion": "17" },
          "observed": { "outcome": "extensionLaunch", "presentation": "compact" }, "source": { "date": "2026-11-21" } } ]
      """#
    let report = check.check(observations(json))
    #expect(report.results.map(\.verdict) == [.supports(expanded), .contradicts, .contradicts])
    #expect(
      report.summary == [
        .init(
          rule: "tap/message-not-installed-web-url", confidence: .contested, agree: 0, contradict: 1,
          supportAlternative: 1),
        .init(rule: "tap/launch", confidence: .inferred, agree: 0, contradict: 1, supportAlternative: 0),
      ])
    #expect(report.exitStatus == 1, "the documented rule is contradicted")
    let text = ObservationText.text(report, drafts: nil)
    #expect(text.contains("other reading of tap/message-not-installed-web-url (contested): browser (N-5)"))
    let json2 = ObservationText.json(report, drafts: nil)
    #expect(json2.contains(#""verdict" : "supportsAlternative""#))
    let drafts = EvidenceDraft.drafts(for: report, newestOSVersion: OSVersion(clamping: 26))
    #expect(drafts.map(\.id) == ["O20261120-1", "O20261120-2", "O20261121-1"])
    #expect(drafts.map(\.against) == [false, true, true])
    #expect(drafts[0].platforms == ["iOS 26 (iPhone17,1)"])
    #expect(drafts[0].claim.contains("supports the other reading of tap/message-not-installed-web-url"))
  }

  @Test("a draft entry loads in the evidence registry and the verifier accepts it")
  func draftLoads() throws {
    let report = ObservationCheck(engine: try engine()).check(observations(Self.contradiction))
    let drafts = EvidenceDraft.drafts(for: report, newestOSVersion: OSVersion(clamping: 26))
    let draft = try #require(drafts.first)
    #expect(draft.id == "O20261120-1")
    #expect(draft.url == "https://example.com/trace")
    #expect(draft.platforms == ["iOS 17 (iPhone15,2, build 21A329)"])
    #expect(draft.json.contains(#""sources": [{ "kind": "deviceTrace""#))
    let dir = try Repo.scratchPolicies()
    defer { try? FileManager.default.removeItem(at: dir) }
    let entry = try JSONParser.parse(Array(("{" + draft.json + "}").utf8)).get()
    try Repo.edit(dir, "evidence.json") { evidence in
      evidence["evidence"]?[draft.id] = entry[draft.id]
    }
    // Cite it from the contradicted rule's field, as a reviewer would.
    try Repo.edit(dir, "tap.json") { tap in
      let cited = tap["rules", id: "launch"]?["support"]?["presentation"]?["evidence"]?.elements ?? []
      tap["rules", id: "launch"]?["support"]?["presentation"]?["evidence"] = JSONValue(
        .array(cited + [.string(draft.id)]))
    }
    let policies = try PolicySet.load(directory: dir)
    #expect(policies.evidence(draft.id)?.claim == draft.claim)
    let verification = Verifier.verify(policies)
    #expect(verification.errorCount == 0)
    #expect(!verification.diagnostics.contains { $0.message.contains(draft.id) })
  }

  static let badFiles: [(name: String, json: String, expected: String)] = [
    (
      "unknown key with a hint",
      #"{"situation":{"event":"tap"},"observed":{"outcome":"nothing"},"sorce":{"date":"2026"}}"#,
      #"o.json:1:63: error: $.sorce: unknown key "sorce"; did you mean "source"? allowed: $schema, name, situation, observed, source, evidence, note [TR201]"#
    ),
    (
      "typo in observed",
      #"{"situation":{"event":"tap"},"observed":{"outcome":"nothing","presentaton":"compact"},"source":{"date":"2026"}}"#,
      #"o.json:1:62: error: $.observed.presentaton: unknown key "presentaton"; did you mean "presentation"? allowed: outcome, callbacks, notCalled, presentation, completion, appCallbacks, delivers, activityType, urlLocation [TR201]"#
    ),
    (
      "bad date",
      #"{"situation":{"event":"tap"},"observed":{"outcome":"nothing"},"source":{"date":"2026-02-30"}}"#,
      #"o.json:1:80: error: $.source.date: invalid date "2026-02-30"; expected YYYY-MM-DD (or YYYY-MM, YYYY) [TR204]"#
    ),
    (
      "missing date",
      #"{"situation":{"event":"tap"},"observed":{"outcome":"nothing"},"source":{"device":"x"}}"#,
      #"o.json:1:72: error: $.source: missing required key "date" (YYYY-MM-DD) [TR205]"#
    ),
    (
      "situation error located under its observation",
      #"[{"situation":{"event":"tap","platfrom":"iOS"},"observed":{"outcome":"nothing"},"source":{"date":"2026"}}]"#,
      #"o.json:1:30: error: $[0].situation.platfrom: unknown key "platfrom"; did you mean "platform"? allowed: event, platform, osVersion, locked, app, tap, open, delivery, widget, liveActivity, control, notification, appClip, link, android [TR201]"#
    ),
    (
      "unknown outcome",
      #"{"situation":{"event":"tap"},"observed":{"outcome":"launch"},"source":{"date":"2026"}}"#,
      #"o.json:1:52: error: $.observed.outcome: unknown outcome "launch"; expected one of storeFront, storeProductPage, manageApps, extensionLaunch, containerLaunch, otherAppLaunch, browser, transcriptView, nothing, intentRun, appClipLaunch, backgroundLaunch, expandsInPlace, offersToOpenOnPhone, appLaunch, disambiguationDialog, undecided (did you mean "appLaunch"?) [TR203]"#
    ),
    (
      "not an object", #"42"#,
      #"o.json:1:1: error: $: expected an observation object or an array of them, found a number [TR202]"#
    ),
    (
      "a source field that is an object",
      #"{"situation":{"event":"tap"},"observed":{"outcome":"nothing"},"source":{"date":"2026","device":{}}}"#,
      #"o.json:1:96: error: $.source.device: expected a string, number or boolean, found an object [TR202]"#
    ),
  ]

  @Test("bad observation files are refused with located diagnostics", arguments: badFiles)
  func badFile(_ row: (name: String, json: String, expected: String)) {
    switch DeviceObservation.parse(Array(row.json.utf8), file: "o.json") {
    case .success: Issue.record("\(row.name): accepted")
    case .failure(let e):
      #expect(e.diagnostics.map(\.description).contains(row.expected), "\(row.name): \(e)")
    }
  }

  @Test("hostile bytes are refused with a located diagnostic, never a trap")
  func hostileBytes() {
    let nested = Array((String(repeating: "[", count: 70) + String(repeating: "]", count: 70)).utf8)
    let rows: [(bytes: [UInt8], code: DiagnosticCode)] = [
      ([0x7B, 0xFF, 0x7D], .jsonSyntax),
      (nested, .inputTooLarge),
      (Array(repeating: 0x20, count: DeviceObservation.maximumFileBytes + 1), .inputTooLarge),
    ]
    for (i, row) in rows.enumerated() {
      switch DeviceObservation.parse(row.bytes, file: "h.json") {
      case .success: Issue.record("row \(i) accepted")
      case .failure(let e): #expect(e.diagnostics.first?.code == row.code, "row \(i)")
      }
    }
    // A huge number in a free source field is kept as text, not converted to an integer.
    let big = observations(
      #"{"situation":{"event":"tap"},"observed":{"outcome":"nothing"},"source":{"date":"2026","n":1e300}}"#)
    #expect(big.first?.source.more["n"] == "1e+300")
  }

  @Test("more source fields are kept, numbers as their text")
  func moreSourceFields() {
    let list = observations(
      #"{"situation":{"event":"tap"},"observed":{"outcome":"nothing"},"source":{"date":"2026-11","radar":"28515522","taps":3,"ok":true}}"#
    )
    #expect(list.first?.source.more == ["radar": "28515522", "taps": "3", "ok": "true"])
  }

  @Test("bad input exits 2; with --json the errors are JSON on standard output")
  func badInputExit() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("obs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try #"{"situation":{"event":"tap"},"observed":{"outcome":"nothing"}}"#.write(
      to: dir.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
    try "ignored".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    let text = try Binary.run(["observe", dir.path])
    #expect(text.status == 2)
    #expect(text.stderr.contains(#"a.json:1:1: error: $: missing required key "source" [TR205]"#))
    #expect(text.stdout.isEmpty)
    // As every command does under --json: the errors as JSON on standard output, and as text
    // on standard error.
    let json = try Binary.run(["observe", "--json", dir.path, "/no/such/path"])
    #expect(json.status == 2)
    #expect(json.stderr.contains("/no/such/path: error: no such file or folder [TR003]"))
    #expect(json.stdout.contains(#""code" : "TR205""#))
    #expect(json.stdout.contains(#""file" : "/no/such/path""#))
  }

  @Test("the editor schema lists the outcomes and callbacks the reader accepts")
  func schemaMatchesTheReader() throws {
    let bytes = [UInt8](
      try Data(contentsOf: Repo.policies.appendingPathComponent("schema/observation.schema.json")))
    let root = try JSONParser.parse(bytes).get()
    let callbacks = root.at(["definitions", "callbacks", "items", "enum"])?.arrayValue?.compactMap(
      \.stringValue)
    #expect(callbacks == Situation.Callback.allCases.map(\.rawValue))
    let outcomes = root.at([
      "definitions", "observation", "properties", "observed", "properties", "outcome", "enum",
    ])?
    .arrayValue?.compactMap(\.stringValue)
    #expect(outcomes == Outcome.allCases.map(\.rawValue))
  }

  @Test("--json output carries verdicts, the summary and the exit status")
  func jsonOutput() throws {
    let report = ObservationCheck(engine: try engine()).check(observations(Self.contradiction))
    let drafts = EvidenceDraft.drafts(for: report, newestOSVersion: OSVersion(clamping: 26))
    let json = ObservationText.json(report, drafts: drafts)
    let value = try JSONParser.parse(json).get()
    let fields = Dictionary(uniqueKeysWithValues: (value.objectValue ?? []).map { ($0.key, $0.value) })
    #expect(Set(fields.keys) == ["results", "summary", "exitStatus", "drafts"])
    #expect(json.contains(#""verdict" : "contradicts""#))
    #expect(json.contains(#""kind" : "deviceTrace""#))
  }
}

@Suite("Observations and the decisions' own alternatives")
struct ObservationAlternativeTests {
  @Test("a browser seen for an uninstalled app's https URL supports the alternative the decision carries")
  func decisionAlternativesAreTheDefault() throws {
    let list = observations(
      #"{"situation":{"event":"tap","osVersion":"26","app":{"installed":false,"published":true},"tap":{"url":"https://example.com/x"}},"observed":{"outcome":"browser"},"source":{"date":"2026-01"}}"#
    )
    let report = ObservationCheck(engine: try engine()).check(list)
    guard case .supports(let reading) = report.results.first?.verdict else {
      Issue.record(
        "expected support for the browser reading, got \(String(describing: report.results.first?.verdict))")
      return
    }
    #expect(reading.outcome == .browser && reading.evidence == ["N-5", "F-4"])
    #expect(report.exitStatus == 0)
  }
}
