import Foundation

/// A compiled AASA pattern: literal characters, `?`, `*` and substitution variables (U-4, U-6).
///
/// Apple's wildcards: "`*` — Matches zero or more characters … greedy", "`?` — Matches any single
/// character", so `?*` is "at least one character" (U-4). Greediness does not change whether a
/// whole text matches, so the matcher answers that question directly, over the set of positions
/// reachable so far, in time proportional to the pattern (a variable counting the length of all
/// its values) times the text, never by backtracking.
package final class AASAPattern: Sendable {
  enum Token: Sendable, Equatable {
    case literal(Unicode.Scalar)
    /// `?`: one character.
    case one
    /// `*`: zero or more characters.
    case star
    /// One of Apple's predefined one-character classes (`$(digit)`).
    case characterClass(CharacterClass)
    /// A substitution variable: any one of its values, each a pattern without variables.
    case variable(name: String, values: [[Token]])
  }

  /// The predefined variables that stand for one ASCII character (U-6: "`$(alpha)` — All
  /// upper- and lowercase ASCII letters of the alphabet").
  enum CharacterClass: String, Sendable, CaseIterable {
    case alpha, upper, lower, alnum, digit, xdigit

    func contains(_ c: Unicode.Scalar, caseSensitive: Bool) -> Bool {
      guard c.isASCII else { return false }
      let v = c.value
      let isUpper = v >= 0x41 && v <= 0x5A
      let isLower = v >= 0x61 && v <= 0x7A
      let isDigit = v >= 0x30 && v <= 0x39
      switch self {
      case .alpha: return isUpper || isLower
      // A class is a list of strings, so case folding applies to it like any value.
      case .upper: return isUpper || (!caseSensitive && isLower)
      case .lower: return isLower || (!caseSensitive && isUpper)
      case .alnum: return isUpper || isLower || isDigit
      case .digit: return isDigit
      case .xdigit: return isDigit || (v >= 0x41 && v <= 0x46) || (v >= 0x61 && v <= 0x66)
      }
    }
  }

  /// The predefined variables that stand for codes: `$(region)` and `$(lang)` stand for
  /// Foundation's ISO region and language codes (U-6), read from Foundation on the platform
  /// that runs TapRoute, as `swcutil` reads them: blazingly-aasa's oracle runs (docs/parity.md,
  /// 2026-09-02) record "`$(region)` from `Locale.isoRegionCodes`", "`$(lang)` from
  /// `Locale.isoLanguageCodes`" and "`$(region)` does not match `UK`" (the United Kingdom is
  /// `GB`). Region codes are kept to ISO 3166-1's two letters (Linux's Foundation also lists UN
  /// M.49 numbers such as `001`), language codes to ISO 639's two or three letters.
  static let codeVariables: [String: [[Token]]] = [
    "region": codes(regionCodes(), lengths: 2...2, upper: true),
    "lang": codes(languageCodes(), lengths: 2...3, upper: false),
  ]

  /// The characters all the values of the predefined variable `name` hold together; nil for a
  /// name that is not a code variable.
  static func expandedSize(ofCodeVariable name: String) -> Int? {
    codeVariables[name].map { $0.reduce(0) { $0 + $1.count } }
  }

  private static func codes(_ identifiers: [String], lengths: ClosedRange<Int>, upper: Bool) -> [[Token]] {
    let kept = identifiers.filter { code in
      lengths.contains(code.unicodeScalars.count)
        && code.unicodeScalars.allSatisfy { c in
          upper ? (c.value >= 0x41 && c.value <= 0x5A) : (c.value >= 0x61 && c.value <= 0x7A)
        }
    }
    return Set(kept).sorted().map { $0.unicodeScalars.map(Token.literal) }
  }

  private static func regionCodes() -> [String] {
    #if canImport(Darwin)
      if #available(macOS 13, iOS 16, watchOS 9, tvOS 16, *) {
        return Locale.Region.isoRegions.map(\.identifier)
      }
      return Locale.isoRegionCodes
    #else
      return Locale.Region.isoRegions.map(\.identifier)
    #endif
  }

  private static func languageCodes() -> [String] {
    #if canImport(Darwin)
      if #available(macOS 13, iOS 16, watchOS 9, tvOS 16, *) {
        return Locale.LanguageCode.isoLanguageCodes.map(\.identifier)
      }
      return Locale.isoLanguageCodes
    #else
      return Locale.LanguageCode.isoLanguageCodes.map(\.identifier)
    #endif
  }

  /// True for a name Apple predefines.
  static func isPredefined(_ name: String) -> Bool {
    CharacterClass(rawValue: name) != nil || codeVariables[name] != nil
  }

  let tokens: [Token]
  /// `tokens` with every literal lower-cased: what a case-insensitive match compares.
  let lowerTokens: [Token]
  /// True when every token stands for one character or `*` and there are at most 63 of them:
  /// the pattern then matches by a ``WordAutomaton``: one machine word of
  /// states and no allocation.
  var fitsOneWord: Bool { exact != nil }
  /// The automata of `tokens` and `lowerTokens` when the pattern fits one word.
  private let exact: WordAutomaton?
  private let folded: WordAutomaton?

  /// Compiles `pattern`; with `variables` nil, `$(...)` is literal text (before iOS 13.5, U-6),
  /// and an undefined or unclosed variable is literal text too (``problem(in:variables:)``
  /// reports it when the file is checked).
  package init(_ pattern: String, variables: [String: [String]]?) {
    tokens = Self.tokens(Array(pattern.unicodeScalars), variables: variables, nested: false)
    lowerTokens = Self.lowercased(tokens)
    let fits =
      tokens.count < 64 && lowerTokens.count < 64
      && !tokens.contains { if case .variable = $0 { true } else { false } }
    exact = fits ? WordAutomaton(tokens, caseSensitive: true) : nil
    folded = fits ? WordAutomaton(lowerTokens, caseSensitive: false) : nil
  }

  /// A pattern of at most 63 one-character tokens and `*`, as bit masks over its positions
  /// (bit `i`: the first `i` tokens have matched): which tokens each ASCII character
  /// satisfies, which are `?` and which `*`. Matching a text is then a shift and two masks per
  /// character (the shift-and algorithm, with `*` keeping its bit on).
  private final class WordAutomaton: Sendable {
    let tokens: [Token]
    let caseSensitive: Bool
    /// Per ASCII character: the literal and class tokens it satisfies.
    let ascii: [UInt64]
    let one: UInt64
    let star: UInt64
    let accept: UInt64

    init(_ tokens: [Token], caseSensitive: Bool) {
      self.tokens = tokens
      self.caseSensitive = caseSensitive
      var one: UInt64 = 0
      var star: UInt64 = 0
      for (i, token) in tokens.enumerated() {
        switch token {
        case .one: one |= 1 << UInt64(i)
        case .star: star |= 1 << UInt64(i)
        default: break
        }
      }
      (self.one, self.star, accept) = (one, star, 1 << UInt64(tokens.count))
      ascii = (0..<128).map { code in
        Self.satisfied(tokens, Unicode.Scalar(UInt8(code)), caseSensitive: caseSensitive)
      }
    }

    /// The literal and class tokens `c` satisfies.
    static func satisfied(_ tokens: [Token], _ c: Unicode.Scalar, caseSensitive: Bool) -> UInt64 {
      var mask: UInt64 = 0
      for (i, token) in tokens.enumerated() {
        switch token {
        case .literal(let l): if l == c { mask |= 1 << UInt64(i) }
        case .characterClass(let cls):
          if cls.contains(c, caseSensitive: caseSensitive) { mask |= 1 << UInt64(i) }
        default: break
        }
      }
      return mask
    }

    /// `*` matches nothing: a position before one stands for the position after it too (no
    /// two `*` are adjacent).
    func closed(_ set: UInt64) -> UInt64 { set | ((set & star) << 1) }

    /// The positions reached from `reach` over `c`.
    func step(_ reach: UInt64, _ c: Unicode.Scalar, satisfied: UInt64, slash: SlashRule) -> UInt64 {
      let stopped = slash == .stops && c == "/"
      let moves = satisfied | (stopped ? 0 : one)
      return closed(((reach & moves) << 1) | (stopped ? 0 : reach & star))
    }

    /// True when the pattern matches all of `bytes`, each folded to lower case first when
    /// `fold`; nil when a byte is not ASCII before the match has failed (the text is then
    /// matched by scalars: an ASCII prefix that no position survives fails whatever follows).
    func matches(ascii bytes: UnsafeBufferPointer<UInt8>, fold: Bool, slash: SlashRule) -> Bool? {
      // `step` written out with the masks in registers and the table read without a bounds
      // check (a byte below 0x80 indexes one of its 128 entries).
      let (one, star) = (self.one, self.star)
      let stops = slash == .stops
      return ascii.withUnsafeBufferPointer { table -> Bool? in
        var reach = closed(1)
        for byte in bytes {
          guard byte < 0x80 else { return nil }
          let b = fold && byte &- 0x41 < 26 ? byte | 0x20 : byte
          let satisfied = table[Int(b)]
          if stops && b == UInt8(ascii: "/") {
            reach = (reach & satisfied) << 1
          } else {
            reach = ((reach & (satisfied | one)) << 1) | (reach & star)
          }
          reach |= (reach & star) << 1
          if reach == 0 { return false }
        }
        return reach & accept != 0
      }
    }

    /// True when the pattern matches all of `scalars`.
    func matches(_ scalars: String.UnicodeScalarView, slash: SlashRule) -> Bool {
      var reach = closed(1)
      for c in scalars {
        let satisfied =
          c.isASCII ? ascii[Int(c.value)] : Self.satisfied(tokens, c, caseSensitive: caseSensitive)
        reach = step(reach, c, satisfied: satisfied, slash: slash)
        if reach == 0 { return false }
      }
      return reach & accept != 0
    }
  }

  private static func tokens(_ s: [Unicode.Scalar], variables: [String: [String]]?, nested: Bool) -> [Token] {
    var out: [Token] = []
    var i = 0
    while i < s.count {
      let c = s[i]
      if c == "*" {
        if out.last != .star { out.append(.star) }
      } else if c == "?" {
        out.append(.one)
      } else if c == "$", !nested, let variables, i + 1 < s.count, s[i + 1] == "(",
        let close = s[(i + 2)...].firstIndex(of: ")")
      {
        let name = String(String.UnicodeScalarView(s[(i + 2)..<close]))
        if let token = variable(name, variables) {
          out.append(token)
          i = close + 1
          continue
        }
        out.append(.literal(c))
      } else {
        out.append(.literal(c))
      }
      i += 1
    }
    return out
  }

  private static func variable(_ name: String, _ variables: [String: [String]]) -> Token? {
    // A file's own variable first: Apple lists the predefined ones as examples of the same kind.
    if let values = variables[name] {
      return .variable(
        name: name,
        values: values.map { tokens(Array($0.unicodeScalars), variables: variables, nested: true) })
    }
    if let cls = CharacterClass(rawValue: name) { return .characterClass(cls) }
    if let values = codeVariables[name] { return .variable(name: name, values: values) }
    return nil
  }

  /// Why `pattern` is invalid, or nil: an unclosed `$(`, an empty or undefined variable (U-6).
  static func problem(in pattern: String, variables: [String: [String]]) -> String? {
    var rest = Substring(pattern)
    while let start = rest.range(of: "$(") {
      guard let close = rest[start.upperBound...].firstIndex(of: ")") else {
        return "\"$(\" is not closed by \")\""
      }
      let name = String(rest[start.upperBound..<close])
      if name.isEmpty { return "\"$()\" names no variable" }
      if variables[name] == nil && !isPredefined(name) {
        let known = (variables.keys.sorted() + CharacterClass.allCases.map(\.rawValue) + ["region", "lang"])
        let hint = JSONReader.nearest(name, in: known).map { " (did you mean \"\($0)\"?)" } ?? ""
        return "unknown substitution variable \(Words.quoted(name))\(hint) (U-6)"
      }
      rest = rest[rest.index(after: close)...]
    }
    return nil
  }

  /// How the wildcards treat `/` (the contested point ``AASAReadings/Star``).
  package enum SlashRule: Sendable { case crosses, stops }

  /// True when the pattern matches all of `text`. With `caseSensitive` false both sides are
  /// compared lower-cased; with `slash` `.stops`, `?` and `*` never match a `/`.
  package func matches(_ text: String, caseSensitive: Bool, slash: SlashRule = .crosses) -> Bool {
    text.withUTF8Bytes { matches(bytes: $0, caseSensitive: caseSensitive, slash: slash, text: text) }
  }

  /// ``matches(_:caseSensitive:slash:)`` for a text's UTF-8 bytes, matched in place when the
  /// pattern fits one word and the text is ASCII.
  func matches(bytes: UnsafeBufferPointer<UInt8>, caseSensitive: Bool, slash: SlashRule = .crosses) -> Bool {
    matches(bytes: bytes, caseSensitive: caseSensitive, slash: slash, text: nil)
  }

  /// `text`, when given, is `bytes` as a string (it is then not built again).
  private func matches(
    bytes: UnsafeBufferPointer<UInt8>, caseSensitive: Bool, slash: SlashRule, text: String?
  )
    -> Bool
  {
    let text = { text ?? String(decoding: bytes, as: UTF8.self) }
    if let automaton = caseSensitive ? exact : folded {
      // An ASCII text is matched byte by byte, lower-cased letter by letter; any other is
      // lower-cased whole first, as String does it (a scalar may lower-case to two).
      if let ascii = automaton.matches(ascii: bytes, fold: !caseSensitive, slash: slash) { return ascii }
      return automaton.matches(
        caseSensitive ? text().unicodeScalars : text().lowercased().unicodeScalars, slash: slash)
    }
    return matchesByReach(text(), caseSensitive: caseSensitive, slash: slash)
  }

  /// ``matches(_:caseSensitive:slash:)`` for any pattern, variables and all: the set of text
  /// positions reachable after each token.
  func matchesByReach(_ text: String, caseSensitive: Bool, slash: SlashRule = .crosses) -> Bool {
    let tokens = caseSensitive ? self.tokens : lowerTokens
    let scalars = Array((caseSensitive ? text : text.lowercased()).unicodeScalars)
    var reach = [Bool](repeating: false, count: scalars.count + 1)
    reach[0] = true
    reach = Self.advance(reach, tokens, scalars, caseSensitive: caseSensitive, slash: slash)
    return reach[scalars.count]
  }

  /// The positions reachable after `tokens`, from the positions `reach` marks.
  private static func advance(
    _ start: [Bool], _ tokens: [Token], _ s: [Unicode.Scalar], caseSensitive: Bool, slash: SlashRule
  ) -> [Bool] {
    var reach = start
    let n = s.count
    for token in tokens {
      var next = [Bool](repeating: false, count: n + 1)
      switch token {
      case .literal(let c):
        for j in 0..<n where reach[j] && s[j] == c { next[j + 1] = true }
      case .one:
        for j in 0..<n where reach[j] && (slash == .crosses || s[j] != "/") { next[j + 1] = true }
      case .characterClass(let cls):
        for j in 0..<n where reach[j] && cls.contains(s[j], caseSensitive: caseSensitive) {
          next[j + 1] = true
        }
      case .star:
        var on = false
        for j in 0...n {
          if reach[j] {
            on = true
          } else if on && j > 0 && slash == .stops && s[j - 1] == "/" {
            on = false
          }
          next[j] = on
        }
      case .variable(_, let values):
        // From every reachable position at once: the positions after any one value.
        for value in values {
          let ends = advance(reach, value, s, caseSensitive: caseSensitive, slash: slash)
          for k in 0...n where ends[k] { next[k] = true }
        }
      }
      reach = next
      if !reach.contains(true) { break }
    }
    return reach
  }

  private static func lowercased(_ tokens: [Token]) -> [Token] {
    tokens.flatMap { token -> [Token] in
      switch token {
      case .literal(let c): return String(c).lowercased().unicodeScalars.map(Token.literal)
      case .variable(let name, let values): return [.variable(name: name, values: values.map(lowercased))]
      default: return [token]
      }
    }
  }

  /// A text the pattern matches, for diff witnesses: `*` as empty or as `filler`, `?` as
  /// `filler`, a variable as its first value.
  package func witness(starAs filler: String) -> String {
    Self.witness(tokens, star: filler)
  }

  private static func witness(_ tokens: [Token], star: String) -> String {
    var out = ""
    for token in tokens {
      switch token {
      case .literal(let c): out.unicodeScalars.append(c)
      case .one: out += "x"
      case .star: out += star
      case .characterClass(let cls): out += cls == .digit || cls == .xdigit ? "1" : "a"
      case .variable(_, let values): out += values.first.map { witness($0, star: star) } ?? ""
      }
    }
    return out
  }
}
