import TapRouteAASA

// Reads `evidence.json`: every entry's claim, confidence and sources, each source checked
// for a known kind, a date of the form YYYY[-MM[-DD]], an http(s) link, a seed file name.

extension PolicyLoader {
  // MARK: evidence.json

  /// Reads an evidence registry. With `clientIDs`, a client's own registry beside the
  /// policies' (named by a fixture file's `evidenceFile`): its ids take the wider form
  /// ``isClientEvidenceID(_:)`` allows, so a team's own ids (`MY-NOTE-1`) cannot be mistaken
  /// for the shipped ones.
  package mutating func readEvidence(_ root: JSONValue, file: String, clientIDs: Bool = false)
    -> [EvidenceEntry]
  {
    var reader = JSONReader(file: file, codes: .policy)
    defer { append(reader.sortedDiagnostics) }
    guard let fields = reader.object(root, path: "$", allowed: ["$schema", "evidence"]),
      let list = reader.require(fields, "evidence", path: "$", at: root.location)
    else { return [] }
    guard let members = list.objectValue else {
      reader.wrongType(list, expected: "an object of evidence ids", path: "$.evidence")
      return []
    }
    var entries: [EvidenceEntry] = []
    for member in members {
      let path = JSONReader.join("$.evidence", member.key)
      if clientIDs ? !Self.isClientEvidenceID(member.key) : !Self.isEvidenceID(member.key) {
        reader.error(
          .policyWrongType,
          clientIDs
            ? "evidence id \(Words.quoted(member.key)) is not of the form MY-NOTE-1 (capital letters, digits and single dashes, at most 32)"
            : "evidence id \(Words.quoted(member.key)) is not of the form S004-1, D-1 or IOSN-1",
          path: path, at: member.keyLocation)
      }
      if let entry = Self.evidenceEntry(
        member.value, id: member.key, at: member.keyLocation, path: path, reader: &reader)
      {
        entries.append(entry)
      }
    }
    return entries
  }

  private static func evidenceEntry(
    _ value: JSONValue, id: String, at keyLocation: SourcePosition, path: String, reader: inout JSONReader
  ) -> EvidenceEntry? {
    // `source` stays allowed here only to say what replaced it.
    let keys = ["claim", "confidence", "sources", "note", "uncited", "source"]
    guard let f = reader.object(value, path: path, allowed: keys) else { return nil }
    if let old = f["source"] {
      reader.error(
        .policyUnknownKey,
        "the free-text \"source\" is replaced by \"sources\": a list of {kind, title, url or file, date, platforms}",
        path: path + ".source", at: old.location)
    }
    let claim = reader.require(f, "claim", path: path, at: value.location).flatMap {
      reader.string($0, path: path + ".claim")
    }
    let confidence = confidence(f, path: path, at: value.location, reader: &reader)
    var sources: [EvidenceEntry.Source]?
    if f["source"] == nil, let list = reader.require(f, "sources", path: path, at: value.location),
      let items = reader.array(list, path: path + ".sources")
    {
      if items.isEmpty {
        reader.error(
          .policyMissingField, "an evidence entry needs at least one source", path: path + ".sources",
          at: list.location)
      }
      let read = items.enumerated().map { i, item in
        source(item, path: JSONReader.join(path + ".sources", i), reader: &reader)
      }
      sources = read.contains(nil) || read.isEmpty ? nil : read.compactMap { $0 }
    }
    let note = f["note"].flatMap { reader.string($0, path: path + ".note") }
    let uncited = f["uncited"].flatMap { reader.string($0, path: path + ".uncited") }
    guard let claim, let confidence, let sources, f["source"] == nil else { return nil }
    return EvidenceEntry(
      id: id, claim: claim, confidence: confidence, sources: sources, note: note, uncited: uncited,
      location: keyLocation)
  }

