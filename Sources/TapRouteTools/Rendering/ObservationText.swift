@_spi(Generated) import TapRoute
import TapRouteAASA

/// `taproute observe` output: one block per observation, a summary per rule, and with
/// `--evidence` the draft registry entries; as text or as JSON.
package enum ObservationText {
  /// The report as readable text.
  package static func text(_ report: ObservationCheck.Report, drafts: [EvidenceDraft]?) -> String {
    var lines: [String] = []
    for r in report.results {
      let head = "\(r.rule) (\(r.decision.confidence?.rawValue ?? "-"))"
      switch r.verdict {
      case .agrees:
        lines.append("agrees       \(r.observation.displayName) -> \(head)")
      case .contradicts:
        lines.append("CONTRADICTS  \(r.observation.displayName) -> \(head)")
      case .supports(let alternative):
        lines.append(
          "supports     \(r.observation.displayName) -> other reading of \(head): \(alternative.summary)")
      }
      if r.verdict != .agrees {
        if r.observation.name != nil { lines.append("  at \(r.observation.origin)") }
        for d in r.differences { lines.append("  \(d.field): expected \(d.expected), seen \(d.seen)") }
        if !r.decision.evidence.isEmpty {
          lines.append("  rule's evidence: \(r.decision.evidence.joined(separator: ", "))")
        }
        if let steps = r.decision.steps {
          lines.append("  steps: " + steps.map { $0.rule ?? "undecided" }.joined(separator: ", "))
        }
        lines.append("  source: \(sourceSummary(r.observation.source))")
      }
      if !r.unregistered.isEmpty {
        lines.append("  cites evidence the registry does not hold: \(r.unregistered.joined(separator: ", "))")
      }
      if !r.unmodelled.isEmpty {
        lines.append("  not compared (no rule models them): \(ObservationCheck.list(r.unmodelled))")
      }
      if !r.unmodelledAppCallbacks.isEmpty {
        lines.append(
          "  not compared (launch callbacks the decision does not list): \(ObservationCheck.list(r.unmodelledAppCallbacks))"
        )
      }
    }
    if !report.summary.isEmpty {
      let width = max(
        4, report.summary.map { $0.rule.count + ($0.confidence?.rawValue.count ?? 1) + 3 }.max() ?? 0)
      lines.append("")
      lines.append(pad("rule", width) + "  agree  contradict  alternative")
      for s in report.summary {
        let name = "\(s.rule) (\(s.confidence?.rawValue ?? "-"))"
        lines.append(
          pad(name, width) + "  " + pad("\(s.agree)", 5) + "  " + pad("\(s.contradict)", 10) + "  "
            + "\(s.supportAlternative)")
      }
    }
    let agree = report.results.filter { $0.verdict == .agrees }.count
    let contradict = report.results.filter { $0.verdict == .contradicts }.count
    let failures = report.results.filter(\.isFailure).count
    let support = report.results.count - agree - contradict
    lines.append(
      "\(Words.count(report.results.count, "observation")): \(agree) agree, \(contradict) contradict (\(failures) of a rule not contested), \(support) support another reading"
    )
    if let drafts {
      lines.append("")
      if drafts.isEmpty {
        lines.append("no new evidence to draft")
      } else {
        lines.append("draft evidence.json entries (review before committing; cite each from its rule):")
        for d in drafts {
          lines.append("  // \(d.against ? "against" : "for another reading of") \(d.rule)")
          lines.append("  " + d.json)
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The report as JSON: `{"results":[...],"summary":[...],"drafts":{...}}`.
  package static func json(_ report: ObservationCheck.Report, drafts: [EvidenceDraft]?) -> String {
    DecisionText.encode(Output(report, drafts: drafts), pretty: true) + "\n"
  }

  /// `extensionLaunch, callbacks [...], presentation compact, completion true`.
  package static func observedSummary(_ o: DeviceObservation.Observed) -> String {
    var parts = [o.outcome.rawValue]
    if let callbacks = o.callbacks { parts.append("callbacks \(ObservationCheck.list(callbacks))") }
    if !o.notCalled.isEmpty { parts.append("\(ObservationCheck.list(o.notCalled)) not called") }
    if let p = o.presentation { parts.append("presentation \(p.rawValue)") }
    if let c = o.completion { parts.append("completion \(c)") }
    if let a = o.appCallbacks { parts.append("appCallbacks \(ObservationCheck.list(a))") }
    if let d = o.delivers { parts.append("delivers \(d.rawValue)") }
    if let t = o.activityType { parts.append("activityType \(t)") }
    if let l = o.urlLocation { parts.append("urlLocation \(l)") }
    return parts.joined(separator: ", ")
  }

  /// `2016-10-17, iPhone8,1, build 14A403, https://...`.
  package static func sourceSummary(_ s: DeviceObservation.Source) -> String {
    ([s.date, s.device, s.osBuild.map { "build \($0)" }, s.sdk.map { "SDK \($0)" }, s.reporter, s.link]
      .compactMap { $0 } + s.more.keys.sorted().compactMap { k in s.more[k].map { "\(k): \($0)" } })
      .joined(separator: ", ")
  }

  static func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
  }

  private struct Output: Encodable {
    struct Difference: Encodable {
      var field: String
      var expected: String
      var seen: String
    }
    struct Alternative: Encodable {
      var outcome: Outcome
      var callbacks: [Situation.Callback]?
      var presentation: Presentation?
      var appCallbacks: [AppCallback]?
      var delivers: Delivered?
      var evidence: [String]
    }
    struct Observed: Encodable {
      var outcome: Outcome
      var callbacks: [Situation.Callback]?
      var notCalled: [Situation.Callback]?
      var presentation: Presentation?
      var completion: Bool?
      var appCallbacks: [AppCallback]?
      var delivers: Delivered?
      var activityType: String?
      var urlLocation: String?
    }
    struct Result: Encodable {
      var name: String
      var origin: String
      var situation: Situation
      var observed: Observed
      var source: [String: String]
      var verdict: String
      var rule: String
      var confidence: Confidence?
      var evidence: [String]
      var differences: [Difference]
      var alternative: Alternative?
      var notCompared: [Situation.Callback]?
      var notComparedAppCallbacks: [AppCallback]?
      var unregisteredEvidence: [String]?
    }
    struct Summary: Encodable {
      var rule: String
      var confidence: Confidence?
      var agree: Int
      var contradict: Int
      var supportAlternative: Int
    }
    struct Draft: Encodable {
      var id: String
      var claim: String
      var source: Source
      var confidence: Confidence
      var rule: String
      var against: Bool
      struct Source: Encodable {
        var kind: String
        var title: String
        var url: String?
        var date: String
        var platforms: [String]
      }
    }
    var results: [Result]
    var summary: [Summary]
    var exitStatus: Int32
    var drafts: [Draft]?

    init(_ report: ObservationCheck.Report, drafts: [EvidenceDraft]?) {
      results = report.results.map { r in
        var alternative: Alternative?
        let verdict: String
        switch r.verdict {
        case .agrees: verdict = "agrees"
        case .contradicts: verdict = "contradicts"
        case .supports(let a):
          verdict = "supportsAlternative"
          alternative = Alternative(
            outcome: a.outcome, callbacks: a.callbacks, presentation: a.presentation,
            appCallbacks: a.appCallbacks, delivers: a.delivers, evidence: a.evidence)
        }
        let s = r.observation.source
        var source = s.more
        source["date"] = s.date
        source["device"] = s.device
        source["osBuild"] = s.osBuild
        source["sdk"] = s.sdk
        source["reporter"] = s.reporter
        source["link"] = s.link
        let o = r.observation.observed
        return Result(
          name: r.observation.displayName, origin: r.observation.origin, situation: r.observation.situation,
          observed: Observed(
            outcome: o.outcome, callbacks: o.callbacks, notCalled: o.notCalled.isEmpty ? nil : o.notCalled,
            presentation: o.presentation, completion: o.completion, appCallbacks: o.appCallbacks,
            delivers: o.delivers, activityType: o.activityType, urlLocation: o.urlLocation),
          source: source, verdict: verdict, rule: r.rule, confidence: r.decision.confidence,
          evidence: r.decision.evidence,
          differences: r.differences.map {
            Difference(field: $0.field, expected: $0.expected, seen: $0.seen)
          },
          alternative: alternative, notCompared: r.unmodelled.isEmpty ? nil : r.unmodelled,
          notComparedAppCallbacks: r.unmodelledAppCallbacks.isEmpty ? nil : r.unmodelledAppCallbacks,
          unregisteredEvidence: r.unregistered.isEmpty ? nil : r.unregistered)
      }
      summary = report.summary.map {
        Summary(
          rule: $0.rule, confidence: $0.confidence, agree: $0.agree, contradict: $0.contradict,
          supportAlternative: $0.supportAlternative)
      }
      exitStatus = report.exitStatus
      self.drafts = drafts?.map {
        Draft(
          id: $0.id, claim: $0.claim,
          source: Draft.Source(
            kind: $0.kind, title: $0.title, url: $0.url, date: $0.date, platforms: $0.platforms),
          confidence: $0.confidence, rule: $0.rule, against: $0.against)
      }
    }
  }
}
