/// The answer for one situation, with the rule and evidence behind it.
///
/// Everything but `outcome` and `url` lives in one immutable storage object shared by all
/// decisions of the same rule, so returning a decision retains one reference instead of
/// five; setting a field copies the storage first. One note, the redirect hooks of a tap that
/// fire none of them, is kept as the hooks alone and written out when `notes` is read. The
/// JSON form and equality are unchanged by this.
public struct Decision: Sendable, Hashable, Codable {
  /// What the tap or `open(url)` does; ``Outcome/undecided`` when no rule matches.
  public var outcome: Outcome
  /// True when the app's `URL(string:)` percent-encodes what it is given (SDK 17 on iOS 17,
  /// N-8, X-12): `url` reads ``rawURL`` encoded, and a lazy decision's build names its steps'
  /// and other readings' URLs encoded, with a note. Set from the situation's SDK, OS and
  /// platform, a few comparisons, so that no decision scans its URLs before one is read (the
  /// scan cost about 480 instructions a decision). Declared next to `outcome`, in its padding.
  @usableFromInline package var encodesURLs: Bool = false
  /// The redirect hooks none of which fires, 4 bits each (callback index + 1), for the note
  /// `notes` ends with; 0 when there is none. Building that note and a storage object for it
  /// on every such decision cost 365 ns where the decision takes 46. Declared next to
  /// `outcome` so that it fills the padding after it: at four words a decision is returned in
  /// registers, at five through memory (about 90 instructions more per decision).
  private var unfiredHooks: UInt32 = 0
  private var shownPresentation: Presentation?
  /// The URL that opens, as the app or browser receives it under the default reading: the
  /// message URL for an extension launch or the browser, the `open(url)` URL for a container
  /// or other-app launch; nil when the rule hands the app no URL (a user activity, an intent,
  /// a notification response, nothing), and percent-encoded where `URL(string:)` encodes it
  /// (SDK 17 on iOS 17, N-8, X-12).
  public var url: String? {
    get { encodesURLs ? Engine.arriving(rawURL) : rawURL }
    set { rawURL = newValue }
  }
  /// `url` as the tables decided it, before the percent-encoding of ``encodesURLs``.
  @usableFromInline package var rawURL: String?
  /// The fields behind `storage`: shared storage, or the rules of a compiled decision (see
  /// ``CompiledPolicies``), whose fields are built when read.
  private var body: Body

  private enum Body: Sendable {
    case stored(Storage)
    case lazy(LazyHit)
  }

  private var storage: Storage {
    switch body {
    case .stored(let storage): storage
    case .lazy(let hit): hit.decision(url: rawURL, assumed: assumedMask, encodes: encodesURLs).storage
    }
  }
  /// The facts the deciding rule(s) tested that the situation left out, with the default
  /// each took, in catalog order; empty when nothing was assumed.
  ///
  /// Kept as a mask of facts over a table of values the engine shares, and written out when
  /// read: building an array on every decision cost more than the decision itself.
  public var assumed: [AssumedFact] {
    get {
      guard assumedMask != 0, let assumedValues else { return [] }
      var facts: [AssumedFact] = []
      facts.reserveCapacity(assumedMask.nonzeroBitCount)
      var rest = assumedMask
      while rest != 0 {
        let i = rest.trailingZeroBitCount
        if let fact = assumedValues.values[i] { facts.append(fact) }
        rest = rest.droppingLowest
      }
      return facts
    }
    set {
      let table = AssumedValues(newValue)
      update(assumed: newValue.isEmpty ? nil : table) { _ in }
      assumedMask = table.mask
    }
  }
  /// The assumed facts as ``Fact/bit``s; their values are in `assumedValues`.
  private var assumedMask: FactMask = 0
  /// The values of the assumed facts: a stored decision's own (kept in its storage, so that a
  /// decision holds one reference fewer to release), a lazy decision's source's defaults.
  private var assumedValues: AssumedValues? {
    switch body {
    case .stored(let storage): storage.assumedValues
    case .lazy(let hit): hit.source.assumedDefaults
    }
  }

