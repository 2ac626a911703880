@_spi(Generated) import TapRoute
import TapRouteAASA

/// Checks one sticker file against the sticker rules.
package enum StickerCheck {
  /// What the check found for one file.
  package struct Report: Sendable, Hashable {
    package var file: String
    /// The file's size in bytes (from the file system when the caller gave it).
    package var bytes: UInt64
    /// The header, when the file was read and is well formed.
    package var header: StickerHeader?
    package var sizeClass: String
    package var findings: [Diagnostic]
    /// True when no finding is an error.
    package var accepted: Bool { !findings.contains { $0.severity == .error } }

    /// One line for people: `ok.png: accepted (PNG, 408x408 px, 1 frame, 66 bytes)`.
    package var summary: String {
      let size = ByteCount.bytes(bytes)
      let what =
        header.map {
          "\($0.format.rawValue.uppercased()), \($0.width)x\($0.height) px, \(ByteCount.grouped($0.frames)) \(Words.plural($0.frames, "frame")), \(size)"
        } ?? size
      return "\(file): \(accepted ? "accepted" : "refused") (\(what))"
    }
  }

  /// The formats a file name's extension promises.
  static func promised(by name: String) -> [StickerHeader.Format]? {
    guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
    switch name[name.index(after: dot)...].lowercased() {
    case "png": return [.png, .apng]
    case "apng": return [.apng, .png]
    case "gif": return [.gif]
    case "jpg", "jpeg": return [.jpeg]
    default: return nil
    }
  }

  /// Checks a file whose bytes are all in memory.
  package static func check(_ bytes: [UInt8], file: String, sizeClass: String, rules: StickerRules) -> Report
  {
    check(bytes, fileSize: UInt64(bytes.count), file: file, sizeClass: sizeClass, rules: rules)
  }

  /// Checks a file given its size from the file system and the bytes read from it.
  ///
  /// A file over the rules' byte limit is refused from `fileSize` alone, without reading
  /// `bytes` (which may then be empty or any prefix), so a caller need read at most
  /// `rules.maximumBytes + 1` bytes of any file. Otherwise `bytes` must be the whole file: fewer
  /// than `fileSize` is an unreadable file. A `fileSize` below `bytes.count` (0 for a pipe or a
  /// device, which report no size) counts as `bytes.count`.
  package static func check(
    _ bytes: [UInt8], fileSize: UInt64, file: String, sizeClass: String, rules: StickerRules
  ) -> Report {
    let size = max(fileSize, UInt64(bytes.count))
    var report = Report(file: file, bytes: size, sizeClass: sizeClass, findings: [])
    func add(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String, _ evidence: [String])
    {
      let cite = evidence.isEmpty ? "" : " (\(evidence.joined(separator: ", ")))"
      report.findings.append(Diagnostic(file: file, severity: severity, code: code, message: message + cite))
    }
    let limit = UInt64(clamping: rules.maximumBytes)
    guard size <= limit else {
      add(
        .error, .stickerTooLarge, "\(ByteCount.bytes(size)), over \(ByteCount.limit(limit))",
        rules.maximumBytesEvidence)
      return report
    }
    guard UInt64(bytes.count) == size else {
      add(
        .error, .stickerUnreadable,
        "only \(ByteCount.bytes(bytes.count)) of the file's \(ByteCount.bytes(size)) could be read", [])
      return report
    }
    let header: StickerHeader
    switch StickerHeader.read(bytes) {
    case .failure(let failure):
      add(.error, .stickerUnreadable, failure.message, [])
      return report
    case .success(let read):
      header = read
      report.header = read
    }
    if let promised = promised(by: file), !promised.contains(header.format) {
      add(
        .error, .stickerDisguised,
        "the file is \(header.format.rawValue.uppercased()) but its name says .\(file.split(separator: ".").last ?? "")",
        [])
    }
    guard let rule = rules.formats[header.format] else {
      add(
        .error, .stickerFormat, "\(header.format.rawValue.uppercased()) is not an accepted sticker format",
        rules.formats.values.first?.evidence ?? [])
      return report
    }
    if header.frames > 1 && !rule.animated {
      add(
        .error, .stickerFormat,
        "\(header.format.rawValue.uppercased()) stickers cannot be animated (\(ByteCount.grouped(header.frames)) frames)",
        rule.evidence)
    }
    if let size = rules.sizeClasses.first(where: { $0.name == sizeClass }) {
      if header.width > size.pixels || header.height > size.pixels {
        add(
          .warning, .stickerSize,
          "\(header.width)x\(header.height) px is larger than the \(size.name) size class (\(size.points)x\(size.points) pt, \(size.pixels)x\(size.pixels) px at @3x): the framework scales it down",
          rules.sizeEvidence)
      } else if header.width < size.pixels && header.height < size.pixels {
        add(
          .note, .stickerSize,
          "\(header.width)x\(header.height) px is below \(size.pixels)x\(size.pixels) px, the \(size.name) size class at @3x",
          rules.sizeEvidence)
      }
    }
    if let advice = rule.advice { add(.warning, .stickerAdvice, advice, rule.evidence) }
    return report
  }
}
