@_spi(Generated) import TapRoute

/// The quick-action rules of `Policies/shortcuts.json`, each with its evidence.
package struct ShortcutRules: Sendable, Hashable {
  package struct LaunchRule: Sendable, Hashable {
    /// `cold` or `warm`.
    package var launch: String
    /// The callback that handles the chosen item.
    package var handler: String
    /// Where the handler finds the item, if stated.
    package var reads: String?
    /// What didFinishLaunchingWithOptions must return, when it is the handler.
    package var didFinishLaunchingReturns: Bool?
    package var evidence: [String]
    package var note: String?
  }

  package var visibleMaximum: Int
  package var visibleEvidence: [String]
  package var visibleNote: String?
  package var requiredKeys: [String]
  package var requiredEvidence: [String]
  package var maximumLines: Int
  package var charactersPerLine: Int
  package var linesEvidence: [String]
  package var linesNote: String?
  package var launches: [LaunchRule]
  package var dynamicEvidence: [String]
  package var dynamicNote: String?
  package var file: String

  /// Every evidence id the rules cite.
  package var citedEvidence: [String] {
    visibleEvidence + requiredEvidence + linesEvidence + launches.flatMap(\.evidence) + dynamicEvidence
  }
}