  /// The lifecycle callbacks that fire, in order (extension launches).
  ///
  /// A decision of the built-in tables keeps the rule whose callbacks these are and reads
  /// them from the generated static data when read: its `decide` touches no array (holding
  /// one made the first decision in a process instantiate the runtime's metadata for
  /// `[Callback]`, about 43,000 instructions, before it could return).
  public var callbacks: [Situation.Callback]? {
    @inlinable get { shownCallbacks.key < 0 ? shownCallbacks.array : shownCallbacks.builtInCallbacks() }
    set {
      shownCallbacks = LazyCallbacks(newValue)
      update { $0.callbacks = newValue }
    }
  }
  /// How the extension presents (extension launches).
  public var presentation: Presentation? {
    get { shownPresentation }
    set {
      shownPresentation = newValue
      update { $0.presentation = newValue }
    }
  }
  /// `callbacks`, kept out of the storage as well as in it (see `shownPresentation`): for the
  /// built-in tables, the rule whose static callbacks `callbacks` reads.
  @usableFromInline package var shownCallbacks: LazyCallbacks
  /// The deciding rule as `table/rule-id`; nil when undecided.
  public var rule: String? {
    get { storage.rule }
    set { update { $0.rule = newValue } }
  }
  /// The evidence ids the decision rests on (registered in `evidence.json`).
  public var evidence: [String] {
    get { storage.evidence }
    set { update { $0.evidence = newValue } }
  }
  /// How sure the evidence makes the decision: the weakest of the rules that made it;
  /// nil when undecided.
  public var confidence: Confidence? {
    get {
      if case .lazy(let hit) = body { return hit.confidence }
      return storage.confidence
    }
    set { update { $0.confidence = newValue } }
  }
  /// Notes for the reader: the rule's note, and what composing or a check adds (a message
  /// URL over the length limit, a redirect hook that never fires).
  public var notes: [String] {
    get { unfiredHooks == 0 ? storage.notes : storage.notes + [Self.unfiredNote(unfiredHooks)] }
    set {
      unfiredHooks = 0
      update { $0.notes = newValue }
    }
  }
  /// What the container app is handed and which of its callbacks receive what (the
  /// `handoff` of the surface's rule, then the `delivery` table's `appCallbacks`,
  /// `delivers`, `activityType` and `urlLocation`); nil when no rule says.
  public var delivery: AppDelivery? {
    get { storage.delivery }
    set { update { $0.delivery = newValue } }
  }
  /// The container app's callbacks that fire, in order (``delivery``'s).
  public var appCallbacks: [AppCallback]? { delivery?.appCallbacks }
  /// The container app's callbacks as Apple's documentation names them
  /// (`scene(_:willConnectTo:options:)`), in order; empty when the decision names none.
  public var appCallbackNames: [String] { delivery?.appCallbacks?.map(\.rawValue) ?? [] }
  /// What the container app's callbacks receive (``delivery``'s).
  public var delivers: AppDelivery.Delivered? { delivery?.delivers }
  /// For a composed decision, each decision in turn (the tap, then the redirect's open).
  public var steps: [Decision]? {
    get { storage.steps }
    set { update { $0.steps = newValue } }
  }
  /// On a redirect step, the callback whose code called `open(url)`.
  public var trigger: Situation.Callback? {
    get { storage.trigger }
    set { update { $0.trigger = newValue } }
  }
  /// With `explain`: every rule tried before the hit, and the condition that failed.
  public var trace: [TraceEntry]? {
    get { storage.trace }
    set { update { $0.trace = newValue } }
  }
  /// For a `contested` decision: each other reading of its rule(s), with the evidence for
  /// it (`outcome`, `url`, `callbacks`, `presentation`, `rule`, `evidence`, `notes`).
  public var alternatives: [Decision]? {
    get { storage.alternatives }
    set { update { $0.alternatives = newValue } }
  }

