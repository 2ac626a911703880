@_spi(Generated) import TapRoute
import TapRouteAASA

/// What the Home screen shows for an app's quick actions, and how a chosen one is handled.
package enum ShortcutPlan {
  /// Dynamic items and the launches that set them.
  package struct Dynamic: Sendable, Hashable {
    package var items: [ShortcutItem]
    /// The code appends `items` to `UIApplication.shortcutItems` at every launch (S003-3).
    package var appendOnEachLaunch: Bool
    package var launches: Int

    /// The most dynamic items a file may list. iOS shows at most four quick actions in all
    /// (S003-4); 100 is far beyond any real list and keeps the plan small: at most 100,000
    /// items after the last of ``maximumLaunches`` appending launches.
    package static let maximumItems = 100
    /// The most launches a file may ask for.
    package static let maximumLaunches = 1_000

    package init(items: [ShortcutItem] = [], appendOnEachLaunch: Bool = false, launches: Int = 1) {
      self.items = items
      self.appendOnEachLaunch = appendOnEachLaunch
      self.launches = launches
    }

    /// Parses the `--dynamic` JSON file.
    package static func parse(_ bytes: [UInt8], file: String) -> Result<Dynamic, DiagnosticsError> {
      switch JSONParser.document(bytes, file: file, what: "dynamic items file", maximumBytes: 1 << 20) {
      case .failure(let error):
        return .failure(error)
      case .success(let root):
        var reader = JSONReader(file: file, codes: .situation)
        var dynamic = Dynamic()
        if let fields = reader.object(root, path: "$", allowed: ["items", "appendOnEachLaunch", "launches"]) {
          if let v = fields["items"], let list = reader.array(v, path: "$.items") {
            if list.count > maximumItems {
              reader.error(
                .inputTooLarge, "\(list.count) dynamic items; the limit is \(maximumItems)",
                path: "$.items",
                at: v.location)
            }
            for (i, item) in list.prefix(maximumItems).enumerated() {
              let path = JSONReader.join("$.items", i)
              guard let f = reader.object(item, path: path, allowed: ["type", "title", "subtitle"]) else {
                continue
              }
              dynamic.items.append(
                ShortcutItem(
                  type: f["type"].flatMap { reader.string($0, path: path + ".type") },
                  title: f["title"].flatMap { reader.string($0, path: path + ".title") },
                  subtitle: f["subtitle"].flatMap { reader.string($0, path: path + ".subtitle") }))
            }
          }
          if let v = fields["appendOnEachLaunch"], let b = reader.bool(v, path: "$.appendOnEachLaunch") {
            dynamic.appendOnEachLaunch = b
          }
          if let v = fields["launches"] {
            if case .number(let n) = v.kind, n >= 1, n <= Double(maximumLaunches), n == n.rounded() {
              dynamic.launches = Int(n)
            } else {
              reader.wrongType(
                v, expected: "a whole number of launches from 1 to \(maximumLaunches)", path: "$.launches")
            }
          }
        }
        return reader.diagnostics.isEmpty
          ? .success(dynamic) : .failure(DiagnosticsError(reader.sortedDiagnostics))
      }
    }
  }

  /// The plan: items shown in order, the launch handling, the growth, and every finding.
  package struct Report: Sendable, Hashable {
    /// Shown items, in order, each with where it came from (`static`/`dynamic`).
    package var shown: [Entry]
    package var hidden: [Entry]
    /// Dynamic item count after each launch.
    package var growth: [Int]
    package var launch: ShortcutRules.LaunchRule?
    package var findings: [Diagnostic]

    package struct Entry: Sendable, Hashable, Codable {
      package var item: ShortcutItem
      package var origin: String
    }
  }

  package static func plan(
    staticItems: [ShortcutItem], file: String, dynamic: Dynamic, dynamicFile: String? = nil, launch: String?,
    rules: ShortcutRules
  ) -> Report {
    var findings: [Diagnostic] = []
    func add(
      _ path: String, _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String,
      _ evidence: [String]
    ) {
      let target = path.hasPrefix("$") ? (dynamicFile ?? file) : file
      findings.append(
        Diagnostic(
          file: target, path: path, severity: severity, code: code,
          message: message + " (\(evidence.joined(separator: ", ")))"))
    }
    var valid: [Report.Entry] = []
    func check(_ item: ShortcutItem, _ path: String, origin: String) {
      var missing: [String] = []
      if item.type?.isEmpty ?? true { missing.append(rules.requiredKeys.first ?? "type") }
      if item.title?.isEmpty ?? true { missing.append(rules.requiredKeys.dropFirst().first ?? "title") }
      if !missing.isEmpty {
        add(
          path, .error, .shortcutMissingKey,
          "missing \(missing.joined(separator: " and ")): the item is not shown", rules.requiredEvidence)
        return
      }
      let limit = rules.maximumLines * rules.charactersPerLine
      for (what, text) in [("title", item.title), ("subtitle", item.subtitle)] {
        if let text, text.count > limit {
          add(
            path, .warning, .shortcutCut,
            "\(what) is \(text.count) characters; about \(limit) fit in \(rules.maximumLines) lines, the rest is cut with an ellipsis",
            rules.linesEvidence)
        }
      }
      valid.append(Report.Entry(item: item, origin: origin))
    }
    for (i, item) in staticItems.enumerated() {
      check(item, "UIApplicationShortcutItems[\(i)]", origin: "static")
    }
    // Dynamic items as they stand after the last launch. Over the bounds (a Dynamic built in
    // Swift; the file reader refuses them) the plan checks none and says why.
    var dynamic = dynamic
    if dynamic.items.count > Dynamic.maximumItems || dynamic.launches > Dynamic.maximumLaunches {
      add(
        dynamic.items.count > Dynamic.maximumItems ? "$.items" : "$.launches", .error, .inputTooLarge,
        "\(dynamic.items.count) dynamic items over \(dynamic.launches) launches; at most \(Dynamic.maximumItems) items and \(Dynamic.maximumLaunches) launches are planned",
        rules.dynamicEvidence)
      dynamic = Dynamic()
    }
    let launches = max(1, dynamic.launches)
    let growth = (1...launches).map {
      dynamic.appendOnEachLaunch ? $0 * dynamic.items.count : dynamic.items.count
    }
    if dynamic.appendOnEachLaunch && dynamic.launches > 1 && !dynamic.items.isEmpty {
      add(
        "$.items", .warning, .shortcutGrowth,
        "the code appends to shortcutItems at every launch, which returns the items last assigned: \(growth.map(String.init).joined(separator: ", ")) dynamic items after launches 1 to \(growth.count)",
        rules.dynamicEvidence)
    }
    // After appending launches, the list is the items repeated once per launch.
    for _ in 0..<(dynamic.appendOnEachLaunch ? launches : 1) {
      for (i, item) in dynamic.items.enumerated() { check(item, "$.items[\(i)]", origin: "dynamic") }
    }
    var seen: [String: Int] = [:]
    for entry in valid { if let type = entry.item.type { seen[type, default: 0] += 1 } }
    for (type, count) in seen.sorted(by: { $0.key < $1.key }) where count > 1 {
      add(
        "", .warning, .shortcutDuplicate,
        "type \(Words.quoted(type)) is used by \(count) items; the handler cannot tell them apart",
        rules.requiredEvidence)
    }
    let shown = Array(valid.prefix(rules.visibleMaximum))
    let hidden = Array(valid.dropFirst(rules.visibleMaximum))
    if !hidden.isEmpty {
      add(
        "", .warning, .shortcutHidden,
        "\(valid.count) valid items; only the first \(rules.visibleMaximum) show (static first), so \(hidden.map { Words.quoted($0.item.title ?? "") }.joined(separator: ", ")) never appear",
        rules.visibleEvidence)
    }
    let rule = launch.flatMap { l in rules.launches.first { $0.launch == l } }
    if let rule {
      var text = "a \(rule.launch) launch is handled by \(rule.handler)"
      if let reads = rule.reads { text += ", reading \(reads)" }
      if let returns = rule.didFinishLaunchingReturns {
        text += "; didFinishLaunching must return \(returns)"
      }
      add("", .note, .shortcutLaunch, text + (rule.note.map { ". " + $0 } ?? ""), rule.evidence)
    }
    return Report(shown: shown, hidden: hidden, growth: growth, launch: rule, findings: findings)
  }
}
