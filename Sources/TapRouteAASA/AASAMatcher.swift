/// Which apps an AASA file sends a URL to, and why: a pure function of the document, the URL,
/// the OS version and the readings.
public struct AASAMatch: Sendable {
  /// An app's verdict: its first matching pattern opens the app, or excludes the URL (U-4).
  public enum Verdict: String, Sendable, Hashable, Codable {
    /// The URL opens the app as a universal link.
    case match
    /// An `exclude` component (or a legacy `NOT` path) matched first: the URL stays on the web.
    case exclude
  }

  /// One pattern tried for an app, and what became of it.
  public struct Step: Sendable, Hashable {
    /// Where the pattern is: `details[0].components[1]`, `details[0].paths[2]`.
    public var location: String
    /// True when every part matched.
    public var matched: Bool
    /// True for an `exclude` component or a `NOT` path.
    public var exclude: Bool
    /// The part that failed (`/`, `?`, `?name`, `#`), nil when matched.
    public var failedPart: String?
    /// Why it failed, for a reader.
    public var reason: String?
  }

  /// One app of the file: its verdict (nil: no pattern matched) and the patterns tried.
  public struct App: Sendable, Hashable {
    /// `TEAMID.bundle.id`.
    public var appID: String
    /// The verdict; nil when no pattern matched (the app is absent from `apps` in JSON).
    public var verdict: Verdict?
    /// The patterns tried, in order, up to the one that decided.
    public var steps: [Step]
  }

  /// The URL matched.
  public var url: AASAURL
  /// The OS version whose semantics applied.
  public var os: OSVersion
  /// Every app the file names, in order of first appearance.
  public var apps: [App]
  /// The readings used.
  public var readings: AASAReadings
  /// The contested points whose other reading changes some app's verdict for this URL.
  public var otherReadingsDiffer: [String]
  /// What this OS version ignores in the file (`paths` where `components` exist, `defaults`
  /// before iOS 14...).
  public var ignored: [String]

  /// The verdicts by app ID; an app without one is absent.
  public var verdicts: [String: Verdict] {
    Dictionary(
      apps.compactMap { app in app.verdict.map { (app.appID, $0) } }, uniquingKeysWith: { a, _ in a })
  }
}

/// The matching semantics of `applinks` (U-1 to U-13), gated by OS version.
public enum AASAMatcher {
  /// The OS version used when none is given: the first that reads every ``Feature``, iOS 14
  /// (the matching rules have not changed since, so any later version matches the same way).
  /// `TapRoute` adds `AASAMatcher.newest`, the newest version its built-in tables know.
  public static var everyFeature: OSVersion { Feature.allCases.map(\.since).max() ?? OSVersion(clamping: 14) }

  /// When each feature appeared: before it, the OS reads the file as if the feature were absent.
  /// `components` and `appIDs` from iOS 13 (WWDC 2019, U-3, U-8); case-insensitive matching and
  /// substitution variables from iOS 13.5 (U-6, U-7); `percentEncoded: false` and `defaults`
  /// from iOS 14 (U-5, U-7).
  public enum Feature: String, Sendable, CaseIterable {
    /// `components` (and with them `?`, `#`, `exclude`) and `appIDs`.
    case components
    /// `caseSensitive: false`.
    case caseInsensitive
    /// `substitutionVariables` and the predefined `$(...)`.
    case substitutionVariables
    /// `percentEncoded: false`.
    case percentDecoding
    /// `defaults`, at the file and detail level.
    case defaults

    /// The first iOS version that reads the feature.
    public var since: OSVersion {
      switch self {
      case .components: OSVersion(clamping: 13)
      case .caseInsensitive, .substitutionVariables: OSVersion(clamping: 13, 5)
      case .percentDecoding, .defaults: OSVersion(clamping: 14)
      }
    }
  }

  /// Matches `url` against `document` under `os` and `readings`, and tries each contested
  /// point's other reading to say whether it would change a verdict.
  public static func match(
    _ document: AASADocument, url: AASAURL, os: OSVersion = everyFeature, readings: AASAReadings = .standard
  ) -> AASAMatch {
    let prepared = PreparedAASA(document)
    let apps = evaluate(prepared, url: url, os: os, readings: readings)
    let verdicts = apps.map(\.verdict)
    let differ = AASAReadings.points.filter { point in
      evaluate(prepared, url: url, os: os, readings: point.flipped(readings), traced: false).map(\.verdict)
        != verdicts
    }.map(\.name)
    return AASAMatch(
      url: url, os: os, apps: apps, readings: readings, otherReadingsDiffer: differ,
      ignored: ignored(document, os: os))
  }