  private static func source(_ value: JSONValue, path: String, reader: inout JSONReader) -> EvidenceEntry
    .Source?
  {
    guard
      let f = reader.object(
        value, path: path,
        allowed: [
          "kind", "title", "url", "file", "date", "platforms", "note", "quote", "quoteEnglish", "where",
        ])
    else { return nil }
    let before = reader.diagnostics.count
    let kind = reader.require(f, "kind", path: path, at: value.location).flatMap {
      sourceKind($0, path: path + ".kind", reader: &reader)
    }
    let title = reader.require(f, "title", path: path, at: value.location).flatMap {
      reader.string($0, path: path + ".title")
    }
    if let title, title.isEmpty {
      reader.error(
        .policyMissingField, "a source needs a title", path: path + ".title", at: f["title"]?.location)
    }
    var url: String?
    if let u = f["url"], let text = reader.nullableString(u, path: path + ".url") ?? nil {
      if !isWebLink(text) {
        reader.error(
          .badSourceURL, "url \(Words.quoted(text)) is not an http or https link", path: path + ".url",
          at: u.location)
      }
      url = text
    }
    var file: String?
    if let v = f["file"], let text = reader.string(v, path: path + ".file") {
      if !isSeedFileName(text) {
        reader.error(
          .badSeedFile,
          "file \(Words.quoted(text)) is not a seed file name of the form seeds/NNN_<hex>.txt",
          path: path + ".file", at: v.location)
      } else if let kind, kind != .seed && kind != .inference {
        reader.error(
          .badSourceFields,
          "only a seed, or an inference drawn in one, names a seed file; give a url instead",
          path: path + ".file", at: v.location)
      }
      file = text
    }
    if kind == .seed && f["file"] == nil {
      reader.error(
        .badSourceFields, "a seed source names its file (seeds/NNN_<hex>.txt)", path: path, at: value.location
      )
    }
    var date: String?
    if let d = reader.require(f, "date", path: path, at: value.location),
      let text = reader.nullableString(d, path: path + ".date") ?? nil
    {
      if !isSourceDate(text) {
        reader.error(
          .badSourceDate,
          "date \(Words.quoted(text)) is not of the form YYYY, YYYY-MM or YYYY-MM-DD (or null when undated)",
          path: path + ".date", at: d.location)
      }
      date = text
    }
    var platforms: [String] = []
    if let p = reader.require(f, "platforms", path: path, at: value.location),
      let items = reader.array(p, path: path + ".platforms")
    {
      platforms = items.enumerated().compactMap { i, item in
        reader.string(item, path: JSONReader.join(path + ".platforms", i))
      }
    }
    let note = f["note"].flatMap { reader.string($0, path: path + ".note") }
    let quote = f["quote"].flatMap { reader.string($0, path: path + ".quote") }
    let quoteEnglish = f["quoteEnglish"].flatMap { reader.string($0, path: path + ".quoteEnglish") }
    let quoteLocation = f["where"].flatMap { reader.string($0, path: path + ".where") }
    for (key, text) in [("quote", quote), ("quoteEnglish", quoteEnglish), ("where", quoteLocation)] {
      if let text, text.isEmpty {
        reader.error(
          .policyMissingField, "\(Words.quoted(key)) is empty; leave it out instead", path: path + "." + key,
          at: f[key]?.location)
      }
    }
    if quoteEnglish != nil && quote == nil {
      reader.error(
        .badSourceFields, "\"quoteEnglish\" renders a \"quote\"; give the quote in the source's own words",
        path: path + ".quoteEnglish", at: f["quoteEnglish"]?.location)
    }
    guard let kind, let title, reader.diagnostics.count == before else { return nil }
    return EvidenceEntry.Source(
      kind: kind, title: title, url: url, file: file, date: date, platforms: platforms, note: note,
      quote: quote, quoteEnglish: quoteEnglish, quoteLocation: quoteLocation, location: value.location)
  }

