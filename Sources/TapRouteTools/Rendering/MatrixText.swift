@_spi(Generated) import TapRoute
import TapRouteAASA

/// `taproute matrix` output: a compact table for people, Markdown for a README, JSON
/// `{"message":{...},"rows":[{"recipient":{...conditions...},"outcome":...,"rule":...,"confidence":...}]}`,
/// and a flow chart of the rows in SVG or Mermaid (``FlowChart``).
package enum MatrixText {
  /// The output formats.
  package enum Format: String, Sendable, CaseIterable {
    case text, markdown, json
    /// A flow chart of the rows (``FlowChart``): SVG, or Mermaid text.
    case svg, mermaid
  }

  package static func render(_ matrix: Matrix, format: Format) -> String {
    switch format {
    case .text: text(matrix)
    case .markdown: markdown(matrix)
    case .json: json(matrix)
    case .svg: FlowChart.svg(matrix)
    case .mermaid: FlowChart.mermaid(matrix)
    }
  }

  static func headers(_ matrix: Matrix) -> [String] {
    matrix.columns.map(Matrix.header) + ["outcome", "rule", "confidence"]
  }

  /// The cells of a row, in ``headers(_:)`` order.
  static func cells(_ row: Matrix.Row) -> [String] {
    let recipient = row.recipients.columns.map { column -> String in
      if column.coversAll { return "any" }
      switch column.fact.kind {
      case .bool: return flag(column.values.map { $0 == 1 })
      case .version: return column.versions.map(\.description).joined(separator: ", ")
      case .enumeration: return column.values.map(column.fact.valueName).joined(separator: ", ")
      }
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
    if let trigger = d.steps?.lazy.compactMap(\.trigger).first { text += " via \(trigger.rawValue)" }
    if d.outcome == .extensionLaunch, let p = d.presentation { text += ", \(p.rawValue)" }
    return text
  }

  static func text(_ matrix: Matrix) -> String {
    let rows = matrix.rows.map(cells)
    let headers = Self.headers(matrix)
    let widths = headers.indices.map { i in ([headers[i]] + rows.map { $0[i] }).map(\.count).max() ?? 0 }
    let line = { (cells: [String]) in
      String(
        zip(cells, widths).map { ObservationText.pad($0, $1) }.joined(separator: "  ").reversed()
          .drop { $0 == " " }.reversed())
    }
    // A tap's input is the message the sender controls; any other event's, a situation.
    let label = matrix.message.event == .tap ? "message" : "situation"
    var lines = ["\(label): \(matrix.message.minimalJSON)", line(headers)]
    lines += rows.map(line)
    lines.append(([Words.count(matrix.rows.count, "row")] + cutsTexts(matrix)).joined(separator: "; "))
    return lines.joined(separator: "\n") + "\n"
  }

  /// `OS versions cut at 10, 26` for each version column.
  static func cutsTexts(_ matrix: Matrix) -> [String] {
    matrix.columns.filter(\.isVersion).map { fact in
      let cuts = fact == .sdkVersion ? matrix.sdkVersionCuts : matrix.versionCuts
      let list = cuts.isEmpty ? "no version" : cuts.map(\.description).joined(separator: ", ")
      return "\(fact == .sdkVersion ? "SDK" : "OS") versions cut at \(list)"
    }
  }

  /// The title of the matrix's Markdown table and of its picture: `What each recipient sees
  /// when they tap {...}`, `What link decides for each from of {...}`; `code` sets off the
  /// given situation, the event and the columns (Markdown: backticks).
  static func title(_ matrix: Matrix, code: (String) -> String) -> String {
    let message = code(matrix.message.minimalJSON)
    guard matrix.event != .tap else { return "What each recipient sees when they tap \(message)" }
    return "What \(code(matrix.event.rawValue)) decides for each "
      + matrix.columns.map { code($0.rawValue) }.joined(separator: ", ") + " of \(message)"
  }

  static func markdown(_ matrix: Matrix) -> String {
    let headers = Self.headers(matrix)
    let outcomeColumn = matrix.columns.count
    var lines = [
      title(matrix) { "`\($0)`" } + ":", "",
      "| " + headers.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " | ") + " |",
      "|" + String(repeating: " --- |", count: headers.count),
    ]
    for row in matrix.rows {
      var c = cells(row).map(Escaping.markdownCell)
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
        cells = r.columns.compactMap { column in
          if column.coversAll { return nil }
          let fact = column.fact
          switch fact.kind {
          case .bool: return OneOrMany(column.values.map { $0 == 1 }, all: 2).map { (fact, .bools($0)) }
          case .version:
            return OneOrMany(column.versions.map(\.description), all: Int.max).map { (fact, .names($0)) }
          case .enumeration:
            return OneOrMany(column.values.map(fact.valueName), all: fact.finiteCount).map {
              (fact, .names($0))
            }
          }
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
    /// What the sender controls of a tap; the recipient facts are in the rows.
    struct TapMessage: Encodable {
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
    /// The given situation: a tap's sender part, or any other event's situation as its
    /// minimal JSON writes it.
    enum Message: Encodable {
      case tap(TapMessage)
      case situation(Raw)

      func encode(to encoder: any Encoder) throws {
        switch self {
        case .tap(let m): try m.encode(to: encoder)
        case .situation(let raw): try raw.encode(to: encoder)
        }
      }
    }
    var event: Situation.Event
    var columns: [Fact]
    var message: Message
    var versionCuts: [String]
    var sdkVersionCuts: [String]?
    var rows: [Row]

    init(_ matrix: Matrix) {
      let m = matrix.message
      event = m.event
      columns = matrix.columns
      if m.event == .tap {
        message = .tap(
          TapMessage(
            app: TapMessage.App(hasContainerApp: m.app.hasContainerApp, published: m.app.published),
            tap: TapMessage.Tap(
              target: m.tap.target, url: m.tap.url, afterDrawerSwipe: m.tap.afterDrawerSwipe,
              redirect: m.tap.redirect.hooks.isEmpty && m.tap.redirect.url == nil ? nil : m.tap.redirect)))
      } else {
        let parsed = JSONParser.document(
          Array(m.minimalJSON.utf8), file: "message", what: "message",
          maximumBytes: Situation.maximumDocumentBytes)
        message = .situation((try? parsed.get()).map(Raw.init) ?? .null)
      }
      versionCuts = matrix.versionCuts.map(\.description)
      sdkVersionCuts = matrix.columns.contains(.sdkVersion) ? matrix.sdkVersionCuts.map(\.description) : nil
      rows = matrix.rows.map { row in
        Row(
          recipient: Recipient(row.recipients),
          outcome: row.decision.outcome, rule: row.decision.rule, confidence: row.decision.confidence,
          callbacks: row.decision.callbacks, presentation: row.decision.presentation,
          via: row.decision.steps?.lazy.compactMap(\.trigger).first, evidence: row.decision.evidence)
      }
    }
  }

  /// A parsed JSON value, written back as it was.
  enum Raw: Encodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Raw])
    case object([String: Raw])

    init(_ value: JSONValue) {
      switch value.kind {
      case .null: self = .null
      case .bool(let b): self = .bool(b)
      case .number(let n): self = .number(n)
      case .string(let s): self = .string(s)
      case .array(let items): self = .array(items.map(Raw.init))
      case .object(let members):
        self = .object(Dictionary(members.map { ($0.key, Raw($0.value)) }, uniquingKeysWith: { $1 }))
      }
    }

    func encode(to encoder: any Encoder) throws {
      var c = encoder.singleValueContainer()
      switch self {
      case .null: try c.encodeNil()
      case .bool(let b): try c.encode(b)
      case .number(let n): try c.encode(n)
      case .string(let s): try c.encode(s)
      case .array(let items): try c.encode(items)
      case .object(let members): try c.encode(members)
      }
    }
  }
}
