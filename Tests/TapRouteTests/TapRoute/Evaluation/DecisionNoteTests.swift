import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// The note of a redirect whose hooks do not fire is built when `notes` is read (issue 13
/// item 3); a decision carrying it pending must read, compare, hash and encode exactly as one
/// with the note written out.
@Suite struct DecisionNoteTests {
  static let expected = [
    (
      [Situation.Callback.didSelect],
      "none of the redirect hooks (didSelect) fires on this tap, so open(url) is never called"
    ),
    (
      // A situation's hooks are a set, listed in declaration order whatever order they were
      // written in.
      [.willBecomeActive, .willSelect, .didSelect],
      "none of the redirect hooks (willBecomeActive, willSelect, didSelect) fires on this tap, so open(url) is never called"
    ),
  ]

  /// Shipped fixtures whose tap launches the extension with callbacks that include none of
  /// `hooks`.
  static func unfired(_ hooks: [Situation.Callback], _ engine: Engine) -> [Situation] {
    engine.policies.fixtures.map(\.situation).compactMap { fixture in
      var s = fixture
      guard s.event == .tap else { return nil }
      s.tap.redirect = Situation.Redirect()
      let plain = engine.decide(s)
      guard plain.outcome == .extensionLaunch, !(plain.callbacks ?? []).contains(where: hooks.contains) else {
        return nil
      }
      s.tap.redirect = Situation.Redirect(
        hooks: Situation.Redirect.Hooks(hooks.compactMap { Situation.Redirect.Hook(rawValue: $0.rawValue) }),
        url: "containerAppDemo://item")
      return s
    }
  }

  @Test(arguments: expected.indices)
  func pendingNoteReadsLikeAWrittenOne(_ row: Int) throws {
    let (hooks, note) = Self.expected[row]
    let engine = try Engine()
    let situations = Self.unfired(hooks, engine)
    #expect(!situations.isEmpty, "the shipped fixtures must include a launch these hooks miss")
    for situation in situations {
      let decided = engine.decide(situation)
      #expect(decided.notes.last == note)
      var written = decided
      written.notes = decided.notes
      #expect(written == decided && decided == written)
      #expect(written.hashValue == decided.hashValue)
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      let data = try encoder.encode(decided)
      #expect(try JSONDecoder().decode(Decision.self, from: data) == decided)
      #expect(data == (try encoder.encode(written)))
      #expect(engine.explain(situation).withoutTrace == decided)
      var longer = decided
      longer.notes.append("more")
      #expect(longer.notes.suffix(2) == [note, "more"] && longer != decided)
    }
  }

  @Test func moreThanSevenHooksWriteTheNoteAtOnce() throws {
    var decision = Decision(outcome: .extensionLaunch, notes: ["first"])
    let hooks = [Situation.Callback](repeating: .didSelect, count: 8)
    decision.noteUnfired(hooks)
    let listed = Array(repeating: "didSelect", count: 8).joined(separator: ", ")
    #expect(
      decision.notes == [
        "first", "none of the redirect hooks (\(listed)) fires on this tap, so open(url) is never called",
      ])
  }
}

/// A decision of the built-in tables keeps the rule whose callbacks it shows and reads them
/// when read (so that `decide` touches no array); set, encoded and compared it must act as a
/// decision holding the array.
@Suite struct LazyCallbacksTests {
  @Test("built-in callbacks read, set, encode and compare as an interpreted decision's")
  func builtInCallbacksActLikeAnArray() throws {
    let interpreted = try Engine()
    var launches = 0
    for fixture in interpreted.policies.fixtures {
      let generated = Engine.builtIn.decide(fixture.situation)
      let expected = interpreted.decide(fixture.situation)
      #expect(generated.callbacks == expected.callbacks, "\(fixture.situation.minimalJSON)")
      if generated.callbacks?.isEmpty == false { launches += 1 }
      // JSON and equality read the same callbacks.
      let json = try JSONEncoder().encode(generated)
      #expect(try JSONDecoder().decode(Decision.self, from: json).callbacks == expected.callbacks)
      // Set, the decision holds the new array (and still equals one built with it).
      var changed = generated
      var changedExpected = expected
      changed.callbacks = [.didSelect]
      changedExpected.callbacks = [.didSelect]
      #expect(changed.callbacks == [.didSelect])
      #expect(changed == changedExpected)
      changed.callbacks = nil
      #expect(changed.callbacks == nil)
    }
    // Extension launches, whose callbacks are read from the rule data, are among them.
    #expect(launches > 10)
  }
}
