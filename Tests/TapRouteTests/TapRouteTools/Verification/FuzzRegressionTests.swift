import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteAndroid
@testable import TapRouteTools

/// Every input kept in Tests/FuzzRegressions/TARGET/ (crashers and interesting cases found
/// by Scripts/fuzz.sh), replayed through the same checks the fuzz targets run.
struct RegressionInput: CustomTestStringConvertible, Sendable {
  var target: String
  var name: String
  var bytes: [UInt8]
  var testDescription: String { "\(target)/\(name)" }

  static let all: [RegressionInput] = {
    let root = Repo.root.appendingPathComponent("Tests/FuzzRegressions")
    return [
      "policy", "situation", "url", "sticker", "plist", "observation", "aasa", "assetlinks", "manifest",
    ].flatMap {
      target -> [RegressionInput] in
      let dir = root.appendingPathComponent(target)
      let names =
        (try? FileManager.default.contentsOfDirectory(atPath: dir.path))?.filter { !$0.hasPrefix(".") }
        .sorted() ?? []
      return names.compactMap { name in
        (try? Data(contentsOf: dir.appendingPathComponent(name))).map {
          RegressionInput(target: target, name: name, bytes: [UInt8]($0))
        }
      }
    }
  }()
}

@Suite("Fuzz regressions", .tags(.memory))
struct FuzzRegressionTests {
  @Test("kept fuzz input is handled without a problem", arguments: RegressionInput.all)
  func replay(_ input: RegressionInput) throws {
    let engine = try engine()
    let problems: [String]
    switch input.target {
    case "policy": problems = SelfCheck.policy(input.bytes)
    case "situation": problems = SelfCheck.situation(input.bytes, engine: engine)
    case "sticker": problems = SelfCheck.sticker(input.bytes, rules: engine.policies.stickers)
    case "plist": problems = SelfCheck.plist(input.bytes, rules: engine.policies.shortcuts)
    case "observation": problems = SelfCheck.observation(input.bytes, engine: engine)
    case "aasa": problems = SelfCheck.aasa(input.bytes)
    case "assetlinks": problems = AndroidSelfCheck.assetLinks(input.bytes)
    case "manifest": problems = AndroidSelfCheck.manifest(input.bytes)
    default: problems = SelfCheck.url(input.bytes, engine: engine)
    }
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test func regressionsExist() {
    for target in [
      "policy", "situation", "url", "sticker", "plist", "observation", "aasa", "assetlinks", "manifest",
    ] {
      #expect(RegressionInput.all.contains { $0.target == target }, "no kept input for \(target)")
    }
  }
}
