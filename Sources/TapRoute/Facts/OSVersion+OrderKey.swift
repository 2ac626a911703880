extension OSVersion {
  /// The version as one number whose order is the version order
  /// (`major << 34 | minor << 17 | patch`): generated code compares situations' versions
  /// against its tables' boundaries as integer literals.
  @_spi(Generated)
  public var orderKey: UInt64 {
    UInt64(truncatingIfNeeded: major) << 34 | UInt64(truncatingIfNeeded: minor) << 17
      | UInt64(truncatingIfNeeded: patch)
  }
}

extension OSVersion {
  /// The version whose ``orderKey`` is `key` (components past ``maximumComponent`` clamp).
  @_spi(Generated)
  public init(orderKey key: UInt64) {
    func component(_ bits: UInt64) -> Int { Int(truncatingIfNeeded: bits & 0x1_FFFF) }
    self.init(clamping: component(key >> 34), component(key >> 17), component(key))
  }

  /// The version whose ``orderKey`` is `key`, taken as it is: for generated code's constants,
  /// the order keys of versions its tables were checked to hold. Inlined, it is a constant
  /// where ``init(orderKey:)`` is a call (the decide path reads the newest versions twice).
  @_spi(Generated) @inlinable
  public init(uncheckedOrderKey key: UInt64) {
    self.init(packed: key)
  }
}
