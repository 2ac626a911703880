@_spi(Generated) import TapRoute

/// Turns what an `MSMessagesAppViewController` sees into observations: feed it from the
/// controller's overrides, and it reconstructs the situation of each tap (was the extension
/// running, was the message already selected, which callbacks fired, the presentation, the
/// completion of the extension's own `open(url)`).
///
/// A value type with no Messages import: the controller keeps one in a property and mutates
/// it on the main actor; being `Codable`, it can be saved in `didResignActive` (the system may
/// end the extension right after) and restored in `viewDidLoad`, and its ``observations``
/// written to a file in the app group for `taproute observe`.
///
/// Taps the extension cannot see (one on the message that is already selected, D-5; one
/// after a swipe to another app in the drawer, F-6) fire no callback at all. Call
/// ``tapping(message:url:afterDrawerSwipe:)`` before such a tap (from a debug button, or a UI
/// test) so that the tap is still recorded.
///
/// The glue, in a debug build of the extension (`id` is the message's identifier, for
/// example its session's or a query item of its URL):
/// ```swift
/// var recorder = Recorder(.init(osVersion: OSVersion(parsing: UIDevice.current.systemVersion),
///   redirect: .init(hooks: [.willBecomeActive], url: "myapp://"), source: .init(date: "2026-11-21")))
/// override func willBecomeActive(with c: MSConversation) {
///   recorder.record(.willBecomeActive, message: c.selectedMessage.map(id), url: c.selectedMessage?.url?.absoluteString,
///     presentation: presentationStyle == .expanded ? .expanded : .compact) }
/// override func didBecomeActive(with c: MSConversation) { recorder.record(.didBecomeActive, message: c.selectedMessage.map(id)) }
/// override func willSelect(_ m: MSMessage, conversation: MSConversation) { recorder.record(.willSelect, message: id(m), url: m.url?.absoluteString) }
/// override func didSelect(_ m: MSMessage, conversation: MSConversation) { recorder.record(.didSelect, message: id(m), url: m.url?.absoluteString) }
/// override func willTransition(to s: MSMessagesAppPresentationStyle) { recorder.record(.willTransition, presentation: s == .expanded ? .expanded : .compact) }
/// override func didResignActive(with c: MSConversation) { recorder.record(.didResignActive); save(recorder) }
/// // ...and the same one-liners in viewDidLoad, viewWillAppear, didTransition, willResignActive;
/// // in the redirect: extensionContext?.open(url) { ok in self.recorder.opened(success: ok) }
/// ```
/// `save` writes `JSONEncoder().encode(recorder.observations)` to a file in the app group;
/// copy it off the device and run `taproute observe` on it.
public struct Recorder: Sendable, Hashable, Codable {
  /// What the extension knows about itself and its device, copied into every situation.
  public struct Configuration: Sendable, Hashable, Codable {
    /// The platform the extension runs on.
    public var platform: Situation.Platform
    /// The OS version it runs on.
    public var osVersion: OSVersion?
    /// The app's state; `installed` and `enabledInMessages` are true for a running extension.
    public var app: Situation.App
    /// Where the extension's redirect code lives and the URL it opens.
    public var redirect: Situation.Redirect
    /// The source every observation carries (`date` at least).
    public var source: DeviceObservation.Source

    /// A configuration from its parts.
    public init(
      platform: Situation.Platform = .iOS, osVersion: OSVersion?, app: Situation.App = Situation.App(),
      redirect: Situation.Redirect = Situation.Redirect(), source: DeviceObservation.Source
    ) {
      self.platform = platform
      self.osVersion = osVersion
      self.app = app
      self.redirect = redirect
      self.source = source
    }
  }

  /// One tap being recorded.
  struct Segment: Sendable, Hashable, Codable {
    var message: String?
    var url: String?
    var extensionRunning: Bool
    var alreadySelected: Bool
    var afterDrawerSwipe = false
    var callbacks: [Situation.Callback] = []
    var presentation: Presentation?
    var completion: Bool?
    /// Marked by `tapping`: the tap may fire no callback.
    var marked = false
  }

  /// What every recorded situation starts from.
  public var configuration: Configuration
  /// The observations recorded so far, one per finished tap.
  public private(set) var observations: [DeviceObservation] = []
  /// The extension is active (between becoming active and resigning).
  public private(set) var isActive = false
  /// The identifier of the selected message, as the extension last saw it.
  public private(set) var selectedMessage: String?
  /// The presentation style, as the extension last saw it.
  public private(set) var presentation: Presentation?
  var current: Segment?

  /// A recorder with nothing recorded yet.
  public init(_ configuration: Configuration) {
    self.configuration = configuration
  }

