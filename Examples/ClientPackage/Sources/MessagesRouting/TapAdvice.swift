import TapRoute

/// What an app's own code asks TapRoute: will a tap on our message reach the container app?
public enum TapAdvice {
  /// The redirect URL our Messages extension opens.
  public static let redirectURL = "myapp://open"

  /// The situation of a recipient tapping our message, with our extension's redirect code.
  public static func situation(installed: Bool, extensionRunning: Bool, osVersion: OSVersion) -> Situation {
    Situation(
      event: .tap, osVersion: osVersion, app: .init(installed: installed),
      tap: .init(
        url: "myapp://game/42", extensionRunning: extensionRunning,
        redirect: .init(hooks: [.willBecomeActive, .didSelect], url: redirectURL)))
  }

  /// True when the tap ends in our container app.
  public static func opensContainer(_ situation: Situation) -> Bool {
    Engine.builtIn.decide(situation).outcome == .containerLaunch
  }
}
