extension StickerCheck {
  /// The report for a sticker the file system says is over the size limit: refused from its
  /// size alone, without reading it. `atLeast` when the size is only known to be over (a pipe
  /// read to the limit plus one byte).
  package static func oversized(
    file: String, bytes: Int64, atLeast: Bool = false, sizeClass: String, rules: StickerRules
  ) -> Report {
    let size = "\(Diagnostic.grouped(bytes)) bytes\(atLeast ? " or more" : "")"
    let cite =
      rules.maximumBytesEvidence.isEmpty ? "" : " (\(rules.maximumBytesEvidence.joined(separator: ", ")))"
    return Report(
      file: file, bytes: Int(clamping: bytes), sizeClass: sizeClass,
      findings: [
        Diagnostic(
          file: file, code: .stickerTooLarge,
          message: "\(size), over the \(Diagnostic.grouped(Int64(rules.maximumBytes)))-byte limit\(cite)")
      ])
  }
}
