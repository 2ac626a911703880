@_spi(Generated) import TapRoute

/// The sticker rules of `Policies/stickers.json`: accepted formats, the size limit and the
/// size classes, each with the evidence behind it.
package struct StickerRules: Sendable, Hashable {
  package struct FormatRule: Sendable, Hashable {
    package var animated: Bool
    package var transparency: Bool
    package var advice: String?
    package var evidence: [String]
  }

  package struct SizeClass: Sendable, Hashable {
    package var name: String
    package var points: Int
    /// The largest image at @3x.
    package var pixels: Int
  }

  package var formats: [StickerHeader.Format: FormatRule]
  package var maximumBytes: Int
  package var maximumBytesEvidence: [String]
  package var maximumBytesNote: String?
  package var sizeClasses: [SizeClass]
  package var sizeEvidence: [String]
  package var sizeNote: String?
  package var file: String

  /// Every evidence id the rules cite.
  package var citedEvidence: [String] {
    formats.values.flatMap(\.evidence) + maximumBytesEvidence + sizeEvidence
  }
}
