import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// Minimal real image files, written byte by byte: every PNG chunk with its real CRC-32,
/// APNG frames with their fcTL and fdAT chunks, JPEG segments with their lengths.
enum ImageBytes {
  static func be32(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }
  static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
  static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }

  // PNG and APNG.

  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// A zlib stream standing in for image data (the reader does not decompress).
  static let imageData: [UInt8] = [0x78, 0x9C, 0x63, 0, 0, 0, 1, 0, 1]

  /// A PNG chunk with its CRC-32, or with `crc` in its place.
  static func chunk(_ type: String, _ data: [UInt8], crc: UInt32? = nil) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return be32(UInt32(data.count)) + typed + be32(crc ?? CRC32.checksum(typed[...]))
  }

  static func ihdr(
    _ width: UInt32, _ height: UInt32, depth: UInt8 = 8, colourType: UInt8 = 6, compression: UInt8 = 0,
    filter: UInt8 = 0, interlace: UInt8 = 0
  ) -> [UInt8] {
    chunk("IHDR", be32(width) + be32(height) + [depth, colourType, compression, filter, interlace])
  }
  static let idat = chunk("IDAT", imageData)
  static let iend = chunk("IEND", [])
  static func acTL(_ frames: UInt32) -> [UInt8] { chunk("acTL", be32(frames) + be32(0)) }
  static func fcTL(
    _ sequence: UInt32, _ width: UInt32, _ height: UInt32, x: UInt32 = 0, y: UInt32 = 0, dispose: UInt8 = 0,
    blend: UInt8 = 0
  ) -> [UInt8] {
    chunk(
      "fcTL",
      be32(sequence) + be32(width) + be32(height) + be32(x) + be32(y) + be16(1) + be16(10) + [dispose, blend])
  }
  static func fdAT(_ sequence: UInt32) -> [UInt8] { chunk("fdAT", be32(sequence) + imageData) }

  /// The signature and then the chunks.
  static func png(chunks: [[UInt8]]) -> [UInt8] { pngSignature + chunks.joined() }

  /// A PNG, or with `frames` an APNG whose first frame is the default image and whose other
  /// frames are fcTL and fdAT pairs, numbered 0, 1, 2, ...
  static func png(width: UInt32, height: UInt32, colourType: UInt8 = 6, frames: UInt32? = nil) -> [UInt8] {
    var chunks = [ihdr(width, height, colourType: colourType)]
    if colourType == 3 { chunks.append(chunk("PLTE", [0, 0, 0, 255, 255, 255])) }
    guard let frames else { return png(chunks: chunks + [idat, iend]) }
    chunks += [acTL(frames), fcTL(0, width, height), idat]
    var sequence: UInt32 = 1
    for _ in 1..<max(frames, 1) {
      chunks += [fcTL(sequence, width, height), fdAT(sequence + 1)]
      sequence += 2
    }
    return png(chunks: chunks + [iend])
  }

  // GIF.

  /// The GIF89a header and logical screen descriptor, with a two-colour global table unless
  /// `flags` says otherwise.
  static func gifScreen(_ width: UInt16, _ height: UInt16, flags: UInt8 = 0x80) -> [UInt8] {
    Array("GIF89a".utf8) + le16(width) + le16(height) + [flags, 0, 0]
      + (flags & 0x80 != 0 ? [UInt8](repeating: 0xFF, count: 3 << (Int(flags & 0x07) + 1)) : [])
  }
  static func gifControl(transparent: Bool) -> [UInt8] {
    [0x21, 0xF9, 0x04, transparent ? 0x01 : 0x00, 0, 0, 0, 0]
  }
  /// An image descriptor, with no local colour table, and its data.
  static func gifImage(_ width: UInt16, _ height: UInt16, data: [UInt8] = [0x02, 0x02, 0x44, 0x01, 0x00])
    -> [UInt8]
  {
    [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [0x00] + data
  }

  static func gif(width: UInt16, height: UInt16, frames: Int, transparent: Bool) -> [UInt8] {
    var bytes = gifScreen(width, height)
    for _ in 0..<frames { bytes += gifControl(transparent: transparent) + gifImage(width, height) }
    return bytes + [0x3B]
  }

  // JPEG.

  /// A marker segment: the marker, its length (which counts itself) and the payload.
  static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
    [0xFF, marker] + be16(UInt16(payload.count + 2)) + payload
  }
  static let soi: [UInt8] = [0xFF, 0xD8]
  static let eoi: [UInt8] = [0xFF, 0xD9]
  static let app0 = segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
  /// A frame header with one component (id 1, sampling 1x1, table 0).
  static func sof(_ width: UInt16, _ height: UInt16, marker: UInt8 = 0xC0) -> [UInt8] {
    segment(marker, [0x08] + be16(height) + be16(width) + [0x01, 0x01, 0x11, 0x00])
  }
  /// A scan header naming `components`.
  static func sos(_ components: [UInt8] = [1]) -> [UInt8] {
    segment(0xDA, [UInt8(components.count)] + components.flatMap { [$0, 0x00] } + [0x00, 0x3F, 0x00])
  }
  /// Entropy-coded data, with a stuffed 0xFF00 and a restart marker in it.
  static let scanData: [UInt8] = [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]

  static func jpeg(width: UInt16, height: UInt16) -> [UInt8] {
    soi + app0 + sof(width, height) + sos() + scanData + eoi
  }
}

