/// One problem found in a policy file, a situation or a fixture, located like a compiler's.
///
/// Printed as `file:line:column: severity: $.json.path: message [CODE]`. The code is stable
/// and public; the message wording is not.
public struct Diagnostic: Sendable, Hashable, Codable, Error, CustomStringConvertible {
  /// How bad a finding is.
  public enum Severity: String, Sendable, Hashable, Codable {
    /// The input is refused: loading fails, the command exits non-zero.
    case error
    /// A problem worth fixing that does not stop loading.
    case warning
    /// Information attached to a finding (what a redirect reaches, how a sticker reads).
    case note
  }

  /// The file or input name (`Policies/tap.json`, `stdin`, `situation.json:3` for a line).
  public var file: String
  /// The JSON path of the offending value (`$.rules[3].when.platform`), empty if none.
  public var path: String
  /// Where in the file, when known.
  public var location: SourcePosition?
  /// How bad the problem is.
  public var severity: Severity
  /// The stable code (`TR104`): what kind of problem it is.
  public var code: DiagnosticCode
  /// What is wrong, for a reader; the wording may change between versions.
  public var message: String

  /// A diagnostic from its parts; `path` empty and `location` nil when unknown.
  public init(
    file: String, path: String = "", location: SourcePosition? = nil,
    severity: Severity = .error, code: DiagnosticCode, message: String
  ) {
    self.file = file
    self.path = Self.printable(path)
    self.location = location
    self.severity = severity
    self.code = code
    // Messages quote input (a key, a value, Foundation's reason for a bad plist): what a
    // terminal would act on or hide is escaped here, so it is in every form printed.
    self.message = Self.printable(message)
  }

  /// The compiler-style line: `file:line:column: severity: $.path: message [CODE]`, on one
  /// line, with every non-printable character escaped.
  public var description: String {
    var head = Self.printable(file)
    if let location, location.line > 0 {
      head += ":\(location.line):\(location.column)"
    }
    let pathPrefix = path.isEmpty ? "" : "\(Self.printable(path)): "
    return "\(head): \(severity.rawValue): \(pathPrefix)\(Self.printable(message)) [\(code.rawValue)]"
  }

  /// `text` with the characters a terminal acts on or does not show written as `\u{hex}`
  /// (`\n`, `\r` and `\t` as such): C0 and C1 controls, DEL, the line and paragraph
  /// separators and the bidirectional controls. Printable text, and text already escaped,
  /// comes back unchanged.
  package static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isHidden) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where isHidden(scalar): out += "\\u{\(String(scalar.value, radix: 16))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}

