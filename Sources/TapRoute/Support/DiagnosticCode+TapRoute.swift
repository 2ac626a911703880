import TapRouteAASA

// The diagnostic codes of the engine and its tools. The struct, the input codes (TR001-TR003)
// and the AASA file's (TR701-TR710) are declared in TapRouteAASA, which reads before these.

extension DiagnosticCode {
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
  /// An `applinks` domain a device does not fetch or gets no file for: an internationalized
  /// name (IOSN-22), a subdomain without a file of its own (IOSN-8), a fetched copy a device
  /// would not accept (`audit --fetch`).
  public static let domainNotAssociated = DiagnosticCode(rawValue: "TR727")

  // Fetching a domain's AASA file (`taproute aasa fetch`, `aasa match --domain`, `audit --fetch`).
  /// No reply: the name did not resolve, the connection or TLS failed, the time ran out.
  public static let fetchFailed = DiagnosticCode(rawValue: "TR730")
  /// The reply's status is not 200.
  public static let fetchStatus = DiagnosticCode(rawValue: "TR731")
  /// The reply redirects, which a device does not follow (U-14).
  public static let fetchRedirect = DiagnosticCode(rawValue: "TR732")
  /// The reply's content type is not `application/json` (a warning: U-16).
  public static let fetchContentType = DiagnosticCode(rawValue: "TR733")
}

extension JSONReader.Codes {
  /// What the policy files' reader reports.
  package static let policy = JSONReader.Codes(
    unknownKey: .policyUnknownKey, wrongType: .policyWrongType,
    missingField: .policyMissingField, unknownValue: .unknownValue)
  /// What the situation reader reports.
  package static let situation = JSONReader.Codes(
    unknownKey: .situationUnknownKey, wrongType: .situationWrongType,
    missingField: .situationMissingField, unknownValue: .situationUnknownValue)
}
