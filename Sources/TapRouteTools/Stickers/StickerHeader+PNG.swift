@_spi(Generated) import TapRoute

extension StickerHeader {
  /// The PNG and APNG reader: chunk structure and CRCs (PNG specification, third edition,
  /// sections 5 and 11), IHDR's fields, chunk order, and APNG's frame chunks (APNG 1.0).
  enum PNG {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// PNG's four-byte unsigned integers (lengths, width, height) are at most 2^31-1.
    static let maximumInteger: UInt32 = 0x7FFF_FFFF
    /// The bit depths each colour type allows (PNG specification, table 11.1).
    static let bitDepths: [UInt8: [UInt8]] = [
      0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
    ]

    /// One chunk whose length and CRC have been checked.
    struct Chunk {
      var type: String
      /// The offset of its length field in the file.
      var at: Int
      var data: [UInt8]
      /// The chunk's name and place, for messages: `IDAT chunk at byte 33`.
      var place: String { "\(type) chunk at byte \(ByteCount.grouped(at))" }
    }

    static func read(_ bytes: [UInt8]) throws(Failure) -> StickerHeader {
      var r = ByteReader(bytes, offset: signature.count)
      var state = State()
      while true {
        let chunk = try nextChunk(&r)
        try state.accept(chunk)
        if chunk.type == "IEND" { break }
      }
      guard r.isAtEnd else {
        throw Failure("corrupt PNG: \(ByteCount.bytes(r.remaining)) after the IEND chunk, which must be last")
      }
      return try state.finish()
    }

    /// Reads one chunk: its length (at most 2^31-1 and within the file), its type (four
    /// ASCII letters), its data and its CRC, which must match the type and data.
    static func nextChunk(_ r: inout ByteReader) throws(Failure) -> Chunk {
      let at = r.offset
      guard !r.isAtEnd else {
        throw Failure("truncated PNG: the file ends at byte \(ByteCount.grouped(at)) with no IEND chunk")
      }
      guard r.remaining >= 8 else {
        throw Failure(
          "truncated PNG: the chunk at byte \(ByteCount.grouped(at)) is cut short (\(ByteCount.bytes(r.remaining)) of its 8-byte length and type)"
        )
      }
      let length = try r.uint32BE("PNG chunk length")
      let typeBytes = try r.take(4, "PNG chunk type")
      guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
        throw Failure(
          "corrupt PNG: the chunk at byte \(ByteCount.grouped(at)) has type \(hex(typeBytes)), not four ASCII letters"
        )
      }
      let type = String(decoding: typeBytes, as: UTF8.self)
      let place = "\(type) chunk at byte \(ByteCount.grouped(at))"
      guard length <= maximumInteger else {
        throw Failure(
          "corrupt PNG: \(place) claims \(ByteCount.bytes(length)) of data, over the PNG maximum of \(ByteCount.grouped(maximumInteger))"
        )
      }
      guard UInt64(length) + 4 <= UInt64(r.remaining) else {
        throw Failure(
          "truncated PNG: \(place) needs \(ByteCount.bytes(length)) of data and a 4-byte CRC, \(ByteCount.grouped(r.remaining)) remain"
        )
      }
      let data = try r.take(UInt64(length), "PNG chunk data")
      let stored = try r.uint32BE("PNG chunk CRC")
      let computed = CRC32.checksum(r.bytes[(at + 4)..<data.endIndex])
      guard stored == computed else {
        throw Failure(
          "corrupt PNG: \(place) has CRC \(hex(stored)), but its type and data give \(hex(computed))")
      }
      return Chunk(type: type, at: at, data: Array(data))
    }

    /// Where the reader is relative to the image data (IDAT), which must be one run of chunks.
    enum Stage { case beforeImageData, inImageData, afterImageData }

    /// What the chunks read so far have established.
    struct State {
      var header: StickerHeader?
      var bitDepth: UInt8 = 0
      var colourType: UInt8 = 0
      var stage = Stage.beforeImageData
      var paletteEntries: Int?
      /// acTL's frame count, once read.
      var promisedFrames: UInt32?
      var frameControls = 0
      var nextSequence: UInt64 = 0
      /// The current frame's data is in fdAT chunks (its fcTL came after the IDAT).
      var frameTakesFrameData = false
      /// The fcTL, after the IDAT, whose frame has no fdAT chunk yet.
      var frameWithoutData: Chunk?

