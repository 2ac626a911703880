/// What every kind of recipient sees when they tap one message: the sender fixes the app and
/// the tap (URL, target, redirect hooks and URL); the matrix lists the outcome for every
/// platform, OS version band, install state, Messages switch, running extension and
/// selection, with recipients that decide the same merged into one row.
///
/// Computed from the tables' own partition, not by trying every combination: the tap table's
/// rules are boxes in its fact space (`FactSpace`); with the sender's facts fixed, the
/// verifier's descent (`PartitionAnalysis`) splits the recipients into regions each decided
/// by one rule. Only where a redirect composes with the open table is a region cut further,
/// by platform and the open table's version bands. OS versions are cut only where a table
/// names a version.
public struct Matrix: Sendable, Hashable {
  /// The recipient facts, in column order, with the short header the text and Markdown
  /// tables give each (the JSON form names them by fact). The matrix's one list of them: its
  /// input refuses them, its renderers' columns follow them.
  static let recipientColumns: [(fact: Fact, header: String)] = [
    (.platform, "platform"), (.osVersion, "OS"), (.installed, "installed"), (.enabledInMessages, "enabled"),
    (.extensionRunning, "running"), (.alreadySelected, "selected"),
  ]

  /// The recipient facts, in column order.
  public static let recipientFacts: [Fact] = recipientColumns.map(\.fact)

  /// A set of recipients: the values of each recipient fact it covers.
  public struct Recipients: Sendable, Hashable {
    /// The platforms covered.
    public var platforms: [Situation.Platform]
    /// Adjacent version bands joined: `<10`, `10..<26`, `>=26`.
    public var osVersions: [VersionRange]
    /// App installed: the values covered.
    public var installed: [Bool]
    /// Switched on in Messages: the values covered.
    public var enabledInMessages: [Bool]
    /// Extension running at the tap: the values covered.
    public var extensionRunning: [Bool]
    /// Message already selected: the values covered.
    public var alreadySelected: [Bool]

    /// The values a Boolean recipient fact covers; nil for `platform` and `osVersion`.
    func bools(of fact: Fact) -> [Bool]? {
      switch fact {
      case .installed: installed
      case .enabledInMessages: enabledInMessages
      case .extensionRunning: extensionRunning
      case .alreadySelected: alreadySelected
      default: nil
      }
    }
  }

  /// One row: a set of recipients and what a tap does for every one of them.
  public struct Row: Sendable, Hashable {
    /// The recipients of the row.
    public var recipients: Recipients
    /// The decision for a recipient of the row (the same outcome, rule, confidence,
    /// callbacks and presentation for all of them).
    public var decision: Decision
  }

  /// The sender's message: the situation whose recipient facts the matrix varies.
  public var message: Situation
  /// The rows: disjoint, covering every recipient, merged where they decide the same.
  public var rows: [Row]
  /// The version cuts: band `i` is `[cuts[i-1], cuts[i])`.
  public let versionCuts: [OSVersion]

  /// The matrix of `message` (its `app` and `tap` parts; recipient facts are ignored).
  public init(message: Situation, engine: Engine) {
    var message = message
    message.event = .tap
    self.message = message
    guard let tapTable = engine.policies.table(for: .tap) else {
      versionCuts = []
      rows = []
      return
    }
    let space = FactSpace(tapTable)
    var cuts = Set(space.versionBounds)
    if !message.tap.redirect.hooks.isEmpty, let openTable = engine.policies.table(for: .open) {
      cuts.formUnion(FactSpace(openTable).versionBounds)
    }
    versionCuts = cuts.sorted()
    // Tables too large for the verifier (TR305) are too large for the matrix: no rows.
    guard space.fits, versionCuts.count < FactSpace.maximumValues else {
      rows = []
      return
    }
    let grid = Grid(cuts: versionCuts)

    // The sender's facts fixed, every recipient fact free.
    let snapshot = FactSnapshot(
      message, event: .tap, url: message.tap.url, defaultVersion: engine.newestOSVersion)
    var region = space.universe
    for (d, fact) in space.dimensions.enumerated() where !Self.recipientFacts.contains(fact) {
      region.sets[d] = 1 << UInt64(snapshot.index(of: fact))
    }
    let analysis = PartitionAnalysis(space: space, boxes: tapTable.rules.map(space.box(of:)))
    var cells: [Grid.Region] = []
    let collect = { (box: Box) in cells.append(grid.region(of: box, in: space)) }
    analysis.descend(
      region, analysis.candidates(meeting: region), position: 0, winner: { _, box, _ in collect(box) },
      gap: collect)

    var rows: [(Grid.Region, Decision)] = []
    for cell in cells {
      let decision = engine.decide(grid.witness(cell, message: message))
      if decision.steps != nil {
        // A redirect composes with the open table, whose rules depend on platform and
        // version: decide each pair of the region (the tap rule is the same in all of it).
        for piece in grid.split(cell) {
          rows.append((piece, engine.decide(grid.witness(piece, message: message)).withoutTrace))
        }
      } else {
        rows.append((cell, decision.withoutTrace))
      }
    }
    self.rows = Grid.merge(rows).sorted { $0.0.sortKey.lexicographicallyPrecedes($1.0.sortKey) }.map {
      region, decision in
      Row(recipients: grid.recipients(region), decision: decision)
    }
  }