  /// A lazy decision: `outcome` and `url` decided, every other field built from `hit`
  /// when read. `assumed` is the mask of assumed facts (values read from the hit's source),
  /// `unfired` the situation's redirect hooks when none of them fires
  /// (``noteUnfired(mask:)``). Built by the synthesized memberwise initializer, which
  /// returns the value directly (an initializer of its own copies and drops it once more:
  /// about 330 instructions a decision). So it is not inlinable: a generated type's decide in
  /// a client module calls it, and hands over its arguments (`consuming`) rather than copy them.
  @usableFromInline @inline(__always)
  package static func lazy(
    outcome: Outcome, url: consuming String? = nil, callbacks: consuming LazyCallbacks,
    presentation: Presentation?, assumed: FactMask = 0, unfired: UInt8 = 0, encodes: Bool = false,
    hit: consuming LazyHit
  ) -> Decision {
    Decision(
      outcome: outcome, encodesURLs: encodes, unfiredHooks: unfired == 0 ? 0 : packedUnfired(unfired),
      shownPresentation: presentation,
      rawURL: url, body: .lazy(hit), assumedMask: assumed, shownCallbacks: callbacks)
  }

  /// True for a lazy decision whose remarks are kept to be written when its fields are built.
  package var hasPendingRemarks: Bool {
    guard case .lazy(let hit) = body else { return false }
    return hit.remarks != nil
  }

  /// Keeps `remarks` to append to the notes when they are read, if the decision is lazy and
  /// has no pending note of unfired hooks (which the remarks must follow); false otherwise.
  package mutating func deferRemarks(_ remarks: PendingRemarks) -> Bool {
    guard unfiredHooks == 0, case .lazy(var hit) = body, hit.remarks == nil else { return false }
    hit.remarks = remarks
    body = .lazy(hit)
    return true
  }

  /// `noteUnfired` for the hooks of `mask` (bit `i`: `Hook.allCases[i]`), from a table
  /// made once, without building the list of hooks.
  package mutating func noteUnfired(mask: UInt8) {
    unfiredHooks = Self.packedUnfired(mask)
  }

  /// The hooks of `mask` packed as `unfiredHooks` packs them.
  fileprivate static func packedUnfired(_ mask: UInt8) -> UInt32 {
    let table = unfiredByMask
    return table.indices.contains(Int(mask)) ? table[Int(mask)] : 0
  }

  /// Per hook mask, the hooks packed as `unfiredHooks` packs them.
  private static let unfiredByMask: [UInt32] = {
    let hooks = Situation.Redirect.Hook.allCases
    return (0..<(1 << min(hooks.count, 7))).map { mask in
      var packed: UInt32 = 0
      var shift: UInt32 = 0
      for (i, hook) in hooks.enumerated() where mask & (1 << i) != 0 {
        let number = (callbacks.firstIndex(of: hook.callback) ?? -1) + 1
        packed |= UInt32(truncatingIfNeeded: number) << shift
        shift += 4
      }
      return packed
    }
  }()

  /// Ends the notes with "none of the redirect hooks (...) fires on this tap", written out
  /// when `notes` is read (at most seven hooks are kept that way; more are written now).
  package mutating func noteUnfired(_ hooks: [Callback]) {
    if unfiredHooks != 0 {
      let written = notes  // a note already pending is written out first
      notes = written
    }
    var packed: UInt32 = 0
    for (i, hook) in hooks.enumerated() {
      guard i < 7, let index = Self.callbacks.firstIndex(of: hook) else {
        notes.append(Self.unfiredNote(hooks))
        return
      }
      packed |= UInt32(truncatingIfNeeded: index + 1) << UInt32(4 * i)
    }
    guard packed != 0 else {
      notes.append(Self.unfiredNote(hooks))
      return
    }
    unfiredHooks = packed
  }

  private static let callbacks = Callback.allCases

