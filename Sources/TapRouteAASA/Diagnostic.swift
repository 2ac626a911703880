/// One problem found in a policy file, a situation or a fixture, located like a compiler's.
///
/// Printed as `file:line:column: severity: $.json.path: message [CODE]`. The code is stable
/// and public; the message wording is not.
public struct Diagnostic: Sendable, Hashable, Codable, Error, CustomStringConvertible {
  /// How bad a finding is.
  public enum Severity: String, Sendable, Hashable, Codable {
    /// The input is refused: loading fails, the command exits non-zero.
    case error
    /// A problem worth fixing that does not stop loading.
    case warning
    /// Information attached to a finding (what a redirect reaches, how a sticker reads).
    case note
  }

  /// The file or input name (`Policies/tap.json`, `stdin`, `situation.json:3` for a line).
  public var file: String
  /// The JSON path of the offending value (`$.rules[3].when.platform`), empty if none.
  public var path: String
  /// Where in the file, when known.
  public var location: SourcePosition?
  /// How bad the problem is.
  public var severity: Severity
  /// The stable code (`TR104`): what kind of problem it is.
  public var code: DiagnosticCode
  /// What is wrong, for a reader; the wording may change between versions.
  public var message: String

  /// A diagnostic from its parts; `path` empty and `location` nil when unknown.
  public init(
    file: String, path: String = "", location: SourcePosition? = nil,
    severity: Severity = .error, code: DiagnosticCode, message: String
  ) {
    self.file = file
    self.path = Self.printable(path)
    self.location = location
    self.severity = severity
    self.code = code
    // Messages quote input (a key, a value, Foundation's reason for a bad plist): what a
    // terminal would act on or hide is escaped here, so it is in every form printed.
    self.message = Self.printable(message)
  }

  /// The compiler-style line: `file:line:column: severity: $.path: message [CODE]`, on one
  /// line, with every non-printable character escaped.
  public var description: String {
    var head = Self.printable(file)
    if let location, location.line > 0 {
      head += ":\(location.line):\(location.column)"
    }
    let pathPrefix = path.isEmpty ? "" : "\(Self.printable(path)): "
    return "\(head): \(severity.rawValue): \(pathPrefix)\(Self.printable(message)) [\(code.rawValue)]"
  }

  /// `text` with the characters a terminal acts on or does not show written as `\u{hex}`
  /// (`\n`, `\r` and `\t` as such): C0 and C1 controls, DEL, the line and paragraph
  /// separators and the bidirectional controls. Printable text, and text already escaped,
  /// comes back unchanged.
  package static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isHidden) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where isHidden(scalar): out += "\\u{\(String(scalar.value, radix: 16))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}

/// A stable diagnostic code such as `TR104`.
///
/// A struct rather than a frozen enum so that new codes can be added without breaking
/// clients that switch over them (the way swift-system models `Errno`).
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
  /// The code as printed: `TR`, then three digits.
  public let rawValue: String
  /// The code with this raw value; any string is accepted, as with swift-system's `Errno`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// The raw value (`TR104`).
  public var description: String { rawValue }

  // Input text (any file).
  /// The text is not valid JSON (syntax, encoding, duplicate key).
  public static let jsonSyntax = DiagnosticCode(rawValue: "TR001")
  /// The input is over a size or nesting limit.
  public static let inputTooLarge = DiagnosticCode(rawValue: "TR002")
  /// A file could not be read, or standard output could not be written.
  public static let unreadable = DiagnosticCode(rawValue: "TR003")

  // apple-app-site-association files (`taproute aasa`).
  /// An AASA value of the wrong JSON type (the root not an object, `paths` not an array).
  public static let aasaWrongType = DiagnosticCode(rawValue: "TR701")
  /// A key the AASA format does not define.
  public static let aasaUnknownKey = DiagnosticCode(rawValue: "TR702")
  /// A required AASA key is missing (`details`, an app ID).
  public static let aasaMissingField = DiagnosticCode(rawValue: "TR703")
  /// An app ID not of the form `TEAMID.bundle.id`.
  public static let aasaBadAppID = DiagnosticCode(rawValue: "TR704")
  /// Both `appID` and `appIDs` set in one detail.
  public static let aasaAppIDTwice = DiagnosticCode(rawValue: "TR705")
  /// A pattern that is invalid or can never match (an unclosed `$(`, an unknown variable, a
  /// path pattern that does not start with `/`).
  public static let aasaBadPattern = DiagnosticCode(rawValue: "TR706")
  /// A substitution variable whose name or values the format refuses.
  public static let aasaBadVariable = DiagnosticCode(rawValue: "TR707")
  /// A file over Apple's 128 KB limit.
  public static let aasaTooLarge = DiagnosticCode(rawValue: "TR708")
  /// A key some OS versions ignore (`paths` beside `components`, the legacy `apps`).
  public static let aasaIgnored = DiagnosticCode(rawValue: "TR709")
  /// A URL given to match that is not an absolute http or https URL.
  public static let aasaBadURL = DiagnosticCode(rawValue: "TR710")

}

/// A failure that carries every diagnostic found, not only the first.
///
/// Every public reader throws it (typed throws): loading policies, fixtures or a situation.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
  /// The problems, in the order found (by file, then position).
  public var diagnostics: [Diagnostic]
  /// How many more problems were found but not collected, because the reader stops
  /// collecting at `Diagnostic.reportLimit` (one situation with 80,000 unknown keys).
  public var omitted: Int
  /// An error carrying `diagnostics`, and a count of `omitted` ones not collected.
  public init(_ diagnostics: [Diagnostic], omitted: Int = 0) {
    self.diagnostics = diagnostics
    self.omitted = omitted
  }
  /// One line per diagnostic (at most 50), then "... and N more".
  public var description: String { Diagnostic.report(diagnostics, omitted: omitted).joined(separator: "\n") }
}

extension Diagnostic {
  /// How many diagnostics are printed (and collected by the strict situation reader) before
  /// the rest is summarized in one line.
  package static let reportLimit = 50

  /// The lines that report `diagnostics`: the first `limit`, then "... and N more" for the
  /// rest and for the `omitted` ones a reader did not collect.
  package static func report(_ diagnostics: [Diagnostic], omitted: Int = 0, limit: Int = reportLimit)
    -> [String]
  {
    var lines = diagnostics.prefix(limit).map(\.description)
    let more = diagnostics.count - min(diagnostics.count, limit) + omitted
    if more > 0 { lines.append("... and \(grouped(Int64(more))) more") }
    return lines
  }

  /// A count with thousands separators (`1,048,576`), the way byte counts are printed.
  package static func grouped(_ value: Int64) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (i, digit) in digits.enumerated() {
      if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return value < 0 ? "-" + out : out
  }
}
