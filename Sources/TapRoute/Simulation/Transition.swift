/// How one step of a session changes the state, as written in `Policies/transitions.json`.
///
/// Transitions are tried in order; the first whose `on` matches the step (and, for a tap,
/// the decided outcome) applies its `set`.
package struct Transition: Sendable, Hashable {
  package var id: String
  package var step: SessionStep.Kind
  /// For taps: the outcomes this transition applies to (nil: any).
  package var outcomes: [Outcome]?
  package var changes: Changes
  package var evidence: [String]
  package var confidence: Confidence
  package var note: String?
  package var location: SourcePosition

  /// The state fields a transition sets; nil leaves a field as it was.
  package struct Changes: Sendable, Hashable {
    package var installed: Bool?
    package var extensionRunning: Bool?
    package var selected: Selection?
    package var afterDrawerSwipe: Bool?
    package var foreground: SessionState.Foreground?

    /// What `selected` becomes.
    package enum Selection: Sendable, Hashable {
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
package struct SessionState: Sendable, Hashable, Codable {
  /// Where the user is.
  package enum Foreground: String, Sendable, Hashable, Codable, CaseIterable {
    /// In the conversation in Messages.
    case messages
    /// In the App Store or the app-management page inside Messages.
    case store
    /// In another app: the container app, another app, or a browser.
    case otherApp
  }

  package var installed: Bool
  package var extensionRunning: Bool
  /// The selected message's id, if any.
  package var selected: String?
  package var afterDrawerSwipe: Bool
  package var foreground: Foreground

  package init(
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
  package var summary: String {
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
package struct SessionStep: Sendable, Hashable {
  package enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
    case tap, returnToMessages, send, swipeToOtherApp, dismissExtension, deleteApp, installApp

    /// Steps that name a message.
    var takesMessage: Bool { self == .tap || self == .send }
  }

  package var kind: Kind
  package var message: String?
  /// The outcome the session expects of a tap.
  package var expect: Outcome?
  package var location: SourcePosition
}
