// Writes `Sources/TapRoute/Generated/SituationCatalog+Generated.swift` from `SituationCatalog`: every piece of
// code that names each fact or situation field in turn, so that a fact is declared once.

import TapRouteAASA

extension SituationCatalog {
  /// The file the generated source is committed as, from the package root.
  static let generatedPath = "Sources/TapRoute/Generated/SituationCatalog+Generated.swift"
  /// How to rewrite it: the drift test writes the file when this variable is set.
  static let regenerateCommand = "swift run CatalogGenerator"

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
    case computed(ComputedFact)

    var name: String {
      switch self {
      case .field(let f): f.field.key
      case .url(let u): u.name
      case .computed(let c): c.name
      }
    }

    var bit: Int {
      switch self {
      case .field(let f): f.bit
      case .url(let u): u.bit
      case .computed(let c): c.bit
      }
    }
  }

  /// Every fact, in bit order (the order of `Fact.allCases`).
  static var facts: [AnyFact] {
    var all: [AnyFact] = urlFacts.map { .url($0) } + computedFacts.map { .computed($0) }
    for part in parts {
      for field in part.fields {
        if let role = field.fact { all.append(.field(FieldFact(part: part, field: field, bit: role.bit))) }
      }
    }
    return all.sorted { $0.bit < $1.bit }
  }

  /// Problems with the catalog itself: bits that repeat or fall outside the mask, too many facts for
  /// the mask. The drift test requires none.
  static var problems: [String] {
    var problems: [String] = []
    let bits = facts.map(\.bit)
    if Set(bits).count != bits.count || bits.contains(where: { $0 < 0 || $0 >= maskBits }) {
      problems.append("fact bits must be 0..<\(maskBits) with none repeated; found \(bits)")
    }
    if bits.count > maskBits {
      problems.append("\(bits.count) facts do not fit the \(maskBits)-bit fact mask (FactMask); widen it")
    }
    return problems
  }

  /// Swift that reads the field at `part` from a situation named `situation`.
  private static func path(_ part: Part, _ field: Field, root: String = "situation") -> String {
    part.key.isEmpty ? "\(root).\(field.key)" : "\(root).\(part.key).\(field.key)"
  }

  /// The parameter name a part has in `leftOut` (`top` for the top level).
  private static func parameter(_ part: Part) -> String { part.key.isEmpty ? "top" : part.key }

  /// The width of a fact mask: one bit per fact.
  static let maskBits = 128

  /// The generated source.
  static func generatedSwift() -> String {
    var out = """
      // swift-format-ignore-file
      // Generated from Sources/CatalogGenerator/SituationCatalog.swift by `\(regenerateCommand)`; do not edit.

      // \(facts.count) facts, each a bit in a `FactMask` (Facts/FactMask.swift) of \(maskBits).

      import TapRouteAASA

      """
    out += structs()
    out += factEnum()
    out += snapshot()
    out += computedFactsCode()
    out += leftOutFunctions()
    out += setter()
    out += strictReaders()
    out += codable()
    out += minimalWriter()
    out += scannerReaders()
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
      case .computed(let c): kind = ".enumeration(\(c.type).allCases.map(\\.rawValue))"
      case .field(let f):
        switch f.field.type {
        case .bool: kind = ".bool"
        case .version: kind = ".version"
        case .enumeration(let type, _): kind = ".enumeration(\(type).allCases.map(\\.rawValue))"
        case .url, .nested, .string, .strings: kind = ".bool"
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
    let urlEvents = events.filter { $0.url != nil }.map { "." + $0.name }.joined(separator: ", ")
    for fact in all {
      switch fact {
      case .computed(let c) where c.field != nil:
        let field = c.field ?? ""
        let reading = events.filter { hasField($0, field) }
        out += "    case .\(fact.name): [\(reading.map { "." + $0.name }.joined(separator: ", "))]\n"
      case .url, .computed: out += "    case .\(fact.name): [\(urlEvents)]\n"
      case .field(let f):
        out +=
          "    case .\(fact.name): [\(events(reading: f.part).map { "." + $0 }.joined(separator: ", "))]\n"
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
        for event in events {
          let source =
            event.url.map { "\(u.computed) of $.\(event.part).\($0)" } ?? "none: a \(event.name) reads no URL"
          out += "      case .\(event.name): \"\(source)\"\n"
        }
        out += "      }\n"
      case .computed(let c): out += computedSource(c)
      }
    }
    out += """
          }
        }

      """
    out += computedFunctions()
    out += """

        /// True for a version fact; cheaper than building ``kind``.
        package var isVersion: Bool {
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

        /// The header of the fact's column in a matrix: a short word where the catalog gives one,
        /// otherwise the fact's name.
        package var header: String {
          switch self {

      """
    for case .field(let f) in all {
      guard let header = f.field.fact?.header else { continue }
      out += "    case .\(f.field.key): \(Escaping.swiftString(header))\n"
    }
    out += """
          default: rawValue
          }
        }

        /// The facts that differ between the recipients of one message (the sender fixes the
        /// rest), in bit order: a tap's matrix varies them by default.
        package static let recipientFacts: [Fact] = [
      """
    let recipients = all.compactMap { fact -> String? in
      guard case .field(let f) = fact, f.field.fact?.recipient == true else { return nil }
      return "." + f.field.key
    }
    out += recipients.joined(separator: ", ") + "]\n"
    out += """

        /// Every fact's ``bit``.
        static let allBits: FactMask = allCases.reduce(0) { $0 | $1.bit }

        /// The fact's bit in a mask of facts (declaration order).
        @inlinable
        package var bit: FactMask {
          switch self {

      """
    for fact in all { out += "    case .\(fact.name): FactMask(bit: \(fact.bit))\n" }
    out += "    }\n  }\n}\n"
    return out
  }

  /// The Swift type of a fact's value in the snapshot.
  private static func snapshotType(_ fact: AnyFact) -> String {
    switch fact {
    case .url(let u): u.kind == ".bool" ? "Bool" : "URLSchemeClass"
    case .computed(let c): c.type
    case .field(let f):
      switch f.field.type {
      case .bool, .url, .nested, .string, .strings: "Bool"
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
      package struct FactSnapshot: Sendable {

      """
    for fact in all { out += "  package var \(fact.name): \(snapshotType(fact))\n" }
    out += """

        /// The facts of `situation` but the URL's, which are left `none` and not needing encoding
        /// (`CompiledTable.firstMatch(_:url:)` classifies the URL only when a rule needs it);
        /// the computed facts are computed from the URL the event reads (`computeFacts`), unless
        /// `computed` is false (the interpreter computes them only for a table that tests them).
        /// `defaultVersion` stands for a missing OS version, `defaultSDKVersion` (the same when
        /// nil) for a missing SDK version.
        package init(
          _ situation: Situation, event: Situation.Event, defaultVersion: OSVersion,
          defaultSDKVersion: OSVersion? = nil, computed: Bool = true
        ) {

      """
    for fact in all {
      switch fact {
      case .url(let u): out += "    \(u.name) = \(u.kind == ".bool" ? "false" : ".none")\n"
      case .computed(let c): out += "    \(c.name) = .\(c.unknown)\n"
      case .field(let f):
        let p = path(f.part, f.field)
        switch f.field.type {
        case .bool, .url, .nested, .string, .strings: out += "    \(f.field.key) = \(p)\n"
        case .enumeration: out += "    \(f.field.key) = \(p).index\n"
        case .version:
          let fallback = f.part.key.isEmpty ? "defaultVersion" : "defaultSDKVersion ?? defaultVersion"
          out += "    \(f.field.key) = \(p) ?? \(fallback)\n"
        }
      }
    }
    out += computedSnapshotCall()
    out += """
        }

        /// The value index of a finite fact (bool: 0 false, 1 true; enumerations: catalog order).
        package func index(of fact: Fact) -> Int {
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

        /// One `Int32` per fact, in `Fact.allCases` order (bit order).
        typealias Indices = (
          \(stride(from: 0, to: all.count, by: 10).map { start in
            repeatElement("Int32", count: min(10, all.count - start)).joined(separator: ", ")
          }.joined(separator: ",\n    "))
        )

        /// Every fact's ``index(of:)`` at its place in ``Indices`` (a version's: 0), so that a
        /// table reads its slots' values with a load each, not a switch on the fact per slot.
        var indices: Indices {
          @inline(__always) get {
            (

      """
    for (place, fact) in all.enumerated() {
      let value =
        switch snapshotType(fact) {
        case "Bool": "\(fact.name) ? 1 : 0"
        case "Int": "Int32(truncatingIfNeeded: \(fact.name))"
        case "OSVersion": "0"
        default: "Int32(truncatingIfNeeded: \(fact.name).index)"
        }
      out += "        \(value)\(place == all.count - 1 ? "" : ",")\n"
    }
    out += "      )\n"
    out += """
          }
        }

        /// The value of a version fact (the OS version for any other fact).
        package func version(of fact: Fact) -> OSVersion {
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
        ) -> FactMask {
          func present(_ part: JSONValue?) -> Set<String>? {
            guard let members = part?.objectValue else { return nil }
            return Set(members.map(\\.key))
          }
          return leftOut(
            top: Set(keys), \(nested.map { "\($0.key): present(\($0.key))" }.joined(separator: ", ")), event: event)
        }

        /// As above, from the key sets of each part (nil: the part is absent).
        static func leftOut(
          top: Set<String>, \(nested.map { "\($0.key): Set<String>? = nil" }.joined(separator: ", ")), event: Event
        ) -> FactMask {
          var mask: FactMask = 0
          func check(_ keys: Set<String>?, _ key: String, _ facts: Fact...) {
            if keys?.contains(key) != true { for fact in facts { mask |= fact.bit } }
          }

      """
    for part in parts {
      for field in part.fields where field.fact != nil {
        out += "    check(\(parameter(part)), \"\(field.key)\", .\(field.key))\n"
      }
    }
    out += computedLeftOut()
    let urlFactList = (urlFacts.map(\.name) + urlOnlyComputedFacts.map(\.name)).map { "." + $0 }
      .joined(separator: ", ")
    out += "    switch event {\n"
    for event in events {
      // A fact computed from another field of the event's part is left out with it; for an
      // event whose part has no such field, with the first part's that has one (as a field's
      // fact is whatever the event).
      var checks = computedFacts.compactMap { c -> String? in
        guard let field = c.field else { return nil }
        let part = hasField(event, field) ? event.part : events.first { hasField($0, field) }?.part
        return part.map { "check(\($0), \"\(field)\", .\(c.name))" }
      }
      if let url = event.url { checks.insert("check(\(event.part), \"\(url)\", \(urlFactList))", at: 0) }
      out += "    case .\(event.name): \(checks.isEmpty ? "break" : checks.joined(separator: "; "))\n"
    }
    out += "    }\n    return mask\n  }\n}\n"
    return out
  }

  private static func setter() -> String {
    var out = """

      extension Situation {
        /// Sets a finite fact read from a field to value `index` (bool: 0 false, 1 true;
        /// enumerations: `allCases` order). False, changing nothing, for a version fact, a fact
        /// computed from the URL, or an index out of range.
        package mutating func setFinite(_ fact: Fact, index: Int) -> Bool {
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
        out +=
          "    case .\(fact.name):\n      guard \(type).allCases.indices.contains(index) else { return false }\n"
        out += "      \(p) = \(type).allCases[index]\n"
      case .version, .url, .nested, .string, .strings: continue
      }
    }
    out += "    default: return false\n    }\n    return true\n  }\n}\n"
    return out
  }
}

// MARK: Readers and writers

extension SituationCatalog {
  /// The events that read `part`: the one that names it, or every event for a part no event
  /// names (the top level, `app`).
  static func events(reading part: Part) -> [String] {
    let naming = events.filter { $0.part == part.key || $0.alsoReads.contains(part.key) }.map(\.name)
    return naming.isEmpty ? events.map(\.name) : naming
  }

  /// The bit of ``Situation/givenParts`` of each nested part that some event does not read
  /// (a part every event reads, `app`, has none).
  static func givenPartBits() -> [String: Int] {
    let unread = nestedParts.filter { events(reading: $0).count < events.count }
    return Dictionary(uniqueKeysWithValues: unread.enumerated().map { ($0.element.key, $0.offset) })
  }

  /// `value` as a Swift hexadecimal literal.
  static func hex(_ value: Int) -> String { "0x" + String(value, radix: 16) }

  /// The part a situation holds under `key` ("" for the top level).
  private static func part(_ key: String) -> Part? { parts.first { $0.key == key } }

  /// The nested parts, in the order the top level lists them.
  private static var nestedParts: [Part] { parts.filter { !$0.key.isEmpty } }

  /// `read` + the part's key capitalized (`readApp`).
  private static func readerName(_ part: Part) -> String {
    "read" + part.key.prefix(1).uppercased() + part.key.dropFirst()
  }

  /// The label a message gives the field's values.
  private static func label(_ field: Field) -> String { field.label ?? field.key }

  /// The top-level keys: `event`, the top-level fields, then the parts.
  static var topLevelKeys: [String] {
    ["event"] + (part("")?.fields.map(\.key) ?? []) + nestedParts.map(\.key)
  }

  /// The strict reader of every part (`Situation+JSON.swift` calls `readSituationFields`).
  static func strictReaders() -> String {
    var out = """

      extension JSONReader {
        /// Reads every field of the top level but `event` into `situation`, and records which
        /// facts the document left out.
        mutating func readSituationFields(
          _ fields: [String: JSONValue], path: String, into situation: inout Situation
        ) {

      """
    if let top = part("") { out += strictFieldReads(top, into: "situation") }
    for part in nestedParts {
      out +=
        "    if let v = fields[\"\(part.key)\"] { situation.\(part.key) = \(readerName(part))(v, path: Self.join(path, \"\(part.key)\")) }\n"
    }
    out += "    situation.unspecifiedMask = Situation.leftOut(\n"
    out +=
      "      keys: fields.keys, \(nestedParts.map { "\($0.key): fields[\"\($0.key)\"]" }.joined(separator: ", ")), event: situation.event)\n"
    out += "  }\n"
    for part in nestedParts {
      out += """

          mutating func \(readerName(part))(_ value: JSONValue, path: String) -> \(part.type) {
            var \(part.key) = \(part.type)()
            guard let fields = object(value, path: path, allowed: \(part.type).CodingKeys.names) else { return \(part.key) }

        """
      out += strictFieldReads(part, into: part.key)
      out += "    return \(part.key)\n  }\n"
    }
    out += "}\n"
    return out
  }

  private static func strictFieldReads(_ part: Part, into value: String) -> String {
    var out = ""
    for field in part.fields {
      let target = "\(value).\(field.key)"
      switch field.type {
      case .bool: out += "    flag(fields, \"\(field.key)\", path: path, into: &\(target))\n"
      case .version(let what):
        out += "    \(target) = version(fields, \"\(field.key)\", what: \"\(what)\", path: path)\n"
      case .url: out += "    \(target) = url(fields, \"\(field.key)\", path: path)\n"
      case .enumeration(let type, _):
        out += """
              if let v = fields["\(field.key)"],
                let choice = choice(v, path: Self.join(path, "\(field.key)"), what: "\(label(field))", choices: cases(\(type).self))
              {
                \(target) = choice
              }

          """
      case .nested(_, let reader):
        out +=
          "    if let v = fields[\"\(field.key)\"] { \(target) = \(reader)(v, path: Self.join(path, \"\(field.key)\")) }\n"
      case .string, .strings: out += strictTextRead(field, target: target)
      }
    }
    return out
  }

  /// `Codable` for every nested part, and the top level's keys.
  static func codable() -> String {
    var out = """

      extension Situation {
        /// The keys of a situation, in the order diagnostics list them.
        enum CodingKeys: String, CodingKey, CaseIterable {
          case \(topLevelKeys.joined(separator: ", "))
        }

        /// Decodes every field but `event` into `self`, and records which facts were left out.
        mutating func decodeFields(from c: KeyedDecodingContainer<CodingKeys>) throws {

      """
    if let top = part("") { out += codableDecodes(top, container: "c", prefix: "") }
    for part in nestedParts { out += "    \(part.key) = try c.decode(.\(part.key), or: \(part.key))\n" }
    out += "    unspecifiedMask = Situation.leftOut(\n      top: Set(c.allKeys.map(\\.stringValue)),\n"
    out +=
      "      \(nestedParts.map { "\($0.key): try Self.keys(in: c, .\($0.key))" }.joined(separator: ", ")),\n"
    out += "      event: event)\n  }\n\n"
    out += "  /// Encodes every field; nil fields are left out.\n"
    out += "  public func encode(to encoder: any Encoder) throws {\n"
    out += "    var c = encoder.container(keyedBy: CodingKeys.self)\n"
    out += "    try c.encode(event, forKey: .event)\n"
    if let top = part("") { out += codableEncodes(top) }
    for part in nestedParts { out += "    try c.encode(\(part.key), forKey: .\(part.key))\n" }
    out += "  }\n}\n"
    for part in nestedParts {
      out += """

        extension Situation.\(part.type): Codable {
          enum CodingKeys: String, CodingKey, CaseIterable {
            case \(part.fields.map(\.key).joined(separator: ", "))
          }

          /// Decodes the JSON form: absent keys take their defaults; unknown keys and values are errors.
          public init(from decoder: any Decoder) throws {
            let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
            self.init()

        """
      out += codableDecodes(part, container: "c", prefix: "")
      out += """
          }

          /// Encodes the JSON form; nil fields are left out.
          public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)

        """
      out += codableEncodes(part)
      out += "  }\n}\n"
    }
    return out
  }

  private static func codableDecodes(_ part: Part, container c: String, prefix: String) -> String {
    var out = ""
    for field in part.fields {
      let k = field.key
      switch field.type {
      case .bool, .enumeration, .nested: out += "    \(k) = try \(c).decode(.\(k), or: \(k))\n"
      case .version: out += "    \(k) = try \(c).decodeIfPresent(OSVersion.self, forKey: .\(k))\n"
      case .url: out += "    \(k) = try \(c).decodeURL(forKey: .\(k))\n"
      case .string, .strings: out += codableTextDecode(field, container: c)
      }
    }
    return out
  }

  private static func codableEncodes(_ part: Part) -> String {
    var out = ""
    for field in part.fields {
      let k = field.key
      switch field.type {
      case .bool, .enumeration, .nested: out += "    try c.encode(\(k), forKey: .\(k))\n"
      case .version, .url, .string, .strings: out += "    try c.encodeIfPresent(\(k), forKey: .\(k))\n"
      }
    }
    return out
  }

  /// The minimal JSON writer: each field only where it differs from its default, and only the
  /// parts the event reads.
  static func minimalWriter() -> String {
    var out = """

      extension Situation {
        /// The situation without the parts its event does not read: what ``minimalJSON`` writes.
        package var relevantPart: Situation {
          var copy = self
          switch event {

      """
    for event in events {
      let unread = nestedParts.filter { !events(reading: $0).contains(event.name) }
      let resets = unread.map { "copy.\($0.key) = \($0.type)()" }
      out +=
        "    case .\(event.name):\(resets.isEmpty ? " break" : "\n      " + resets.joined(separator: "\n      "))\n"
    }
    out += """
          }
          return copy
        }

        /// The situation as compact public JSON, listing only what differs from the defaults and
        /// only the parts its event reads
        /// (`{"event":"tap","platform":"watchOS","tap":{"target":"attribution"}}`).
        package var minimalJSON: String {
          var top: [String] = ["\\"event\\":\\"\\(event.rawValue)\\""]

      """
    if let top = part("") { out += minimalFields(top, value: "self", list: "top") }
    for part in nestedParts {
      let readers = events(reading: part)
      let always = readers.count == events.count
      let condition = readers.map { "event == .\($0)" }.joined(separator: " || ")
      let indent = always ? "    " : "      "
      if !always { out += "    if \(condition) {\n" }
      out += "\(indent)var \(part.key)Fields: [String] = []\n"
      out += minimalFields(part, value: "self.\(part.key)", list: "\(part.key)Fields", indent: indent)
      out +=
        "\(indent)if !\(part.key)Fields.isEmpty { top.append(\"\\\"\(part.key)\\\":{\" + \(part.key)Fields.joined(separator: \",\") + \"}\") }\n"
      if !always { out += "    }\n" }
    }
    out += "    return \"{\" + top.joined(separator: \",\") + \"}\"\n  }\n}\n"
    return out
  }

  private static func minimalFields(_ part: Part, value: String, list: String, indent: String = "    ")
    -> String
  {
    var out = ""
    for field in part.fields {
      let k = field.key
      let v = "\(value).\(k)"
      let key = "\\\"\(k)\\\":"
      switch field.type {
      case .bool(let d): out += "\(indent)if \(v) != \(d) { \(list).append(\"\(key)\\(\(v))\") }\n"
      case .enumeration(_, let d):
        out += "\(indent)if \(v) != .\(d) { \(list).append(\"\(key)\\\"\\(\(v).rawValue)\\\"\") }\n"
      case .version: out += "\(indent)if let \(k) = \(v) { \(list).append(\"\(key)\\\"\\(\(k))\\\"\") }\n"
      case .url:
        out += "\(indent)if let \(k) = \(v) { \(list).append(\"\(key)\\(Escaping.jsonString(\(k)))\") }\n"
      case .nested(_, let reader):
        out += "\(indent)if let \(k) = \(v).\(reader)JSON { \(list).append(\"\(key)\" + \(k)) }\n"
      case .string, .strings: out += minimalTextField(field, value: v, list: list, indent: indent)
      }
    }
    return out
  }
}

// MARK: The batch path's scanner

extension SituationCatalog {
  /// A Swift identifier for an enumeration type's name table (`Tap.Layout` -> `tapLayout`).
  private static func namesIdentifier(_ type: String) -> String {
    let joined = type.split(separator: ".").joined()
    return joined.prefix(1).lowercased() + joined.dropFirst()
  }

  /// Every enumeration type a field names, once, in catalog order.
  private static var enumerationTypes: [String] {
    var seen: [String] = []
    for part in parts {
      for field in part.fields {
        if case .enumeration(let type, _) = field.type, !seen.contains(type) { seen.append(type) }
      }
    }
    return seen
  }

  /// The fast path's readers (`Situation+FastJSON.swift` holds the scanner's JSON primitives).
  static func scannerReaders() -> String {
    var out = """

      /// The names of each value a situation field reads, as bytes, made once.
      enum SituationNames {
        static let event = table(Situation.Event.self)

      """
    for type in enumerationTypes { out += "  static let \(namesIdentifier(type)) = table(\(type).self)\n" }
    out += """

        static func table<T: CaseIterable & RawRepresentable>(_: T.Type) -> [([UInt8], T)]
        where T.RawValue == String {
          T.allCases.map { (Array($0.rawValue.utf8), $0) }
        }
      }

      extension SituationScanner {
        mutating func situation() -> Situation? {
          var situation = Situation(event: .tap)
          var seen = Seen()
          var hasEvent = false
          let ok = object { this, key in
            switch key {
            case "event":
              guard seen.first(0), let event = this.choice(SituationNames.event) else { return false }
              situation.event = event
              hasEvent = true
              return true

      """
    var index = 1
    if let top = part("") {
      for field in top.fields {
        out += scannerInputGiven(
          scannerCase(field, index: index, target: "situation", partIndex: -1), field, part: "")
        index += 1
      }
    }
    for part in nestedParts {
      out += """
              case "\(part.key)":
                guard seen.first(\(index)), let \(part.key) = this.\(readerName(part))() else { return false }
                situation.\(part.key) = \(part.key)
                return true

        """
      index += 1
    }
    let urlFactBits = (urlFacts.map(\.name) + urlOnlyComputedFacts.map(\.name)).map { "Fact.\($0).bit" }
      .joined(separator: " | ")
    out += """
            default: return false
            }
          }
          guard ok && hasEvent else { return nil }
          // As the strict reader records them: the URL facts come from the URL the event reads.
          var given = self.given
          let urlFacts: FactMask = \(urlFactBits)
          switch situation.event {

      """
    for event in events {
      guard event.url != nil else {
        out += "    case .\(event.name): break\n"
        continue
      }
      let partIndex = nestedParts.firstIndex { $0.key == event.part } ?? 0
      out += "    case .\(event.name): if urlGiven & \(1 << partIndex) != 0 { given |= urlFacts }\n"
    }
    out += "    }\n"
    out += computedFactsGiven()
    out += """
          situation.unspecifiedMask = Fact.allBits & ~given
          return situation
        }

      """
    for (partIndex, part) in nestedParts.enumerated() {
      out += """

          mutating func \(readerName(part))() -> \(part.type)? {
            var \(part.key) = \(part.type)()
            var seen = Seen()
            let ok = object { this, key in
              switch key {

        """
      for (i, field) in part.fields.enumerated() {
        out += scannerInputGiven(
          scannerCase(field, index: i, target: part.key, partIndex: partIndex), field, part: part.key)
      }
      out += """
              default: return false
              }
            }
            return ok ? \(part.key) : nil
          }

        """
    }
    out += "}\n"
    return out
  }

  /// One `case` of a scanner's key switch: reads the field, records it given.
  private static func scannerCase(_ field: Field, index: Int, target: String, partIndex: Int) -> String {
    let k = field.key
    let given = field.fact != nil ? "\n        this.given |= Fact.\(k).bit" : ""
    switch field.type {
    case .bool:
      return """
              case "\(k)":
                guard seen.first(\(index)), this.bool(into: &\(target).\(k)) else { return false }\(given)
                return true

        """
    case .version:
      return """
              case "\(k)":
                guard seen.first(\(index)) else { return false }\(given)
                if this.null() { return true }
                guard let text = this.string(), let version = OSVersion(parsing: text) else { return false }
                \(target).\(k) = version
                return true

        """
    case .enumeration(let type, _):
      return """
              case "\(k)":
                guard seen.first(\(index)), let value = this.choice(SituationNames.\(namesIdentifier(type))) else { return false }
                \(target).\(k) = value\(given)
                return true

        """
    case .url:
      // Only an event's own URL field gives its URL facts.
      let isEventURL = events.contains { $0.part == target && $0.url == k }
      return """
              case "\(k)":\(isEventURL ? "\n        this.urlGiven |= \(1 << max(partIndex, 0))" : "")
                return seen.first(\(index)) && this.url(into: &\(target).\(k))

        """
    case .nested(_, let reader):
      return """
              case "\(k)":
                guard seen.first(\(index)), let value = this.\(reader)() else { return false }
                \(target).\(k) = value
                return true

        """
    case .string, .strings: return scannerTextCase(field, index: index, target: target)
    }
  }
}

// MARK: The situation's types

extension SituationCatalog {
  /// `lines` as a documentation comment, each line indented by `indent`.
  static func docLines(_ lines: [String], indent: String) -> String {
    lines.map { $0.isEmpty ? "\(indent)///\n" : "\(indent)/// \($0)\n" }.joined()
  }

  /// The Swift type and initializer default of a field.
  private static func swiftType(_ field: Field) -> (type: String, defaultValue: String) {
    switch field.type {
    case .bool(let d): ("Bool", "\(d)")
    case .version: ("OSVersion?", "nil")
    case .enumeration(let type, let d): (type, ".\(d)")
    case .url: ("String?", "nil")
    case .nested(let type, _): (type, "\(type)()")
    case .string: ("String?", "nil")
    case .strings: ("[String]?", "nil")
    }
  }

  /// The `Situation` struct and its part structs (the value enums they name are generated
  /// from `valueTypes`, into `SituationValues+Generated.swift`).
  static func structs() -> String {
    guard let top = part("") else { return "" }
    var out = "\n" + docLines(top.doc, indent: "")
    out += "public struct Situation: Sendable, Hashable {\n"
    out += "  /// Which decision is asked for.\n"
    out += "  public enum Event: String, Sendable, Hashable, Codable, CaseIterable {\n"
    for event in events { out += docLines(event.doc, indent: "    ") + "    case \(event.name)\n" }
    out += "  }\n\n"
    out +=
      "  /// Which decision is asked for: \(events.map { "a" + ($0.name.first.map { "aeiou".contains($0) } == true ? "n" : "") + " `\($0.name)`" }.joined(separator: ", or ")).\n"
    out += "  public var event: Event\n"
    var parameters = ["event: Event"]
    var assignments = ["    self.event = event\n"]
    for field in top.fields {
      let (type, value) = swiftType(field)
      out += docLines(field.doc, indent: "  ") + "  public var \(field.key): \(type)\n"
      parameters.append("\(field.key): \(type) = \(value)")
      assignments.append("    self.\(field.key) = \(field.key)\n")
    }
    let given = givenPartBits()
    for part in nestedParts {
      out += "  /// \(part.propertyDoc)\n  public var \(part.key): \(part.type)"
      if let bit = given[part.key] { out += " { didSet { givenParts |= \(hex(1 << bit)) } }" }
      out += "\n"
      parameters.append("\(part.key): \(part.type) = \(part.type)()")
      assignments.append("    self.\(part.key) = \(part.key)\n")
    }
    let givenInit = nestedParts.compactMap { part in
      given[part.key].map { "(\(part.key).isDefault ? 0 : \(hex(1 << $0)))" }
    }
    assignments.append("    givenParts = \(givenInit.isEmpty ? "0" : givenInit.joined(separator: " | "))\n")
    out += """
        /// ``unspecified`` as bits (``Fact/bit``), read on the decide path.
        @usableFromInline
        var unspecifiedMask: FactMask = 0
        /// The parts some event does not read that were given a value other than their default
        /// (by the initializer) or assigned since (a bit each, set by the parts' `didSet`): a part
        /// whose bit is clear holds its default, so ``hasUnreadParts`` compares only the parts
        /// whose bit is set. Not part of equality.
        @usableFromInline
        var givenParts: UInt16 = 0

        /// \(top.initDoc)
        public init(
          \(parameters.joined(separator: ", "))
        ) {

      """
    out += assignments.joined() + "  }\n}\n"
    let compared = ["event"] + top.fields.map(\.key) + nestedParts.map(\.key)
    out += """

      extension Situation {
        /// Equal when every field is; ``unspecified`` (where the values came from) is ignored.
        public static func == (a: Situation, b: Situation) -> Bool {
          \(compared.map { "a.\($0) == b.\($0)" }.joined(separator: " && "))
        }

        /// Hashes what equality compares.
        public func hash(into hasher: inout Hasher) {

      """
    for key in compared { out += "    hasher.combine(\(key))\n" }
    out += "  }\n}\n"
    out += """

      extension Situation {
        /// The URL the situation's event reads (its URL facts are computed from it); nil for an
        /// event that reads none.
        @inlinable
        public var eventURL: String? {
          switch event {

      """
    for event in events {
      out += "    case .\(event.name): \(event.url.map { "\(event.part).\($0)" } ?? "nil")\n"
    }
    out += """
          }
        }

        /// Sets the URL the situation's event reads (nothing for an event that reads none).
        package mutating func setEventURL(_ url: String?) {
          switch event {

      """
    for event in events {
      out += "    case .\(event.name): \(event.url.map { "\(event.part).\($0) = url" } ?? "break")\n"
    }
    out += """
          }
        }

        /// The keys of the URL fields of `event`'s part other than the event's own URL
        /// (`widgetURL`): the URLs a rule's `then.url` may name as the one the app receives.
        package static func otherURLKeys(of event: Event) -> [String] {
          switch event {

      """
    for event in events {
      let keys = (otherURLFields(event) + event.computedURLs).map { "\"\($0)\"" }
      out += "    case .\(event.name): [\(keys.joined(separator: ", "))]\n"
    }
    out += """
          }
        }

        /// The value of the URL field `key` of the event's part other than the event's own URL
        /// (``otherURLKeys(of:)``); nil when it is nil or the part has no such field.
        package func otherURL(_ key: String) -> String? {
          switch (event, key) {

      """
    for event in events {
      for key in otherURLFields(event) {
        out += "    case (.\(event.name), \"\(key)\"): \(event.part).\(key)\n"
      }
      for key in event.computedURLs { out += "    case (.\(event.name), \"\(key)\"): \(key)\n" }
    }
    out += """
          default: nil
          }
        }

        /// True when the event's part has a URL besides the event's own URL: the decision then
        /// takes the slower path that names the URL a rule's `then.url` picks.
        @inline(__always)
        package var hasOtherURL: Bool {
          switch event {

      """
    for event in events {
      let fields =
        otherURLFields(event).map { "\(event.part).\($0) != nil" } + event.computedURLs.map { "\($0) != nil" }
      out += "    case .\(event.name): \(fields.isEmpty ? "false" : fields.joined(separator: " || "))\n"
    }
    out += """
          }
        }
      }

      extension Situation.Event {
        /// Where the event's URL is, as a Swift path from a `Situation` (`tap.url`); nil for an
        /// event that reads none.
        package var urlPath: String? {
          switch self {

      """
    for event in events {
      out += "    case .\(event.name): \(event.url.map { "\"\(event.part).\($0)\"" } ?? "nil")\n"
    }
    out += """
          }
        }

        /// The event's index in `allCases` (declaration order), without building `allCases`:
        /// what generated code switches on, so that a type generated before an event was added
        /// still compiles.
        @_spi(Generated) @inlinable
        public var index: Int {
          switch self {

      """
    for (i, event) in events.enumerated() { out += "    case .\(event.name): \(i)\n" }
    out += """
          }
        }

        /// The JSON key of the part the event reads beside the top level and `app`.
        package var part: String {
          switch self {

      """
    for event in events { out += "    case .\(event.name): \"\(event.part)\"\n" }
    out += """
          }
        }

        /// The JSON keys of the other parts the event reads, which no other event reads
        /// (`android` for a link).
        package var alsoReads: [String] {
          switch self {

      """
    for event in events {
      out += "    case .\(event.name): [\(event.alsoReads.map { "\"\($0)\"" }.joined(separator: ", "))]\n"
    }
    out += """
          }
        }
      }

      extension Situation {
        /// The parts the situation gives (each differs from its default) that its event does not
        /// read, in catalog order: a decision remarks that it ignored them.
        package var unreadParts: [String] {
          var parts: [String] = []

      """
    var unread: [(condition: String, key: String)] = []
    for part in nestedParts {
      let readers = events(reading: part)
      guard readers.count < events.count else { continue }
      unread.append((readers.map { "event != .\($0)" }.joined(separator: " && "), part.key))
    }
    for (condition, key) in unread {
      out += "    if \(condition), !\(key).isDefault { parts.append(\"\(key)\") }\n"
    }
    out += """
          return parts
        }

        /// True when ``unreadParts`` is not empty, without building it: what the decide path
        /// asks of every situation.
        @usableFromInline @inline(__always)
        var hasUnreadParts: Bool {

      """
    out += "    givenParts & ~Self.partsRead(by: event) != 0\n      && ("
    out +=
      unread.map { "(\($0.condition) && !\($0.key).isDefault)" }.joined(separator: "\n        || ") + ")\n"
    out += "  }\n\n"
    out += """
        /// The bits of ``givenParts`` of the parts `event` reads.
        @usableFromInline @inline(__always)
        static func partsRead(by event: Event) -> UInt16 {
          switch event {

      """
    for event in events {
      let bits = nestedParts.compactMap { part in
        given[part.key].flatMap { events(reading: part).contains(event.name) ? 1 << $0 : nil }
      }
      out += "    case .\(event.name): \(hex(bits.reduce(0, |)))\n"
    }
    out += "    }\n  }\n}\n"
    for part in nestedParts {
      let tests = part.fields.map { field -> String in
        if case .nested(let type, _) = field.type { return "\(field.key) == Situation.\(type)()" }
        return "\(field.key) == \(swiftType(field).defaultValue)"
      }
      out += """

        extension Situation.\(part.type) {
          /// True when every field has its default (what a situation that leaves the part out holds).
          @usableFromInline
          var isDefault: Bool {
            \(tests.joined(separator: "\n      && "))
          }
        }

        """
    }
    out += "\n// The parts by their short names, as the readers and the engine write them.\n"
    for part in nestedParts { out += "package typealias \(part.type) = Situation.\(part.type)\n" }
    for part in nestedParts {
      out += "\nextension Situation {\n" + docLines(part.doc, indent: "  ")
      out += "  public struct \(part.type): Sendable, Hashable {\n"
      var parameters: [String] = []
      for field in part.fields {
        let (type, value) = swiftType(field)
        out += docLines(field.doc, indent: "    ") + "    public var \(field.key): \(type)\n"
        parameters.append("\(field.key): \(type) = \(value)")
      }
      out +=
        "\n    /// \(part.initDoc)\n    public init(\n      \(parameters.joined(separator: ", "))\n    ) {\n"
      for field in part.fields { out += "      self.\(field.key) = \(field.key)\n" }
      out += "    }\n  }\n}\n"
    }
    return out
  }
}

