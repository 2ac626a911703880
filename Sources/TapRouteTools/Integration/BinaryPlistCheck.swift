@_spi(Generated) import TapRoute

/// Checks a binary property list's structure before Foundation parses it.
///
/// Foundation's `PropertyListSerialization` on Linux crashed on a binary plist holding a set
/// (found by the `plist` fuzz target; the input is kept in `Tests/FuzzRegressions/plist/`).
/// An Info.plist holds only dictionaries, arrays, strings, numbers, booleans, dates and data,
/// so this check reads the trailer and the offset table and refuses any object whose type
/// marker is not one of those, or any offset outside the file, before Foundation sees the
/// bytes.
enum BinaryPlistCheck {
  static let magic = Array("bplist0".utf8)

  /// nil when the bytes are not a binary plist or are acceptable; else the reason to refuse.
  static func problem(in bytes: [UInt8]) -> String? {
    guard bytes.starts(with: magic) else { return nil }
    guard bytes.count >= 8 + 32 + 1 else { return "truncated binary property list: \(bytes.count) bytes" }
    let trailer = bytes.count - 32
    let offsetSize = Int(bytes[trailer + 6])
    let refSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
      return "corrupt binary property list: offset size \(offsetSize), reference size \(refSize)"
    }
    guard let objects = uint(bytes, trailer + 8, 8), let top = uint(bytes, trailer + 16, 8),
      let table = uint(bytes, trailer + 24, 8)
    else { return "corrupt binary property list trailer" }
    guard objects >= 1, top < objects, table >= 8, table < trailer,
      objects <= (trailer - table) / offsetSize
    else { return "corrupt binary property list: \(objects) objects, table at \(table)" }
    for i in 0..<objects {
      guard let offset = uint(bytes, table + i * offsetSize, offsetSize), offset >= 8, offset < table else {
        return "corrupt binary property list: object \(i) lies outside the object area"
      }
      switch bytes[offset] >> 4 {
      case 0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0xA, 0xD:
        continue
      case 0xC:
        return "unsupported binary property list: object \(i) is a set, which an Info.plist never holds"
      case 0x8:
        return "unsupported binary property list: object \(i) is a UID (a keyed archive, not an Info.plist)"
      default:
        return
          "corrupt binary property list: object \(i) has the unknown type marker 0x\(String(bytes[offset], radix: 16))"
      }
    }
    return nil
  }

  /// A big-endian unsigned integer of `size` bytes at `at`, if it fits in the file and in Int.
  private static func uint(_ bytes: [UInt8], _ at: Int, _ size: Int) -> Int? {
    guard at >= 0, size >= 1, at + size <= bytes.count else { return nil }
    var value: UInt64 = 0
    for k in 0..<size { value = value << 8 | UInt64(bytes[at + k]) }
    return value <= UInt64(Int.max / 2) ? Int(value) : nil
  }
}
