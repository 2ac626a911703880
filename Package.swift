// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "TapRoute",
  platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9), .tvOS(.v16)],
  products: [
    .library(name: "TapRoute", targets: ["TapRoute"]),
    .executable(name: "taproute", targets: ["taproute"]),
    // A hand-written switch with the shipped semantics: the benchmark's baseline and the
    // tests' differential oracle. Clients of TapRoute never link it.
    .library(name: "TapRouteReference", targets: ["TapRouteReference"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "TapRoute"),
    .target(name: "TapRouteReference", dependencies: ["TapRoute"]),
    .executableTarget(name: "taproute", dependencies: ["TapRoute"]),
    .testTarget(name: "TapRouteTests", dependencies: ["TapRoute", "TapRouteReference", "taproute"]),
  ],
  swiftLanguageModes: [.v6]
)
