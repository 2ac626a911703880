/// What a file of a policy directory holds, by its name.
package enum FileRole: Equatable, Sendable {
  case evidence, fixtures, transitions, stickers, shortcuts, table

  package init(name: String) {
    switch name.split(separator: "/").last.map(String.init) ?? name {
    case PolicySet.evidenceFileName: self = .evidence
    case PolicySet.fixturesFileName: self = .fixtures
    case PolicySet.transitionsFileName: self = .transitions
    case PolicySet.stickersFileName: self = .stickers
    case PolicySet.shortcutsFileName: self = .shortcuts
    default: self = .table
    }
  }

  /// The files a policy directory may hold: the side files by their names, and one decision
  /// table per event, named after it (`tap.json`, `open.json`). Reading a directory reads
  /// these and nothing else, so a stray JSON file beside them is not taken for a table.
  package static let fileNames: Set<String> = Set(
    [
      PolicySet.evidenceFileName, PolicySet.fixturesFileName, PolicySet.transitionsFileName,
      PolicySet.stickersFileName, PolicySet.shortcutsFileName,
    ] + Situation.Event.allCases.map { "\($0.rawValue).json" })
}
