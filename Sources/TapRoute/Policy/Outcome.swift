/// What a tap, an `open(url)` call or another event does.
///
/// The raw values are public and stable: tools outside this repository match on them.
public enum Outcome: String, Sendable, Hashable, Codable, CaseIterable {
  /// Messages opens the App Store on its front page.
  case storeFront
  /// Messages opens the App Store on the app's product (download) page.
  case storeProductPage
  /// Messages opens its app-management page, where the user can switch the app on.
  case manageApps
  /// Messages launches the iMessage app (the extension).
  case extensionLaunch
  /// The container app opens (through the extension's `open(url)`).
  case containerLaunch
  /// Some other app opens (App Review risk).
  case otherAppLaunch
  /// A web browser loads the URL (fallback platforms).
  case browser
  /// A live message's own view in the transcript gets the tap: Messages opens nothing and
  /// calls no select callback (N-4).
  case transcriptView
  /// Nothing opens (for `open(url)`: the completion reports false).
  case nothing
  /// An app intent runs (in the app's process or an extension); the app does not come
  /// forward.
  case intentRun
  /// An App Clip opens (its card first, or the clip itself when already on the device).
  case appClipLaunch
  /// The container app runs in the background to handle the event (a notification action
  /// without the foreground option, T-4); it does not come forward.
  case backgroundLaunch
  /// What was tapped grows in place and nothing opens: a Live Activity's expanded
  /// presentation after a touch and hold, or StandBy's full-screen one (L-1).
  case expandsInPlace
  /// Apple Watch shows the Live Activity full screen with a button to open the app on the
  /// paired iPhone; nothing opens until the person taps it (L-7).
  case offersToOpenOnPhone
  /// Android opens the app, at the activity whose intent filter takes the URL: an App Link
  /// the app is verified for, a domain the user selected the app for, or a URL only the app
  /// takes (AND-1, AND-2, AND-27).
  case appLaunch
  /// Android shows the disambiguation dialog: the user picks the app that opens the URL
  /// (AND-2, AND-37).
  case disambiguationDialog
  /// No rule decides this situation; TapRoute does not guess.
  case undecided
}

extension Outcome {
  /// The outcomes a tap in Messages, or its redirect's `open(url)`, can have: what a
  /// session's transitions must cover. The others come from the other surfaces' events.
  package static var messagesCases: [Outcome] {
    allCases.filter {
      $0 != .intentRun && $0 != .appClipLaunch && $0 != .backgroundLaunch && $0 != .expandsInPlace
        && $0 != .offersToOpenOnPhone && $0 != .appLaunch && $0 != .disambiguationDialog
    }
  }
}
