import TapRouteAASA

/// A Digital Asset Links file, `https://DOMAIN/.well-known/assetlinks.json`, as read.
///
/// The file is a JSON array of statements (AND-15, AND-31); each grants `relation`s to a
/// `target`: an Android app (`android_app`, its package name and the SHA-256 fingerprints of
/// its signing certificates, AND-14) or a web site (`web`). On Android 15 and later with Google
/// services, a `delegate_permission/common.handle_all_urls` statement may carry dynamic rules,
/// `relation_extensions` -> `delegate_permission/common.handle_all_urls` ->
/// `dynamic_app_link_components` (AND-16, AND-18), that narrow which URLs the app opens.
public struct AssetLinksDocument: Sendable, Hashable {
  /// The file's name as given (a path, `stdin`).
  public var file: String
  /// The statements, in file order; a statement that is not an object is left out.
  public var statements: [Statement]
  /// The file's size in bytes (0 when not read from bytes).
  public var byteCount: Int

  /// The relation that makes a domain's links App Links for an app (AND-15).
  public static let handleAllURLs = "delegate_permission/common.handle_all_urls"
  /// The relation that shares sign-in credentials: a known relation, but not about links.
  public static let getLoginCreds = "delegate_permission/common.get_login_creds"

  /// One statement: relations granted to one target.
  public struct Statement: Sendable, Hashable {
    /// The statement's index in the file's array (`$[index]`).
    public var index: Int
    /// The relations, as written.
    public var relations: [String]
    /// Who the relations are granted to; nil when `target` is missing or unreadable.
    public var target: Target?
    /// The dynamic App Link components (AND-18), in file order; nil when the statement has none.
    public var components: [Component]?
    /// Where the statement starts.
    public var location: SourcePosition

    /// True when the statement delegates App Links to its target.
    public var handlesAllURLs: Bool { relations.contains(AssetLinksDocument.handleAllURLs) }
  }

  /// A statement's target.
  public enum Target: Sendable, Hashable {
    /// `"namespace": "android_app"`: an app by package name and certificate fingerprints, each
    /// normalized to upper case (the file's spelling is checked by the reader).
    case androidApp(packageName: String, fingerprints: [String])
    /// `"namespace": "web"`: a site, such as `https://example.com`.
    case web(site: String)
    /// Any other namespace: read by no App Links verifier.
    case other(namespace: String)
  }

  /// One dynamic App Link component (AND-18): the patterns a URL's parts must match, and
  /// whether a match keeps the URL out of the app.
  public struct Component: Sendable, Hashable {
    /// The path pattern (`/`); nil: any path.
    public var path: String?
    /// The query items (`?`): each name must be present with a value the pattern matches; nil:
    /// any query.
    public var query: [QueryItem]?
    /// The fragment pattern (`#`); nil: any fragment.
    public var fragment: String?
    /// `exclude`: a URL this component matches does not open the app.
    public var exclude: Bool
    /// `comment`: text the device ignores.
    public var comment: String?
    /// Where the component starts.
    public var location: SourcePosition

    /// True when the component matches every URL (no pattern other than `*`).
    public var matchesEveryURL: Bool {
      (path ?? "*") == "*" && (query ?? []).isEmpty && (fragment ?? "*") == "*"
    }
  }

  /// One `?` item of a component: a query parameter's name and the pattern of its value.
  public struct QueryItem: Sendable, Hashable {
    /// The parameter's name, matched exactly.
    public var name: String
    /// The pattern its value must match.
    public var pattern: String
  }

  /// A document from its parts.
  public init(file: String, statements: [Statement], byteCount: Int = 0) {
    self.file = file
    self.statements = statements
    self.byteCount = byteCount
  }

  /// The Android apps the file delegates App Links to (`handle_all_urls`), by package name,
  /// in file order, each once.
  public var delegatedPackages: [String] {
    var seen: Set<String> = []
    return statements.compactMap { statement in
      guard statement.handlesAllURLs, case .androidApp(let name, _)? = statement.target else { return nil }
      return seen.insert(name).inserted ? name : nil
    }
  }
}
