import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("The DocC article What a tap does")
struct TapGuideTests {
  static let path = "Sources/TapRoute/TapRoute.docc/WhatATapDoes.md"

  /// The guide of the built-in policies, rendered once for the tests that read it.
  static let builtInArticle = Result { try TapGuide.article(try engine()) }

  @Test("WhatATapDoes.md is the guide rendering of the shipped policies (library and CLI)")
  func articleDoesNotDrift() throws {
    let committed = try String(contentsOf: Repo.root.appendingPathComponent(Self.path), encoding: .utf8)
    let rendered = try TapGuide.article(Engine(policies: try PolicySet.load(directory: Repo.policies)))
    #expect(
      committed == rendered,
      """
      WhatATapDoes.md drifted from the tables (\(firstDifference(committed, rendered, names: ("committed", "rendered")))); \
      run: \(TapGuide.command)
      """)
    let r = try Binary.run(["table", "Policies", "--format", "guide"])
    #expect(r.status == 0)
    #expect(r.stdout == rendered)
    let landing = try String(
      contentsOf: Repo.root.appendingPathComponent("Sources/TapRoute/TapRoute.docc/TapRoute.md"),
      encoding: .utf8)
    #expect(landing.contains("- <doc:WhatATapDoes>"))
  }

  @Test("every shipped rule has a section of its own, placed by the section its policy file names")
  func everyRuleIsPlaced() throws {
    let engine = try engine()
    let article = try Self.builtInArticle.get()
    #expect(!article.contains("## Other rules of"))
    for table in engine.policies.tables {
      for rule in table.rules {
        let reference = "\(table.name)/\(rule.id)"
        #expect(rule.guide != nil, "\(reference) names no guide section")
        #expect(article.contains("Rule `\(reference)`"), "\(reference)")
        if let note = rule.note {
          #expect(article.contains("**Why** " + TapGuide.sentence(note)), "\(reference)")
        }
      }
    }
  }

  @Test("a contested rule shows its evidence against and every other reading, with its evidence")
  func contestedAndEvidence() throws {
    let engine = try engine()
    let article = try Self.builtInArticle.get()
    let blocks = article.components(separatedBy: "\n### ").dropFirst()
    let contested = engine.policies.tables.flatMap { table in
      table.rules.filter { $0.confidence == .contested }.map { (table.name + "/" + $0.id, $0) }
    }
    #expect(contested.count >= 5)
    for (reference, rule) in contested {
      let block = try #require(
        blocks.first { $0.contains("Rule `\(reference)` (contested)") }, "\(reference)")
      #expect(block.contains("**Contested** The other reading"), "\(reference)")
      for id in rule.against {
        #expect(
          block.contains("**Evidence against**\n\n") && block.contains("- \(id) ("), "\(reference): \(id)")
      }
      for alternative in rule.alternatives {
        #expect(block.contains("- `\(alternative.then.outcome.rawValue)`: "), "\(reference)")
        #expect(block.contains(", evidence " + alternative.evidence.joined(separator: ", ")), "\(reference)")
      }
    }
    let entry = try #require(engine.policies.evidence("D-4"))
    #expect(article.contains("- D-4 (\(entry.confidence.rawValue)): " + Escaping.markdown(entry.claim)))
    for source in entry.sources {
      if let url = source.url { #expect(article.contains("(\(TableDocument.destination(url)))")) }
    }
  }

  @Test("the plain tap is the first section, its rule shown with the OS version it assumed")
  func plainTapFirst() throws {
    let article = try Self.builtInArticle.get()
    let first = try #require(article.components(separatedBy: "\n## ").dropFirst(2).first)
    #expect(first.hasPrefix("The plain tap\n"))
    let block = try #require(
      first.components(separatedBy: "\n### ").first { $0.contains("Rule `tap/launch-ios26` (inferred)") })
    #expect(block.contains("**Situation** `{\"event\":\"tap\"}`"))
    #expect(block.contains("**Assumed** (not given, so the default): `platform` iOS, `osVersion` 26"))
  }

  @Test("the sections are the policy files' own: in table order, each showing its rules in rule order")
  func sectionsFollowThePolicies() throws {
    let policies = try engine().policies
    let tables = TableDocument.ordered(policies.tables)
    let sections = TapGuide.sections(policies)
    #expect(sections.map(\.title) == tables.flatMap(\.guide).map(\.title))
    let order = Dictionary(
      uniqueKeysWithValues: tables.enumerated().flatMap { t, table in
        table.rules.enumerated().map { ("\(table.name)/\($1.id)", (t, $0)) }
      })
    for section in sections {
      let rules = section.items.compactMap { item -> String? in
        if case .rule(let reference, _) = item { return reference }
        return nil
      }
      #expect(!rules.isEmpty, "\(section.title) shows no rule")
      let positions = rules.compactMap { order[$0] }
      #expect(positions.count == rules.count)
      #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 }, "\(section.title)")
    }
    // A row placed after a rule follows it; a row that opens a section comes before its rules.
    let standBy = try #require(sections.first { $0.title.hasPrefix("Widgets in StandBy") })
    guard case .fixture(let name)? = standBy.items.first else {
      Issue.record("the StandBy section does not open with its row")
      return
    }
    #expect(name.hasPrefix("w-11 StandBy"))
    let trap = try #require(sections.first { $0.title.hasPrefix("The second-tap trap") })
    #expect(trap.items.count == 8)
    #expect(trap.items.first == .rule("open/messages-any-scheme", fixture: nil))
  }

  @Test(
    "the loader checks the guide: an unknown section, a section declared twice, a row after an unknown rule, two situations for a rule"
  )
  func guideIsChecked() throws {
    let section = #""guide": [{ "id": "switched-off", "title": "Switched off", "introduction": "Off." }],"#
    let tap = SmallPolicies.tap.replacingOccurrences(
      of: #""hitPolicy": "first","#, with: #""hitPolicy": "first", "# + section)
    let cases: [(files: [String: String], expected: [String])] = [
      (
        [
          "tap.json": tap.replacingOccurrences(
            of: #"{ "id": "not-enabled","#, with: #"{ "id": "not-enabled", "guide": "switched-of","#)
        ],
        [#"no table declares the guide section "switched-of" (did you mean "switched-off"?) [TR106]"#]
      ),
      (
        [
          "tap.json": tap,
          "open.json": SmallPolicies.open.replacingOccurrences(
            of: #""hitPolicy": "unique","#, with: #""hitPolicy": "unique", "# + section),
        ],
        [#"guide section id "switched-off" is also declared in"#]
      ),
      (
        [
          "tap.json": tap,
          "fixtures.json": SmallPolicies.fixtures.replacingOccurrences(
            of: #""evidence": ["F-1"] }"#,
            with: #""evidence": ["F-1"], "guide": { "after": "tap/not-enable" } }"#),
        ],
        [
          #"the row is placed after rule "tap/not-enable", which no table defines (did you mean "tap/not-enabled"?) [TR112]"#
        ]
      ),
      (
        [
          "tap.json": tap,
          "fixtures.json": SmallPolicies.fixtures.replacingOccurrences(
            of: #""evidence": ["F-1"] }"#,
            with: #""evidence": ["F-1"], "guide": { "after": "tap/launch", "section": "switched-off" } }"#),
        ],
        [#"a row's guide says one of "rule": true, "after": a rule, or "section": a section id [TR102]"#]
      ),
      (
        [
          "tap.json": tap,
          "fixtures.json": SmallPolicies.fixtures.replacingOccurrences(
            of: #""fixtures": ["#,
            with:
              #""fixtures": [{ "name": "launch again", "situation": { "event": "tap" }, "expect": { "outcome": "extensionLaunch", "rule": "tap/launch" }, "evidence": ["D-2"], "guide": { "rule": true } },"#
          ).replacingOccurrences(
            of: #""rule": "tap/launch" }, "evidence": ["D-2"] }"#,
            with: #""rule": "tap/launch" }, "evidence": ["D-2"], "guide": { "rule": true } }"#),
        ],
        [#"fixture "launch again" is already the guide's situation for rule "tap/launch" [TR108]"#]
      ),
    ]
    for (files, expected) in cases {
      let dir = try SmallPolicies.write(replacing: files)
      defer { try? FileManager.default.removeItem(at: dir) }
      do throws(DiagnosticsError) {
        _ = try PolicySet.load(directory: dir)
        Issue.record("loaded despite \(expected)")
      } catch {
        let found = lines(error.diagnostics, in: dir)
        for line in expected {
          #expect(found.contains { $0.contains(line) }, "\(found)")
        }
      }
    }
  }

  @Test(
    "another policy directory renders: its own sections, and a section per table for the rules that name none"
  )
  func otherPoliciesRender() throws {
    let section =
      #""guide": [{ "id": "switched-off", "title": "Installed but not enabled", "introduction": "Off." }],"#
    let tap = SmallPolicies.tap.replacingOccurrences(
      of: #""hitPolicy": "first","#, with: #""hitPolicy": "first", "# + section
    )
    .replacingOccurrences(
      of: #"{ "id": "not-enabled","#, with: #"{ "id": "not-enabled", "guide": "switched-off","#)
    var files = SmallPolicies.files
    files["tap.json"] = tap
    let set = try PolicySet.load(files: files.map { ($0.key, Array($0.value.utf8)) })
    let article = try TapGuide.article(Engine(policies: set))
    let placed = try #require(article.range(of: "## Installed but not enabled\n\nOff.\n"))
    let other = try #require(article.range(of: "## Other rules of the tap table"))
    #expect(placed.lowerBound < other.lowerBound)
    #expect(article[placed.upperBound..<other.lowerBound].contains("Rule `tap/not-enabled`"))
    #expect(article[other.upperBound...].contains("Rule `tap/not-installed`"))
    #expect(article.contains("## Other rules of the open table"))
  }

  @Test("a rule no fixture names fails the rendering, in the library and the CLI")
  func ruleWithoutFixtureFails() throws {
    let fixtures = SmallPolicies.fixtures.split(separator: "\n").filter {
      !$0.contains("\"name\": \"switched off\"")
    }
    .joined(separator: "\n")
    let dir = try SmallPolicies.write(replacing: ["fixtures.json": fixtures])
    defer { try? FileManager.default.removeItem(at: dir) }
    let engine = Engine(policies: try PolicySet.load(directory: dir))
    do throws(TapGuide.Failure) {
      _ = try TapGuide.article(engine)
      Issue.record("the article rendered without a situation for tap/not-enabled")
    } catch {
      #expect(error.problems.count == 1)
      #expect(error.problems.first?.hasPrefix("rule tap/not-enabled has no fixture") == true)
    }
    let r = try Binary.run(["table", dir.path, "--format", "guide"])
    #expect(r.status == 1)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.contains("taproute table: rule tap/not-enabled has no fixture"))
  }
}
