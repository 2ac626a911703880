@_spi(Generated) import TapRoute
import TapRouteAASA

/// A draft `evidence.json` entry for an observation that contradicts a rule or supports
/// another reading of it, with its source filled in, for a person to review and commit.
package struct EvidenceDraft: Sendable, Hashable {
  /// `O20261120-1`: `O`, the date's digits, a dash, a number (the registry's id form).
  package var id: String
  /// What the observation shows, in one sentence.
  package var claim: String
  /// The source kind; always `deviceTrace` for an observation.
  package var kind: String
  /// The source's title: the observation's name.
  package var title: String
  /// The source's link, when the observation gives one.
  package var url: String?
  /// The observation's date.
  package var date: String
  /// The platform and OS version seen, with the device and build when known.
  package var platforms: [String]
  /// How sure the entry is: one device trace is a single report.
  package var confidence: Confidence
  /// The rule the observation bears on, and whether it stands against it (a contradiction)
  /// or for another reading of it (support).
  package var rule: String
  /// True for a contradiction (evidence against the rule), false for support of another reading.
  package var against: Bool
  /// What the trace recorded, as the source's own words (`quote`, with `where` "observed"):
  /// a draft arrives quoted, as every registered source must be (TR312).
  package var quote: String? = nil

  /// Drafts for every contradiction and support whose observation no registered evidence
  /// records yet (its `evidence` list is empty), numbered per date.
  package static func drafts(for report: ObservationCheck.Report, newestOSVersion: OSVersion)
    -> [EvidenceDraft]
  {
    var drafts: [EvidenceDraft] = []
    var counts: [String: Int] = [:]
    for result in report.results where result.verdict != .agrees && result.observation.evidence.isEmpty {
      let o = result.observation
      let digits = String(o.source.date.unicodeScalars.filter { $0 != "-" })
      let n = (counts[digits] ?? 0) + 1
      counts[digits] = n
      let version = o.situation.osVersion ?? newestOSVersion
      var platform = "\(o.situation.platform.rawValue) \(version)"
      let device = [o.source.device, o.source.osBuild.map { "build \($0)" }].compactMap { $0 }
      if !device.isEmpty { platform += " (" + device.joined(separator: ", ") + ")" }
      let seen = ObservationText.observedSummary(o.observed)
      var claim = "On \(platform), \(o.situation.minimalJSON) gave \(seen)"
      switch result.verdict {
      case .supports(let alternative):
        claim += "; this supports the other reading of \(result.rule): \(alternative.summary)."
      default:
        let fields = result.differences.map { "\($0.field) \($0.expected)" }.joined(separator: ", ")
        claim += "; \(result.rule) expects \(fields)."
      }
      drafts.append(
        EvidenceDraft(
          id: "O\(digits)-\(n)", claim: claim, kind: "deviceTrace", title: o.name ?? "Device trace",
          url: o.source.link, date: o.source.date, platforms: [platform], confidence: .single,
          rule: result.rule, against: result.verdict == .contradicts, quote: seen))
    }
    return drafts
  }

  /// The entry in the evidence format with a structured source (kind, title, url, date,
  /// platforms), as `"ID": {...}`.
  package var json: String {
    var source = [
      "\"kind\": \(Escaping.jsonString(kind))", "\"title\": \(Escaping.jsonString(title))",
    ]
    if let url { source.append("\"url\": \(Escaping.jsonString(url))") }
    source.append("\"date\": \(Escaping.jsonString(date))")
    source.append("\"platforms\": [" + platforms.map(Escaping.jsonString).joined(separator: ", ") + "]")
    if let quote { source.append("\"quote\": \(Escaping.jsonString(quote)), \"where\": \"observed\"") }
    return
      "\(Escaping.jsonString(id)): { \"claim\": \(Escaping.jsonString(claim)), \"confidence\": \"\(confidence.rawValue)\", \"sources\": [{ \(source.joined(separator: ", ")) }] }"
  }
}
