@_spi(Generated) import TapRoute

extension StickerHeader {
  /// The GIF reader (GIF89a specification, which GIF87a files also follow): the header,
  /// the logical screen descriptor, colour tables, extension blocks, images and the trailer.
  enum GIF {
    static func read(_ bytes: [UInt8]) throws(Failure) -> StickerHeader {
      var r = ByteReader(bytes, offset: 6)
      let width = try r.uint16LE("GIF screen width")
      let height = try r.uint16LE("GIF screen height")
      let flags = try r.byte("GIF screen flags")
      _ = try r.take(2, "GIF background colour and aspect ratio")
      let size = try checkedSize(width, height, "GIF: logical screen")
      try colourTable(flags, &r, "GIF global colour table")
      var frames = 0
      var transparent = false
      while true {
        let at = r.offset
        guard !r.isAtEnd else {
          throw Failure(
            "truncated GIF: the file ends at byte \(ByteCount.grouped(at)) with no trailer (0x3B)")
        }
        switch try r.byte("GIF block") {
        case 0x3B:
          guard frames > 0 else { throw Failure("corrupt GIF: no image before the trailer") }
          guard r.isAtEnd else {
            throw Failure(
              "corrupt GIF: \(ByteCount.bytes(r.remaining)) after the trailer (0x3B), which must be last")
          }
          return StickerHeader(
            format: .gif, width: size.width, height: size.height, frames: frames, hasTransparency: transparent
          )
        case 0x21:
          if try extensionBlock(&r, at: at) { transparent = true }
        case 0x2C:
          try image(&r, at: at)
          frames += 1
        case let introducer:
          throw Failure(
            "corrupt GIF: unknown block 0x\(String(introducer, radix: 16, uppercase: true)) at byte \(ByteCount.grouped(at))"
          )
        }
      }
    }

    /// Skips the colour table the flags announce: 3 x 2^(n+1) bytes, at most 768.
    static func colourTable(_ flags: UInt8, _ r: inout ByteReader, _ what: String) throws(Failure) {
      guard flags & 0x80 != 0 else { return }
      _ = try r.take(UInt64(3) << (UInt64(flags & 0x07) + 1), what)
    }

    /// Reads an extension block after its introducer; true when it is a graphic control
    /// extension with a transparent colour.
    static func extensionBlock(_ r: inout ByteReader, at: Int) throws(Failure) -> Bool {
      let label = try r.byte("GIF extension label")
      let place = "at byte \(ByteCount.grouped(at))"
      // Graphic control, plain text and application extensions start with a block of fixed size.
      let fixedSize: (size: UInt8, name: String)? =
        switch label {
        case 0xF9: (4, "graphic control extension")
        case 0x01: (12, "plain text extension")
        case 0xFF: (11, "application extension")
        default: nil
        }
      var transparent = false
      if let fixedSize {
        let size = try r.byte("GIF \(fixedSize.name) block size")
        guard size == fixedSize.size else {
          throw Failure(
            "corrupt GIF: the \(fixedSize.name) \(place) has a first block of \(size) bytes, not \(fixedSize.size)"
          )
        }
        let block = try r.take(UInt64(size), "GIF \(fixedSize.name)")
        if label == 0xF9, let packed = block.first, packed & 0x01 != 0 { transparent = true }
      }
      let data = try subBlocks(&r, "GIF extension data")
      if label == 0xF9 && data > 0 {
        throw Failure("corrupt GIF: the graphic control extension \(place) has data after its block")
      }
      return transparent
    }

    /// Reads an image descriptor after its separator, its local colour table and its image
    /// data, which must hold at least one byte.
    static func image(_ r: inout ByteReader, at: Int) throws(Failure) {
      let place = "at byte \(ByteCount.grouped(at))"
      _ = try r.take(4, "GIF image position")
      let width = try r.uint16LE("GIF image width")
      let height = try r.uint16LE("GIF image height")
      guard width > 0, height > 0 else {
        throw Failure("corrupt GIF: the image \(place) is \(width)x\(height) px (zero width or height)")
      }
      let flags = try r.byte("GIF image flags")
      try colourTable(flags, &r, "GIF local colour table")
      let codeSize = try r.byte("GIF LZW code size")
      guard (2...8).contains(codeSize) else {
        throw Failure("corrupt GIF: the image \(place) has LZW minimum code size \(codeSize), not 2 to 8")
      }
      guard try subBlocks(&r, "GIF image data") > 0 else {
        throw Failure("corrupt GIF: the image \(place) has no image data")
      }
    }

    /// Reads data sub-blocks up to and including the zero-length terminator; returns how
    /// many data bytes they hold.
    static func subBlocks(_ r: inout ByteReader, _ what: String) throws(Failure) -> UInt64 {
      var total: UInt64 = 0
      while true {
        let size = try r.byte("\(what) sub-block size")
        if size == 0 { return total }
        _ = try r.take(UInt64(size), "\(what) sub-block")
        total += UInt64(size)
      }
    }
  }
}