  /// The verdict of each app, without the other readings; `traced` false leaves each app's
  /// steps empty.
  static func evaluate(
    _ prepared: PreparedAASA, url: AASAURL, os: OSVersion, readings: AASAReadings, traced: Bool = true
  ) -> [AASAMatch.App] {
    url.withBytes { bytes in
      prepared.appIDs.map { appID in
        guard traced else {
          return AASAMatch.App(
            appID: appID, verdict: verdict(of: appID, prepared, url: bytes, os: os, readings: readings),
            steps: [])
        }
        var steps: [AASAMatch.Step] = []
        let verdict = verdict(of: appID, prepared, url: bytes, os: os, readings: readings) {
          miss, exclude, location in steps.append(step(miss, exclude: exclude, at: location()))
        }
        return AASAMatch.App(appID: appID, verdict: verdict, steps: steps)
      }
    }
  }

  /// Where a pattern stands in the file, built only when a trace asks.
  package typealias Location = () -> String

  /// What matching reads of the OS version and the readings, worked out once per verdict.
  struct Context {
    var readings: AASAReadings
    /// Which of a component's ``PreparedAASA/Component/settings`` applies.
    var regime: PreparedAASA.Regime
    /// `$(...)` reads as a variable (iOS 13.5 and later, U-6).
    var substitutes: Bool
    /// A miss records its part and the text it failed on (for a trace); else it is
    /// ``Miss/unrecorded``.
    var traced: Bool
  }

  /// The verdict of one app: the details naming it are read in order, as one list, and the
  /// first pattern that matches decides (U-4); nil when none does. `step`, when given, hears
  /// each pattern tried; without it (the decide path) no text is built.
  package static func verdict(
    of appID: String, _ prepared: PreparedAASA, url: AASAURLBytes, os: OSVersion, readings: AASAReadings,
    step: ((_ miss: Miss?, _ exclude: Bool, _ location: Location) -> Void)? = nil
  ) -> AASAMatch.Verdict? {
    // iOS 12 does not read `appIDs` (only `appID`), nor `components`.
    let readsComponents = os >= Feature.components.since
    let context = Context(
      readings: readings, regime: PreparedAASA.Regime(os),
      substitutes: os >= Feature.substitutionVariables.since,
      traced: step != nil)
    for (d, detail) in prepared.details.enumerated()
    where readsComponents
      ? detail.names(appID, readings.appIDBesideAppIDs) : detail.legacyAppIDs.contains(appID)
    {
      if detail.hasComponents && readsComponents {
        for (c, component) in detail.components.enumerated() {
          let patterns = component.patterns(context.regime)
          let miss = matchComponent(component, patterns, url: url, context)
          step?(miss, patterns.exclude, { "details[\(d)].components[\(c)]" })
          if miss == nil { return patterns.exclude ? .exclude : .match }
        }
      } else if detail.hasPaths {
        for (p, path) in detail.paths.enumerated() {
          let miss = matchLegacyPath(path, url: url, context)
          step?(miss, path.exclude, { "details[\(d)].paths[\(p)]" })
          if miss == nil { return path.exclude ? .exclude : .match }
        }
      }
    }
    return nil
  }

  /// Why a pattern did not match: the part (`/`, `?`, `?name`, `#`) and what failed.
  package struct Miss {
    enum Part { case path, query, item(String), fragment }
    enum Reason {
      /// The pattern does not match the text.
      case mismatch(pattern: String, text: String)
      /// `?` names an item the URL lacks (the reading ``AASAReadings/AbsentQueryItem/fails``).
      case absentItem(String)
      /// Not recorded: no trace asked (the decide path reads only that the pattern missed).
      case unrecorded
    }
    var part: Part
    var reason: Reason

    /// A miss without its part or reason (the decide path's).
    static let unrecorded = Miss(part: .path, reason: .unrecorded)
  }

