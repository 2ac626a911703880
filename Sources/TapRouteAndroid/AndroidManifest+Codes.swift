import TapRouteAASA

// The AndroidManifest.xml reader and the intent-filter matcher take TR820-TR839 (the
// assetlinks.json reader takes TR800-TR819).
extension DiagnosticCode {
  /// The manifest is not well-formed XML (XMLParser's error, at its line and column).
  public static let manifestXMLSyntax = DiagnosticCode(rawValue: "TR820")
  /// A manifest placeholder (`${host}`) left unexpanded: the file is the source manifest, not
  /// the merged one.
  public static let manifestPlaceholder = DiagnosticCode(rawValue: "TR821")
  /// The file is Android's binary XML (the manifest inside an APK), not text.
  public static let manifestBinary = DiagnosticCode(rawValue: "TR822")
  /// The root element is not `<manifest>`: the file is not an AndroidManifest.xml.
  public static let manifestNotManifest = DiagnosticCode(rawValue: "TR823")
  /// The file is over the reader's size limit.
  public static let manifestTooLarge = DiagnosticCode(rawValue: "TR824")
  /// The `android:` prefix is bound to another namespace URI, or not bound at all.
  public static let manifestNamespace = DiagnosticCode(rawValue: "TR825")
  /// A path, query or fragment pattern Android refuses, or one TapRoute does not read.
  public static let manifestBadPattern = DiagnosticCode(rawValue: "TR826")
  /// An attribute value Android would not read (`autoVerify="yes"`, a port that is no number),
  /// or a required attribute missing (`<activity>` without `android:name`).
  public static let manifestBadValue = DiagnosticCode(rawValue: "TR827")
  /// An intent filter that mixes a custom scheme with verified http(s) hosts (AND-6, AND-46).
  public static let manifestMixedSchemes = DiagnosticCode(rawValue: "TR828")
  /// An `autoVerify` filter not of the exact shape Android 12+ verifies (AND-4, AND-7, AND-8).
  public static let manifestNotVerifiable = DiagnosticCode(rawValue: "TR829")
  /// A URL given to match against the intent filters that is not an absolute http(s) URL.
  public static let manifestBadURL = DiagnosticCode(rawValue: "TR830")
  /// An element or attribute in a place Android ignores it (`android:host` inside a
  /// `<uri-relative-filter-group>`, an intent filter outside an activity).
  public static let manifestIgnored = DiagnosticCode(rawValue: "TR831")
}
