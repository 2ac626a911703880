@_spi(Generated) import TapRoute
import TapRouteAASA

/// A table's fact space as finite dimensions, and its rules as boxes in it.
///
/// Each fact a rule tests is one dimension. Finite facts keep their values; a version fact
/// (`osVersion`, `sdkVersion`) is cut into intervals at every boundary a rule names, so any
/// version range is a set of intervals (`TableSlots`, the description the compiled table
/// shares). A rule is then a box: one set of values per dimension (all values where the rule
/// has no condition). Verification works on boxes and never enumerates the product of the
/// domains.
struct FactSpace: Sendable {
  /// The tested facts and the values each is cut into.
  let shape: TableSlots
  /// The tested facts, in declaration order.
  var dimensions: [Fact] { shape.facts }
  /// Values per dimension (at most 64: a dimension's set is one `UInt64`).
  var sizes: [Int] { shape.counts }
  /// Sorted `osVersion` boundaries (interval `i` is `[bounds[i-1], bounds[i])`).
  var versionBounds: [OSVersion] { shape.versionBounds }
  /// Sorted `sdkVersion` boundaries, likewise.
  var sdkVersionBounds: [OSVersion] { shape.sdkVersionBounds }

  /// The largest number of values a dimension may have.
  static let maximumValues = 64

  /// The fact space of `table`: its slots alone, without compiling its rules.
  init(_ table: DecisionTable) {
    shape = TableSlots(table)
    var sets = shape.counts.map { $0 >= 64 ? ~0 : (UInt64(1) << UInt64($0)) - 1 }
    if !table.event.readsAndroid, let d = shape.facts.firstIndex(of: .platform) {
      sets[d] &= ~(UInt64(1) << UInt64(Situation.Platform.android.index))
    }
    universe = Box(sets: sets)
  }

  /// True when every dimension fits in one 64-bit set.
  var fits: Bool { sizes.allSatisfy { $0 <= Self.maximumValues } }

  /// The box holding every situation: without Android for an event that is not read on
  /// Android (``Situation/Event/readsAndroid``).
  let universe: Box

  /// The box a rule covers.
  func box(of rule: Rule) -> Box {
    var sets = universe.sets
    for (d, fact) in dimensions.enumerated() {
      guard let condition = rule.condition(on: fact) else { continue }
      var set: UInt64 = 0
      for value in 0..<sizes[d] {
        let matches =
          fact.isVersion
          ? condition.matches(version: representative(interval: value, of: fact))
          : condition.matches(index: value)
        if matches { set |= 1 << UInt64(value) }
      }
      sets[d] = set
    }
    return Box(sets: sets)
  }

  /// The boundaries of a version fact (`osVersion`'s for any other fact).
  func bounds(of fact: Fact) -> [OSVersion] { shape.bounds(of: fact) }

  /// The lowest version of interval `i` of a version fact (`osVersion` by default).
  func representative(interval i: Int, of fact: Fact = .osVersion) -> OSVersion {
    shape.lowestVersion(interval: i, of: fact)
  }

  /// A readable name for interval `i` of `osVersion`: `<10`, `10..<18`, `>=26`.
  func intervalName(_ i: Int) -> String {
    VersionRange(
      lower: i == 0 ? nil : versionBounds[i - 1], upper: i < versionBounds.count ? versionBounds[i] : nil
    )
    .description
  }

  /// The version ranges a set of intervals of a version fact stands for, adjacent intervals
  /// joined.
  func versionRuns(_ set: UInt64, of fact: Fact = .osVersion) -> [VersionRange] {
    let versionBounds = bounds(of: fact)
    var runs: [VersionRange] = []
    var i = 0
    let count = versionBounds.count + 1
    while i < count {
      guard set & (1 << UInt64(i)) != 0 else {
        i += 1
        continue
      }
      var j = i
      while j + 1 < count && set & (1 << UInt64(j + 1)) != 0 { j += 1 }
      runs.append(
        VersionRange(
          lower: i == 0 ? nil : versionBounds[i - 1], upper: j < versionBounds.count ? versionBounds[j] : nil)
      )
      i = j + 1
    }
    return runs
  }

