@_spi(Generated) import TapRoute
import TapRouteAASA

// The reader of `transitions.json`, beside the session stage it feeds.

extension PolicyLoader {
  /// Reads `transitions.json`: how each session step changes the state, every step and
  /// tap outcome covered, each transition citing registered evidence.
  mutating func readTransitions(_ root: JSONValue, file: String, knownEvidence: Set<String>?)
    -> [Transition]
  {
    var reader = JSONReader(file: file, codes: .policy)
    defer { append(reader.sortedDiagnostics) }
    guard let fields = reader.object(root, path: "$", allowed: ["$schema", "transitions"]),
      let list = reader.require(fields, "transitions", path: "$", at: root.location),
      let items = reader.array(list, path: "$.transitions")
    else { return [] }
    var out: [Transition] = []
    var seen: Set<String> = []
    for (i, item) in items.enumerated() {
      let path = JSONReader.join("$.transitions", i)
      guard
        let f = reader.object(
          item, path: path, allowed: ["id", "on", "callbacks", "set", "evidence", "confidence", "note"])
      else { continue }
      let id = reader.require(f, "id", path: path, at: item.location).flatMap {
        reader.string($0, path: path + ".id")
      }
      if let id, !seen.insert(id).inserted {
        reader.error(
          .duplicateID, "transition id \"\(id)\" is used twice", path: path + ".id", at: f["id"]?.location)
      }
      var step: SessionStep.Kind?
      var outcomes: [Outcome]?
      var bound: Bool?
      var session: SessionStep.MessageSession?
      if let on = reader.require(f, "on", path: path, at: item.location),
        let o = reader.object(on, path: path + ".on", allowed: ["step", "outcome", "bound", "session"])
      {
        step = reader.require(o, "step", path: path + ".on", at: on.location).flatMap {
          reader.choice(
            $0, path: path + ".on.step", what: "step",
            choices: SessionStep.Kind.allCases.map { ($0.rawValue, $0) })
        }
        if let v = o["outcome"] {
          let values = v.arrayValue ?? [v]
          outcomes = values.enumerated().compactMap { k, value in
            reader.choice(
              value,
              path: v.arrayValue == nil ? path + ".on.outcome" : JSONReader.join(path + ".on.outcome", k),
              what: "outcome", choices: Outcome.allCases.map { ($0.rawValue, $0) })
          }
          if let step, !step.hasOutcome {
            reader.error(
              .unknownValue, "only a tap or receive step has an outcome to match", path: path + ".on.outcome",
              at: v.location)
          }
        }
        if let v = o["bound"] {
          bound = reader.bool(v, path: path + ".on.bound")
          if step != nil && step != .receive {
            reader.error(
              .unknownValue, "only a receive step matches the drawer's binding", path: path + ".on.bound",
              at: v.location)
          }
        }
        if let v = o["session"] {
          session = reader.choice(
            v, path: path + ".on.session", what: "session",
            choices: SessionStep.MessageSession.allCases.map { ($0.rawValue, $0) })
          if step != nil && step != .receive {
            reader.error(
              .unknownValue, "only a receive step matches the message's session", path: path + ".on.session",
              at: v.location)
          }
        }
      }
      var callbacks: [Situation.Callback]?
      if let v = f["callbacks"], let items = reader.array(v, path: path + ".callbacks") {
        callbacks = items.enumerated().compactMap { k, value in
          reader.choice(
            value, path: JSONReader.join(path + ".callbacks", k), what: "callback",
            choices: Situation.Callback.allCases.map { ($0.rawValue, $0) })
        }
        if step != nil && (step != .receive || outcomes != nil) {
          reader.error(
            .unknownValue,
            "only a receive step's arrival transition (one with no \"outcome\") names the callbacks it fires",
            path: path + ".callbacks", at: v.location)
        }
      }
      var changes = Transition.Changes()
      if let set = reader.require(f, "set", path: path, at: item.location),
        let c = reader.object(
          set, path: path + ".set",
          allowed: SessionState.setKeys)
      {
        for (key, _, _) in SessionState.flags {
          if let v = c[key], let value = reader.bool(v, path: path + ".set." + key) {
            changes.flags[key] = value
          }
        }
        changes.foreground = c["foreground"].flatMap {
          reader.choice(
            $0, path: path + ".set.foreground", what: "foreground",
            choices: SessionState.Foreground.allCases.map { ($0.rawValue, $0) })
        }
        if let v = c["selected"] {
          if v.isNull {
            changes.selected = Transition.Changes.Selection.none
          } else {
            changes.selected = reader.choice(
              v, path: path + ".set.selected", what: "selection",
              choices: [
                ("tapped", Transition.Changes.Selection.tapped), ("sent", .sent), ("received", .received),
              ])
          }
        }
      }
      let evidence =
        reader.require(f, "evidence", path: path, at: item.location).map {
          Self.evidenceIDs(
            $0, path: path + ".evidence", citer: "transition", known: knownEvidence, requireOne: false,
            reader: &reader)
        } ?? []
      let confidence = Self.confidence(f, path: path, at: item.location, reader: &reader)
      let note = f["note"].flatMap { reader.string($0, path: path + ".note") }
      if let id, let step, let confidence {
        out.append(
          Transition(
            id: id, step: step, outcomes: outcomes, bound: bound, session: session, callbacks: callbacks,
            changes: changes, evidence: evidence, confidence: confidence, note: note, location: item.location)
        )
      }
    }
    // Every step, and every tap outcome, must be covered: a session never stalls on a gap.
    if reader.diagnostics.isEmpty {
      for kind in SessionStep.Kind.allCases where kind != .receive {
        // A session of any event taps, so every outcome of a tap is covered.
        let outcomes: [Outcome?] = kind == .tap ? Outcome.allCases.map { $0 } : [nil]
        for outcome in outcomes where !out.contains(where: { $0.matches(kind, outcome: outcome) }) {
          reader.error(
            .missingTable,
            "no transition covers step \"\(kind.rawValue)\"\(outcome.map { " with outcome \"\($0.rawValue)\"" } ?? "")",
            path: "$.transitions", at: list.location)
        }
      }
      // An arrival needs its own transition for every binding and session, and one for
      // every outcome its redirect may end in.
      for bound in [true, false] {
        for session in SessionStep.MessageSession.allCases
        where !out.contains(where: { $0.matchesArrival(bound: bound, session: session) }) {
          reader.error(
            .missingTable,
            "no transition covers step \"receive\" on a drawer \(bound ? "bound to a tapped bubble" : "bound to no bubble") with a message in the \(session.rawValue) session",
            path: "$.transitions", at: list.location)
        }
        for session in SessionStep.MessageSession.allCases {
          for outcome in Outcome.messagesCases
          where !out.contains(where: { $0.matchesArrivalOutcome(outcome, bound: bound, session: session) }) {
            reader.error(
              .missingTable,
              "no transition covers step \"receive\" with outcome \"\(outcome.rawValue)\" on a drawer \(bound ? "bound to a tapped bubble" : "bound to no bubble") (\(session.rawValue) session)",
              path: "$.transitions", at: list.location)
          }
        }
      }
    }
    return out
  }
}
