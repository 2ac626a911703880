import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// Every version a band must be tried at: its lowest, and the highest below its end.
func bandEdges(_ range: VersionRange) -> [OSVersion] {
  var versions = [range.lower ?? OSVersion(clamping: 0)]
  if let upper = range.upper {
    let below =
      upper.patch > 0
      ? OSVersion(clamping: upper.major, upper.minor, upper.patch - 1)
      : upper.minor > 0
        ? OSVersion(clamping: upper.major, upper.minor - 1, OSVersion.maximumComponent)
        : OSVersion(clamping: max(0, upper.major - 1), OSVersion.maximumComponent, OSVersion.maximumComponent)
    if range.contains(below) { versions.append(below) }
  } else {
    versions.append(OSVersion(clamping: OSVersion.maximumComponent))
  }
  return versions
}

@Suite("Matrix: what every recipient sees")
struct MatrixTests {
  static let messages: [(name: String, json: String)] = [
    ("a plain message", #"{}"#),
    ("a custom-scheme URL", #"{"tap":{"url":"containerAppDemo://item/1"}}"#),
    ("an https URL", #"{"tap":{"url":"https://example.com/item"}}"#),
    ("an unpublished app", #"{"app":{"published":false},"tap":{"url":"containerAppDemo://x"}}"#),
    (
      "the S004-11 workaround",
      #"{"tap":{"url":"containerAppDemo://item","redirect":{"hooks":["willBecomeActive"],"url":"containerAppDemo://"}}}"#
    ),
    (
      "the F-8 both hooks",
      #"{"tap":{"redirect":{"hooks":["willBecomeActive","didSelect"],"url":"containerAppDemo://"}}}"#
    ),
    (
      "an iMessage-only app redirecting",
      #"{"app":{"hasContainerApp":false},"tap":{"redirect":{"hooks":["didSelect"],"url":"x://"}}}"#
    ),
    ("a tap on the attribution", #"{"tap":{"target":"attribution"}}"#),
    ("a sticker", #"{"tap":{"target":"sticker"}}"#),
    ("after a drawer swipe", #"{"tap":{"afterDrawerSwipe":true}}"#),
  ]

  static func matrix(_ json: String) throws -> Matrix {
    Matrix(message: try Matrix.parseMessage(Array(json.utf8), file: "m.json").get(), engine: try engine())
  }

  @Test(
    "every combination a row covers decides as the row says, and the rows cover each once",
    arguments: messages)
  func rowsAgreeWithDecide(_ row: (name: String, json: String)) throws {
    let engine = try engine()
    let matrix = try Self.matrix(row.json)
    #expect(!matrix.rows.isEmpty)
    let bands = (0...matrix.versionCuts.count).map {
      VersionRange(
        lower: $0 == 0 ? nil : matrix.versionCuts[$0 - 1],
        upper: $0 < matrix.versionCuts.count ? matrix.versionCuts[$0] : nil)
    }
    var covered: [String: Int] = [:]
    for r in matrix.rows {
      let s = r.recipients
      for platform in s.platforms {
        for range in s.osVersions {
          // Every band the range holds, at both its edges.
          for version in bands.filter({ range.contains($0.lower ?? OSVersion(clamping: 0)) }).flatMap(
            bandEdges)
          {
            for installed in s.installed {
              for enabled in s.enabledInMessages {
                for running in s.extensionRunning {
                  for selected in s.alreadySelected {
                    var situation = matrix.message
                    situation.platform = platform
                    situation.osVersion = version
                    situation.app.installed = installed
                    situation.app.enabledInMessages = enabled
                    situation.tap.extensionRunning = running
                    situation.tap.alreadySelected = selected
                    let d = engine.decide(situation)
                    #expect(
                      Matrix.signature(d) == Matrix.signature(r.decision),
                      "\(row.name): \(situation.minimalJSON) decides \(d.rule ?? "-"), the row says \(r.decision.rule ?? "-")"
                    )
                    covered[situation.minimalJSON, default: 0] += 1
                  }
                }
              }
            }
          }
        }
      }
    }
    // Every band edge of every recipient, covered by exactly one row.
    let total = Situation.Event.tap.platforms.count * bands.map { bandEdges($0).count }.reduce(0, +) * 16
    #expect(covered.count == total, "\(row.name)")
    #expect(covered.values.allSatisfy { $0 == 1 }, "\(row.name): overlapping rows")
  }

  @Test("rows that decide the same are merged: no two rows could be joined")
  func merged() throws {
    let matrix = try Self.matrix(#"{"tap":{"url":"containerAppDemo://item/1"}}"#)
    // watchOS is one row whatever else holds; macOS with a custom scheme likewise.
    #expect(
      matrix.rows.filter { $0.recipients.platforms == [.watchOS] }.count == 1,
      "\(MatrixText.render(matrix, format: .text))")
    let watch = try #require(matrix.rows.first { $0.recipients.platforms.contains(.watchOS) })
    #expect(watch.recipients.installed == [false, true])
    #expect(watch.recipients.osVersions == [VersionRange(lower: nil, upper: nil)])
    #expect(watch.decision.rule == "tap/watchos-view-only")
    #expect(matrix.rows.count < 20)
    #expect(matrix.versionCuts.map(\.description) == ["10", "10.12", "11", "26", "26.3"])
  }

  @Test("a redirect splits launches by the open table: the workaround opens the container from iOS 10")
  func redirect() throws {
    let matrix = try Self.matrix(
      #"{"tap":{"redirect":{"hooks":["willBecomeActive"],"url":"containerAppDemo://"}}}"#)
    let container = matrix.rows.filter { $0.decision.outcome == .containerLaunch }
    #expect(!container.isEmpty)
    #expect(container.allSatisfy { $0.recipients.extensionRunning == [false] })
    #expect(container.allSatisfy { $0.decision.steps?[1].trigger == .willBecomeActive })
    let text = MatrixText.render(matrix, format: .text)
    #expect(text.contains("containerLaunch via willBecomeActive"))
  }

  @Test("the three renderings")
  func renderings() throws {
    let matrix = try Self.matrix(#"{"tap":{"url":"containerAppDemo://item/1"}}"#)
    let text = MatrixText.render(matrix, format: .text)
    #expect(text.hasPrefix(#"message: {"event":"tap","tap":{"url":"containerAppDemo://item/1"}}"#))
    // Any other event's input is a situation, not a message.
    let link = Matrix(
      message: try Matrix.parseMessage(
        Array(#"{"event":"link","link":{"url":"https://example.com/x"}}"#.utf8), file: "m.json",
        refusingRecipients: false
      ).get(), engine: try engine(), columns: [.from])
    #expect(MatrixText.render(link, format: .text).hasPrefix(#"situation: {"event":"link""#))
    #expect(text.contains("platform"))
    #expect(text.contains("tap/watchos-view-only"))
    let markdown = MatrixText.render(matrix, format: .markdown)
    #expect(
      markdown.contains(
        "| Platform | OS | Installed | Enabled | Running | Selected | Outcome | Rule | Confidence |"))
    #expect(
      markdown.contains(
        "| watchOS | any | any | any | any | any | `nothing` | `tap/watchos-view-only` | inferred |"))
    let json = MatrixText.render(matrix, format: .json)
    let root = try JSONParser.parse(json).get()
    let rows = try #require(root.objectValue?.first { $0.key == "rows" }?.value.arrayValue)
    #expect(rows.count == matrix.rows.count)
    #expect(json.contains(#""recipient" : {"#))
    #expect(json.contains(#""platform" : "watchOS""#))
  }

  static let badMessages: [(name: String, json: String, expected: String)] = [
    (
      "a recipient fact", #"{"platform":"iOS","tap":{"extensionRunning":true}}"#,
      #"m.json:1:2: error: $.platform: platform varies by recipient: the matrix lists every value, so the message leaves it out [TR201]"#
    ),
    (
      "a nested recipient fact", #"{"tap":{"extensionRunning":true}}"#,
      #"m.json:1:9: error: $.tap.extensionRunning: extensionRunning varies by recipient: the matrix lists every value, so the message leaves it out [TR201]"#
    ),
    (
      "an open part on a tap", #"{"open":{"url":"x://"}}"#,
      #"m.json:1:2: error: $.open: the matrix is about tapping a message; "open" has no place in it [TR201]"#
    ),
    (
      "a typo", #"{"tap":{"ur":"x://"}}"#,
      #"m.json:1:9: error: $.tap.ur: unknown key "ur"; did you mean "url"? allowed: target, url, transport, layout, expired, extensionRunning, alreadySelected, afterDrawerSwipe, presentationContext, redirect [TR201]"#
    ),
    (
      "not an object", #"[]"#,
      #"m.json:1:1: error: $: expected an object with the sender's "app" and "tap" parts, found an array [TR202]"#
    ),
  ]

  @Test("bad messages are refused with located diagnostics, exit 2 (the binary)", arguments: badMessages)
  func badMessage(_ row: (name: String, json: String, expected: String)) throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(row.json.utf8).write(to: dir.appendingPathComponent("m.json"))
    let text = try Binary.shell(#"cd "\#(dir.path)" && "$TAPROUTE" matrix m.json"#)
    #expect(text.status == 2)
    #expect(text.stdout.isEmpty)
    #expect(text.stderr.split(separator: "\n").contains(Substring(row.expected)), "\(row.name)")
    let json = try Binary.shell(#"cd "\#(dir.path)" && "$TAPROUTE" matrix --json m.json"#)
    #expect(json.status == 2)
    #expect(json.stdout.hasPrefix("{\n  \"errors\" : ["))
    #expect(json.stdout.contains(#""code" : "\#(row.expected.suffix(6).dropLast())""#))
    #expect(json.stderr == text.stderr, "the text form goes to standard error as well")
  }
}
