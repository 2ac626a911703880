// Writes `Generated/SituationCatalog+Generated.swift` from `SituationCatalog`: every piece of
// code that names each fact or situation field in turn, so that a fact is declared once.

extension SituationCatalog {
  /// The file the generated source is committed as, from the package root.
  static let generatedPath = "Sources/TapRoute/Generated/SituationCatalog+Generated.swift"
  /// How to rewrite it: the drift test writes the file when this variable is set.
  static let regenerateCommand = "TAPROUTE_REGENERATE=1 swift test --filter SituationCatalogTests"

  /// A fact read from a field, with the part that holds it.
  struct FieldFact {
    var part: Part
    var field: Field
    var bit: Int
  }

  /// A fact of the catalog: read from a field, or computed from the event's URL.
  enum AnyFact {
    case field(FieldFact)
    case url(URLFact)

    var name: String {
      switch self {
      case .field(let f): f.field.key
      case .url(let u): u.name
      }
    }

    var bit: Int {
      switch self {
      case .field(let f): f.bit
      case .url(let u): u.bit
      }
    }
  }

  /// Every fact, in bit order (the order of `Fact.allCases`).
  static var facts: [AnyFact] {
    var all: [AnyFact] = urlFacts.map { .url($0) }
    for part in parts {
      for field in part.fields {
        if let role = field.fact { all.append(.field(FieldFact(part: part, field: field, bit: role.bit))) }
      }
    }
    return all.sorted { $0.bit < $1.bit }
  }

  /// Problems with the catalog itself: bits that repeat or leave a gap, too many facts for
  /// the mask. The drift test requires none.
  static var problems: [String] {
    var problems: [String] = []
    let bits = facts.map(\.bit)
    if bits != Array(0..<bits.count) {
      problems.append("fact bits must be 0..<\(bits.count) with none repeated; found \(bits)")
    }
    if bits.count > 32 { problems.append("\(bits.count) facts do not fit the 32-bit fact mask") }
    return problems
  }

  /// Swift that reads the field at `part` from a situation named `situation`.
  private static func path(_ part: Part, _ field: Field, root: String = "situation") -> String {
    part.key.isEmpty ? "\(root).\(field.key)" : "\(root).\(part.key).\(field.key)"
  }

  /// The parameter name a part has in `leftOut` (`top` for the top level).
  private static func parameter(_ part: Part) -> String { part.key.isEmpty ? "top" : part.key }

  /// The generated source.
  static func generatedSwift() -> String {
    var out = """
      // swift-format-ignore-file
      // Generated from Facts/SituationCatalog.swift by `\(regenerateCommand)`; do not edit.

      """
    out += factEnum()
    out += snapshot()
    out += leftOutFunctions()
    out += setter()
    return out
  }

  private static func factEnum() -> String {
    let all = facts
    var out = """

      /// A fact a decision table may test, derived from a ``Situation``.
      ///
      /// The catalog is fixed by the situation format (declared in `SituationCatalog`): a table
      /// declares which of these facts it uses and their domains, and the loader checks that each
      /// declared domain is exactly the set of values the situation can produce, so a decision can
      /// never meet a value its table did not plan for.
      public enum Fact: String, Sendable, Hashable, CaseIterable, Codable {

      """
    for fact in all { out += "  case \(fact.name)\n" }
    out += """

        /// The shape of the fact's domain: a Boolean, one of named values, or an OS version.
        public var kind: Kind {
          switch self {

      """
    for fact in all {
      let kind: String
      switch fact {
      case .url(let u): kind = u.kind
      case .field(let f):
        switch f.field.type {
        case .bool: kind = ".bool"
        case .version: kind = ".version"
        case .enumeration(let type, _): kind = ".enumeration(\(type).allCases.map(\\.rawValue))"
        case .url, .nested: kind = ".bool"
        }
      }
      out += "    case .\(fact.name): \(kind)\n"
    }
    out += """
          }
        }

        /// The events whose situations provide this fact.
        public var events: [Situation.Event] {
          switch self {

      """
    let allEvents = events.map { "." + $0.name }.joined(separator: ", ")
    for fact in all {
      switch fact {
      case .url: out += "    case .\(fact.name): [\(allEvents)]\n"
      case .field(let f): out += "    case .\(fact.name): [\(f.part.events.map { "." + $0 }.joined(separator: ", "))]\n"
      }
    }
    out += """
          }
        }

        /// Where the fact comes from in the situation JSON, for documentation and messages.
        package func source(for event: Situation.Event) -> String {
          switch self {

      """
    for fact in all {
      switch fact {
      case .field(let f):
        let key = f.part.key.isEmpty ? "$.\(f.field.key)" : "$.\(f.part.key).\(f.field.key)"
        out += "    case .\(fact.name): \"\(key)\"\n"
      case .url(let u):
        out += "    case .\(fact.name):\n      switch event {\n"
        for event in events { out += "      case .\(event.name): \"\(u.computed) of $.\(event.part).url\"\n" }
        out += "      }\n"
      }
    }
    out += """
          }
        }

        /// True for a version fact; cheaper than building ``kind``.
        var isVersion: Bool {
          switch self {

      """
    let versions = all.filter {
      if case .field(let f) = $0, case .version = f.field.type { return true }
      return false
    }
    out += "    case \(versions.map { "." + $0.name }.joined(separator: ", ")): true\n"
    out += """
          default: false
          }
        }

        /// Every fact's ``bit``.
        static let allBits: UInt32 = allCases.reduce(0) { $0 | $1.bit }

        /// The fact's bit in a mask of facts (declaration order).
        @inlinable
        var bit: UInt32 {
          switch self {

      """
    for fact in all { out += "    case .\(fact.name): 1 << \(fact.bit)\n" }
    out += "    }\n  }\n}\n"
    return out
  }

