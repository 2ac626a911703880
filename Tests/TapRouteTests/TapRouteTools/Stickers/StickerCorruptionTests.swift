import Testing

@testable import TapRoute
@testable import TapRouteTools

/// A corrupt or implausible sticker file, written byte by byte, and the exact reason the
/// checker must give for refusing it (TR501).
struct CorruptSticker: CustomTestStringConvertible, Sendable {
  var name: String
  var bytes: [UInt8]
  var message: String
  var testDescription: String { name }

  init(_ name: String, _ bytes: [UInt8], _ message: String) {
    self.name = name
    self.bytes = bytes
    self.message = message
  }
}

extension CorruptSticker {
  typealias B = ImageBytes

  /// IHDR then the default image: offsets below count the signature (8) and IHDR (25).
  static let png: [CorruptSticker] = [
    CorruptSticker(
      "IHDR claims 4294967295x4294967295 px (issue 10)",
      B.png(chunks: [B.ihdr(4_294_967_295, 4_294_967_295), B.idat, B.iend]),
      "corrupt PNG: IHDR says 4294967295x4294967295 px; the PNG specification allows 1 to 2147483647 a side"),
    CorruptSticker(
      "IHDR width zero", B.png(chunks: [B.ihdr(0, 5), B.idat, B.iend]),
      "corrupt PNG: IHDR says 0x5 px; the PNG specification allows 1 to 2147483647 a side"),
    CorruptSticker(
      "IHDR legal but over the sticker maximum", B.png(chunks: [B.ihdr(4097, 300), B.idat, B.iend]),
      "PNG: IHDR says 4097x300 px, over the 4096 px a side accepted for a sticker"),
    CorruptSticker(
      "wrong CRC on IDAT (issue 10)",
      B.png(chunks: [B.ihdr(300, 300), B.chunk("IDAT", B.imageData, crc: 0), B.iend]),
      "corrupt PNG: IDAT chunk at byte 33 has CRC 0x00000000, but its type and data give 0x5EFF7DF9"),
    CorruptSticker(
      "wrong CRC on IHDR: one bit of the width flipped",
      {
        var bytes = B.png(width: 300, height: 300)
        bytes[18] ^= 0x01
        return bytes
      }(),
      "corrupt PNG: IHDR chunk at byte 8 has CRC 0x797D8E75, but its type and data give 0xB8F351B5"),
    CorruptSticker(
      "chunk length over 2^31-1", B.png(chunks: [B.ihdr(1, 1)]) + B.be32(0xFFFF_FFF0) + Array("IDAT".utf8),
      "corrupt PNG: IDAT chunk at byte 33 claims 4,294,967,280 bytes of data, over the PNG maximum of 2,147,483,647"
    ),
    CorruptSticker(
      "chunk length past the end of the file", Array(B.png(width: 1, height: 1).prefix(20)),
      "truncated PNG: IHDR chunk at byte 8 needs 13 bytes of data and a 4-byte CRC, 4 remain"),
    CorruptSticker(
      "cut inside a chunk's length", Array(B.png(width: 1, height: 1).prefix(36)),
      "truncated PNG: the chunk at byte 33 is cut short (3 bytes of its 8-byte length and type)"),
    CorruptSticker(
      "chunk type not letters", B.png(chunks: [B.ihdr(1, 1), B.chunk("ID4T", B.imageData), B.iend]),
      "corrupt PNG: the chunk at byte 33 has type 0x49443454, not four ASCII letters"),
    CorruptSticker(
      "first chunk is not IHDR", B.png(chunks: [B.idat, B.ihdr(1, 1), B.iend]),
      "corrupt PNG: the first chunk is IDAT, not IHDR"),
    CorruptSticker(
      "IHDR of 12 bytes",
      B.png(chunks: [B.chunk("IHDR", B.be32(1) + B.be32(1) + [8, 6, 0, 0]), B.idat, B.iend]),
      "corrupt PNG: IHDR chunk at byte 8 has 12 bytes of data, not 13"),
    CorruptSticker(
      "a second IHDR", B.png(chunks: [B.ihdr(1, 1), B.ihdr(1, 1), B.idat, B.iend]),
      "corrupt PNG: a second IHDR chunk at byte 33"),
    CorruptSticker(
      "colour type 5", B.png(chunks: [B.ihdr(1, 1, colourType: 5), B.idat, B.iend]),
      "corrupt PNG: IHDR colour type 5 is not one of 0, 2, 3, 4, 6"),
    CorruptSticker(
      "bit depth 4 with colour type 2",
      B.png(chunks: [B.ihdr(1, 1, depth: 4, colourType: 2), B.idat, B.iend]),
      "corrupt PNG: IHDR bit depth 4 is not allowed with colour type 2 (allowed: 8, 16)"),
    CorruptSticker(
      "bit depth 16 with a palette", B.png(chunks: [B.ihdr(1, 1, depth: 16, colourType: 3), B.idat, B.iend]),
      "corrupt PNG: IHDR bit depth 16 is not allowed with colour type 3 (allowed: 1, 2, 4, 8)"),
    CorruptSticker(
      "compression method 1", B.png(chunks: [B.ihdr(1, 1, compression: 1), B.idat, B.iend]),
      "corrupt PNG: IHDR compression method 1 is not 0 (deflate)"),
    CorruptSticker(
      "filter method 1", B.png(chunks: [B.ihdr(1, 1, filter: 1), B.idat, B.iend]),
      "corrupt PNG: IHDR filter method 1 is not 0 (adaptive)"),
    CorruptSticker(
      "interlace method 2", B.png(chunks: [B.ihdr(1, 1, interlace: 2), B.idat, B.iend]),
      "corrupt PNG: IHDR interlace method 2 is not 0 (none) or 1 (Adam7)"),
    CorruptSticker(
      "palette image without PLTE", B.png(chunks: [B.ihdr(1, 1, colourType: 3), B.idat, B.iend]),
      "corrupt PNG: colour type 3 (palette) needs a PLTE chunk before the image data"),
    CorruptSticker(
      "PLTE in a greyscale image",
      B.png(chunks: [B.ihdr(1, 1, colourType: 0), B.chunk("PLTE", [0, 0, 0]), B.idat, B.iend]),
      "corrupt PNG: PLTE chunk at byte 33 in a greyscale image (colour type 0)"),
    CorruptSticker(
      "PLTE not a whole number of entries",
      B.png(chunks: [B.ihdr(1, 1, colourType: 3), B.chunk("PLTE", [0, 0, 0, 0]), B.idat, B.iend]),
      "corrupt PNG: PLTE chunk at byte 33 has 4 bytes of data, not 1 to 256 three-byte entries"),
    CorruptSticker(
      "PLTE larger than the bit depth can index",
      B.png(chunks: [
        B.ihdr(1, 1, depth: 1, colourType: 3), B.chunk("PLTE", [UInt8](repeating: 0, count: 9)), B.idat,
        B.iend,
      ]),
      "corrupt PNG: PLTE chunk at byte 33 has 3 entries, more than a 1-bit palette image can use"),
    CorruptSticker(
      "tRNS in an image with alpha", B.png(chunks: [B.ihdr(1, 1), B.chunk("tRNS", [0, 0]), B.idat, B.iend]),
      "corrupt PNG: tRNS chunk at byte 33 in an image with an alpha channel (colour type 6)"),
    CorruptSticker(
      "no IDAT", B.png(chunks: [B.ihdr(1, 1), B.iend]), "corrupt PNG: no image data (IDAT)"),
    CorruptSticker(
      "IDAT chunks apart",
      B.png(chunks: [B.ihdr(1, 1), B.idat, B.chunk("tEXt", [0x61, 0]), B.idat, B.iend]),
      "corrupt PNG: IDAT chunk at byte 68 is apart from the earlier IDAT chunks, which must be consecutive"),
    CorruptSticker(
      "unknown critical chunk", B.png(chunks: [B.ihdr(1, 1), B.chunk("ABCD", []), B.idat, B.iend]),
      "corrupt PNG: ABCD chunk at byte 33 is an unknown critical chunk"),
    CorruptSticker(
      "no IEND", B.png(chunks: [B.ihdr(1, 1), B.idat]),
      "truncated PNG: the file ends at byte 54 with no IEND chunk"),
    CorruptSticker(
      "IEND with data", B.png(chunks: [B.ihdr(1, 1), B.idat, B.chunk("IEND", [0])]),
      "corrupt PNG: IEND chunk at byte 54 has 1 byte of data, not 0"),
    CorruptSticker(
      "bytes after IEND", B.png(width: 1, height: 1) + [0, 0, 0],
      "corrupt PNG: 3 bytes after the IEND chunk, which must be last"),
  ]