  /// A trace step for a pattern at `location`: matched when `miss` is nil.
  static func step(_ miss: Miss?, exclude: Bool, at location: String) -> AASAMatch.Step {
    guard let miss else { return AASAMatch.Step(location: location, matched: true, exclude: exclude) }
    let part: String
    switch miss.part {
    case .path: part = "/"
    case .query: part = "?"
    case .item(let name): part = "?" + name
    case .fragment: part = "#"
    }
    let reason: String
    switch miss.reason {
    case .mismatch(let pattern, let text):
      reason = "\(Words.quoted(pattern)) does not match \(Words.quoted(text))"
    case .absentItem(let name): reason = "the URL has no query item \(Words.quoted(name))"
    case .unrecorded: reason = "the pattern does not match"
    }
    return AASAMatch.Step(
      location: location, matched: false, exclude: exclude, failedPart: part, reason: reason)
  }

  /// A legacy `paths` entry: a path pattern, `NOT ` excluding (U-13), case-sensitive, against
  /// the path as written [inference: the archived guide matches the path only].
  static func matchLegacyPath(_ path: PreparedAASA.LegacyPath, url: AASAURLBytes, _ context: Context) -> Miss?
  {
    let slash: AASAPattern.SlashRule = context.readings.slash == .crosses ? .crosses : .stops
    if path.pattern.matches(bytes: url.path, caseSensitive: true, slash: slash) { return nil }
    guard context.traced else { return .unrecorded }
    return Miss(
      part: .path, reason: .mismatch(pattern: path.text, text: String(decoding: url.path, as: UTF8.self)))
  }

  /// The settings a component matches with: its own, then its detail's `defaults`, then the
  /// file's (iOS 14+, "the more specific definition overrides the less specific", U-5), then
  /// Apple's defaults, true and true (U-3); each only from the OS version that reads it.
  static func settings(
    _ component: AASADocument.Component, detail: AASADocument.Detail, document: AASADocument, os: OSVersion
  ) -> (caseSensitive: Bool, percentEncoded: Bool) {
    let readsDefaults = os >= Feature.defaults.since
    let caseSensitive =
      component.settings.caseSensitive
      ?? (readsDefaults ? detail.defaults.caseSensitive ?? document.defaults.caseSensitive : nil) ?? true
    let percentEncoded =
      component.settings.percentEncoded
      ?? (readsDefaults ? detail.defaults.percentEncoded ?? document.defaults.percentEncoded : nil) ?? true
    return (
      caseSensitive || os < Feature.caseInsensitive.since,
      percentEncoded || os < Feature.percentDecoding.since
    )
  }

  private static func matchComponent(
    _ component: PreparedAASA.Component, _ patterns: PreparedAASA.Component.Patterns,
    url: AASAURLBytes, _ context: Context
  )
    -> Miss?
  {
    let (caseSensitive, percentEncoded) = component.settings(context.regime)
    // Whether a text is decoded before a pattern is compared with it (the contested point
    // `percentEncoded`).
    let decodes =
      switch context.readings.percentEncoded {
      case .patternAsEncoded: !percentEncoded
      case .decodeWhenTrue: percentEncoded
      }
    func fails(
      _ part: Miss.Part, _ pattern: PreparedAASA.Pattern, _ raw: UnsafeBufferPointer<UInt8>, decoding: Bool,
      slash: AASAReadings.Slash = .crosses
    ) -> Miss? {
      let rule: AASAPattern.SlashRule = slash == .crosses ? .crosses : .stops
      let compiled = pattern.compiled(substituting: context.substitutes)
      let decoded = decoding ? AASAURL.decoded(String(decoding: raw, as: UTF8.self)) : nil
      let matched =
        decoded?.withUTF8Bytes { compiled.matches(bytes: $0, caseSensitive: caseSensitive, slash: rule) }
        ?? compiled.matches(bytes: raw, caseSensitive: caseSensitive, slash: rule)
      if matched { return nil }
      guard context.traced else { return .unrecorded }
      return Miss(
        part: part,
        reason: .mismatch(pattern: pattern.text, text: decoded ?? String(decoding: raw, as: UTF8.self)))
    }
    // A key left out is `*`, which matches everything (U-3, U-11). The path's trailing run of
    // `/` is dropped, as `swcutil` drops it (``PreparedAASA/Pattern/init(path:variables:)``).
    if let pattern = patterns.path {
      let path = AASAURLBytes.withoutTrailingSlashes(url.path)
      if let miss = fails(.path, pattern, path, decoding: decodes, slash: context.readings.slash) {
        // `/buy/*` also matches `/buy`.
        let parentMatches =
          pattern.parent.map {
            fails(.path, $0, path, decoding: decodes, slash: context.readings.slash) == nil
          }
          ?? false
        if !parentMatches { return miss }
      }
    }
    switch patterns.query {
    case .pattern(let pattern):
      if let miss = fails(.query, pattern, url.query ?? AASAURLBytes.empty, decoding: decodes) { return miss }
    case .items(let items):
      let query = url.query.map { String(decoding: $0, as: UTF8.self) } ?? ""
      func prepare(_ raw: String) -> String { decodes ? AASAURL.decoded(raw) : raw }
      let present = AASAURL.items(query).map { (name: prepare($0.name), value: prepare($0.value)) }
      func itemFails(_ item: String, _ pattern: PreparedAASA.Pattern, _ text: String) -> Miss? {
        text.withUTF8Bytes { fails(.item(item), pattern, $0, decoding: false) }
      }
      for item in items {
        let name = caseSensitive ? item.name : item.name.lowercased()
        let values = present.filter { (caseSensitive ? $0.name : $0.name.lowercased()) == name }.map(\.value)
        if values.isEmpty {
          if context.readings.absentQueryItem == .fails {
            return Miss(part: .item(item.name), reason: .absentItem(item.name))
          }
          // U-10: an absent item reads as the empty string.
          if let miss = itemFails(item.name, item.pattern, "") { return miss }
        }
        // U-9: every instance of a repeated name must match.
        for value in values {
          if let miss = itemFails(item.name, item.pattern, value) { return miss }
        }
      }
    case nil:
      break
    }
    if let pattern = patterns.fragment,
      let miss = fails(.fragment, pattern, url.fragment ?? AASAURLBytes.empty, decoding: decodes)
    {
      return miss
    }
    return nil
  }

