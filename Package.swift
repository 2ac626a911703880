// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "TapRoute",
  platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9), .tvOS(.v16)],
  products: [
    .library(name: "TapRoute", targets: ["TapRoute"]),
    .executable(name: "taproute", targets: ["taproute"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "TapRoute"),
    .executableTarget(name: "taproute", dependencies: ["TapRoute"]),
    .testTarget(name: "TapRouteTests", dependencies: ["TapRoute", "taproute"]),
  ],
  swiftLanguageModes: [.v6]
)
