/// How one step of a session changes the state, as written in `Policies/transitions.json`.
///
/// Transitions are tried in order; the first whose `on` matches the step (and, for a tap,
/// the decided outcome) applies its `set`.
public struct Transition: Sendable, Hashable {
  public var id: String
  public var step: SessionStep.Kind
  /// For taps: the outcomes this transition applies to (nil: any).
  public var outcomes: [Outcome]?
  public var changes: Changes
  public var evidence: [String]
  public var confidence: Confidence
  public var note: String?
  public var location: SourcePosition

  /// The state fields a transition sets; nil leaves a field as it was.
  public struct Changes: Sendable, Hashable {
    public var installed: Bool?
    public var extensionRunning: Bool?
    public var selected: Selection?
    public var afterDrawerSwipe: Bool?
    public var foreground: SessionState.Foreground?

    /// What `selected` becomes.
    public enum Selection: Sendable, Hashable {
      /// The message the step tapped.
      case tapped
      /// The message the step sent.
      case sent
      /// No message.
      case none
    }

    func apply(to state: inout SessionState, message: String?) {
      if let installed { state.installed = installed }
      if let extensionRunning { state.extensionRunning = extensionRunning }
      if let afterDrawerSwipe { state.afterDrawerSwipe = afterDrawerSwipe }
      if let foreground { state.foreground = foreground }
      switch selected {
      case .tapped?, .sent?: state.selected = message
      case .none?: state.selected = nil
      case nil: break
      }
    }
  }

  func matches(_ kind: SessionStep.Kind, outcome: Outcome?) -> Bool {
    guard kind == step else { return false }
    guard let outcomes else { return true }
    return outcome.map(outcomes.contains) ?? false
  }
}

/// The state a session carries from step to step.
public struct SessionState: Sendable, Hashable, Codable {
  /// Where the user is.
  public enum Foreground: String, Sendable, Hashable, Codable, CaseIterable {
    /// In the conversation in Messages.
    case messages
    /// In the App Store or the app-management page inside Messages.
    case store
    /// In another app: the container app, another app, or a browser.
    case otherApp
  }

  public var installed: Bool
  public var extensionRunning: Bool
  /// The selected message's id, if any.
  public var selected: String?
  public var afterDrawerSwipe: Bool
  public var foreground: Foreground

  public init(
    installed: Bool = true, extensionRunning: Bool = false, selected: String? = nil,
    afterDrawerSwipe: Bool = false,
    foreground: Foreground = .messages
  ) {
    self.installed = installed
    self.extensionRunning = extensionRunning
    self.selected = selected
    self.afterDrawerSwipe = afterDrawerSwipe
    self.foreground = foreground
  }

  /// `installed, extension running, m1 selected, in Messages`.
  public var summary: String {
    [
      installed ? "installed" : "not installed",
      extensionRunning ? "extension running" : "extension not running",
      selected.map { "\($0) selected" } ?? "nothing selected",
      afterDrawerSwipe ? "after a drawer swipe" : nil,
      "in "
        + (foreground == .messages ? "Messages" : foreground == .store ? "the store page" : "another app"),
    ].compactMap { $0 }.joined(separator: ", ")
  }
}

/// One step of a session.
public struct SessionStep: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
    case tap, returnToMessages, send, swipeToOtherApp, dismissExtension, deleteApp, installApp

    /// Steps that name a message.
    var takesMessage: Bool { self == .tap || self == .send }
  }

  public var kind: Kind
  public var message: String?
  /// The outcome the session expects of a tap.
  public var expect: Outcome?
  public var location: SourcePosition
}
