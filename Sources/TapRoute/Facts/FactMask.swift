/// A set of facts, one bit per fact (`Fact.bit`): room for 128 facts in two words.
///
/// Kept as two words rather than one, so that the catalog is not limited to 64 facts (it
/// plans for about 80); the operations are a word or two each. Generated code's API
/// (`CompiledPolicies.testedFacts`) returns one, as an integer literal when every bit is in
/// the low word.
@frozen
public struct FactMask: Hashable, Sendable, ExpressibleByIntegerLiteral {
  /// Bits 0 to 63.
  public var low: UInt64
  /// Bits 64 to 127.
  public var high: UInt64

  /// How many facts a mask holds.
  public static let bitWidth = 128

  /// The mask of both words.
  @inlinable
  public init(low: UInt64, high: UInt64) {
    self.low = low
    self.high = high
  }

  /// The mask of the low word's bits.
  @inlinable
  public init(integerLiteral value: UInt64) {
    self.init(low: value, high: 0)
  }

  /// The mask of one bit, `bit` in `0..<128` (any other bit is no bit).
  @inlinable
  public init(bit: Int) {
    self.init(
      low: bit >= 0 && bit < 64 ? 1 << UInt64(bit) : 0,
      high: bit >= 64 && bit < 128 ? 1 << UInt64(bit - 64) : 0)
  }

  /// The facts in both.
  @inlinable
  public static func & (a: FactMask, b: FactMask) -> FactMask {
    FactMask(low: a.low & b.low, high: a.high & b.high)
  }

  /// The facts in either.
  @inlinable
  public static func | (a: FactMask, b: FactMask) -> FactMask {
    FactMask(low: a.low | b.low, high: a.high | b.high)
  }

  /// Every fact not in the mask.
  @inlinable
  public static prefix func ~ (a: FactMask) -> FactMask { FactMask(low: ~a.low, high: ~a.high) }

  /// Keeps the facts also in `b`.
  @inlinable
  public static func &= (a: inout FactMask, b: FactMask) { a = a & b }

  /// Adds the facts of `b`.
  @inlinable
  public static func |= (a: inout FactMask, b: FactMask) { a = a | b }

  /// How many facts the mask holds.
  public var nonzeroBitCount: Int { low.nonzeroBitCount + high.nonzeroBitCount }

  /// The lowest bit set (a fact's `Fact.bit` index); 128 for an empty mask.
  public var trailingZeroBitCount: Int {
    low != 0 ? low.trailingZeroBitCount : 64 + high.trailingZeroBitCount
  }

  /// The mask without its lowest bit.
  public var droppingLowest: FactMask {
    low != 0 ? FactMask(low: low & (low &- 1), high: high) : FactMask(low: 0, high: high & (high &- 1))
  }

  /// The mask as a literal generated code can write: an integer when the high word is empty.
  package var sourceLiteral: String {
    high == 0
      ? "0x" + String(low, radix: 16)
      : "FactMask(low: 0x\(String(low, radix: 16)), high: 0x\(String(high, radix: 16)))"
  }
}