// MARK: Text fields and computed facts

extension SituationCatalog {
  /// The strict reader of a `.string` or `.strings` field (`JSONReader.text`, `texts`).
  fileprivate static func strictTextRead(_ field: Field, target: String) -> String {
    let reader = if case .strings = field.type { "texts" } else { "text" }
    return "    \(target) = \(reader)(fields, \"\(field.key)\", path: path)\n"
  }

  /// The `Codable` decoding of a `.string` or `.strings` field, with the strict reader's
  /// length limit.
  fileprivate static func codableTextDecode(_ field: Field, container c: String) -> String {
    let decoder = if case .strings = field.type { "decodeTexts" } else { "decodeText" }
    return "    \(field.key) = try \(c).\(decoder)(forKey: .\(field.key))\n"
  }

  /// The minimal writer's line for a `.string` or `.strings` field: written when not nil.
  fileprivate static func minimalTextField(_ field: Field, value v: String, list: String, indent: String)
    -> String
  {
    let k = field.key
    let key = "\\\"\(k)\\\":"
    let text =
      if case .strings = field.type {
        "\"[\" + \(k).map(Escaping.jsonString).joined(separator: \",\") + \"]\""
      } else {
        "Escaping.jsonString(\(k))"
      }
    return "\(indent)if let \(k) = \(v) { \(list).append(\"\(key)\" + \(text)) }\n"
  }