      mutating func accept(_ c: Chunk) throws(Failure) {
        guard header != nil || c.type == "IHDR" else {
          throw Failure("corrupt PNG: the first chunk is \(c.type), not IHDR")
        }
        if stage == .inImageData && c.type != "IDAT" { stage = .afterImageData }
        switch c.type {
        case "IHDR":
          guard header == nil else { throw Failure("corrupt PNG: a second \(c.place)") }
          try readHeader(c)
        case "PLTE": try readPalette(c)
        case "tRNS": try readTransparency(c)
        case "IDAT":
          guard stage != .afterImageData else {
            throw Failure(
              "corrupt PNG: \(c.place) is apart from the earlier IDAT chunks, which must be consecutive")
          }
          guard colourType != 3 || paletteEntries != nil else {
            throw Failure("corrupt PNG: colour type 3 (palette) needs a PLTE chunk before the image data")
          }
          stage = .inImageData
        case "acTL": try readAnimationControl(c)
        case "fcTL": try readFrameControl(c)
        case "fdAT": try readFrameData(c)
        case "IEND":
          guard c.data.isEmpty else {
            throw Failure("corrupt PNG: \(c.place) has \(ByteCount.bytes(c.data.count)) of data, not 0")
          }
        default:
          // Bit 5 of the first letter (lower case) marks an ancillary chunk, which a decoder may
          // skip; an unknown critical chunk means the file cannot be read correctly.
          guard c.type.utf8.first.map({ $0 & 0x20 != 0 }) == true else {
            throw Failure("corrupt PNG: \(c.place) is an unknown critical chunk")
          }
        }
      }

      mutating func readHeader(_ c: Chunk) throws(Failure) {
        guard c.data.count == 13 else {
          throw Failure("corrupt PNG: \(c.place) has \(ByteCount.bytes(c.data.count)) of data, not 13")
        }
        var d = ByteReader(c.data)
        let width = try d.uint32BE("PNG width")
        let height = try d.uint32BE("PNG height")
        let depth = try d.byte("PNG bit depth")
        let colour = try d.byte("PNG colour type")
        let compression = try d.byte("PNG compression method")
        let filter = try d.byte("PNG filter method")
        let interlace = try d.byte("PNG interlace method")
        guard (1...maximumInteger).contains(width), (1...maximumInteger).contains(height) else {
          throw Failure(
            "corrupt PNG: IHDR says \(width)x\(height) px; the PNG specification allows 1 to \(maximumInteger) a side"
          )
        }
        guard let depths = bitDepths[colour] else {
          throw Failure("corrupt PNG: IHDR colour type \(colour) is not one of 0, 2, 3, 4, 6")
        }
        guard depths.contains(depth) else {
          throw Failure(
            "corrupt PNG: IHDR bit depth \(depth) is not allowed with colour type \(colour) (allowed: \(depths.map(String.init).joined(separator: ", ")))"
          )
        }
        guard compression == 0 else {
          throw Failure("corrupt PNG: IHDR compression method \(compression) is not 0 (deflate)")
        }
        guard filter == 0 else {
          throw Failure("corrupt PNG: IHDR filter method \(filter) is not 0 (adaptive)")
        }
        guard interlace <= 1 else {
          throw Failure("corrupt PNG: IHDR interlace method \(interlace) is not 0 (none) or 1 (Adam7)")
        }
        let size = try checkedSize(width, height, "PNG: IHDR")
        bitDepth = depth
        colourType = colour
        header = StickerHeader(
          format: .png, width: size.width, height: size.height, frames: 1,
          hasTransparency: colour == 4 || colour == 6)
      }

      mutating func readPalette(_ c: Chunk) throws(Failure) {
        guard colourType != 0 && colourType != 4 else {
          throw Failure("corrupt PNG: \(c.place) in a greyscale image (colour type \(colourType))")
        }
        guard paletteEntries == nil else { throw Failure("corrupt PNG: a second \(c.place)") }
        guard stage == .beforeImageData else {
          throw Failure("corrupt PNG: \(c.place) comes after the image data")
        }
        let entries = c.data.count / 3
        guard c.data.count % 3 == 0, (1...256).contains(entries) else {
          throw Failure(
            "corrupt PNG: \(c.place) has \(ByteCount.bytes(c.data.count)) of data, not 1 to 256 three-byte entries"
          )
        }
        guard colourType != 3 || entries <= 1 << bitDepth else {
          throw Failure(
            "corrupt PNG: \(c.place) has \(entries) entries, more than a \(bitDepth)-bit palette image can use"
          )
        }
        paletteEntries = entries
      }

      mutating func readTransparency(_ c: Chunk) throws(Failure) {
        guard stage == .beforeImageData else {
          throw Failure("corrupt PNG: \(c.place) comes after the image data")
        }
        let allowed: ClosedRange<Int>
        switch colourType {
        case 0: allowed = 2...2
        case 2: allowed = 6...6
        case 3:
          guard let paletteEntries else {
            throw Failure("corrupt PNG: \(c.place) comes before the PLTE chunk")
          }
          allowed = 0...paletteEntries
        default:
          throw Failure(
            "corrupt PNG: \(c.place) in an image with an alpha channel (colour type \(colourType))")
        }
        guard allowed.contains(c.data.count) else {
          throw Failure("corrupt PNG: \(c.place) has \(ByteCount.bytes(c.data.count)) of data")
        }
        header?.hasTransparency = true
      }

