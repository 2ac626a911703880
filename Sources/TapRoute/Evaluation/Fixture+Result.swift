extension Fixture {
  /// The check of one fixture row against an engine: what it decided and what differs.
  ///
  /// ``Engine/check(_:)`` returns it; a row passes when nothing differs.
  public struct Result: Sendable {
    /// The row checked.
    public let fixture: Fixture
    /// The decision with its trace (as ``Engine/explain(_:)`` gives it).
    public let decision: Decision
    /// What differs from the expectation, one readable line per field
    /// (`outcome: expected extensionLaunch, got storeProductPage`); empty when the row passed.
    public let mismatches: [String]
    /// True when nothing differs.
    public var passed: Bool { mismatches.isEmpty }
  }
}
