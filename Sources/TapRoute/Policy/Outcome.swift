/// What a tap or an `open(url)` call does.
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
  /// No rule decides this situation; TapRoute does not guess.
  case undecided
}
