@_spi(Generated) import TapRoute
import TapRouteTools

/// The JSON form of errors: `{"errors": [{"file", "line", "column", "path", "code",
/// "severity", "message"}]}`, fields absent when unknown; `line` on the document for
/// `--lines`, where it is the input line the errors are about.
struct ErrorLine: Encodable {
  struct Entry: Encodable {
    var file: String?
    var line: Int?
    var column: Int?
    var path: String?
    var code: String?
    var severity: String
    var message: String
  }
  var line: Int?
  var errors: [Entry]

  static func entries(_ diagnostics: [Diagnostic], omitted: Int = 0) -> [Entry] {
    var entries = diagnostics.prefix(Diagnostic.reportLimit).map { d in
      Entry(
        file: d.file, line: d.location.flatMap { $0.line > 0 ? $0.line : nil },
        column: d.location.flatMap { $0.line > 0 ? $0.column : nil },
        path: d.path.isEmpty ? nil : d.path, code: d.code.rawValue, severity: d.severity.rawValue,
        message: d.message)
    }
    let more = diagnostics.count - min(diagnostics.count, Diagnostic.reportLimit) + omitted
    if more > 0 {
      entries.append(Entry(severity: "note", message: "... and \(Diagnostic.grouped(Int64(more))) more"))
    }
    return entries
  }
}
