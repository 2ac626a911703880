import Foundation

// The fields a fixture row's `expect` may state, declared once: the loader reads a row by
// them, `mismatches(_:)` compares by them, `taproute test --coverage` lists the ones a row
// leaves unstated, and tests hold `fixtures.schema.json` and the docs to them.

extension Fixture.Expectation {
  /// A field a fixture row's `expect` may state, in the order of a decision's fields; the raw
  /// value is its key in a fixture file.
  package enum Field: String, CaseIterable, Sendable, Hashable {
    case outcome, rule, confidence, url, callbacks, presentation, handoff, appCallbacks, delivers
    case activityType, urlLocation, alternatives, notes
  }

  /// True when this expectation states `field`, so that it is checked.
  package func states(_ field: Field) -> Bool {
    switch field {
    case .outcome: true
    case .rule: rule != nil
    case .confidence: confidence != nil
    case .url: url != nil
    case .callbacks: callbacks != nil
    case .presentation: presentation != nil
    case .handoff: handoff != nil
    case .appCallbacks: appCallbacks != nil
    case .delivers: delivers != nil
    case .activityType: activityType != nil
    case .urlLocation: urlLocation != nil
    case .alternatives: alternatives != nil
    case .notes: notes != nil
    }
  }

  /// The compiled form of a pattern of ``notes``; nil when it is not a valid
  /// `NSRegularExpression` pattern (the loader reports that, TR114).
  ///
  /// `NSRegularExpression` because it is in Foundation on every platform the package builds
  /// for, Linux included; Swift's `Regex` needs iOS 16 and macOS 13. A pattern matches a note
  /// when it matches part of it, so a plain phrase without metacharacters is a substring test;
  /// `^` and `$` anchor it to the whole note.
  package static func notePattern(_ pattern: String) -> NSRegularExpression? {
    try? NSRegularExpression(pattern: pattern)
  }

  /// True when `pattern` matches part of `note`.
  package static func matches(_ pattern: NSRegularExpression, _ note: String) -> Bool {
    pattern.firstMatch(in: note, range: NSRange(note.startIndex..<note.endIndex, in: note)) != nil
  }
}

extension Fixture.Expectation.Alternative {
  /// A field an expected other reading may state; the raw value is its key in a fixture file.
  package enum Field: String, CaseIterable, Sendable, Hashable {
    case outcome, rule, url
  }
}
