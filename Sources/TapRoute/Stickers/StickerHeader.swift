/// What a sticker file's bytes say about it, read without an image library.
///
/// PNG: the IHDR chunk (size, colour type) and, for APNG, the acTL chunk (frame count);
/// GIF: the logical screen size, image descriptors (frames) and graphic control extensions
/// (transparency); JPEG: the first SOF marker (size). Every read is bounds-checked: a
/// truncated or corrupt file is a ``StickerHeader/Failure``, never a trap.
public struct StickerHeader: Sendable, Hashable {
  public enum Format: String, Sendable, Hashable, CaseIterable, Codable {
    case png, apng, gif, jpeg
  }

  public var format: Format
  public var width: Int
  public var height: Int
  /// Frames: 1 for still images, acTL's count for APNG, image descriptors for GIF.
  public var frames: Int
  /// The file can carry transparency (PNG alpha or tRNS, a GIF transparent colour).
  public var hasTransparency: Bool

  /// Why a file could not be read.
  public struct Failure: Error, Sendable, Hashable {
    public var message: String
  }

  /// Reads the header of a PNG, APNG, GIF or JPEG file.
  public static func read(_ bytes: [UInt8]) -> Result<StickerHeader, Failure> {
    var reader = ByteReader(bytes)
    do {
      if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
        return .success(try png(&reader))
      }
      if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
        return .success(try gif(&reader))
      }
      if bytes.starts(with: [0xFF, 0xD8]) { return .success(try jpeg(&reader)) }
      return .failure(Failure(message: "not a PNG, APNG, GIF or JPEG file (unknown signature)"))
    } catch let failure as Failure {
      return .failure(failure)
    } catch {
      return .failure(Failure(message: "\(error)"))
    }
  }

  private static func png(_ r: inout ByteReader) throws -> StickerHeader {
    r.offset = 8
    var header: StickerHeader?
    var sawIDAT = false
    var sawIEND = false
    while !sawIEND {
      let length = try r.uint32BE("PNG chunk length")
      let type = try r.bytes(4, "PNG chunk type")
      guard length <= UInt32(r.remaining) else {
        throw Failure(
          message:
            "truncated PNG: chunk \(String(decoding: type, as: UTF8.self)) needs \(length) bytes, \(r.remaining) remain"
        )
      }
      let data = try r.bytes(Int(length), "PNG chunk data")
      _ = try r.bytes(4, "PNG chunk CRC")
      switch String(decoding: type, as: UTF8.self) {
      case "IHDR":
        guard header == nil, data.count == 13 else { throw Failure(message: "corrupt PNG: bad IHDR chunk") }
        var d = ByteReader(data)
        let width = Int(try d.uint32BE("width"))
        let height = Int(try d.uint32BE("height"))
        _ = try d.byte("bit depth")
        let colour = try d.byte("colour type")
        guard width > 0, height > 0 else { throw Failure(message: "corrupt PNG: zero width or height") }
        header = StickerHeader(
          format: .png, width: width, height: height, frames: 1, hasTransparency: colour == 4 || colour == 6)
      case "acTL":
        guard header != nil, !sawIDAT, data.count == 8 else {
          throw Failure(message: "corrupt APNG: misplaced or bad acTL chunk")
        }
        var d = ByteReader(data)
        let frames = Int(try d.uint32BE("frame count"))
        guard frames >= 1 else { throw Failure(message: "corrupt APNG: zero frames") }
        header?.format = .apng
        header?.frames = frames
      case "tRNS":
        header?.hasTransparency = true
      case "IDAT":
        sawIDAT = true
      case "IEND":
        sawIEND = true
      default:
        break
      }
      if header == nil { throw Failure(message: "corrupt PNG: the first chunk is not IHDR") }
    }
    guard let header, sawIDAT else { throw Failure(message: "corrupt PNG: no image data (IDAT)") }
    return header
  }

  private static func gif(_ r: inout ByteReader) throws -> StickerHeader {
    r.offset = 6
    let width = Int(try r.uint16LE("GIF width"))
    let height = Int(try r.uint16LE("GIF height"))
    let flags = try r.byte("GIF flags")
    _ = try r.bytes(2, "GIF background and aspect")
    if flags & 0x80 != 0 { _ = try r.bytes(3 << (Int(flags & 0x07) + 1), "GIF global colour table") }
    guard width > 0, height > 0 else { throw Failure(message: "corrupt GIF: zero width or height") }
    var frames = 0
    var transparent = false
    while true {
      let introducer = try r.byte("GIF block")
      switch introducer {
      case 0x3B:
        guard frames > 0 else { throw Failure(message: "corrupt GIF: no image") }
        return StickerHeader(
          format: .gif, width: width, height: height, frames: frames, hasTransparency: transparent)
      case 0x21:
        let label = try r.byte("GIF extension label")
        if label == 0xF9 {
          let size = try r.byte("GIF graphic control size")
          let block = try r.bytes(Int(size), "GIF graphic control")
          if block.first.map({ $0 & 0x01 != 0 }) == true { transparent = true }
        }
        try r.skipSubBlocks()
      case 0x2C:
        _ = try r.bytes(8, "GIF image position and size")
        let imageFlags = try r.byte("GIF image flags")
        if imageFlags & 0x80 != 0 {
          _ = try r.bytes(3 << (Int(imageFlags & 0x07) + 1), "GIF local colour table")
        }
        _ = try r.byte("GIF LZW code size")
        try r.skipSubBlocks()
        frames += 1
      default:
        throw Failure(
          message: "corrupt GIF: unknown block 0x\(String(introducer, radix: 16)) at byte \(r.offset - 1)")
      }
    }
  }

  private static func jpeg(_ r: inout ByteReader) throws -> StickerHeader {
    r.offset = 2
    while true {
      guard try r.byte("JPEG marker") == 0xFF else {
        throw Failure(message: "corrupt JPEG: expected a marker at byte \(r.offset - 1)")
      }
      var marker = try r.byte("JPEG marker")
      while marker == 0xFF { marker = try r.byte("JPEG marker") }
      switch marker {
      case 0xD8, 0x01, 0xD0...0xD7:
        continue
      case 0xD9, 0xDA:
        throw Failure(message: "corrupt JPEG: no frame header (SOF) before the image data")
      default:
        let length = Int(try r.uint16BE("JPEG segment length"))
        guard length >= 2 else { throw Failure(message: "corrupt JPEG: segment length \(length)") }
        let segment = try r.bytes(length - 2, "JPEG segment")
        let isSOF = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
        guard isSOF else { continue }
        var d = ByteReader(segment)
        _ = try d.byte("JPEG precision")
        let height = Int(try d.uint16BE("JPEG height"))
        let width = Int(try d.uint16BE("JPEG width"))
        guard width > 0, height > 0 else { throw Failure(message: "corrupt JPEG: zero width or height") }
        guard r.bytesEnd(with: [0xFF, 0xD9]) else {
          throw Failure(message: "truncated JPEG: no end-of-image marker")
        }
        return StickerHeader(format: .jpeg, width: width, height: height, frames: 1, hasTransparency: false)
      }
    }
  }
}

