/// An operating-system version `MAJOR[.MINOR[.PATCH]]`, ordered numerically.
///
/// Missing components are zero: `10` equals `10.0.0`. Each component is at most
/// ``maximumComponent`` so versions pack into one integer for fast comparison.
public struct OSVersion: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  public var major: Int
  public var minor: Int
  public var patch: Int

  /// The largest value a component may take.
  public static let maximumComponent = 99_999

  public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// Parses `MAJOR[.MINOR[.PATCH]]` (ASCII digits only); nil for anything else.
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
    self.init(parts[0], parts.count > 1 ? parts[1] : 0, parts.count > 2 ? parts[2] : 0)
  }

  /// The version packed into one ordered integer.
  var packed: Int { (major << 34) | (minor << 17) | patch }

  public static func < (a: OSVersion, b: OSVersion) -> Bool { a.packed < b.packed }

  public var description: String {
    if patch != 0 { return "\(major).\(minor).\(patch)" }
    if minor != 0 { return "\(major).\(minor)" }
    return "\(major)"
  }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let version = OSVersion(parsing: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "invalid OS version \"\(text)\""))
    }
    self = version
  }

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
  public var lower: OSVersion?
  public var upper: OSVersion?

  public init(lower: OSVersion?, upper: OSVersion?) {
    self.lower = lower
    self.upper = upper
  }

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
  public static func parse(_ text: String) -> Result<VersionRange, RangeError> {
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
      return .success(VersionRange(lower: v, upper: OSVersion(v.major + 1)))
    }
    return .failure(.bad(text))
  }

  /// Why a range did not parse.
  public enum RangeError: Error, Sendable, Equatable {
    case bad(String)
    case empty(String)

    public var message: String {
      switch self {
      case .bad(let s):
        "invalid version range \(JSONReader.quoted(s)); expected \">=X\", \"<X\", \"X..<Y\" or a major version \"X\""
      case .empty(let s): "version range \(JSONReader.quoted(s)) is empty"
      }
    }
  }

  public var description: String {
    switch (lower, upper) {
    case (nil, nil): "any"
    case (let lo?, nil): ">=\(lo)"
    case (nil, let hi?): "<\(hi)"
    case (let lo?, let hi?):
      hi == OSVersion(lo.major + 1) && lo.minor == 0 && lo.patch == 0 ? "\(lo.major)" : "\(lo)..<\(hi)"
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
