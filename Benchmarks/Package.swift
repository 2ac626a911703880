// swift-tools-version:6.0
// Benchmarks for TapRoute, in their own package so that clients of the library never
// fetch benchmark code; the root package keeps zero dependencies.
import Foundation
import PackageDescription

// A path dependency is named after its folder, which differs between clones.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

let package = Package(
  name: "TapRouteBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [.package(path: "..")],
  targets: [
    .executableTarget(
      name: "TapRouteBenchmarks",
      dependencies: [
        .product(name: "TapRoute", package: root),
        "TapRouteReference",
      ]),
    // The root package's hand-written switch, linked here through a symbolic link to its
    // source folder: it is no product of the root package, so clients never see it.
    .target(
      name: "TapRouteReference",
      dependencies: [.product(name: "TapRoute", package: root)]),
  ],
  swiftLanguageModes: [.v6]
)
