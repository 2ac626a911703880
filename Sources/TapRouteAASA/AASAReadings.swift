/// The readings TapRoute takes where Apple's text leaves room, each with the other reading and
/// its evidence, like a contested rule of the tables: a match says which reading it used and
/// whether the other one would change a verdict (``AASAMatch/otherReadingsDiffer``).
public struct AASAReadings: Sendable, Hashable {
  /// How `percentEncoded` applies (U-25).
  public enum PercentEncoded: String, Sendable, Hashable, CaseIterable {
    /// `true`: the pattern is compared with the URL part as written, percent-encoded; `false`:
    /// the URL part is decoded first, so a pattern may hold spaces and Unicode text. Read from
    /// Apple's "whether URLs are percent-encoded" (default true, U-3) and WWDC 2020's Unicode
    /// patterns through `percentEncoded: false` (U-7); blazingly-aasa reads it so (U-25).
    case patternAsEncoded
    /// st-tech's simulator: `true` decodes the URL part before comparing, `false` compares it as
    /// written (U-25).
    case decodeWhenTrue
  }

  /// What `*` and `?` do at a `/` in the path.
  public enum Slash: String, Sendable, Hashable, CaseIterable {
    /// They match it like any character: Apple's "`*` — Matches zero or more characters …
    /// greedy" and "`?` — Matches any single character" make no exception (U-4).
    case crosses
    /// They never match `/`: blog and tool comments claim it, without an Apple source (U-27).
    case stops
  }

  /// What a `?` dictionary does with a query item the URL lacks.
  public enum AbsentQueryItem: String, Sendable, Hashable, CaseIterable {
    /// WWDC 2019: "Query items with no value and absent query items are treated … as if they
    /// have a value equal to the empty string" (U-10).
    case emptyString
    /// st-tech's simulator: an absent item fails the component (U-26).
    case fails
  }

  /// Which apps a detail names from iOS 13 when it has both `appID` and `appIDs`.
  public enum AppIDBesideAppIDs: String, Sendable, Hashable, CaseIterable {
    /// `appIDs` alone; `appID` is for iOS 12, which "is not aware of the appIDs key" (U-2).
    /// Apple's `swcutil` reads the file so, as the held-back oracle corpus of this project's
    /// issue 38 reports (macOS 27, September 2026; not public).
    case ignored
    /// Both: blazingly-aasa's reading ("both `appID` and `appIDs` on one entry — union",
    /// docs/parity.md, marked documented there, not checked against `swcutil`).
    case union
  }

  /// How `percentEncoded` applies.
  public var percentEncoded: PercentEncoded
  /// What the wildcards do at `/`.
  public var slash: Slash
  /// What an absent query item is.
  public var absentQueryItem: AbsentQueryItem
  /// What `appID` beside `appIDs` names.
  public var appIDBesideAppIDs: AppIDBesideAppIDs

  /// The given readings; TapRoute's defaults where not given.
  public init(
    percentEncoded: PercentEncoded = .patternAsEncoded, slash: Slash = .crosses,
    absentQueryItem: AbsentQueryItem = .emptyString, appIDBesideAppIDs: AppIDBesideAppIDs = .ignored
  ) {
    self.percentEncoded = percentEncoded
    self.slash = slash
    self.absentQueryItem = absentQueryItem
    self.appIDBesideAppIDs = appIDBesideAppIDs
  }

  /// TapRoute's readings: each the one Apple's own words, or `swcutil`'s observed behaviour, support.
  public static let standard = AASAReadings()

  /// One contested point: its name, the reading taken, the other, and the evidence of each.
  public struct Point: Sendable {
    /// The point's name in output (`percentEncoded`).
    public var name: String
    /// The evidence ids and why the default reading is taken.
    public var evidence: String
    /// This point's reading in `readings`.
    public let reading: @Sendable (AASAReadings) -> String
    /// `readings` with this point's other reading.
    public let flipped: @Sendable (AASAReadings) -> AASAReadings
    /// The point's readings, by name (the default first).
    public var choices: [String]
    /// `readings` with this point read as `choice`; nil for a name not in ``choices``.
    public let setting: @Sendable (AASAReadings, String) -> AASAReadings?

    /// The point read by the field at `field`, a two-reading enumeration whose first case is
    /// the default: flipping it takes the other case.
    init<Value: RawRepresentable & CaseIterable & Equatable & Sendable>(
      _ name: String, _ field: WritableKeyPath<AASAReadings, Value> & Sendable, evidence: String
    ) where Value.RawValue == String {
      self.name = name
      self.evidence = evidence
      choices = Value.allCases.map(\.rawValue)
      reading = { $0[keyPath: field].rawValue }
      flipped = { r in
        var r = r
        if let other = Value.allCases.first(where: { $0 != r[keyPath: field] }) { r[keyPath: field] = other }
        return r
      }
      setting = { r, choice in
        guard let value = Value(rawValue: choice) else { return nil }
        var r = r
        r[keyPath: field] = value
        return r
      }
    }
  }

  /// Readings from `name=reading` pairs separated by commas
  /// (`percentEncoded=decodeWhenTrue,slash=stops`); the points not named keep TapRoute's
  /// reading. The error says which pair is wrong and what is accepted.
  public static func parse(_ text: String) -> Result<AASAReadings, ParseError> {
    var readings = AASAReadings.standard
    for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      let names = points.map(\.name)
      guard parts.count == 2, let point = points.first(where: { $0.name == parts[0] }) else {
        return .failure(
          ParseError(
            message:
              "\(Words.quoted(String(pair))) is not NAME=READING with NAME one of \(names.joined(separator: ", "))"
          ))
      }
      guard let next = point.setting(readings, parts[1]) else {
        return .failure(
          ParseError(
            message:
              "\(point.name) is read as \(point.choices.joined(separator: " or ")), not \(Words.quoted(parts[1]))"
          ))
      }
      readings = next
    }
    return .success(readings)
  }

  /// Why a `--reading` value was refused.
  public struct ParseError: Error, Sendable, Hashable {
    /// What is wrong, for a reader.
    public var message: String
  }

  /// The contested points, declared once: the matcher, the CLI and the README read them.
  public static let points: [Point] = [
    Point(
      "percentEncoded", \.percentEncoded,
      evidence: "U-3, U-7 (Apple: Unicode patterns need percentEncoded false); U-25 (the simulators disagree)"
    ),
    Point(
      "slash", \.slash,
      evidence: "U-4 (Apple: * matches zero or more characters); U-27 (uncited claims that * stops at /)"),
    Point(
      "absentQueryItem", \.absentQueryItem,
      evidence:
        "U-10 (WWDC 2019: absent items read as the empty string); U-26 (st-tech's simulator fails them)"),
    Point(
      "appIDBesideAppIDs", \.appIDBesideAppIDs,
      evidence:
        "U-2 (Apple: iOS 12 is not aware of appIDs); issue 38's swcutil report (appID ignored beside appIDs); "
        + "blazingly-aasa docs/parity.md (union, not oracle-checked)"),
  ]

  /// This reading of each point, by name.
  public var byName: [(name: String, reading: String)] { Self.points.map { ($0.name, $0.reading(self)) } }
}
