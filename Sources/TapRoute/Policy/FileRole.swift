/// What a file of a policy directory holds, by its name.
enum FileRole: Equatable {
  case evidence, fixtures, transitions, stickers, shortcuts, table

  init(name: String) {
    switch name.split(separator: "/").last.map(String.init) ?? name {
    case PolicySet.evidenceFileName: self = .evidence
    case PolicySet.fixturesFileName: self = .fixtures
    case PolicySet.transitionsFileName: self = .transitions
    case PolicySet.stickersFileName: self = .stickers
    case PolicySet.shortcutsFileName: self = .shortcuts
    default: self = .table
    }
  }
}