/// A stable diagnostic code such as `TR104`.
///
/// A struct rather than a frozen enum so that new codes can be added without breaking
/// clients that switch over them (the way swift-system models `Errno`).
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The code as printed: `TR`, then three digits.
  public let rawValue: String
  /// The code with this raw value; any string is accepted, as with swift-system's `Errno`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The raw value (`TR104`).
  public var description: String { rawValue }

  // Input text (any file).
  /// The text is not valid JSON (syntax, encoding, duplicate key).
  public static let jsonSyntax = DiagnosticCode(rawValue: "TR001")
  /// The input is over a size or nesting limit.
  public static let inputTooLarge = DiagnosticCode(rawValue: "TR002")
  /// A file could not be read, or standard output could not be written.
  public static let unreadable = DiagnosticCode(rawValue: "TR003")

  // Policy files.
  /// A key the policy format does not define.
  public static let policyUnknownKey = DiagnosticCode(rawValue: "TR101")
  /// A policy value of the wrong JSON type.
  public static let policyWrongType = DiagnosticCode(rawValue: "TR102")
  /// A required policy field is missing.
  public static let policyMissingField = DiagnosticCode(rawValue: "TR103")
  /// A rule or fixture cites an evidence id that `evidence.json` does not register.
  public static let unknownEvidence = DiagnosticCode(rawValue: "TR104")
  /// A fact name the table's event does not provide.
  public static let unknownFact = DiagnosticCode(rawValue: "TR105")
  /// A value outside a fact's domain, or an unknown outcome, callback, confidence.
  public static let unknownValue = DiagnosticCode(rawValue: "TR106")
  /// An OS version or version range that does not parse, or is empty.
  public static let badVersionRange = DiagnosticCode(rawValue: "TR107")
  /// Two rules (or tables, fixtures, evidence ids) with the same id.
  public static let duplicateID = DiagnosticCode(rawValue: "TR108")
  /// A table's declared domain differs from the values its event can produce.
  public static let domainMismatch = DiagnosticCode(rawValue: "TR109")
  /// An outcome whose fields do not fit it (callbacks on a store page, no presentation...).
  public static let badOutcomeFields = DiagnosticCode(rawValue: "TR110")
  /// A policy directory without a table for an event, or without evidence.json.
  public static let missingTable = DiagnosticCode(rawValue: "TR111")
  /// A fixture names a rule that does not exist.
  public static let unknownRule = DiagnosticCode(rawValue: "TR112")
  /// Evidence against a rule, or alternative readings, on a rule that is not `contested`;
  /// a contested rule without an alternative reading.
  public static let contestedRule = DiagnosticCode(rawValue: "TR113")
  /// A fixture's note pattern that is not a regular expression (`NSRegularExpression` syntax).
  public static let badNotePattern = DiagnosticCode(rawValue: "TR114")
  /// A rule's `support` that does not fit its `then` (a field it does not state, a field it
  /// states without support), or a rule's written `evidence` or `confidence` that is not what
  /// its support makes it.
  public static let supportMismatch = DiagnosticCode(rawValue: "TR115")

  // Evidence sources (a block of its own, so codes added elsewhere in TR1xx do not collide).
  /// An evidence source whose kind is not one the format defines.
  public static let unknownSourceKind = DiagnosticCode(rawValue: "TR120")
  /// A source date not of the form `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
  public static let badSourceDate = DiagnosticCode(rawValue: "TR121")
  /// A source `url` that is not an `http` or `https` link.
  public static let badSourceURL = DiagnosticCode(rawValue: "TR122")
  /// A source `file` that is not a seed file name (`seeds/NNN_<hex>.txt`).
  public static let badSeedFile = DiagnosticCode(rawValue: "TR123")
  /// Source fields that do not fit its kind (a seed without its file, a file on a blog).
  public static let badSourceFields = DiagnosticCode(rawValue: "TR124")

  // Situations.
  /// A key the situation format does not define.
  public static let situationUnknownKey = DiagnosticCode(rawValue: "TR201")
  /// A situation value of the wrong JSON type.
  public static let situationWrongType = DiagnosticCode(rawValue: "TR202")
  /// A situation value outside its allowed set (platform, hook, target...).
  public static let situationUnknownValue = DiagnosticCode(rawValue: "TR203")
  /// An OS version that does not parse.
  public static let situationBadVersion = DiagnosticCode(rawValue: "TR204")
  /// A required situation field is missing.
  public static let situationMissingField = DiagnosticCode(rawValue: "TR205")

  // Verification.
  /// Situations no rule decides (they would be `undecided`).
  public static let gap = DiagnosticCode(rawValue: "TR301")
  /// A rule that can never fire: earlier rules cover everything it matches.
  public static let shadowedRule = DiagnosticCode(rawValue: "TR302")
  /// Two rules that match a common situation with different outcomes, where the table
  /// (`hitPolicy: unique`) or a rule (`unique: true`) asks for no overlap.
  public static let conflict = DiagnosticCode(rawValue: "TR303")
  /// An evidence id registered but cited by no rule.
  public static let uncitedEvidence = DiagnosticCode(rawValue: "TR304")
  /// A table too large for verification (a fact with over 64 values or intervals).
  public static let verificationLimit = DiagnosticCode(rawValue: "TR305")
  /// A fixture whose expectation the tables do not meet.
  public static let fixtureFailed = DiagnosticCode(rawValue: "TR306")
  /// An evidence entry without a checkable source: no link or seed file (an inference
  /// alone is enough only for an `inferred` entry).
  public static let uncheckableEvidence = DiagnosticCode(rawValue: "TR310")
  /// An evidence entry marked `uncited` that a rule, transition or check does cite.
  public static let citedButMarkedUncited = DiagnosticCode(rawValue: "TR311")
  /// A source a reader can open (a link or a seed file) that does not quote the words behind
  /// the claim.
  public static let unquotedSource = DiagnosticCode(rawValue: "TR312")
  /// A confidence above what the quotes show: `documented` without a quote from Apple's own
  /// text, `several` without quotes from two different places.
  public static let confidenceAboveQuotes = DiagnosticCode(rawValue: "TR313")
  /// Evidence against a rule, or for its other reading, that no reader can check (a source
  /// with no link and no seed file); a rule contested on such evidence alone.
  public static let uncheckableContest = DiagnosticCode(rawValue: "TR314")
  /// A rule field without a supporting quote: a rule that cites its evidence as a whole, a
  /// field citing an entry with no quote, an inferred field without its reasoning, a note
  /// naming no evidence.
  public static let unsupportedField = DiagnosticCode(rawValue: "TR315")
  /// A rule field whose confidence is above what its cited quotes give.
  public static let fieldAboveQuotes = DiagnosticCode(rawValue: "TR316")

  // Audit of Info.plist files.
  /// A plist that is not a readable property list (malformed, truncated).
  public static let plistUnreadable = DiagnosticCode(rawValue: "TR401")
  /// A plist key of the wrong type.
  public static let plistWrongType = DiagnosticCode(rawValue: "TR402")
  /// The extension is not a Messages extension (`com.apple.message-payload-provider`).
  public static let wrongExtensionPoint = DiagnosticCode(rawValue: "TR410")
  /// The redirect URL opens nothing.
  public static let redirectOpensNothing = DiagnosticCode(rawValue: "TR411")
  /// The redirect URL is a universal link (https), which does not work as one.
  public static let universalLinkRedirect = DiagnosticCode(rawValue: "TR412")
  /// What the redirect URL opens.
  public static let redirectReaches = DiagnosticCode(rawValue: "TR413")
  /// What a declared scheme, or its absence, means for redirects.
  public static let schemeNote = DiagnosticCode(rawValue: "TR414")
  /// An iMessage-only app (no container) trying to open a parent app.
  public static let iMessageOnly = DiagnosticCode(rawValue: "TR415")

  // Sticker files.
  /// A sticker file that is truncated, corrupt or of no known format.
  public static let stickerUnreadable = DiagnosticCode(rawValue: "TR501")
  /// A sticker whose content does not match its file name (a GIF named .png).
  public static let stickerDisguised = DiagnosticCode(rawValue: "TR502")
  /// A format, or an animation, the sticker rules do not accept.
  public static let stickerFormat = DiagnosticCode(rawValue: "TR503")
  /// A sticker over the size limit in bytes.
  public static let stickerTooLarge = DiagnosticCode(rawValue: "TR504")
  /// A sticker's pixel size against its size class.
  public static let stickerSize = DiagnosticCode(rawValue: "TR505")
  /// Advice on a format (GIF edges alias, JPEG has no transparency).
  public static let stickerAdvice = DiagnosticCode(rawValue: "TR506")

  // Quick actions.
  /// A quick action without its required type or title.
  public static let shortcutMissingKey = DiagnosticCode(rawValue: "TR601")
  /// Two quick actions with the same type.
  public static let shortcutDuplicate = DiagnosticCode(rawValue: "TR602")
  /// A title or subtitle likely cut at two lines.
  public static let shortcutCut = DiagnosticCode(rawValue: "TR603")
  /// Quick actions beyond the visible maximum.
  public static let shortcutHidden = DiagnosticCode(rawValue: "TR604")
  /// Dynamic items that grow because code appends at every launch.
  public static let shortcutGrowth = DiagnosticCode(rawValue: "TR605")
  /// Which callback handles a chosen item, and what didFinishLaunching returns.
  public static let shortcutLaunch = DiagnosticCode(rawValue: "TR606")

  // apple-app-site-association files (`taproute aasa`).
  /// An AASA value of the wrong JSON type (the root not an object, `paths` not an array).
  public static let aasaWrongType = DiagnosticCode(rawValue: "TR701")
  /// A key the AASA format does not define.
  public static let aasaUnknownKey = DiagnosticCode(rawValue: "TR702")
  /// A required AASA key is missing (`details`, an app ID).
  public static let aasaMissingField = DiagnosticCode(rawValue: "TR703")
  /// An app ID not of the form `TEAMID.bundle.id`.
  public static let aasaBadAppID = DiagnosticCode(rawValue: "TR704")
  /// Both `appID` and `appIDs` set in one detail.
  public static let aasaAppIDTwice = DiagnosticCode(rawValue: "TR705")
  /// A pattern that is invalid or can never match (an unclosed `$(`, an unknown variable, a
  /// path pattern that does not start with `/`).
  public static let aasaBadPattern = DiagnosticCode(rawValue: "TR706")
  /// A substitution variable whose name or values the format refuses.
  public static let aasaBadVariable = DiagnosticCode(rawValue: "TR707")
  /// A file over Apple's 128 KB limit.
  public static let aasaTooLarge = DiagnosticCode(rawValue: "TR708")
  /// A key some OS versions ignore (`paths` beside `components`, the legacy `apps`).
  public static let aasaIgnored = DiagnosticCode(rawValue: "TR709")
  /// A URL given to match that is not an absolute http or https URL.
  public static let aasaBadURL = DiagnosticCode(rawValue: "TR710")

  // The app's associated domains against its AASA files (`taproute audit --entitlements`).
  /// An entitlements file that is not a readable property list, or a key of the wrong type.
  public static let entitlementsUnreadable = DiagnosticCode(rawValue: "TR720")
  /// An associated domain with a port, a path or no domain.
  public static let associatedDomainForm = DiagnosticCode(rawValue: "TR721")
  /// `?mode=developer` in a release build.
  public static let developerModeInRelease = DiagnosticCode(rawValue: "TR722")
  /// A wildcard domain with no AASA file at its apex.
  public static let wildcardWithoutApex = DiagnosticCode(rawValue: "TR723")
  /// The app's ID is not in the domain's AASA file, or only with another team or bundle ID.
  public static let appIDMismatch = DiagnosticCode(rawValue: "TR724")
  /// More than 50 `LSApplicationQueriesSchemes`.
  public static let tooManyQueriesSchemes = DiagnosticCode(rawValue: "TR725")
  /// An `applinks` domain with no AASA file given.
  public static let aasaNotGiven = DiagnosticCode(rawValue: "TR726")
}

