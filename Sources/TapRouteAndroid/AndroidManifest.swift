import TapRouteAASA

/// What an app's `AndroidManifest.xml` says about the links it opens: its package and, for each
/// activity (and `<activity-alias>`), its intent filters.
///
/// Read it with ``read(_:file:)``; match a URL against it with ``IntentFilterMatcher``. Only
/// activities are read: a web intent (`ACTION_VIEW` with an http(s) URL) starts an activity, never
/// a service or a receiver.
public struct AndroidManifest: Sendable, Hashable {
  /// The file the manifest was read from, as diagnostics name it.
  public var file: String
  /// The `package` attribute of `<manifest>`; nil when absent (AGP 7+ takes it from the
  /// `namespace` in build.gradle, and writes it into the merged manifest).
  public var package: String?
  /// The activities and activity aliases, in source order.
  public var activities: [Activity]

  /// A manifest with these parts.
  public init(file: String, package: String? = nil, activities: [Activity] = []) {
    self.file = file
    self.package = package
    self.activities = activities
  }

  /// One `<activity>` or `<activity-alias>` and its intent filters.
  public struct Activity: Sendable, Hashable {
    /// `android:name` as written (`.MainActivity`, `com.example.MainActivity`).
    public var name: String
    /// `<activity-alias>` rather than `<activity>`.
    public var isAlias: Bool
    /// An alias's `android:targetActivity`, the activity it starts.
    public var targetActivity: String?
    /// `android:exported`, when written.
    public var exported: Bool?
    /// `android:enabled`, when written; a disabled activity matches nothing.
    public var enabled: Bool?
    /// The intent filters, in source order.
    public var intentFilters: [IntentFilter]
    /// Where the element starts.
    public var location: SourcePosition

    /// An activity with these parts.
    public init(
      name: String, isAlias: Bool = false, targetActivity: String? = nil, exported: Bool? = nil,
      enabled: Bool? = nil, intentFilters: [IntentFilter] = [],
      location: SourcePosition = SourcePosition(line: 0, column: 0)
    ) {
      self.name = name
      self.isAlias = isAlias
      self.targetActivity = targetActivity
      self.exported = exported
      self.enabled = enabled
      self.intentFilters = intentFilters
      self.location = location
    }
  }

  /// The class name `name` stands for: a name starting with `.` is relative to the package
  /// (`.Main` in `com.example` is `com.example.Main`), as Android resolves it.
  public func qualifiedName(_ name: String) -> String {
    guard name.hasPrefix("."), let package else { return name }
    return package + name
  }
}

/// What ``AndroidManifest/read(_:file:)`` found: the manifest, and the problems in it that do
/// not stop reading (a refused pattern, a bad attribute value, an element Android ignores).
public struct AndroidManifestCheck: Sendable {
  /// The manifest as far as it could be read.
  public var manifest: AndroidManifest
  /// The problems, in source order.
  public var diagnostics: [Diagnostic]

  /// True when no error or warning was found (notes do not count).
  public var isClean: Bool { !diagnostics.contains { $0.severity != .note } }
  /// True when an error was found.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
