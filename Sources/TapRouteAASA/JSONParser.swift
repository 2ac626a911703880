/// A strict RFC 8259 JSON parser over UTF-8 bytes that records source locations.
///
/// It refuses what a lenient parser would guess at: invalid UTF-8, control characters in
/// strings, lone surrogate escapes, trailing commas, duplicate object keys, nesting deeper
/// than ``maximumDepth`` and trailing text. It never traps on any input.
package struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  package static let defaultMaximumDepth = 64

  /// A parse failure with the place it happened.
  package struct Failure: Error, Sendable, Equatable {
    package var message: String
    package var location: SourcePosition
  }

  private let bytes: [UInt8]
  private let maximumDepth: Int
  private var index = 0
  private var line = 1
  private var lineStart = 0

  private init(bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  /// Parses one JSON document; surrounding white space is allowed, anything else is not.
  package static func parse(
    _ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth
  ) -> Result<JSONValue, Failure> {
    var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
    do {
      if let bad = UTF8Validation.firstInvalidOffset(in: bytes) {
        parser.moveLocation(to: bad)
        throw parser.failure("invalid UTF-8 byte 0x\(String(bytes[bad], radix: 16, uppercase: true))")
      }
      // A leading byte-order mark is tolerated, as many editors write one.
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        parser.index = 3
        parser.lineStart = 3
      }
      parser.skipWhitespace()
      let value = try parser.parseValue(depth: 0)
      parser.skipWhitespace()
      if parser.index < bytes.count {
        throw parser.failure("unexpected text after the JSON value")
      }
      return .success(value)
    } catch let error as Failure {
      return .failure(error)
    } catch {
      return .failure(Failure(message: "\(error)", location: parser.location))
    }
  }

  /// Parses a document given as a string.
  package static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) -> Result<
    JSONValue, Failure
  > {
    parse(Array(text.utf8), maximumDepth: maximumDepth)
  }

  private var location: SourcePosition {
    SourcePosition(line: line, column: index - lineStart + 1)
  }

  private func failure(_ message: String) -> Failure {
    Failure(message: message, location: location)
  }

  /// Recomputes line and column for a byte offset (used only when reporting an error).
  private mutating func moveLocation(to offset: Int) {
    line = 1
    lineStart = 0
    var i = 0
    while i < offset && i < bytes.count {
      if bytes[i] == UInt8(ascii: "\n") {
        line += 1
        lineStart = i + 1
      }
      i += 1
    }
    index = offset
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        index += 1
      case UInt8(ascii: "\n"):
        index += 1
        line += 1
        lineStart = index
      default:
        return
      }
    }
  }

  private mutating func parseValue(depth: Int) throws -> JSONValue {
    guard index < bytes.count else { throw failure("unexpected end of input; expected a value") }
    let start = location
    switch bytes[index] {
    case UInt8(ascii: "{"):
      return JSONValue(.object(try parseObject(depth: depth + 1)), at: start)
    case UInt8(ascii: "["):
      return JSONValue(.array(try parseArray(depth: depth + 1)), at: start)
    case UInt8(ascii: "\""):
      return JSONValue(.string(try parseString()), at: start)
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return JSONValue(.bool(true), at: start)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return JSONValue(.bool(false), at: start)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return JSONValue(.null, at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(.number(try parseNumber()), at: start)
    default:
      throw failure("unexpected character \(describe(bytes[index])); expected a value")
    }
  }

  private func describe(_ byte: UInt8) -> String {
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "0x\(String(byte, radix: 16, uppercase: true))"
  }

  private mutating func expectLiteral(_ literal: StaticString) throws {
    let text = literal.withUTF8Buffer { Array($0) }
    guard index + text.count <= bytes.count, Array(bytes[index..<index + text.count]) == text else {
      throw failure("invalid literal; expected \(literal)")
    }
    index += text.count
  }

  private mutating func checkDepth(_ depth: Int) throws {
    if depth > maximumDepth {
      throw failure("nesting deeper than \(maximumDepth) levels")
    }
  }

  private mutating func parseObject(depth: Int) throws -> [JSONValue.Member] {
    try checkDepth(depth)
    index += 1  // {
    var members: [JSONValue.Member] = []
    var seen: Set<String> = []
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
      index += 1
      return members
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of input inside an object") }
      guard bytes[index] == UInt8(ascii: "\"") else {
        throw failure("expected a quoted key, found \(describe(bytes[index]))")
      }
      let keyLocation = location
      let key = try parseString()
      if !seen.insert(key).inserted {
        throw Failure(message: "duplicate key \(Words.quoted(key))", location: keyLocation)
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw failure("expected ':' after key \(Words.quoted(key))")
      }
      index += 1
      skipWhitespace()
      let value = try parseValue(depth: depth)
      members.append(JSONValue.Member(key: key, keyLocation: keyLocation, value: value))
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of input inside an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
          throw failure("trailing comma before '}'")
        }
        continue
      }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return members
      }
      throw failure("expected ',' or '}' in an object, found \(describe(bytes[index]))")
    }
  }

  private mutating func parseArray(depth: Int) throws -> [JSONValue] {
    try checkDepth(depth)
    index += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
      index += 1
      return elements
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      guard index < bytes.count else { throw failure("unexpected end of input inside an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
          throw failure("trailing comma before ']'")
        }
        continue
      }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return elements
      }
      throw failure("expected ',' or ']' in an array, found \(describe(bytes[index]))")
    }
  }

  private mutating func parseString() throws -> String {
    index += 1  // opening quote
    var buffer: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        // The input was validated as UTF-8 and escapes append whole scalars, so this decode
        // never repairs anything.
        return String(decoding: buffer, as: UTF8.self)
      case UInt8(ascii: "\\"):
        index += 1
        buffer.append(contentsOf: String(try parseEscape()).utf8)
      case 0x00..<0x20:
        throw failure(
          byte == UInt8(ascii: "\n")
            ? "unterminated string" : "unescaped control character \(describe(byte)) in a string")
      default:
        buffer.append(byte)
        index += 1
      }
    }
    throw failure("unterminated string")
  }

  private mutating func parseEscape() throws -> Unicode.Scalar {
    guard index < bytes.count else { throw failure("unterminated escape sequence") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try parseHex4()
      if (0xD800..<0xDC00).contains(first) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw failure("unpaired surrogate escape \\u\(String(first, radix: 16))") }
        index += 2
        let second = try parseHex4()
        guard (0xDC00..<0xE000).contains(second) else {
          throw failure("invalid low surrogate escape \\u\(String(second, radix: 16))")
        }
        let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        guard let scalar = Unicode.Scalar(value) else { throw failure("invalid escape") }
        return scalar
      }
      guard let scalar = Unicode.Scalar(first) else {
        throw failure("unpaired surrogate escape \\u\(String(first, radix: 16))")
      }
      return scalar
    default:
      index -= 1
      throw failure("invalid escape '\\\(describe(byte))'")
    }
  }

  private mutating func parseHex4() throws -> UInt32 {
    guard index + 4 <= bytes.count else { throw failure("truncated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw failure("invalid hex digit in \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private mutating func parseNumber() throws -> Double {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid number") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count && isDigit(bytes[index]) { throw failure("leading zero in a number") }
    } else {
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw failure("invalid number: digit expected after '.'")
      }
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
      index += 1
      if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw failure("invalid number: digit expected in exponent")
      }
      while index < bytes.count && isDigit(bytes[index]) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else { throw failure("number out of range") }
    return value
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}

/// Validates UTF-8 without Foundation, so the result is the same on every platform.
package enum UTF8Validation {
  /// The offset of the first byte that is not part of a well-formed UTF-8 sequence, or nil.
  package static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { firstInvalidOffset(in: $0) }
  }

  /// The offset of the first byte that is not part of a well-formed UTF-8 sequence, or nil.
  ///
  /// A sequence cut short (`0xC3` then `a`) is reported at its first byte, the one that
  /// promised more: the byte after it is well-formed on its own.
  package static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var i = 0
    let n = bytes.count
    while i < n {
      let b0 = bytes[i]
      if b0 < 0x80 {
        i += 1
        continue
      }
      let length: Int
      var lower: UInt8 = 0x80
      var upper: UInt8 = 0xBF
      switch b0 {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        lower = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        upper = 0x9F
      case 0xF0:
        length = 4
        lower = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        upper = 0x8F
      default: return i
      }
      guard i + length <= n else { return i }
      let b1 = bytes[i + 1]
      guard b1 >= lower && b1 <= upper else { return i }
      var k = 2
      while k < length {
        guard bytes[i + k] & 0xC0 == 0x80 else { return i }
        k += 1
      }
      i += length
    }
    return nil
  }
}

extension JSONParser {
  /// Parses a whole input file, turning a size over `maximumBytes` or a parse failure into one
  /// located diagnostic: TR002 for the size and nesting limits, TR001 for syntax. `what`
  /// names the input in the size message ("situation", "policy file").
  package static func document(
    _ bytes: [UInt8], file: String, what: String, maximumBytes: Int
  ) -> Result<JSONValue, DiagnosticsError> {
    guard bytes.count <= maximumBytes else {
      return .failure(
        DiagnosticsError([
          Diagnostic(
            file: file, path: "$", code: .inputTooLarge,
            message: "\(what) is \(bytes.count) bytes; the limit is \(maximumBytes)")
        ]))
    }
    return parse(bytes).mapError { failure in
      let code: DiagnosticCode = failure.message.hasPrefix("nesting deeper") ? .inputTooLarge : .jsonSyntax
      return DiagnosticsError([
        Diagnostic(file: file, location: failure.location, code: code, message: failure.message)
      ])
    }
  }
}
