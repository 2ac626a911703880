@_spi(Generated) import TapRoute
import TapRouteAASA

extension SelfCheck {
  /// Checks one input as an apple-app-site-association file and as a URL: reading never traps,
  /// every verdict belongs to an app the file names and ends on a matching step, matching is
  /// deterministic, and a file compared with itself changes no verdict. Returns the problems.
  package static func aasa(_ bytes: [UInt8]) -> [String] {
    var problems: [String] = []
    let text = String(decoding: bytes.prefix(AASAURL.maximumLength), as: UTF8.self)
    var urls: [AASAURL] = []
    for candidate in [text, "https://example.com/" + AASADiff.encode(text, keeping: "/?#=&")] {
      if let url = try? AASAURL(parsing: candidate, file: "input") { urls.append(url) }
    }
    guard let check = try? AASADocument.read(bytes, file: "input") else { return problems }
    let document = check.document
    for witness in AASADiff.witnesses(document, host: "example.com").prefix(20) {
      guard let url = try? AASAURL(parsing: witness, file: "witness") else {
        problems.append("the witness \(witness) does not parse as a URL")
        continue
      }
      urls.append(url)
    }
    let apps = Set(document.appIDs)
    for url in urls {
      for os in [OSVersion(clamping: 12), OSVersion(clamping: 13, 5), AASAMatcher.newest] {
        let result = AASAMatcher.match(document, url: url, os: os)
        for app in result.apps where app.verdict != nil {
          if !apps.contains(app.appID) {
            problems.append("\(url.text): a verdict for unknown app \(app.appID)")
          }
          if app.steps.last?.matched != true {
            problems.append("\(url.text): \(app.appID) has a verdict with no match")
          }
        }
        if AASAMatcher.match(document, url: url, os: os).verdicts != result.verdicts {
          problems.append("\(url.text): matching twice gives different verdicts")
        }
      }
    }
    let changes = AASADiff.compare(old: document, new: document, urls: urls)
    if !changes.isEmpty { problems.append("a file compared with itself changes \(changes.count) verdicts") }
    return problems
  }
}
