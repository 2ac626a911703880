import Foundation
import Testing

@testable import TapRoute

/// Minimal real image files, written byte by byte.
enum ImageBytes {
  static func be32(_ v: Int) -> [UInt8] {
    [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }
  static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }

  /// A PNG chunk; the CRC is not checked by the reader, so zeros stand in.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    be32(data.count) + Array(type.utf8) + data + [0, 0, 0, 0]
  }

  static func png(width: Int, height: Int, colourType: UInt8 = 6, frames: Int? = nil) -> [UInt8] {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes += chunk("IHDR", be32(width) + be32(height) + [8, colourType, 0, 0, 0])
    if let frames { bytes += chunk("acTL", be32(frames) + be32(0)) }
    bytes += chunk("IDAT", [0x78, 0x9C, 0x63, 0, 0, 0, 1, 0, 1])
    return bytes + chunk("IEND", [])
  }

  static func gif(width: Int, height: Int, frames: Int, transparent: Bool) -> [UInt8] {
    var bytes = Array("GIF89a".utf8) + le16(width) + le16(height) + [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]
    for _ in 0..<frames {
      bytes += [0x21, 0xF9, 0x04, transparent ? 0x01 : 0x00, 0, 0, 0, 0]
      bytes += [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [0x00]
      bytes += [0x02, 0x02, 0x44, 0x01, 0x00]
    }
    return bytes + [0x3B]
  }

  static func jpeg(width: Int, height: Int) -> [UInt8] {
    [0xFF, 0xD8] + [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
      + [0xFF, 0xC0, 0x00, 0x0B, 0x08] + [
        UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
      ] + [0x01, 0x01, 0x11, 0x00]
      + [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34] + [0xFF, 0xD9]
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
      accepted: true, codes: [.stickerAdvice], evidence: ["S000-7"]),
    StickerFixture(
      name: "JPEG, no transparency", file: "d.jpeg", bytes: ImageBytes.jpeg(width: 408, height: 408),
      size: "regular", accepted: true, codes: [.stickerAdvice], evidence: ["S000-7"]),
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

  static let broken: [(name: String, bytes: [UInt8], message: String)] = [
    ("empty", [], "not a PNG, APNG, GIF or JPEG file (unknown signature)"),
    ("text", Array("hello".utf8), "not a PNG, APNG, GIF or JPEG file (unknown signature)"),
    (
      "PNG cut in IHDR", Array(ImageBytes.png(width: 1, height: 1).prefix(20)),
      "truncated PNG: chunk IHDR needs 13 bytes, 4 remain"
    ),
    (
      "PNG without IEND", Array(ImageBytes.png(width: 1, height: 1).dropLast(12)),
      "truncated file: PNG chunk length needs 4 bytes"
    ),
    ("PNG with zero frames", ImageBytes.png(width: 1, height: 1, frames: 0), "corrupt APNG: zero frames"),
    (
      "GIF cut in a frame",
      Array(ImageBytes.gif(width: 9, height: 9, frames: 2, transparent: false).dropLast(6)),
      "truncated file: GIF"
    ),
    (
      "GIF with a bad block",
      Array(ImageBytes.gif(width: 9, height: 9, frames: 1, transparent: false).dropLast()) + [0x99],
      "corrupt GIF: unknown block 0x99"
    ),
    (
      "JPEG without EOI", Array(ImageBytes.jpeg(width: 9, height: 9).dropLast(2)),
      "truncated JPEG: no end-of-image marker"
    ),
    (
      "JPEG cut in a segment", Array(ImageBytes.jpeg(width: 9, height: 9).prefix(12)),
      "truncated file: JPEG segment needs 14 bytes"
    ),
    (
      "GIF with a huge colour table claim", Array("GIF89a".utf8) + [1, 0, 1, 0, 0x87, 0, 0],
      "truncated file: GIF global colour table needs 768 bytes"
    ),
  ]

  @Test("truncated and corrupt files give a clear error", arguments: broken.map(\.name))
  func brokenFiles(_ name: String) throws {
    let row = try namedRow(name, in: Self.broken, name: \.name)
    guard case .failure(let failure) = StickerHeader.read(row.bytes) else {
      Issue.record("\(row.name) was read")
      return
    }
    #expect(failure.message.hasPrefix(row.message), "\(row.name): \(failure.message)")
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
    ]
    for (name, bytes) in files { try Data(bytes).write(to: dir.appendingPathComponent(name)) }
    let r = try Binary.run(["sticker"] + files.map { dir.appendingPathComponent($0.0).path })
    #expect(r.status == 1)
    #expect(r.stdout.contains("ok.png: accepted (PNG, 408x408 px, 1 frame, 66 bytes)\n"))
    #expect(r.stdout.contains("anim.gif: accepted (GIF, 408x408 px, 4 frames,"))
    #expect(r.stdout.contains("fake.png: refused (GIF, 100x100 px, 1 frame,"))
    #expect(r.stdout.contains("cut.jpg: refused (15 bytes)"))
    #expect(r.stdout.hasSuffix("sticker: 2 accepted, 2 refused (size class regular)\n"))
    let bad = try Binary.run(["sticker", "--size", "huge", dir.appendingPathComponent("ok.png").path])
    #expect(
      bad.status == 2
        && bad.stderr.contains("unknown size class \"huge\"; expected one of small, regular, large"))
  }
}
