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
    let apps = evaluate(document, url: url, os: os, readings: readings)
    let verdicts = apps.map(\.verdict)
    let differ = AASAReadings.points.filter { point in
      evaluate(document, url: url, os: os, readings: point.flipped(readings)).map(\.verdict) != verdicts
    }.map(\.name)
    return AASAMatch(
      url: url, os: os, apps: apps, readings: readings, otherReadingsDiffer: differ,
      ignored: ignored(document, os: os))
  }

  /// The verdict of each app, without the other readings.
  static func evaluate(_ document: AASADocument, url: AASAURL, os: OSVersion, readings: AASAReadings)
    -> [AASAMatch.App]
  {
    document.appIDs.map { appID in
      var app = AASAMatch.App(appID: appID, verdict: nil, steps: [])
      // The details naming the app are read in order, as one list: the first match wins (U-4).
      // iOS 12 does not read `appIDs` (only `appID`), nor `components`.
      let readsAppIDs = os >= Feature.components.since
      search: for (d, detail) in document.details.enumerated()
      where (readsAppIDs ? detail.appIDs : detail.legacyAppIDs).contains(appID) {
        if let components = detail.components, os >= Feature.components.since {
          for (c, component) in components.enumerated() {
            let step = matchComponent(
              component, detail: detail, document: document, url: url, os: os, readings: readings,
              location: "details[\(d)].components[\(c)]")
            app.steps.append(step)
            if step.matched {
              app.verdict = component.exclude ? .exclude : .match
              break search
            }
          }
        } else if let paths = detail.paths {
          for (p, pattern) in paths.enumerated() {
            let step = matchLegacyPath(
              pattern, url: url, readings: readings, location: "details[\(d)].paths[\(p)]")
            app.steps.append(step)
            if step.matched {
              app.verdict = step.exclude ? .exclude : .match
              break search
            }
          }
        }
      }
      return app
    }
  }

  /// A legacy `paths` entry: a path pattern, `NOT ` excluding (U-13), case-sensitive, against
  /// the path as written [inference: the archived guide matches the path only].
  static func matchLegacyPath(_ entry: String, url: AASAURL, readings: AASAReadings, location: String)
    -> AASAMatch.Step
  {
    let exclude = entry.hasPrefix("NOT ")
    let text = exclude ? String(entry.dropFirst(4)) : entry
    let slash: AASAPattern.SlashRule = readings.slash == .crosses ? .crosses : .stops
    if AASAPattern(text, variables: nil).matches(url.path, caseSensitive: true, slash: slash) {
      return AASAMatch.Step(location: location, matched: true, exclude: exclude)
    }
    return AASAMatch.Step(
      location: location, matched: false, exclude: exclude, failedPart: "/",
      reason: "\(Words.quoted(text)) does not match \(Words.quoted(url.path))")
  }

  /// The settings a component matches with: its own, then its detail's `defaults`, then the
  /// file's (iOS 14+, "the more specific definition overrides the less specific", U-5), then
  /// Apple's defaults, true and true (U-3); each only from the OS version that reads it.
  static func settings(
    _ component: AASADocument.Component, detail: AASADocument.Detail, document: AASADocument, os: OSVersion
  ) -> (caseSensitive: Bool, percentEncoded: Bool) {
    let levels =
      os >= Feature.defaults.since
      ? [component.settings, detail.defaults, document.defaults] : [component.settings]
    let caseSensitive = levels.lazy.compactMap(\.caseSensitive).first ?? true
    let percentEncoded = levels.lazy.compactMap(\.percentEncoded).first ?? true
    return (
      caseSensitive || os < Feature.caseInsensitive.since,
      percentEncoded || os < Feature.percentDecoding.since
    )
  }

  private static func matchComponent(
    _ component: AASADocument.Component, detail: AASADocument.Detail, document: AASADocument, url: AASAURL,
    os: OSVersion, readings: AASAReadings, location: String
  ) -> AASAMatch.Step {
    let (caseSensitive, percentEncoded) = settings(component, detail: detail, document: document, os: os)
    let variables = os >= Feature.substitutionVariables.since ? document.substitutionVariables : nil
    // Which text a pattern is compared with (the contested point `percentEncoded`).
    func prepare(_ raw: String) -> String {
      switch readings.percentEncoded {
      case .patternAsEncoded: percentEncoded ? raw : AASAURL.decoded(raw)
      case .decodeWhenTrue: percentEncoded ? AASAURL.decoded(raw) : raw
      }
    }
    func fails(_ part: String, _ pattern: String, _ text: String, slash: AASAReadings.Slash = .crosses)
      -> AASAMatch.Step?
    {
      let rule: AASAPattern.SlashRule = slash == .crosses ? .crosses : .stops
      if AASAPattern(pattern, variables: variables).matches(text, caseSensitive: caseSensitive, slash: rule) {
        return nil
      }
      return AASAMatch.Step(
        location: location, matched: false, exclude: component.exclude, failedPart: part,
        reason: "\(Words.quoted(pattern)) does not match \(Words.quoted(text))")
    }
    // A key left out is `*`, which matches everything (U-3, U-11).
    if let pattern = component.path,
      let failure = fails("/", pattern, prepare(url.path), slash: readings.slash)
    {
      return failure
    }
    switch component.query {
    case .pattern(let pattern):
      if let failure = fails("?", pattern, prepare(url.query ?? "")) { return failure }
    case .items(let items):
      let present = url.queryItems.map { (name: prepare($0.name), value: prepare($0.value)) }
      for item in items {
        let name = caseSensitive ? item.name : item.name.lowercased()
        let values = present.filter { (caseSensitive ? $0.name : $0.name.lowercased()) == name }.map(\.value)
        if values.isEmpty {
          if readings.absentQueryItem == .fails {
            return AASAMatch.Step(
              location: location, matched: false, exclude: component.exclude, failedPart: "?" + item.name,
              reason: "the URL has no query item \(Words.quoted(item.name))")
          }
          // U-10: an absent item reads as the empty string.
          if let failure = fails("?" + item.name, item.pattern, "") { return failure }
        }
        // U-9: every instance of a repeated name must match.
        for value in values {
          if let failure = fails("?" + item.name, item.pattern, value) { return failure }
        }
      }
    case nil:
      break
    }
    if let pattern = component.fragment, let failure = fails("#", pattern, prepare(url.fragment ?? "")) {
      return failure
    }
    return AASAMatch.Step(location: location, matched: true, exclude: component.exclude)
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
