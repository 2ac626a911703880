import TapRouteAASA

/// A fast path for ``Situation/parse(_:file:)``: the usual situation read straight from its
/// bytes, with no JSON tree, no dictionaries and no diagnostics.
///
/// It accepts only what the strict reader accepts, and reads it the same way: the known keys
/// once each, the known values, `true`/`false`, `null` where the reader allows it, strings
/// without escapes, JSON white space, within the same size limits. Anything else, valid or
/// not (an escape, an unknown or repeated key, a number, a wrong type, a bad version, invalid
/// UTF-8, a byte-order mark), makes it give up and return nil, and the strict reader then
/// decides, so every check and every located message is the strict reader's. The tests hold
/// the two to the same answer on generated and mutated documents.
extension Situation {
  /// The situation in `bytes` when it is an ordinary one; nil sends it to the strict reader.
  ///
  /// With a `cache`, an `app.aasa` value is read here too: its bytes are looked up in the
  /// cache, and on a miss read by the strict reader alone and kept when it has no error.
  package static func parseCommon(_ bytes: [UInt8], cache: AASAFilesCache? = nil) -> Situation? {
    guard bytes.count <= maximumDocumentBytes else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      var scanner = SituationScanner(buffer)
      scanner.aasaCache = cache
      // Android on an event that does not read it is an error the strict reader reports; the
      // Android app's files (fingerprints checked, facts computed from them) are its too.
      return scanner.document().flatMap {
        ($0.platform != .android || $0.event.readsAndroid) && $0.android.fingerprints == nil ? $0 : nil
      }
    }
  }
}

