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
        .product(name: "TapRouteReference", package: root),
      ])
  ],
  swiftLanguageModes: [.v6]
)
