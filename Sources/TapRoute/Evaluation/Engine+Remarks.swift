import TapRouteAASA

// What a decision says about input it did not use: a part of the situation its event does not
// read, a redirect URL no hook opens, a version newer than the tables know. Without a remark
// such input is decided as if it were absent, and a reader cannot tell.

extension Engine {
  /// True when `situation` holds something a decision by tables whose newest versions are
  /// `newestOS` and `newestSDK` remarks on: a few comparisons, so the lean decide pays little for situations without any (nearly all of them).
  /// Inlined in the library's own decide: the call and its frame cost about 20 instructions
  /// a decision.
  @usableFromInline @inline(__always)
  package static func hasRemarks(_ situation: Situation, newestOS: OSVersion, newestSDK: OSVersion) -> Bool {
    if situation.hasUnreadParts { return true }
    if situation.event == .tap, situation.tap.redirect.url != nil, situation.tap.redirect.hooks.isEmpty {
      return true
    }
    if let version = situation.osVersion, isNewer(version, than: newestOS) { return true }
    if let version = situation.app.sdkVersion, isNewer(version, than: newestSDK) { return true }
    return situation.hasOtherURL
  }

  /// True when `version` is past what tables whose newest version is `newest` know: a newest
  /// of `26` covers every 26.x (the tables name no minor version), `26.2` only up to 26.2.
  /// One comparison of packed versions (the decide path asks it of every situation).
  @inline(__always)
  package static func isNewer(_ version: OSVersion, than newest: OSVersion) -> Bool {
    // Minor and patch are the low 34 bits: a whole-major newest covers every version below
    // the next major.
    let low: UInt64 = 1 << 34 - 1
    let bound = newest.packed & low == 0 ? newest.packed | low : newest.packed
    return version.packed > bound
  }

  /// The remarks on `situation` a decision over tables whose newest versions are `newestOS`
  /// and `newestSDK` carries, in a fixed order (after every other note).
  package static func remarks(_ situation: Situation, newestOS: OSVersion, newestSDK: OSVersion) -> [String] {
    var remarks: [String] = []
    let event = situation.event
    for part in situation.unreadParts {
      remarks.append(
        "ignored: the situation's \"\(part)\" part; \(Words.article(event.rawValue)) \(event.rawValue) event reads \"\(event.part)\", not \"\(part)\""
      )
    }
    if event == .tap, situation.tap.redirect.url != nil, situation.tap.redirect.hooks.isEmpty {
      remarks.append("ignored: \"redirect.url\", which no hook opens (\"redirect.hooks\" is empty)")
    }
    if let version = situation.osVersion, isNewer(version, than: newestOS) {
      remarks.append(
        "the OS version \(version) is newer than the tables know: decided as \(situation.platform.rawValue) \(newestOS), the newest they know"
      )
    }
    if let version = situation.app.sdkVersion, isNewer(version, than: newestSDK) {
      remarks.append(
        "the SDK version \(version) is newer than the tables know: decided as SDK \(newestSDK), the newest they know"
      )
    }
    return remarks
  }

  /// Appends the remarks on `situation` to `decision`'s notes (nothing when there are none).
  @usableFromInline
  package static func addRemarks(
    _ situation: Situation, _ source: DecisionSource, to decision: inout Decision
  ) {
    // A lazy decision keeps the situation and writes the remarks out when its notes are read.
    if decision.deferRemarks(PendingRemarks(situation, source: source)) { return }
    let remarks = remarks(situation, newestOS: source.newestOSVersion, newestSDK: source.newestSDKVersion)
    if !remarks.isEmpty { decision.notes += remarks }
  }
}
