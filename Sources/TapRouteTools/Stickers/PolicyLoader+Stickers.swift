@_spi(Generated) import TapRoute
import TapRouteAASA

// The reader of `stickers.json`, beside the sticker stage it feeds.

extension PolicyLoader {
  mutating func readStickers(_ root: JSONValue, file: String, knownEvidence: Set<String>?) -> StickerRules? {
    var reader = JSONReader(file: file, codes: .policy)
    defer { append(reader.sortedDiagnostics) }
    guard
      let fields = reader.object(
        root, path: "$",
        allowed: ["$schema", "formats", "maximumBytes", "sizeClasses", "sizeEvidence", "sizeNote"])
    else { return nil }
    var formats: [StickerHeader.Format: StickerRules.FormatRule] = [:]
    if let f = reader.require(fields, "formats", path: "$", at: root.location), let members = f.objectValue {
      for member in members {
        let path = JSONReader.join("$.formats", member.key)
        guard let format = StickerHeader.Format(rawValue: member.key) else {
          reader.error(
            .unknownValue,
            "unknown sticker format \(Words.quoted(member.key)); expected one of png, apng, gif, jpeg",
            path: path,
            at: member.keyLocation)
          continue
        }
        guard
          let r = reader.object(
            member.value, path: path, allowed: ["animated", "transparency", "advice", "evidence"])
        else { continue }
        let animated = reader.require(r, "animated", path: path, at: member.value.location).flatMap {
          reader.bool($0, path: path + ".animated")
        }
        let transparency = reader.require(r, "transparency", path: path, at: member.value.location).flatMap {
          reader.bool($0, path: path + ".transparency")
        }
        let advice = r["advice"].flatMap { reader.string($0, path: path + ".advice") }
        let evidence =
          reader.require(r, "evidence", path: path, at: member.value.location).map {
            Self.evidenceIDs(
              $0, path: path + ".evidence", citer: "sticker rule", known: knownEvidence, requireOne: true,
              reader: &reader)
          } ?? []
        if let animated, let transparency {
          formats[format] = StickerRules.FormatRule(
            animated: animated, transparency: transparency, advice: advice, evidence: evidence)
        }
      }
    } else if let f = fields["formats"] {
      reader.wrongType(f, expected: "an object of formats", path: "$.formats")
    }
    var maximumBytes = 0
    var maximumEvidence: [String] = []
    var maximumNote: String?
    if let m = reader.require(fields, "maximumBytes", path: "$", at: root.location),
      let r = reader.object(m, path: "$.maximumBytes", allowed: ["value", "evidence", "note"])
    {
      if let v = reader.require(r, "value", path: "$.maximumBytes", at: m.location) {
        if case .number(let n) = v.kind, n >= 1, n <= 1e9, n == n.rounded() {
          maximumBytes = Int(n)
        } else {
          reader.wrongType(v, expected: "a whole number of bytes", path: "$.maximumBytes.value")
        }
      }
      maximumEvidence =
        reader.require(r, "evidence", path: "$.maximumBytes", at: m.location).map {
          Self.evidenceIDs(
            $0, path: "$.maximumBytes.evidence", citer: "sticker rule", known: knownEvidence,
            requireOne: true, reader: &reader)
        } ?? []
      maximumNote = r["note"].flatMap { reader.string($0, path: "$.maximumBytes.note") }
    }
    var classes: [StickerRules.SizeClass] = []
    if let c = reader.require(fields, "sizeClasses", path: "$", at: root.location),
      let members = c.objectValue
    {
      for member in members {
        let path = JSONReader.join("$.sizeClasses", member.key)
        guard let r = reader.object(member.value, path: path, allowed: ["points", "pixels"]) else { continue }
        func whole(_ key: String) -> Int? {
          guard let v = reader.require(r, key, path: path, at: member.value.location) else { return nil }
          if case .number(let n) = v.kind, n >= 1, n <= 100_000, n == n.rounded() { return Int(n) }
          reader.wrongType(v, expected: "a whole number", path: path + "." + key)
          return nil
        }
        if let points = whole("points"), let pixels = whole("pixels") {
          classes.append(StickerRules.SizeClass(name: member.key, points: points, pixels: pixels))
        }
      }
    }
    let sizeEvidence =
      reader.require(fields, "sizeEvidence", path: "$", at: root.location).map {
        Self.evidenceIDs(
          $0, path: "$.sizeEvidence", citer: "sticker rule", known: knownEvidence, requireOne: true,
          reader: &reader)
      } ?? []
    let sizeNote = fields["sizeNote"].flatMap { reader.string($0, path: "$.sizeNote") }
    return StickerRules(
      formats: formats, maximumBytes: maximumBytes, maximumBytesEvidence: maximumEvidence,
      maximumBytesNote: maximumNote,
      sizeClasses: classes, sizeEvidence: sizeEvidence, sizeNote: sizeNote, file: file)
  }
}
