@_spi(Generated) import TapRoute
import TapRouteAASA

// The DocC article "What a tap does": one section per edge case, each rendered from the
// tables, their fixtures and the evidence registry, so the article says what the engine
// decides and cannot drift from it.

/// Renders the DocC article `WhatATapDoes.md` from a policy set and the engine built on it.
///
/// The front matter is written here; the sections come from the policy files (each table
/// file's `guide` sections, each rule's `guide` naming its section, and the fixture rows a
/// row's `guide` places: ``sections(_:)``), and so does everything a section says about a
/// rule: the situation is the fixture row marked as the rule's, or the first row that names
/// the rule, the outcome is what the engine decides for it, the why is the rule's note, the
/// evidence is the rule's ids with their claims and source links. A rule that names no
/// section still gets one (per table, in rule order), and a rule without a fixture fails the
/// rendering, so the article covers every rule.
package enum TapGuide {
  /// What `taproute table --format guide` prints for `engine`'s policies.
  package static func article(_ engine: Engine) throws(Failure) -> String {
    var renderer = Renderer(engine: engine)
    var out = frontMatter
    for section in sections(engine.policies) {
      out += renderer.section(section)
    }
    out += renderer.unplaced()
    out += closingMatter
    if !renderer.problems.isEmpty { throw Failure(problems: renderer.problems) }
    return out.joined(separator: "\n") + "\n"
  }

  /// Why the article cannot be rendered: rules no fixture names.
  package struct Failure: Error, Sendable {
    package var problems: [String]
  }

  /// A section of the article: a title, an introduction, and what it shows.
  struct Section: Sendable {
    var title: String
    var introduction: String
    var items: [Item]
  }

  /// What a section shows: a rule (through the first fixture that names it, or the named
  /// fixture when it names the rule, with the rule's note and evidence), or one more fixture
  /// row (its situation and decision only).
  enum Item: Sendable, Hashable {
    case rule(String, fixture: String? = nil)
    case fixture(String)
  }

  /// The refresh command, as the article and its drift test print it.
  package static let command =
    "swift run taproute table Policies --format guide > Sources/TapRoute/TapRoute.docc/WhatATapDoes.md"

  private static let frontMatter: [String] = [
    "# What a tap does",
    "",
    "Every edge case the decision tables know, one section each: the situation, what happens,",
    "why, the evidence with links, and what is contested.",
    "",
    "## Overview",
    "",
    "This article is generated from the decision tables, their fixtures and the evidence registry",
    "by `\(command)`; a test fails when it drifts.",
    "The policy files declare its sections (a table file's `guide`) and the section of each rule",
    "(the rule's `guide`); a section shows its rules in table order, the order the engine tries",
    "them.",
    "Each rule's situation is a row of `Policies/fixtures.json` that names the rule (the first,",
    "unless a row is marked as its situation), written as the situation JSON TapRoute reads;",
    "**Assumed** lists the facts the deciding rules tested that the situation left out, with the",
    "defaults used. The outcome is what the engine decides for it, so the article says what the",
    "library answers. A contested rule lists its evidence against and each other reading.",
    "",
    "Confidence is one of `documented` (Apple says so), `several` (independent reports agree),",
    "`single` (one report), `inferred` (reasoned, not observed) and `contested` (reports disagree:",
    "the rule's note says which reading TapRoute takes and why). The evidence ids are those of",
    "<doc:Evidence>, where every entry lists all its sources. Under each source stand its own",
    "words behind the claim (with an English rendering when they are not English).",
    "",
  ]

  private static let closingMatter: [String] = [
    "## What TapRoute does not know",
    "",
    "No public source describes these situations, and the tables model none of them as a fact of",
    "its own, so they are decided like the situation they most resemble; treat such an answer as",
    "`inferred`: the Messages App Store after iOS 17; apps installed from TestFlight; group",
    "conversations (decided as one-to-one); Focus and Screen Time limits; offloaded apps (their",
    "icon stays, the code is gone).",
    "",
  ]

  /// The sections in reading order, as the policy files declare them: each table file's `guide`
  /// sections (``GuideSection``), the tables in event order. A section opens with the fixture
  /// rows placed at its start (`"guide": {"section": ...}`), then shows every rule that names
  /// it, table by table in rule order, each through the row marked as its situation
  /// (`"guide": {"rule": true}`) or else the first row that expects it, and followed by the rows
  /// placed after it (`"guide": {"after": ...}`).
  static func sections(_ policies: PolicySet) -> [Section] {
    let tables = TableDocument.ordered(policies.tables)
    let placement = Placement(policies)
    return tables.flatMap(\.guide).map { section in
      var items = policies.fixtures.filter { $0.guide == .section(section.id) }.map { Item.fixture($0.name) }
      for table in tables {
        for rule in table.rules where rule.guide == section.id {
          items += placement.items(table.name + "/" + rule.id)
        }
      }
      return Section(title: section.title, introduction: section.introduction, items: items)
    }
  }

  /// Which fixture rows the policies place beside each rule.
  struct Placement {
    /// For a rule (`table/rule-id`), the row marked as its situation.
    var situation: [String: String] = [:]
    /// For a rule, the rows placed after it, in file order.
    var after: [String: [String]] = [:]

    init(_ policies: PolicySet) {
      for fixture in policies.fixtures {
        switch fixture.guide {
        case .rule?: if let rule = fixture.expected.rule { situation[rule] = situation[rule] ?? fixture.name }
        case .after(let rule)?: after[rule, default: []].append(fixture.name)
        case .section?, nil: break
        }
      }
    }

    /// A rule's block and the rows that follow it.
    func items(_ reference: String) -> [Item] {
      [.rule(reference, fixture: situation[reference])] + (after[reference] ?? []).map(Item.fixture)
    }
  }

  // MARK: - Rendering

  private struct Renderer {
    let engine: Engine
    var problems: [String] = []
    var placed: Set<String> = []

    init(engine: Engine) {
      self.engine = engine
    }

    var policies: PolicySet { engine.policies }

    /// Every `table/rule` of the policies, in table order then rule order.
    var allRules: [(table: DecisionTable, rule: Rule)] {
      TableDocument.ordered(policies.tables).flatMap { table in table.rules.map { (table, $0) } }
    }

    mutating func section(_ section: Section) -> [String] {
      let body = items(section.items)
      guard !body.isEmpty else { return [] }
      return ["## \(section.title)", "", Escaping.markdown(section.introduction), ""] + body
    }

    /// The blocks of `items`: a rule's (once in the article), or a fixture row's.
    mutating func items(_ items: [Item]) -> [String] {
      var body: [String] = []
      for item in items {
        switch item {
        case .rule(let reference, let name):
          guard let (table, rule) = lookup(reference), !placed.contains(reference) else { continue }
          placed.insert(reference)
          body += ruleBlock(table, rule, fixture: name)
        case .fixture(let name):
          guard let fixture = policies.fixtures.first(where: { $0.name == name }) else { continue }
          body += fixtureBlock(fixture)
        }
      }
      return body
    }

    /// Sections for the rules that name no guide section, one per table.
    mutating func unplaced() -> [String] {
      var out: [String] = []
      let placement = Placement(policies)
      for table in TableDocument.ordered(policies.tables) {
        let rest = table.rules.filter { !placed.contains(table.name + "/" + $0.id) }
        guard !rest.isEmpty else { continue }
        out += [
          "## Other rules of the \(table.name) table", "",
          "Rules of `\(table.file)` that no section above groups, in rule order.", "",
        ]
        out += items(rest.flatMap { placement.items(table.name + "/" + $0.id) })
      }
      return out
    }

    func lookup(_ reference: String) -> (DecisionTable, Rule)? {
      let parts = reference.split(separator: "/", maxSplits: 1).map(String.init)
      guard parts.count == 2, let table = policies.tables.first(where: { $0.name == parts[0] }),
        let rule = table.rules.first(where: { $0.id == parts[1] })
      else { return nil }
      return (table, rule)
    }

    mutating func ruleBlock(_ table: DecisionTable, _ rule: Rule, fixture name: String? = nil) -> [String] {
      let reference = table.name + "/" + rule.id
      let naming = policies.fixtures.filter { $0.expected.rule == reference }
      guard let fixture = naming.first(where: { $0.name == name }) ?? naming.first else {
        problems.append(
          "rule \(reference) has no fixture, so the article has no situation for it; add a row to \(policies.fixturesFile) (taproute test --coverage lists such rules)"
        )
        return []
      }
      let readings = rule.alternatives.map {
        Decision(
          outcome: $0.then.outcome, callbacks: $0.then.callbacks, presentation: $0.then.presentation,
          rule: reference, evidence: $0.evidence, notes: $0.note.map { [$0] } ?? [],
          delivery: $0.then.delivery)
      }
      var out = fixtureBlock(fixture, why: rule.note, readings: readings)
      out += supportList(rule)
      out += evidenceList("Evidence", rule.evidence)
      if !rule.against.isEmpty {
        out += evidenceList("Evidence against", rule.against)
      }
      let shown = Set(rule.evidence + rule.against)
      var other: [String] = []
      for id in rule.alternatives.flatMap(\.evidence) where !shown.contains(id) && !other.contains(id) {
        other.append(id)
      }
      out += evidenceList("Evidence for the other reading", other)
      if rule.confidence == .contested && rule.alternatives.isEmpty {
        out += [
          "**Contested** The sources disagree; the note above says which reading the rule takes and why.",
          "",
        ]
      }
      return out
    }

    /// The fixture's name as a heading, its situation, what the engine decides for it, and why:
    /// `why` (the rule's note) when given, then the decision's other notes; then the other
    /// readings of a contested decision, or `readings` (the rule's own) when it lists none.
    func fixtureBlock(_ fixture: Fixture, why: String? = nil, readings: [Decision] = []) -> [String] {
      let decision = engine.decide(fixture.situation)
      var out = [
        "### " + Escaping.markdown(title(fixture)), "",
        "**Situation** " + Escaping.markdownCode(fixture.situation.minimalJSON), "",
      ]
      if !decision.assumed.isEmpty {
        out += [
          "**Assumed** (not given, so the default): "
            + decision.assumed.map {
              "\(Escaping.markdownCode($0.fact.rawValue)) \(Escaping.markdown($0.value.description))"
            }
            .joined(separator: ", ") + ".",
          "",
        ]
      }
      out += ["**Outcome** " + outcomeLine(decision), ""]
      if let steps = decision.steps {
        let listed = steps.enumerated().map { i, step in
          let what = step.trigger.map { "`open(url)` in \(Escaping.markdownCode($0.rawValue))" } ?? "the tap"
          return
            "\(i + 1). \(what): \(Escaping.markdownCode(step.outcome.rawValue)) by \(Escaping.markdownCode(step.rule ?? "no rule"))"
        }
        out += ["**Steps**", ""] + listed + [""]
      }
      let notes = (why.map { [$0] } ?? []) + decision.notes.filter { $0 != why }
      if !notes.isEmpty {
        out += ["**Why** " + notes.map(sentence).joined(separator: " "), ""]
      }
      let alternatives = decision.alternatives ?? readings
      if !alternatives.isEmpty {
        out += ["**Contested** The other reading" + (alternatives.count == 1 ? ":" : "s:"), ""]
        out += alternatives.map { "- " + readingLine($0) }
        out.append("")
      }
      return out
    }

    /// `extensionLaunch`, presented `expanded`; callbacks ...; rule `tap/launch` (documented).
    func outcomeLine(_ decision: Decision) -> String {
      var line = what(decision)
      if let url = decision.url {
        line += "; URL " + Escaping.markdownCode(url)
      }
      line += ". Rule " + Escaping.markdownCode(decision.rule ?? "none")
      if let confidence = decision.confidence {
        line += " (\(confidence.rawValue))"
      }
      return line + "."
    }

    /// The outcome, its phrase, and the extension's presentation and callbacks: its own for a
    /// launch, those before `open(url)` for a redirect.
    func what(_ decision: Decision) -> String {
      var line = Escaping.markdownCode(decision.outcome.rawValue) + ": " + phrase(decision.outcome)
      let callbacks = decision.callbacks.map {
        $0.isEmpty
          ? "no callback fires"
          : "callbacks " + $0.map { Escaping.markdownCode($0.rawValue) }.joined(separator: ", ")
      }
      if decision.outcome == .extensionLaunch {
        if let presentation = decision.presentation {
          line += ", presented " + Escaping.markdownCode(presentation.rawValue)
        }
        if let callbacks { line += "; " + callbacks }
      } else if decision.presentation != nil || callbacks != nil {
        line += ", after the extension"
        if let presentation = decision.presentation {
          line += " is presented " + Escaping.markdownCode(presentation.rawValue)
        }
        if let callbacks { line += " (" + callbacks + ")" }
      }
      if let delivered = deliveryPhrase(decision.delivery) {
        line += "; " + delivered
      }
      return line
    }

    /// The container app's callbacks and what they receive, for a decision that names them:
    /// "app callbacks `scene(_:willConnectTo:options:)` receive `url`, the URL in ...".
    func deliveryPhrase(_ delivery: AppDelivery?) -> String? {
      guard let delivery, let callbacks = delivery.appCallbacks else { return nil }
      guard !callbacks.isEmpty else { return "no app callback receives anything" }
      var phrase =
        "app callbacks " + callbacks.map { Escaping.markdownCode($0.rawValue) }.joined(separator: ", ")
      if let delivers = delivery.delivers {
        phrase +=
          delivers == .nothing
          ? " (with nothing to read)" : " receive " + Escaping.markdownCode(delivers.rawValue)
      }
      if let type = delivery.activityType { phrase += " of type " + Escaping.markdownCode(type) }
      if let location = delivery.urlLocation { phrase += ", the URL in " + Escaping.markdownCode(location) }
      return phrase
    }

    /// `browser`: a web browser loads the URL; rule `tap/x`, evidence D-2, N-5: note.
    func readingLine(_ alternative: Decision) -> String {
      var line = what(alternative)
      line += "; rule " + Escaping.markdownCode(alternative.rule ?? "none")
      if !alternative.evidence.isEmpty {
        line += ", evidence " + alternative.evidence.joined(separator: ", ")
      }
      let notes = alternative.notes.map(sentence).joined(separator: " ")
      return line + (notes.isEmpty ? "." : ". " + notes)
    }

    /// `**Support**` and one item per field the rule states, then its note: the evidence and
    /// confidence behind it, an inferred field's reasoning, and each cited entry's supporting
    /// words.
    func supportList(_ rule: Rule) -> [String] {
      let fields = rule.support + (rule.noteSupport(policies.evidence(_:)).map { [$0] } ?? [])
      guard !rule.support.isEmpty else { return [] }
      var out = ["**Support**", ""]
      for field in fields {
        let ids = field.evidence.isEmpty ? "no evidence" : field.evidence.joined(separator: ", ")
        let value = rule.then.value(of: field.field).map { " " + Escaping.markdownCode($0) } ?? ""
        var line = "- \(Escaping.markdownCode(field.field))\(value): \(ids) (\(field.confidence.rawValue))"
        if let reasoning = field.reasoning { line += ". " + Escaping.markdown(reasoning) }
        out.append(line)
        for id in field.evidence {
          guard let words = policies.evidence(id).flatMap(DecisionText.supportingWords) else { continue }
          out.append("  - \(id): " + TableDocument.said(words))
        }
      }
      return out + [""]
    }

    /// `**Evidence**` and one item per id: the claim, then each source as a link (or its title
    /// and seed file), its kind and date. <doc:Evidence> has the sources' notes.
    func evidenceList(_ label: String, _ ids: [String]) -> [String] {
      guard !ids.isEmpty else { return [] }
      var out = ["**\(label)**", ""]
      for id in ids {
        guard let entry = policies.evidence(id) else {
          out.append("- \(id)")
          continue
        }
        out.append("- \(id) (\(entry.confidence.rawValue)): " + Escaping.markdown(entry.claim))
        for item in entry.sources {
          out.append("  - " + source(item))
          out += TableDocument.quoteLines(item).map { "    " + $0 }
        }
      }
      return out + [""]
    }

    /// `[title](url) (Apple documentation, 2026)` or `title, `seeds/...` (Seed document, 2016)`.
    func source(_ source: EvidenceEntry.Source) -> String {
      var line =
        source.url.map { "[\(Escaping.markdown(source.title))](\(TableDocument.destination($0)))" }
        ?? Escaping.markdown(source.title)
      if let file = source.file { line += ", " + Escaping.markdownCode(file) }
      return line + " (\(TableDocument.kindName(source.kind)), \(source.date ?? "undated"))"
    }

    /// The fixture's name without its leading evidence ids (`s004-10 first tap` -> `First tap`),
    /// capitalized unless its first word has capitals of its own (`iOS 26 ...`).
    func title(_ fixture: Fixture) -> String {
      var words = fixture.name.split(separator: " ", omittingEmptySubsequences: false)
      while words.count > 1, let first = words.first, policies.evidence(first.uppercased()) != nil {
        words.removeFirst()
      }
      let rest = words.joined(separator: " ")
      guard let first = words.first, !first.contains(where: \.isUppercase) else { return rest }
      return rest.prefix(1).uppercased() + rest.dropFirst()
    }
  }

  /// What an outcome means, in a few words.
  static func phrase(_ outcome: Outcome) -> String {
    switch outcome {
    case .storeFront: "the App Store opens on its front page"
    case .storeProductPage: "the App Store opens on the app's product page"
    case .manageApps: "Messages opens its app-management page"
    case .extensionLaunch: "Messages launches the iMessage app's extension"
    case .containerLaunch: "the container app opens"
    case .otherAppLaunch: "another app opens"
    case .browser: "a web browser loads the URL"
    case .transcriptView: "the live message's own view in the transcript gets the tap"
    case .nothing: "nothing opens"
    case .intentRun: "an app intent runs without bringing the app forward"
    case .appClipLaunch: "an App Clip opens"
    case .backgroundLaunch: "the container app runs in the background without coming forward"
    case .expandsInPlace: "the Live Activity grows in place and nothing opens"
    case .offersToOpenOnPhone: "Apple Watch shows the Live Activity with a button to open the app on iPhone"
    case .appLaunch: "Android opens the app at the activity whose intent filter takes the URL"
    case .disambiguationDialog: "Android asks which app opens the URL (the disambiguation dialog)"
    case .undecided: "no rule decides"
    }
  }

  /// A note as a Markdown sentence: escaped, capitalized, ending in a full stop.
  static func sentence(_ note: String) -> String {
    var text = Escaping.markdown(note)
    if let first = text.first, first.isLowercase {
      text = first.uppercased() + text.dropFirst()
    }
    if let last = text.last, !".!?".contains(last) {
      text += "."
    }
    return text
  }
}