  /// APNG: acTL (20 bytes) at 33, then fcTL (38 bytes) chunks and fdAT.
  static let apng: [CorruptSticker] = [
    CorruptSticker(
      "acTL claims 4,294,967,295 frames with no frame data (issue 10)",
      B.png(chunks: [B.ihdr(300, 300), B.acTL(4_294_967_295), B.idat, B.iend]),
      "corrupt APNG: acTL says 4,294,967,295 frames, but the file has 0 frame control (fcTL) chunks"),
    CorruptSticker(
      "acTL claims 3 frames, the file has 2",
      B.png(chunks: [
        B.ihdr(300, 300), B.acTL(3), B.fcTL(0, 300, 300), B.idat, B.fcTL(1, 300, 300), B.fdAT(2), B.iend,
      ]),
      "corrupt APNG: acTL says 3 frames, but the file has 2 frame control (fcTL) chunks"),
    CorruptSticker(
      "acTL of zero frames", B.png(chunks: [B.ihdr(1, 1), B.acTL(0), B.idat, B.iend]),
      "corrupt APNG: acTL chunk at byte 33 says zero frames"),
    CorruptSticker(
      "acTL after the image data", B.png(chunks: [B.ihdr(1, 1), B.idat, B.acTL(1), B.iend]),
      "corrupt APNG: acTL chunk at byte 54 comes after the image data; it must come before the first IDAT"),
    CorruptSticker(
      "a second acTL", B.png(chunks: [B.ihdr(1, 1), B.acTL(1), B.acTL(1), B.idat, B.iend]),
      "corrupt APNG: a second acTL chunk at byte 53"),
    CorruptSticker(
      "sequence numbers skip one",
      B.png(chunks: [
        B.ihdr(300, 300), B.acTL(2), B.fcTL(0, 300, 300), B.idat, B.fcTL(1, 300, 300), B.fdAT(3), B.iend,
      ]),
      "corrupt APNG: fdAT chunk at byte 150 has sequence number 3, expected 2"),
    CorruptSticker(
      "sequence numbers start at 1",
      B.png(chunks: [B.ihdr(300, 300), B.acTL(1), B.fcTL(1, 300, 300), B.idat, B.iend]),
      "corrupt APNG: fcTL chunk at byte 53 has sequence number 1, expected 0"),
    CorruptSticker(
      "fcTL without acTL", B.png(chunks: [B.ihdr(300, 300), B.fcTL(0, 300, 300), B.idat, B.iend]),
      "corrupt APNG: fcTL chunk at byte 33 with no acTL chunk before the image data"),
    CorruptSticker(
      "a frame with no fdAT",
      B.png(chunks: [
        B.ihdr(300, 300), B.acTL(3), B.fcTL(0, 300, 300), B.idat, B.fcTL(1, 300, 300), B.fcTL(2, 300, 300),
        B.fdAT(3), B.iend,
      ]),
      "corrupt APNG: the frame of the fcTL chunk at byte 112 has no fdAT data"),
    CorruptSticker(
      "the last frame has no fdAT",
      B.png(chunks: [B.ihdr(300, 300), B.acTL(2), B.fcTL(0, 300, 300), B.idat, B.fcTL(1, 300, 300), B.iend]),
      "corrupt APNG: the frame of the fcTL chunk at byte 112 has no fdAT data"),
    CorruptSticker(
      "fdAT after the default image's own frame",
      B.png(chunks: [B.ihdr(300, 300), B.acTL(1), B.fcTL(0, 300, 300), B.idat, B.fdAT(1), B.iend]),
      "corrupt APNG: fdAT chunk at byte 112 does not follow a frame control (fcTL) after the image data"),
    CorruptSticker(
      "fdAT with no frame data",
      B.png(chunks: [
        B.ihdr(300, 300), B.acTL(2), B.fcTL(0, 300, 300), B.idat, B.fcTL(1, 300, 300),
        B.chunk("fdAT", B.be32(2)), B.iend,
      ]),
      "corrupt APNG: fdAT chunk at byte 150 has no frame data after its sequence number"),
    CorruptSticker(
      "frame outside the image",
      B.png(chunks: [
        B.ihdr(300, 300), B.acTL(2), B.fcTL(0, 300, 300), B.idat, B.fcTL(1, 200, 200, x: 4_294_967_295),
        B.fdAT(2), B.iend,
      ]),
      "corrupt APNG: fcTL chunk at byte 112 places a 200x200 px frame at (4294967295, 0), outside the 300x300 px image"
    ),
    CorruptSticker(
      "first frame smaller than the image",
      B.png(chunks: [B.ihdr(300, 300), B.acTL(1), B.fcTL(0, 100, 100), B.idat, B.iend]),
      "corrupt APNG: fcTL chunk at byte 53 describes the first frame but does not cover the whole image"),
    CorruptSticker(
      "dispose operation 3",
      B.png(chunks: [B.ihdr(300, 300), B.acTL(1), B.fcTL(0, 300, 300, dispose: 3), B.idat, B.iend]),
      "corrupt APNG: fcTL chunk at byte 53 has dispose operation 3 and blend operation 0"),
  ]

