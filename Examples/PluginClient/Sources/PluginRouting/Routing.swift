import TapRoute

/// The app's own routing decisions, from `Policies/` compiled to Swift at build time.
public enum Routing {
  /// Decides through the generated `PluginRoutingPolicies`: nothing is read or parsed.
  public static let engine = PluginRoutingPolicies.engine

  /// What a tap on one of the app's messages does on the recipient's device.
  public static func tap(installed: Bool, url: String?, redirect: String? = nil) -> Decision {
    engine.decide(
      Situation(
        event: .tap, app: Situation.App(installed: installed),
        tap: Situation.Tap(
          url: url,
          redirect: Situation.Redirect(hooks: redirect == nil ? [] : [.didBecomeActive], url: redirect))))
  }
}
