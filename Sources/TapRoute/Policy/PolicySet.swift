import Foundation

/// Every policy file of a directory, parsed and cross-checked: tables, evidence, fixtures.
///
/// Loading fails closed: if any file has an error, nothing is returned and the thrown
/// ``DiagnosticsError`` lists every error of every file at once.
public struct PolicySet: Sendable {
  /// The decision tables, in file-name order: one per event (`tap`, `open`).
  public package(set) var tables: [DecisionTable]
  /// The evidence registry (`evidence.json`): every id a rule or fixture may cite.
  public package(set) var evidence: [EvidenceEntry] {
    get { rest.evidence }
    set { rest.evidence = newValue }
  }
  /// The fixture table (`fixtures.json`); empty when absent or not loaded.
  public package(set) var fixtures: [Fixture] {
    get { rest.fixtures }
    set { rest.fixtures = newValue }
  }
  /// The companion files (`transitions.json`, `stickers.json`, `shortcuts.json`), parsed but
  /// not read: the tools that use them read them (`TapRouteTools`).
  package var companions: Companions { rest.companions }
  /// Warnings found while loading (not errors; loading went on).
  public package(set) var warnings: [Diagnostic] {
    get { rest.warnings }
    set { rest.warnings = newValue }
  }
  /// The name the evidence registry was read from, for display (`Policies/evidence.json`).
  public package(set) var evidenceFile: String {
    get { rest.evidenceFile }
    set { rest.evidenceFile = newValue }
  }
  /// The name the fixture table was read from, for display (`Policies/fixtures.json`).
  public package(set) var fixturesFile: String {
    get { rest.fixturesFile }
    set { rest.fixturesFile = newValue }
  }

  /// Everything but the tables: deciding needs none of it.
  package struct Rest: Sendable {
    package var evidence: [EvidenceEntry]
    package var fixtures: [Fixture]
    package var companions: Companions
    package var warnings: [Diagnostic]
    package var evidenceFile: String
    package var fixturesFile: String
  }

  /// The rest of this set, or nil for the built-in policies' rest, read when first read.
  private var ownRest: Rest?

  private var rest: Rest {
    get { ownRest ?? Self.builtInRest }
    set { ownRest = newValue }
  }

  /// The rest of the built-in policies: every built-in file loaded and cross-checked, once per
  /// process, when first read (a `static let` is initialized once, thread-safely). The tests
  /// load them without an error or warning; should they fail, the errors are the warnings.
  private static let builtInRest: Rest = {
    do throws(DiagnosticsError) {
      return try load(files: builtInFiles).rest
    } catch {
      return Rest(
        evidence: [], fixtures: [], companions: Companions(files: [], knownEvidence: nil),
        warnings: error.diagnostics,
        evidenceFile: "Policies/" + evidenceFileName, fixturesFile: "Policies/" + fixturesFileName)
    }
  }()

  package init(
    tables: [DecisionTable], evidence: [EvidenceEntry], fixtures: [Fixture],
    companions: Companions = Companions(files: [], knownEvidence: nil), warnings: [Diagnostic],
    evidenceFile: String,
    fixturesFile: String
  ) {
    self.tables = tables
    ownRest = Rest(
      evidence: evidence, fixtures: fixtures, companions: companions,
      warnings: warnings, evidenceFile: evidenceFile, fixturesFile: fixturesFile)
  }

  /// The built-in decision tables alone, checked as a table is; the rest is the built-in rest.
  private init(builtInTables tables: [DecisionTable]) {
    self.tables = tables
    ownRest = nil
  }

  /// The table deciding `event`.
  public func table(for event: Situation.Event) -> DecisionTable? {
    tables.first { $0.event == event }
  }

  /// The evidence entry with `id`.
  public func evidence(_ id: String) -> EvidenceEntry? {
    evidence.first { $0.id == id }
  }

  /// Largest policy or fixture file accepted, in bytes.
  package static let maximumFileBytes = PolicyLoader.maximumFileBytes

  /// The name of the file holding the evidence registry.
  public static let evidenceFileName = "evidence.json"
  /// The name of the file holding the fixture table.
  public static let fixturesFileName = "fixtures.json"
  /// The name of the file holding the session transitions.
  public static let transitionsFileName = "transitions.json"
  /// The name of the file holding the sticker rules.
  public static let stickersFileName = "stickers.json"
  /// The name of the file holding the quick-action rules.
  public static let shortcutsFileName = "shortcuts.json"

