@_spi(Generated) import TapRoute
import TapRouteAASA

/// What a decision is for every value of the facts a situation leaves open: by default what
/// every kind of recipient sees when they tap one message (the sender fixes the app and the
/// tap: URL, target, redirect hooks and URL; the matrix lists the outcome for every platform,
/// OS version band, install state, Messages switch, running extension and selection), or, for
/// any event, every value of the facts named as its columns. Situations that decide the same
/// are merged into one row.
///
/// Computed from the tables' own partition, not by trying every combination: the event's
/// table's rules are boxes in its fact space (`FactSpace`); with the given facts fixed, the
/// verifier's descent (`PartitionAnalysis`) splits the columns' space into regions each
/// decided by one rule. Only where a decision composes with another table (a redirect with
/// the `open` table, a container launch with a `delivery` table) is a region cut further, by
/// the columns that table tests. Versions are cut only where a table names a version.
public struct Matrix: Sendable, Hashable {
  /// The recipient facts, in column order: a tap's default columns, which its input refuses.
  /// Declared in the situation catalog (`Sources/CatalogGenerator`), as each column's header is
  /// (``Fact`` `header`: a short word such as "OS", or the fact's name).
  public static let recipientFacts: [Fact] = Fact.recipientFacts

  /// The short header of a column, which the text and Markdown tables give it (the JSON form
  /// names it by fact).
  static func header(_ fact: Fact) -> String { fact.header }

  /// A set of situations: the values of each column it covers.
  public struct Recipients: Sendable, Hashable {
    /// The values one column covers.
    public struct Column: Sendable, Hashable {
      /// The column's fact.
      public var fact: Fact
      /// A finite fact's value indices (Boolean: 0 false, 1 true; enumerations: catalog
      /// order); empty for a version fact.
      public var values: [Int]
      /// A version fact's ranges, adjacent bands joined; empty for a finite fact.
      public var versions: [VersionRange]

      /// True when the column covers every value of its fact.
      public var coversAll: Bool {
        fact.isVersion ? versions == [VersionRange(lower: nil, upper: nil)] : values.count == fact.finiteCount
      }
    }

    /// One entry per column of the matrix, in column order.
    public var columns: [Column]

    /// The values covered of `fact`; nil when it is no column.
    public func column(_ fact: Fact) -> Column? { columns.first { $0.fact == fact } }

    /// The Boolean values a column covers (every value when the fact is no column).
    func bools(_ fact: Fact) -> [Bool] { column(fact)?.values.map { $0 == 1 } ?? [false, true] }

    /// The platforms covered.
    public var platforms: [Situation.Platform] {
      column(.platform)?.values.compactMap {
        Situation.Platform.allCases.indices.contains($0) ? Situation.Platform.allCases[$0] : nil
      }
        ?? Situation.Platform.allCases
    }
    /// Adjacent version bands joined: `<10`, `10..<26`, `>=26`.
    public var osVersions: [VersionRange] {
      column(.osVersion)?.versions ?? [VersionRange(lower: nil, upper: nil)]
    }
    /// App installed: the values covered.
    public var installed: [Bool] { bools(.installed) }
    /// Switched on in Messages: the values covered.
    public var enabledInMessages: [Bool] { bools(.enabledInMessages) }
    /// Extension running at the tap: the values covered.
    public var extensionRunning: [Bool] { bools(.extensionRunning) }
    /// Message already selected: the values covered.
    public var alreadySelected: [Bool] { bools(.alreadySelected) }
  }

  /// One row: a set of situations and what each of them decides.
  public struct Row: Sendable, Hashable {
    /// The situations of the row.
    public var recipients: Recipients
    /// The decision for a situation of the row (the same outcome, rule, confidence,
    /// callbacks, presentation and delivery for all of them).
    public var decision: Decision
  }

  /// The given situation: the facts it gives are fixed, the columns vary.
  public var message: Situation
  /// The event decided: the message's.
  public var event: Situation.Event { message.event }
  /// The facts that vary, in column order.
  public let columns: [Fact]
  /// The rows: disjoint, covering every combination of the columns' values a situation can
  /// have, merged where they decide the same.
  public var rows: [Row]
  /// The `osVersion` cuts: band `i` is `[cuts[i-1], cuts[i])`.
  public let versionCuts: [OSVersion]
  /// The `sdkVersion` cuts, likewise (empty unless `sdkVersion` is a column).
  public let sdkVersionCuts: [OSVersion]

