@_spi(Generated) import TapRoute

/// Writes compact JSON straight into a reusable byte buffer, for output in bulk
/// (`decide --lines --json`).
///
/// The bytes are the ones `JSONEncoder` writes with `[.sortedKeys, .withoutEscapingSlashes]`
/// (``DecisionText/encode(_:pretty:)`` without `pretty`): no white space; in strings `"` and
/// `\` escaped, `\b \t \n \f \r` for those controls, `\u00XX` (lower-case hex) for the other
/// controls, and everything else, `/` and non-ASCII included, passed through as UTF-8. Callers
/// write members in sorted key order themselves; the tests compare the bytes with
/// `JSONEncoder`'s. Nothing here allocates per value once the buffer has grown to its size.
package struct JSONWriter {
  /// The JSON written since the last ``removeAll()``.
  package private(set) var bytes: [UInt8] = []
  /// True when the next member or element needs a comma before it.
  private var needsComma = false
  /// The holes of the template being recorded (``recordTemplate(_:)``); nil when not recording.
  private var recordedHoles: [JSONTemplate.Hole]?
  /// The decisions' templates recorded so far (``decision(_:line:cited:)``).
  var decisionTemplates = DecisionTemplates()

  package init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// Empties the buffer, keeping its capacity, to write the next document.
  package mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    needsComma = false
  }

  /// Appends bytes that are not JSON (a newline between documents, text output); the next
  /// value starts a new document.
  package mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    needsComma = false
  }

  /// Appends the UTF-8 of `text` as is; the next value starts a new document.
  package mutating func raw(_ text: String) {
    bytes.append(contentsOf: text.utf8)
    needsComma = false
  }

  // MARK: Containers

  package mutating func beginObject() {
    comma()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
  }

  package mutating func endObject() {
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  package mutating func beginArray() {
    comma()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
  }

  package mutating func endArray() {
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  /// Starts a member: `"key":`. The key is written as is, so it must need no escaping.
  package mutating func key(_ name: StaticString) {
    comma()
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// Starts a member whose key is a `String` that needs no escaping (a fact's name).
  package mutating func key(_ name: String) {
    comma()
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: name.utf8)
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  /// A boolean value.
  package mutating func bool(_ value: Bool) {
    comma()
    raw(value ? "true" : "false")
    needsComma = true
  }

  // MARK: Values

  package mutating func string(_ value: String) {
    comma()
    var value = value
    value.withUTF8 { escaped($0) }
    needsComma = true
  }

  package mutating func int(_ value: Int) {
    comma()
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    // Digits least significant first, then put in order.
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
    needsComma = true
  }

  /// A string member, left out when `value` is nil (`encodeIfPresent`).
  package mutating func member(_ name: StaticString, _ value: String?) {
    guard let value else { return }
    key(name)
    string(value)
  }

  /// An integer member, left out when `value` is nil (`encodeIfPresent`).
  package mutating func member(_ name: StaticString, _ value: Int?) {
    guard let value else { return }
    key(name)
    int(value)
  }

  /// An array of strings.
  package mutating func strings(_ values: some Sequence<String>) {
    beginArray()
    for value in values { string(value) }
    endArray()
  }

  // MARK: Templates

  /// True while a template is recorded: the writer of a value that can be a hole asks.
  var isRecording: Bool { recordedHoles != nil }

  /// Leaves a hole for one value in the template being recorded (`slot` says which value the
  /// writer of the template fills in); does nothing when not recording.
  mutating func hole(_ slot: Int) {
    comma()
    recordedHoles?.append(JSONTemplate.Hole(offset: bytes.count, slot: slot))
    needsComma = true
  }

  /// Records the one value `write` writes, with the holes it leaves (``hole(_:)``), as a
  /// template; the writer is left empty.
  static func recordTemplate(_ write: (inout JSONWriter) -> Void) -> JSONTemplate {
    var recorder = JSONWriter()
    recorder.recordedHoles = []
    write(&recorder)
    return JSONTemplate(bytes: recorder.bytes, holes: recorder.recordedHoles ?? [])
  }

  /// Writes `template` as the next value, `fill` writing the one value of each hole.
  mutating func write(_ template: JSONTemplate, fill: (inout JSONWriter, Int) -> Void) {
    comma()
    var start = 0
    template.bytes.withUnsafeBufferPointer { recorded in
      for hole in template.holes {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: recorded[start..<hole.offset]))
        needsComma = false
        fill(&self, hole.slot)
        start = hole.offset
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: recorded[start...]))
    }
    needsComma = true
  }

  private mutating func comma() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  /// A quoted string, copying runs that need no escape in one append each.
  private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(UInt8(ascii: "\""))
    var runStart = 0
    var i = 0
    while i < utf8.count {
      // Eight bytes at a time while none of them needs an escape.
      if utf8.count - i >= 8, let base = utf8.baseAddress,
        !Self.needsEscape(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
      {
        i += 8
        continue
      }
      let byte = utf8[i]
      if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
        i += 1
        continue
      }
      if runStart < i { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i])) }
      bytes.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
      case 0x08: bytes.append(UInt8(ascii: "b"))
      case 0x09: bytes.append(UInt8(ascii: "t"))
      case 0x0A: bytes.append(UInt8(ascii: "n"))
      case 0x0C: bytes.append(UInt8(ascii: "f"))
      case 0x0D: bytes.append(UInt8(ascii: "r"))
      default:
        bytes.append(UInt8(ascii: "u"))
        bytes.append(UInt8(ascii: "0"))
        bytes.append(UInt8(ascii: "0"))
        bytes.append(Self.hex(byte >> 4))
        bytes.append(Self.hex(byte & 0xF))
      }
      i += 1
      runStart = i
    }
    if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    bytes.append(UInt8(ascii: "\""))
  }

  /// True when any of the eight bytes is `"`, `\` or a control character (below 0x20),
  /// by the has-zero-byte bit trick: `(x - 0x01..) & ~x & 0x80..` is nonzero exactly when a
  /// byte of `x` is zero, and below 0x20 likewise with 0x20 subtracted.
  private static func needsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
    let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
    let zeroQuote = (quote &- ones) & ~quote
    let zeroBackslash = (backslash &- ones) & ~backslash
    let control = (word &- ones &* 0x20) & ~word
    return (zeroQuote | zeroBackslash | control) & highs != 0
  }

  private static func hex(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
  }
}

/// A JSON value recorded once with holes, written many times with the holes filled in
/// (``JSONWriter/write(_:fill:)``).
struct JSONTemplate: Sendable {
  /// The value's bytes, without the holes' values.
  let bytes: [UInt8]
  /// Where a value goes, in byte order.
  let holes: [Hole]

  struct Hole: Sendable {
    /// Where in `bytes` the value goes.
    let offset: Int
    /// Which value goes there (what the template's writer numbers them).
    let slot: Int
  }

  /// True when `bytes` holds `needle` anywhere.
  func contains(_ needle: some Collection<UInt8>) -> Bool {
    guard let first = needle.first, bytes.count >= needle.count else { return false }
    for i in 0...(bytes.count - needle.count) where bytes[i] == first {
      if bytes[i..<(i + needle.count)].elementsEqual(needle) { return true }
    }
    return false
  }
}
