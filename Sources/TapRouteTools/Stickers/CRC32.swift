@_spi(Generated) import TapRoute

/// The CRC-32 of the PNG specification (ISO 3309 / ITU-T V.42, polynomial 0xEDB88320
/// reflected), computed a byte at a time from a 256-entry table as in the specification's
/// sample code (PNG, Annex D).
enum CRC32 {
  /// `table[n]` is the CRC of the byte `n` alone, before the final inversion.
  static let table: [UInt32] = (0...UInt32(255)).map { n in
    var c = n
    for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  /// The CRC-32 of `bytes`: for a PNG chunk, of its type and data.
  static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes { c = table[Int(truncatingIfNeeded: (c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }
}
