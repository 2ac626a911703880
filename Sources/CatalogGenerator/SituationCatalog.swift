/// Every field of the situation JSON and every fact a table may test, declared once.
///
/// This is where a new fact goes. Add its field to the part that holds it (in the order the
/// JSON form lists it), give it a `fact` with the next free bit, then run
/// `swift run CatalogGenerator` to rewrite
/// `Sources/TapRoute/Generated/SituationCatalog+Generated.swift`: the `Fact` catalog (kind, events, JSON
/// source, bit), the per-decision `FactSnapshot`, which facts a document left out
/// (`Situation.leftOut`), the setter the verifier and the matrix use (`setFact`), and the
/// fact's reading and writing in every situation reader and writer. A test fails while the
/// committed file differs from what this catalog generates.
///
/// What stays hand-written is code whose meaning depends on a fact (the simulator's
/// transitions, the recorder's bookkeeping) and the typed value enums a field names
/// (`Situation.Platform`, `Situation.Tap.Layout`, ...).
enum SituationCatalog {
  /// A part of the situation: the top-level object or one of its nested objects.
  struct Part {
    /// The JSON key of the part ("" for the top level).
    var key: String
    /// The Swift type that holds it, as written inside the module (`App`).
    var type: String
    /// The events that read the part's facts (every event for the top level and `app`).
    var events: [String]
    /// The part's fields, in the order the JSON form and its diagnostics list them.
    var fields: [Field]
  }

  /// One field of a part.
  struct Field {
    /// The JSON key, which is also the Swift property's name.
    var key: String
    /// What the field holds, and its default.
    var type: FieldType
    /// The fact the field provides, if a table may test it.
    var fact: FactRole?
    /// How messages name the field's values ("presentation context").
    var label: String?
  }

  /// What a field holds.
  enum FieldType {
    /// A Boolean with its default.
    case bool(default: Bool)
    /// An OS version, nil when left out (the newest the policies know).
    case version(what: String)
    /// One of the cases of a `String` enumeration (`type`, written as inside the module),
    /// with its default case.
    case enumeration(type: String, default: String)
    /// A URL string or null.
    case url
    /// A nested value with its own reader (`redirect`); not a fact.
    case nested(type: String, reader: String)
  }

  /// A field's fact: its bit in a mask of facts, fixed once given (it orders `Fact.allCases`).
  struct FactRole {
    var bit: Int
  }

  /// A fact computed from the URL the event reads, not read from a field of its own.
  struct URLFact {
    var name: String
    var bit: Int
    /// What is computed, for the fact's source text ("scheme class").
    var computed: String
    /// The kind, as `Fact.Kind` source.
    var kind: String
  }

  /// An event: which part it reads and where its URL is.
  struct Event {
    var name: String
    /// The part the event reads beside the top level and `app`.
    var part: String
  }

  static let events: [Event] = [
    Event(name: "tap", part: "tap"),
    Event(name: "open", part: "open"),
  ]

  static let parts: [Part] = [
    Part(
      key: "", type: "Situation", events: ["tap", "open"],
      fields: [
        Field(key: "platform", type: .enumeration(type: "Platform", default: "iOS"), fact: FactRole(bit: 0)),
        Field(key: "osVersion", type: .version(what: "OS"), fact: FactRole(bit: 1)),
      ]),
    Part(
      key: "app", type: "App", events: ["tap", "open"],
      fields: [
        Field(key: "hasContainerApp", type: .bool(default: true), fact: FactRole(bit: 3)),
        Field(key: "installed", type: .bool(default: true), fact: FactRole(bit: 4)),
        Field(key: "enabledInMessages", type: .bool(default: true), fact: FactRole(bit: 5)),
        Field(key: "published", type: .bool(default: true), fact: FactRole(bit: 6)),
        Field(key: "sdkVersion", type: .version(what: "SDK"), fact: FactRole(bit: 2)),
      ]),
    Part(
      key: "tap", type: "Tap", events: ["tap"],
      fields: [
        Field(
          key: "target", type: .enumeration(type: "TapTarget", default: "message"), fact: FactRole(bit: 8)),
        Field(key: "url", type: .url),
        Field(
          key: "transport", type: .enumeration(type: "Transport", default: "iMessage"), fact: FactRole(bit: 7)
        ),
        Field(
          key: "layout", type: .enumeration(type: "Tap.Layout", default: "template"), fact: FactRole(bit: 9)),
        Field(key: "expired", type: .bool(default: false), fact: FactRole(bit: 10)),
        Field(key: "extensionRunning", type: .bool(default: false), fact: FactRole(bit: 13)),
        Field(key: "alreadySelected", type: .bool(default: false), fact: FactRole(bit: 14)),
        Field(key: "afterDrawerSwipe", type: .bool(default: false), fact: FactRole(bit: 15)),
        Field(
          key: "presentationContext",
          type: .enumeration(type: "Tap.PresentationContext", default: "messages"),
          fact: FactRole(bit: 16), label: "presentation context"),
        Field(key: "redirect", type: .nested(type: "Redirect", reader: "redirect")),
      ]),
    Part(
      key: "open", type: "Open", events: ["open"],
      fields: [
        Field(key: "url", type: .url),
        Field(
          key: "extensionPoint", type: .enumeration(type: "ExtensionPoint", default: "messages"),
          fact: FactRole(bit: 17), label: "extension point"),
      ]),
  ]

  /// The facts computed from the URL the event reads (`tap.url` for a tap, `open.url` for
  /// an open).
  static let urlFacts: [URLFact] = [
    URLFact(
      name: "urlClass", bit: 11, computed: "scheme class",
      kind: ".enumeration(URLSchemeClass.allCases.map(\\.rawValue))"),
    URLFact(name: "urlNeedsEncoding", bit: 12, computed: "percent-encoding need", kind: ".bool"),
  ]
}
