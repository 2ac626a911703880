@_spi(Generated) import TapRoute

/// What was seen on one device for one tap or one `open(url)`: the situation, what happened,
/// and where the report comes from.
///
/// The JSON form (`Policies/observations/`, `taproute observe`):
/// ```
/// { "situation": { ...a situation... },
///   "observed": { "outcome": "extensionLaunch", "callbacks": ["viewDidLoad", ...],
///                 "notCalled": ["didSelect"], "presentation": "expanded", "completion": true,
///                 "appCallbacks": ["scene(_:willConnectTo:options:)"], "delivers": "url",
///                 "activityType": "...", "urlLocation": "connectionOptions.urlContexts" },
///   "source": { "date": "2026-11-20", "device": "iPhone15,2", "osBuild": "22A3354",
///               "sdk": "26.0", "reporter": "...", "link": "https://..." } }
/// ```
/// Only `observed.outcome` and `source.date` are required. `name`, `note` and `evidence`
/// (registered evidence ids that already record this observation) are optional.
public struct DeviceObservation: Sendable, Hashable {
  /// A short name for reports; the file and position when absent.
  public var name: String?
  /// The situation on the device.
  public var situation: Situation
  /// What happened.
  public var observed: Observed
  /// Where the report comes from.
  public var source: Source
  /// Evidence ids of `evidence.json` that already record this observation.
  public var evidence: [String]
  /// A reader's note (not checked).
  public var note: String?
  /// Where the observation was read from (`Policies/observations/d-4.json:3:5`), for reports.
  public var origin: String

  /// An observation from its parts.
  public init(
    name: String? = nil, situation: Situation, observed: Observed, source: Source, evidence: [String] = [],
    note: String? = nil, origin: String = "observation"
  ) {
    self.name = name
    self.situation = situation
    self.observed = observed
    self.source = source
    self.evidence = evidence
    self.note = note
    self.origin = origin
  }

  /// What happened on the device.
  public struct Observed: Sendable, Hashable {
    /// What the tap or `open(url)` did.
    public var outcome: Outcome
    /// Every lifecycle callback seen, in order; nil when not recorded.
    public var callbacks: [Situation.Callback]?
    /// Callbacks seen *not* to fire, for reports that say only that ("didSelect was not called").
    public var notCalled: [Situation.Callback]
    /// How the extension was presented afterwards.
    public var presentation: Presentation?
    /// What the completion handler of the extension's own `open(url)` reported.
    public var completion: Bool?
    /// The container app's own callbacks seen, in order (``AppRecorder``); nil when not recorded.
    public var appCallbacks: [AppCallback]?
    /// What those callbacks received; nil when not recorded.
    public var delivers: AppDelivery.Delivered?
    /// The `activityType` of the `NSUserActivity` they received.
    public var activityType: String?
    /// Where the URL sat in what they received (`connectionOptions.urlContexts`).
    public var urlLocation: String?

    /// What happened, from its parts.
    public init(
      outcome: Outcome, callbacks: [Situation.Callback]? = nil, notCalled: [Situation.Callback] = [],
      presentation: Presentation? = nil, completion: Bool? = nil, appCallbacks: [AppCallback]? = nil,
      delivers: AppDelivery.Delivered? = nil, activityType: String? = nil, urlLocation: String? = nil
    ) {
      self.outcome = outcome
      self.callbacks = callbacks
      self.notCalled = notCalled
      self.presentation = presentation
      self.completion = completion
      self.appCallbacks = appCallbacks
      self.delivers = delivers
      self.activityType = activityType
      self.urlLocation = urlLocation
    }
  }

  /// Where the report comes from.
  public struct Source: Sendable, Hashable, Codable {
    /// `YYYY-MM-DD`; `YYYY-MM` or `YYYY` when the source gives no day (ISO 8601 reduced precision).
    public var date: String
    /// The device model (`iPhone15,2`).
    public var device: String?
    /// The OS build (`22A3354`).
    public var osBuild: String?
    /// The SDK the app was built with.
    public var sdk: String?
    /// Who reported it.
    public var reporter: String?
    /// Where a reader can check the report.
    public var link: String?
    /// Any other field, as written (numbers and booleans as their JSON text).
    public var more: [String: String]

    /// A source from its fields.
    public init(
      date: String, device: String? = nil, osBuild: String? = nil, sdk: String? = nil,
      reporter: String? = nil,
      link: String? = nil, more: [String: String] = [:]
    ) {
      self.date = date
      self.device = device
      self.osBuild = osBuild
      self.sdk = sdk
      self.reporter = reporter
      self.link = link
      self.more = more
    }
  }

  /// The name shown in reports.
  public var displayName: String { name ?? origin }
}