/// A sticker fixture: a file written byte by byte, the size class, what the checker must say,
/// and the evidence that justifies it.
struct StickerFixture: CustomTestStringConvertible, Sendable {
  var name: String
  var file: String
  var bytes: [UInt8]
  var size: String
  var accepted: Bool
  var codes: [DiagnosticCode]
  var evidence: [String]
  var testDescription: String { name }

  static let all: [StickerFixture] = [
    StickerFixture(
      name: "PNG at the regular size", file: "a.png", bytes: ImageBytes.png(width: 408, height: 408),
      size: "regular", accepted: true, codes: [], evidence: ["S000-7", "S000-8"]),
    StickerFixture(
      name: "animated APNG", file: "b.png", bytes: ImageBytes.png(width: 300, height: 300, frames: 8),
      size: "small", accepted: true, codes: [], evidence: ["S000-7"]),
    StickerFixture(
      name: "animated GIF, edges alias", file: "c.gif",
      bytes: ImageBytes.gif(width: 618, height: 618, frames: 5, transparent: true), size: "large",
      accepted: true, codes: [.stickerAdvice], evidence: ["S000-7", "S000-10"]),
    StickerFixture(
      name: "JPEG, no transparency", file: "d.jpeg", bytes: ImageBytes.jpeg(width: 408, height: 408),
      size: "regular", accepted: true, codes: [.stickerAdvice], evidence: ["S000-7", "S000-10"]),
    StickerFixture(
      name: "larger than the small class is scaled down", file: "e.png",
      bytes: ImageBytes.png(width: 408, height: 408), size: "small", accepted: true, codes: [.stickerSize],
      evidence: ["S000-8"]),
    StickerFixture(
      name: "over 500 KB", file: "f.png",
      bytes: ImageBytes.png(width: 300, height: 300) + [UInt8](repeating: 0, count: 512_001), size: "small",
      accepted: false, codes: [.stickerTooLarge], evidence: ["S000-7"]),
    StickerFixture(
      name: "a GIF named .png", file: "g.png",
      bytes: ImageBytes.gif(width: 300, height: 300, frames: 1, transparent: false), size: "small",
      accepted: false, codes: [.stickerDisguised, .stickerAdvice], evidence: ["S000-7"]),
    StickerFixture(
      name: "palette PNG with tRNS, interlaced", file: "i.png",
      bytes: ImageBytes.png(chunks: [
        ImageBytes.ihdr(300, 300, depth: 4, colourType: 3, interlace: 1),
        ImageBytes.chunk("PLTE", [0, 0, 0, 255, 0, 0, 0, 255, 0]), ImageBytes.chunk("tRNS", [0]),
        ImageBytes.chunk("tEXt", Array("Title\0sticker".utf8)), ImageBytes.idat, ImageBytes.idat,
        ImageBytes.iend,
      ]), size: "small", accepted: true, codes: [], evidence: ["S000-7"]),
    StickerFixture(
      name: "16-bit greyscale PNG at the largest side", file: "j.png",
      bytes: ImageBytes.png(chunks: [
        ImageBytes.ihdr(4096, 1, depth: 16, colourType: 0), ImageBytes.idat, ImageBytes.iend,
      ]), size: "large", accepted: true, codes: [.stickerSize], evidence: ["S000-8"]),
    StickerFixture(
      name: "APNG of one frame", file: "k.apng", bytes: ImageBytes.png(width: 300, height: 300, frames: 1),
      size: "small", accepted: true, codes: [], evidence: ["S000-7"]),
    StickerFixture(
      name: "APNG whose default image is not a frame", file: "l.png",
      bytes: ImageBytes.png(chunks: [
        ImageBytes.ihdr(300, 300), ImageBytes.acTL(2), ImageBytes.idat, ImageBytes.fcTL(0, 300, 300),
        ImageBytes.fdAT(1), ImageBytes.fdAT(2),
        ImageBytes.fcTL(3, 100, 50, x: 200, y: 250, dispose: 2, blend: 1),
        ImageBytes.fdAT(4), ImageBytes.iend,
      ]), size: "small", accepted: true, codes: [], evidence: ["S000-7"]),
    StickerFixture(
      name: "progressive JPEG with tables, two scans", file: "m.jpg",
      bytes: ImageBytes.soi + ImageBytes.app0
        + ImageBytes.segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        + ImageBytes.segment(0xC4, [0x00, 0, 1] + [UInt8](repeating: 0, count: 14) + [0])
        + ImageBytes.segment(0xDD, [0, 4]) + ImageBytes.sof(408, 408, marker: 0xC2)
        + ImageBytes.sos() + ImageBytes.scanData + ImageBytes.sos() + [0x01] + ImageBytes.eoi + [0, 0],
      size: "regular", accepted: true, codes: [.stickerAdvice], evidence: ["S000-7"]),
    StickerFixture(
      name: "GIF87a with a local colour table and a comment", file: "n.gif",
      bytes: Array("GIF87a".utf8) + ImageBytes.le16(300) + ImageBytes.le16(300) + [0, 0, 0]
        + [0x21, 0xFE, 0x02, 0x68, 0x69, 0x00]
        + [0x2C] + ImageBytes.le16(0) + ImageBytes.le16(0) + ImageBytes.le16(300) + ImageBytes.le16(300)
        + [0x81] + [UInt8](repeating: 0, count: 12) + [0x02, 0x02, 0x44, 0x01, 0x00, 0x3B],
      size: "small", accepted: true, codes: [.stickerAdvice], evidence: ["S000-7"]),
    StickerFixture(
      name: "truncated PNG", file: "h.png", bytes: Array(ImageBytes.png(width: 300, height: 300).prefix(40)),
      size: "small", accepted: false, codes: [.stickerUnreadable], evidence: ["S000-7"]),
  ]
}

