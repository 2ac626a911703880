@_spi(Generated) import TapRoute
import TapRouteAASA

/// How one step of a session changes the state, as written in `Policies/transitions.json`.
///
/// Transitions are tried in order; the first whose `on` matches the step (and, for a tap,
/// the decided outcome) applies its `set`.
///
/// A message that arrives (`receive`) takes two: first the arrival transition, which has no
/// `outcome` and matches the drawer's binding and the message's session; it names the
/// `callbacks` the arrival fires and changes the state. Then, when redirect code in one of
/// those callbacks called `open(url)`, the transition for that open's outcome (nothing when
/// no redirect ran) changes the state again.
package struct Transition: Sendable, Hashable {
  package var id: String
  package var step: SessionStep.Kind
  /// For taps and arrivals: the outcomes this transition applies to (nil: any tap; for an
  /// arrival, nil marks the arrival transition itself).
  package var outcomes: [Outcome]?
  /// For arrivals: whether the drawer must be bound to a tapped bubble (nil: either).
  package var bound: Bool?
  /// For arrivals: the arriving message's session (nil: either).
  package var session: SessionStep.MessageSession?
  /// For an arrival transition: the callbacks the arrival fires, in order.
  package var callbacks: [Situation.Callback]?
  package var changes: Changes
  package var evidence: [String]
  package var confidence: Confidence
  package var note: String?
  package var location: SourcePosition

  /// The state fields a transition sets; a field it leaves out stays as it was.
  package struct Changes: Sendable, Hashable {
    /// The Boolean fields it sets, by their keys in ``SessionState/flags``.
    package var flags: [String: Bool] = [:]
    package var selected: Selection?
    package var foreground: SessionState.Foreground?

    /// What `selected` becomes.
    package enum Selection: Sendable, Hashable {
      /// The message the step tapped.
      case tapped
      /// The message the step sent.
      case sent
      /// The message that arrived.
      case received
      /// No message.
      case none
    }

    func apply(to state: inout SessionState, message: String?) {
      for (key, field, _) in SessionState.flags {
        if let value = flags[key] { state[keyPath: field] = value }
      }
      if let foreground { state.foreground = foreground }
      switch selected {
      case .tapped?, .sent?, .received?: state.selected = message
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

  /// Whether this is the arrival transition for a message in `session` reaching a drawer
  /// that is (or is not) `bound` to a tapped bubble.
  func matchesArrival(bound isBound: Bool, session arriving: SessionStep.MessageSession) -> Bool {
    step == .receive && outcomes == nil && (bound ?? isBound) == isBound && (session ?? arriving) == arriving
  }

  /// Whether this transition follows an arrival whose redirect ended in `outcome`.
  func matchesArrivalOutcome(
    _ outcome: Outcome, bound isBound: Bool, session arriving: SessionStep.MessageSession
  ) -> Bool {
    step == .receive && outcomes?.contains(outcome) == true && (bound ?? isBound) == isBound
      && (session ?? arriving) == arriving
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
    /// On the Home Screen, every app in the background.
    case home
  }

  /// The state's Boolean fields with the keys a session's `start` and a transition's `set`
  /// write them by: the one list the readers, `apply` and the rendered tables go through. A
  /// flag with a `fact` is that fact of every tap the session makes.
  package static var flags: [(key: String, field: WritableKeyPath<SessionState, Bool>, fact: Fact?)] {
    [
      ("installed", \.installed, .installed), ("extensionRunning", \.extensionRunning, .extensionRunning),
      ("afterDrawerSwipe", \.afterDrawerSwipe, .afterDrawerSwipe), ("bound", \.bound, nil),
      ("appRunning", \.appRunning, .running),
    ]
  }

  /// Every key of a transition's `set`, in the order the rendered tables list them.
  package static let setKeys = [
    "installed", "extensionRunning", "selected", "afterDrawerSwipe", "foreground", "bound", "appRunning",
  ]

  package var installed: Bool
  package var extensionRunning: Bool
  /// The selected message's id, if any.
  package var selected: String?
  package var afterDrawerSwipe: Bool
  package var foreground: Foreground
  /// Whether the running extension's drawer is bound to a tapped bubble: only
  /// then do messages arriving in that bubble's session reach it. A drawer opened from the
  /// + menu is bound to nothing until a bubble is tapped.
  package var bound: Bool
  /// The container app's process is running or suspended in memory (`app.running` of every
  /// tap): the next launch is warm.
  package var appRunning: Bool

  package init(
    installed: Bool = true, extensionRunning: Bool = false, selected: String? = nil,
    afterDrawerSwipe: Bool = false,
    foreground: Foreground = .messages, bound: Bool = false, appRunning: Bool = false
  ) {
    self.installed = installed
    self.extensionRunning = extensionRunning
    self.selected = selected
    self.afterDrawerSwipe = afterDrawerSwipe
    self.foreground = foreground
    self.bound = bound
    self.appRunning = appRunning
  }

  /// `installed, extension running on a tapped bubble, m1 selected, in Messages`.
  package var summary: String { summary(messages: true) }

  /// The summary; without `messages` (a session of another surface), without the
  /// extension's and the selection's state.
  package func summary(messages: Bool) -> String {
    [
      installed ? "installed" : "not installed",
      !messages
        ? nil
        : extensionRunning
          ? (bound ? "extension running on a tapped bubble" : "extension running") : "extension not running",
      messages ? selected.map { "\($0) selected" } ?? "nothing selected" : nil,
      afterDrawerSwipe && messages ? "after a drawer swipe" : nil,
      appRunning ? "app running" : nil,
      foreground.summary,
    ].compactMap { $0 }.joined(separator: ", ")
  }
}

extension SessionState.Foreground {
  /// `in Messages`, `on the Home Screen`.
  var summary: String {
    switch self {
    case .messages: "in Messages"
    case .store: "in the store page"
    case .otherApp: "in another app"
    case .home: "on the Home Screen"
    }
  }
}

/// One step of a session.
package struct SessionStep: Sendable, Hashable {
  package enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
    case tap, returnToMessages, send, swipeToOtherApp, dismissExtension, deleteApp, installApp
    /// A message from the app arrives in the conversation (a reply, say) while the user stays
    /// in Messages.
    case receive
    /// The user goes to the Home Screen: the app that was in front goes to the background.
    case returnHome

    /// Steps that name a message.
    var takesMessage: Bool { self == .tap || self == .send || self == .receive }
    /// Steps only a Messages session (a situation whose event is `tap`) takes.
    var messagesOnly: Bool {
      switch self {
      case .returnToMessages, .send, .swipeToOtherApp, .dismissExtension, .receive: true
      case .tap, .deleteApp, .installApp, .returnHome: false
      }
    }
    /// Steps with an outcome a session may expect: a tap's, or the open an arrival's
    /// redirect code makes (nothing when none runs).
    var hasOutcome: Bool { self == .tap || self == .receive }
  }

  /// Which `MSSession` an arriving message belongs to, against the bubble the drawer is bound to.
  package enum MessageSession: String, Sendable, Hashable, CaseIterable, Codable {
    /// The bound bubble's session: a reply that updates it.
    case same
    /// Another session: a new game or thread of the app.
    case new
  }

  package var kind: Kind
  package var message: String?
  /// For an arrival: the message's session (default `same`).
  package var session: MessageSession?
  /// The outcome the session expects of a tap or an arrival.
  package var expect: Outcome?
  /// The container app's callbacks the session expects a tap to fire, in order.
  package var expectAppCallbacks: [AppCallback]? = nil
  package var location: SourcePosition
}
