import TapRouteAASA

extension Situation.Event {
  /// True for the events that read the `android` part (the catalog's `alsoReads`: the link
  /// event): the only ones a situation on Android may have. The other events' tables speak
  /// of Apple's platforms; the reader refuses them on Android and verification leaves Android
  /// out of their fact space.
  public var readsAndroid: Bool { alsoReads.contains("android") }

  /// The platforms a situation of this event may name, in catalog order: Apple's, and
  /// Android for an event that reads it. A table's `platform` fact lists exactly these.
  public var platforms: [Situation.Platform] {
    readsAndroid ? Situation.Platform.allCases : Situation.Platform.allCases.filter { $0 != .android }
  }
}

extension JSONReader {
  /// A domain state as `pm get-app-links` prints it: one of its words, or a verifier's failure
  /// code, a number from ``Situation/Android/DomainState/numbersFrom`` (`"1026"`, AND-25), read
  /// as ``Situation/Android/DomainState/verifierCode``. The generated reader calls this for
  /// `android.domainState`, as the more specific `choice`.
  package mutating func choice(
    _ value: JSONValue, path: String, what: String, choices: [(String, Situation.Android.DomainState)]
  ) -> Situation.Android.DomainState? {
    typealias State = Situation.Android.DomainState
    if let s = value.stringValue, (1...18).contains(s.utf8.count),
      s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
    {
      // Up to 18 digits fit in Int64 (and a 32-bit Int's overflow reads as a large code).
      if s.utf8.count >= 4, s.utf8.first != 0x30, let n = Int64(s), n >= Int64(State.numbersFrom) {
        return State.numberCase
      }
      // A number pm would not print as a verifier's code: say where the codes start.
      error(
        .situationUnknownValue,
        "unknown \(what) \"\(s)\": a verifier's failure code is a number from \(State.numbersFrom) without "
          + "leading zeros (STATE_FIRST_VERIFIER_DEFINED, AND-25); otherwise one of "
          + choices.map(\.0).joined(separator: ", "),
        path: path, at: value.location)
      return nil
    }
    return anyChoice(value, path: path, what: what, choices: choices)
  }

  /// The generic `choice`, called from a generic context so that the overload above does not
  /// call itself.
  private mutating func anyChoice<T>(_ value: JSONValue, path: String, what: String, choices: [(String, T)])
    -> T?
  {
    choice(value, path: path, what: what, choices: choices)
  }
}

// The indices of the Android part's value types (their order in the catalog), which the
// decide path reads. The fields are declared once in Sources/CatalogGenerator/SituationCatalog.swift.

extension Situation.Android.Filter {
  package var index: Int {
    switch self {
    case .autoVerify: 0
    case .browsable: 1
    case .notBrowsable: 2
    case .none: 3
    }
  }
}

extension Situation.Android.DomainState {
  package var index: Int {
    switch self {
    case .verified: 0
    case .approved: 1
    case .denied: 2
    case .migrated: 3
    case .restored: 4
    case .legacyFailure: 5
    case .systemConfigured: 6
    case .none: 7
    case .verifierCode: 8
    }
  }

  /// True for the states Android counts as verified (`isStateVerified`, AND-24).
  public var countsAsVerified: Bool {
    switch self {
    case .verified, .approved, .migrated, .restored, .systemConfigured: true
    case .denied, .legacyFailure, .none, .verifierCode: false
    }
  }
}

extension Situation.Android.OtherApp {
  package var index: Int {
    switch self {
    case .none: 0
    case .canHandle: 1
    case .isDefault: 2
    }
  }
}

extension Situation.Android.DynamicRule {
  package var index: Int {
    switch self {
    case .none: 0
    case .allow: 1
    case .exclude: 2
    }
  }
}
