import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

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
    // The platforms the event is read on: Android (the last) for the link event only.
    case .platform: matrix.message.event.platforms.count
    default: fact.finiteCount
    }
  }

  static func version(_ choice: Int, cuts: [OSVersion]) -> OSVersion {
    let band = choice / 2
    let edges = bandEdges(
      VersionRange(lower: band == 0 ? nil : cuts[band - 1], upper: band < cuts.count ? cuts[band] : nil))
    return edges[min(choice % 2, edges.count - 1)]
  }

  /// The product of the columns' choices, whole when it has at most `limit` points, else
  /// `limit` points drawn from it by a seeded generator (the same on every run).
  static func combos(_ columns: [Fact], matrix: Matrix, limit: Int) -> [[Int]] {
    let radices = columns.map { choices($0, matrix: matrix) }
    let total = radices.reduce(1) { $0.multipliedReportingOverflow(by: $1).partialValue }
    func combo(_ number: Int) -> [Int] {
      var rest = number
      return radices.map { radix in
        defer { rest /= radix }
        return rest % radix
      }
    }
    if total <= limit { return (0..<total).map(combo) }
    var generator = SeededRandom(seed: 0x7A9_0C0F)
    return (0..<limit).map { _ in combo(Int(generator.next() % UInt64(total))) }
  }

  static func point(_ columns: [Fact], combo: [Int], message: Situation, matrix: Matrix) -> Situation {
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

  /// The rows that hold a situation, by each column's value read from the situation.
  static func rows(holding situation: Situation, matrix: Matrix, engine: Engine) -> [Int] {
    let scanned = URLSchemeClass.scan(situation.eventURL)
    let snapshot = FactSnapshot(situation, event: situation.event, defaultVersion: engine.newestOSVersion)
    let os = situation.osVersion ?? engine.newestOSVersion
    let sdk = situation.app.sdkVersion ?? engine.newestSDKVersion
    let values = matrix.columns.map { fact -> Int in
      switch fact {
      case .urlClass: scanned.class.index
      case .urlNeedsEncoding: scanned.needsEncoding ? 1 : 0
      case .osVersion, .sdkVersion: -1
      default: snapshot.index(of: fact)
      }
    }
    return matrix.rows.indices.filter { index in
      zip(matrix.rows[index].recipients.columns, values).allSatisfy { column, value in
        switch column.fact {
        case .osVersion: column.versions.contains { $0.contains(os) }
        case .sdkVersion: column.versions.contains { $0.contains(sdk) }
        default: column.values.contains(value)
        }
      }
    }
  }

  /// True when no situation can be in both rows: some column's values (or version ranges)
  /// do not meet.
  static func disjoint(_ a: Matrix.Row, _ b: Matrix.Row) -> Bool {
    zip(a.recipients.columns, b.recipients.columns).contains { x, y in
      if x.fact.isVersion {
        return !x.versions.contains { r in y.versions.contains { overlap(r, $0) } }
      }
      return Set(x.values).isDisjoint(with: y.values)
    }
  }

  static func overlap(_ a: VersionRange, _ b: VersionRange) -> Bool {
    func below(_ lower: OSVersion?, _ upper: OSVersion?) -> Bool {
      guard let lower, let upper else { return true }
      return lower < upper
    }
    return below(a.lower, b.upper) && below(b.lower, a.upper)
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
    // No two rows meet, proven over the whole space from the rows alone.
    for i in matrix.rows.indices {
      for j in matrix.rows.indices where j > i {
        #expect(Self.disjoint(matrix.rows[i], matrix.rows[j]), "rows \(i) and \(j) meet")
      }
    }
    // Every point of the product (or, above 20,000 points, a seeded sample of it), built here
    // from the columns alone: in exactly one row, which decides as decide does.
    var held = Set<Int>()
    func check(_ situation: Situation) -> Int? {
      let holding = Self.rows(holding: situation, matrix: matrix, engine: engine)
      // Every point is a real situation (its URL facts read from its URL): in one row.
      #expect(holding.count == 1, "\(situation.minimalJSON) is in \(holding.count) rows")
      guard let index = holding.first else { return nil }
      held.insert(index)
      #expect(
        Matrix.signature(matrix.rows[index].decision) == Matrix.signature(engine.decide(situation)),
        "\(situation.minimalJSON): \(matrix.rows[index].decision.rule ?? "none")")
      return index
    }
    for combo in Self.combos(matrix.columns, matrix: matrix, limit: 20_000) {
      _ = check(Self.point(matrix.columns, combo: combo, message: message, matrix: matrix))
    }
    // Every row a sample missed: a point drawn from the row's own values is in it. No row
    // stands for situations none of the points is: pairs no URL has are left out.
    for index in matrix.rows.indices where !held.contains(index) {
      let row = matrix.rows[index]
      let own = matrix.columns.indices.map { c in
        (0..<Self.choices(matrix.columns[c], matrix: matrix)).filter { choice in
          let column = row.recipients.columns[c]
          switch column.fact {
          case .osVersion:
            let v = Self.version(choice, cuts: matrix.versionCuts)
            return column.versions.contains { $0.contains(v) }
          case .sdkVersion:
            let v = Self.version(choice, cuts: matrix.sdkVersionCuts)
            return column.versions.contains { $0.contains(v) }
          default: return column.values.contains(choice)
          }
        }
      }
      var found = false
      var combo = own.map { _ in 0 }
      search: for _ in 0..<1_000 {
        let point = Self.point(
          matrix.columns, combo: zip(own, combo).map { $0[$1] }, message: message, matrix: matrix)
        if Self.rows(holding: point, matrix: matrix, engine: engine) == [index] {
          found = check(point) == index
          break search
        }
        // The next combination of the row's own values, odometer order.
        var c = 0
        while c < combo.count {
          combo[c] += 1
          if combo[c] < own[c].count { break }
          combo[c] = 0
          c += 1
        }
        if c == combo.count { break }
      }
      #expect(found, "row \(index): no situation is in it")
    }
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
    "the recipient facts and the columns' headers are the catalog's: tap facts in bit order; a header or the name"
  )
  func catalogColumns() {
    #expect(
      Matrix.recipientFacts == [
        .platform, .osVersion, .installed, .enabledInMessages, .extensionRunning, .alreadySelected,
      ])
    #expect(Matrix.recipientFacts.allSatisfy { $0.events.contains(.tap) })
    #expect(Matrix.recipientFacts == Fact.allCases.filter(Matrix.recipientFacts.contains))
    #expect(
      Matrix.recipientFacts.map(Matrix.header) == [
        "platform", "OS", "installed", "enabled", "running", "selected",
      ])
    #expect(Matrix.header(.target) == "target")
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