      mutating func readAnimationControl(_ c: Chunk) throws(Failure) {
        guard promisedFrames == nil else { throw Failure("corrupt APNG: a second \(c.place)") }
        guard stage == .beforeImageData else {
          throw Failure(
            "corrupt APNG: \(c.place) comes after the image data; it must come before the first IDAT")
        }
        guard c.data.count == 8 else {
          throw Failure("corrupt APNG: \(c.place) has \(ByteCount.bytes(c.data.count)) of data, not 8")
        }
        var d = ByteReader(c.data)
        let frames = try d.uint32BE("APNG frame count")
        guard frames > 0 else { throw Failure("corrupt APNG: \(c.place) says zero frames") }
        promisedFrames = frames
      }

      /// fcTL and fdAT share one sequence, numbered from 0 in file order.
      mutating func sequence(_ number: UInt32, _ c: Chunk) throws(Failure) {
        guard UInt64(number) == nextSequence else {
          throw Failure(
            "corrupt APNG: \(c.place) has sequence number \(ByteCount.grouped(number)), expected \(ByteCount.grouped(nextSequence))"
          )
        }
        nextSequence += 1
      }

      mutating func readFrameControl(_ c: Chunk) throws(Failure) {
        guard promisedFrames != nil, let header else {
          throw Failure("corrupt APNG: \(c.place) with no acTL chunk before the image data")
        }
        guard c.data.count == 26 else {
          throw Failure("corrupt APNG: \(c.place) has \(ByteCount.bytes(c.data.count)) of data, not 26")
        }
        var d = ByteReader(c.data)
        try sequence(try d.uint32BE("APNG sequence number"), c)
        let width = try d.uint32BE("APNG frame width")
        let height = try d.uint32BE("APNG frame height")
        let x = try d.uint32BE("APNG frame x offset")
        let y = try d.uint32BE("APNG frame y offset")
        _ = try d.take(4, "APNG frame delay")
        let dispose = try d.byte("APNG dispose operation")
        let blend = try d.byte("APNG blend operation")
        guard width > 0, height > 0, UInt64(x) + UInt64(width) <= UInt64(header.width),
          UInt64(y) + UInt64(height) <= UInt64(header.height)
        else {
          throw Failure(
            "corrupt APNG: \(c.place) places a \(width)x\(height) px frame at (\(x), \(y)), outside the \(header.width)x\(header.height) px image"
          )
        }
        guard dispose <= 2, blend <= 1 else {
          throw Failure(
            "corrupt APNG: \(c.place) has dispose operation \(dispose) and blend operation \(blend)")
        }
        if stage == .beforeImageData {
          // The default image (IDAT) is the first frame: one fcTL, covering the whole image.
          guard frameControls == 0 else {
            throw Failure("corrupt APNG: \(c.place) is a second frame control before the image data")
          }
          guard x == 0, y == 0, UInt64(width) == UInt64(header.width), UInt64(height) == UInt64(header.height)
          else {
            throw Failure(
              "corrupt APNG: \(c.place) describes the first frame but does not cover the whole image")
          }
        } else {
          if let frameWithoutData {
            throw Failure("corrupt APNG: the frame of the \(frameWithoutData.place) has no fdAT data")
          }
          frameWithoutData = c
          frameTakesFrameData = true
        }
        frameControls += 1
      }

      mutating func readFrameData(_ c: Chunk) throws(Failure) {
        guard promisedFrames != nil else {
          throw Failure("corrupt APNG: \(c.place) with no acTL chunk before the image data")
        }
        guard frameTakesFrameData else {
          throw Failure(
            "corrupt APNG: \(c.place) does not follow a frame control (fcTL) after the image data")
        }
        guard c.data.count > 4 else {
          throw Failure("corrupt APNG: \(c.place) has no frame data after its sequence number")
        }
        var d = ByteReader(c.data)
        try sequence(try d.uint32BE("APNG sequence number"), c)
        frameWithoutData = nil
      }

      /// The header once IEND is read: image data seen, and for APNG every promised frame.
      func finish() throws(Failure) -> StickerHeader {
        guard var header, stage != .beforeImageData else {
          throw Failure("corrupt PNG: no image data (IDAT)")
        }
        if let promisedFrames {
          if let frameWithoutData {
            throw Failure("corrupt APNG: the frame of the \(frameWithoutData.place) has no fdAT data")
          }
          guard UInt64(frameControls) == UInt64(promisedFrames) else {
            throw Failure(
              "corrupt APNG: acTL says \(ByteCount.grouped(promisedFrames)) frames, but the file has \(ByteCount.grouped(frameControls)) frame control (fcTL) chunks"
            )
          }
          header.format = .apng
          header.frames = frameControls
        }
        return header
      }
    }

    static func hex(_ value: UInt32) -> String {
      let digits = String(value, radix: 16, uppercase: true)
      return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    static func hex(_ bytes: ArraySlice<UInt8>) -> String {
      "0x" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }
  }
}