  /// The region a box stands for, naming only constrained dimensions:
  /// `platform=watchOS, target=attribution, any urlClass`.
  func describe(_ box: Box) -> String {
    var parts: [String] = []
    var free: [String] = []
    for (d, fact) in dimensions.enumerated() {
      let set = box.sets[d]
      if set == universe.sets[d] {
        free.append(fact.rawValue)
        continue
      }
      let values =
        fact.isVersion
        ? versionRuns(set, of: fact).map(\.description)
        : (0..<sizes[d]).filter { set & (1 << UInt64($0)) != 0 }.map { fact.valueName($0) }
      let joined = values.count == 1 ? values[0] : "{" + values.joined(separator: ", ") + "}"
      if fact.isVersion {
        // osVersion>=10, sdkVersion<17, osVersion in 10..<26
        parts.append(
          values.count == 1 && (joined.hasPrefix(">") || joined.hasPrefix("<"))
            ? "\(fact.rawValue)\(joined)" : "\(fact.rawValue) in \(joined)")
      } else {
        parts.append("\(fact.rawValue)=\(joined)")
      }
    }
    if !free.isEmpty { parts.append("any " + free.joined(separator: ", ")) }
    return parts.isEmpty ? "every situation" : parts.joined(separator: ", ")
  }

  /// One concrete situation inside a box, for `event`.
  func witness(_ box: Box, event: Situation.Event) -> Situation {
    var situation = Situation(event: event)
    var needsEncoding = false
    // A computed fact is given its value once the URL it reads is set.
    var computed: [(Fact, Int)] = []
    for (d, fact) in dimensions.enumerated() {
      let set = box.sets[d]
      guard set != 0 else { continue }
      // The situation's default where the box allows it, so witnesses stay short.
      let preferred = Self.defaultIndex(of: fact, in: situation)
      let value =
        preferred.map { set & (1 << UInt64($0)) != 0 } == true ? preferred ?? 0 : set.trailingZeroBitCount
      switch fact {
      case .sdkVersion where set & (1 << UInt64(sdkVersionBounds.count)) != 0:
        break  // the newest SDK (the default) is in the box: leave it out
      case .osVersion, .sdkVersion:
        // The interval's lowest version, but not 0: "0" reads as a mistake in a witness.
        let cuts = bounds(of: fact)
        let low = representative(interval: value, of: fact)
        let upper = value < cuts.count ? cuts[value] : nil
        let version =
          low == OSVersion(clamping: 0)
          ? (upper.map { OSVersion(clamping: max(0, $0.major - 1)) } ?? OSVersion(clamping: 1)) : low
        if fact == .osVersion { situation.osVersion = version } else { situation.app.sdkVersion = version }
      case .urlClass:
        let url = URLSchemeClass.allCases[value].exampleURL
        situation.setEventURL(url)
      case .urlNeedsEncoding:
        needsEncoding = value == 1
      case _ where fact.computedBy != nil:
        computed.append((fact, value))
      default:
        _ = situation.setFinite(fact, index: value)
      }
    }
    if needsEncoding {
      // A space in the path: a URL only once percent-encoded, of the same scheme class.
      situation.setEventURL(situation.eventURL.map { $0 + "/a b" } ?? "containerAppDemo://item/a b")
    }
    for (fact, value) in computed { situation.realize(fact, index: value) }
    return situation
  }
}

extension FactSpace {
  /// The value index a default situation has for a finite fact.
  static func defaultIndex(of fact: Fact, in situation: Situation) -> Int? {
    fact.isVersion
      ? nil
      : FactSnapshot(situation, event: situation.event, url: nil, defaultVersion: .init(clamping: 0))
        .index(of: fact)
  }
}

/// A product of value sets, one per dimension of a ``FactSpace``.
struct Box: Sendable, Hashable {
  var sets: [UInt64]

  var isEmpty: Bool { sets.contains(0) }

  func intersects(_ other: Box) -> Bool {
    for d in sets.indices where sets[d] & other.sets[d] == 0 { return false }
    return true
  }

  func intersection(_ other: Box) -> Box {
    Box(sets: zip(sets, other.sets).map { $0 & $1 })
  }

  func contains(_ other: Box) -> Bool {
    for d in sets.indices where other.sets[d] & ~sets[d] != 0 { return false }
    return true
  }

  /// `self` minus `other`, as disjoint boxes.
  func subtracting(_ other: Box) -> [Box] {
    guard intersects(other) else { return [self] }
    var pieces: [Box] = []
    var rest = self
    for d in sets.indices {
      let outside = rest.sets[d] & ~other.sets[d]
      if outside != 0 {
        var piece = rest
        piece.sets[d] = outside
        pieces.append(piece)
        rest.sets[d] &= other.sets[d]
      }
    }
    return pieces
  }
}

extension URLSchemeClass {
  /// A URL string of this class, for witnesses and documentation.
  public var exampleURL: String? {
    switch self {
    case .none: nil
    case .unparseable: "has space://item"
    case .noScheme: "containerAppDemo"
    case .emptyScheme: "://item"
    case .web: "https://example.com/item"
    case .data: "data:,item"
    case .file: "file:///item"
    case .other: "containerAppDemo://item"
    }
  }
}
