@_spi(Generated) import TapRoute
import TapRouteAASA

/// A session file: a starting situation and state, then the steps a user takes.
///
/// The situation's event is what each tap is: `tap` (a message in Messages, the default) or
/// another surface (a widget, a notification, ...), whose session takes only the steps that
/// are not Messages' own (``SessionStep/Kind/messagesOnly``).
package struct Session: Sendable, Hashable {
  package var name: String
  /// The app (and for Messages its redirect code); each tap's situation starts from it.
  package var situation: Situation
  package var start: SessionState
  package var steps: [SessionStep]

  /// Largest session file accepted, in bytes.
  package static let maximumBytes = 1 << 20

  /// Parses a session file, reporting every problem at once.
  package static func parse(_ bytes: [UInt8], file: String) -> Result<Session, DiagnosticsError> {
    JSONParser.document(bytes, file: file, what: "session", maximumBytes: maximumBytes).flatMap { root in
      var reader = JSONReader(file: file, codes: .situation)
      let session = reader.session(root)
      if let session, reader.diagnostics.isEmpty { return .success(session) }
      return .failure(DiagnosticsError(reader.sortedDiagnostics))
    }
  }
}

extension JSONReader {
  fileprivate mutating func session(_ root: JSONValue) -> Session? {
    guard let fields = object(root, path: "$", allowed: ["$schema", "name", "situation", "start", "steps"])
    else { return nil }
    let name = fields["name"].flatMap { string($0, path: "$.name") } ?? "session"
    var situation = Situation(event: .tap)
    if let s = fields["situation"] {
      switch Situation.decode(s, file: file) {
      case .success(let value):
        situation = value
        if value.event == .open || value.event == .delivery {
          error(
            .situationUnknownValue,
            "a session taps: its situation's event is \"tap\" or another surface's (\"widget\", ...), not \"\(value.event.rawValue)\"",
            path: "$.situation.event", at: s.location)
        }
      case .failure(let failure):
        for var d in failure.diagnostics {
          d.path = "$.situation" + d.path.dropFirst()
          diagnostics.append(d)
        }
      }
    }
    // The flags that are facts of the tap start as the situation has them.
    var start = SessionState()
    let facts = FactSnapshot(situation, event: .tap, defaultVersion: OSVersion(clamping: 0))
    for (_, field, fact) in SessionState.flags {
      if let fact { start[keyPath: field] = facts.index(of: fact) == 1 }
    }
    start.appRunning = situation.app.running
    // Another surface is tapped outside Messages, with every app in the background.
    if situation.event != .tap { start.foreground = .home }
    if let s = fields["start"],
      let f = object(s, path: "$.start", allowed: SessionState.setKeys.filter { $0 != "foreground" })
    {
      for (key, field, _) in SessionState.flags where key != "bound" {
        if let v = f[key], let b = bool(v, path: "$.start." + key) { start[keyPath: field] = b }
      }
      if let v = f["selected"], let s = nullableString(v, path: "$.start.selected") { start.selected = s }
      // A running extension with a selected message was opened by tapping it, unless the
      // file says otherwise; one with nothing selected was opened from the + menu.
      start.bound = start.extensionRunning && start.selected != nil
      if let v = f["bound"], let b = bool(v, path: "$.start.bound") {
        start.bound = b
        if b && !start.extensionRunning {
          error(
            .situationUnknownValue, "only a running extension's drawer is bound to a bubble",
            path: "$.start.bound", at: v.location)
        }
      }
    }
    var steps: [SessionStep] = []
    if let list = require(fields, "steps", path: "$", at: root.location),
      let items = array(list, path: "$.steps")
    {
      if items.isEmpty {
        error(.situationMissingField, "a session needs at least one step", path: "$.steps", at: list.location)
      }
      for (i, item) in items.enumerated() {
        let path = Self.join("$.steps", i)
        guard
          let f = object(
            item, path: path, allowed: ["step", "message", "session", "expect", "expectAppCallbacks"]),
          let k = require(f, "step", path: path, at: item.location),
          let kind = choice(
            k, path: path + ".step", what: "step",
            choices: SessionStep.Kind.allCases.map { ($0.rawValue, $0) })
        else { continue }
        let message = f["message"].flatMap { string($0, path: path + ".message") }
        let messages = situation.event == .tap
        if !messages && kind.messagesOnly {
          error(
            .situationUnknownValue,
            "a \(situation.event.rawValue) session has no \(kind.rawValue) step (only a Messages session, \"event\": \"tap\", does)",
            path: path + ".step", at: k.location)
        } else if !messages, let m = f["message"] {
          error(
            .situationUnknownKey, "a \(situation.event.rawValue) session's steps name no message",
            path: path + ".message", at: m.location)
        } else if messages && kind.takesMessage && message == nil && f["message"] == nil {
          error(
            .situationMissingField, "a \(kind.rawValue) step names its message (\"message\": \"m1\")",
            path: path, at: item.location)
        }
        if !kind.takesMessage, let m = f["message"] {
          error(
            .situationUnknownKey, "a \(kind.rawValue) step takes no message", path: path + ".message",
            at: m.location)
        }
        var session: SessionStep.MessageSession?
        if let v = f["session"] {
          if kind != .receive {
            error(
              .situationUnknownKey, "only a receive step names the message's session",
              path: path + ".session",
              at: v.location)
          } else {
            session = choice(
              v, path: path + ".session", what: "session",
              choices: SessionStep.MessageSession.allCases.map { ($0.rawValue, $0) })
          }
        }
        var expect: Outcome?
        if let e = f["expect"] {
          if !kind.hasOutcome {
            error(
              .situationUnknownKey, "only a tap or receive step has an expected outcome",
              path: path + ".expect",
              at: e.location)
          } else {
            expect = choice(
              e, path: path + ".expect", what: "outcome", choices: Outcome.allCases.map { ($0.rawValue, $0) })
          }
        }
        var expectAppCallbacks: [AppCallback]?
        if let e = f["expectAppCallbacks"] {
          if kind != .tap {
            error(
              .situationUnknownKey, "only a tap step has expected app callbacks",
              path: path + ".expectAppCallbacks",
              at: e.location)
          } else {
            expectAppCallbacks = choices(
              e, path: path + ".expectAppCallbacks", what: "app callback",
              choices: AppCallback.allCases.map { ($0.rawValue, $0) })
          }
        }
        steps.append(
          SessionStep(
            kind: kind, message: message, session: session, expect: expect,
            expectAppCallbacks: expectAppCallbacks, location: item.location))
      }
    }
    return Session(name: name, situation: situation, start: start, steps: steps)
  }
}