/// Reads a situation byte by byte; every method returns nil (or false) to give up.
///
/// The readers of the situation's objects are generated from `SituationCatalog`
/// (`Generated/SituationCatalog+Generated.swift`); this file holds the JSON primitives.
package struct SituationScanner {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  /// The facts whose fields were given (``Fact/bit``s), for ``Situation/unspecified``.
  package var given: FactMask = 0
  /// The parts whose `url` was given (bit `i`: the catalog's nested part `i`).
  package var urlGiven: UInt32 = 0
  /// The fields computed facts read that were given (bit `i`: the catalog's input `i`).
  package var inputsGiven: UInt32 = 0

  /// Where `app.aasa` values already read are kept; nil leaves every file to the strict reader.
  package var aasaCache: AASAFilesCache?

  package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  package mutating func document() -> Situation? {
    skipSpace()
    guard let situation = situation() else { return nil }
    skipSpace()
    return index == bytes.count ? situation : nil
  }

  // MARK: The situation's objects

  package mutating func redirect() -> Redirect? {
    var redirect = Redirect()
    var seen = Seen()
    let ok = object { this, key in
      switch key {
      case "hooks":
        guard seen.first(0), let hooks = this.hooks() else { return false }
        redirect.hooks = hooks
        return true
      case "url": return seen.first(1) && this.url(into: &redirect.url)
      default: return false
      }
    }
    return ok ? redirect : nil
  }

  private mutating func hooks() -> Redirect.Hooks? {
    var hooks = Redirect.Hooks()
    guard take(UInt8(ascii: "[")) else { return nil }
    skipSpace()
    if take(UInt8(ascii: "]")) { return hooks }
    while true {
      skipSpace()
      guard let hook = choice(Names.hooks), hooks.insert(hook) else { return nil }
      skipSpace()
      if take(UInt8(ascii: ",")) { continue }
      return take(UInt8(ascii: "]")) ? hooks : nil
    }
  }

  // MARK: JSON

  /// The keys of one object seen so far, to give up on a repeated one.
  package struct Seen {
    private var bits: UInt64 = 0
    /// True the first time key number `bit` (below 64) is seen.
    package mutating func first(_ bit: UInt64) -> Bool {
      defer { bits |= 1 << bit }
      return bits & (1 << bit) == 0
    }
  }

  /// Reads an object, handing each key to `member`, which reads the value; false gives up.
  package mutating func object(_ member: (inout Self, Key) -> Bool) -> Bool {
    guard take(UInt8(ascii: "{")) else { return false }
    skipSpace()
    if take(UInt8(ascii: "}")) { return true }
    while true {
      skipSpace()
      guard let range = stringRange() else { return false }
      skipSpace()
      guard take(UInt8(ascii: ":")) else { return false }
      skipSpace()
      guard member(&self, Key(bytes: UnsafeBufferPointer(rebasing: bytes[range]))) else { return false }
      skipSpace()
      if take(UInt8(ascii: ",")) { continue }
      return take(UInt8(ascii: "}"))
    }
  }

  /// The bytes of the object at the reading position, found by balancing its brackets outside
  /// strings; nil when no object starts here or it does not end. Nothing else is validated:
  /// the caller reads the bytes strictly, or compares them with bytes that were.
  package mutating func skipObject() -> UnsafeBufferPointer<UInt8>? {
    let start = index
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
    var depth = 0
    var inString = false
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
        depth += 1
      } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
        depth -= 1
        if depth == 0 { return UnsafeBufferPointer(rebasing: bytes[start..<index]) }
      }
    }
    return nil
  }

  /// A key's bytes, matched against names in a `switch` (`case "url":`).
  package struct Key {
    package var bytes: UnsafeBufferPointer<UInt8>

    package static func ~= (name: StaticString, key: Key) -> Bool {
      name.withUTF8Buffer { $0.elementsEqual(key.bytes) }
    }
  }

  /// The bytes inside a string without escapes or control characters, or nil.
  private mutating func stringRange() -> Range<Int>? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return start..<index - 1
      }
      // An escape or a control character: the strict reader's business.
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      index += 1
    }
    return nil
  }

  /// A string that is valid UTF-8, or nil.
  package mutating func string() -> String? {
    guard let range = stringRange() else { return nil }
    let text = UnsafeBufferPointer(rebasing: bytes[range])
    guard UTF8Validation.firstInvalidOffset(in: text) == nil else { return nil }
    return String(decoding: text, as: UTF8.self)
  }

  /// A URL (a string or null) into `target`. Only a URL of at most ``Situation/maximumURLLength``
  /// bytes is read here: it has at most as many characters, so the strict reader's limit
  /// holds; a longer one, within the limit or not, is left to the strict reader to count.
  package mutating func url(into target: inout String?) -> Bool {
    if null() {
      target = nil
      return true
    }
    guard let range = stringRange(), range.count <= Situation.maximumURLLength else { return false }
    let text = UnsafeBufferPointer(rebasing: bytes[range])
    guard UTF8Validation.firstInvalidOffset(in: text) == nil else { return false }
    target = String(decoding: text, as: UTF8.self)
    return true
  }

  /// A string or null into `target`, read as ``url(into:)`` reads a URL (`app.appID`).
  package mutating func text(into target: inout String?) -> Bool { url(into: &target) }

  /// An array of strings, or null, into `target` (`app.urlSchemes`); each string read as
  /// ``url(into:)`` reads a URL.
  package mutating func texts(into target: inout [String]?) -> Bool {
    if null() {
      target = nil
      return true
    }
    guard take(UInt8(ascii: "[")) else { return false }
    var texts: [String] = []
    skipSpace()
    if take(UInt8(ascii: "]")) {
      target = texts
      return true
    }
    while true {
      skipSpace()
      var text: String?
      guard !null(), url(into: &text), let text else { return false }
      texts.append(text)
      skipSpace()
      if take(UInt8(ascii: ",")) { continue }
      guard take(UInt8(ascii: "]")) else { return false }
      target = texts
      return true
    }
  }

  /// One of `names`, written as a string.
  package mutating func choice<T>(_ names: [([UInt8], T)]) -> T? {
    guard let range = stringRange() else { return nil }
    let text = UnsafeBufferPointer(rebasing: bytes[range])
    for (name, value) in names where name.elementsEqual(text) { return value }
    return nil
  }

  package mutating func bool(into target: inout Bool) -> Bool {
    if literal("true") {
      target = true
      return true
    }
    if literal("false") {
      target = false
      return true
    }
    return false
  }

  package mutating func null() -> Bool { literal("null") }

  private mutating func literal(_ word: StaticString) -> Bool {
    word.withUTF8Buffer { word in
      guard bytes.count - index >= word.count,
        UnsafeBufferPointer(rebasing: bytes[index..<index + word.count]).elementsEqual(word)
      else { return false }
      index += word.count
      return true
    }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
      default: return
      }
    }
  }

  /// The hook names, as bytes, made once.
  private enum Names {
    static let hooks = SituationNames.table(Redirect.Hook.self)
  }
}
