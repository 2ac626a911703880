@_spi(Generated) import TapRoute

/// What a sticker file's bytes say about it, read and validated without an image library.
///
/// The whole structure is checked, not the image data itself (nothing is decompressed):
/// - PNG: the signature, every chunk's length, type and CRC-32, IHDR first with fields the PNG
///   specification allows, PLTE where the colour type needs it, at least one IDAT (in one
///   run), IEND last with nothing after it. APNG: acTL before the image data, as many fcTL
///   chunks as acTL promises frames, every frame after the first with fdAT data, and the
///   fcTL/fdAT sequence numbers 0, 1, 2, ... in file order.
/// - GIF: the GIF87a/GIF89a header, the logical screen descriptor, global and local colour
///   tables of the size their flags give, well-formed extension blocks and image data
///   sub-blocks, at least one image with data, the trailer (0x3B) last.
/// - JPEG: SOI, one frame header (SOFn) whose length matches its components, then at least
///   one scan (SOS) that matches the frame and is followed by entropy-coded data, and EOI;
///   every marker segment's length fits the file, and the tables' (DQT, DHT, DRI) lengths
///   match their contents. Zero bytes after EOI are tolerated (some encoders pad).
///
/// Width and height must also be at most ``maximumSide``. Every read is bounds-checked with
/// fixed-width arithmetic: a truncated or corrupt file is a ``Failure``, never a trap.
package struct StickerHeader: Sendable, Hashable {
  package enum Format: String, Sendable, Hashable, CaseIterable, Codable {
    case png, apng, gif, jpeg
  }

  package var format: Format
  /// Width in pixels, 1 to ``maximumSide``.
  package var width: Int
  /// Height in pixels, 1 to ``maximumSide``.
  package var height: Int
  /// Frames: 1 for still images, the fcTL chunks of an APNG (equal to acTL's count), the
  /// images of a GIF.
  package var frames: Int
  /// The file can carry transparency (PNG alpha or tRNS, a GIF transparent colour).
  package var hasTransparency: Bool

  /// The largest width or height accepted, in pixels.
  ///
  /// Well above the largest sticker image, 618 px (the large size class at @3x, S000-8), so no
  /// real sticker comes near it, and small enough that a header claiming more (a corrupt file,
  /// or a bomb that would decompress to gigabytes: 4,096 x 4,096 RGBA is already 64 MiB) is
  /// refused from the header alone.
  package static let maximumSide = 4096

  /// Why a file could not be read.
  package struct Failure: Error, Sendable, Hashable {
    package var message: String
    init(_ message: String) { self.message = message }
  }

  /// Reads and validates a PNG, APNG, GIF or JPEG file.
  package static func read(_ bytes: [UInt8]) -> Result<StickerHeader, Failure> {
    do throws(Failure) {
      if bytes.starts(with: PNG.signature) { return .success(try PNG.read(bytes)) }
      if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
        return .success(try GIF.read(bytes))
      }
      if bytes.starts(with: [0xFF, 0xD8]) { return .success(try JPEG.read(bytes)) }
      return .failure(Failure("not a PNG, APNG, GIF or JPEG file (unknown signature)"))
    } catch {
      return .failure(error)
    }
  }

  /// A header's width and height as `Int`, once both are known to be within 1 to
  /// ``maximumSide``; `source` names the format and the part that gives the size
  /// (`PNG: IHDR`).
  static func checkedSize<T: FixedWidthInteger & UnsignedInteger>(
    _ width: T, _ height: T, _ source: String
  ) throws(Failure) -> (width: Int, height: Int) {
    guard width > 0, height > 0 else {
      throw Failure("corrupt \(source) says \(width)x\(height) px (zero width or height)")
    }
    guard UInt64(width) <= UInt64(maximumSide), UInt64(height) <= UInt64(maximumSide) else {
      throw Failure(
        "\(source) says \(width)x\(height) px, over the \(maximumSide) px a side accepted for a sticker")
    }
    return (Int(truncatingIfNeeded: width), Int(truncatingIfNeeded: height))
  }
}
