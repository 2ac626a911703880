import Foundation
@_spi(Generated) import TapRoute
import TapRouteAASA

/// The invariants the fuzz targets and the property tests check, on one input each.
///
/// Each returns the problems it found (empty when the input is handled correctly). An input
/// that crashes any of these is a bug by definition: bad input must yield a diagnostic.
package enum SelfCheck {
  /// Situation bytes: decode; if valid, decide and explain must agree, the open-from-Messages
  /// restriction must hold, and the minimal JSON must decode back to the same situation.
  package static func situation(_ bytes: [UInt8], engine: Engine) -> [String] {
    guard case .success(let situation) = Situation.parse(bytes, file: "fuzz") else { return [] }
    var problems = decision(situation, engine: engine)
    switch Situation.parse(Array(situation.minimalJSON.utf8), file: "minimal") {
    case .success(let again) where again == situation.relevantPart: break
    case .success: problems.append("minimal JSON decodes to another situation: \(situation.minimalJSON)")
    case .failure(let e): problems.append("minimal JSON does not decode: \(e)")
    }
    return problems
  }

  /// The invariants of one decided situation.
  package static func decision(_ situation: Situation, engine: Engine) -> [String] {
    var problems: [String] = []
    let decided = engine.decide(situation)
    let explained = engine.explain(situation)
    if decided != explained.withoutTrace { problems.append("decide and explain disagree") }
    if decided.trace != nil { problems.append("decide built a trace") }
    if situation.event == .open && situation.open.extensionPoint == .messages
      && ![.containerLaunch, .nothing].contains(decided.outcome)
    {
      problems.append("open from the Messages extension gave \(decided.outcome.rawValue)")
    }
    // hasContainerApp is a Messages fact: a widget or Live Activity always has its app.
    if [.tap, .open].contains(situation.event) && !situation.app.hasContainerApp
      && decided.outcome == .containerLaunch
    {
      problems.append("an iMessage-only app launched a container")
    }
    if decided.outcome == .extensionLaunch && (decided.callbacks == nil || decided.presentation == nil) {
      problems.append("an extension launch without callbacks or presentation")
    }
    return problems
  }

  /// URL bytes: the scanner must classify without trapping, identically from bytes and from
  /// the string; `open` from the Messages extension must only launch the container or nothing.
  package static func url(_ bytes: [UInt8], engine: Engine) -> [String] {
    let fromBytes = bytes.withUnsafeBufferPointer { URLSchemeClass.scan(bytes: $0) }
    guard UTF8Validation.firstInvalidOffset(in: bytes) == nil else { return [] }
    let text = String(decoding: bytes, as: UTF8.self)
    var problems: [String] = []
    if URLSchemeClass.scan(text) != fromBytes { problems.append("bytes and string classify differently") }
    var situation = Situation(
      event: .open, osVersion: OSVersion(clamping: 17), open: Open(url: text, extensionPoint: .messages))
    problems += decision(situation, engine: engine)
    // Before the iOS 17 SDK, text that needs percent-encoding is no URL (N-8).
    situation.app.sdkVersion = OSVersion(clamping: 16)
    problems += decision(situation, engine: engine)
    var tap = Situation(
      event: .tap, tap: Tap(url: text, redirect: Redirect(hooks: [.willBecomeActive], url: text)))
    problems += decision(tap, engine: engine)
    tap.app.hasContainerApp = false
    problems += decision(tap, engine: engine)
    return problems
  }

  /// Policy bytes in place of one shipped file (the first byte picks which): loading must
  /// report diagnostics rather than trap; a set that loads must compile, verify and decide.
  package static func policy(_ input: [UInt8]) -> [String] {
    guard let selector = input.first else { return [] }
    let names = ["tap.json", "open.json", "evidence.json", "fixtures.json"]
    let replaced = "Policies/" + names[Int(selector) % names.count]
    var files = PolicySet.builtInFiles
    if let i = files.firstIndex(where: { $0.name == replaced }) { files[i].bytes = Array(input.dropFirst()) }
    let set: PolicySet
    do {
      set = try PolicySet.load(files: files)
    } catch {
      return error.diagnostics.isEmpty ? ["a load failure without diagnostics"] : []
    }
    guard set.table(for: .tap) != nil, set.table(for: .open) != nil else {
      return ["loaded policies lack a table for tap or open"]
    }
    let engine = Engine(policies: set)
    _ = Verifier.verify(set)
    _ = TableDocument.markdown(set)
    var problems: [String] = []
    for fixture in set.fixtures.prefix(8) {
      let decided = engine.decide(fixture.situation)
      if decided != engine.explain(fixture.situation).withoutTrace {
        problems.append("decide and explain disagree")
      }
    }
    return problems
  }

  /// Sticker bytes: the header reader and the checks must report, never trap; an accepted
  /// file must have a plausible header; a file over the limit is refused from its size alone.
  package static func sticker(_ bytes: [UInt8], rules: StickerRules?) -> [String] {
    var problems: [String] = []
    let sides = 1...StickerHeader.maximumSide
    if case .success(let header) = StickerHeader.read(bytes),
      !sides.contains(header.width) || !sides.contains(header.height) || header.frames < 1
    {
      problems.append("a header with no size, an implausible size or no frames was accepted")
    }
    if let rules {
      for name in ["s.png", "s.gif", "s.jpg", "s"] {
        let report = StickerCheck.check(bytes, file: name, sizeClass: "regular", rules: rules)
        if report.accepted && report.header == nil { problems.append("accepted without a header") }
      }
      let over = StickerCheck.check(
        bytes, fileSize: UInt64(clamping: rules.maximumBytes) + 1, file: "s.png", sizeClass: "regular",
        rules: rules)
      if over.header != nil || over.findings.map(\.code) != [.stickerTooLarge] {
        problems.append("a file over the limit was parsed or not refused for its size")
      }
    }
    return problems
  }

  /// Plist bytes: reading an Info.plist and planning its quick actions must report, never
  /// trap.
  package static func plist(_ bytes: [UInt8], rules: ShortcutRules?) -> [String] {
    guard let info = try? InfoPlist.read(bytes, file: "fuzz.plist") else { return [] }
    guard let rules else { return [] }
    for launch in ["cold", "warm"] {
      let report = ShortcutPlan.plan(
        staticItems: info.shortcutItems, file: "fuzz.plist", dynamic: .init(), launch: launch, rules: rules)
      if report.shown.count > rules.visibleMaximum { return ["more items shown than the visible maximum"] }
    }
    return []
  }
  /// Observation bytes: a refused file must say why; every observation read must check and
  /// render without trapping, agree exactly when nothing differs, round-trip through its
  /// Codable form, and draft evidence entries that are valid JSON.
  package static func observation(_ bytes: [UInt8], engine: Engine) -> [String] {
    let observations: [DeviceObservation]
    switch DeviceObservation.parse(bytes, file: "fuzz") {
    case .failure(let error):
      return error.diagnostics.isEmpty ? ["a refused observation without diagnostics"] : []
    case .success(let list): observations = list
    }
    var problems: [String] = []
    let report = ObservationCheck(engine: engine).check(observations)
    for result in report.results where (result.verdict == .agrees) != result.differences.isEmpty {
      problems.append("\(result.observation.displayName): verdict and differences disagree")
    }
    _ = ObservationText.text(report, drafts: nil)
    _ = ObservationText.json(report, drafts: nil)
    for draft in EvidenceDraft.drafts(for: report, newestOSVersion: engine.newestOSVersion) {
      for entry in [draft.json] {
        let object = Array(("{" + entry + "}").utf8)
        if case .failure = JSONParser.document(object, file: "draft", what: "draft", maximumBytes: Int.max) {
          problems.append("a draft evidence entry is not valid JSON: \(entry)")
        }
      }
    }
    for observation in observations {
      guard let data = try? JSONEncoder().encode(observation) else {
        problems.append("\(observation.displayName): does not encode")
        continue
      }
      switch DeviceObservation.parse([UInt8](data), file: "fuzz") {
      case .success(let again) where again.count == 1:
        var back = again[0]
        back.origin = observation.origin
        if back != observation {
          problems.append("\(observation.displayName): encodes to another observation")
        }
      default: problems.append("\(observation.displayName): its encoding does not read back")
      }
    }
    return problems
  }
}
