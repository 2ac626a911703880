@_spi(Generated) import TapRoute

/// Bounds-checked big- and little-endian reads over a file's bytes, for the sticker readers.
///
/// Every count from the input is a fixed-width unsigned value (`UInt32`, `UInt64`) and is
/// compared with what remains before any conversion to `Int`, so no header value can trap,
/// whatever the width of `Int`.
struct ByteReader {
  let bytes: [UInt8]
  private(set) var offset: Int

  init(_ bytes: [UInt8], offset: Int = 0) {
    self.bytes = bytes
    self.offset = min(max(offset, 0), bytes.count)
  }

  var remaining: Int { bytes.count - offset }
  var isAtEnd: Bool { offset >= bytes.count }

  /// The next byte without consuming it.
  var peek: UInt8? { isAtEnd ? nil : bytes[offset] }

  /// Consumes `count` bytes, or throws a truncation failure naming `what`.
  mutating func take(_ count: UInt64, _ what: String) throws(StickerHeader.Failure) -> ArraySlice<UInt8> {
    guard count <= UInt64(remaining) else {
      throw StickerHeader.Failure(
        "truncated file: \(what) needs \(ByteCount.bytes(count)) at byte \(ByteCount.grouped(offset)), \(ByteCount.grouped(remaining)) remain"
      )
    }
    let end = offset + Int(truncatingIfNeeded: count)  // count <= remaining, so it fits
    defer { offset = end }
    return bytes[offset..<end]
  }

  mutating func byte(_ what: String) throws(StickerHeader.Failure) -> UInt8 {
    guard let b = peek else {
      throw StickerHeader.Failure(
        "truncated file: \(what) needs 1 byte at byte \(ByteCount.grouped(offset)), 0 remain")
    }
    offset += 1
    return b
  }

  mutating func uint16BE(_ what: String) throws(StickerHeader.Failure) -> UInt16 {
    let b = try take(2, what)
    return UInt16(b[b.startIndex]) << 8 | UInt16(b[b.startIndex + 1])
  }

  mutating func uint16LE(_ what: String) throws(StickerHeader.Failure) -> UInt16 {
    let b = try take(2, what)
    return UInt16(b[b.startIndex + 1]) << 8 | UInt16(b[b.startIndex])
  }

  mutating func uint32BE(_ what: String) throws(StickerHeader.Failure) -> UInt32 {
    let b = try take(4, what)
    let i = b.startIndex
    return UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
  }
}
