import Foundation
import Testing

@testable import TapRoute

@Suite("Matrix: any event, any columns")
struct MatrixColumnsTests {
  /// Inputs and the columns they vary (nil: the default).
  static let cases: [(name: String, json: String, columns: [Fact]?)] = [
    ("open, every fact left out", #"{"event":"open"}"#, nil),
    ("open by extension point and URL", #"{"event":"open"}"#, [.extensionPoint, .urlClass]),
    ("open by URL, encoding first", #"{"event":"open","osVersion":"16"}"#, [.urlNeedsEncoding, .urlClass]),
    ("open on iPadOS by versions", #"{"event":"open","platform":"iPadOS"}"#, [.sdkVersion, .osVersion]),
    ("a tap by target and transport", #"{"tap":{"url":"containerAppDemo://x"}}"#, [.target, .transport]),
    (
      "a redirecting tap by install and OS",
      #"{"tap":{"redirect":{"hooks":["willBecomeActive"],"url":"containerAppDemo://"}}}"#,
      [.installed, .osVersion, .platform]
    ),
    (
      "a redirect whose URL needs encoding, by OS (the open table cuts the tap's regions)",
      #"{"platform":"iOS","tap":{"redirect":{"hooks":["didSelect"],"url":"containerAppDemo://item/a b"}}}"#,
      [.osVersion, .extensionRunning]
    ),
    (
      "a tap by its URL", #"{"platform":"iOS","osVersion":"18"}"#,
      [.urlClass, .urlNeedsEncoding, .extensionRunning]
    ),
  ]

  static func message(_ json: String) throws -> Situation {
    try Matrix.parseMessage(Array(json.utf8), file: "m.json", refusingRecipients: false).get()
  }

  /// Every value of one column a situation can take: a finite fact's indices, a version
  /// band's edges.
  static func values(of fact: Fact, cuts: [OSVersion]) -> [Int] {
    fact.isVersion ? Array(0...cuts.count) : Array(0..<fact.finiteCount)
  }

  /// Each version band at both edges, each finite value, each URL scheme class (its example
  /// URL), a URL with and without a space: the URL written last, the encoding need after
  /// the class.
  static func choices(_ fact: Fact, matrix: Matrix) -> Int {
    switch fact {
    case .osVersion: 2 * (matrix.versionCuts.count + 1)
    case .sdkVersion: 2 * (matrix.sdkVersionCuts.count + 1)
    default: fact.finiteCount
    }
  }

  static func version(_ choice: Int, cuts: [OSVersion]) -> OSVersion {
    let band = choice / 2
    let edges = bandEdges(
      VersionRange(lower: band == 0 ? nil : cuts[band - 1], upper: band < cuts.count ? cuts[band] : nil))
    return edges[min(choice % 2, edges.count - 1)]
  }

  static func points(_ columns: [Fact], message: Situation, matrix: Matrix) -> [Situation] {
    var combos: [[Int]] = [[]]
    for fact in columns {
      combos = combos.flatMap { combo in (0..<choices(fact, matrix: matrix)).map { combo + [$0] } }
    }
    return combos.map { combo in
      var s = message
      var needsEncoding = false
      for (fact, choice) in zip(columns, combo) {
        switch fact {
        case .osVersion: s.osVersion = version(choice, cuts: matrix.versionCuts)
        case .sdkVersion: s.app.sdkVersion = version(choice, cuts: matrix.sdkVersionCuts)
        case .urlClass: s.setEventURL(URLSchemeClass.allCases[choice].exampleURL)
        case .urlNeedsEncoding: needsEncoding = choice == 1
        default: _ = s.setFinite(fact, index: choice)
        }
      }
      if needsEncoding { s.setEventURL((s.eventURL ?? "containerAppDemo://item") + "/a b") }
      return s
    }
  }

  @Test(
    "every situation of the columns' space is in exactly one row, which decides as decide does",
    arguments: cases)
  func rowsCoverAndAgree(_ c: (name: String, json: String, columns: [Fact]?)) throws {
    let engine = try engine()
    let message = try Self.message(c.json)
    let matrix = Matrix(message: message, engine: engine, columns: c.columns)
    #expect(matrix.columns == c.columns ?? Matrix.defaultColumns(for: message, policies: engine.policies))
    #expect(!matrix.rows.isEmpty)
    #expect(matrix.rows.allSatisfy { $0.recipients.columns.map(\.fact) == matrix.columns })
    // Every point of the product, built here from the columns alone.
    let points = Self.points(matrix.columns, message: message, matrix: matrix)
    var realized = 0
    var held = Set<Int>()
    for situation in points {
      let scanned = URLSchemeClass.scan(situation.eventURL)
      let holding = matrix.rows.filter { row in
        row.recipients.columns.allSatisfy { column in
          switch column.fact {
          case .osVersion:
            column.versions.contains { $0.contains(situation.osVersion ?? engine.newestOSVersion) }
          case .sdkVersion:
            column.versions.contains { $0.contains(situation.app.sdkVersion ?? engine.newestSDKVersion) }
          case .urlClass: column.values.contains(scanned.class.index)
          case .urlNeedsEncoding: column.values.contains(scanned.needsEncoding ? 1 : 0)
          default:
            column.values.contains(
              FactSnapshot(situation, event: situation.event, defaultVersion: engine.newestOSVersion)
                .index(of: column.fact))
          }
        }
      }
      // Every point is a real situation (its URL facts read from its URL): in one row.
      #expect(holding.count == 1, "\(situation.minimalJSON) is in \(holding.count) rows")
      guard let row = holding.first else { continue }
      held.formUnion(matrix.rows.indices.filter { matrix.rows[$0] == row })
      realized += 1
      #expect(
        Matrix.signature(row.decision) == Matrix.signature(engine.decide(situation)),
        "\(situation.minimalJSON): \(row.decision.rule ?? "none")")
    }
    #expect(realized == points.count)
    // No row stands for situations none of the points is: pairs no URL has are left out.
    #expect(held.count == matrix.rows.count, "rows no situation is in: \(matrix.rows.count - held.count)")
  }

  @Test("an open matrix varies by default every fact its table declares that the input leaves out")
  func openDefaultsToEveryFactLeftOut() throws {
    let engine = try engine()
    let message = try Self.message(#"{"event":"open","platform":"iOS","app":{"hasContainerApp":true}}"#)
    let columns = Matrix.defaultColumns(for: message, policies: engine.policies)
    #expect(!columns.contains(.platform) && !columns.contains(.hasContainerApp))
    #expect(columns.contains(.extensionPoint) && columns.contains(.osVersion))
    #expect(columns.allSatisfy { $0.events.contains(.open) })
  }

  @Test(
    "columns a matrix cannot vary are refused, naming why",
    arguments: [
      (#"{"event":"open"}"#, [Fact](), "no fact to vary; open may vary"),
      (#"{"event":"open"}"#, [.extensionPoint, .extensionPoint], "extensionPoint is named twice"),
      (#"{"event":"open"}"#, [.target], "open does not read target; it may vary platform"),
      (#"{"event":"open","open":{"url":"x://"}}"#, [.urlClass], "the input gives urlClass"),
      (#"{"tap":{"target":"sticker"}}"#, [.target], "the input gives target ($.tap.target)"),
      (#"{}"#, [.extensionPoint], "tap does not read extensionPoint"),
    ])
  func refused(_ row: (json: String, columns: [Fact], problem: String)) throws {
    let engine = try engine()
    let message = try Self.message(row.json)
    let problem = try #require(Matrix.columnProblem(row.columns, message: message, policies: engine.policies))
    #expect(problem.hasPrefix(row.problem), "\(problem)")
  }

  @Test(
    "a tap's default columns are its recipient facts, in order, and the message may then give none of them")
  func tapDefault() throws {
    let engine = try engine()
    let message = try Matrix.parseMessage(Array(#"{"tap":{"url":"x://"}}"#.utf8), file: "m.json").get()
    #expect(Matrix.defaultColumns(for: message, policies: engine.policies) == Matrix.recipientFacts)
    #expect(Matrix.columnProblem(Matrix.recipientFacts, message: message, policies: engine.policies) == nil)
    let given = try Self.message(#"{"app":{"installed":false}}"#)
    #expect(Matrix.columnProblem([.target], message: given, policies: engine.policies) == nil)
    #expect(
      Matrix(message: given, engine: engine, columns: [.target]).rows.allSatisfy {
        $0.decision.outcome != .extensionLaunch
      })
  }
}