  /// The columns a matrix of `message` varies when none are named: a tap's recipient facts;
  /// for any other event every fact its table declares that the message leaves unspecified.
  public static func defaultColumns(for message: Situation, policies: PolicySet) -> [Fact] {
    if message.event == .tap { return recipientFacts }
    return variableFacts(for: message.event, policies: policies).filter { message.unspecified.contains($0) }
  }

  /// The facts a matrix of `event` may vary: those its table declares and the event reads.
  public static func variableFacts(for event: Situation.Event, policies: PolicySet) -> [Fact] {
    (policies.table(for: event)?.facts.map(\.fact) ?? []).filter { $0.events.contains(event) }
  }

  /// Why `columns` cannot vary for `message`, or nil when they can: each must be a fact the
  /// event's table declares and the event reads, named once, and left unspecified by the
  /// message.
  public static func columnProblem(_ columns: [Fact], message: Situation, policies: PolicySet) -> String? {
    let valid = variableFacts(for: message.event, policies: policies)
    let validList = valid.map(\.rawValue).joined(separator: ", ")
    if columns.isEmpty { return "no fact to vary; \(message.event.rawValue) may vary \(validList)" }
    var seen: Set<Fact> = []
    for fact in columns {
      guard seen.insert(fact).inserted else { return "\(fact.rawValue) is named twice" }
      guard valid.contains(fact) else {
        return "\(message.event.rawValue) does not read \(fact.rawValue); it may vary \(validList)"
      }
      guard message.unspecified.contains(fact) else {
        return
          "the input gives \(fact.rawValue) (\(fact.source(for: message.event))); leave it out to vary it"
      }
    }
    return nil
  }

  /// The matrix of `message` over `columns` (``defaultColumns(for:policies:)`` when nil).
  /// A tap's recipient facts are ignored when they are the columns; facts that are no
  /// column keep the message's values.
  public init(message: Situation, engine: Engine, columns: [Fact]? = nil) {
    self.message = message
    let columns = columns ?? Self.defaultColumns(for: message, policies: engine.policies)
    self.columns = columns
    guard let table = engine.policies.table(for: message.event) else {
      versionCuts = []
      sdkVersionCuts = []
      rows = []
      return
    }
    let space = FactSpace(table)
    // The tables a decision may compose with: a tap's redirect with `open`, a container
    // launch with a `delivery` table.
    var launching = [table]
    var composing: [FactSpace] = []
    if message.event == .tap, !message.tap.redirect.hooks.isEmpty,
      let open = engine.policies.table(for: .open)
    {
      composing.append(FactSpace(open))
      launching.append(open)
    }
    // Only a table whose rules hand the container app something composes with delivery.
    let hands = launching.contains { table in
      table.rules.contains { rule in
        rule.then.delivery?.handoff != nil || rule.alternatives.contains { $0.then.delivery?.handoff != nil }
      }
    }
    let delivery =
      hands ? engine.policies.tables.filter { $0.name == "delivery" && $0 != table }.map(FactSpace.init) : []
    composing += delivery
    let spaces = [space] + composing
    versionCuts = columns.contains(.osVersion) ? Set(spaces.flatMap(\.versionBounds)).sorted() : []
    sdkVersionCuts = columns.contains(.sdkVersion) ? Set(spaces.flatMap(\.sdkVersionBounds)).sorted() : []
    // Tables too large for the verifier (TR305) are too large for the matrix: no rows.
    guard space.fits, versionCuts.count < FactSpace.maximumValues,
      sdkVersionCuts.count < FactSpace.maximumValues
    else {
      rows = []
      return
    }
    let grid = Grid(columns: columns, cuts: versionCuts, sdkCuts: sdkVersionCuts)

    // The given facts fixed, every column free.
    let snapshot = FactSnapshot(
      message, event: message.event, url: message.eventURL, defaultVersion: engine.newestOSVersion,
      defaultSDKVersion: engine.newestSDKVersion)
    var region = space.universe
    for (d, fact) in space.dimensions.enumerated() where !columns.contains(fact) {
      let value =
        fact.isVersion
        ? TableSlots.interval(of: snapshot.version(of: fact), in: space.bounds(of: fact))
        : snapshot.index(of: fact)
      region.sets[d] = 1 << UInt64(value)
    }
    let analysis = PartitionAnalysis(space: space, boxes: table.rules.map(space.box(of:)))
    var cells: [Grid.Region] = []
    let collect = { (box: Box) in cells.append(grid.region(of: box, in: space)) }
    analysis.descend(
      region, analysis.candidates(meeting: region), position: 0, winner: { _, box, _ in collect(box) },
      gap: collect)

    // Columns a URL realizes are cut value by value: some pairs no URL has.
    let urlColumns = columns.indices.filter { columns[$0] == .urlClass || columns[$0] == .urlNeedsEncoding }
    let composedColumns = columns.indices.filter { d in
      composing.contains { $0.dimensions.contains(columns[d]) }
    }
    var rows: [(Grid.Region, Decision)] = []
    for piece in cells.flatMap({ grid.split($0, along: urlColumns) }) {
      let witness = grid.witness(piece, message: message)
      guard grid.realizes(witness, piece) else { continue }
      let decision = engine.decide(witness)
      if !composing.isEmpty && (decision.steps != nil || (!delivery.isEmpty && decision.delivery != nil)) {
        // The decision composes with another table, whose rules may test the columns:
        // decide each value of them (the first rule is the same in all of the region).
        for part in grid.split(piece, along: composedColumns) {
          rows.append((part, engine.decide(grid.witness(part, message: message)).withoutTrace))
        }
      } else {
        rows.append((piece, decision.withoutTrace))
      }
    }
    self.rows = Grid.merge(rows).sorted { $0.0.sortKey.lexicographicallyPrecedes($1.0.sortKey) }.map {
      region, decision in
      Row(recipients: grid.recipients(region), decision: decision)
    }
  }