/// Bounds-checked big- and little-endian reads.
struct ByteReader {
  let bytes: [UInt8]
  var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var remaining: Int { bytes.count - offset }

  mutating func bytes(_ count: Int, _ what: String) throws -> [UInt8] {
    guard count >= 0, count <= remaining else {
      throw StickerHeader.Failure(
        message: "truncated file: \(what) needs \(count) bytes at byte \(offset), \(remaining) remain")
    }
    defer { offset += count }
    return Array(bytes[offset..<offset + count])
  }

  mutating func byte(_ what: String) throws -> UInt8 { try bytes(1, what)[0] }

  mutating func uint16BE(_ what: String) throws -> UInt16 {
    let b = try bytes(2, what)
    return UInt16(b[0]) << 8 | UInt16(b[1])
  }

  mutating func uint16LE(_ what: String) throws -> UInt16 {
    let b = try bytes(2, what)
    return UInt16(b[1]) << 8 | UInt16(b[0])
  }

  mutating func uint32BE(_ what: String) throws -> UInt32 {
    let b = try bytes(4, what)
    return UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3])
  }

  /// Skips GIF data sub-blocks up to and including the zero-length terminator.
  mutating func skipSubBlocks() throws {
    while true {
      let size = try byte("GIF sub-block size")
      if size == 0 { return }
      _ = try bytes(Int(size), "GIF sub-block")
    }
  }

  func bytesEnd(with suffix: [UInt8]) -> Bool {
    var end = bytes.count
    while end > 0 && bytes[end - 1] == 0 { end -= 1 }  // tolerate zero padding after EOI
    return end >= suffix.count && Array(bytes[(end - suffix.count)..<end]) == suffix
  }
}
