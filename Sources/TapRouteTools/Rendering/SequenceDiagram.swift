@_spi(Generated) import TapRoute
import TapRouteAASA

/// A sequence diagram of what fires when: the user, Messages (the surface tapped), the
/// extension and the container app, the callbacks in order, each `open(url)` and its result,
/// and the rule and evidence of each step as a note.
///
/// Built from a decision (`explain`) or a replayed session (`simulate`), and drawn as Mermaid
/// text (``mermaid``) or as SVG written here (``svg``); both read this one value.
package struct SequenceDiagram: Sendable, Hashable {
  /// A lifeline.
  package enum Participant: Int, Sendable, Hashable, CaseIterable {
    case user, messages, app, container

    /// Mermaid's id for the lifeline.
    var id: String { ["User", "Messages", "Extension", "Container"][rawValue] }
  }

  /// How an arrow is drawn: a call (solid, filled head) or what comes back of one (dashed,
  /// open head); told apart by line style and head shape, never by colour.
  package enum Style: Sendable, Hashable { case call, result }

  /// One row of the diagram, top to bottom.
  package enum Item: Sendable, Hashable {
    /// A labelled divider that opens a step (`1. tap m1`).
    case step(String)
    case arrow(from: Participant, to: Participant, label: String, style: Style)
    /// A note spanning the lifelines from `over` to `through`.
    case note(over: Participant, through: Participant, lines: [String])
  }

  package var title: String
  /// The labels of the lifelines, in ``Participant`` order.
  package var participants: [String]
  package var items: [Item]

  /// The participants' labels; `surface` names what was tapped.
  static func labels(surface: String) -> [String] {
    ["User", "Messages (\(surface))", "Extension", "Container app"]
  }

  /// The surface a situation's tap lands on, in words.
  static func surface(_ situation: Situation) -> String {
    switch situation.tap.target {
    case .message: "message bubble"
    case .sticker: "sticker"
    case .attribution: "app attribution"
    case .notificationPreview: "notification preview"
    }
  }

  /// A decision, as `explain` draws it: the tap (or `open(url)`), the callbacks, the redirect's
  /// `open(url)` and where it lands, each step's rule and evidence as a note.
  package init(decision: Decision, situation: Situation) {
    let what =
      switch situation.event {
      case .open: "open(url)"
      case .tap: "a tap"
      default: "a \(situation.event.rawValue) event"
      }
    title = "What \(what) does: \(decision.outcome.rawValue)"
    participants = Self.labels(surface: Self.surface(situation))
    items = []
    if situation.event != .tap {
      let steps = decision.steps ?? [decision]
      appendOpen(steps[0], url: situation.eventURL, hook: decision.trigger)
      for step in steps.dropFirst() where Self.isDelivery(step) { appendDelivery(step) }
    } else {
      items.append(.arrow(from: .user, to: .messages, label: "tap", style: .call))
      appendTap(decision, redirect: situation.tap.redirect.url)
    }
    if let trace = decision.trace, !trace.isEmpty {
      items.append(
        .note(
          over: .user, through: .container,
          lines: ["\(Words.count(trace.count, "rule")) tried before the deciding one"]))
    }
  }

  /// A replayed session, step by step: what the user does, what fires, what each step's rule
  /// and transition make of it, and the state after it.
  package init(simulation result: Simulator.Result) {
    title = result.session.name
    let situation = result.session.situation
    participants = Self.labels(surface: Self.surface(situation))
    // Another surface is tapped where the system shows it, not in Messages.
    if situation.event != .tap { participants[1] = "System (\(situation.event.rawValue))" }
    let messages = result.session.situation.event == .tap
    items = [
      .note(
        over: .user, through: .container,
        lines: ["start: " + result.session.start.summary(messages: messages)])
    ]
    for (i, r) in result.steps.enumerated() {
      let message = r.step.message.map { " " + $0 } ?? ""
      items.append(.step("\(i + 1). \(r.step.kind.rawValue)\(message)"))
      switch r.step.kind {
      case .tap where result.session.situation.event != .tap:
        // Another surface: where the tap lands, then the app's own callbacks.
        let event = result.session.situation.event.rawValue
        items.append(.arrow(from: .user, to: .messages, label: "tap the \(event)", style: .call))
        if let decision = r.decision {
          let steps = decision.steps ?? [decision]
          items.append(Self.landing(steps[0], from: .messages))
          items.append(.note(over: .messages, through: .app, lines: Self.ruleLines(steps[0])))
          for step in steps.dropFirst() where Self.isDelivery(step) { appendDelivery(step) }
        }
      case .tap:
        items.append(.arrow(from: .user, to: .messages, label: "tap\(message)", style: .call))
        if let decision = r.decision {
          appendTap(decision, redirect: result.session.situation.tap.redirect.url)
        }
      case .receive:
        let session = (r.step.session ?? .same).rawValue
        items.append(
          .arrow(
            from: .messages, to: .messages, label: "\(message.dropFirst()) arrives (\(session) session)",
            style: .call))
        let fired = r.callbacks ?? []
        if fired.isEmpty {
          items.append(.note(over: .app, through: .app, lines: ["no callback fires"]))
        }
        for callback in fired {
          items.append(.arrow(from: .messages, to: .app, label: callback.rawValue, style: .call))
          if callback == r.redirectHook, let decision = r.decision {
            appendOpen(decision, url: result.session.situation.tap.redirect.url, hook: callback)
          }
        }
      case .send:
        items.append(.arrow(from: .user, to: .app, label: "send\(message)", style: .call))
        items.append(.arrow(from: .app, to: .messages, label: "insert\(message)", style: .call))
      case .returnToMessages:
        items.append(.arrow(from: .user, to: .messages, label: "return to Messages", style: .call))
      case .swipeToOtherApp:
        items.append(.arrow(from: .user, to: .messages, label: "swipe to another iMessage app", style: .call))
      case .dismissExtension:
        items.append(.arrow(from: .user, to: .app, label: "dismiss the extension", style: .call))
      case .deleteApp:
        items.append(.arrow(from: .user, to: .container, label: "delete the app", style: .call))
      case .installApp:
        items.append(.arrow(from: .user, to: .container, label: "install the app", style: .call))
      case .returnHome:
        items.append(.arrow(from: .user, to: .container, label: "go to the Home Screen", style: .call))
      }
      // The state says when the extension ends (the container came forward, the user
      // dismissed it or swiped away); draw it where it happens.
      let before = i == 0 ? result.session.start : result.steps[i - 1].state
      if before.extensionRunning && !r.state.extensionRunning {
        items.append(.note(over: .app, through: .app, lines: ["extension ends"]))
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
      items.append(.note(over: .user, through: .container, lines: lines))
    }
  }

  /// A tap's decision: the callbacks of the extension launch (the first step of a composed
  /// decision), then the redirect's open, or the outcome itself.
  private mutating func appendTap(_ decision: Decision, redirect: String?) {
    let steps = decision.steps ?? [decision]
    guard let tap = steps.first else { return }
    for callback in tap.callbacks ?? [] {
      items.append(.arrow(from: .messages, to: .app, label: callback.rawValue, style: .call))
    }
    if tap.outcome != .extensionLaunch || tap.callbacks == nil {
      items.append(Self.landing(tap, from: .messages))
    }
    items.append(.note(over: .messages, through: .app, lines: Self.ruleLines(tap)))
    for step in steps.dropFirst() {
      if Self.isDelivery(step) {
        appendDelivery(step)
      } else {
        appendOpen(step, url: redirect ?? step.url, hook: step.trigger)
      }
    }
  }

  /// True for the step the `delivery` table composed after a container launch.
  private static func isDelivery(_ step: Decision) -> Bool { step.appCallbacks != nil }

  /// The container app's own callbacks a delivery fires, in order, and its rule.
  private mutating func appendDelivery(_ step: Decision) {
    for callback in step.appCallbacks ?? [] {
      items.append(.arrow(from: .container, to: .container, label: callback.rawValue, style: .call))
    }
    items.append(.note(over: .container, through: .container, lines: Self.ruleLines(step)))
  }

  /// An `open(url)` from the extension (in `hook`, when known) and where it lands.
  private mutating func appendOpen(_ decision: Decision, url: String?, hook: Situation.Callback?) {
    let target = url.map { Words.quoted($0) } ?? "nil"
    let site = hook.map { " in \($0.rawValue)" } ?? ""
    items.append(.arrow(from: .app, to: .messages, label: "open(\(target))\(site)", style: .call))
    items.append(Self.landing(decision, from: .messages))
    items.append(.note(over: .messages, through: .container, lines: Self.ruleLines(decision)))
  }

  /// Where an outcome lands: the container app for a container launch, back to the caller
  /// when nothing opens, Messages itself otherwise.
  private static func landing(_ decision: Decision, from source: Participant) -> Item {
    let outcome = decision.outcome.rawValue
    switch decision.outcome {
    case .containerLaunch: return .arrow(from: source, to: .container, label: outcome, style: .call)
    case .extensionLaunch: return .arrow(from: source, to: .app, label: outcome, style: .call)
    case .nothing, .undecided: return .arrow(from: source, to: .app, label: outcome, style: .result)
    default:
      let url = decision.url.map { " " + Words.quoted($0) } ?? ""
      return .arrow(from: source, to: .user, label: outcome + url, style: .result)
    }
  }

  /// A step's rule, confidence and evidence, as note lines.
  static func ruleLines(_ decision: Decision) -> [String] {
    var lines = ["\(decision.rule ?? "no rule") (\(decision.confidence?.rawValue ?? "undecided"))"]
    if !decision.evidence.isEmpty { lines.append("evidence: " + decision.evidence.joined(separator: ", ")) }
    if decision.confidence == .contested { lines.append("CONTESTED: other readings exist") }
    return lines
  }
}