  private static func unfiredNote(_ packed: UInt32) -> String {
    var hooks: [Callback] = []
    var rest = packed
    while rest & 0xF != 0 {
      let index = Int(rest & 0xF) - 1
      if index < callbacks.count { hooks.append(callbacks[index]) }
      rest >>= 4
    }
    return unfiredNote(hooks)
  }

  private static func unfiredNote(_ hooks: [Callback]) -> String {
    let listed = hooks.map(\.rawValue).joined(separator: ", ")
    return "none of the redirect hooks (\(listed)) fires on this tap, so open(url) is never called"
  }

  /// Equal when every field reads the same, whether a note is pending or written out.
  public static func == (a: Decision, b: Decision) -> Bool {
    guard a.outcome == b.outcome, a.url == b.url, a.assumedMask == b.assumedMask,
      a.assumedMask == 0 || a.assumed == b.assumed
    else { return false }
    if case .lazy(let x) = a.body, case .lazy(let y) = b.body, x.same(as: y),
      a.unfiredHooks == b.unfiredHooks, a.encodesURLs == b.encodesURLs
    {
      return true
    }
    if a.unfiredHooks == b.unfiredHooks { return a.storage == b.storage }
    return a.writtenOut.storage == b.writtenOut.storage
  }

  /// Hashes what equality compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(outcome)
    hasher.combine(url)
    hasher.combine(assumedMask)
    hasher.combine(writtenOut.storage)
  }

  /// The same decision with a pending note written into the storage.
  private var writtenOut: Decision {
    guard unfiredHooks != 0 else { return self }
    var copy = self
    copy.notes = notes
    return copy
  }

  /// The decision without any trace, at every depth (what `decide` returns).
  public var withoutTrace: Decision {
    var copy = self
    if trace != nil { copy.trace = nil }
    if let steps { copy.steps = steps.map(\.withoutTrace) }
    return copy
  }

  /// The fields behind the storage object.
  package struct Fields: Sendable, Hashable {
    package var callbacks: [Callback]?
    package var presentation: Presentation?
    package var delivery: AppDelivery?
    package var rule: String?
    package var evidence: [String]
    package var confidence: Confidence?
    package var notes: [String]
    package var steps: [Decision]?
    package var trigger: Callback?
    package var trace: [TraceEntry]?
    package var alternatives: [Decision]?
  }

  /// Immutable, so sharing it between threads and decisions is safe.
  package final class Storage: Sendable, Hashable {
    package let fields: Fields
    /// The values of the decision's assumed facts (not part of equality: the decision
    /// compares its `assumed`).
    package let assumedValues: AssumedValues?
    package init(_ fields: Fields, assumedValues: AssumedValues? = nil) {
      self.fields = fields
      self.assumedValues = assumedValues
    }
    package var callbacks: [Callback]? { fields.callbacks }
    package var presentation: Presentation? { fields.presentation }
    package var delivery: AppDelivery? { fields.delivery }
    package var rule: String? { fields.rule }
    package var evidence: [String] { fields.evidence }
    package var confidence: Confidence? { fields.confidence }
    package var notes: [String] { fields.notes }
    package var steps: [Decision]? { fields.steps }
    package var trigger: Callback? { fields.trigger }
    package var trace: [TraceEntry]? { fields.trace }
    package var alternatives: [Decision]? { fields.alternatives }
    package static func == (a: Storage, b: Storage) -> Bool { a === b || a.fields == b.fields }
    package func hash(into hasher: inout Hasher) { hasher.combine(fields) }
  }

  private mutating func update(_ change: (inout Fields) -> Void) {
    update(assumed: assumedMask == 0 ? nil : assumedValues, change)
  }

  /// `update`, with `assumed` as the new storage's assumed values.
  private mutating func update(assumed: AssumedValues?, _ change: (inout Fields) -> Void) {
    var fields = storage.fields
    change(&fields)
    body = .stored(Storage(fields, assumedValues: assumed))
  }

  private enum CodingKeys: String, CodingKey {
    case outcome, url, callbacks, presentation, handoff, appCallbacks, delivers, activityType, urlLocation
    case rule, evidence, confidence, confidenceFrom, assumed, alternatives, notes, steps
    case trigger, trace
  }

  /// The decision with its fields built once. A compiled decision builds them from its rules
  /// on every read, which is what a caller reading one field wants; a reader of many (the JSON
  /// writers) takes this first and builds them once. Equal to `self`.
  package var materialized: Decision {
    guard case .lazy = body else { return self }
    var copy = self
    copy.update { _ in }
    return copy
  }

  /// Encodes the JSON form of the README; nil fields are left out.
  public func encode(to encoder: any Encoder) throws {
    guard case .stored = body else { return try materialized.encode(to: encoder) }
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(outcome, forKey: .outcome)
    try c.encodeIfPresent(url, forKey: .url)
    try c.encodeIfPresent(callbacks, forKey: .callbacks)
    try c.encodeIfPresent(presentation, forKey: .presentation)
    if let delivery {
      try c.encodeIfPresent(delivery.handoff, forKey: .handoff)
      try c.encodeIfPresent(delivery.appCallbacks, forKey: .appCallbacks)
      try c.encodeIfPresent(delivery.delivers, forKey: .delivers)
      try c.encodeIfPresent(delivery.activityType, forKey: .activityType)
      try c.encodeIfPresent(delivery.urlLocation, forKey: .urlLocation)
    }
    try c.encodeIfPresent(rule, forKey: .rule)
    try c.encode(evidence, forKey: .evidence)
    try c.encodeIfPresent(confidence, forKey: .confidence)
    try c.encodeIfPresent(confidenceFrom, forKey: .confidenceFrom)
    if !assumed.isEmpty { try c.encode(AssumedFacts(facts: assumed), forKey: .assumed) }
    try c.encodeIfPresent(alternatives, forKey: .alternatives)
    try c.encode(notes, forKey: .notes)
    try c.encodeIfPresent(steps?.map(DecisionStep.init), forKey: .steps)
    try c.encodeIfPresent(trigger, forKey: .trigger)
    try c.encodeIfPresent(trace, forKey: .trace)
  }
}

