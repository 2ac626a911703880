// The value types of the `delivery` table's facts, `Situation.App.Lifecycle` (`app.lifecycle`)
// and `Situation.Handoff` (`delivery.handoff`, which a rule's `then` names as well), are
// generated from the catalog; here and in Facts/AppDelivery.swift, their indices.

extension Situation.App.Lifecycle {
  /// The value index (declaration order, as `allCases`).
  package var index: Int {
    switch self {
    case .appDelegate: 0
    case .scenes: 1
    case .swiftUI: 2
    }
  }
}

// Shorthand inside the module, as for the other value types the generated catalog names.
package typealias Handoff = Situation.Handoff
