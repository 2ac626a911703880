import TapRouteAASA

/// The codes of Digital Asset Links files (`assetlinks.json`, `taproute assetlinks`): TR801-TR810.
///
/// Declared here beside the reader that reports them; the codes of the other modules are in
/// TapRouteAASA's `Diagnostic.swift` and TapRoute's `DiagnosticCode+TapRoute.swift`.
extension DiagnosticCode {
  /// An assetlinks.json value of the wrong JSON type (the root not an array of statements).
  public static let assetLinksWrongType = DiagnosticCode(rawValue: "TR801")
  /// A key the Digital Asset Links format does not define (a device ignores it).
  public static let assetLinksUnknownKey = DiagnosticCode(rawValue: "TR802")
  /// A required key is missing (`relation`, `target`, `package_name`, the fingerprints).
  public static let assetLinksMissingField = DiagnosticCode(rawValue: "TR803")
  /// A relation other than `delegate_permission/common.handle_all_urls`, or none.
  public static let assetLinksRelation = DiagnosticCode(rawValue: "TR804")
  /// A target namespace other than `android_app` and `web`.
  public static let assetLinksNamespace = DiagnosticCode(rawValue: "TR805")
  /// A SHA-256 certificate fingerprint not of the form of 32 colon-separated upper-case hex pairs.
  public static let assetLinksFingerprint = DiagnosticCode(rawValue: "TR806")
  /// The same fingerprint listed twice for one app.
  public static let assetLinksDuplicate = DiagnosticCode(rawValue: "TR807")
  /// `relative_extended_url_patterns`: a key no Google document defines, in place of
  /// `dynamic_app_link_components` (AND-19).
  public static let assetLinksUndocumentedKey = DiagnosticCode(rawValue: "TR808")
  /// A dynamic App Link component that is malformed or can never decide (a `?` that is not an
  /// object of strings, a component after one that matches every URL).
  public static let assetLinksBadComponent = DiagnosticCode(rawValue: "TR809")
  /// A URL given to match that is not an absolute http or https URL.
  public static let assetLinksBadURL = DiagnosticCode(rawValue: "TR810")
}
