import TapRouteAASA

extension AASAMatcher {
  /// The newest OS version the built-in tables know: what `taproute aasa` names when no
  /// `--os` is given. It matches as ``everyFeature`` does.
  public static var newest: OSVersion { Engine.builtIn.newestOSVersion }
}
