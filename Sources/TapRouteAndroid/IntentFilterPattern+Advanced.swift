/// One token of a parsed `pathAdvancedPattern` with its repetition, as AOSP
/// `PatternMatcher.parseAndVerifyAdvancedPattern` reads it.
struct AdvancedToken: Sendable, Hashable {
  enum Match: Sendable, Hashable {
    /// `.`
    case any
    /// One character.
    case literal(UInt16)
    /// `[...]`: inclusive ranges of UTF-16 code units.
    case set([ClosedRange<UInt16>])
    /// `[^...]`
    case inverse([ClosedRange<UInt16>])
  }

  var match: Match
  var minimum: Int
  var maximum: Int

  /// Why a pattern is refused: Android's own exception message where it throws one.
  struct Refusal: Error, Sendable, Hashable {
    var message: String
  }

  /// AOSP's `MAX_PATTERN_STORAGE`: Android refuses a pattern whose parsed form is larger.
  static let maximumStorage = 2048

  /// Parses `pattern` as Android does, refusing what Android refuses.
  static func parse(_ pattern: String) -> Result<[AdvancedToken], Refusal> {
    let p = Array(pattern.utf16)
    func ascii(_ c: Character) -> UInt16 { UInt16(c.asciiValue ?? 0) }
    var tokens: [AdvancedToken] = []
    var storage = 0
    var i = 0
    func refuse(_ message: String) -> Result<[AdvancedToken], Refusal> { .failure(Refusal(message: message)) }
    while i < p.count {
      storage += 3
      if storage > maximumStorage {
        return refuse("the pattern is too large (Android: \"Pattern is too large!\")")
      }
      let c = p[i]
      var match: Match
      switch c {
      case ascii("["):
        var j = i + 1
        let inverse = j < p.count && p[j] == ascii("^")
        if inverse { j += 1 }
        var ranges: [ClosedRange<UInt16>] = []
        var closed = false
        while j < p.count {
          var lower = p[j]
          if lower == ascii("]") {
            closed = true
            break
          }
          if lower == ascii("\\") {
            guard j + 1 < p.count else { return refuse("an escape at the end of the pattern") }
            j += 1
            lower = p[j]
          }
          // `a-z`, unless the dash is followed by `]` (then both are literal).
          if j + 2 < p.count && p[j + 1] == ascii("-") && p[j + 2] != ascii("]") {
            let upper = p[j + 2]
            if lower <= upper { ranges.append(lower...upper) }
            j += 3
          } else {
            ranges.append(lower...lower)
            j += 1
          }
        }
        guard closed else {
          return refuse("a set \"[\" is not closed by \"]\" (Android: \"Set was not terminated!\")")
        }
        guard !ranges.isEmpty else {
          return refuse("an empty set \"[]\" (Android: \"You must define characters in a set.\")")
        }
        match = inverse ? .inverse(ranges) : .set(ranges)
        i = j + 1
      case ascii("."):
        match = .any
        i += 1
      case ascii("\\"):
        guard i + 1 < p.count else {
          return refuse("an escape at the end of the pattern (Android: \"Escape found at end of pattern!\")")
        }
        match = .literal(p[i + 1])
        i += 2
      case ascii("*"), ascii("+"), ascii("{"):
        return refuse(
          "the modifier \"\(String(utf16CodeUnits: [c], count: 1))\" follows no character "
            + "(Android: \"Modifier must follow a token.\")")
      default:
        match = .literal(c)
        i += 1
      }
      var token = AdvancedToken(match: match, minimum: 1, maximum: 1)
      if i < p.count {
        switch p[i] {
        case ascii("*"):
          (token.minimum, token.maximum) = (0, Int.max)
          i += 1
        case ascii("+"):
          (token.minimum, token.maximum) = (1, Int.max)
          i += 1
        case ascii("{"):
          guard let close = p[i...].firstIndex(of: ascii("}")) else {
            return refuse("a range \"{\" is not closed by \"}\" (Android: \"Range not ended with '}'\")")
          }
          let body = String(decoding: p[(i + 1)..<close], as: UTF16.self)
          let parts = body.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
          let low = parts.first.flatMap { Int32($0) }
          let high = parts.count == 1 ? low : (parts[1].isEmpty ? Int32.max : Int32(parts[1]))
          guard let low, let high, low >= 0, high >= 0 else {
            return refuse(
              "the range {\(body)} is not {n}, {n,} or {n,m} (Android: \"Range number format incorrect\")")
          }
          guard low <= high else {
            return refuse(
              "the range {\(body)} has its minimum over its maximum "
                + "(Android: \"Range quantifier minimum is greater than maximum\")")
          }
          (token.minimum, token.maximum) = (Int(low), high == Int32.max ? Int.max : Int(high))
          i = close + 1
        default: break
        }
        if i < p.count, [ascii("*"), ascii("+"), ascii("{")].contains(p[i]) {
          return refuse("two modifiers in a row (Android: \"Modifier must follow a token.\")")
        }
      }
      tokens.append(token)
    }
    return .success(tokens)
  }

  /// Matches as AOSP `matchAdvancedPattern`: each token takes as many characters as it can, up
  /// to its maximum, and never gives any back; the match succeeds when both are used up.
  static func match(_ tokens: [AdvancedToken], _ string: [UInt16], steps: inout Int) -> Bool {
    var im = 0
    for token in tokens {
      var matched = 0
      while matched < token.maximum && im + matched < string.count {
        steps += 1
        guard token.accepts(string[im + matched], steps: &steps) else { break }
        matched += 1
      }
      if matched < token.minimum { return false }
      im += matched
    }
    return im >= string.count
  }

  private func accepts(_ c: UInt16, steps: inout Int) -> Bool {
    switch match {
    case .any: return true
    case .literal(let l): return c == l
    case .set(let ranges):
      steps += ranges.count
      return ranges.contains { $0.contains(c) }
    case .inverse(let ranges):
      steps += ranges.count
      return !ranges.contains { $0.contains(c) }
    }
  }
}
