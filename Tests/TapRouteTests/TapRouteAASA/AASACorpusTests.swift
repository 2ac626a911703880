import Foundation
import TapRouteAASA
import Testing

@testable import TapRoute
@testable import TapRouteTools

/// The corpus of AASA matching cases, `Tests/AASACorpus/corpus.json`: Apple's documented
/// examples, WWDC 2019 and 2020 statements, st-tech's cases asserted against Apple's `swcutil`,
/// blazingly-aasa's probes read off `swcutil` (IOSN-11, IOSN-12),
/// and the contested readings (U-25, U-26, U-27), each case naming its source.
@Suite("AASA matching corpus", .tags(.memory))
struct AASACorpusTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var sourceURL: String
    var document: [UInt8]
    var url: String
    var os: OSVersion
    var readings: AASAReadings
    var expect: [String: AASAMatch.Verdict]
    var otherReadingDiffers: [String]?
    var testDescription: String { name }
  }

  static let file = Repo.root.appendingPathComponent("Tests/AASACorpus/corpus.json")

  /// The cases, read with Foundation so that the reader under test is not also the reader of
  /// its own corpus.
  static func cases() throws -> [Case] {
    let data = try Data(contentsOf: file)
    guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let list = root["cases"] as? [[String: Any]]
    else { throw CorpusError.malformed("no cases") }
    return try list.map { item in
      guard let name = item["name"] as? String, let source = item["source"] as? [String: Any],
        let sourceURL = source["url"] as? String, let aasa = item["aasa"], let url = item["url"] as? String,
        let expect = item["expect"] as? [String: String]
      else { throw CorpusError.malformed("case \(item["name"] ?? "?") lacks a field") }
      let document = try JSONSerialization.data(withJSONObject: aasa, options: [.sortedKeys])
      let given = (item["readings"] as? [String: String] ?? [:]).sorted { $0.key < $1.key }
      let readings =
        given.isEmpty
        ? AASAReadings.standard
        : try AASAReadings.parse(given.map { "\($0.key)=\($0.value)" }.joined(separator: ",")).mapError {
          CorpusError.malformed($0.message)
        }.get()
      let os = try (item["os"] as? String).map { text in
        guard let v = OSVersion(parsing: text) else { throw CorpusError.malformed("os \(text)") }
        return v
      }
      return Case(
        name: name, sourceURL: sourceURL, document: Array(document), url: url, os: os ?? AASAMatcher.newest,
        readings: readings, expect: try expect.mapValues { try parse($0) },
        otherReadingDiffers: item["otherReadingDiffers"] as? [String])
    }
  }

  enum CorpusError: Error { case malformed(String) }

  static func parse<T: RawRepresentable>(_ text: String) throws -> T where T.RawValue == String {
    guard let value = T(rawValue: text) else { throw CorpusError.malformed(text) }
    return value
  }

  @Test("a corpus case gives its source's verdicts", arguments: try cases())
  func corpusCase(_ c: Case) throws {
    let check = try AASADocument.read(c.document, file: "case")
    #expect(!check.hasErrors, "\(check.diagnostics)")
    let url = try AASAURL(parsing: c.url, file: "url")
    let result = AASAMatcher.match(check.document, url: url, os: c.os, readings: c.readings)
    #expect(result.verdicts == c.expect, "trace: \(result.apps.flatMap(\.steps))")
    if let differs = c.otherReadingDiffers {
      #expect(result.otherReadingsDiffer == differs)
    }
  }

  @Test("every case names a source a reader can open, and the corpus covers each kind of source")
  func sources() throws {
    let cases = try Self.cases()
    #expect(cases.count >= 140)
    #expect(cases.allSatisfy { $0.sourceURL.hasPrefix("https://") })
    for host in [
      "developer.apple.com/documentation", "asciiwwdc.com/2019", "wwdc2020", "st-tech/universal-links-test",
      "blazingly-aasa/blob/main/conformance/oracle",
    ] {
      #expect(cases.contains { $0.sourceURL.contains(host) }, "no case from \(host)")
    }
    #expect(Set(cases.map(\.name)).count == cases.count, "case names are unique")
  }
}
