// swift-tools-version:6.0
import PackageDescription

// CI's sanitizer runs build only the test files they run: TAPROUTE_TEST_SOURCES lists them,
// relative to Tests/TapRouteTests (`Scripts/tagged-tests.py --sources TAG` prints the list).
// Unset, as in every other build, the test targets are whole.
let testSources = Context.environment["TAPROUTE_TEST_SOURCES"].map {
  $0.split(separator: " ").map(String.init)
}

let package = Package(
  name: "TapRoute",
  platforms: [.macOS(.v10_15), .iOS(.v13), .watchOS(.v6), .tvOS(.v13)],
  products: [
    .library(name: "TapRoute", targets: ["TapRoute"]),
    // The tools beside the engine: verification, code generation, rendering and pictures,
    // simulation, observation and recorders, stickers, quick actions, the matrix and audit.
    .library(name: "TapRouteTools", targets: ["TapRouteTools"]),
    // The apple-app-site-association reader, matcher and diff, alone or beside the engine
    // (`import TapRoute` brings only Diagnostic, DiagnosticsError and OSVersion from it).
    .library(name: "TapRouteAASA", targets: ["TapRouteAASA"]),
    // Android App Links: the assetlinks.json (Digital Asset Links) reader, matcher and diff, and
    // the AndroidManifest.xml intent-filter reader and matcher.
    .library(name: "TapRouteAndroid", targets: ["TapRouteAndroid"]),
    .executable(name: "taproute", targets: ["taproute"]),
    // Compiles a client target's Policies/ folder to Swift with this package's taproute.
    .plugin(name: "TapRouteGenerate", targets: ["TapRouteGenerate"]),
  ],
  dependencies: [],
  targets: [
    // Depends on nothing else here: strict JSON with located diagnostics, OS versions, the
    // AASA file's reader, matcher and diff, and the string escapers every writer shares.
    .target(name: "TapRouteAASA"),
    // Android App Links: the assetlinks.json reader, matcher and diff, on TapRouteAASA's strict
    // JSON, diagnostics and wildcard patterns (dynamic rules read like AASA components, AND-18),
    // and an app's AndroidManifest.xml intent filters, read with Foundation's XMLParser, and the
    // matching of a URL against them.
    .target(name: "TapRouteAndroid", dependencies: ["TapRouteAASA"]),
    // The engine an app links: the situation, the policies, decide and explain, the built-in
    // tables; re-exports TapRouteAASA's Diagnostic, DiagnosticsError and OSVersion. Reads an
    // Android app's manifest and its domains' assetlinks.json files (`android.manifest`,
    // `android.assetlinks`) with TapRouteAndroid's readers and matchers.
    .target(name: "TapRoute", dependencies: ["TapRouteAASA", "TapRouteAndroid"]),
    // The tools, each reading the engine's decisions and policies; the CLI's library. Android's
    // readers for what the tools fetch and check of an Android app (`assetlinks fetch`).
    .target(name: "TapRouteTools", dependencies: ["TapRoute", "TapRouteAASA", "TapRouteAndroid"]),
    // A hand-written switch with the shipped semantics: the tests' differential oracle and
    // the benchmark's baseline (Benchmarks/ links the same source). Not a product: clients
    // of TapRoute never see it.
    .target(name: "TapRouteReference", dependencies: ["TapRoute"]),
    .executableTarget(
      name: "taproute", dependencies: ["TapRoute", "TapRouteAASA", "TapRouteAndroid", "TapRouteTools"]),
    // The one declaration of the situation's fields and facts, and the generator that writes
    // Sources/TapRoute/Generated/SituationCatalog+Generated.swift and the value enums'
    // SituationValues+Generated.swift from it (`swift run CatalogGenerator`). Not a product,
    // and independent of the library it writes for: it uses TapRouteAASA only for the
    // escapers every writer shares (`Escaping`).
    .executableTarget(name: "CatalogGenerator", dependencies: ["TapRouteAASA"]),
    .plugin(name: "TapRouteGenerate", capability: .buildTool(), dependencies: ["taproute"]),
    .testTarget(
      name: "TapRouteTests",
      dependencies: [
        "TapRoute", "TapRouteAASA", "TapRouteAndroid", "TapRouteTools", "TapRouteReference", "taproute",
        "CatalogGenerator",
      ],
      sources: testSources),
  ]
    // Uses the library as a client does: plain `import TapRoute`, public API only; not in a
    // build of the listed test files only.
    + (testSources == nil
      ? [
        .testTarget(
          name: "TapRouteClientTests", dependencies: ["TapRoute"],
          exclude: ["client-fixtures.json", "client-evidence.json"])
      ] : []),
  swiftLanguageModes: [.v6]
)
