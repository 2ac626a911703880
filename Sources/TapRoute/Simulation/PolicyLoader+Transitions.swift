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
          item, path: path, allowed: ["id", "on", "set", "evidence", "confidence", "note"])
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
      if let on = reader.require(f, "on", path: path, at: item.location),
        let o = reader.object(on, path: path + ".on", allowed: ["step", "outcome"])
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
          if step != nil && step != .tap {
            reader.error(
              .unknownValue, "only a tap step has an outcome to match", path: path + ".on.outcome",
              at: v.location)
          }
        }
      }
      var changes = Transition.Changes()
      if let set = reader.require(f, "set", path: path, at: item.location),
        let c = reader.object(
          set, path: path + ".set",
          allowed: ["installed", "extensionRunning", "selected", "afterDrawerSwipe", "foreground"])
      {
        changes.installed = c["installed"].flatMap { reader.bool($0, path: path + ".set.installed") }
        changes.extensionRunning = c["extensionRunning"].flatMap {
          reader.bool($0, path: path + ".set.extensionRunning")
        }
        changes.afterDrawerSwipe = c["afterDrawerSwipe"].flatMap {
          reader.bool($0, path: path + ".set.afterDrawerSwipe")
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
              choices: [("tapped", Transition.Changes.Selection.tapped), ("sent", .sent)])
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
            id: id, step: step, outcomes: outcomes, changes: changes, evidence: evidence,
            confidence: confidence, note: note, location: item.location))
      }
    }
    // Every step, and every tap outcome, must be covered: a session never stalls on a gap.
    if reader.diagnostics.isEmpty {
      for kind in SessionStep.Kind.allCases {
        let outcomes: [Outcome?] = kind == .tap ? Outcome.allCases.map { $0 } : [nil]
        for outcome in outcomes where !out.contains(where: { $0.matches(kind, outcome: outcome) }) {
          reader.error(
            .missingTable,
            "no transition covers step \"\(kind.rawValue)\"\(outcome.map { " with outcome \"\($0.rawValue)\"" } ?? "")",
            path: "$.transitions", at: list.location)
        }
      }
    }
    return out
  }
}
