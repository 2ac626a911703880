/// Reads typed fields out of ``JSONValue`` trees, collecting located diagnostics as it goes.
///
/// Every accessor reports what it expected and what it found, at the value's JSON path and
/// line:column, and returns nil rather than stopping, so one pass reports every problem.
package struct JSONReader {
  package let file: String
  package var diagnostics: [Diagnostic] = []
  private let codes: Codes

  /// Which codes this reader uses, so situation and policy problems stay distinguishable.
  package struct Codes: Sendable {
    var unknownKey: DiagnosticCode
    var wrongType: DiagnosticCode
    var missingField: DiagnosticCode
    var unknownValue: DiagnosticCode

    /// The codes a reader of one kind of file reports (`.aasa` here; TapRoute adds `.policy`
    /// and `.situation`).
    package init(
      unknownKey: DiagnosticCode, wrongType: DiagnosticCode, missingField: DiagnosticCode,
      unknownValue: DiagnosticCode
    ) {
      (self.unknownKey, self.wrongType, self.missingField) = (unknownKey, wrongType, missingField)
      self.unknownValue = unknownValue
    }
  }

  package init(file: String, codes: Codes) {
    self.file = file
    self.codes = codes
  }

  /// The diagnostics in source order (line, then column).
  package var sortedDiagnostics: [Diagnostic] {
    diagnostics.enumerated().sorted { a, b in
      let la = a.element.location ?? SourcePosition(line: 0, column: 0)
      let lb = b.element.location ?? SourcePosition(line: 0, column: 0)
      return la == lb ? a.offset < b.offset : la < lb
    }.map(\.element)
  }

  /// The most diagnostics this reader collects; past it, problems are only counted in
  /// `omitted` (nil: no limit). The situation reader sets it, so one situation with 80,000
  /// unknown keys neither builds nor prints 80,000 messages.
  package var limit: Int?
  /// Problems found past `limit` and not collected.
  package private(set) var omitted = 0

  /// False, counting the problem as omitted, once `limit` diagnostics are collected.
  private mutating func hasRoom() -> Bool {
    guard let limit, diagnostics.count >= limit else { return true }
    omitted += 1
    return false
  }

  package mutating func error(
    _ code: DiagnosticCode, _ message: @autoclosure () -> String, path: @autoclosure () -> String,
    at location: SourcePosition?
  ) {
    guard hasRoom() else { return }
    diagnostics.append(
      Diagnostic(file: file, path: path(), location: location, code: code, message: message()))
  }

  package mutating func warning(
    _ code: DiagnosticCode, _ message: String, path: String, at location: SourcePosition?
  ) {
    guard hasRoom() else { return }
    diagnostics.append(
      Diagnostic(
        file: file, path: path, location: location, severity: .warning, code: code, message: message))
  }

  package mutating func wrongType(_ value: JSONValue, expected: String, path: String) {
    error(codes.wrongType, "expected \(expected), found \(value.typeName)", path: path, at: value.location)
  }

  /// The members of an object, after reporting keys outside `allowed`.
  ///
  /// `tolerated`, when given, makes an unknown key a warning that ends with it (what the
  /// reader of the file does instead: "the device ignores it"), for a format whose readers
  /// skip keys they do not know.
  package mutating func object(
    _ value: JSONValue, path: String, allowed: [String], tolerated: String? = nil
  ) -> [String: JSONValue]? {
    guard let members = value.objectValue else {
      wrongType(value, expected: "an object", path: path)
      return nil
    }
    var result: [String: JSONValue] = [:]
    for member in members {
      if allowed.contains(member.key) {
        result[member.key] = member.value
      } else {
        let message =
          "unknown key \(Words.quoted(member.key)); "
          + (Self.nearest(member.key, in: allowed).map { "did you mean \"\($0)\"? " } ?? "")
          + "allowed: \(allowed.joined(separator: ", "))"
        if let tolerated {
          warning(
            codes.unknownKey, message + "; " + tolerated, path: Self.join(path, member.key),
            at: member.keyLocation)
        } else {
          error(codes.unknownKey, message, path: Self.join(path, member.key), at: member.keyLocation)
        }
      }
    }
    return result
  }

  package mutating func require(
    _ fields: [String: JSONValue], _ key: String, path: String, at location: SourcePosition
  ) -> JSONValue? {
    if let value = fields[key] { return value }
    error(codes.missingField, "missing required key \"\(key)\"", path: path, at: location)
    return nil
  }

  package mutating func bool(_ value: JSONValue, path: String) -> Bool? {
    if let b = value.boolValue { return b }
    wrongType(value, expected: "true or false", path: path)
    return nil
  }

  package mutating func string(_ value: JSONValue, path: String) -> String? {
    if let s = value.stringValue { return s }
    wrongType(value, expected: "a string", path: path)
    return nil
  }

  /// A string that may also be `null`: `.some(nil)` for null, nil on a type error.
  package mutating func nullableString(_ value: JSONValue, path: String) -> String?? {
    if value.isNull { return .some(nil) }
    if let s = value.stringValue { return .some(s) }
    wrongType(value, expected: "a string or null", path: path)
    return nil
  }

  package mutating func array(_ value: JSONValue, path: String) -> [JSONValue]? {
    if let a = value.arrayValue { return a }
    wrongType(value, expected: "an array", path: path)
    return nil
  }

  /// An array each item of which must be one of `choices`, in order (an item that is not is
  /// reported and left out); nil when `value` is no array.
  package mutating func choices<T>(
    _ value: JSONValue, path: String, what: String, choices: [(String, T)]
  ) -> [T]? {
    guard let items = array(value, path: path) else { return nil }
    return items.enumerated().compactMap { i, item in
      choice(item, path: Self.join(path, i), what: what, choices: choices)
    }
  }

  /// A string that must be one of `choices`; `what` names it in the message ("hook").
  package mutating func choice<T>(
    _ value: JSONValue, path: String, what: String, choices: [(String, T)]
  ) -> T? {
    guard let s = value.stringValue else {
      wrongType(value, expected: "a string", path: path)
      return nil
    }
    if let hit = choices.first(where: { $0.0 == s }) { return hit.1 }
    let names = choices.map(\.0)
    let hint = Self.nearest(s, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""
    error(
      codes.unknownValue,
      "unknown \(what) \(Words.quoted(s)); expected one of \(names.joined(separator: ", "))\(hint)",
      path: path, at: value.location)
    return nil
  }

  /// Joins a JSON path and a key (`$.tap` + `url` -> `$.tap.url`).
  package static func join(_ path: String, _ key: String) -> String {
    // ASCII letters, digits, '_' and '$' print bare; anything else is quoted.
    let plain =
      !key.isEmpty
      && key.utf8.allSatisfy { b in
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
          || b == 0x24
      }
    return plain ? "\(path).\(key)" : "\(path)[\(Words.quoted(key))]"
  }

  /// Joins a JSON path and an array index (`$.hooks` + 1 -> `$.hooks[1]`).
  package static func join(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }

  /// The closest candidate by edit distance, if it is close enough to be a likely typo.
  package static func nearest(_ word: String, in candidates: [String]) -> String? {
    guard word.utf8.count <= 64 else { return nil }
    var best: (String, Int)?
    for candidate in candidates {
      let d = editDistance(Array(word.lowercased().utf8), Array(candidate.lowercased().utf8))
      if d <= max(1, candidate.utf8.count / 3), d < (best?.1 ?? Int.max) { best = (candidate, d) }
    }
    return best?.0
  }

  private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