  /// GIF: the screen descriptor and a two-colour table end at byte 19.
  static let gif: [CorruptSticker] = [
    CorruptSticker(
      "screen of zero width", B.gifScreen(0, 9) + B.gifImage(1, 1) + [0x3B],
      "corrupt GIF: logical screen says 0x9 px (zero width or height)"),
    CorruptSticker(
      "screen over the sticker maximum", B.gifScreen(65535, 65535) + B.gifImage(1, 1) + [0x3B],
      "GIF: logical screen says 65535x65535 px, over the 4096 px a side accepted for a sticker"),
    CorruptSticker(
      "global colour table larger than the file", Array("GIF89a".utf8) + [1, 0, 1, 0, 0x87, 0, 0],
      "truncated file: GIF global colour table needs 768 bytes at byte 13, 0 remain"),
    CorruptSticker(
      "local colour table cut short",
      B.gifScreen(9, 9) + [0x2C] + B.le16(0) + B.le16(0) + B.le16(9) + B.le16(9) + [0x82, 0, 0, 0],
      "truncated file: GIF local colour table needs 24 bytes at byte 29, 3 remain"),
    CorruptSticker(
      "graphic control extension of 5 bytes",
      B.gifScreen(9, 9) + [0x21, 0xF9, 0x05, 0, 0, 0, 0, 0, 0] + B.gifImage(9, 9) + [0x3B],
      "corrupt GIF: the graphic control extension at byte 19 has a first block of 5 bytes, not 4"),
    CorruptSticker(
      "application extension of 10 bytes",
      B.gifScreen(9, 9) + [0x21, 0xFF, 0x0A] + Array("NETSCAPE2.".utf8) + [0] + B.gifImage(9, 9) + [0x3B],
      "corrupt GIF: the application extension at byte 19 has a first block of 10 bytes, not 11"),
    CorruptSticker(
      "graphic control extension with extra data",
      B.gifScreen(9, 9) + [0x21, 0xF9, 0x04, 0, 0, 0, 0, 0x01, 0x00, 0] + B.gifImage(9, 9) + [0x3B],
      "corrupt GIF: the graphic control extension at byte 19 has data after its block"),
    CorruptSticker(
      "image of zero height", B.gifScreen(9, 9) + B.gifImage(9, 0) + [0x3B],
      "corrupt GIF: the image at byte 19 is 9x0 px (zero width or height)"),
    CorruptSticker(
      "LZW code size 12", B.gifScreen(9, 9) + B.gifImage(9, 9, data: [12, 1, 0, 0]) + [0x3B],
      "corrupt GIF: the image at byte 19 has LZW minimum code size 12, not 2 to 8"),
    CorruptSticker(
      "image with no data", B.gifScreen(9, 9) + B.gifImage(9, 9, data: [2, 0]) + [0x3B],
      "corrupt GIF: the image at byte 19 has no image data"),
    CorruptSticker(
      "sub-blocks cut short", B.gifScreen(9, 9) + B.gifImage(9, 9, data: [2, 5, 1, 2]),
      "truncated file: GIF image data sub-block needs 5 bytes at byte 31, 2 remain"),
    CorruptSticker(
      "no image", B.gifScreen(9, 9) + B.gifControl(transparent: true) + [0x3B],
      "corrupt GIF: no image before the trailer"),
    CorruptSticker(
      "no trailer", B.gifScreen(9, 9) + B.gifImage(9, 9),
      "truncated GIF: the file ends at byte 34 with no trailer (0x3B)"),
    CorruptSticker(
      "unknown block", B.gifScreen(9, 9) + B.gifImage(9, 9) + [0x99],
      "corrupt GIF: unknown block 0x99 at byte 34"),
    CorruptSticker(
      "bytes after the trailer", B.gif(width: 9, height: 9, frames: 1, transparent: false) + [0x3B, 0x00],
      "corrupt GIF: 2 bytes after the trailer (0x3B), which must be last"),
  ]