  /// The scanner's `case` for a `.string` or `.strings` field (`SituationScanner.text`, `texts`).
  fileprivate static func scannerTextCase(_ field: Field, index: Int, target: String) -> String {
    let reader = if case .strings = field.type { "texts" } else { "text" }
    return """
            case "\(field.key)":
              return seen.first(\(index)) && this.\(reader)(into: &\(target).\(field.key))

      """
  }

  /// The `source(for:)` cases of a computed fact: what it computes from which URL.
  fileprivate static func computedSource(_ c: ComputedFact) -> String {
    var out = "    case .\(c.name):\n      switch event {\n"
    let inputs = c.inputs.map { "$." + $0 }.joined(separator: ", ")
    for event in events {
      if let field = c.field {
        let has = hasField(event, field)
        let source = has ? "$.\(event.part).\(field)" : "none: the \(event.name) event has no \(field)"
        out += "      case .\(event.name): \"\(source)\"\n"
        continue
      }
      let url = urlPath(event).map { "of $.\($0)" } ?? "with no URL"
      out += "      case .\(event.name): \"\(c.computed) \(url), from \(inputs)\"\n"
    }
    return out + "      }\n"
  }

  /// True when `event`'s part has a field `key`.
  static func hasField(_ event: Event, _ key: String) -> Bool {
    parts.contains { $0.key == event.part && $0.fields.contains { $0.key == key } }
  }