@Suite("Stickers: header reader and checks (S000-7, S000-8)")
struct StickerTests {
  @Test("sticker fixture", arguments: StickerFixture.all)
  func fixture(_ row: StickerFixture) throws {
    let report = StickerCheck.check(row.bytes, file: row.file, sizeClass: row.size, rules: try rules())
    #expect(report.accepted == row.accepted, "\(report.findings.map(\.description))")
    #expect(report.findings.map(\.code) == row.codes, "\(report.findings.map(\.description))")
  }

  @Test func readsEveryFormat() throws {
    #expect(
      try StickerHeader.read(ImageBytes.png(width: 408, height: 408)).get()
        == StickerHeader(format: .png, width: 408, height: 408, frames: 1, hasTransparency: true))
    #expect(
      try StickerHeader.read(ImageBytes.png(width: 300, height: 200, colourType: 2)).get().hasTransparency
        == false)
    #expect(
      try StickerHeader.read(ImageBytes.png(width: 618, height: 618, frames: 24)).get()
        == StickerHeader(format: .apng, width: 618, height: 618, frames: 24, hasTransparency: true))
    #expect(
      try StickerHeader.read(ImageBytes.gif(width: 300, height: 280, frames: 3, transparent: true)).get()
        == StickerHeader(format: .gif, width: 300, height: 280, frames: 3, hasTransparency: true))
    #expect(
      try StickerHeader.read(ImageBytes.jpeg(width: 640, height: 480)).get()
        == StickerHeader(format: .jpeg, width: 640, height: 480, frames: 1, hasTransparency: false))
  }

  private func rules() throws -> StickerRules { try #require(try engine().policies.stickers) }

  @Test func checksFollowTheRules() throws {
    let rules = try rules()
    let ok = StickerCheck.check(
      ImageBytes.png(width: 408, height: 408), file: "a.png", sizeClass: "regular", rules: rules)
    #expect(ok.accepted && ok.findings.isEmpty)
    let big = StickerCheck.check(
      ImageBytes.png(width: 700, height: 700, frames: 10), file: "b.png", sizeClass: "large", rules: rules)
    #expect(big.accepted)
    #expect(
      big.findings.map(\.description) == [
        "b.png: warning: 700x700 px is larger than the large size class (206x206 pt, 618x618 px at @3x): the framework scales it down (S000-8) [TR505]"
      ])
    let disguised = StickerCheck.check(
      ImageBytes.gif(width: 300, height: 300, frames: 2, transparent: true), file: "c.png",
      sizeClass: "small", rules: rules)
    #expect(!disguised.accepted)
    #expect(
      disguised.findings.first?.description == "c.png: error: the file is GIF but its name says .png [TR502]")
    #expect(disguised.findings.contains { $0.code == .stickerAdvice && $0.message.contains("edges alias") })
    let jpeg = StickerCheck.check(
      ImageBytes.jpeg(width: 300, height: 300), file: "d.jpg", sizeClass: "small", rules: rules)
    #expect(jpeg.accepted && jpeg.findings.map(\.code) == [.stickerAdvice])
    var heavy = ImageBytes.png(width: 408, height: 408)
    heavy.insert(contentsOf: ImageBytes.chunk("tEXt", [UInt8](repeating: 65, count: 520_000)), at: 33)
    let tooLarge = StickerCheck.check(heavy, file: "e.png", sizeClass: "regular", rules: rules)
    #expect(!tooLarge.accepted && tooLarge.findings.map(\.code) == [.stickerTooLarge])
  }

  /// The file's real size against the limit, and what was read of it.
  struct SizeRow: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var fileSize: UInt64
    var findings: [String]
    var testDescription: String { name }
  }

  static let sizes: [SizeRow] = [
    SizeRow(
      name: "4 GiB: refused from the size alone, nothing parsed", bytes: [], fileSize: 1 << 32,
      findings: [
        "big.png: error: 4,294,967,296 bytes, over the 500 KB limit (512,000 bytes) (S000-7) [TR504]"
      ]),
    SizeRow(
      name: "one byte over, with the limit plus one byte read",
      bytes: ImageBytes.png(width: 408, height: 408) + [UInt8](repeating: 0, count: 512_001 - 66),
      fileSize: 512_001,
      findings: ["big.png: error: 512,001 bytes, over the 500 KB limit (512,000 bytes) (S000-7) [TR504]"]),
    SizeRow(
      name: "UInt64.max", bytes: [0x89], fileSize: .max,
      findings: [
        "big.png: error: 18,446,744,073,709,551,615 bytes, over the 500 KB limit (512,000 bytes) (S000-7) [TR504]"
      ]),
    SizeRow(
      name: "at the limit but only part of it read", bytes: ImageBytes.png(width: 408, height: 408),
      fileSize: 512_000,
      findings: ["big.png: error: only 66 bytes of the file's 512,000 bytes could be read [TR501]"]),
    SizeRow(
      name: "a pipe reports size 0: the bytes read count", bytes: ImageBytes.png(width: 408, height: 408),
      fileSize: 0, findings: []),
  ]

  @Test("the file size decides the limit before any parsing", arguments: sizes)
  func fileSize(_ row: SizeRow) throws {
    let report = StickerCheck.check(
      row.bytes, fileSize: row.fileSize, file: "big.png", sizeClass: "regular", rules: try rules())
    #expect(report.findings.map(\.description) == row.findings)
    #expect(report.bytes == max(row.fileSize, UInt64(row.bytes.count)))
    #expect(report.header == nil || row.findings.isEmpty)
  }

  @Test func summaryLines() throws {
    let rules = try rules()
    let anim = StickerCheck.check(
      ImageBytes.png(width: 408, height: 408, frames: 1200), file: "a.png", sizeClass: "regular", rules: rules
    )
    #expect(anim.summary == "a.png: accepted (APNG, 408x408 px, 1,200 frames, 75,661 bytes)")
    let big = StickerCheck.check([], fileSize: 1_234_567, file: "b.gif", sizeClass: "regular", rules: rules)
    #expect(big.summary == "b.gif: refused (1,234,567 bytes)")
  }

  @Test func byteCounts() {
    #expect(ByteCount.grouped(0) == "0")
    #expect(ByteCount.grouped(999) == "999")
    #expect(ByteCount.grouped(1000) == "1,000")
    #expect(ByteCount.grouped(512_000) == "512,000")
    #expect(ByteCount.grouped(-1234) == "-1,234")
    #expect(ByteCount.grouped(UInt64.max) == "18,446,744,073,709,551,615")
    #expect(ByteCount.bytes(1) == "1 byte")
    #expect(ByteCount.limit(512_000) == "the 500 KB limit (512,000 bytes)")
    #expect(ByteCount.limit(500_000) == "the 500 KB limit (500,000 bytes)")
    #expect(ByteCount.limit(1234) == "the limit of 1,234 bytes")
  }

  /// The check values of the CRC-32 used by PNG (and zlib, gzip): the standard check string
  /// and the CRC every PNG's IEND chunk carries.
  @Test func crc32() {
    #expect(CRC32.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
    #expect(CRC32.checksum(Array("IEND".utf8)[...]) == 0xAE42_6082)
    #expect(CRC32.checksum([][...]) == 0)
    #expect(ImageBytes.iend.suffix(4) == [0xAE, 0x42, 0x60, 0x82])
  }

  /// The files of the README's example, written byte by byte.
  static let readmeFiles: [String: [UInt8]] = [
    "ok.png": ImageBytes.png(width: 408, height: 408),
    "anim.gif": ImageBytes.gif(width: 408, height: 408, frames: 4, transparent: false),
    "fake.png": ImageBytes.gif(width: 100, height: 100, frames: 1, transparent: false),
    "big.png": ImageBytes.png(chunks: [
      ImageBytes.ihdr(408, 408), ImageBytes.chunk("tEXt", [UInt8](repeating: 0x41, count: 600_000)),
      ImageBytes.idat, ImageBytes.iend,
    ]),
    "claims-4g.png": ImageBytes.png(chunks: [
      ImageBytes.ihdr(4_294_967_295, 4_294_967_295), ImageBytes.idat, ImageBytes.iend,
    ]),
    "no-frames.png": ImageBytes.png(chunks: [
      ImageBytes.ihdr(408, 408), ImageBytes.acTL(4_294_967_295), ImageBytes.idat, ImageBytes.iend,
    ]),
    "bad-crc.png": ImageBytes.png(chunks: [
      ImageBytes.ihdr(408, 408), ImageBytes.chunk("IDAT", ImageBytes.imageData, crc: 0), ImageBytes.iend,
    ]),
    "no-scan.jpg": CorruptSticker.jpeg[0].bytes,
  ]

  /// The folder of the shipped sample files: `readmeFiles`, byte for byte.
  static let samples = Repo.root.appendingPathComponent("Examples/stickers")

  @Test("the shipped sample stickers are the bytes this test writes")
  func shippedSamples() throws {
    if ProcessInfo.processInfo.environment["TAPROUTE_REFRESH_GOLDEN"] != nil {
      try FileManager.default.createDirectory(at: Self.samples, withIntermediateDirectories: true)
      for (name, bytes) in Self.readmeFiles {
        try Data(bytes).write(to: Self.samples.appendingPathComponent(name))
      }
    }
    let shipped = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path).sorted()
    #expect(shipped == Self.readmeFiles.keys.sorted())
    for (name, bytes) in Self.readmeFiles {
      let file = [UInt8](try Data(contentsOf: Self.samples.appendingPathComponent(name)))
      #expect(
        file == bytes,
        "Examples/stickers/\(name); refresh with TAPROUTE_REFRESH_GOLDEN=1 swift test --filter StickerTests")
    }
  }

  @Test("the sticker command on files written byte by byte")
  func cli() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("stickers-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let files: [(String, [UInt8])] = [
      ("ok.png", ImageBytes.png(width: 408, height: 408)),
      ("anim.gif", ImageBytes.gif(width: 408, height: 408, frames: 4, transparent: false)),
      ("fake.png", ImageBytes.gif(width: 100, height: 100, frames: 1, transparent: false)),
      ("cut.jpg", Array(ImageBytes.jpeg(width: 10, height: 10).prefix(15))),
      ("noscan.jpg", ImageBytes.soi + ImageBytes.app0 + ImageBytes.sof(408, 408) + ImageBytes.eoi),
    ]
    for (name, bytes) in files { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
    let r = try Binary.run(["sticker"] + files.map { dir.appendingPathComponent($0.0).path })
    #expect(r.status == 1)
    #expect(r.stdout.contains("ok.png: accepted (PNG, 408x408 px, 1 frame, 66 bytes)\n"))
    #expect(r.stdout.contains("anim.gif: accepted (GIF, 408x408 px, 4 frames,"))
    #expect(r.stdout.contains("fake.png: refused (GIF, 100x100 px, 1 frame,"))
    #expect(r.stdout.contains("cut.jpg: refused (15 bytes)"))
    #expect(
      r.stdout.contains(
        "noscan.jpg: refused (35 bytes)\n  \(dir.appendingPathComponent("noscan.jpg").path): error: corrupt JPEG: no scan (SOS) with image data before the end of the image [TR501]\n"
      ))
    #expect(r.stdout.hasSuffix("sticker: 2 accepted, 3 refused (size class regular)\n"))
    let bad = try Binary.run(["sticker", "--size", "huge", dir.appendingPathComponent("ok.png").path])
    #expect(
      bad.status == 2
        && bad.stderr.contains("unknown size class \"huge\"; expected one of small, regular, large"))
  }
}