  /// JPEG: SOI (2) and APP0 (18) end at byte 20; a one-component SOF0 takes 13 bytes.
  static let jpeg: [CorruptSticker] = [
    CorruptSticker(
      "41 bytes with no scan data (issue 10)",
      B.soi + B.app0
        + B.segment(0xC0, [0x08] + B.be16(408) + B.be16(408) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        + B.eoi,
      "corrupt JPEG: no scan (SOS) with image data before the end of the image"),
    CorruptSticker(
      "a scan with no entropy-coded data", B.soi + B.app0 + B.sof(9, 9) + B.sos() + B.eoi,
      "corrupt JPEG: SOS at byte 33 is not followed by entropy-coded data"),
    CorruptSticker(
      "a scan before the frame header", B.soi + B.app0 + B.sos() + B.scanData + B.sof(9, 9) + B.eoi,
      "corrupt JPEG: SOS at byte 20 comes before the frame header (SOF)"),
    CorruptSticker(
      "no frame header", B.soi + B.app0 + B.eoi,
      "corrupt JPEG: no frame header (SOF) before the end of the image"),
    CorruptSticker(
      "a second frame header", B.soi + B.sof(9, 9) + B.sof(9, 9) + B.sos() + B.scanData + B.eoi,
      "corrupt JPEG: SOF0 at byte 15 is a second frame header"),
    CorruptSticker(
      "frame header length for two components, with one",
      B.soi + B.segment(0xC0, [0x08] + B.be16(9) + B.be16(9) + [2, 1, 0x11, 0]) + B.eoi,
      "corrupt JPEG: SOF0 at byte 2 has segment length 11, but 2 components take 14"),
    CorruptSticker(
      "frame header cut before its component count",
      B.soi + B.segment(0xC0, [0x08] + B.be16(9) + B.be16(9)) + B.eoi,
      "corrupt JPEG: SOF0 at byte 2 is too short for its contents"),
    CorruptSticker(
      "frame of zero height (DNL)", B.soi + B.sof(9, 0) + B.sos() + B.scanData + B.eoi,
      "corrupt JPEG: SOF0 at byte 2 says 9x0 px (zero width or height)"),
    CorruptSticker(
      "frame over the sticker maximum", B.soi + B.sof(65535, 65535) + B.sos() + B.scanData + B.eoi,
      "JPEG: SOF0 at byte 2 says 65535x65535 px, over the 4096 px a side accepted for a sticker"),
    CorruptSticker(
      "sample precision 7", B.soi + B.segment(0xC0, [7] + B.be16(9) + B.be16(9) + [1, 1, 0x11, 0]) + B.eoi,
      "corrupt JPEG: SOF0 at byte 2 has sample precision 7"),
    CorruptSticker(
      "sampling factor 0",
      B.soi + B.segment(0xC0, [8] + B.be16(9) + B.be16(9) + [1, 1, 0x01, 0]) + B.sos() + B.scanData + B.eoi,
      "corrupt JPEG: SOF0 at byte 2 gives component 1 sampling 0x01 and table 0"),
    CorruptSticker(
      "scan header length inconsistent",
      B.soi + B.sof(9, 9) + B.segment(0xDA, [1, 1, 0, 0, 0x3F, 0, 0]) + B.scanData + B.eoi,
      "corrupt JPEG: SOS at byte 15 has segment length 9, but 1 component takes 8"),
    CorruptSticker(
      "scan of five components", B.soi + B.sof(9, 9) + B.sos([1, 1, 1, 1, 1]) + B.scanData + B.eoi,
      "corrupt JPEG: SOS at byte 15 names 5 components, not 1 to 4"),
    CorruptSticker(
      "scan names a component the frame lacks", B.soi + B.sof(9, 9) + B.sos([2]) + B.scanData + B.eoi,
      "corrupt JPEG: SOS at byte 15 names component 2, which the frame header does not have"),
    CorruptSticker(
      "quantization table cut short",
      B.soi + B.segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 63)) + B.eoi,
      "corrupt JPEG: DQT at byte 2 is too short for its contents"),
    CorruptSticker(
      "Huffman table longer than its counts",
      B.soi + B.segment(0xC4, [0x00, 0, 1] + [UInt8](repeating: 0, count: 14) + [0, 0]) + B.eoi,
      "corrupt JPEG: DHT at byte 2 is too short for its contents"),
    CorruptSticker(
      "restart interval of 3 bytes", B.soi + B.segment(0xDD, [0, 4, 0]) + B.eoi,
      "corrupt JPEG: DRI at byte 2 has segment length 5, not 4"),
    CorruptSticker(
      "segment length 1", B.soi + [0xFF, 0xE1, 0x00, 0x01] + B.eoi,
      "corrupt JPEG: APP1 at byte 2 has segment length 1, less than 2"),
    CorruptSticker(
      "segment longer than the file", Array(B.jpeg(width: 9, height: 9).prefix(12)),
      "truncated JPEG: APP0 at byte 2 needs 14 bytes, 6 remain"),
    CorruptSticker(
      "a second SOI", B.soi + B.soi + B.sof(9, 9) + B.sos() + B.scanData + B.eoi,
      "corrupt JPEG: SOI at byte 2 is out of place"),
    CorruptSticker(
      "a restart marker outside a scan", B.soi + [0xFF, 0xD3] + B.eoi,
      "corrupt JPEG: RST3 at byte 2 is out of place"),
    CorruptSticker(
      "data where a marker belongs", B.soi + [0x00, 0xFF, 0xD9],
      "corrupt JPEG: expected a marker at byte 2, found 0x00"),
    CorruptSticker(
      "no EOI after the scan", Array(B.jpeg(width: 9, height: 9).dropLast(2)),
      "truncated JPEG: no end-of-image marker (EOI); the scan data runs to the end of the file"),
    CorruptSticker(
      "no EOI after a segment", B.soi + B.app0,
      "truncated JPEG: no end-of-image marker (EOI); the file ends at byte 20"),
    CorruptSticker(
      "bytes after EOI", B.jpeg(width: 9, height: 9) + [0, 0x41],
      "corrupt JPEG: 2 bytes after the end-of-image marker (EOI)"),
  ]

  static let other: [CorruptSticker] = [
    CorruptSticker("empty", [], "not a PNG, APNG, GIF or JPEG file (unknown signature)"),
    CorruptSticker("text", Array("hello".utf8), "not a PNG, APNG, GIF or JPEG file (unknown signature)"),
    CorruptSticker(
      "GIF88a", Array("GIF88a".utf8) + [1, 0, 1, 0, 0, 0, 0],
      "not a PNG, APNG, GIF or JPEG file (unknown signature)"),
  ]
}

@Suite("Stickers: corrupt files are refused with the reason (TR501)")
struct StickerCorruptionTests {
  private func rules() throws -> StickerRules { try #require(try engine().policies.stickers) }

  @Test(
    "corrupt or implausible file",
    arguments: CorruptSticker.png + CorruptSticker.apng + CorruptSticker.gif + CorruptSticker.jpeg
      + CorruptSticker.other)
  func refused(_ row: CorruptSticker) throws {
    let report = StickerCheck.check(row.bytes, file: "s", sizeClass: "regular", rules: try rules())
    #expect(report.header == nil)
    #expect(report.findings.map(\.description) == ["s: error: \(row.message) [TR501]"])
  }

  @Test func issueTenJPEGIs41Bytes() {
    #expect(CorruptSticker.jpeg[0].bytes.count == 41)
  }
}