  /// The keys of `event`'s part's URL fields other than the event's URL.
  static func otherURLFields(_ event: Event) -> [String] {
    guard let part = parts.first(where: { $0.key == event.part }) else { return [] }
    return part.fields.filter { $0.type.isURL && $0.key != event.url }.map(\.key)
  }

  /// `Fact.computedBy`: the `Situation` method that computes a computed fact from the URL
  /// (generated engines call `situation.NAME(url: url)`).
  fileprivate static func computedFunctions() -> String {
    var out = """

        /// The `Situation` method that computes this fact from the URL the event reads
        /// (`situation.\\(name)(url: url)`), nil for a fact read from a field or scanned from
        /// the URL.
        package var computedBy: String? {
          switch self {

      """
    for c in computedFacts { out += "    case .\(c.name): \"\(c.function)\"\n" }
    return out + "    default: nil\n    }\n  }\n"
  }

  /// The end of `FactSnapshot.init`: the computed facts from the URL the event reads.
  fileprivate static func computedSnapshotCall() -> String {
    "    if computed { computeFacts(situation, url: Situation.url(of: situation, event: event)) }\n"
  }

  /// `leftOut`'s checks of the computed facts: left out when an input field is.
  fileprivate static func computedLeftOut() -> String {
    var out = ""
    for c in computedFacts where c.field == nil {
      for input in c.inputs {
        let parts = input.split(separator: ".", maxSplits: 1).map(String.init)
        let (part, key) = parts.count == 2 ? (parts[0], parts[1]) : ("top", parts[0])
        out += "    check(\(part), \"\(key)\", .\(c.name))\n"
      }
    }
    return out
  }

