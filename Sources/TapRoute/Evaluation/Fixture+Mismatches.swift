import TapRouteAASA

// Comparing a decision with what a fixture row expects: here, in the stage that makes
// decisions, so that the fixture model in Policy/ reads nothing of a later stage.

extension Fixture.Expectation {
  /// The differences between this expectation and `decision`, as readable lines, one per
  /// field that differs (for `notes`, one per pattern no note matches), in the order of a
  /// decision's fields.
  public func mismatches(_ decision: Decision) -> [String] {
    Field.allCases.flatMap { mismatches(of: $0, decision) }
  }

  /// The differences in `field`; empty when it is unstated or equal.
  private func mismatches(of field: Field, _ decision: Decision) -> [String] {
    let name = field.rawValue
    switch field {
    case .outcome:
      guard decision.outcome != outcome else { return [] }
      return ["\(name): expected \(outcome.rawValue), got \(decision.outcome.rawValue)"]
    case .rule:
      guard let rule, decision.rule != rule else { return [] }
      return ["\(name): expected \(rule), got \(decision.rule ?? "none")"]
    case .confidence:
      guard let confidence, decision.confidence != confidence else { return [] }
      return ["\(name): expected \(confidence.rawValue), got \(decision.confidence?.rawValue ?? "none")"]
    case .url:
      let wanted: String?? =
        switch url {
        case nil: nil
        case .noURL: .some(nil)
        case .equals(let value): value
        }
      return Self.nullable(name, wanted, decision.url, Words.quoted)
    case .callbacks:
      guard let callbacks, decision.callbacks != callbacks else { return [] }
      return ["\(name): expected \(Self.list(callbacks)), got \(decision.callbacks.map(Self.list) ?? "none")"]
    case .presentation:
      guard let presentation, decision.presentation != presentation else { return [] }
      return ["\(name): expected \(presentation.rawValue), got \(decision.presentation?.rawValue ?? "none")"]
    case .handoff:
      return Self.nullable(name, handoff.map(\.value), decision.delivery?.handoff, \.rawValue)
    case .appCallbacks:
      guard let appCallbacks, decision.appCallbacks != appCallbacks else { return [] }
      return [
        "\(name): expected \(Self.list(appCallbacks)), got \(decision.appCallbacks.map(Self.list) ?? "none")"
      ]
    case .delivers:
      guard let delivers, decision.delivers != delivers else { return [] }
      return ["\(name): expected \(delivers.rawValue), got \(decision.delivers?.rawValue ?? "none")"]
    case .activityType:
      return Self.nullable(name, activityType.map(\.value), decision.delivery?.activityType, Words.quoted)
    case .urlLocation:
      return Self.nullable(name, urlLocation.map(\.value), decision.delivery?.urlLocation, Words.quoted)
    case .alternatives:
      guard let alternatives else { return [] }
      let got = decision.alternatives ?? []
      let same =
        alternatives.count == got.count
        && zip(alternatives, got).allSatisfy { wanted, other in
          wanted.outcome == other.outcome && (wanted.rule == nil || wanted.rule == other.rule)
            && (wanted.url == nil || wanted.url?.value == other.url)
        }
      guard !same else { return [] }
      func url(_ url: String?) -> String { " with url \(url.map(Words.quoted) ?? "null")" }
      let expected = alternatives.map {
        "\($0.outcome.rawValue)\($0.rule.map { " by \($0)" } ?? "")\($0.url.map { url($0.value) } ?? "")"
      }
      let actual = got.map {
        "\($0.outcome.rawValue) by \($0.rule ?? "no rule")\(alternatives.contains { $0.url != nil } ? url($0.url) : "")"
      }
      return [
        "\(name): expected [\(expected.joined(separator: ", "))], got [\(actual.joined(separator: ", "))]"
      ]
    case .notes:
      let notes = decision.notes
      let got = notes.isEmpty ? "none" : notes.map(Words.quoted).joined(separator: ", ")
      return (self.notes ?? []).compactMap { pattern in
        guard let compiled = Self.notePattern(pattern) else {
          return "\(name): \(Words.quoted(pattern)) is not a regular expression"
        }
        guard !notes.contains(where: { Self.matches(compiled, $0) }) else { return nil }
        return "\(name): expected a note matching \(Words.quoted(pattern)), got \(got)"
      }
    }
  }

  /// The line for a field a row may expect to be none (`null`): `wanted` nil is unchecked,
  /// `.some(nil)` none.
  private static func nullable<T: Equatable>(
    _ name: String, _ wanted: T??, _ got: T?, _ shown: (T) -> String
  ) -> [String] {
    guard let wanted, wanted != got else { return [] }
    return ["\(name): expected \(wanted.map(shown) ?? "null"), got \(got.map(shown) ?? "null")"]
  }

  /// Raw values as a bracketed list: `[willBecomeActive, didBecomeActive]`.
  private static func list<T: RawRepresentable<String>>(_ values: [T]) -> String {
    "[" + values.map(\.rawValue).joined(separator: ", ") + "]"
  }
}

extension Decision {
  /// True when this decision has `field` for a fixture row to state: always `outcome`, and
  /// the fields a row can state as none (`url`, `handoff`, `activityType`, `urlLocation` with
  /// `null`, `alternatives` with `[]`); the others when the decision has a value (`notes`
  /// when it has one: a pattern cannot say there is none).
  package func has(_ field: Fixture.Expectation.Field) -> Bool {
    switch field {
    case .outcome, .url, .handoff, .activityType, .urlLocation, .alternatives: true
    case .rule: rule != nil
    case .confidence: confidence != nil
    case .callbacks: callbacks != nil
    case .presentation: presentation != nil
    case .appCallbacks: appCallbacks != nil
    case .delivers: delivers != nil
    case .notes: !notes.isEmpty
    }
  }
}
