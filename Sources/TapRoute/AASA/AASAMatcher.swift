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
  /// The OS version used when none is given: the newest the built-in tables know (the
  /// matching rules have not changed since iOS 14, so it only names the version).
  public static var newest: OSVersion { Engine.builtIn.newestOSVersion }

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
    _ document: AASADocument, url: AASAURL, os: OSVersion = newest, readings: AASAReadings = .standard
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
    prepared.appIDs.map { appID in
      var steps: [AASAMatch.Step] = []
      let verdict = verdict(of: appID, prepared, url: url, os: os, readings: readings) {
        miss, exclude, location in
        if traced { steps.append(step(miss, exclude: exclude, at: location())) }
      }
      return AASAMatch.App(appID: appID, verdict: verdict, steps: steps)
    }
  }

  /// Where a pattern stands in the file, built only when a trace asks.
  typealias Location = () -> String

  /// The verdict of one app: the details naming it are read in order, as one list, and the
  /// first pattern that matches decides (U-4); nil when none does. `step` hears each pattern
  /// tried (the decide path passes one that does nothing: no text is built).
  static func verdict(
    of appID: String, _ prepared: PreparedAASA, url: AASAURL, os: OSVersion, readings: AASAReadings,
    step: (_ miss: Miss?, _ exclude: Bool, _ location: Location) -> Void = { _, _, _ in }
  ) -> AASAMatch.Verdict? {
    let document = prepared.document
    // iOS 12 does not read `appIDs` (only `appID`), nor `components`.
    let readsComponents = os >= Feature.components.since
    for (d, detail) in document.details.enumerated()
    where (readsComponents ? detail.appIDs : detail.legacyAppIDs).contains(appID) {
      let compiled = prepared.details[d]
      if let components = detail.components, readsComponents {
        for (c, component) in components.enumerated() {
          let miss = matchComponent(
            compiled.components[c], component, detail: detail, document: document, url: url, os: os,
            readings: readings)
          step(miss, component.exclude, { "details[\(d)].components[\(c)]" })
          if miss == nil { return component.exclude ? .exclude : .match }
        }
      } else if detail.paths != nil {
        for (p, path) in compiled.paths.enumerated() {
          let miss = matchLegacyPath(path, url: url, readings: readings)
          step(miss, path.exclude, { "details[\(d)].paths[\(p)]" })
          if miss == nil { return path.exclude ? .exclude : .match }
        }
      }
    }
    return nil
  }

  /// Why a pattern did not match: the part (`/`, `?`, `?name`, `#`) and what failed.
  struct Miss {
    enum Part { case path, query, item(String), fragment }
    enum Reason {
      /// The pattern does not match the text.
      case mismatch(pattern: String, text: String)
      /// `?` names an item the URL lacks (the reading ``AASAReadings/AbsentQueryItem/fails``).
      case absentItem(String)
    }
    var part: Part
    var reason: Reason
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
    }
    return AASAMatch.Step(
      location: location, matched: false, exclude: exclude, failedPart: part, reason: reason)
  }

  /// A legacy `paths` entry: a path pattern, `NOT ` excluding (U-13), case-sensitive, against
  /// the path as written [inference: the archived guide matches the path only].
  static func matchLegacyPath(_ path: PreparedAASA.LegacyPath, url: AASAURL, readings: AASAReadings) -> Miss?
  {
    let slash: AASAPattern.SlashRule = readings.slash == .crosses ? .crosses : .stops
    if path.pattern.matches(url.path, caseSensitive: true, slash: slash) { return nil }
    return Miss(part: .path, reason: .mismatch(pattern: path.text, text: url.path))
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
    _ compiled: PreparedAASA.Component, _ component: AASADocument.Component, detail: AASADocument.Detail,
    document: AASADocument, url: AASAURL, os: OSVersion, readings: AASAReadings
  ) -> Miss? {
    let (caseSensitive, percentEncoded) = settings(component, detail: detail, document: document, os: os)
    let substitutes = os >= Feature.substitutionVariables.since
    // Which text a pattern is compared with (the contested point `percentEncoded`).
    func prepare(_ raw: String) -> String {
      switch readings.percentEncoded {
      case .patternAsEncoded: percentEncoded ? raw : AASAURL.decoded(raw)
      case .decodeWhenTrue: percentEncoded ? AASAURL.decoded(raw) : raw
      }
    }
    func fails(
      _ part: Miss.Part, _ pattern: PreparedAASA.Pattern, _ text: String, slash: AASAReadings.Slash = .crosses
    ) -> Miss? {
      let rule: AASAPattern.SlashRule = slash == .crosses ? .crosses : .stops
      if pattern.compiled(substituting: substitutes).matches(text, caseSensitive: caseSensitive, slash: rule)
      {
        return nil
      }
      return Miss(part: part, reason: .mismatch(pattern: pattern.text, text: text))
    }
    // A key left out is `*`, which matches everything (U-3, U-11).
    if let pattern = compiled.path, let miss = fails(.path, pattern, prepare(url.path), slash: readings.slash)
    {
      return miss
    }
    switch compiled.query {
    case .pattern(let pattern):
      if let miss = fails(.query, pattern, prepare(url.query ?? "")) { return miss }
    case .items(let items):
      let present = url.queryItems.map { (name: prepare($0.name), value: prepare($0.value)) }
      for item in items {
        let name = caseSensitive ? item.name : item.name.lowercased()
        let values = present.filter { (caseSensitive ? $0.name : $0.name.lowercased()) == name }.map(\.value)
        if values.isEmpty {
          if readings.absentQueryItem == .fails {
            return Miss(part: .item(item.name), reason: .absentItem(item.name))
          }
          // U-10: an absent item reads as the empty string.
          if let miss = fails(.item(item.name), item.pattern, "") { return miss }
        }
        // U-9: every instance of a repeated name must match.
        for value in values {
          if let miss = fails(.item(item.name), item.pattern, value) { return miss }
        }
      }
    case nil:
      break
    }
    if let pattern = compiled.fragment, let miss = fails(.fragment, pattern, prepare(url.fragment ?? "")) {
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
/// per file, so deciding a link compiles nothing.
struct PreparedAASA: Sendable {
  /// A pattern as written and compiled both ways (a class: matching reads it without copying
  /// its parts).
  final class Pattern: Sendable {
    let text: String
    let plain: AASAPattern
    /// With `$(...)` read as variables (iOS 13.5 and later, U-6); `plain` when the text has none.
    let substituted: AASAPattern

    init(_ text: String, variables: [String: [String]]) {
      self.text = text
      plain = AASAPattern(text, variables: nil)
      substituted = text.contains("$(") ? AASAPattern(text, variables: variables) : plain
    }

    func compiled(substituting: Bool) -> AASAPattern { substituting ? substituted : plain }
  }

  /// A component's patterns (nil: the key is left out, `*`).
  struct Component: Sendable {
    enum Query: Sendable {
      case pattern(Pattern)
      case items([(name: String, pattern: Pattern)])
    }
    var path: Pattern?
    var query: Query?
    var fragment: Pattern?
  }

  /// A legacy `paths` entry, `NOT ` taken off.
  struct LegacyPath: Sendable {
    var exclude: Bool
    var text: String
    var pattern: AASAPattern
  }

  /// A detail's components (empty when it has none) and legacy paths (likewise).
  struct Detail: Sendable {
    var components: [Component]
    var paths: [LegacyPath]
  }

  let document: AASADocument
  /// Every app the document names, in order of first appearance.
  let appIDs: [String]
  /// Per detail of `document`, in order.
  let details: [Detail]

  init(_ document: AASADocument) {
    self.document = document
    appIDs = document.appIDs
    let variables = document.substitutionVariables
    details = document.details.map { detail in
      Detail(
        components: (detail.components ?? []).map { component in
          let query: Component.Query? =
            switch component.query {
            case .pattern(let p): .pattern(Pattern(p, variables: variables))
            case .items(let items): .items(items.map { ($0.name, Pattern($0.pattern, variables: variables)) })
            case nil: nil
            }
          return Component(
            path: component.path.map { Pattern($0, variables: variables) }, query: query,
            fragment: component.fragment.map { Pattern($0, variables: variables) })
        },
        paths: (detail.paths ?? []).map { entry in
          let exclude = entry.hasPrefix("NOT ")
          let text = exclude ? String(entry.dropFirst(4)) : entry
          return LegacyPath(exclude: exclude, text: text, pattern: AASAPattern(text, variables: nil))
        })
    }
  }
}