  /// The fields computed facts read, as `part.key`, each once, in catalog order: bit `i` of
  /// the scanner's `inputsGiven` records input `i`.
  fileprivate static var computedInputs: [String] {
    var seen: [String] = []
    for input in computedFacts.flatMap(inputs(of:)) where !seen.contains(input) { seen.append(input) }
    return seen
  }

  /// The fields `c` reads, as `part.key`: its inputs, or the field of each event's part it is
  /// computed from.
  fileprivate static func inputs(of c: ComputedFact) -> [String] {
    guard let field = c.field else { return c.inputs }
    return events.filter { hasField($0, field) }.map { "\($0.part).\(field)" }
  }

  /// A scanner `case` that also records its field given when a computed fact reads it.
  fileprivate static func scannerInputGiven(_ scannerCase: String, _ field: Field, part: String) -> String {
    let name = part.isEmpty ? field.key : "\(part).\(field.key)"
    guard let i = computedInputs.firstIndex(of: name) else { return scannerCase }
    guard let newline = scannerCase.firstIndex(of: "\n") else { return scannerCase }
    let head = scannerCase[...newline]
    let indent = head.prefix { $0 == " " }
    return head + "\(indent)  this.inputsGiven |= \(1 << i)\n"
      + scannerCase[scannerCase.index(after: newline)...]
  }

