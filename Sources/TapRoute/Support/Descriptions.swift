import TapRouteAASA

// What `print(value)`, string interpolation and a failing Swift Testing expectation show of
// the public values: a decision as one line of the CLI's fields, every enum as its name (the
// name the JSON forms use), never the memberwise dump of a type's private storage.

extension Decision: CustomStringConvertible {
  /// One line: `outcome: containerLaunch, url: "myapp://open", appCallbacks:
  /// [scene(_:willConnectTo:options:)], delivers: url, rule: open/messages-any-scheme,
  /// confidence: several`, the fields `taproute decide` prints first: the URL the app
  /// receives (none when it receives none), the app's callbacks by Apple's names and what
  /// they receive (when the decision names them), the rule (`(none)` when undecided).
  public var description: String {
    var fields = ["outcome: \(outcome.rawValue)"]
    if let url { fields.append("url: \(Words.quoted(url))") }
    if let appCallbacks {
      fields.append("appCallbacks: [\(appCallbacks.map(\.rawValue).joined(separator: ", "))]")
    }
    if let delivers { fields.append("delivers: \(delivers.rawValue)") }
    if let activityType = delivery?.activityType { fields.append("activityType: \(activityType)") }
    fields.append("rule: \(rule ?? "(none)")")
    if let confidence { fields.append("confidence: \(confidence.rawValue)") }
    return fields.joined(separator: ", ")
  }
}

extension Fixture.Result: CustomStringConvertible {
  /// `passed: NAME`, or `failed: NAME: outcome: expected ..., got ...; ...`.
  public var description: String {
    passed
      ? "passed: \(fixture.name)"
      : "failed: \(fixture.name): " + mismatches.joined(separator: "; ")
  }
}

extension Outcome: CustomStringConvertible {
  /// The outcome's name (`extensionLaunch`).
  public var description: String { rawValue }
}

extension Presentation: CustomStringConvertible {
  /// The presentation's name (`expanded`).
  public var description: String { rawValue }
}

extension Confidence: CustomStringConvertible {
  /// The confidence's name (`several`).
  public var description: String { rawValue }
}

extension URLSchemeClass: CustomStringConvertible {
  /// The class's name (`web`).
  public var description: String { rawValue }
}

extension Fact: CustomStringConvertible {
  /// The fact's name (`osVersion`).
  public var description: String { rawValue }
}

extension Situation.Event: CustomStringConvertible {
  /// The event's name (`tap`).
  public var description: String { rawValue }
}

extension Situation.Platform: CustomStringConvertible {
  /// The platform's name (`iOS`).
  public var description: String { rawValue }
}

extension Situation.Tap.Target: CustomStringConvertible {
  /// The target's name (`message`).
  public var description: String { rawValue }
}

extension Situation.Tap.Transport: CustomStringConvertible {
  /// The transport's name (`iMessage`).
  public var description: String { rawValue }
}

extension Situation.Tap.Layout: CustomStringConvertible {
  /// The layout's name (`template`).
  public var description: String { rawValue }
}

extension Situation.Tap.PresentationContext: CustomStringConvertible {
  /// The context's name (`messages`).
  public var description: String { rawValue }
}

extension Situation.Open.ExtensionPoint: CustomStringConvertible {
  /// The extension point's name (`messages`).
  public var description: String { rawValue }
}

extension Situation.Callback: CustomStringConvertible {
  /// The callback's name (`didSelect`).
  public var description: String { rawValue }
}

extension Situation.Redirect.Hook: CustomStringConvertible {
  /// The hook's name (`willBecomeActive`).
  public var description: String { rawValue }
}

extension DecisionTable.HitPolicy: CustomStringConvertible {
  /// The hit policy's name (`first`).
  public var description: String { rawValue }
}

extension EvidenceEntry.Source.Kind: CustomStringConvertible {
  /// The kind's name (`appleDocumentation`).
  public var description: String { rawValue }
}

extension Diagnostic.Severity: CustomStringConvertible {
  /// The severity's name (`error`).
  public var description: String { rawValue }
}

extension Delivered: CustomStringConvertible {
  /// What is delivered, by its name (`url`, `userActivity`).
  public var description: String { rawValue }
}