extension Decision {
  /// One rule tried before the deciding one, and the first of its conditions that failed.
  public struct TraceEntry: Sendable, Hashable, Codable {
    /// `table/rule-id`.
    public var rule: String
    /// The fact whose condition failed.
    public var fact: Fact
    /// The condition as written in the table (`false`, `[iOS, iPadOS]`, `>=10`).
    public var expected: String
    /// The situation's value of the fact.
    public var actual: String

    /// A trace entry from its parts.
    public init(rule: String, fact: Fact, expected: String, actual: String) {
      self.rule = rule
      self.fact = fact
      self.expected = expected
      self.actual = actual
    }
  }
}

extension Decision {
  /// A fact a decision took by default, and the value it stood for.
  public struct AssumedFact: Sendable, Hashable {
    /// The fact the situation did not give.
    public var fact: Fact
    /// The default the decision took for it.
    public var value: Value

    /// A default value as the JSON writes it: a boolean, or a name or version as text.
    public enum Value: Sendable, Hashable, CustomStringConvertible {
      case bool(Bool)
      case text(String)

      /// The value as written: `true`, `iOS`, `17`.
      public var description: String {
        switch self {
        case .bool(let b): b ? "true" : "false"
        case .text(let t): t
        }
      }
    }

    /// An assumed fact from its parts.
    public init(fact: Fact, value: Value) {
      self.fact = fact
      self.value = value
    }
  }
}

extension Decision {
  /// Sets `assumed` to the facts of `mask`, with their values from `values` (shared, so
  /// nothing is allocated).
  package mutating func setAssumed(_ mask: FactMask, from values: AssumedValues) {
    update(assumed: mask == 0 ? nil : values) { _ in }
    assumedMask = mask
  }
}

