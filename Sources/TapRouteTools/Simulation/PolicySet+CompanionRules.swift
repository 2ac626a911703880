@_spi(Generated) import TapRoute

/// The companion files' rules, read from the files the engine parsed and kept (the engine
/// decides without them): the session transitions, the sticker rules, the quick-action rules.
extension PolicySet {
  /// The rules of the companion files and the problems found reading them.
  package struct CompanionRules: Sendable {
    package var transitions: [Transition] = []
    package var stickers: StickerRules?
    package var shortcuts: ShortcutRules?
    package var diagnostics: [Diagnostic] = []
  }

  /// The companion files read, once per set.
  package var companionRules: CompanionRules {
    companions.value("rules") {
      var loader = PolicyLoader()
      var rules = CompanionRules()
      let known = companions.knownEvidence
      if let file = companions.file(.transitions) {
        rules.transitions = loader.readTransitions(file.value, file: file.name, knownEvidence: known)
      }
      if let file = companions.file(.stickers) {
        rules.stickers = loader.readStickers(file.value, file: file.name, knownEvidence: known)
      }
      if let file = companions.file(.shortcuts) {
        rules.shortcuts = loader.readShortcuts(file.value, file: file.name, knownEvidence: known)
      }
      rules.diagnostics = loader.diagnosticsFound
      return rules
    }
  }

  /// How session steps change the state (`transitions.json`); empty when absent or broken.
  package var transitions: [Transition] { companionRules.transitions }
  /// The sticker rules (`stickers.json`); nil when absent or broken.
  package var stickers: StickerRules? { companionRules.stickers }
  /// The quick-action rules (`shortcuts.json`); nil when absent or broken.
  package var shortcuts: ShortcutRules? { companionRules.shortcuts }

  /// This set with its companion files checked: throws their errors, and adds their warnings
  /// to ``warnings``. What the tools load through, so that a broken companion file is
  /// reported where the policies are loaded, as any policy file is.
  package func checkingCompanions() throws(DiagnosticsError) -> PolicySet {
    let found = companionRules.diagnostics
    if found.contains(where: { $0.severity == .error }) { throw DiagnosticsError(found) }
    var set = self
    set.warnings += found
    return set
  }
}
