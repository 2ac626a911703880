import TapRouteAASA

extension IntentFilter {
  /// One path, query or fragment rule of a `<data>` element, matched the way Android's
  /// `android.os.PatternMatcher` matches it.
  ///
  /// - `literal` (`android:path`, `query`, `fragment`): the whole string.
  /// - `prefix` (`pathPrefix`, ...): the start.
  /// - `simpleGlob` (`pathPattern`, ...): `.` any character, `x*` zero or more of `x`, `.*` any
  ///   run, `\` escapes. Android's matcher does not backtrack: `.*` consumes up to the first
  ///   occurrence of the character after it, so `/.*/end` does not match `/a/b/end`.
  /// - `advancedGlob` (`pathAdvancedPattern`, API 26+): `.`, sets `[a-z]` and `[^...]`, the
  ///   modifiers `*`, `+`, `{n}`, `{n,m}`, `{n,}`, and `\` escapes. No groups, alternation, `?` or
  ///   anchors: Android reads `(`, `)`, `|`, `?`, `^`, `$` as literal characters (the reader
  ///   warns). Each token consumes as many characters as it can and never gives any back, so
  ///   `.*x` matches nothing. A pattern Android refuses (a modifier with nothing before it, an
  ///   unterminated set or range, an escape at the end) is refused here with TR826 and matches
  ///   nothing.
  /// - `suffix` (`pathSuffix`, API 31+): the end.
  ///
  /// Both globs run in time linear in the pattern and the string: no input can make them
  /// backtrack (AOSP `PatternMatcher.matchGlobPattern` and `matchAdvancedPattern`). Matching
  /// counts UTF-16 code units, as Java's `String` does.
  public struct PathRule: Sendable, Hashable, CustomStringConvertible {
    /// The kind of rule: how the pattern is read.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
      /// The whole string (`path`, `query`, `fragment`).
      case literal = ""
      /// The start (`pathPrefix`).
      case prefix = "Prefix"
      /// Android's simple glob (`pathPattern`).
      case simpleGlob = "Pattern"
      /// Android's advanced glob (`pathAdvancedPattern`).
      case advancedGlob = "AdvancedPattern"
      /// The end (`pathSuffix`).
      case suffix = "Suffix"
    }

    /// How the pattern is read.
    public var kind: Kind
    /// The pattern, after aapt's unescaping of the attribute (`\\*` in XML is `\*` here).
    public var pattern: String
    /// Where the attribute is written.
    public var location: SourcePosition
    /// The parsed advanced pattern; nil for other kinds and for a refused advanced pattern.
    var tokens: [AdvancedToken]?

    /// A rule of `kind`; an advanced pattern is parsed, and matches nothing if Android refuses it
    /// (``refusal`` says why).
    public init(
      _ kind: Kind, _ pattern: String, location: SourcePosition = SourcePosition(line: 0, column: 0)
    ) {
      self.kind = kind
      self.pattern = pattern
      self.location = location
      if kind == .advancedGlob, case .success(let tokens) = AdvancedToken.parse(pattern) {
        self.tokens = tokens
      }
    }

    /// Why Android refuses this advanced pattern, or nil.
    public var refusal: String? {
      guard kind == .advancedGlob, case .failure(let reason) = AdvancedToken.parse(pattern) else {
        return nil
      }
      return reason.message
    }

    /// The attribute this rule is written as, for `part` (`path`): `pathPrefix`.
    public func attribute(_ part: String) -> String { part + kind.rawValue }

    /// `pathPrefix="/shop"`-like text without the part: `Prefix "/shop"`.
    public var description: String { "\(kind == .literal ? "literal" : kind.rawValue) \"\(pattern)\"" }

    /// The API level that first reads the attribute: 26 for advanced patterns, 31 for suffixes.
    public var minimumAPILevel: Int {
      switch kind {
      case .advancedGlob: 26
      case .suffix: 31
      default: 1
      }
    }

    /// Whether `text` matches, as Android's `PatternMatcher.match` decides.
    public func matches(_ text: String) -> Bool {
      var steps = 0
      return matches(text, steps: &steps)
    }

    /// Whether `text` matches, adding the matcher's steps to `steps` (the bounded-time test
    /// counts them).
    func matches(_ text: String, steps: inout Int) -> Bool {
      let string = Array(text.utf16)
      switch kind {
      case .literal: return pattern.utf16.elementsEqual(string)
      case .prefix: return string.starts(with: pattern.utf16)
      case .suffix: return string.reversed().starts(with: pattern.utf16.reversed())
      case .simpleGlob: return Self.matchGlob(Array(pattern.utf16), string, steps: &steps)
      case .advancedGlob:
        guard let tokens else { return false }
        return AdvancedToken.match(tokens, string, steps: &steps)
      }
    }

    /// Android's simple glob, step for step as AOSP `PatternMatcher.matchGlobPattern`: greedy
    /// and without backtracking.
    static func matchGlob(_ pattern: [UInt16], _ match: [UInt16], steps: inout Int) -> Bool {
      let dot = UInt16(UInt8(ascii: ".")), star = UInt16(UInt8(ascii: "*"))
      let backslash = UInt16(UInt8(ascii: "\\"))
      let np = pattern.count, nm = match.count
      guard np > 0 else { return nm == 0 }
      func at(_ i: Int) -> UInt16 { i < np ? pattern[i] : 0 }
      var ip = 0, im = 0
      var next = pattern[0]
      while ip < np && im < nm {
        steps += 1
        var c = next
        ip += 1
        next = at(ip)
        let escaped = c == backslash
        if escaped {
          c = next
          ip += 1
          next = at(ip)
        }
        if next == star {
          if !escaped && c == dot {
            if ip >= np - 1 { return true }
            ip += 1
            next = pattern[ip]
            if next == backslash {
              ip += 1
              next = at(ip)
            }
            while im < nm && match[im] != next {
              steps += 1
              im += 1
            }
            if im == nm { return false }
            ip += 1
            next = at(ip)
            im += 1
          } else {
            while im < nm && match[im] == c {
              steps += 1
              im += 1
            }
            ip += 1
            next = at(ip)
          }
        } else {
          if c != dot && match[im] != c { return false }
          im += 1
        }
      }
      if ip >= np && im >= nm { return true }
      // A `.*` left at the end of the pattern matches the empty rest.
      return ip == np - 2 && pattern[ip] == dot && pattern[ip + 1] == star
    }
  }
}
