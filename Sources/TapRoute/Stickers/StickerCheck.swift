/// Checks one sticker file against the sticker rules.
public enum StickerCheck {
  /// What the check found for one file.
  public struct Report: Sendable, Hashable {
    public var file: String
    public var bytes: Int
    public var header: StickerHeader?
    public var sizeClass: String
    public var findings: [Diagnostic]
    /// True when no finding is an error.
    public var accepted: Bool { !findings.contains { $0.severity == .error } }
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

  public static func check(_ bytes: [UInt8], file: String, sizeClass: String, rules: StickerRules) -> Report {
    var report = Report(file: file, bytes: bytes.count, sizeClass: sizeClass, findings: [])
    func add(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String, _ evidence: [String])
    {
      let cite = evidence.isEmpty ? "" : " (\(evidence.joined(separator: ", ")))"
      report.findings.append(Diagnostic(file: file, severity: severity, code: code, message: message + cite))
    }
    switch StickerHeader.read(bytes) {
    case .failure(let failure):
      add(.error, .stickerUnreadable, failure.message, [])
      return report
    case .success(let header):
      report.header = header
    }
    guard let header = report.header else { return report }
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
        "\(header.format.rawValue.uppercased()) stickers cannot be animated (\(header.frames) frames)",
        rule.evidence)
    }
    if bytes.count > rules.maximumBytes {
      add(
        .error, .stickerTooLarge, "\(bytes.count) bytes, over the \(rules.maximumBytes)-byte limit",
        rules.maximumBytesEvidence)
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
