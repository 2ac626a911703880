// swift-tools-version:6.0
// A client of TapRoute, as an app's own package would depend on it: by path here, by
// `.package(url: "https://github.com/…/TapRoute.git", from: "1.0.0")` elsewhere.
import Foundation
import PackageDescription

// A path dependency is named after its folder, which differs between clones.
let tapRoute = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "MessagesRouting",
  platforms: [.macOS(.v10_15), .iOS(.v13)],
  dependencies: [.package(path: "../..")],
  targets: [
    .target(name: "MessagesRouting", dependencies: [.product(name: "TapRoute", package: tapRoute)]),
    .testTarget(
      name: "MessagesRoutingTests",
      dependencies: ["MessagesRouting", .product(name: "TapRoute", package: tapRoute)],
      resources: [.copy("fixtures.json")]),
  ],
  swiftLanguageModes: [.v6]
)
