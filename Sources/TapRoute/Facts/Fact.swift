// `Fact` and `FactSnapshot` are generated from `SituationCatalog` (Generated/SituationCatalog+Generated.swift);
// what follows holds for every fact whatever the catalog declares.

extension Fact {
  /// The shape of a fact's domain.
  public enum Kind: Sendable, Hashable {
    case bool
    case enumeration([String])
    case version
  }

  /// The number of values of a finite (bool or enumeration) fact; 0 for versions.
  package var finiteCount: Int {
    switch kind {
    case .bool: 2
    case .enumeration(let values): values.count
    case .version: 0
    }
  }

  /// The display name of value `index` of a finite fact.
  package func valueName(_ index: Int) -> String {
    switch kind {
    case .bool: index == 0 ? "false" : "true"
    case .enumeration(let values): values.indices.contains(index) ? values[index] : "?"
    case .version: "?"
    }
  }
}

extension FactSnapshot {
  /// The facts of `situation` as seen by `event`; `url` is the URL that event looks at, whose
  /// scheme class and percent-encoding need are the URL facts, and from which the computed
  /// facts (`schemeOwner`, `universalLink`) are computed.
  package init(
    _ situation: Situation, event: Situation.Event, url: String?, defaultVersion: OSVersion,
    defaultSDKVersion: OSVersion? = nil
  ) {
    self.init(situation, event: event, defaultVersion: defaultVersion, defaultSDKVersion: defaultSDKVersion)
    (urlClass, urlNeedsEncoding) = URLSchemeClass.scan(url)
    // The computed facts were computed from the event's own URL; a redirect's open step
    // reads another.
    if url != Situation.url(of: situation, event: event) { computeFacts(situation, url: url) }
  }
}

// Value indices without building `allCases` arrays on the decide path (declaration order,
// the same order as `allCases`; a test holds them equal).
extension Platform {
  package var index: Int {
    switch self {
    case .iOS: 0
    case .iPadOS: 1
    case .macOS: 2
    case .watchOS: 3
    case .visionOS: 4
    case .android: 5
    }
  }
}

extension TapTarget {
  package var index: Int {
    switch self {
    case .message: 0
    case .sticker: 1
    case .attribution: 2
    case .notificationPreview: 3
    }
  }
}

extension Situation.Tap.Transport {
  package var index: Int {
    switch self {
    case .iMessage: 0
    case .sms: 1
    case .rcs: 2
    }
  }
}

extension Situation.Tap.Layout {
  package var index: Int {
    switch self {
    case .template: 0
    case .live: 1
    }
  }
}

extension Situation.Tap.PresentationContext {
  package var index: Int {
    switch self {
    case .messages: 0
    case .media: 1
    }
  }
}

extension ExtensionPoint {
  package var index: Int {
    switch self {
    case .messages: 0
    case .today: 1
    case .share: 2
    case .action: 3
    case .keyboard: 4
    case .other: 5
    case .safariWebExtension: 6
    case .shieldAction: 7
    }
  }
}

extension Situation.Open.Method {
  package var index: Int {
    switch self {
    case .extensionContext: 0
    case .applicationOpen: 1
    case .openURLSelector: 2
    case .swiftUIOpenURL: 3
    }
  }
}

extension URLSchemeClass {
  package var index: Int {
    switch self {
    case .none: 0
    case .unparseable: 1
    case .noScheme: 2
    case .emptyScheme: 3
    case .web: 4
    case .data: 5
    case .file: 6
    case .other: 7
    }
  }
}
