@_spi(Generated) import TapRoute
import TapRouteAASA

/// Byte counts and limits the way developers read them: `512,000 bytes`, `the 500 KB limit`.
package enum ByteCount {
  /// `n` with a comma between thousands: `4294967296` is `4,294,967,296`.
  package static func grouped<T: BinaryInteger>(_ n: T) -> String {
    let digits = String(n.magnitude)
    var out = n < 0 ? "-" : ""
    for (i, digit) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return out
  }

  /// `1 byte`, `66 bytes`, `512,001 bytes`.
  package static func bytes<T: BinaryInteger>(_ n: T) -> String { "\(grouped(n)) \(Words.plural(n, "byte"))" }

  /// The limit as developers know it, then exactly: `the 500 KB limit (512,000 bytes)`.
  ///
  /// A limit that is a whole number of KB reads in KB, taking 1 KB as 1,024 bytes first (the
  /// sticker rules' reading of "500 KB") and as 1,000 bytes otherwise; any other limit reads
  /// in bytes alone.
  package static func limit(_ maximum: UInt64) -> String {
    for unit: UInt64 in [1024, 1000] where maximum > 0 && maximum % unit == 0 {
      return "the \(grouped(maximum / unit)) KB limit (\(bytes(maximum)))"
    }
    return "the limit of \(bytes(maximum))"
  }
}
