@_spi(Generated) import TapRoute
import TapRouteAASA

extension StickerHeader {
  /// The JPEG reader (ITU-T T.81, annex B): markers and segment lengths, the frame header,
  /// the scans and their entropy-coded data, the tables' lengths, EOI.
  enum JPEG {
    /// The frame header markers: SOF0-3, 5-7, 9-11, 13-15 (0xC4 is DHT, 0xC8 reserved, 0xCC DAC).
    static let frameMarkers: Set<UInt8> = [
      0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF,
    ]
    /// The lossless frames (SOF3, 7, 11, 15), whose samples may have 2 to 16 bits.
    static let losslessMarkers: Set<UInt8> = [0xC3, 0xC7, 0xCB, 0xCF]

    /// The frame header: the size and the component identifiers scans may name.
    struct Frame {
      var width: Int
      var height: Int
      var components: Set<UInt8>
    }

    static func read(_ bytes: [UInt8]) throws(Failure) -> StickerHeader {
      var r = ByteReader(bytes, offset: 2)
      var frame: Frame?
      var scans = 0
      while true {
        let at = r.offset
        guard !r.isAtEnd else {
          throw Failure(
            "truncated JPEG: no end-of-image marker (EOI); the file ends at byte \(ByteCount.grouped(at))")
        }
        let lead = try r.byte("JPEG marker")
        guard lead == 0xFF else {
          throw Failure(
            "corrupt JPEG: expected a marker at byte \(ByteCount.grouped(at)), found 0x\(hex(lead))")
        }
        var marker = try r.byte("JPEG marker")
        while marker == 0xFF { marker = try r.byte("JPEG marker") }  // fill bytes
        let place = "\(name(marker)) at byte \(ByteCount.grouped(at))"
        switch marker {
        case 0xD9:
          guard let frame else {
            throw Failure("corrupt JPEG: no frame header (SOF) before the end of the image")
          }
          guard scans > 0 else {
            throw Failure("corrupt JPEG: no scan (SOS) with image data before the end of the image")
          }
          // Some encoders pad with zero bytes after EOI; anything else is refused.
          guard r.bytes[r.offset...].allSatisfy({ $0 == 0 }) else {
            throw Failure("corrupt JPEG: \(ByteCount.bytes(r.remaining)) after the end-of-image marker (EOI)")
          }
          return StickerHeader(
            format: .jpeg, width: frame.width, height: frame.height, frames: 1, hasTransparency: false)
        case 0xD8, 0x00, 0xD0...0xD7:
          throw Failure("corrupt JPEG: \(place) is out of place")
        case 0x01:
          continue  // TEM: no segment
        default:
          break
        }
        let length = try r.uint16BE("JPEG segment length")
        guard length >= 2 else {
          throw Failure("corrupt JPEG: \(place) has segment length \(length), less than 2")
        }
        guard UInt64(length) - 2 <= UInt64(r.remaining) else {
          throw Failure(
            "truncated JPEG: \(place) needs \(ByteCount.bytes(length - 2)), \(ByteCount.grouped(r.remaining)) remain"
          )
        }
        var segment = ByteReader(Array(try r.take(UInt64(length) - 2, "JPEG segment")))
        switch marker {
        case _ where frameMarkers.contains(marker):
          guard frame == nil else { throw Failure("corrupt JPEG: \(place) is a second frame header") }
          frame = try readFrame(&segment, marker: marker, place: place)
        case 0xDA:
          guard let frame else { throw Failure("corrupt JPEG: \(place) comes before the frame header (SOF)") }
          try readScan(&segment, frame: frame, place: place)
          guard try entropyCodedData(&r) > 0 else {
            throw Failure("corrupt JPEG: \(place) is not followed by entropy-coded data")
          }
          scans += 1
        case 0xDB: try readQuantizationTables(&segment, place: place)
        case 0xC4: try readHuffmanTables(&segment, place: place)
        case 0xDD:
          guard length == 4 else {
            throw Failure("corrupt JPEG: \(place) has segment length \(length), not 4")
          }
          _ = try segment.take(2, "restart interval")
        default:
          continue  // APPn, COM and the rest: their length is all there is to check
        }
        guard segment.isAtEnd else {
          throw Failure(
            "corrupt JPEG: \(place) has segment length \(length), but its contents end \(ByteCount.bytes(segment.remaining)) earlier"
          )
        }
      }
    }

    /// SOFn: precision, height, width, then three bytes per component.
    static func readFrame(_ s: inout ByteReader, marker: UInt8, place: String) throws(Failure) -> Frame {
      let precision = try field(&s, place) { r throws(Failure) in try r.byte("precision") }
      let height = try field(&s, place) { r throws(Failure) in try r.uint16BE("height") }
      let width = try field(&s, place) { r throws(Failure) in try r.uint16BE("width") }
      let count = try field(&s, place) { r throws(Failure) in try r.byte("component count") }
      let precisions: [UInt8] = losslessMarkers.contains(marker) ? Array(2...16) : [8, 12]
      guard precisions.contains(precision) else {
        throw Failure("corrupt JPEG: \(place) has sample precision \(precision)")
      }
      guard count > 0 else { throw Failure("corrupt JPEG: \(place) has no components") }
      guard UInt64(s.remaining) == UInt64(count) * 3 else {
        throw Failure(
          "corrupt JPEG: \(place) has segment length \(s.remaining + 8), but \(components(count)) take\(count == 1 ? "s" : "") \(8 + 3 * Int(count))"
        )
      }
      var components: Set<UInt8> = []
      for _ in 0..<count {
        let id = try s.byte("component")
        let sampling = try s.byte("sampling factors")
        let table = try s.byte("quantization table")
        guard (1...4).contains(sampling >> 4), (1...4).contains(sampling & 0x0F), table <= 3 else {
          throw Failure(
            "corrupt JPEG: \(place) gives component \(id) sampling 0x\(hex(sampling)) and table \(table)")
        }
        components.insert(id)
      }
      let size = try checkedSize(width, height, "JPEG: \(place)")
      return Frame(width: size.width, height: size.height, components: components)
    }

