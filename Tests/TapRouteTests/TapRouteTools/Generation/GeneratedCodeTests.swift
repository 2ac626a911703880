import Foundation
import TapRouteReference
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// The generated built-in decisions (`Generated/CompiledBuiltinPolicies+Generated.swift`),
/// the interpreter and the hand-written switch decide alike; the generator's plan decides as
/// the interpreter on tables of thousands of rules.
@Suite("Generated code: compiled tables against the interpreter and the switch", .tags(.memory))
struct GeneratedCodeTests {
  static let refreshCommand =
    "swift run taproute generate swift --policies Policies --type CompiledBuiltinPolicies --access internal --library --output Sources/TapRoute/Generated/CompiledBuiltinPolicies+Generated.swift"

  @Test("the committed generated file is what the generator writes for Policies/")
  func generatedFileMatchesPolicies() throws {
    let path = "Sources/TapRoute/Generated/CompiledBuiltinPolicies+Generated.swift"
    let committed = try String(contentsOf: Repo.root.appendingPathComponent(path), encoding: .utf8)
    let command = String(Self.refreshCommand.dropFirst("swift run ".count))
    let generator = try SwiftGenerator.forPolicies(
      at: Repo.policies, typeName: "CompiledBuiltinPolicies", access: "internal", library: true,
      command: command)
    let rendered = try generator.render()
    #expect(
      committed == rendered,
      "\(path) drifted from Policies/ (\(firstDifference(committed, rendered, names: ("committed", "generated")))); run: \(Self.refreshCommand)"
    )
  }

  /// The enumerated situations and the sample this run walks, drawn once for the shards.
  static let enumerated: (count: Int, situations: [Situation]) = DifferentialTests.enumerated(
    sampled: 40_000, seed: 30)

  /// In the exhaustive run the walks are cut in shards, every `shards`th situation each,
  /// which run at once; the sampled runs walk theirs in one.
  static let shards = Enumeration.isExhaustive ? 4 : 1

  @Test(
    "generated, interpreted and hand-written decide alike on the enumerated situations", .tags(.exhaustive),
    arguments: 0..<shards)
  func generatedMatchesInterpreterAndSwitch(shard: Int) throws {
    let interpreted = try engine()
    let generated = Engine.builtIn
    #expect(generated.compiled != nil && interpreted.compiled == nil)
    #expect(generated.newestOSVersion == interpreted.newestOSVersion)
    #expect(Self.enumerated.count > 300_000)
    let sample = Self.enumerated.situations.enumerated().filter { $0.offset % Self.shards == shard }.map(
      \.element)
    var disagreements = 0
    var contested = 0
    for situation in sample {
      let decision = generated.decide(situation)
      let expected = interpreted.decideEagerly(situation)
      let lazy = interpreted.decide(situation)
      let reference = ReferenceSwitch.decide(situation, newest: generated.newestOSVersion)
      let same =
        decision == expected && lazy == expected && decision.assumed == expected.assumed
        && lazy.alternatives == expected.alternatives
        && decision.alternatives == expected.alternatives && decision.callbacks == expected.callbacks
        && decision.presentation == expected.presentation && decision.confidence == expected.confidence
        && (!ReferenceSwitch.models(situation) || decision.outcome == reference.outcome)
        && decision.callbacks == reference.callbacks
        && decision.presentation == reference.presentation
        && (reference.appCallbacks == nil || decision.appCallbacks == reference.appCallbacks)
        && DifferentialTests.sameReadings(expected, situation, newest: generated.newestOSVersion)
      if expected.alternatives != nil { contested += 1 }
      if !same {
        disagreements += 1
        if disagreements <= 5 {
          Issue.record(
            "\(situation.minimalJSON): generated \(decision.outcome.rawValue) by \(decision.rule ?? "-"), interpreted \(expected.outcome.rawValue) by \(expected.rule ?? "-"), switch \(reference.outcome.rawValue)"
          )
        }
      }
    }
    #expect(disagreements == 0)
    // The sample reaches contested decisions of both tables, composed redirects among them
    // (over 2.5% of it: more than 1,000 of the 40,000 of the plain run).
    #expect(contested * 40 > sample.count)
  }

  @Test(
    "generated and interpreted decide alike on generated situations (new facts, SDK versions, URLs)",
    .tags(.exhaustive), arguments: 0..<shards)
  func generatedMatchesInterpreterOnNewFacts(shard: Int) throws {
    let interpreted = try engine()
    let generated = Engine.builtIn
    #expect(generated.newestSDKVersion == interpreted.newestSDKVersion)
    // Each shard draws its own sequence, its share of the count.
    var rng = SeededRandom(seed: 2026 + UInt64(shard))
    var disagreements = 0
    var contested = 0
    var assumed = 0
    for _ in 0..<Enumeration.count(100_000, sampled: 15_000) / Self.shards {
      let situation = Generate.situation(&rng)
      let decision = generated.decide(situation)
      let expected = interpreted.decideEagerly(situation)
      let lazy = interpreted.decide(situation)
      let reference = ReferenceSwitch.decide(situation, newest: generated.newestOSVersion)
      if expected.alternatives != nil { contested += 1 }
      if !expected.assumed.isEmpty { assumed += 1 }
      let same =
        decision == expected && lazy == expected && decision.assumed == expected.assumed
        && lazy.alternatives == expected.alternatives && lazy.steps == expected.steps
        && decision.alternatives == expected.alternatives && decision.notes == expected.notes
        && decision.steps == expected.steps && decision.evidence == expected.evidence
        && (!ReferenceSwitch.covers(situation.event)
          || (decision.outcome == reference.outcome && decision.callbacks == reference.callbacks
            && decision.presentation == reference.presentation
            && (reference.appCallbacks == nil || decision.appCallbacks == reference.appCallbacks)
            && DifferentialTests.sameReadings(expected, situation, newest: generated.newestOSVersion)))
      if !same {
        disagreements += 1
        if disagreements <= 5 {
          Issue.record(
            "\(situation.minimalJSON): generated \(decision.outcome.rawValue) by \(decision.rule ?? "-"), interpreted \(expected.outcome.rawValue) by \(expected.rule ?? "-"), switch \(reference.outcome.rawValue)"
          )
        }
      }
    }
    #expect(disagreements == 0)
    // The sample reaches contested rules and assumed defaults, which the check above covers.
    #expect(contested > 0 && assumed > 0)
  }

  /// Every field, the JSON form and the hash of a generated decision are the interpreter's.
  @Test(
    "a generated decision reads, encodes and hashes as the interpreted one",
    arguments: [
      ("a launch", #"{"event":"tap","tap":{"url":"https://example.com/x"}}"#),
      ("a redirect", #"{"event":"tap","tap":{"redirect":{"hooks":["didSelect"],"url":"app://x"}}}"#),
      (
        "an unfired hook",
        #"{"event":"tap","tap":{"extensionRunning":true,"redirect":{"hooks":["willBecomeActive"],"url":"app://x"}}}"#
      ),
      (
        "an undecided redirect",
        #"{"event":"tap","tap":{"redirect":{"hooks":["willBecomeActive"],"url":"app://x"}}}"#
      ),
      ("an open", #"{"event":"open","open":{"url":"app://x","extensionPoint":"today"}}"#),
      ("a store", #"{"event":"tap","app":{"installed":false}}"#),
    ])
  func fieldsAndJSON(_ name: String, _ json: String) throws {
    let parsed = TapRouteTests.situation(json)
    let situation = try #require(parsed)
    let interpreting = try engine()
    let interpreted = interpreting.decideEagerly(situation)
    let generated = Engine.builtIn.decide(situation)
    #expect(generated == interpreted && interpreting.decide(situation) == interpreted)
    #expect(generated.hashValue == interpreted.hashValue)
    #expect(generated.rule == interpreted.rule && generated.notes == interpreted.notes)
    #expect(generated.steps == interpreted.steps && generated.evidence == interpreted.evidence)
    #expect(DecisionText.encode(generated, pretty: true) == DecisionText.encode(interpreted, pretty: true))
    var edited = generated
    edited.notes.append("edited")
    #expect(edited != interpreted && edited.notes.last == "edited" && edited.rule == interpreted.rule)
  }

  @Test("a message URL over the D-3 limit is flagged by the generated path too")
  func longURL() throws {
    let url = "https://example.com/" + String(repeating: "a", count: 5_100)
    let situation = Situation(event: .tap, tap: Situation.Tap(url: url))
    let generated = Engine.builtIn.decide(situation)
    #expect(generated == (try engine().decide(situation)))
    #expect(generated.evidence.contains("D-3"))
  }

  @Test("Engine.builtIn parses its policies only when asked, and explains as the interpreter")
  func policiesAndExplain() throws {
    let situation = Situation(event: .tap, app: Situation.App(installed: false))
    #expect(Engine.builtIn.explain(situation) == (try engine().explain(situation)))
    #expect(Engine.builtIn.policies.tables.map(\.name) == Situation.Event.allCases.map(\.rawValue).sorted())
  }

  struct Size: CustomTestStringConvertible, Sendable {
    var rules: Int
    var testDescription: String { "\(rules) rules" }
  }

  /// The plan the generator writes out, run in memory: it must find the interpreter's first
  /// rule on tables far too large to compile inside a test (see Scripts/check-generated.sh
  /// for the compiled form at 1,000 rules).
  @Test(
    "the generator's plan finds the interpreter's first rule",
    // A sanitizer's run leaves out the largest table: the same code, ten times the work.
    arguments: [Size(rules: 100), Size(rules: 1_000)] + (Enumeration.isSanitized ? [] : [Size(rules: 10_000)])
  )
  func planMatchesInterpreter(_ size: Size) throws {
    let policies = try PolicySet.load(
      files: GeneratedPolicies.files(tapRules: size.rules, openRules: size.rules, seed: UInt64(size.rules)))
    var checked = 0
    for event in [Situation.Event.tap, .open] {  // the generated tables; the others have one rule
      let table = try #require(policies.table(for: event))
      let plan = TablePlan(table)
      let interpreted = CompiledTable(table, dense: false)
      #expect(plan.words == (table.rules.count + 63) / 64)
      let count = Enumeration.scaled(3_000)
      for situation in Self.randomSituations(count: count, event: event, seed: UInt64(size.rules)) {
        let url = event == .tap ? situation.tap.url : situation.open.url
        let facts = FactSnapshot(situation, event: event, url: url, defaultVersion: OSVersion(clamping: 26))
        let expected = interpreted.firstMatchByBits(facts)
        #expect(plan.firstMatch(facts) == expected, "\(situation.minimalJSON)")
        checked += 1
      }
    }
    #expect(checked == Enumeration.scaled(3_000) * 2)
    #expect(throws: Never.self) {
      try SwiftGenerator(
        policies: policies, typeName: "Big", access: "public", source: .embedded([]), command: "test"
      ).render()
    }
  }

  /// Seeded situations over every fact the tables test, versions around the tables' cuts.
  static func randomSituations(count: Int, event: Situation.Event, seed: UInt64) -> [Situation] {
    var rng = GeneratedPolicies.Random(state: seed)
    return (0..<count).map { _ in
      var s = Situation(event: event)
      s.platform = Situation.Platform.allCases[rng.below(4)]
      s.osVersion =
        rng.below(8) == 0 ? nil : OSVersion(clamping: 6 + rng.below(23), rng.below(3) == 0 ? 5 : 0)
      s.app = Situation.App(
        hasContainerApp: rng.below(2) == 0, installed: rng.below(2) == 0,
        enabledInMessages: rng.below(2) == 0,
        published: rng.below(2) == 0)
      let url = URLSchemeClass.allCases[rng.below(8)].exampleURL
      s.tap = Situation.Tap(
        target: Situation.Tap.Target.allCases[rng.below(3)], url: url, extensionRunning: rng.below(2) == 0,
        alreadySelected: rng.below(2) == 0, afterDrawerSwipe: rng.below(2) == 0)
      s.open = Situation.Open(url: url, extensionPoint: Situation.Open.ExtensionPoint.allCases[rng.below(6)])
      return s
    }
  }
}

@Suite("taproute generate")
struct GenerateCLITests {
  @Test("generate swift prints the same source the drift test holds, and --output writes it")
  func printsAndWrites() throws {
    let printed = try Binary.run([
      "generate", "swift", "--policies", Repo.policies.path, "--type", "AppPolicies",
    ])
    #expect(printed.status == 0 && printed.stderr.isEmpty)
    #expect(printed.stdout.hasPrefix("// swift-format-ignore-file\n// Generated by `taproute generate swift"))
    #expect(printed.stdout.contains("@_spi(Generated) import TapRoute\n"))
    #expect(printed.stdout.contains("public enum AppPolicies {"))
    #expect(printed.stdout.contains("@_spi(Generated) extension AppPolicies: CompiledPolicies {"))
    #expect(printed.stdout.contains("static let policyFiles"))
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "generate-\(UInt32.random(in: 0...UInt32.max)).swift")
    defer { try? FileManager.default.removeItem(at: output) }
    let written = try Binary.run([
      "generate", "swift", "--policies", Repo.policies.path, "--type", "AppPolicies", "--output", output.path,
    ])
    #expect(written.status == 0 && written.stdout.isEmpty)
    let file = try String(contentsOf: output, encoding: .utf8)
    #expect(file.contains("public static func tapRule(_ situation: Situation) -> Int {"))
  }

  struct Refusal: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var status: Int32
    var message: String
    var testDescription: String { name }
  }

  @Test(
    "generate refuses what it cannot do, saying why",
    arguments: [
      Refusal(
        name: "another language", arguments: ["generate", "kotlin"], status: 2,
        message: "taproute generate: unknown language \"kotlin\"; expected swift"),
      Refusal(
        name: "a type name that is not an identifier", arguments: ["generate", "swift", "--type", "My-Type"],
        status: 2,
        message: "--type \"My-Type\" is not a Swift identifier"),
      Refusal(
        name: "a policy directory that does not exist (bad input)",
        arguments: ["generate", "swift", "--policies", "/nonexistent-dir"],
        status: 2, message: "taproute generate: the policies failed to load"),
    ])
  func refusals(_ refusal: Refusal) throws {
    let r = try Binary.run(refusal.arguments)
    #expect(r.status == refusal.status)
    #expect(r.stderr.contains(refusal.message), "\(r.stderr)")
  }
}
