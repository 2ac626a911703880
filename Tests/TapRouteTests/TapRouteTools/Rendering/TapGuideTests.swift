import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("The DocC article What a tap does")
struct TapGuideTests {
  static let path = "Sources/TapRoute/TapRoute.docc/WhatATapDoes.md"

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

  @Test("every shipped rule has a section of its own, placed by a hand-written group")
  func everyRuleIsPlaced() throws {
    let engine = try engine()
    let article = try TapGuide.article(engine)
    #expect(!article.contains("## Other rules of"))
    for table in engine.policies.tables {
      for rule in table.rules {
        let reference = "\(table.name)/\(rule.id)"
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
    let article = try TapGuide.article(engine)
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
    #expect(article.contains("- D-4 (\(entry.confidence.rawValue)): " + TableDocument.text(entry.claim)))
    for source in entry.sources {
      if let url = source.url { #expect(article.contains("(\(TableDocument.destination(url)))")) }
    }
  }

  @Test("the plain tap is the first situation, with the OS version it assumed")
  func plainTapFirst() throws {
    let article = try TapGuide.article(try engine())
    let first = try #require(article.components(separatedBy: "\n### ").dropFirst().first)
    #expect(first.contains("**Situation** `{\"event\":\"tap\"}`"))
    #expect(first.contains("**Assumed** (not given, so the default): `platform` iOS, `osVersion` 26"))
    #expect(first.contains("Rule `tap/launch-ios26` (inferred)"))
  }

  @Test("the grouping names only rules and fixtures the shipped policies hold")
  func groupingIsCurrent() throws {
    let policies = try engine().policies
    let rules = Set(policies.tables.flatMap { table in table.rules.map { table.name + "/" + $0.id } })
    let fixtures = Dictionary(policies.fixtures.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    for section in TapGuide.sections {
      for item in section.items {
        switch item {
        case .rule(let reference, let name):
          #expect(rules.contains(reference), "\(section.title): \(reference)")
          if let name { #expect(fixtures[name]?.expected.rule == reference, "\(section.title): \(name)") }
        case .fixture(let name):
          #expect(fixtures[name] != nil, "\(section.title): \(name)")
        }
      }
    }
  }

  @Test("another policy directory renders: unplaced rules get a section per table")
  func otherPoliciesRender() throws {
    let set = try PolicySet.load(files: SmallPolicies.files.map { ($0.key, Array($0.value.utf8)) })
    let article = try TapGuide.article(Engine(policies: set))
    let placed = try #require(article.range(of: "## Installed but not enabled"))
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