  /// The fields two situations must share to be in one row.
  static func signature(_ d: Decision) -> [String] {
    [
      d.outcome.rawValue, d.rule ?? "-", d.confidence?.rawValue ?? "-",
      (d.callbacks ?? []).map(\.rawValue).joined(separator: ","), d.presentation?.rawValue ?? "-",
      (d.steps ?? []).map { ($0.rule ?? "-") + ($0.trigger?.rawValue ?? "") }.joined(separator: ","),
      d.delivery.map { String(describing: $0) } ?? "-",
    ]
  }
}

/// The column space of a matrix: one value set per column, versions as bands.
struct Grid: Sendable {
  let columns: [Fact]
  let cuts: [OSVersion]
  let sdkCuts: [OSVersion]

  /// Value sets in ``columns`` order: a box of the column space.
  typealias Region = Box

  /// The cuts of a version column.
  func cuts(of fact: Fact) -> [OSVersion] { fact == .sdkVersion ? sdkCuts : cuts }

  func size(_ d: Int) -> Int {
    columns[d].isVersion ? cuts(of: columns[d]).count + 1 : columns[d].finiteCount
  }

  func full(_ d: Int) -> UInt64 { size(d) >= 64 ? ~0 : (1 << UInt64(size(d))) - 1 }

  /// The lowest version of band `i` of a version column.
  func lower(_ i: Int, of fact: Fact) -> OSVersion { i == 0 ? OSVersion(clamping: 0) : cuts(of: fact)[i - 1] }

  /// A box of a table's fact space as column sets (facts the table does not test: all).
  func region(of box: Box, in space: FactSpace) -> Region {
    var sets = columns.indices.map(full)
    for (d, fact) in columns.enumerated() {
      guard let s = space.dimensions.firstIndex(of: fact) else { continue }
      if fact.isVersion {
        var set: UInt64 = 0
        for band in 0..<size(d) {
          // The table's interval holding this band's lowest version.
          let interval = TableSlots.interval(of: lower(band, of: fact), in: space.bounds(of: fact))
          if box.sets[s] & (1 << UInt64(interval)) != 0 { set |= 1 << UInt64(band) }
        }
        sets[d] = set
      } else {
        sets[d] = box.sets[s]
      }
    }
    return Region(sets: sets)
  }

