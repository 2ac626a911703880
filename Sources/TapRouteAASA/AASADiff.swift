/// What changes between two AASA files: the URLs whose verdict changes, for which app.
///
/// The URLs are the ones given and witnesses generated from both files' patterns (each
/// pattern's `*` read as nothing and as one character, `?` as one character, a variable as its
/// first value, and the path upper-cased too, so that a change of `caseSensitive` shows).
public enum AASADiff {
  /// One app's verdict that differs between the files for one URL.
  public struct Change: Sendable, Hashable {
    /// The URL.
    public var url: String
    /// The app.
    public var appID: String
    /// The verdict under the old file; nil: no pattern matched.
    public var old: AASAMatch.Verdict?
    /// The verdict under the new file.
    public var new: AASAMatch.Verdict?
    /// True when the URL was generated from a pattern rather than given.
    public var isWitness: Bool
  }

  /// The changes for `urls` and for witness URLs on `host` from both files, in URL order.
  public static func compare(
    old: AASADocument, new: AASADocument, urls: [AASAURL], host: String = "example.com",
    os: OSVersion = AASAMatcher.everyFeature, readings: AASAReadings = .standard
  ) -> [Change] {
    var seen = Set(urls.map(\.text))
    var candidates = urls.map { ($0, false) }
    for text in witnesses(old, host: host) + witnesses(new, host: host) where seen.insert(text).inserted {
      if let url = try? AASAURL(parsing: text, file: "witness") { candidates.append((url, true)) }
    }
    var changes: [Change] = []
    let (old, new) = (PreparedAASA(old), PreparedAASA(new))
    for (url, isWitness) in candidates {
      let before = AASAMatcher.evaluate(old, url: url, os: os, readings: readings, traced: false)
      let after = AASAMatcher.evaluate(new, url: url, os: os, readings: readings, traced: false)
      let oldVerdicts = Dictionary(before.map { ($0.appID, $0.verdict) }, uniquingKeysWith: { a, _ in a })
      let newVerdicts = Dictionary(after.map { ($0.appID, $0.verdict) }, uniquingKeysWith: { a, _ in a })
      var apps = before.map(\.appID)
      for app in after.map(\.appID) where !apps.contains(app) { apps.append(app) }
      for app in apps {
        let o = oldVerdicts[app] ?? nil
        let n = newVerdicts[app] ?? nil
        if o != n { changes.append(Change(url: url.text, appID: app, old: o, new: n, isWitness: isWitness)) }
      }
    }
    return changes
  }

  /// URLs on `host` that the document's patterns match, one or more per pattern, in file order.
  public static func witnesses(_ document: AASADocument, host: String) -> [String] {
    var out: [String] = []
    var seen: Set<String> = []
    func add(path: String, query: String?, fragment: String?) {
      var text = "https://\(host)" + encode(path.hasPrefix("/") ? path : "/" + path, keeping: "/")
      if let query { text += "?" + encode(query, keeping: "/?=&") }
      if let fragment { text += "#" + encode(fragment, keeping: "/?") }
      if seen.insert(text).inserted { out.append(text) }
    }
    let variables = document.substitutionVariables
    for detail in document.details {
      for component in detail.components ?? [] {
        for star in ["", "x"] {
          let path =
            component.path.map {
              AASAPattern(PreparedAASA.Pattern.normalPath($0), variables: variables).witness(starAs: star)
            } ?? "/"
          var query: String?
          switch component.query {
          case .pattern(let p): query = AASAPattern(p, variables: variables).witness(starAs: star)
          case .items(let items):
            query = items.map {
              "\($0.name)=\(AASAPattern($0.pattern, variables: variables).witness(starAs: star))"
            }
            .joined(separator: "&")
          case nil: query = nil
          }
          let fragment = component.fragment.map {
            AASAPattern($0, variables: variables).witness(starAs: star)
          }
          add(path: path, query: query, fragment: fragment)
          add(path: path.uppercased(), query: query, fragment: fragment)
        }
      }
      for entry in detail.paths ?? [] {
        let text = entry.hasPrefix("NOT ") ? String(entry.dropFirst(4)) : entry
        for star in ["", "x"] {
          add(path: AASAPattern(text, variables: nil).witness(starAs: star), query: nil, fragment: nil)
        }
      }
    }
    return out
  }

  /// `text` with every byte outside RFC 3986's unreserved set, `%`, and `keeping` percent-encoded.
  package static func encode(_ text: String, keeping: String) -> String {
    let keep = Set(keeping.utf8)
    var out = ""
    for byte in text.utf8 {
      let unreserved =
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || "-._~%".utf8.contains(byte)
      if unreserved || keep.contains(byte) {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return out
  }
}