  /// What `os` ignores of `document`, in words.
  static func ignored(_ document: AASADocument, os: OSVersion) -> [String] {
    var out: [String] = []
    let hasComponents = document.details.contains { $0.components != nil }
    let hasPaths = document.details.contains { $0.paths != nil }
    if os < Feature.components.since {
      if hasComponents { out.append("components (read from iOS 13; iOS \(os) reads paths only, U-8)") }
    } else if document.details.contains(where: { $0.components != nil && $0.paths != nil }) {
      out.append("paths where components exist (iOS 13 and later, U-8)")
    }
    _ = hasPaths
    let components = document.details.flatMap { $0.components ?? [] }
    if os >= Feature.components.since && os < Feature.caseInsensitive.since
      && components.contains(where: { $0.settings.caseSensitive == false })
    {
      out.append("caseSensitive false (read from iOS 13.5, U-7)")
    }
    if os >= Feature.components.since && os < Feature.substitutionVariables.since
      && !document.substitutionVariables.isEmpty
    {
      out.append("substitutionVariables (read from iOS 13.5, U-6)")
    }
    if os >= Feature.components.since && os < Feature.percentDecoding.since
      && components.contains(where: { $0.settings.percentEncoded == false })
    {
      out.append("percentEncoded false (read from iOS 14, U-7)")
    }
    if os < Feature.defaults.since
      && (document.defaults != .init() || document.details.contains { $0.defaults != .init() })
    {
      out.append("defaults (read from iOS 14, U-5)")
    }
    return out
  }
}

