import Foundation
@_spi(Generated) import TapRoute
import TapRouteAASA

/// A sequence diagram of what fires when: the user, the surface tapped, the part of the system
/// (or the extension) that acts, where the outcome lands, and the app; the callbacks in order,
/// each `open(url)` and its result, and the rule and evidence of each step as a note.
///
/// The lanes and their words come from the event's ``EventCast`` (`Situation.cast`): nothing
/// here knows which event it draws. Built from a decision (`explain`) or a replayed session
/// (`simulate`), and drawn as Mermaid text (``mermaid``) or as SVG written here (``svg``); both
/// read this one value.
package struct SequenceDiagram: Sendable, Hashable {
  /// A lifeline: a role of the event's cast, drawn left to right in this order.
  package typealias Participant = EventCast.Role

  /// How an arrow is drawn: a call (solid, filled head) or what comes back of one (dashed,
  /// open head); told apart by line style and head shape, never by colour.
  package enum Style: Sendable, Hashable { case call, result }

  /// One row of the diagram, top to bottom.
  package enum Item: Sendable, Hashable {
    /// A labelled divider that opens a step (`1. tap m1`).
    case step(String)
    case arrow(from: Participant, to: Participant, label: String, style: Style)
    /// A note spanning the lifelines drawn from `over` to `through`.
    case note(over: Participant, through: Participant, lines: [String])
  }

  package var title: String
  /// The words of each lifeline drawn.
  package var lanes: [Participant: String]
  package var items: [Item]
  /// Who takes part, in the event's words.
  let cast: EventCast

  /// The lifelines drawn, left to right.
  package var participants: [Participant] { lanes.keys.sorted() }

  /// The lifelines' labels, left to right.
  package var labels: [String] { participants.map { lanes[$0] ?? "" } }

  /// An empty diagram of `cast`'s event: the user and the surface.
  private init(title: String, cast: EventCast) {
    self.title = title
    self.cast = cast
    lanes = [.user: cast.words(.user), .surface: cast.words(.surface)]
    items = []
  }

  /// The lane that decides the event's first step: the surface, when it calls the extension
  /// itself (Messages), or the part of the system that acts on the gesture.
  private var decider: Participant { cast.decider }

  /// A decision, as `explain` draws it: the user's gesture on the surface, what the system does
  /// with it (the extension's callbacks, a redirect's `open(url)`), where it lands, and the app's
  /// callbacks with what they receive; each step's rule and evidence as a note.
  package init(decision: Decision, situation: Situation) {
    let cast = situation.cast
    self.init(title: "What \(cast.what) does: \(decision.outcome.rawValue)", cast: cast)
    appendGesture(cast.gesture, url: situation.eventURL)
    appendDecision(decision, redirect: situation.tap.redirect.url)
    if let trace = decision.trace, !trace.isEmpty {
      append(
        .note(
          over: .user, through: .app,
          lines: ["\(Words.count(trace.count, "rule")) tried before the deciding one"]))
    }
  }

  /// A replayed session, step by step: what the user does, what fires, what each step's rule
  /// and transition make of it, and the state after it.
  package init(simulation result: Simulator.Result) {
    let situation = result.session.situation
    self.init(title: result.session.name, cast: situation.cast)
    let messages = decider == .surface
    append(
      .note(over: .user, through: .app, lines: ["start: " + result.session.start.summary(messages: messages)])
    )
    for (i, r) in result.steps.enumerated() {
      let message = r.step.message.map { " " + $0 } ?? ""
      append(.step("\(i + 1). \(r.step.kind.rawValue)\(message)"))
      switch r.step.kind {
      case .tap:
        if decider == .surface {
          append(.arrow(from: .user, to: .surface, label: cast.gesture + message, style: .call))
        } else {
          appendGesture(cast.gesture, url: situation.eventURL)
        }
        if let decision = r.decision { appendDecision(decision, redirect: situation.tap.redirect.url) }
      case .receive:
        let session = (r.step.session ?? .same).rawValue
        append(
          .arrow(
            from: .surface, to: .surface, label: "\(message.dropFirst()) arrives (\(session) session)",
            style: .call))
        let fired = r.callbacks ?? []
        if fired.isEmpty {
          append(.note(over: .extension, through: .extension, lines: ["no callback fires"]))
        }
        for callback in fired {
          append(.arrow(from: .surface, to: .extension, label: callback.rawValue, style: .call))
          if callback == r.redirectHook, let decision = r.decision {
            appendOpen(decision, url: situation.tap.redirect.url, hook: callback)
          }
        }
      case .send:
        append(.arrow(from: .user, to: .extension, label: "send\(message)", style: .call))
        append(.arrow(from: .extension, to: .surface, label: "insert\(message)", style: .call))
      case .returnToMessages:
        append(.arrow(from: .user, to: .surface, label: "return to Messages", style: .call))
      case .swipeToOtherApp:
        append(.arrow(from: .user, to: .surface, label: "swipe to another iMessage app", style: .call))
      case .dismissExtension:
        append(.arrow(from: .user, to: .extension, label: "dismiss the extension", style: .call))
      case .deleteApp:
        append(.arrow(from: .user, to: .app, label: "delete the app", style: .call))
      case .installApp:
        append(.arrow(from: .user, to: .app, label: "install the app", style: .call))
      case .returnHome:
        append(.arrow(from: .user, to: .app, label: "go to the Home Screen", style: .call))
      }
      // The state says when the extension ends (the container came forward, the user
      // dismissed it or swiped away); draw it where it happens.
      let before = i == 0 ? result.session.start : result.steps[i - 1].state
      if before.extensionRunning && !r.state.extensionRunning {
        append(.note(over: .extension, through: .extension, lines: ["extension ends"]))
      }
      var lines: [String] = []
      let expected = [
        r.step.expect.map(\.rawValue),
        r.step.expectAppCallbacks.map { "appCallbacks " + ObservationCheck.list($0) },
      ].compactMap { $0 }
      if !expected.isEmpty {
        lines.append("expected \(expected.joined(separator: ", ")): \(r.met == true ? "met" : "NOT MET")")
      }
      lines.append((r.transition ?? "no transition matches this step"))
      lines.append("after: " + r.state.summary(messages: messages))
      append(.note(over: .user, through: .app, lines: lines))
    }
  }

  /// Adds `item`, and the lanes it draws on.
  private mutating func append(_ item: Item) {
    switch item {
    case .step: break
    case .arrow(let from, let to, _, _):
      addLane(from)
      addLane(to)
    case .note(let over, let through, _):
      // A note over one lane draws that lane; a wider one spans whatever lanes are drawn.
      if over == through { addLane(over) }
    }
    items.append(item)
  }

  /// Draws `role`'s lane, in the cast's words (a destination's words come with its outcome).
  private mutating func addLane(_ role: Participant, words: String? = nil) {
    guard let words = words ?? (role == .destination ? nil : cast.words(role)) else { return }
    if let drawn = lanes[role] {
      if role == .destination,
        !drawn.split(separator: "/").contains(where: { $0.trimmingCharacters(in: .whitespaces) == words })
      {
        lanes[role] = drawn + " / " + words
      }
    } else {
      lanes[role] = words
    }
  }

  /// The user's gesture on the surface and, where the system acts on it, what the surface hands
  /// the system (the event's URL, or none).
  private mutating func appendGesture(_ gesture: String, url: String?) {
    append(.arrow(from: .user, to: .surface, label: gesture, style: .call))
    if decider != .surface {
      append(.arrow(from: .surface, to: decider, label: cast.handing(url), style: .call))
    }
  }

  /// A decision's steps: the first step's extension callbacks and where it lands, then each
  /// composed step (a redirect's `open(url)`, the app's callbacks), each with its rule.
  private mutating func appendDecision(_ decision: Decision, redirect: String?) {
    let steps = decision.steps ?? [decision]
    guard let first = steps.first else { return }
    for callback in first.callbacks ?? [] {
      append(.arrow(from: decider, to: .extension, label: callback.rawValue, style: .call))
    }
    var landed = decider
    if first.outcome != .extensionLaunch || first.callbacks == nil {
      landed = land(first, from: decider, back: decider == .surface ? .user : .surface)
    } else {
      landed = .extension
    }
    append(.note(over: min(decider, landed), through: max(decider, landed), lines: Self.ruleLines(first)))
    if Self.isDelivery(first) {
      appendDelivery(first, url: decision.url, from: decider, to: landed, rule: false)
    } else if !steps.contains(where: Self.isDelivery), landed == .destination || landed == .app,
      let receives = Self.receives(first, url: decision.url)
    {
      // What the app (or the App Clip) is handed, where the decision says it but no callback.
      append(.arrow(from: decider, to: landed, label: "hands over " + receives, style: .call))
    }
    for step in steps.dropFirst() {
      if Self.isDelivery(step) {
        appendDelivery(step, url: decision.url, from: decider, to: landed, rule: true)
      } else {
        landed = appendOpen(step, url: redirect ?? step.url, hook: step.trigger)
      }
    }
  }

  /// True for a step of the `delivery` table: it names the app's callbacks.
  private static func isDelivery(_ step: Decision) -> Bool { step.appCallbacks != nil }

  /// The app's own callbacks a delivery fires, in order, from the lane that hands them over to
  /// the app (or the App Clip) that opened; the last one with what it receives.
  private mutating func appendDelivery(
    _ step: Decision, url: String?, from source: Participant, to landed: Participant, rule: Bool
  ) {
    let target: Participant = landed == .destination || landed == .app ? landed : .app
    let callbacks = step.appCallbacks ?? []
    for (i, callback) in callbacks.enumerated() {
      let receives = i == callbacks.count - 1 ? Self.receives(step, url: step.url ?? url) : nil
      let label = callback.rawValue + (receives.map { " receives " + $0 } ?? "")
      append(.arrow(from: source, to: target, label: label, style: .call))
    }
    if rule { append(.note(over: target, through: target, lines: Self.ruleLines(step))) }
  }

  /// What a delivery's callbacks receive, in words: where the URL is, or what is handed over.
  static func receives(_ step: Decision, url: String?) -> String? {
    let url = url.map { Words.quoted($0) }
    if let location = step.delivery?.urlLocation { return location + (url.map { ": " + $0 } ?? "") }
    switch step.delivers {
    case .url: return "the URL" + (url.map { " " + $0 } ?? "")
    case .userActivity:
      return "an NSUserActivity" + (step.delivery?.activityType.map { " (\($0))" } ?? "")
    case .notificationResponse: return "a UNNotificationResponse"
    case .shortcutItem: return "a UIApplicationShortcutItem"
    case .intent: return "the app intent"
    case .nothing: return "nothing"
    case nil: return nil
    }
  }

  /// An `open(url)` from the extension (in `hook`, when known) and where it lands; the lane
  /// it lands on.
  @discardableResult
  private mutating func appendOpen(_ decision: Decision, url: String?, hook: Situation.Callback?)
    -> Participant
  {
    let target = url.map { Words.quoted($0) } ?? "nil"
    let site = hook.map { " in \($0.rawValue)" } ?? ""
    append(.arrow(from: .extension, to: decider, label: "open(\(target))\(site)", style: .call))
    let landed = land(decision, from: decider, back: .extension)
    append(
      .note(over: min(decider, landed), through: max(.extension, landed), lines: Self.ruleLines(decision)))
    return landed
  }

  /// Where an outcome lands, from `source`: its lane in the cast, or a result back to `back`
  /// when it opens nothing. Returns the lane it lands on.
  private mutating func land(_ decision: Decision, from source: Participant, back: Participant) -> Participant
  {
    let outcome = decision.outcome.rawValue
    guard let (role, words) = cast.lane(for: decision.outcome) else {
      append(.arrow(from: source, to: back, label: outcome, style: .result))
      return source
    }
    addLane(role, words: words)
    let url = role == .destination ? decision.url.map { " " + Words.quoted($0) } ?? "" : ""
    append(.arrow(from: source, to: role, label: outcome + url, style: .call))
    return role
  }

  /// A step's rule, confidence and evidence, as note lines.
  static func ruleLines(_ decision: Decision) -> [String] {
    var lines = ["\(decision.rule ?? "no rule") (\(decision.confidence?.rawValue ?? "undecided"))"]
    if !decision.evidence.isEmpty { lines.append("evidence: " + decision.evidence.joined(separator: ", ")) }
    if decision.confidence == .contested { lines.append("CONTESTED: other readings exist") }
    return lines
  }
}
