import Foundation

/// An operating-system version `MAJOR[.MINOR[.PATCH]]`, ordered numerically.
///
/// Missing components are zero: `10` equals `10.0.0`. Each component lies in
/// 0...``maximumComponent``, the bounds both the parser (``init(parsing:)``) and the
/// initializer enforce, so a version packs into one `UInt64` (17 bits a component) whose
/// order is the version order on every platform, 32-bit `Int` included.
public struct OSVersion: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  /// The version packed as `major << 34 | minor << 17 | patch`, each component below 2^17.
  @usableFromInline package let packed: UInt64

  /// The version whose packed value is `packed`, taken as it is (`TapRoute`'s generated code
  /// builds its constants with it).
  @inlinable package init(packed: UInt64) { self.packed = packed }

  /// The major version (`17` in `17.4.1`).
  public var major: Int { Self.component(packed >> 34) }
  /// True when the major version is `major` or later: one comparison of the packed value.
  @inlinable package func isAtLeast(major: UInt64) -> Bool { packed >= major << 34 }
  /// The minor version (`4` in `17.4.1`); 0 when not written.
  public var minor: Int { Self.component(packed >> 17) }
  /// The patch version (`1` in `17.4.1`); 0 when not written.
  public var patch: Int { Self.component(packed) }

  /// The largest value a component may take.
  public static let maximumComponent = 99_999

  /// A version from its components, each in `0...maximumComponent`.
  ///
  /// Throws ``Error`` naming the first component out of range: `OSVersion(17, 131072)` is
  /// refused rather than packed into a value that breaks the ordering.
  public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) throws(OSVersion.Error) {
    for (component, value) in [(Error.Component.major, major), (.minor, minor), (.patch, patch)]
    where !(0...Self.maximumComponent).contains(value) {
      throw Error(component: component, value: value)
    }
    self.init(clamping: major, minor, patch)
  }

  /// A version whose components are clamped into `0...maximumComponent`; for the library's
  /// own constants and arithmetic on versions already valid (never for input).
  package init(clamping major: Int, _ minor: Int = 0, _ patch: Int = 0) {
    func bits(_ value: Int) -> UInt64 {
      UInt64(truncatingIfNeeded: min(max(value, 0), Self.maximumComponent))
    }
    packed = bits(major) << 34 | bits(minor) << 17 | bits(patch)
  }

  private static func component(_ bits: UInt64) -> Int { Int(truncatingIfNeeded: bits & 0x1_FFFF) }

  /// Why components do not make a version.
  public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// Which component of a version.
    public enum Component: String, Sendable, Hashable {
      case major, minor, patch
    }

    /// The first component out of range.
    public internal(set) var component: Component
    /// Its value.
    public internal(set) var value: Int

    /// The problem in a sentence, with the allowed range.
    public var description: String {
      "OS version \(component.rawValue) component \(value) is out of range 0...\(OSVersion.maximumComponent)"
    }
  }

  /// Parses `MAJOR[.MINOR[.PATCH]]` (ASCII digits only, each component at most
  /// ``maximumComponent``); nil for anything else.
  public init?(parsing text: String) {
    var parts: [Int] = []
    var current = 0
    var digits = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: ".") {
        guard digits > 0, parts.count < 2 else { return nil }
        parts.append(current)
        current = 0
        digits = 0
      } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        current = current * 10 + Int(byte - UInt8(ascii: "0"))
        digits += 1
        guard current <= Self.maximumComponent, digits <= 6 else { return nil }
      } else {
        return nil
      }
    }
    guard digits > 0 else { return nil }
    parts.append(current)
    self.init(clamping: parts[0], parts.count > 1 ? parts[1] : 0, parts.count > 2 ? parts[2] : 0)
  }

  /// Ordered numerically, component by component: `9` < `10` < `10.0.1`.
  public static func < (a: OSVersion, b: OSVersion) -> Bool { a.packed < b.packed }

  /// The shortest form: `17`, `17.4`, `17.4.1` (trailing zero components left out).
  public var description: String {
    if patch != 0 { return "\(major).\(minor).\(patch)" }
    if minor != 0 { return "\(major).\(minor)" }
    return "\(major)"
  }

  /// Decodes a JSON string `"17.4"`; anything ``init(parsing:)`` refuses is an error.
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let version = OSVersion(parsing: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "invalid OS version \"\(text)\""))
    }
    self = version
  }

  /// Encodes the JSON string of ``description``.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// A half-open range of OS versions `[lower, upper)`, either end open.