  /// The scanner's `given` for the computed facts: each whose inputs were all given.
  fileprivate static func computedFactsGiven() -> String {
    var out = ""
    for c in computedFacts {
      if let field = c.field {
        // Given with the field of the event's own part.
        // As `leftOut`: the event's own part's field, else the first part's that has one.
        let first = events.first { hasField($0, field) }?.part ?? ""
        let firstBit = computedInputs.firstIndex(of: "\(first).\(field)").map { 1 << $0 } ?? 0
        out += "    switch situation.event {\n"
        for event in events where hasField(event, field) && event.part != first {
          let bit = computedInputs.firstIndex(of: "\(event.part).\(field)").map { 1 << $0 } ?? 0
          out += "    case .\(event.name): if inputsGiven & \(bit) != 0 { given |= Fact.\(c.name).bit }\n"
        }
        out += "    default: if inputsGiven & \(firstBit) != 0 { given |= Fact.\(c.name).bit }\n    }\n"
        continue
      }
      // A fact of the URL alone is given with the URL facts, above.
      if c.inputs.isEmpty { continue }
      let mask = c.inputs.compactMap { computedInputs.firstIndex(of: $0) }.reduce(0) { $0 | 1 << $1 }
      out += "    if inputsGiven & \(mask) == \(mask) { given |= Fact.\(c.name).bit }\n"
    }
    return out
  }

  /// The computed facts that read the event's URL and nothing else (`idnDomain`): like the URL
  /// facts, left out, and given, with the URL.
  static var urlOnlyComputedFacts: [ComputedFact] {
    computedFacts.filter { $0.field == nil && $0.inputs.isEmpty }
  }

  /// `FactSnapshot.computeFacts` and `Situation.url(of:event:)`.
  static func computedFactsCode() -> String {
    var out = """

      extension FactSnapshot {
        /// Computes the computed facts of `situation` from `url`, the URL the event reads (a
        /// redirect's open step reads the redirect's URL).
        mutating func computeFacts(_ situation: Situation, url: String?) {

      """
    for c in computedFacts { out += "    \(c.name) = situation.\(c.function)(url: url)\n" }
    out += """
        }
      }

      extension Situation {
        /// The URL `event` reads in `situation`.
        static func url(of situation: Situation, event: Event) -> String? {
          switch event {

      """
    for event in events {
      out += "    case .\(event.name): \(event.url.map { "situation.\(event.part).\($0)" } ?? "nil")\n"
    }
    return out + "    }\n  }\n}\n"
  }
}
