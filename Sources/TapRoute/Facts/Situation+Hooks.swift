// `Situation.Redirect.Hook` is generated from the catalog; here, the callback each hook is
// and the set of hooks a redirect holds.

extension Situation.Redirect.Hook {
  /// The lifecycle callback this hook is.
  public var callback: Situation.Callback {
    switch self {
    case .willBecomeActive: .willBecomeActive
    case .didBecomeActive: .didBecomeActive
    case .willSelect: .willSelect
    case .didSelect: .didSelect
    case .didReceive: .didReceive
    }
  }
}

extension Situation.Redirect {
  /// The hooks that hold redirect code: a set of ``Hook``, iterated as callbacks in the
  /// hooks' declaration order (willBecomeActive, didBecomeActive, willSelect, didSelect,
  /// didReceive).
  ///
  /// A set, because the order of the hooks in the source does not change which one runs
  /// first (the callbacks' firing order does) and a hook listed twice is a mistake the strict
  /// reader refuses; write it as an array literal: `[.willBecomeActive, .didSelect]`.
  public struct Hooks: Sequence, Sendable, Hashable, ExpressibleByArrayLiteral {
    /// Bit `i` set when `Hook.allCases[i]` is in the set.
    @usableFromInline
    package var bits: UInt8 = 0

    /// No hooks: the extension has no redirect code.
    public init() {}

    /// The hooks of a sequence; one listed twice is kept once.
    public init(_ hooks: some Sequence<Hook>) {
      for hook in hooks { insert(hook) }
    }

    /// The hooks of an array literal: `[.willBecomeActive, .didSelect]`.
    public init(arrayLiteral hooks: Hook...) {
      self.init(hooks)
    }

    /// True when no hook holds redirect code.
    public var isEmpty: Bool { bits == 0 }

    /// The set as bits, bit `i` for `Hook.allCases[i]` (the compiled decide path reads it
    /// instead of iterating, which allocates).
    @inlinable
    package var mask: UInt8 { bits }

    /// The hooks of a ``mask``.
    package init(mask: UInt8) { bits = mask & 0x1F }

    /// True when `callback` is one of the hooks.
    package func contains(callback: Situation.Callback) -> Bool {
      switch callback {
      case .willBecomeActive: bits & 1 != 0
      case .didBecomeActive: bits & 2 != 0
      case .willSelect: bits & 4 != 0
      case .didSelect: bits & 8 != 0
      case .didReceive: bits & 16 != 0
      default: false
      }
    }

    /// The redirect hooks among `callbacks`, in their order, 4 bits each (the hook's index
    /// in ``Hook/allCases`` + 1, first lowest; at most 16).
    package static func packed(_ callbacks: [Situation.Callback]) -> UInt64 {
      var packed: UInt64 = 0
      var shift: UInt64 = 0
      for callback in callbacks {
        guard shift < 64, let index = Hook.allCases.firstIndex(where: { $0.callback == callback }) else {
          continue
        }
        packed |= UInt64(index + 1) << shift
        shift += 4
      }
      return packed
    }

    /// The first of `candidates` (redirect hooks in firing order, as ``packed(_:)`` packs
    /// them) among the hooks of `mask` (``mask``): the index in ``Hook/allCases`` of the hook
    /// whose redirect code runs, -1 for none. What the decide path reads of a rule's
    /// callbacks; ``first(in:)`` asks it of any callbacks.
    @inlinable
    static func first(of candidates: UInt64, in mask: UInt8) -> Int {
      guard mask != 0 else { return -1 }
      var candidates = candidates
      while candidates != 0 {
        let index = Int(truncatingIfNeeded: candidates & 0xF) - 1
        if index >= 0, index < 8, mask & (1 << UInt8(index)) != 0 { return index }
        candidates >>= 4
      }
      return -1
    }

    /// The first of `callbacks` (in firing order) that holds redirect code: the callback
    /// whose `open(url)` runs, as the decide path picks it; nil for none.
    func first(in callbacks: [Situation.Callback]) -> Situation.Callback? {
      let index = Self.first(of: Self.packed(callbacks), in: bits)
      return Hook.allCases.indices.contains(index) ? Hook.allCases[index].callback : nil
    }

    /// The hooks in declaration order.
    public var hooks: [Hook] { Hook.allCases.filter { bits & Self.bit($0) != 0 } }

    /// Adds a hook; false when it was already there.
    @discardableResult
    public mutating func insert(_ hook: Hook) -> Bool {
      defer { bits |= Self.bit(hook) }
      return bits & Self.bit(hook) == 0
    }

    /// Removes a hook, if present.
    public mutating func remove(_ hook: Hook) {
      bits &= ~Self.bit(hook)
    }

    /// Iterates the hooks as callbacks, in the hooks' declaration order.
    public func makeIterator() -> IndexingIterator<[Situation.Callback]> {
      hooks.map(\.callback).makeIterator()
    }

    private static func bit(_ hook: Hook) -> UInt8 {
      switch hook {
      case .willBecomeActive: 1
      case .didBecomeActive: 2
      case .willSelect: 4
      case .didSelect: 8
      case .didReceive: 16
      }
    }
  }
}