///
/// Written in policies as `">=10"`, `"<10"`, `"10..<26"` or `"18"` (which means
/// `18..<19`, every 18.x). Ranges are half-open so that adjacent rules never overlap or
/// leave a hole at a boundary.
public struct VersionRange: Sendable, Hashable, CustomStringConvertible {
  /// The lowest version in the range; nil when open below.
  public internal(set) var lower: OSVersion?
  /// The first version above the range (excluded); nil when open above.
  public internal(set) var upper: OSVersion?

  /// The range `[lower, upper)`; either end nil for open.
  public init(lower: OSVersion?, upper: OSVersion?) {
    self.lower = lower
    self.upper = upper
  }

  /// True when `lower <= version < upper`.
  public func contains(_ version: OSVersion) -> Bool {
    if let lower, version < lower { return false }
    if let upper, !(version < upper) { return false }
    return true
  }

  /// True when no version lies in the range.
  public var isEmpty: Bool {
    if let lower, let upper { return !(lower < upper) }
    return false
  }

  /// Parses the policy notation; returns an error message for anything else.
  package static func parse(_ text: String) -> Result<VersionRange, RangeError> {
    let trimmed = text.trimmingSpaces
    func version(_ s: Substring) -> OSVersion? { OSVersion(parsing: String(s).trimmingSpaces) }
    if trimmed.hasPrefix(">=") {
      guard let v = version(trimmed.dropFirst(2)) else { return .failure(.bad(text)) }
      return .success(VersionRange(lower: v, upper: nil))
    }
    if trimmed.hasPrefix("<") && !trimmed.hasPrefix("<=") {
      guard let v = version(trimmed.dropFirst(1)) else { return .failure(.bad(text)) }
      return .success(VersionRange(lower: nil, upper: v))
    }
    if let separator = trimmed.range(of: "..<") {
      guard let lo = version(trimmed[..<separator.lowerBound]),
        let hi = version(trimmed[separator.upperBound...])
      else { return .failure(.bad(text)) }
      let range = VersionRange(lower: lo, upper: hi)
      return range.isEmpty ? .failure(.empty(text)) : .success(range)
    }
    if let v = OSVersion(parsing: trimmed), v.minor == 0, v.patch == 0 {
      // Every 99999.x is the open range from 99999: there is no version above it.
      return .success(VersionRange(lower: v, upper: try? OSVersion(v.major + 1)))
    }
    return .failure(.bad(text))
  }

  /// Why a range did not parse.
  package enum RangeError: Error, Sendable, Equatable {
    case bad(String)
    case empty(String)

    package var message: String {
      switch self {
      case .bad(let s):
        "invalid version range \(Words.quoted(s)); expected \">=X\", \"<X\", \"X..<Y\" or a major version \"X\""
      case .empty(let s): "version range \(Words.quoted(s)) is empty"
      }
    }
  }

  /// The range as a policy writes it: `any`, `>=10`, `<10`, `18` or `10..<26`.
  public var description: String {
    switch (lower, upper) {
    case (nil, nil): "any"
    case (let lo?, nil): ">=\(lo)"
    case (nil, let hi?): "<\(hi)"
    case (let lo?, let hi?):
      hi == (try? OSVersion(lo.major + 1)) && lo.minor == 0 && lo.patch == 0 ? "\(lo.major)" : "\(lo)..<\(hi)"
    }
  }
}

extension StringProtocol {
  /// The text without leading and trailing ASCII spaces (no Foundation needed).
  var trimmingSpaces: String {
    var s = Substring(self)
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}

extension OSVersion: ExpressibleByStringLiteral {
  /// A version written as a literal in source code, so a test table needs no `try`:
  /// `let version: OSVersion = "17.4"`, `Situation(event: .tap, osVersion: "17")`.
  ///
  /// A literal is source code, not input: one that ``init(parsing:)`` refuses (`"17.x"`,
  /// `"200000"`) is a programmer's error, and stops the program with a precondition failure
  /// naming it, as an out-of-range index into a constant array does. Read versions that come
  /// from input with ``init(parsing:)`` or the JSON readers, which never stop the program.
  ///
  /// There is no integer literal form: `OSVersion(17)` stays the initializer that throws for
  /// a component out of range (an integer-literal conformance would silently turn it into a
  /// literal, which stops the program instead).
  public init(stringLiteral text: String) {
    guard let version = OSVersion(parsing: text) else {
      preconditionFailure(
        "invalid OS version literal \"\(text)\": write MAJOR[.MINOR[.PATCH]], each 0...99999")
    }
    self = version
  }
}
