import TapRouteAASA

/// The manifest's bytes, to locate elements and attributes exactly: XMLParser reports where a
/// start tag ends (and counts columns its own way), so the reader finds each tag's `<` itself.
struct AndroidManifestSource {
  let bytes: [UInt8]
  /// The offset at which each line starts.
  private let lineStarts: [Int]
  /// Where the search for the next start tag begins: tags come in document order.
  private var cursor = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    var starts = [0]
    for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(i + 1) }
    lineStarts = starts
  }

  /// The line and column (from 1, in UTF-8 bytes) of `offset`.
  func position(_ offset: Int) -> SourcePosition {
    var low = 0, high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return SourcePosition(line: low + 1, column: offset - lineStarts[low] + 1)
  }

  /// The byte range of the next start tag named `name` (from its `<` to its `>`), skipping
  /// comments, CDATA sections, processing instructions and declarations; nil if not found.
  mutating func nextStartTag(_ name: String) -> Range<Int>? {
    let name = Array(name.utf8)
    var i = cursor
    while i < bytes.count {
      guard bytes[i] == UInt8(ascii: "<") else {
        i += 1
        continue
      }
      if starts("<!--", at: i) {
        i = skip(past: "-->", from: i + 4)
      } else if starts("<![CDATA[", at: i) {
        i = skip(past: "]]>", from: i + 9)
      } else if starts("<?", at: i) {
        i = skip(past: "?>", from: i + 2)
      } else if starts("<!", at: i) || starts("</", at: i) {
        i = skip(past: ">", from: i + 2)
      } else if bytes[(i + 1)...].starts(with: name), isNameEnd(at: i + 1 + name.count) {
        let end = tagEnd(from: i + 1 + name.count)
        cursor = end
        return i..<end
      } else {
        i += 1
      }
    }
    return nil
  }

  /// Where attribute `name` is written inside `tag`, or the tag's start if it is not found.
  func attribute(_ name: String, in tag: Range<Int>) -> SourcePosition {
    let name = Array(name.utf8)
    var i = tag.lowerBound + 1
    var quote: UInt8?
    while i < tag.upperBound {
      let byte = bytes[i]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if isSpace(bytes[i - 1]), bytes[i...].starts(with: name) {
        var j = i + name.count
        while j < tag.upperBound && isSpace(bytes[j]) { j += 1 }
        if j < tag.upperBound && bytes[j] == UInt8(ascii: "=") { return position(i) }
      }
      i += 1
    }
    return position(tag.lowerBound)
  }

  /// The offsets of `${` inside `tag`'s attribute values, with the placeholder written there.
  func placeholders(in tag: Range<Int>) -> [(offset: Int, text: String)] {
    var found: [(Int, String)] = []
    var i = tag.lowerBound
    while i + 1 < tag.upperBound {
      if bytes[i] == UInt8(ascii: "$") && bytes[i + 1] == UInt8(ascii: "{") {
        var j = i + 2
        while j < tag.upperBound && bytes[j] != UInt8(ascii: "}") && bytes[j] != UInt8(ascii: "\"")
          && bytes[j] != UInt8(ascii: "'") && j - i < 200
        {
          j += 1
        }
        let closed = j < tag.upperBound && bytes[j] == UInt8(ascii: "}")
        let text = String(decoding: bytes[i..<(closed ? j + 1 : j)], as: UTF8.self)
        found.append((i, text))
        i = j
      } else {
        i += 1
      }
    }
    return found
  }

  private func starts(_ text: String, at i: Int) -> Bool { bytes[i...].starts(with: text.utf8) }

  private func skip(past text: String, from start: Int) -> Int {
    let end = Array(text.utf8)
    var i = start
    while i < bytes.count {
      if bytes[i...].starts(with: end) { return i + end.count }
      i += 1
    }
    return bytes.count
  }

  private func isNameEnd(at i: Int) -> Bool {
    i >= bytes.count || isSpace(bytes[i]) || bytes[i] == UInt8(ascii: ">") || bytes[i] == UInt8(ascii: "/")
  }

  private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// The offset just past the `>` that ends a tag, skipping quoted attribute values.
  private func tagEnd(from start: Int) -> Int {
    var i = start
    var quote: UInt8?
    while i < bytes.count {
      let byte = bytes[i]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        return i + 1
      }
      i += 1
    }
    return bytes.count
  }
}
