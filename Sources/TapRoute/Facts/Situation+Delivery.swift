// The value types of the `delivery` table's facts: `app.lifecycle` here; `delivery.handoff`
// is `Situation.Handoff` (Facts/AppDelivery.swift), which a rule's `then` names as well.

extension Situation.App {
  /// The life cycle the container app uses, which decides which of its callbacks receive what
  /// it is handed (U-42 to U-47).
  public enum Lifecycle: String, Sendable, Hashable, Codable, CaseIterable {
    /// A `UIApplicationDelegate` without scenes: `application(_:open:options:)`,
    /// `application(_:continue:restorationHandler:)` (deprecated in iOS 26, U-42). An app built
    /// with the SDK after iOS 26 does not launch this way (U-75).
    case appDelegate
    /// A UIKit scene delegate (iOS 13 and later): `scene(_:willConnectTo:options:)` with its
    /// `connectionOptions` on a cold launch, `scene(_:openURLContexts:)` and
    /// `scene(_:continue:)` when running (U-44, U-45).
    case scenes
    /// The SwiftUI `App` life cycle (iOS 14 and later): `onOpenURL`, `onContinueUserActivity`
    /// (U-46, W-5).
    case swiftUI
  }
}

extension Situation.App.Lifecycle {
  /// The value index (declaration order, as `allCases`).
  var index: Int {
    switch self {
    case .appDelegate: 0
    case .scenes: 1
    case .swiftUI: 2
    }
  }
}

// Shorthand inside the module, as for the other value types the generated catalog names.
typealias Handoff = Situation.Handoff