  /// The region cut into one piece per value of each column in `dimensions`.
  func split(_ region: Region, along dimensions: [Int]) -> [Region] {
    var pieces = [region]
    for d in dimensions {
      pieces = pieces.flatMap { piece in
        members(piece.sets[d]).map { value in
          var part = piece
          part.sets[d] = 1 << UInt64(value)
          return part
        }
      }
    }
    return pieces
  }

  func members(_ set: UInt64) -> [Int] {
    (0..<64).filter { set & (1 << UInt64($0)) != 0 }
  }

  /// One situation of the region: the message with each column at the region's lowest value
  /// (a version band at its lowest version, a URL scheme class at its example URL, a URL
  /// needing percent-encoding with a space in its path).
  func witness(_ region: Region, message: Situation) -> Situation {
    var situation = message
    var needsEncoding = false
    for (d, fact) in columns.enumerated() {
      let value = region.sets[d].trailingZeroBitCount
      switch fact {
      case .osVersion: situation.osVersion = lower(value, of: fact)
      case .sdkVersion: situation.app.sdkVersion = lower(value, of: fact)
      case .urlClass:
        situation.setEventURL(
          URLSchemeClass.allCases.indices.contains(value) ? URLSchemeClass.allCases[value].exampleURL : nil)
      case .urlNeedsEncoding: needsEncoding = value == 1
      default: _ = situation.setFinite(fact, index: value)
      }
    }
    if needsEncoding {
      situation.setEventURL((situation.eventURL ?? "containerAppDemo://item") + "/a b")
    }
    return situation
  }

  /// True when `situation`'s URL has the scheme class and encoding need the region's URL
  /// columns name (a region of one value in each; no URL needs encoding, for one).
  func realizes(_ situation: Situation, _ region: Region) -> Bool {
    let scanned = URLSchemeClass.scan(situation.eventURL)
    for (d, fact) in columns.enumerated() {
      switch fact {
      case .urlClass where region.sets[d] & (1 << UInt64(scanned.class.index)) == 0: return false
      case .urlNeedsEncoding where region.sets[d] & (1 << UInt64(scanned.needsEncoding ? 1 : 0)) == 0:
        return false
      default: continue
      }
    }
    return true
  }

  /// Joins rows that decide the same and differ in one column, until none do: the verifier's
  /// merge of boxes, over the rows of each decision (rows deciding differently never join,
  /// and each decision keeps its rows' order).
  static func merge(_ rows: [(Region, Decision)]) -> [(Region, Decision)] {
    var order: [[String]] = []
    var groups: [[String]: (decision: Decision, regions: [Region])] = [:]
    for (region, decision) in rows {
      let key = Matrix.signature(decision)
      if groups[key] == nil {
        order.append(key)
        groups[key] = (decision, [])
      }
      groups[key]?.regions.append(region)
    }
    return order.flatMap { key -> [(Region, Decision)] in
      guard let group = groups[key] else { return [] }
      return Verifier.merged(group.regions).map { ($0, group.decision) }
    }
  }

  /// The region as readable value lists, versions as joined bands.
  func recipients(_ region: Region) -> Matrix.Recipients {
    Matrix.Recipients(
      columns: columns.enumerated().map { d, fact in
        guard fact.isVersion else {
          return .init(fact: fact, values: members(region.sets[d]), versions: [])
        }
        let cuts = cuts(of: fact)
        var runs: [VersionRange] = []
        var i = 0
        while i < size(d) {
          guard region.sets[d] & (1 << UInt64(i)) != 0 else {
            i += 1
            continue
          }
          var j = i
          while j + 1 < size(d) && region.sets[d] & (1 << UInt64(j + 1)) != 0 { j += 1 }
          runs.append(VersionRange(lower: i == 0 ? nil : cuts[i - 1], upper: j < cuts.count ? cuts[j] : nil))
          i = j + 1
        }
        return .init(fact: fact, values: [], versions: runs)
      })
  }
}

extension Box {
  /// The lowest value of each set: distinct for disjoint boxes, so it orders a matrix's rows.
  var sortKey: [Int] { sets.map { $0.trailingZeroBitCount } }
}
