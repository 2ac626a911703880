import TapRouteAASA

// `taproute audit --manifest` takes TR840-TR859: the findings of an Android app's manifest
// checked against its hosts' assetlinks.json files and its signing fingerprints (AndroidAudit).
extension DiagnosticCode {
  /// An `autoVerify` filter whose `<data>` mixes a custom scheme with the verified http(s) hosts
  /// (AND-6, AND-46).
  public static let auditMixedSchemes = DiagnosticCode(rawValue: "TR840")
  /// An `autoVerify` filter with http(s) data but without ACTION_VIEW, BROWSABLE or DEFAULT
  /// (AND-4, AND-8, AND-29).
  public static let auditFilterShape = DiagnosticCode(rawValue: "TR841")
  /// A verified host declared with the http scheme and not https (AND-8, AND-31).
  public static let auditHTTPOnly = DiagnosticCode(rawValue: "TR842")
  /// A wildcard host (`*.example.com`) without an assetlinks.json at its root host (AND-10).
  public static let auditWildcardWithoutRoot = DiagnosticCode(rawValue: "TR843")
  /// A verified host with no assetlinks.json given or fetched (AND-8).
  public static let auditNoFile = DiagnosticCode(rawValue: "TR844")
  /// A host's file grants `handle_all_urls` to no statement for the package (AND-15).
  public static let auditNotDelegated = DiagnosticCode(rawValue: "TR845")
  /// The package's statements do not list the app-signing fingerprint (AND-3, AND-14, AND-44).
  public static let auditFingerprintMissing = DiagnosticCode(rawValue: "TR846")
  /// A fingerprint of the package's statement written in lower case (AND-31).
  public static let auditLowerCaseFingerprint = DiagnosticCode(rawValue: "TR847")
  /// The package's statements list the upload key's fingerprint, not the app-signing key's:
  /// Play App Signing (AND-14, AND-32).
  public static let auditUploadKeyOnly = DiagnosticCode(rawValue: "TR848")
  /// A host fails, and Android 11 and lower verify all hosts or none (AND-9).
  public static let auditAllOrNothing = DiagnosticCode(rawValue: "TR849")
  /// A dynamic rule that allows URLs outside the manifest's scope for the host (AND-17).
  public static let auditDynamicScope = DiagnosticCode(rawValue: "TR850")
}
