import Foundation
import Testing

/// What a client's plain `import TapRoute` sees, proved by the compiler: each snippet is
/// type-checked (`swiftc -typecheck`) against the TapRoute module this test run built. The
/// generated code's API is `@_spi(Generated)` and the CLI's is `package`, so a client cannot
/// name either; the SPI import that generated files write sees the generated API.
@Suite("The public surface a client's import sees")
struct PublicSurfaceTests {
  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var source: String
    /// nil: the snippet must type-check; else a phrase the compiler's error must hold.
    var error: String?
    var testDescription: String { name }
  }

  /// The folder of the built modules: beside the test bundle, as the binary is.
  static let modules: URL? = Binary.url.map {
    $0.deletingLastPathComponent().appendingPathComponent("Modules")
  }

  static func typecheck(_ source: String) throws -> Binary.Result {
    let modules = try #require(modules, "the built modules were not found next to the tests")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "taproute-surface-\(UInt32.random(in: 0...UInt32.max)).swift")
    try Data(source.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try Binary.run(
      ["swiftc", "-typecheck", "-I", modules.path, file.path],
      executable: URL(fileURLWithPath: "/usr/bin/env"))
  }

  /// The names that were top-level types before issue 37 nested them.
  static let nestedNames = [
    "AssumedFact", "TraceEntry", "Delivered", "FactDeclaration", "FieldSupport", "ConfidenceSource",
    "Condition",
    "RuleOutcome", "EvidenceEntry", "DecisionTable",
  ]

  @Test(
    arguments: [
      Row(
        name: "plain import: CompiledPolicies is not visible",
        source: "import TapRoute\nlet x: (any CompiledPolicies.Type)? = nil\n",
        error: "cannot find type 'CompiledPolicies' in scope"),
      Row(
        name: "plain import: CompiledTableData is not visible",
        source: "import TapRoute\nlet x: CompiledTableData? = nil\n",
        error: "cannot find type 'CompiledTableData' in scope"),
      Row(
        name: "plain import: CompiledRule is not visible",
        source: "import TapRoute\nlet x: CompiledRule? = nil\n",
        error: "cannot find type 'CompiledRule' in scope"),
      Row(
        name: "plain import: CompiledAlternative is not visible",
        source: "import TapRoute\nlet x: CompiledAlternative? = nil\n",
        error: "cannot find type 'CompiledAlternative' in scope"),
      Row(
        name: "plain import: OSVersion(orderKey:) is not visible",
        source: "import TapRoute\nlet x = OSVersion(orderKey: 0)\n",
        error: "orderKey"),
      Row(
        name: "plain import: the CLI's ObservationCheck is not visible",
        source: "import TapRoute\nlet x: ObservationCheck? = nil\n",
        error: "cannot find type 'ObservationCheck' in scope"),
      Row(
        name: "plain import: the Observation module and @Observable compile beside TapRoute",
        source: """
          import Observation
          import TapRoute
          @available(macOS 14, iOS 17, watchOS 10, tvOS 17, *)
          @Observable final class Model { var decision: Decision? = nil }
          if #available(macOS 14, iOS 17, watchOS 10, tvOS 17, *) {
            let model = Model()
            model.decision = Engine.builtIn.decide(try Situation(json: #"{"event":"tap"}"#))
          }
          let version: OSVersion = "17.4"
          """,
        error: nil),
      Row(
        name: "TapRouteAASA alone reads and matches a file",
        source: """
          import TapRouteAASA
          let check = try AASADocument.read(Array(#"{"applinks":{"details":[]}}"#.utf8), file: "f")
          let url = try AASAURL(parsing: "https://example.com/a", file: "u")
          let match: AASAMatch = AASAMatcher.match(check.document, url: url)
          let os: OSVersion = AASAMatcher.everyFeature
          """,
        error: nil),
      Row(
        name: "TapRouteAASA alone does not see the engine",
        source: "import TapRouteAASA\nlet x: Engine? = nil\n",
        error: "cannot find type 'Engine' in scope"),
      Row(
        name: "TapRouteAASA alone does not see the newest version of the built-in tables",
        source: "import TapRouteAASA\nlet x = AASAMatcher.newest\n",
        error: "has no member 'newest'"),
      Row(
        name: "plain import TapRoute sees the three AASA types a client of the engine meets",
        source: """
          import TapRoute
          let x: OSVersion = "17.4"
          let y: Diagnostic? = nil
          let z: DiagnosticsError? = nil
          """,
        error: nil),
      Row(
        name: "plain import TapRoute does not see the AASA reader",
        source: "import TapRoute\nlet x: AASADocument? = nil\n",
        error: "cannot find type 'AASADocument' in scope"),
      Row(
        name: "import TapRouteAASA beside TapRoute sees the matcher and AASAMatcher.newest",
        source:
          "import TapRoute\nimport TapRouteAASA\nlet x: OSVersion = AASAMatcher.newest\nlet y: AASAURL? = nil\n",
        error: nil),
      Row(
        name: "plain import TapRoute does not see the tools",
        source: "import TapRoute\nlet x: VerificationReport? = nil\n",
        error: "cannot find type 'VerificationReport' in scope"),
      Row(
        name: "import TapRouteTools sees the verifier, the recorders and the matrix beside the engine",
        source: """
          import TapRoute
          import TapRouteTools
          let report: VerificationReport = Verifier.verify(Engine.builtIn.policies)
          let recorder: Recorder? = nil
          let matrix: Matrix? = nil
          let observation: DeviceObservation? = nil
          """,
        error: nil),
      Row(
        name: "plain import: the types nested in others are named through them",
        source: """
          import TapRoute
          let a: Decision.AssumedFact? = nil
          let b: Decision.TraceEntry? = nil
          let c: AppDelivery.Delivered? = nil
          let d: Fact.Declaration? = nil
          let e: Rule.FieldSupport? = nil
          let f: Confidence.Source? = nil
          let g: Rule.Condition? = nil
          let h: Rule.Then? = nil
          let i: PolicySet.EvidenceEntry? = nil
          let j: PolicySet.DecisionTable? = nil
          """,
        error: nil),
    ]
      + Self.nestedNames.map { old in
        Row(
          name: "plain import: \(old) is not a top-level name",
          source: "import TapRoute\nlet x: \(old)? = nil\n",
          error: "cannot find type '\(old)' in scope")
      } + [
        Row(
          name: "the generated files' SPI import sees the generated API",
          source: """
            @_spi(Generated) import TapRoute
            let x: (any CompiledPolicies.Type)? = nil
            let y = OSVersion(orderKey: 0).orderKey
            """,
          error: nil)
      ])
  func snippet(_ row: Row) throws {
    let result = try Self.typecheck(row.source)
    if let error = row.error {
      #expect(result.status != 0, "the snippet compiled")
      #expect(result.stderr.contains(error), "\(result.stderr)")
    } else {
      #expect(result.status == 0, "\(result.stderr)")
    }
  }
}