  /// The source kind, reported with its own code (TR120) so a misspelt kind stands out.
  private static func sourceKind(_ value: JSONValue, path: String, reader: inout JSONReader)
    -> EvidenceEntry.Source.Kind?
  {
    guard let text = reader.string(value, path: path) else { return nil }
    if let kind = EvidenceEntry.Source.Kind(rawValue: text) { return kind }
    let names = EvidenceEntry.Source.Kind.allCases.map(\.rawValue)
    let hint = JSONReader.nearest(text, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""
    reader.error(
      .unknownSourceKind,
      "unknown source kind \(Words.quoted(text)); expected one of \(names.joined(separator: ", "))\(hint)",
      path: path, at: value.location)
    return nil
  }

  /// `http://` or `https://` followed by a host, and no spaces or control characters.
  package static func isWebLink(_ text: String) -> Bool {
    let lower = text.lowercased()
    guard let scheme = ["https://", "http://"].first(where: { lower.hasPrefix($0) }) else { return false }
    let rest = text.utf8.dropFirst(scheme.utf8.count)
    guard let first = rest.first, first != UInt8(ascii: "/") else { return false }
    return rest.allSatisfy { $0 > 0x20 && $0 != 0x7F }
  }

  /// `seeds/` + three digits + `_` + lowercase hex + `.txt`.
  package static func isSeedFileName(_ text: String) -> Bool {
    let prefix = "seeds/"
    let suffix = ".txt"
    guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.utf8.count <= 96 else { return false }
    let stem = Array(text.utf8.dropFirst(prefix.utf8.count).dropLast(suffix.utf8.count))
    guard stem.count >= 5, stem[3] == UInt8(ascii: "_") else { return false }
    let digit = { (b: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) }
    let hex = { (b: UInt8) in digit(b) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b) }
    return stem[0..<3].allSatisfy(digit) && stem[4...].allSatisfy(hex)
  }

  /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, with a month 01-12 and a day 01-31.
  package static func isSourceDate(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    let widths = [4, 2, 2]
    guard (1...3).contains(parts.count) else { return false }
    var numbers: [Int] = []
    for (part, width) in zip(parts, widths) {
      guard part.utf8.count == width, part.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let n = Int(part)
      else { return false }
      numbers.append(n)
    }
    if numbers.count > 1 && !(1...12).contains(numbers[1]) { return false }
    if numbers.count > 2 && !(1...31).contains(numbers[2]) { return false }
    return true
  }

  /// `S004-10`, `D-1`, `IOSN-21`: one to four capital letters, optional digits, a dash,
  /// digits (the ids of the DOMAIN digests, whose IAB and IOSN items have longer prefixes).
  package static func isEvidenceID(_ id: String) -> Bool {
    let bytes = Array(id.utf8)
    guard let dash = bytes.firstIndex(of: UInt8(ascii: "-")), dash >= 1, dash < bytes.count - 1,
      bytes.count <= 16
    else { return false }
    let upper = { (b: UInt8) in (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b) }
    let digit = { (b: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) }
    let letters = bytes[..<dash].prefix(while: upper).count
    guard (1...4).contains(letters) else { return false }
    return bytes[letters..<dash].allSatisfy(digit) && bytes[(dash + 1)...].allSatisfy(digit)
  }

  /// A client registry's id: capital letters and digits in groups joined by single dashes,
  /// starting with a letter, at most 32 bytes (`MY-NOTE-1`, `QA-2026-11-20`).
  package static func isClientEvidenceID(_ id: String) -> Bool {
    let bytes = Array(id.utf8)
    guard let first = bytes.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first), bytes.count <= 32,
      bytes.last != UInt8(ascii: "-")
    else { return false }
    var previous: UInt8 = 0
    for byte in bytes {
      let upper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
      let digit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      let dash = byte == UInt8(ascii: "-")
      guard upper || digit || (dash && previous != UInt8(ascii: "-")) else { return false }
      previous = byte
    }
    return true
  }
}