/// A value per fact (indexed by the fact's bit), shared by the decisions of one engine.
package final class AssumedValues: Sendable {
  package let values: [AssumedFact?]
  /// The facts that have a value.
  package let mask: FactMask

  package init(_ facts: [AssumedFact]) {
    var values = [AssumedFact?](repeating: nil, count: FactMask.bitWidth)
    var mask: FactMask = 0
    for fact in facts {
      let i = fact.fact.bit.trailingZeroBitCount
      if values.indices.contains(i) {
        values[i] = fact
        mask |= fact.fact.bit
      }
    }
    self.values = values
    self.mask = mask
  }
}

/// `assumed` in JSON: one object, keys in catalog order (`{"platform": "iOS", ...}`).
package struct AssumedFacts: Codable {
  package var facts: [AssumedFact]

  package init(facts: [AssumedFact]) { self.facts = facts }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  package init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: Key.self)
    facts = try Fact.allCases.compactMap { fact in
      let key = Key(stringValue: fact.rawValue)
      guard c.contains(key) else { return nil }
      if let b = try? c.decode(Bool.self, forKey: key) { return AssumedFact(fact: fact, value: .bool(b)) }
      return AssumedFact(fact: fact, value: .text(try c.decode(String.self, forKey: key)))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: Key.self)
    for item in facts {
      switch item.value {
      case .bool(let b): try c.encode(b, forKey: Key(stringValue: item.fact.rawValue))
      case .text(let t): try c.encode(t, forKey: Key(stringValue: item.fact.rawValue))
      }
    }
  }
}

// Initializers live in an extension, so that the struct keeps its synthesized memberwise
// initializer (used by `lazy`).
extension Decision {
  /// A decision from its parts (the engine builds them; a client may, to compare or test).
  public init(
    outcome: Outcome, url: String? = nil, callbacks: [Situation.Callback]? = nil,
    presentation: Presentation? = nil,
    rule: String? = nil, evidence: [String] = [], confidence: Confidence? = nil, notes: [String] = [],
    steps: [Decision]? = nil, trigger: Situation.Callback? = nil, trace: [TraceEntry]? = nil,
    alternatives: [Decision]? = nil, assumed: [AssumedFact] = [], delivery: AppDelivery? = nil
  ) {
    self.outcome = outcome
    self.rawURL = url
    shownCallbacks = LazyCallbacks(callbacks)
    shownPresentation = presentation
    body = .stored(
      Storage(
        Fields(
          callbacks: callbacks, presentation: presentation, delivery: delivery, rule: rule,
          evidence: evidence,
          confidence: confidence,
          notes: notes, steps: steps, trigger: trigger, trace: trace, alternatives: alternatives)))
    if !assumed.isEmpty { self.assumed = assumed }
  }

  /// Decodes the JSON form `decide --json` prints; absent fields take their defaults.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      outcome: try c.decode(Outcome.self, forKey: .outcome),
      url: try c.decodeIfPresent(String.self, forKey: .url),
      callbacks: try c.decodeIfPresent([Callback].self, forKey: .callbacks),
      presentation: try c.decodeIfPresent(Presentation.self, forKey: .presentation),
      rule: try c.decodeIfPresent(String.self, forKey: .rule),
      evidence: try c.decodeIfPresent([String].self, forKey: .evidence) ?? [],
      confidence: try c.decodeIfPresent(Confidence.self, forKey: .confidence),
      notes: try c.decodeIfPresent([String].self, forKey: .notes) ?? [],
      steps: try c.decodeIfPresent([Decision].self, forKey: .steps),
      trigger: try c.decodeIfPresent(Callback.self, forKey: .trigger),
      trace: try c.decodeIfPresent([TraceEntry].self, forKey: .trace),
      alternatives: try c.decodeIfPresent([Decision].self, forKey: .alternatives),
      assumed: try c.decodeIfPresent(AssumedFacts.self, forKey: .assumed)?.facts ?? [],
      delivery: try Self.decodeDelivery(c))
  }

  /// The delivery fields of a decoded decision; nil when it has none.
  private static func decodeDelivery(_ c: KeyedDecodingContainer<CodingKeys>) throws -> AppDelivery? {
    let delivery = AppDelivery(
      handoff: try c.decodeIfPresent(Situation.Handoff.self, forKey: .handoff),
      appCallbacks: try c.decodeIfPresent([AppCallback].self, forKey: .appCallbacks),
      delivers: try c.decodeIfPresent(Delivered.self, forKey: .delivers),
      activityType: try c.decodeIfPresent(String.self, forKey: .activityType),
      urlLocation: try c.decodeIfPresent(String.self, forKey: .urlLocation))
    return delivery.isEmpty ? nil : delivery
  }
}