/// A failure that carries every diagnostic found, not only the first.
///
/// Every public reader throws it (typed throws): loading policies, fixtures or a situation.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
  /// The problems, in the order found (by file, then position).
  public var diagnostics: [Diagnostic]
  /// How many more problems were found but not collected, because the reader stops
  /// collecting at `Diagnostic.reportLimit` (one situation with 80,000 unknown keys).
  public var omitted: Int
  /// An error carrying `diagnostics`, and a count of `omitted` ones not collected.
  public init(_ diagnostics: [Diagnostic], omitted: Int = 0) {
    self.diagnostics = diagnostics
    self.omitted = omitted
  }
  /// One line per diagnostic (at most 50), then "... and N more".
  public var description: String { Diagnostic.report(diagnostics, omitted: omitted).joined(separator: "\n") }
}

extension Diagnostic {
  /// How many diagnostics are printed (and collected by the strict situation reader) before
  /// the rest is summarized in one line.
  package static let reportLimit = 50

  /// The lines that report `diagnostics`: the first `limit`, then "... and N more" for the
  /// rest and for the `omitted` ones a reader did not collect.
  package static func report(_ diagnostics: [Diagnostic], omitted: Int = 0, limit: Int = reportLimit)
    -> [String]
  {
    var lines = diagnostics.prefix(limit).map(\.description)
    let more = diagnostics.count - min(diagnostics.count, limit) + omitted
    if more > 0 { lines.append("... and \(grouped(Int64(more))) more") }
    return lines
  }

  /// A count with thousands separators (`1,048,576`), the way byte counts are printed.
  package static func grouped(_ value: Int64) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (i, digit) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return value < 0 ? "-" + out : out
  }
}