  /// The Swift type of a fact's value in the snapshot.
  private static func snapshotType(_ fact: AnyFact) -> String {
    switch fact {
    case .url(let u): u.kind == ".bool" ? "Bool" : "URLSchemeClass"
    case .field(let f):
      switch f.field.type {
      case .bool, .url, .nested: "Bool"
      case .version: "OSVersion"
      case .enumeration: "Int"
      }
    }
  }

  private static func snapshot() -> String {
    let all = facts
    var out = """

      /// The facts of one situation for one event, precomputed once per decision.
      ///
      /// A plain value of small integers: reading a fact costs a switch, and building it scans
      /// the URL once without allocating.
      struct FactSnapshot: Sendable {

      """
    for fact in all { out += "  var \(fact.name): \(snapshotType(fact))\n" }
    out += """

        /// The facts of `situation` but the URL's, which are left `none` and not needing encoding
        /// (`CompiledTable.firstMatch(_:url:)` classifies the URL only when a rule needs it).
        /// `defaultVersion` stands for a missing OS version, `defaultSDKVersion` (the same when
        /// nil) for a missing SDK version.
        init(
          _ situation: Situation, event: Situation.Event, defaultVersion: OSVersion,
          defaultSDKVersion: OSVersion? = nil
        ) {

      """
    for fact in all {
      switch fact {
      case .url(let u): out += "    \(u.name) = \(u.kind == ".bool" ? "false" : ".none")\n"
      case .field(let f):
        let p = path(f.part, f.field)
        switch f.field.type {
        case .bool, .url, .nested: out += "    \(f.field.key) = \(p)\n"
        case .enumeration: out += "    \(f.field.key) = \(p).index\n"
        case .version:
          let fallback = f.part.key.isEmpty ? "defaultVersion" : "defaultSDKVersion ?? defaultVersion"
          out += "    \(f.field.key) = \(p) ?? \(fallback)\n"
        }
      }
    }
    out += """
        }

        /// The value index of a finite fact (bool: 0 false, 1 true; enumerations: catalog order).
        func index(of fact: Fact) -> Int {
          switch fact {

      """
    for fact in all {
      let type = snapshotType(fact)
      let value =
        switch type {
        case "Bool": "\(fact.name) ? 1 : 0"
        case "Int": fact.name
        case "OSVersion": "0"
        default: "\(fact.name).index"
        }
      out += "    case .\(fact.name): \(value)\n"
    }
    out += """
          }
        }

        /// The value of a version fact (the OS version for any other fact).
        func version(of fact: Fact) -> OSVersion {
          switch fact {

      """
    let versions = all.filter { snapshotType($0) == "OSVersion" }
    for fact in versions.dropFirst() { out += "    case .\(fact.name): \(fact.name)\n" }
    out += "    default: \(versions.first?.name ?? "OSVersion(clamping: 0)")\n    }\n  }\n}\n"
    return out
  }

  private static func leftOutFunctions() -> String {
    let nested = parts.filter { !$0.key.isEmpty }
    var out = """

      extension Situation {
        /// The facts whose fields a situation document leaves out, as ``Fact/bit``s: `keys` are the
        /// top-level keys, the other arguments the parts as written (nil when absent). The URL
        /// facts come from the URL the event reads.
        static func leftOut(
          keys: some Collection<String>, \(nested.map { "\($0.key): JSONValue?" }.joined(separator: ", ")), event: Event
        ) -> UInt32 {
          func present(_ part: JSONValue?) -> Set<String>? {
            guard let members = part?.objectValue else { return nil }
            return Set(members.map(\\.key))
          }
          return leftOut(
            top: Set(keys), \(nested.map { "\($0.key): present(\($0.key))" }.joined(separator: ", ")), event: event)
        }

        /// As above, from the key sets of each part (nil: the part is absent).
        static func leftOut(
          top: Set<String>, \(nested.map { "\($0.key): Set<String>?" }.joined(separator: ", ")), event: Event
        ) -> UInt32 {
          var mask: UInt32 = 0
          func check(_ keys: Set<String>?, _ key: String, _ facts: Fact...) {
            if keys?.contains(key) != true { for fact in facts { mask |= fact.bit } }
          }

      """
    for part in parts {
      for field in part.fields where field.fact != nil {
        out += "    check(\(parameter(part)), \"\(field.key)\", .\(field.key))\n"
      }
    }
    let urlFactList = urlFacts.map { "." + $0.name }.joined(separator: ", ")
    out += "    switch event {\n"
    for event in events { out += "    case .\(event.name): check(\(event.part), \"url\", \(urlFactList))\n" }
    out += "    }\n    return mask\n  }\n}\n"
    return out
  }

  private static func setter() -> String {
    var out = """

      extension Situation {
        /// Sets a finite fact read from a field to value `index` (bool: 0 false, 1 true;
        /// enumerations: `allCases` order). False, changing nothing, for a version fact, a fact
        /// computed from the URL, or an index out of range.
        mutating func setFinite(_ fact: Fact, index: Int) -> Bool {
          switch fact {

      """
    for fact in facts {
      guard case .field(let f) = fact else { continue }
      let p = path(f.part, f.field, root: "self")
      switch f.field.type {
      case .bool:
        out += "    case .\(fact.name):\n      guard index == 0 || index == 1 else { return false }\n"
        out += "      \(p) = index == 1\n"
      case .enumeration(let type, _):
        out += "    case .\(fact.name):\n      guard \(type).allCases.indices.contains(index) else { return false }\n"
        out += "      \(p) = \(type).allCases[index]\n"
      case .version, .url, .nested: continue
      }
    }
    out += "    default: return false\n    }\n    return true\n  }\n}\n"
    return out
  }
}
