extension StickerCheck {
  /// The report for a sticker the file system says is over the size limit: refused from its
  /// size alone, without reading it. `atLeast` when the size is only known to be over (a pipe
  /// read to the limit plus one byte).
  package static func oversized(
    file: String, bytes: Int64, atLeast: Bool = false, sizeClass: String, rules: StickerRules
  ) -> Report {
    let size = "\(Diagnostic.grouped(bytes)) bytes\(atLeast ? " or more" : "")"
    // "500 KB" the way developers know the limit, then the exact byte count of the policy.
    let exact = "\(Diagnostic.grouped(Int64(rules.maximumBytes))) bytes"
    let limit =
      rules.maximumBytes % 1024 == 0
      ? "over the \(rules.maximumBytes / 1024) KB limit (\(exact))" : "over the limit of \(exact)"
    let cite =
      rules.maximumBytesEvidence.isEmpty ? "" : " (\(rules.maximumBytesEvidence.joined(separator: ", ")))"
    return Report(
      file: file, bytes: Int(clamping: bytes), sizeClass: sizeClass,
      findings: [
        Diagnostic(
          file: file, code: .stickerTooLarge,
          message: "\(size), \(limit)\(cite)")
      ])
  }
}
