/// One key of a situation's JSON, as `taproute help situation` lists it: the rows are generated
/// from the situation catalog (`SituationKeys+Generated.swift`), the same rows as the README's
/// situation table and the JSON Schema's descriptions.
package struct SituationKey: Sendable {
  /// The key's path: `event`, `osVersion`, `app.urlSchemes`, `widget.url`.
  package var key: String
  /// The values it may hold, in words (Markdown code spans).
  package var values: String
  /// Its default when left out, in words; empty for a part.
  package var defaultValue: String
  /// `yes` when a table may test it, `computed: ...` for the facts computed from it, or empty.
  package var fact: String
  /// What it is.
  package var doc: String
  /// The part that holds it (`app`, `widget`); empty for the top level.
  package var part: String

  /// The parts every event reads (`app`): those no event names as its own.
  package static let sharedParts = Set(all.map(\.part)).subtracting(events.map(\.part) + [""])
}
