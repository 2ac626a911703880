// swift-tools-version:6.0
// A client with its own policies, compiled to Swift at build time by TapRoute's build-tool
// plugin: Sources/PluginRouting/Policies/*.json become the type `PluginRoutingPolicies`.
import Foundation
import PackageDescription

// A path dependency is named after its folder, which differs between clones.
let tapRoute = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "PluginClient",
  platforms: [.macOS(.v10_15), .iOS(.v13)],
  dependencies: [.package(path: "../..")],
  targets: [
    .target(
      name: "PluginRouting",
      dependencies: [.product(name: "TapRoute", package: tapRoute)],
      exclude: ["Policies"],
      plugins: [.plugin(name: "TapRouteGenerate", package: tapRoute)]),
    .testTarget(
      name: "PluginRoutingTests",
      dependencies: ["PluginRouting", .product(name: "TapRoute", package: tapRoute)]),
  ],
  swiftLanguageModes: [.v6]
)