/// A decision's callbacks: an array, or for the built-in tables the rule whose static
/// callbacks to read when they are read. (A type generated in a client module keeps the
/// array its code returns: reading it through the protocol's witness on every read would
/// cost more than the array does.)
@usableFromInline
package struct LazyCallbacks: Sendable {
  @usableFromInline package let array: [Situation.Callback]?
  /// The rule of the built-in tables whose callbacks these are; -1: `array`.
  @usableFromInline package let key: Int32
  /// The table of that rule (kept as the event itself: finding it from its index read
  /// `Event.allCases` on every read of the callbacks).
  @usableFromInline package let event: Situation.Event

  @inlinable
  package init(array: [Situation.Callback]?, key: Int32, event: Situation.Event = .tap) {
    self.array = array
    self.key = key
    self.event = event
  }

  /// Callbacks held as they are.
  package init(_ array: [Situation.Callback]?) {
    self.init(array: array, key: -1)
  }

  /// The callbacks of rule `rule` of `event`'s table of `Policies`: for the built-in tables
  /// kept as the rule alone. `public` in an internal type (so internal in effect) because
  /// only a public declaration can be `@_spi`, which its `CompiledPolicies` bound needs.
  @_spi(Generated) @inlinable @inline(__always)
  public static func rule<Policies: CompiledPolicies>(
    _ rule: Int, of event: Situation.Event, in _: Policies.Type
  )
    -> LazyCallbacks
  {
    ObjectIdentifier(Policies.self) == builtIn
      ? LazyCallbacks(array: nil, key: Int32(truncatingIfNeeded: rule), event: event)
      : LazyCallbacks(array: Policies.callbacks(event, rule), key: -1)
  }

  /// The built-in generated type.
  @usableFromInline package static var builtIn: ObjectIdentifier {
    ObjectIdentifier(CompiledBuiltinPolicies.self)
  }

  /// No callbacks.
  @inlinable
  package static var none: LazyCallbacks { LazyCallbacks(array: nil, key: -1) }

  /// The callbacks of the built-in rule `key` names.
  @usableFromInline
  package func builtInCallbacks() -> [Situation.Callback]? {
    CompiledBuiltinPolicies.callbacks(event, Int(key))
  }
}

// What the JSON writer's templates read of a lazy decision (`Rendering/DecisionTemplates.swift`).
extension Decision {
  /// A lazy decision's hit, with what the decision keeps beside it that its JSON shows: the
  /// pending note of unfired redirect hooks (packed) and the assumed facts. Nil for a stored
  /// decision, and for one whose assumed values were set by hand rather than its source's.
  package var lazyParts: (hit: LazyHit, unfired: UInt32, assumed: FactMask)? {
    // Remarks are the situation's own, not the rules': a remarked decision has no template;
    // nor has one whose URLs arrive percent-encoded, with a note quoting them.
    guard case .lazy(let hit) = body, hit.remarks == nil else { return nil }
    if encodesURLs,
      Engine.needsEncoding(rawURL) || Engine.needsEncoding(hit.eventURL)
        || Engine.needsEncoding(hit.redirectURL)
    {
      return nil
    }
    return (hit, unfiredHooks, assumedMask)
  }

  /// The same lazy decision with `hit` in place of its own; a stored decision as it is.
  package func replacingHit(_ hit: LazyHit) -> Decision {
    guard case .lazy = body else { return self }
    var copy = self
    copy.body = .lazy(hit)
    return copy
  }
}
