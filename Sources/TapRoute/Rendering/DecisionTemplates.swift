/// The JSON of the engine's lazy decisions, recorded once per combination of rules and
/// written as copied bytes after that, with the line number and the URLs filled in.
///
/// A lazy decision (``LazyHit``) builds every field but `outcome` and `url` from its source's
/// rule data and indices, and the situation's URLs, which it only places (in `url`, its
/// steps' and alternatives' `url`): whether each is there changes what is written, its
/// text does not. So decisions alike in all but the text of those URLs write the same JSON
/// around them: the notes, evidence, rule, confidence, callbacks, presentation, steps and
/// alternatives (about 750 bytes a decision on the fixtures).
/// Writing that from a template saves building the decision's fields and escaping them on
/// every line of `decide --lines --json`. The template is recorded from the decision itself,
/// with stand-in URLs, by the same writer that writes any other decision, so it is those
/// bytes; a decision whose stand-ins show anywhere but a `url` (a note quoting the URL) is
/// written the ordinary way.
struct DecisionTemplates: Sendable {
  /// The recorded templates, nil for a combination written the ordinary way. Each keeps
  /// its source, so that the object a key names cannot be freed and another take its place.
  private var recorded: [Key: (source: DecisionSource, template: JSONTemplate?)] = [:]

  /// How many combinations were recorded, and how many of them write from their template.
  var count: (recorded: Int, usable: Int) {
    (recorded.count, recorded.values.count { $0.template != nil })
  }

  /// How many templates a writer keeps; decisions of further combinations are written the
  /// ordinary way. The shipped fixtures need at most one per distinct situation (fewer than
  /// 150); each template is about a KB.
  static let capacity = 4_096

  /// What a template's holes hold.
  enum Slot: Int, CaseIterable {
    /// The `line` member's number.
    case line
    /// The decision's `url`.
    case url
    /// The event's URL, which alternatives and steps show.
    case eventURL
    /// The redirect's URL, likewise.
    case redirectURL

    /// What a template is recorded with in place of the URL: text no decision shows, so
    /// that the writer knows a `url` member's value for a hole.
    var standIn: String { "\u{1}taproute-stand-in-\(rawValue)" }

    /// The slot whose stand-in `url` is, if any.
    static func of(_ url: String) -> Slot? {
      guard url.utf8.first == 1 else { return nil }
      return allCases.first { $0.standIn == url }
    }

    /// What every stand-in starts with, as the writer escapes it: a template holding it
    /// outside a hole shows a URL in some other text.
    static let escapedPrefix = Array(#"\u0001taproute-stand-in-"#.utf8)
  }

  /// What a lazy decision's JSON depends on: its source, rules and pending note, its
  /// outcome and assumed facts, which of its URLs it has, and whether it is numbered.
  struct Key: Hashable {
    var source: ObjectIdentifier
    var kind: LazyHit.Kind
    var event: Situation.Event
    var tapRule: Int32
    var openRule: Int32
    var redirectOpenRule: Int32
    /// The delivery rule composed after a container launch (-1: none).
    var deliveryRule: Int32
    var hook: UInt8
    var hooks: UInt8
    /// Bit 0: the decision's URL, 1: the event's, 2: the redirect's.
    var urls: UInt8
    var outcome: Outcome
    var unfired: UInt32
    var assumed: FactMask
    var numbered: Bool

    init(_ decision: Decision, _ parts: (hit: LazyHit, unfired: UInt32, assumed: FactMask), numbered: Bool) {
      let hit = parts.hit
      source = hit.source.identity
      kind = hit.kind
      event = hit.event
      tapRule = hit.tapRule
      openRule = hit.openRule
      redirectOpenRule = hit.redirectOpenRule
      deliveryRule = hit.deliveryRule
      hook = hit.hook
      hooks = hit.hooks
      urls =
        (decision.url == nil ? 0 : 1) | (hit.eventURL == nil ? 0 : 2) | (hit.redirectURL == nil ? 0 : 4)
      outcome = decision.outcome
      unfired = parts.unfired
      assumed = parts.assumed
      self.numbered = numbered
    }

    /// Hashes the integers in a few words: hashing each field on its own (the outcome and
    /// the event by their names) cost about 600 instructions a line. Equality compares all.
    func hash(into hasher: inout Hasher) {
      hasher.combine(source)
      hasher.combine(UInt64(UInt32(bitPattern: tapRule)) << 32 | UInt64(UInt32(bitPattern: openRule)))
      hasher.combine(
        UInt64(UInt32(bitPattern: redirectOpenRule)) << 32 | UInt64(hook) << 24 | UInt64(hooks) << 16
          | UInt64(urls) << 8 | UInt64(kind.rawValue))
      hasher.combine(
        UInt64(UInt32(bitPattern: deliveryRule)) << 33 | UInt64(unfired) << 1 | (numbered ? 1 : 0))
      hasher.combine(assumed)
    }
  }

  /// The template for decisions like `decision` (a lazy one, whose `parts` these are),
  /// recorded by `record` the first time; nil when such decisions are written the ordinary
  /// way. `record` writes the decision it is given with a hole for the line number when
  /// `numbered`.
  mutating func template(
    _ decision: Decision, _ parts: (hit: LazyHit, unfired: UInt32, assumed: FactMask), numbered: Bool,
    record: (inout JSONWriter, Decision) -> Void
  ) -> JSONTemplate? {
    let key = Key(decision, parts, numbered: numbered)
    if let found = recorded[key] { return found.template }
    guard recorded.count < Self.capacity else { return nil }
    let hit = parts.hit
    var standInHit = LazyHit(
      source: hit.source, tapRule: hit.tapRule, openRule: hit.openRule,
      redirectOpenRule: hit.redirectOpenRule,
      kind: hit.kind, event: hit.event, hook: hit.hook, hooks: hit.hooks,
      eventURL: hit.eventURL.map { _ in Slot.eventURL.standIn },
      redirectURL: hit.redirectURL.map { _ in Slot.redirectURL.standIn })
    standInHit.deliveryRule = hit.deliveryRule
    var standIn = decision.replacingHit(standInHit)
    // Stand-ins are placed as they are: a decision whose URLs need percent-encoding has no
    // template (``Decision/lazyParts``).
    standIn.encodesURLs = false
    standIn.url = decision.rawURL.map { _ in Slot.url.standIn }
    let template = JSONWriter.recordTemplate { record(&$0, standIn) }
    let usable = !template.contains(Slot.escapedPrefix)
    recorded[key] = (hit.source, usable ? template : nil)
    return usable ? template : nil
  }
}