  /// The fields two recipients must share to be in one row.
  static func signature(_ d: Decision) -> [String] {
    [
      d.outcome.rawValue, d.rule ?? "-", d.confidence?.rawValue ?? "-",
      (d.callbacks ?? []).map(\.rawValue).joined(separator: ","), d.presentation?.rawValue ?? "-",
      (d.steps ?? []).map { ($0.rule ?? "-") + ($0.trigger?.rawValue ?? "") }.joined(separator: ","),
    ]
  }
}

/// The recipient fact space of a matrix: one value set per recipient fact, versions as bands.
struct Grid: Sendable {
  let cuts: [OSVersion]
  var bands: Int { cuts.count + 1 }

  /// Value sets in ``Matrix/recipientFacts`` order: a box of the recipient space.
  typealias Region = Box

  func size(_ d: Int) -> Int {
    switch Matrix.recipientFacts[d] {
    case .platform: Situation.Platform.allCases.count
    case .osVersion: bands
    default: 2
    }
  }

  func full(_ d: Int) -> UInt64 { size(d) >= 64 ? ~0 : (1 << UInt64(size(d))) - 1 }

  /// The lowest version of band `i`.
  func lower(_ i: Int) -> OSVersion { i == 0 ? OSVersion(clamping: 0) : cuts[i - 1] }

  /// A box of a table's fact space as recipient sets (facts the table does not test: all).
  func region(of box: Box, in space: FactSpace) -> Region {
    var sets = (0..<Matrix.recipientFacts.count).map(full)
    for (d, fact) in Matrix.recipientFacts.enumerated() {
      guard let s = space.dimensions.firstIndex(of: fact) else { continue }
      if fact == .osVersion {
        var set: UInt64 = 0
        for band in 0..<bands {
          // The table's interval holding this band's lowest version.
          let interval = space.versionBounds.filter { $0 <= lower(band) }.count
          if box.sets[s] & (1 << UInt64(interval)) != 0 { set |= 1 << UInt64(band) }
        }
        sets[d] = set
      } else {
        sets[d] = box.sets[s]
      }
    }
    return Region(sets: sets)
  }

  /// The region cut into one piece per platform and version band.
  func split(_ region: Region) -> [Region] {
    var pieces: [Region] = []
    for p in members(region.sets[0]) {
      for v in members(region.sets[1]) {
        var piece = region
        piece.sets[0] = 1 << UInt64(p)
        piece.sets[1] = 1 << UInt64(v)
        pieces.append(piece)
      }
    }
    return pieces
  }

  func members(_ set: UInt64) -> [Int] {
    (0..<64).filter { set & (1 << UInt64($0)) != 0 }
  }

  /// One recipient of the region, for the message.
  func witness(_ region: Region, message: Situation) -> Situation {
    var situation = message
    situation.event = .tap
    for (d, fact) in Matrix.recipientFacts.enumerated() {
      let value = region.sets[d].trailingZeroBitCount
      if fact == .osVersion {
        situation.osVersion = lower(value)
      } else {
        _ = situation.setFinite(fact, index: value)
      }
    }
    return situation
  }

  /// Joins rows that decide the same and differ in one recipient fact, until none do: the
  /// verifier's merge of boxes, over the rows of each decision (rows deciding differently
  /// never join, and each decision keeps its rows' order).
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
    let bools = { (set: UInt64) in
      [false, true].enumerated().filter { set & (1 << UInt64($0.offset)) != 0 }.map(\.element)
    }
    var runs: [VersionRange] = []
    var i = 0
    while i < bands {
      guard region.sets[1] & (1 << UInt64(i)) != 0 else {
        i += 1
        continue
      }
      var j = i
      while j + 1 < bands && region.sets[1] & (1 << UInt64(j + 1)) != 0 { j += 1 }
      runs.append(VersionRange(lower: i == 0 ? nil : cuts[i - 1], upper: j < cuts.count ? cuts[j] : nil))
      i = j + 1
    }
    return Matrix.Recipients(
      platforms: members(region.sets[0]).map { Situation.Platform.allCases[$0] }, osVersions: runs,
      installed: bools(region.sets[2]), enabledInMessages: bools(region.sets[3]),
      extensionRunning: bools(region.sets[4]), alreadySelected: bools(region.sets[5]))
  }
}

extension Box {
  /// The lowest value of each set: distinct for disjoint boxes, so it orders a matrix's rows.
  var sortKey: [Int] { sets.map { $0.trailingZeroBitCount } }
}
