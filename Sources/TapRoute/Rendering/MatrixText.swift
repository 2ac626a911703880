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

  static let headers = Matrix.recipientColumns.map(\.header) + ["outcome", "rule", "confidence"]

  /// The index of the outcome column (the rule's follows it).
  static let outcomeColumn = Matrix.recipientColumns.count

  /// The cells of a row, in ``headers`` order.
  static func cells(_ row: Matrix.Row) -> [String] {
    let r = row.recipients
    let recipient = Matrix.recipientFacts.map { fact -> String in
      if let values = r.bools(of: fact) { return flag(values) }
      if fact == .platform {
        return r.platforms.count == Situation.Platform.allCases.count
          ? "any" : r.platforms.map(\.rawValue).joined(separator: ", ")
      }
      return r.osVersions == [VersionRange(lower: nil, upper: nil)]
        ? "any" : r.osVersions.map(\.description).joined(separator: ", ")
    }
    return recipient + [
      outcome(row.decision), row.decision.rule ?? "none", row.decision.confidence?.rawValue ?? "-",
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
      c[outcomeColumn] = "`\(c[outcomeColumn])`"
      c[outcomeColumn + 1] = "`\(c[outcomeColumn + 1])`"
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
    /// The recipient facts a row restricts, by fact name; a fact the row leaves free is absent.
    struct Recipient: Encodable {
      enum Cell: Encodable {
        case names(OneOrMany<String>)
        case bools(OneOrMany<Bool>)

        func encode(to encoder: any Encoder) throws {
          switch self {
          case .names(let v): try v.encode(to: encoder)
          case .bools(let v): try v.encode(to: encoder)
          }
        }
      }

      struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
      }

      var cells: [(fact: Fact, cell: Cell)]

      init(_ r: Matrix.Recipients) {
        cells = Matrix.recipientFacts.compactMap { fact in
          if let values = r.bools(of: fact) { return OneOrMany(values, all: 2).map { (fact, .bools($0)) } }
          if fact == .platform {
            return OneOrMany(r.platforms.map(\.rawValue), all: Situation.Platform.allCases.count).map {
              (fact, .names($0))
            }
          }
          let versions =
            r.osVersions == [VersionRange(lower: nil, upper: nil)] ? [] : r.osVersions.map(\.description)
          return versions.isEmpty ? nil : OneOrMany(versions, all: Int.max).map { (fact, .names($0)) }
        }
      }

      func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        for (fact, cell) in cells { try c.encode(cell, forKey: Key(stringValue: fact.rawValue)) }
      }
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
        Row(
          recipient: Recipient(row.recipients),
          outcome: row.decision.outcome, rule: row.decision.rule, confidence: row.decision.confidence,
          callbacks: row.decision.callbacks, presentation: row.decision.presentation,
          via: row.decision.steps?.last?.trigger, evidence: row.decision.evidence)
      }
    }
  }
}
