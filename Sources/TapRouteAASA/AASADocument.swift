/// An apple-app-site-association file's `applinks` section, as read by ``AASADocument/read(_:file:)``.
///
/// The model keeps what the matching rules need and where each part stood in the file, so a
/// match trace can name `details[0].components[2]`. The other services of the file
/// (`webcredentials`, `appclips`, `activitycontinuation`) are accepted and not modelled.
public struct AASADocument: Sendable, Hashable {
  /// The file name used in diagnostics and traces.
  public var file: String
  /// `applinks.details`, in file order (the order matching follows).
  public var details: [Detail]
  /// `applinks.defaults`: the least specific of the three levels (U-5).
  public var defaults: Settings
  /// `applinks.substitutionVariables`: name -> the strings it stands for (U-6).
  public var substitutionVariables: [String: [String]]
  /// The file's size in bytes, as read.
  public var byteCount: Int

  /// What a `defaults` object or a component sets that a less specific level can give (U-3,
  /// U-5); nil when not set. A `defaults` object may hold `/`, `?`, `#` and `exclude` too,
  /// which `swcutil` applies to each component that leaves the key out (blazingly-aasa's gap
  /// probes, 2026: `{"defaults": {"/": "/foo/*"}}` keeps `/bar` out, `{"exclude": true}` blocks
  /// the match; IOSN-11). A component's own patterns are its ``Component`` fields; its
  /// settings hold `caseSensitive`, `percentEncoded` and `exclude` as written.
  public struct Settings: Sendable, Hashable {
    /// `caseSensitive`: whether patterns match case-sensitively (Apple's default: true).
    public var caseSensitive: Bool?
    /// `percentEncoded`: whether URLs are percent-encoded (Apple's default: true).
    public var percentEncoded: Bool?
    /// `exclude` as written.
    public var exclude: Bool?
    /// A `defaults` object's `/` pattern.
    public var path: String?
    /// A `defaults` object's `?` pattern or dictionary.
    public var query: Query?
    /// A `defaults` object's `#` pattern.
    public var fragment: String?

    /// Settings with every value unset unless given.
    public init(
      caseSensitive: Bool? = nil, percentEncoded: Bool? = nil, exclude: Bool? = nil, path: String? = nil,
      query: Query? = nil, fragment: String? = nil
    ) {
      self.caseSensitive = caseSensitive
      self.percentEncoded = percentEncoded
      self.exclude = exclude
      self.path = path
      self.query = query
      self.fragment = fragment
    }

    /// True when a `defaults` object gives a pattern or `exclude`: then a component that leaves
    /// the key out does not match every URL from iOS 14.
    var givesPatterns: Bool { path != nil || query != nil || fragment != nil || exclude != nil }
  }

  /// One entry of `applinks.details`: the apps it names and their patterns (U-2).
  public struct Detail: Sendable, Hashable {
    /// `appID` and `appIDs` together, in file order (`TEAMID.bundle.id`).
    public var appIDs: [String]
    /// The IDs iOS 12 reads: `appID` (or the key of the first, keyed form), not `appIDs`
    /// ("iOS 12 uses the paths array and is not aware of the appIDs key", Apple's caveat as
    /// quoted in public write-ups of its universal-links page).
    public var legacyAppIDs: [String] = []
    /// The `appID` of a detail that also has `appIDs`, when `appIDs` does not list it: from
    /// iOS 13 the device reads `appIDs` alone (``AASAReadings/AppIDBesideAppIDs/ignored``),
    /// so this app is read only under the other reading, `union`.
    public var appIDBesideAppIDs: [String] = []
    /// The legacy `paths` (iOS 9-12; ignored from iOS 13 where `components` exist, U-8).
    public var paths: [String]?
    /// The `components` (iOS 13+, U-3).
    public var components: [Component]?
    /// This detail's `defaults` (iOS 14+, U-5).
    public var defaults: Settings
    /// Where the detail starts in the file.
    public var location: SourcePosition

    /// A detail from its parts; `legacyAppIDs` defaults to `appIDs`.
    public init(
      appIDs: [String], legacyAppIDs: [String]? = nil, paths: [String]? = nil, components: [Component]? = nil,
      defaults: Settings = Settings(), location: SourcePosition = SourcePosition(line: 0, column: 0)
    ) {
      self.appIDs = appIDs
      self.legacyAppIDs = legacyAppIDs ?? appIDs
      self.paths = paths
      self.components = components
      self.defaults = defaults
      self.location = location
    }
  }

  /// One `components` entry: patterns for the path, query and fragment (U-3, U-4).
  public struct Component: Sendable, Hashable {
    /// The `/` pattern; nil means `*` (U-3, U-11).
    public var path: String?
    /// The `?` pattern or dictionary; nil means `*`.
    public var query: Query?
    /// The `#` pattern; nil means `*`.
    public var fragment: String?
    /// `exclude`: a match stops matching and keeps the link out of the app (U-4).
    public var exclude: Bool
    /// `comment`, which the system ignores.
    public var comment: String?
    /// This component's own `caseSensitive` and `percentEncoded`.
    public var settings: Settings
    /// Where the component starts in the file.
    public var location: SourcePosition

    /// A component from its parts.
    public init(
      path: String? = nil, query: Query? = nil, fragment: String? = nil, exclude: Bool = false,
      comment: String? = nil, settings: Settings = Settings(),
      location: SourcePosition = SourcePosition(line: 0, column: 0)
    ) {
      self.path = path
      self.query = query
      self.fragment = fragment
      self.exclude = exclude
      self.comment = comment
      self.settings = settings
      self.location = location
    }
  }

  /// The `?` key: one pattern for the whole query, or a pattern per query item name (U-3, U-9).
  public enum Query: Sendable, Hashable {
    /// A pattern matched against the whole query string.
    case pattern(String)
    /// Query item name -> value pattern, in file order.
    case items([QueryItem])
  }

  /// One `name: pattern` of a `?` dictionary.
  public struct QueryItem: Sendable, Hashable {
    /// The query item's name.
    public var name: String
    /// The pattern every instance of the item's value must match (U-9).
    public var pattern: String

    /// An item from its name and pattern.
    public init(name: String, pattern: String) {
      self.name = name
      self.pattern = pattern
    }
  }

  /// A document from its parts (the reader builds one from a file).
  public init(
    file: String, details: [Detail], defaults: Settings = Settings(),
    substitutionVariables: [String: [String]] = [:], byteCount: Int = 0
  ) {
    self.file = file
    self.details = details
    self.defaults = defaults
    self.substitutionVariables = substitutionVariables
    self.byteCount = byteCount
  }

  /// Every app the document names, in order of first appearance.
  public var appIDs: [String] {
    var seen: Set<String> = []
    return details.flatMap(\.appIDs).filter { seen.insert($0).inserted }
  }

  /// Apple's size limit for the file: 128 KB. Apple's pages do not state it; Branch reports it
  /// appeared in iOS 9.3.1 ("Apple added a size limit of 128kb to the size of the
  /// apple-app-site-association (AASA) file", http://status.branch.io/incidents/b0c19p6hpq58),
  /// U-17. Read here as 128 × 1,024 bytes.
  public static let maximumBytes = 128 * 1024
}

extension AASADocument.Component {
  /// True when every part is left out or `*`: the component matches every URL.
  var matchesEveryURL: Bool {
    let star: (String?) -> Bool = { text in text.map { !$0.isEmpty && $0.allSatisfy { $0 == "*" } } ?? true }
    switch query {
    case .items: return false
    case .pattern(let p): return star(path) && star(fragment) && star(p)
    case nil: return star(path) && star(fragment)
    }
  }
}
