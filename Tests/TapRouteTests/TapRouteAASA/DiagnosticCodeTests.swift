import Foundation
import Testing

/// Diagnostic codes are public and stable, and declared in several modules (`TapRouteAASA`,
/// `TapRoute`): no two declarations may share a code.
@Suite("diagnostic codes")
struct DiagnosticCodeTests {
  /// Every `DiagnosticCode(rawValue: "TR...")` declared in `Sources/`, with where.
  static func declarations() throws -> [(code: String, at: String)] {
    let sources = Repo.root.appendingPathComponent("Sources")
    guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
      return []
    }
    var found: [(String, String)] = []
    let marker = "DiagnosticCode(rawValue: \""
    for case let file as URL in files where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        guard let range = line.range(of: marker) else { continue }
        let code = line[range.upperBound...].prefix { $0 != "\"" }
        found.append((String(code), "\(file.lastPathComponent):\(n + 1)"))
      }
    }
    return found
  }

  @Test("every code is declared once, in the TR000 form")
  func unique() throws {
    let declared = try Self.declarations()
    #expect(declared.count > 50)
    let byCode = Dictionary(grouping: declared, by: \.code)
    for (code, places) in byCode {
      #expect(places.count == 1, "\(code) is declared \(places.count) times: \(places.map(\.at))")
      #expect(code.count == 5 && code.hasPrefix("TR") && code.dropFirst(2).allSatisfy(\.isNumber), "\(code)")
    }
  }
}