    /// SOS: the scan's components, each one of the frame's, then the spectral selection and
    /// successive approximation bytes.
    static func readScan(_ s: inout ByteReader, frame: Frame, place: String) throws(Failure) {
      let count = try field(&s, place) { r throws(Failure) in try r.byte("component count") }
      guard (1...4).contains(count) else {
        throw Failure("corrupt JPEG: \(place) names \(count) components, not 1 to 4")
      }
      guard UInt64(s.remaining) == UInt64(count) * 2 + 3 else {
        throw Failure(
          "corrupt JPEG: \(place) has segment length \(s.remaining + 3), but \(components(count)) take\(count == 1 ? "s" : "") \(6 + 2 * Int(count))"
        )
      }
      for _ in 0..<count {
        let id = try s.byte("scan component")
        _ = try s.byte("scan tables")
        guard frame.components.contains(id) else {
          throw Failure("corrupt JPEG: \(place) names component \(id), which the frame header does not have")
        }
      }
      _ = try s.take(3, "scan spectral selection and approximation")
    }

    /// DQT: one or more tables of 64 entries, of one or two bytes each.
    static func readQuantizationTables(_ s: inout ByteReader, place: String) throws(Failure) {
      repeat {
        let info = try field(&s, place) { r throws(Failure) in try r.byte("table") }
        guard info >> 4 <= 1, info & 0x0F <= 3 else {
          throw Failure("corrupt JPEG: \(place) has table information 0x\(hex(info))")
        }
        _ = try field(&s, place) { r throws(Failure) in try r.take(64 * (UInt64(info >> 4) + 1), "table") }
      } while !s.isAtEnd
    }

    /// DHT: one or more tables of 16 code counts and then as many values.
    static func readHuffmanTables(_ s: inout ByteReader, place: String) throws(Failure) {
      repeat {
        let info = try field(&s, place) { r throws(Failure) in try r.byte("table") }
        guard info >> 4 <= 1, info & 0x0F <= 3 else {
          throw Failure("corrupt JPEG: \(place) has table information 0x\(hex(info))")
        }
        let counts = try field(&s, place) { r throws(Failure) in try r.take(16, "code counts") }
        let values = counts.reduce(UInt64(0)) { $0 + UInt64($1) }
        guard values <= 256 else {
          throw Failure("corrupt JPEG: \(place) has \(values) codes, more than 256")
        }
        _ = try field(&s, place) { r throws(Failure) in try r.take(values, "values") }
      } while !s.isAtEnd
    }

    /// Reads a field of a segment; a segment too short for it is a corrupt length.
    static func field<T>(
      _ s: inout ByteReader, _ place: String, _ read: (inout ByteReader) throws(Failure) -> T
    ) throws(Failure) -> T {
      do throws(Failure) {
        return try read(&s)
      } catch {
        throw Failure("corrupt JPEG: \(place) is too short for its contents")
      }
    }

    /// Skips the entropy-coded data after a scan header, up to the next marker (not
    /// consumed); returns the number of data bytes, counting a stuffed 0xFF00 as one and
    /// skipping restart markers.
    static func entropyCodedData(_ r: inout ByteReader) throws(Failure) -> Int {
      var count = 0
      while true {
        guard let b = r.peek else {
          throw Failure(
            "truncated JPEG: no end-of-image marker (EOI); the scan data runs to the end of the file")
        }
        guard b == 0xFF else {
          _ = try r.byte("JPEG data")
          count += 1
          continue
        }
        let next = r.remaining >= 2 ? r.bytes[r.offset + 1] : nil
        switch next {
        case 0x00:
          _ = try r.take(2, "JPEG data")
          count += 1
        case .some(0xD0...0xD7):
          _ = try r.take(2, "JPEG restart marker")
        case 0xFF:
          _ = try r.byte("JPEG fill byte")
        default:
          if next == nil {
            throw Failure(
              "truncated JPEG: no end-of-image marker (EOI); the scan data runs to the end of the file")
          }
          return count
        }
      }
    }

    /// `1 component`, `2 components`.
    static func components(_ count: UInt8) -> String { Words.count(count, "component") }

    static func name(_ marker: UInt8) -> String {
      switch marker {
      case 0xC4: "DHT"
      case 0xCC: "DAC"
      case _ where frameMarkers.contains(marker): "SOF\(marker - 0xC0)"
      case 0xD0...0xD7: "RST\(marker - 0xD0)"
      case 0xD8: "SOI"
      case 0xDA: "SOS"
      case 0xDB: "DQT"
      case 0xDD: "DRI"
      case 0xE0...0xEF: "APP\(marker - 0xE0)"
      case 0xFE: "COM"
      default: "marker 0xFF\(hex(marker))"
      }
    }

    static func hex(_ b: UInt8) -> String { (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true) }
  }
}