/// A document with its patterns compiled once (with and without substitution variables, whose
/// reading depends on the OS version): what ``AASAMatcher`` matches with. `app.aasa` holds one
/// per file, so deciding a link compiles nothing. Its parts are classes, so that matching
/// reads them in place rather than copying each part's arrays.
package final class PreparedAASA: Sendable {
  /// A pattern as written and compiled both ways (a class: matching reads it without copying
  /// its parts).
  final class Pattern: Sendable {
    let text: String
    let plain: AASAPattern
    /// With `$(...)` read as variables (iOS 13.5 and later, U-6); `plain` when the text has none.
    let substituted: AASAPattern

    /// For a path pattern ending in `/*`, the pattern without it (`/buy` for `/buy/*`), which
    /// `swcutil` also matches (`/buy/*` matches `/buy`); nil otherwise.
    let parent: Pattern?

    /// `source` compiled, shown in traces as `text`.
    private init(text: String, compiling source: String, variables: [String: [String]], parent: Pattern?) {
      self.text = text
      plain = AASAPattern(source, variables: nil)
      substituted = source.contains("$(") ? AASAPattern(source, variables: variables) : plain
      self.parent = parent
    }

    /// `text` compiled as written: a query or fragment pattern.
    convenience init(_ text: String, variables: [String: [String]]) {
      self.init(text: text, compiling: text, variables: variables, parent: nil)
    }

    /// A component's `/` pattern, read as `swcutil` reads it (IOSN-11; blazingly-aasa's
    /// docs/parity.md, checked against `swcutil` on macOS 27, 2026-09-02): "the leading slash of
    /// a path pattern is optional" (`abc` and `buy/*` match `/abc` and `/buy/42`), "a leading
    /// run of slashes in a pattern collapses to one", "a trailing slash run is dropped from both
    /// sides, and a pattern ending in `/*` additionally matches the path without that segment".
    /// A pattern that begins with a wildcard or a variable is left as written (where a leading
    /// `/` would go is not stated) [inference]. `text` stays as written, for traces.
    convenience init(path text: String, variables: [String: [String]]) {
      let normal = Self.normalPath(text)
      let parent =
        normal.count > 2 && normal.hasSuffix("/*")
        ? Pattern(String(normal.dropLast(2)), variables: variables) : nil
      self.init(text: text, compiling: normal, variables: variables, parent: parent)
    }

    func compiled(substituting: Bool) -> AASAPattern { substituting ? substituted : plain }

    /// `pattern` with one leading `/` (added before a literal first character, a run collapsed)
    /// and no trailing run of `/` (but a pattern of slashes alone stays `/`).
    static func normalPath(_ pattern: String) -> String {
      var text = Substring(pattern)
      if text.hasPrefix("/") {
        text = "/" + text.drop { $0 == "/" }
      } else if let first = text.first, !"*?$".contains(first) {
        text = "/" + text
      }
      while text.count > 1 && text.hasSuffix("/") { text = text.dropLast() }
      return String(text)
    }
  }

  /// The OS versions between which a component's settings read the same (``AASAMatcher/settings(_:detail:document:os:)``):
  /// before iOS 13.5 (every match case-sensitive, no decoding, no `defaults`), iOS 13.5 (case
  /// folding), iOS 14 and later (decoding and `defaults`).
  enum Regime: Int, Sendable, CaseIterable {
    case beforeIOS13Point5, fromIOS13Point5, fromIOS14

    init(_ os: OSVersion) {
      self =
        os >= AASAMatcher.Feature.defaults.since
        ? .fromIOS14
        : os >= AASAMatcher.Feature.caseInsensitive.since ? .fromIOS13Point5 : .beforeIOS13Point5
    }

    /// A version of the regime.
    var representative: OSVersion {
      switch self {
      case .beforeIOS13Point5: OSVersion(clamping: 13)
      case .fromIOS13Point5: AASAMatcher.Feature.caseInsensitive.since
      case .fromIOS14: AASAMatcher.Feature.defaults.since
      }
    }
  }

  /// A component's patterns (nil: the key is left out, `*`), whether it excludes, and its
  /// settings in each regime.
  final class Component: Sendable {
    enum Query: Sendable {
      case pattern(Pattern)
      case items([(name: String, pattern: Pattern)])
    }
    /// The patterns and `exclude` a component matches with.
    struct Patterns: Sendable {
      var path: Pattern?
      var query: Query?
      var fragment: Pattern?
      var exclude: Bool
    }
    /// The component's own patterns: what every version before iOS 14 matches with.
    private let own: Patterns
    /// From iOS 14, a key the component leaves out taken from its detail's `defaults`, then
    /// the file's (U-5; `swcutil` applies `/`, `?` and `exclude` from them, IOSN-11).
    private let withDefaults: Patterns
    /// ``AASAMatcher/settings(_:detail:document:os:)`` in each ``Regime``.
    private let beforeIOS13Point5, fromIOS13Point5, fromIOS14: (caseSensitive: Bool, percentEncoded: Bool)

    init(
      own: Patterns, withDefaults: Patterns, settings: (Regime) -> (caseSensitive: Bool, percentEncoded: Bool)
    ) {
      (self.own, self.withDefaults) = (own, withDefaults)
      (beforeIOS13Point5, fromIOS13Point5, fromIOS14) = (
        settings(.beforeIOS13Point5), settings(.fromIOS13Point5), settings(.fromIOS14)
      )
    }

    /// The patterns and `exclude` this component matches with in `regime`.
    func patterns(_ regime: Regime) -> Patterns { regime == .fromIOS14 ? withDefaults : own }

    func settings(_ regime: Regime) -> (caseSensitive: Bool, percentEncoded: Bool) {
      switch regime {
      case .beforeIOS13Point5: beforeIOS13Point5
      case .fromIOS13Point5: fromIOS13Point5
      case .fromIOS14: fromIOS14
      }
    }
  }

  /// A legacy `paths` entry, `NOT ` taken off.
  struct LegacyPath: Sendable {
    var exclude: Bool
    var text: String
    var pattern: AASAPattern
  }

  /// A detail: the apps it names (from iOS 13, and before), its components (empty when it has
  /// none) and legacy paths (likewise).
  package final class Detail: Sendable {
    let appIDs: [String]
    let legacyAppIDs: [String]
    /// `appID` beside `appIDs`, not listed there: read only under the `union` reading.
    let appIDBesideAppIDs: [String]
    /// The detail has a `components` key (iOS 13 and later then ignore its `paths`, U-8).
    let hasComponents: Bool
    let hasPaths: Bool
    let components: [Component]
    let paths: [LegacyPath]

    init(
      appIDs: [String], legacyAppIDs: [String], appIDBesideAppIDs: [String], hasComponents: Bool,
      hasPaths: Bool,
      components: [Component], paths: [LegacyPath]
    ) {
      (self.appIDs, self.legacyAppIDs, self.appIDBesideAppIDs) = (appIDs, legacyAppIDs, appIDBesideAppIDs)
      (self.hasComponents, self.hasPaths) = (hasComponents, hasPaths)
      (self.components, self.paths) = (components, paths)
    }

    /// True when iOS 13 and later read `appID` from this detail under `reading`.
    func names(_ appID: String, _ reading: AASAReadings.AppIDBesideAppIDs) -> Bool {
      appIDs.contains(appID)
        && (reading == .union || appIDBesideAppIDs.isEmpty || !appIDBesideAppIDs.contains(appID))
    }
  }

  package let document: AASADocument
  /// Every app the document names, in order of first appearance.
  package let appIDs: [String]
  /// Per detail of `document`, in order.
  package let details: [Detail]

  package init(_ document: AASADocument) {
    self.document = document
    appIDs = document.appIDs
    let variables = document.substitutionVariables
    func prepared(_ query: AASADocument.Query?) -> Component.Query? {
      switch query {
      case .pattern(let p): .pattern(Pattern(p, variables: variables))
      case .items(let items): .items(items.map { ($0.name, Pattern($0.pattern, variables: variables)) })
      case nil: nil
      }
    }
    details = document.details.map { detail in
      // What the detail's `defaults`, then the file's, give a component, compiled once per detail.
      let (mine, file) = (detail.defaults, document.defaults)
      let defaults = Component.Patterns(
        path: (mine.path ?? file.path).map { Pattern(path: $0, variables: variables) },
        query: prepared(mine.query ?? file.query),
        fragment: (mine.fragment ?? file.fragment).map { Pattern($0, variables: variables) },
        exclude: mine.exclude ?? file.exclude ?? false)
      return Detail(
        appIDs: detail.appIDs, legacyAppIDs: detail.legacyAppIDs, appIDBesideAppIDs: detail.appIDBesideAppIDs,
        hasComponents: detail.components != nil,
        hasPaths: detail.paths != nil,
        components: (detail.components ?? []).map { component in
          let own = Component.Patterns(
            path: component.path.map { Pattern(path: $0, variables: variables) },
            query: prepared(component.query),
            fragment: component.fragment.map { Pattern($0, variables: variables) },
            exclude: component.exclude)
          return Component(
            own: own,
            withDefaults: Component.Patterns(
              path: own.path ?? defaults.path, query: own.query ?? defaults.query,
              fragment: own.fragment ?? defaults.fragment,
              // A component built without the reader has `exclude` but no `settings.exclude`.
              exclude: component.settings.exclude ?? (component.exclude || defaults.exclude)),
            settings: {
              AASAMatcher.settings(component, detail: detail, document: document, os: $0.representative)
            })
        },
        paths: (detail.paths ?? []).map { entry in
          let exclude = entry.hasPrefix("NOT ")
          let text = exclude ? String(entry.dropFirst(4)) : entry
          return LegacyPath(exclude: exclude, text: text, pattern: AASAPattern(text, variables: nil))
        })
    }
  }
}
