import TapRouteAASA

/// One `<intent-filter>` of an activity: its actions, categories and `<data>` elements.
///
/// Android combines the `<data>` elements of one filter: each element adds its scheme, host
/// (with port) and path rules to the filter's lists, and the filter accepts every scheme x every
/// host x every path, whichever element each came from ("all the `<data>` elements contained
/// within the same `<intent-filter>` element contribute to the same filter",
/// developer.android.com/guide/topics/manifest/data-element; `IntentFilter.matchData` in AOSP
/// reads the lists, not the elements). So `<data android:scheme="https" android:host="a.com"/>`
/// beside `<data android:scheme="myapp" android:host="open"/>` also accepts `myapp://a.com` and
/// `https://open`. The `<data>` elements inside a ``RelativeGroup`` are the exception: they are
/// ANDed within their group (AND-12).
public struct IntentFilter: Sendable, Hashable {
  /// `android:autoVerify="true"`: Android asks the hosts' `assetlinks.json` to verify the
  /// filter's http(s) hosts (AND-6).
  public var autoVerify: Bool
  /// The `<action android:name>` values, in source order.
  public var actions: [String]
  /// The `<category android:name>` values, in source order.
  public var categories: [String]
  /// The `<data>` elements directly inside the filter, in source order.
  public var data: [DataElement]
  /// The Android 15 `<uri-relative-filter-group>` elements, in source order (AND-11).
  public var relativeGroups: [RelativeGroup]
  /// Where the `<intent-filter>` element starts.
  public var location: SourcePosition

  /// A filter with these parts.
  public init(
    autoVerify: Bool = false, actions: [String] = [], categories: [String] = [], data: [DataElement] = [],
    relativeGroups: [RelativeGroup] = [], location: SourcePosition = SourcePosition(line: 0, column: 0)
  ) {
    self.autoVerify = autoVerify
    self.actions = actions
    self.categories = categories
    self.data = data
    self.relativeGroups = relativeGroups
    self.location = location
  }

  /// `android.intent.action.VIEW`, the action of a web intent.
  public static let actionView = "android.intent.action.VIEW"
  /// `android.intent.category.BROWSABLE`: the filter may be started from a browser (AND-4).
  public static let categoryBrowsable = "android.intent.category.BROWSABLE"
  /// `android.intent.category.DEFAULT`: the filter accepts implicit intents.
  public static let categoryDefault = "android.intent.category.DEFAULT"

  /// Every scheme of every `<data>` element, in source order, without repeats.
  public var schemes: [String] { unique(data.compactMap(\.scheme)) }
  /// Every host (with its port) of every `<data>` element: Android reads a host only from an
  /// element that has a scheme in the filter, and a port only beside a host.
  public var authorities: [Authority] {
    var out: [Authority] = []
    for element in data {
      guard let host = element.host else { continue }
      let authority = Authority(host: host, port: element.port)
      if !out.contains(authority) { out.append(authority) }
    }
    return out
  }
  /// Every path rule of every `<data>` element, in source order.
  public var paths: [PathRule] { data.flatMap(\.paths) }
  /// Every `android:mimeType` written; a filter with a type never matches a plain web intent.
  public var mimeTypes: [String] { unique(data.compactMap(\.mimeType)) }

  private func unique(_ values: [String]) -> [String] {
    var seen = Set<String>()
    return values.filter { seen.insert($0).inserted }
  }

  /// A host, with Android's leading `*` wildcard, and an optional port.
  public struct Authority: Sendable, Hashable, CustomStringConvertible {
    /// The host as written (`*.example.com`).
    public var host: String
    /// The port, when written; a URL then matches only with that port written in it.
    public var port: Int?
    /// An authority with these parts.
    public init(host: String, port: Int? = nil) {
      self.host = host
      self.port = port
    }
    /// `host` or `host:port`.
    public var description: String { port.map { "\(host):\($0)" } ?? host }
    /// The host starts with `*`: it matches any host ending in the rest (`*.example.com`
    /// matches `www.example.com`, not `example.com`; AOSP `IntentFilter.AuthorityEntry`).
    public var isWildcard: Bool { host.hasPrefix("*") }
  }

  /// One `<data>` element, directly in the filter or in a relative group.
  public struct DataElement: Sendable, Hashable {
    /// `android:scheme`.
    public var scheme: String?
    /// `android:host`.
    public var host: String?
    /// `android:port`, when it is a number.
    public var port: Int?
    /// `android:mimeType`.
    public var mimeType: String?
    /// The path rules (`path`, `pathPrefix`, `pathPattern`, `pathAdvancedPattern`, `pathSuffix`).
    public var paths: [PathRule]
    /// The query rules (`query`, `queryPrefix`, ...), only read inside a relative group.
    public var queries: [PathRule]
    /// The fragment rules (`fragment`, `fragmentPrefix`, ...), only read inside a relative group.
    public var fragments: [PathRule]
    /// Where the element starts.
    public var location: SourcePosition

    /// A data element with these parts.
    public init(
      scheme: String? = nil, host: String? = nil, port: Int? = nil, mimeType: String? = nil,
      paths: [PathRule] = [], queries: [PathRule] = [], fragments: [PathRule] = [],
      location: SourcePosition = SourcePosition(line: 0, column: 0)
    ) {
      self.scheme = scheme
      self.host = host
      self.port = port
      self.mimeType = mimeType
      self.paths = paths
      self.queries = queries
      self.fragments = fragments
      self.location = location
    }
  }

  /// A `<uri-relative-filter-group>` (Android 15, API 35; ignored below, AND-11): its `<data>`
  /// rules all must match (AND-12), and the first group that matches allows or blocks the URL
  /// (AOSP `UriRelativeFilterGroup.matchGroupsToUri`).
  public struct RelativeGroup: Sendable, Hashable {
    /// `android:allow`: true (the default) allows the URLs it matches, false blocks them.
    public var allow: Bool
    /// The `<data>` elements inside, each with its path, query and fragment rules.
    public var data: [DataElement]
    /// Where the element starts.
    public var location: SourcePosition

    /// A group with these parts.
    public init(allow: Bool = true, data: [DataElement] = [], location: SourcePosition) {
      self.allow = allow
      self.data = data
      self.location = location
    }
  }
}
