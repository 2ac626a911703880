/// `taproute matrix` output: a compact table for people, Markdown for a README, and JSON
/// `{"message":{...},"rows":[{"recipient":{...conditions...},"outcome":...,"rule":...,"confidence":...}]}`.
package enum MatrixText {
  /// The output formats.
  package enum Format: String, Sendable, CaseIterable {
    case text, markdown, json
  }

  package static func render(_ matrix: Matrix, format: Format) -> String {
    switch format {
    case .text: text(matrix)
    case .markdown: markdown(matrix)
    case .json: json(matrix)
    }
  }

  static let headers = [
    "platform", "OS", "installed", "enabled", "running", "selected", "outcome", "rule", "confidence",
  ]

  /// The cells of a row, in ``headers`` order.
  static func cells(_ row: Matrix.Row) -> [String] {
    let r = row.recipients
    let platforms =
      r.platforms.count == Situation.Platform.allCases.count
      ? "any" : r.platforms.map(\.rawValue).joined(separator: ", ")
    let versions =
      r.osVersions == [VersionRange(lower: nil, upper: nil)]
      ? "any" : r.osVersions.map(\.description).joined(separator: ", ")
    return [
      platforms, versions, flag(r.installed), flag(r.enabledInMessages), flag(r.extensionRunning),
      flag(r.alreadySelected), outcome(row.decision), row.decision.rule ?? "none",
      row.decision.confidence?.rawValue ?? "-",
    ]
  }

  static func flag(_ values: [Bool]) -> String {
    values.count == 2 ? "any" : values.first.map { $0 ? "yes" : "no" } ?? "-"
  }

  /// `extensionLaunch, expanded` or `containerLaunch via didSelect`.
  static func outcome(_ d: Decision) -> String {
    var text = d.outcome.rawValue
    if let trigger = d.steps?.last?.trigger { text += " via \(trigger.rawValue)" }
    if d.outcome == .extensionLaunch, let p = d.presentation { text += ", \(p.rawValue)" }
    return text
  }

  static func text(_ matrix: Matrix) -> String {
    let rows = matrix.rows.map(cells)
    let widths = headers.indices.map { i in ([headers[i]] + rows.map { $0[i] }).map(\.count).max() ?? 0 }
    let line = { (cells: [String]) in
      String(
        zip(cells, widths).map { ObservationText.pad($0, $1) }.joined(separator: "  ").reversed()
          .drop { $0 == " " }.reversed())
    }
    var lines = ["message: \(matrix.message.minimalJSON)", line(headers)]
    lines += rows.map(line)
    lines.append(
      "\(Words.count(matrix.rows.count, "row")); OS versions cut at \(cutsText(matrix))")
    return lines.joined(separator: "\n") + "\n"
  }

  static func cutsText(_ matrix: Matrix) -> String {
    matrix.versionCuts.isEmpty ? "no version" : matrix.versionCuts.map(\.description).joined(separator: ", ")
  }

  static func markdown(_ matrix: Matrix) -> String {
    var lines = [
      "What each recipient sees when they tap `\(matrix.message.minimalJSON)`:", "",
      "| " + headers.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " | ") + " |",
      "|" + String(repeating: " --- |", count: headers.count),
    ]
    for row in matrix.rows {
      var c = cells(row).map { String($0.flatMap { $0 == "|" ? ["\\", "|"] : [$0] }) }
      c[6] = "`\(c[6])`"
      c[7] = "`\(c[7])`"
      lines.append("| " + c.joined(separator: " | ") + " |")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func json(_ matrix: Matrix) -> String {
    DecisionText.encode(Output(matrix), pretty: true) + "\n"
  }

  /// One value or an array of them, as a table's `when` writes a condition.
  private enum OneOrMany<T: Encodable>: Encodable {
    case one(T)
    case many([T])

    init?(_ values: [T], all: Int) {
      guard values.count < all else { return nil }
      self = values.count == 1 ? .one(values[0]) : .many(values)
    }

    func encode(to encoder: any Encoder) throws {
      switch self {
      case .one(let v): try v.encode(to: encoder)
      case .many(let vs): try vs.encode(to: encoder)
      }
    }
  }

  private struct Output: Encodable {
    struct Recipient: Encodable {
      var platform: OneOrMany<String>?
      var osVersion: OneOrMany<String>?
      var installed: OneOrMany<Bool>?
      var enabledInMessages: OneOrMany<Bool>?
      var extensionRunning: OneOrMany<Bool>?
      var alreadySelected: OneOrMany<Bool>?
    }
    struct Row: Encodable {
      var recipient: Recipient
      var outcome: Outcome
      var rule: String?
      var confidence: Confidence?
      var callbacks: [Situation.Callback]?
      var presentation: Presentation?
      var via: Situation.Callback?
      var evidence: [String]
    }
    /// What the sender controls; the recipient facts are in the rows.
    struct Message: Encodable {
      struct App: Encodable {
        var hasContainerApp: Bool
        var published: Bool
      }
      struct Tap: Encodable {
        var target: Situation.Tap.Target
        var url: String?
        var afterDrawerSwipe: Bool
        var redirect: Situation.Redirect?
      }
      var app: App
      var tap: Tap
    }
    var message: Message
    var versionCuts: [String]
    var rows: [Row]

    init(_ matrix: Matrix) {
      let m = matrix.message
      message = Message(
        app: Message.App(hasContainerApp: m.app.hasContainerApp, published: m.app.published),
        tap: Message.Tap(
          target: m.tap.target, url: m.tap.url, afterDrawerSwipe: m.tap.afterDrawerSwipe,
          redirect: m.tap.redirect.hooks.isEmpty && m.tap.redirect.url == nil ? nil : m.tap.redirect))
      versionCuts = matrix.versionCuts.map(\.description)
      rows = matrix.rows.map { row in
        let r = row.recipients
        let versions =
          r.osVersions == [VersionRange(lower: nil, upper: nil)] ? [] : r.osVersions.map(\.description)
        return Row(
          recipient: Recipient(
            platform: OneOrMany(r.platforms.map(\.rawValue), all: Situation.Platform.allCases.count),
            osVersion: versions.isEmpty ? nil : OneOrMany(versions, all: Int.max),
            installed: OneOrMany(r.installed, all: 2),
            enabledInMessages: OneOrMany(r.enabledInMessages, all: 2),
            extensionRunning: OneOrMany(r.extensionRunning, all: 2),
            alreadySelected: OneOrMany(r.alreadySelected, all: 2)),
          outcome: row.decision.outcome, rule: row.decision.rule, confidence: row.decision.confidence,
          callbacks: row.decision.callbacks, presentation: row.decision.presentation,
          via: row.decision.steps?.last?.trigger, evidence: row.decision.evidence)
      }
    }
  }
}
