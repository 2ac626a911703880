// swift-tools-version:6.0
// Benchmarks for TapRoute, in their own package so that clients of the library never
// fetch benchmark code; the root package keeps zero dependencies.
import Foundation
import PackageDescription

// A path dependency is named after its folder, which differs between clones.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

// Tables compiled to Swift by `taproute generate swift` (Benchmarks/generate-table.sh), when
// they are there. The 1,000-rule table takes minutes to compile in release, so
// TAPROUTE_BENCHMARK_LEAN=1 leaves them out: the CI's instruction budget does not need them.
let generatedTables =
  FileManager.default.fileExists(
    atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Sources/GeneratedTables").path)
  && ProcessInfo.processInfo.environment["TAPROUTE_BENCHMARK_LEAN"] == nil

let package = Package(
  name: "TapRouteBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [.package(path: "..")],
  targets: [
    .executableTarget(
      name: "TapRouteBenchmarks",
      dependencies: [
        .product(name: "TapRoute", package: root),
        .product(name: "TapRouteTools", package: root),
        "TapRouteReference",
      ] + (generatedTables ? ["GeneratedTables"] : []),
      // A define, not `canImport`: a lean build must not see the module a full build left
      // in .build (it would compile against it and fail to link).
      swiftSettings: generatedTables ? [.define("TAPROUTE_GENERATED_TABLES")] : []),
    // The root package's hand-written switch, linked here through a symbolic link to its
    // source folder: it is no product of the root package, so clients never see it.
    .target(
      name: "TapRouteReference",
      dependencies: [.product(name: "TapRoute", package: root)]),
  ]
    + (generatedTables
      ? [.target(name: "GeneratedTables", dependencies: [.product(name: "TapRoute", package: root)])] : []),
  swiftLanguageModes: [.v6]
)
