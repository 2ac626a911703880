import Testing

@testable import TapRouteAASA
@testable import TapRouteAndroid

/// Matching URLs against intent filters, each row resting on an AND id of DOMAIN-ANDROID.md.
@Suite("intent filter matcher")
struct IntentFilterMatcherTests {
  static let web = """
    <action android:name="android.intent.action.VIEW" />
    <category android:name="android.intent.category.DEFAULT" />
    <category android:name="android.intent.category.BROWSABLE" />
    """

  /// A manifest of package `com.example` with one activity `.Main` holding `filters`.
  static func manifest(_ filters: String) throws -> AndroidManifest {
    let text = """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example">
      <application><activity android:name=".Main">\(filters)</activity></application></manifest>
      """
    return try AndroidManifest.read(Array(text.utf8), file: "m.xml").manifest
  }

  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var evidence: String
    var filters: String
    var url: String
    var accepts: Bool
    var apiLevel = 35
    var testDescription: String { "\(name) (\(evidence))" }
  }

  static let rows: [Row] = [
    Row(
      name: "https host with no path rule", evidence: "AND-8",
      filters:
        "<intent-filter>\(web)<data android:scheme=\"https\" android:host=\"example.com\"/></intent-filter>",
      url: "https://example.com/any", accepts: true),
    Row(
      name: "without BROWSABLE a web intent does not resolve", evidence: "AND-4",
      filters: """
        <intent-filter><action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" />
        <data android:scheme="https" android:host="example.com"/></intent-filter>
        """,
      url: "https://example.com/", accepts: false),
    Row(
      name: "host compared without case", evidence: "AND-8",
      filters:
        "<intent-filter>\(web)<data android:scheme=\"https\" android:host=\"Example.COM\"/></intent-filter>",
      url: "https://example.com/", accepts: true),
    Row(
      name: "wildcard host matches a subdomain", evidence: "AND-10",
      filters:
        "<intent-filter>\(web)<data android:scheme=\"https\" android:host=\"*.example.com\"/></intent-filter>",
      url: "https://shop.example.com/", accepts: true),
    Row(
      name: "wildcard host does not match the root", evidence: "AND-10",
      filters:
        "<intent-filter>\(web)<data android:scheme=\"https\" android:host=\"*.example.com\"/></intent-filter>",
      url: "https://example.com/", accepts: false),
    Row(
      name: "data elements combine: a scheme of one, a host of another", evidence: "AND-46",
      filters: """
        <intent-filter>\(web)<data android:scheme="https" android:host="example.com"/>
        <data android:scheme="http" /></intent-filter>
        """,
      url: "http://example.com/", accepts: true),
    Row(
      name: "pathPrefix", evidence: "AND-8",
      filters: """
        <intent-filter>\(web)<data android:scheme="https" android:host="example.com" android:pathPrefix="/shop"/>
        </intent-filter>
        """,
      url: "https://example.com/shopping", accepts: true),
    Row(
      name: "pathPattern .* stops at the first next character: no backtracking", evidence: "AND-8",
      filters: """
        <intent-filter>\(web)<data android:scheme="https" android:host="example.com" android:pathPattern="/.*/end"/>
        </intent-filter>
        """,
      url: "https://example.com/a/b/end", accepts: false),
    Row(
      name: "pathPattern x* and .", evidence: "AND-8",
      filters: """
        <intent-filter>\(web)<data android:scheme="https" android:host="example.com" android:pathPattern="/ab*.d"/>
        </intent-filter>
        """,
      url: "https://example.com/abbbxd", accepts: true),
    Row(
      name: "pathAdvancedPattern with a set and a range", evidence: "AND-8",
      filters: """
        <intent-filter>\(web)<data android:scheme="https" android:host="example.com"
          android:pathAdvancedPattern="/item/[0-9]{2,4}"/></intent-filter>
        """,
      url: "https://example.com/item/123", accepts: true),
    Row(
      name: "pathAdvancedPattern is greedy: .* swallows the rest", evidence: "AND-8",
      filters: """
        <intent-filter>\(web)<data android:scheme="https" android:host="example.com"
          android:pathAdvancedPattern="/.*x"/></intent-filter>
        """,
      url: "https://example.com/abx", accepts: false),
    Row(
      name: "pathSuffix on Android 12", evidence: "AND-8",
      filters: """
        <intent-filter>\(web)<data android:scheme="https" android:host="example.com" android:pathSuffix=".pdf"/>
        <data android:path="/exact"/></intent-filter>
        """,
      url: "https://example.com/doc.pdf", accepts: true, apiLevel: 31),
    Row(
      name: "pathSuffix ignored before API 31", evidence: "AND-8",
      filters: """
        <intent-filter>\(web)<data android:scheme="https" android:host="example.com" android:pathSuffix=".pdf"/>
        <data android:path="/exact"/></intent-filter>
        """,
      url: "https://example.com/doc.pdf", accepts: false, apiLevel: 30),
    Row(
      name: "a relative group's query rules all must match, in any order", evidence: "AND-12",
      filters: """
        <intent-filter>\(web)<data android:scheme="https" android:host="example.com"/>
        <uri-relative-filter-group><data android:query="p1=v1"/><data android:query="p2=v2"/>
        </uri-relative-filter-group></intent-filter>
        """,
      url: "https://example.com/x?p2=v2&p1=v1", accepts: true),
    Row(
      name: "a relative group missing one query parameter", evidence: "AND-12",
      filters: """
        <intent-filter>\(web)<data android:scheme="https" android:host="example.com"/>
        <uri-relative-filter-group><data android:query="p1=v1"/><data android:query="p2=v2"/>
        </uri-relative-filter-group></intent-filter>
        """,
      url: "https://example.com/x?p1=v1", accepts: false),
    Row(
      name: "a blocking group before an allowing one", evidence: "AND-11",
      filters: """
        <intent-filter>\(web)<data android:scheme="https" android:host="example.com"/>
        <uri-relative-filter-group android:allow="false"><data android:fragment="private"/></uri-relative-filter-group>
        <uri-relative-filter-group><data android:pathPrefix="/"/></uri-relative-filter-group></intent-filter>
        """,
      url: "https://example.com/x#private", accepts: false),
    Row(
      name: "relative groups ignored before Android 15", evidence: "AND-11",
      filters: """
        <intent-filter>\(web)<data android:scheme="https" android:host="example.com"/>
        <uri-relative-filter-group android:allow="false"><data android:fragment="private"/></uri-relative-filter-group>
        </intent-filter>
        """,
      url: "https://example.com/x#private", accepts: true, apiLevel: 34),
    Row(
      name: "a filter with a mimeType takes no plain link", evidence: "AND-43",
      filters: """
        <intent-filter>\(web)<data android:scheme="https" android:host="example.com" android:mimeType="text/html"/>
        </intent-filter>
        """,
      url: "https://example.com/", accepts: false),
  ]

  @Test("which filters accept a URL", arguments: rows)
  func match(_ row: Row) throws {
    let matcher = IntentFilterMatcher(try Self.manifest(row.filters))
    let result = matcher.match(row.url, apiLevel: row.apiLevel)
    #expect(result.diagnostics.isEmpty)
    #expect(result.results.count == 1)
    #expect(
      result.accepting.map(\.activity) == (row.accepts ? ["com.example.Main"] : []), "\(result.results)")
    #expect(!(result.results.first?.reasons.isEmpty ?? true))
  }

  @Test("why a filter refuses, and what matched when it accepts")
  func reasons() throws {
    let matcher = IntentFilterMatcher(
      try Self.manifest(
        """
        <intent-filter android:autoVerify="true">\(Self.web)
        <data android:scheme="https" android:host="example.com" android:pathPrefix="/shop"/></intent-filter>
        """))
    #expect(
      matcher.match("https://example.com/shop/1").results.first?.reasons == [
        "scheme https", "host example.com", "path /shop/1 matches pathPrefix \"/shop\"",
      ])
    #expect(matcher.match("https://example.com/shop/1").verifiable.count == 1)
    #expect(
      matcher.match("https://other.com/").results.first?.reasons == [
        "host other.com is none of the filter's hosts (example.com)"
      ])
    #expect(matcher.match("ftp://example.com/").diagnostics.map(\.code) == [.manifestBadURL])
  }

  @Test("verification: hosts, mixed schemes, the Android 12 shape, wildcards")
  func verification() throws {
    let marked = MarkedText(
      """
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example">
      <application><activity android:name=".Main">
      1️⃣<intent-filter android:autoVerify="true">\(Self.web)
        <data android:scheme="https" android:host="example.com"/><data android:scheme="myapp"/></intent-filter>
      2️⃣<intent-filter android:autoVerify="true"><action android:name="android.intent.action.VIEW" />
        <data android:scheme="https" android:host="b.com"/></intent-filter>
      3️⃣<intent-filter android:autoVerify="true">\(Self.web)
        <data android:scheme="https" android:host="*.c.com"/></intent-filter>
      </activity></application></manifest>
      """)
    let manifest = try AndroidManifest.read(marked.bytes, file: "m.xml").manifest
    let verification = IntentFilterMatcher(manifest).verification()
    #expect(verification.hosts == ["example.com", "b.com", "*.c.com"])
    #expect(verification.verifiedHosts == ["*.c.com"])
    #expect(
      verification.diagnostics.map(\.description) == [
        "m.xml:\(marked.location("1️⃣")): warning: this autoVerify filter mixes the scheme myapp with http(s): "
          + "Android does not verify it (\"Do not include other schemes, as this will prevent verification\", "
          + "AND-6), and its <data> elements combine, so it also accepts myapp://example.com; put the custom "
          + "scheme in a filter of its own (AND-46) [TR828]",
        "m.xml:\(marked.location("2️⃣")): warning: this autoVerify filter is not of the shape Android 12+ verifies "
          + "(ACTION_VIEW, BROWSABLE, DEFAULT, http/https schemes, a host; AND-4, AND-7, AND-8): no category "
          + "BROWSABLE, no category DEFAULT [TR829]",
        "m.xml:\(marked.location("3️⃣")): note: the wildcard host *.c.com is verified with the file at the root "
          + "host: https://c.com/.well-known/assetlinks.json (AND-10) [TR829]",
      ])
  }

  @Test("a pathological pattern finishes in a bounded number of steps")
  func boundedSteps() {
    let text = String(repeating: "a", count: 10_000)
    let cases: [(IntentFilter.PathRule.Kind, String)] = [
      (.simpleGlob, String(repeating: "a*", count: 40) + "b"),
      (.simpleGlob, String(repeating: ".*a", count: 40) + "b"),
      (.advancedGlob, String(repeating: "a*", count: 40) + "b"),
      (.advancedGlob, String(repeating: "[a-z]{0,9999}", count: 40) + "b"),
    ]
    for (kind, pattern) in cases {
      let rule = IntentFilter.PathRule(kind, pattern)
      #expect(rule.refusal == nil)
      var steps = 0
      #expect(!rule.matches(text, steps: &steps))
      // Linear: the string once per token at most, never exponential.
      #expect(steps > 0 && steps <= 4 * (text.count + pattern.count), "\(pattern): \(steps) steps")
    }
  }
}
