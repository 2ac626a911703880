/// The answer for one situation, with the rule and evidence behind it.
///
/// Everything but `outcome` and `url` lives in one immutable storage object shared by all
/// decisions of the same rule, so returning a decision retains one reference instead of
/// five; setting a field copies the storage first. One note, the redirect hooks of a tap that
/// fire none of them, is kept as the hooks alone and written out when `notes` is read. The
/// JSON form and equality are unchanged by this.
public struct Decision: Sendable, Hashable, Codable {
  public var outcome: Outcome
  /// The redirect hooks none of which fires, 4 bits each (callback index + 1), for the note
  /// `notes` ends with; 0 when there is none. Building that note and a storage object for it
  /// on every such decision cost 365 ns where the decision takes 46. Declared next to
  /// `outcome` so that it fills the padding after it: at four words a decision is returned in
  /// registers, at five through memory (about 90 instructions more per decision).
  private var unfiredHooks: UInt32 = 0
  /// The URL that opens: the message URL for an extension launch or the browser, the
  /// `open(url)` URL for a container or other-app launch.
  public var url: String?
  /// The fields behind `storage`: shared storage, or the rules of a compiled decision (see
  /// ``CompiledPolicies``), whose fields are built when read.
  private var body: Body

  private enum Body: Sendable {
    case stored(Storage)
    case compiled(CompiledHit)
  }

  private var storage: Storage {
    switch body {
    case .stored(let storage): storage
    case .compiled(let hit): hit.decision(url: url).storage
    }
  }

  /// The lifecycle callbacks that fire, in order (extension launches).
  public var callbacks: [Situation.Callback]? {
    get {
      if case .compiled(let hit) = body { return hit.callbacks }
      return storage.callbacks
    }
    set { update { $0.callbacks = newValue } }
  }
  public var presentation: Presentation? {
    get {
      if case .compiled(let hit) = body { return hit.presentation }
      return storage.presentation
    }
    set { update { $0.presentation = newValue } }
  }
  /// The deciding rule as `table/rule-id`; nil when undecided.
  public var rule: String? {
    get { storage.rule }
    set { update { $0.rule = newValue } }
  }
  public var evidence: [String] {
    get { storage.evidence }
    set { update { $0.evidence = newValue } }
  }
  public var confidence: Confidence? {
    get {
      if case .compiled(let hit) = body { return hit.confidence }
      return storage.confidence
    }
    set { update { $0.confidence = newValue } }
  }
  public var notes: [String] {
    get { unfiredHooks == 0 ? storage.notes : storage.notes + [Self.unfiredNote(unfiredHooks)] }
    set {
      unfiredHooks = 0
      update { $0.notes = newValue }
    }
  }
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

  public init(
    outcome: Outcome, url: String? = nil, callbacks: [Situation.Callback]? = nil,
    presentation: Presentation? = nil,
    rule: String? = nil, evidence: [String] = [], confidence: Confidence? = nil, notes: [String] = [],
    steps: [Decision]? = nil, trigger: Situation.Callback? = nil, trace: [TraceEntry]? = nil
  ) {
    self.outcome = outcome
    self.url = url
    body = .stored(
      Storage(
        Fields(
          callbacks: callbacks, presentation: presentation, rule: rule, evidence: evidence,
          confidence: confidence,
          notes: notes, steps: steps, trigger: trigger, trace: trace)))
  }

  /// A compiled decision: `outcome` and `url` decided, every other field read from `hit`.
  init(outcome: Outcome, url: String? = nil, compiled hit: CompiledHit) {
    self.outcome = outcome
    self.url = url
    body = .compiled(hit)
  }

  /// `noteUnfired` for the hooks of `mask` (bit `i`: `Hook.allCases[i]`), from a table
  /// made once, without building the list of hooks.
  mutating func noteUnfired(mask: UInt8) {
    let table = Self.unfiredByMask
    unfiredHooks = table.indices.contains(Int(mask)) ? table[Int(mask)] : 0
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
  mutating func noteUnfired(_ hooks: [Callback]) {
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
    guard a.outcome == b.outcome, a.url == b.url else { return false }
    if case .compiled(let x) = a.body, case .compiled(let y) = b.body, x.same(as: y),
      a.unfiredHooks == b.unfiredHooks
    {
      return true
    }
    if a.unfiredHooks == b.unfiredHooks { return a.storage == b.storage }
    return a.writtenOut.storage == b.writtenOut.storage
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(outcome)
    hasher.combine(url)
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
  struct Fields: Sendable, Hashable {
    var callbacks: [Callback]?
    var presentation: Presentation?
    var rule: String?
    var evidence: [String]
    var confidence: Confidence?
    var notes: [String]
    var steps: [Decision]?
    var trigger: Callback?
    var trace: [TraceEntry]?
  }

  /// Immutable, so sharing it between threads and decisions is safe.
  final class Storage: Sendable, Hashable {
    let fields: Fields
    init(_ fields: Fields) { self.fields = fields }
    var callbacks: [Callback]? { fields.callbacks }
    var presentation: Presentation? { fields.presentation }
    var rule: String? { fields.rule }
    var evidence: [String] { fields.evidence }
    var confidence: Confidence? { fields.confidence }
    var notes: [String] { fields.notes }
    var steps: [Decision]? { fields.steps }
    var trigger: Callback? { fields.trigger }
    var trace: [TraceEntry]? { fields.trace }
    static func == (a: Storage, b: Storage) -> Bool { a === b || a.fields == b.fields }
    func hash(into hasher: inout Hasher) { hasher.combine(fields) }
  }

  private mutating func update(_ change: (inout Fields) -> Void) {
    var fields = storage.fields
    change(&fields)
    body = .stored(Storage(fields))
  }

  private enum CodingKeys: String, CodingKey {
    case outcome, url, callbacks, presentation, rule, evidence, confidence, notes, steps, trigger, trace
  }

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
      trace: try c.decodeIfPresent([TraceEntry].self, forKey: .trace))
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(outcome, forKey: .outcome)
    try c.encodeIfPresent(url, forKey: .url)
    try c.encodeIfPresent(callbacks, forKey: .callbacks)
    try c.encodeIfPresent(presentation, forKey: .presentation)
    try c.encodeIfPresent(rule, forKey: .rule)
    try c.encode(evidence, forKey: .evidence)
    try c.encodeIfPresent(confidence, forKey: .confidence)
    try c.encode(notes, forKey: .notes)
    try c.encodeIfPresent(steps, forKey: .steps)
    try c.encodeIfPresent(trigger, forKey: .trigger)
    try c.encodeIfPresent(trace, forKey: .trace)
  }
}

/// One rule tried before the deciding one, and the first of its conditions that failed.
public struct TraceEntry: Sendable, Hashable, Codable {
  /// `table/rule-id`.
  public var rule: String
  public var fact: Fact
  /// The condition as written in the table (`false`, `[iOS, iPadOS]`, `>=10`).
  public var expected: String
  /// The situation's value of the fact.
  public var actual: String

  public init(rule: String, fact: Fact, expected: String, actual: String) {
    self.rule = rule
    self.fact = fact
    self.expected = expected
    self.actual = actual
  }
}
