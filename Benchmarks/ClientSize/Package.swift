// swift-tools-version:6.0
// A client executable that decides one tap through the app-facing module alone, as an app or
// a Messages extension links it: `Scripts/client-size.sh` builds it in release and reports its
// stripped size (issue 37; the figures are in Benchmarks/README.md).
import Foundation
import PackageDescription

// A path dependency is named after its folder, which differs between clones.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "DecideOne",
  dependencies: [.package(path: "../..")],
  targets: [
    .executableTarget(name: "DecideOne", dependencies: [.product(name: "TapRoute", package: root)])
  ],
  swiftLanguageModes: [.v6]
)