  /// Records a lifecycle callback. `message` and `url` are the identifier and `url` of the
  /// conversation's selected message (or the message of `willSelect`/`didSelect`);
  /// `presentation` is the style in `willBecomeActive` and the target of a transition.
  public mutating func record(
    _ callback: Situation.Callback, message: String? = nil, url: String? = nil,
    presentation: Presentation? = nil
  ) {
    switch callback {
    case .viewDidLoad:
      if !isActive && !(current?.marked ?? false) { startLaunch() }
    case .willBecomeActive:
      if !(current.map { $0.marked || $0.callbacks == [.viewDidLoad] } ?? false) { startLaunch() }
      if current?.message == nil { current?.message = message }
      if current?.url == nil { current?.url = url }
      if let presentation {
        self.presentation = presentation
        current?.presentation = presentation
      }
    case .willSelect:
      // A marked tap that has fired nothing yet is this select's tap, if it names the message.
      if !(current.map { $0.marked && $0.callbacks.isEmpty && $0.message == message } ?? false) {
        finishTap()
        current = Segment(
          message: message, url: url, extensionRunning: isActive,
          alreadySelected: isActive && message != nil && selectedMessage == message)
      }
    case .didSelect:
      if current == nil {
        current = Segment(
          message: message, url: url, extensionRunning: isActive,
          alreadySelected: isActive && message != nil && selectedMessage == message)
      }
    case .willTransition, .didTransition:
      if let presentation {
        self.presentation = presentation
        current?.presentation = presentation
      }
    default: break
    }
    current?.callbacks.append(callback)
    switch callback {
    case .didBecomeActive:
      isActive = true
      selectedMessage = message ?? current?.message
    case .didSelect:
      selectedMessage = message ?? selectedMessage
    case .didResignActive:
      finishTap()
      isActive = false
      selectedMessage = nil
    default: break
    }
  }

  /// Records the completion of the extension's own `open(url)`: `success` is what the
  /// completion handler reported.
  public mutating func opened(success: Bool) {
    current?.completion = success
  }

  /// Records that the extension sent (inserted) a message: it now counts as selected (D-5).
  public mutating func sent(message: String) {
    finishTap()
    selectedMessage = message
  }

  /// Marks a tap the user is about to make, so that a tap firing no callback is recorded.
  public mutating func tapping(message: String, url: String? = nil, afterDrawerSwipe: Bool = false) {
    finishTap()
    current = Segment(
      message: message, url: url, extensionRunning: isActive,
      alreadySelected: isActive && selectedMessage == message, afterDrawerSwipe: afterDrawerSwipe,
      marked: true)
  }

  /// Ends the tap being recorded, if any (the next tap, resigning and marking end it too).
  public mutating func finishTap() {
    guard let segment = current else { return }
    current = nil
    // A launch from the app drawer has no selected message: it is no tap.
    guard let message = segment.message else { return }
    let situation = Situation(
      event: .tap, platform: configuration.platform, osVersion: configuration.osVersion,
      app: configuration.app,
      tap: Situation.Tap(
        target: .message, url: segment.url, extensionRunning: segment.extensionRunning,
        alreadySelected: segment.alreadySelected, afterDrawerSwipe: segment.afterDrawerSwipe,
        redirect: configuration.redirect))
    let silent = segment.callbacks.isEmpty
    let observed = DeviceObservation.Observed(
      outcome: segment.completion == true ? .containerLaunch : .extensionLaunch, callbacks: segment.callbacks,
      presentation: silent ? nil : segment.presentation ?? presentation, completion: segment.completion)
    observations.append(
      DeviceObservation(
        name: "tap on \(message) #\(observations.count + 1)", situation: situation, observed: observed,
        source: configuration.source, origin: "recorder"))
  }

  /// Checks every finished tap against the tables (`taproute observe`'s report).
  package func check(with engine: Engine) -> ObservationCheck.Report {
    ObservationCheck(engine: engine).check(observations)
  }

  /// The finished taps `engine`'s tables do not agree with, one readable line each
  /// (`tap on m1 #1 contradicts tap/launch-ios26: presentation: expected expanded, seen
  /// compact`); empty when they agree with every one. A tap that supports another reading of
  /// a contested rule is not a disagreement. In a test:
  /// `#expect(recorder.disagreements(with: .builtIn) == [])`.
  public func disagreements(with engine: Engine) -> [String] {
    check(with: engine).disagreements
  }

  private mutating func startLaunch() {
    finishTap()
    current = Segment(extensionRunning: false, alreadySelected: false)
  }
}