  /// Loads the policies built into the library (a copy of the repository's `Policies/`).
  ///
  /// Parses the decision tables only; the evidence registry, fixtures, session transitions,
  /// sticker and quick-action rules are parsed and cross-checked (every citation against the
  /// registry) when one of them is first read, once per process. The library's tests load
  /// every built-in file eagerly, and `taproute verify` and `test` do too.
  public static func builtIn() throws(DiagnosticsError) -> PolicySet {
    var loader = PolicyLoader()
    let files = BuiltinPolicies.files.filter { FileRole(name: $0.name) == .table }.map {
      (name: "Policies/" + $0.name, bytes: Array($0.contents.utf8))
    }
    return PolicySet(builtInTables: try loader.load(files: files, evidence: .deferred).tables)
  }

  /// Loads every built-in file at once and cross-checks them, as ``load(directory:)`` loads a
  /// folder: for the commands that read the fixtures or the evidence (`test`, `table`), so
  /// that an error in them is reported rather than read as an empty part.
  package static func builtInChecked() throws(DiagnosticsError) -> PolicySet {
    try load(files: builtInFiles)
  }

  /// Loads for verification: the tables and evidence when they load cleanly, even if the
  /// fixture file has errors (those are returned with the set, to be reported as hygiene
  /// findings). Throws when a table or the evidence registry has an error.
  package static func loadForVerification(directory: URL?) throws(DiagnosticsError) -> (
    PolicySet, [Diagnostic]
  ) {
    let files = try directory.map { url throws(DiagnosticsError) in try readFiles(in: url) } ?? builtInFiles
    var loader = PolicyLoader()
    loader.source = directory?.path ?? "Policies"
    let set = loader.loadPartially(files: files)
    let fixtureName = files.first { $0.name.hasSuffix(fixturesFileName) }?.name
    let blocking = loader.errors.filter { $0.file != fixtureName }
    if !blocking.isEmpty { throw DiagnosticsError(loader.errors) }
    return (set, loader.errors)
  }

  package static var builtInFiles: [(name: String, bytes: [UInt8])] { builtInFiles(decisionsOnly: false) }

  /// The built-in policy files; with `decisionsOnly`, only the decision tables and the
  /// evidence registry (no fixtures, session transitions, sticker or quick-action rules).
  package static func builtInFiles(decisionsOnly: Bool) -> [(name: String, bytes: [UInt8])] {
    let skipped: Set<String> =
      decisionsOnly ? [fixturesFileName, transitionsFileName, stickersFileName, shortcutsFileName] : []
    return BuiltinPolicies.files.filter { !skipped.contains($0.name) }.map {
      (name: "Policies/" + $0.name, bytes: Array($0.contents.utf8))
    }
  }

  /// Loads the policy files directly inside `directory`.
  ///
  /// `evidence.json` is the evidence registry, `tap.json` and `open.json` the decision
  /// tables (one per event, named after it), and `fixtures.json`, `transitions.json`,
  /// `stickers.json` and `shortcuts.json` optional; any other file is not read.
  public static func load(directory: URL) throws(DiagnosticsError) -> PolicySet {
    var loader = PolicyLoader()
    loader.source = directory.path
    return try loader.load(files: readFiles(in: directory))
  }

  /// The files of `directory` the policy format names (``FileRole/fileNames``), sorted by
  /// name; any other file there is not read.
  package static func readFiles(in directory: URL) throws(DiagnosticsError) -> [(
    name: String, bytes: [UInt8]
  )] {
    let display = directory.path
    let names: [String]
    do {
      try FileDescriptor.checkDirectory(display)
      names = try FileManager.default.contentsOfDirectory(atPath: display)
        .filter(FileRole.fileNames.contains).sorted()
    } catch {
      let reason: String
      switch error as? FileDescriptor.Errno {
      case .noSuchFile?: reason = "no such directory"
      case .notDirectory?: reason = "not a directory"
      case let errno?: reason = errno.text
      case nil: reason = "its entries cannot be listed"
      }
      throw DiagnosticsError([
        Diagnostic(file: display, code: .unreadable, message: "cannot read policy directory: \(reason)")
      ])
    }
    var files: [(name: String, bytes: [UInt8])] = []
    var problems: [Diagnostic] = []
    for name in names {
      let path = display.hasSuffix("/") ? display + name : display + "/" + name
      do {
        let input = try InputFile.read(path, limit: PolicyLoader.maximumFileBytes, what: "policy file")
        files.append((input.name, input.bytes))
      } catch {
        problems += error.diagnostics
      }
    }
    if !problems.isEmpty { throw DiagnosticsError(problems) }
    return files
  }

  /// Loads policies from in-memory files: each a name (shown in diagnostics; its last path
  /// component says the file's kind, as in a directory) and its bytes.
  public static func load(files: [(name: String, bytes: [UInt8])]) throws(DiagnosticsError) -> PolicySet {
    var loader = PolicyLoader()
    return try loader.load(files: files)
  }
}
