import Testing

@testable import TapRouteAASA
@testable import TapRouteAndroid

/// The manifest reader: what it reads, and each bad input refused with a located diagnostic.
@Suite("AndroidManifest reader")
struct AndroidManifestReaderTests {
  static let ns = #"xmlns:android="http://schemas.android.com/apk/res/android""#

  @Test("reads the package, activities, aliases, filters, data and relative groups")
  func reads() throws {
    let text = """
      <manifest \(Self.ns) package="com.example">
        <application>
          <activity android:name=".Main" android:exported="true">
            <intent-filter android:autoVerify="true">
              <action android:name="android.intent.action.VIEW" />
              <category android:name="android.intent.category.DEFAULT" />
              <category android:name="android.intent.category.BROWSABLE" />
              <data android:scheme="https" android:host="*.example.com" android:port="8443" />
              <data android:pathPattern="/a\\\\*b" android:pathSuffix=".pdf" />
              <uri-relative-filter-group android:allow="false">
                <data android:queryPrefix="x=" android:fragment="top" />
              </uri-relative-filter-group>
            </intent-filter>
          </activity>
          <activity-alias android:name="com.example.Alias" android:targetActivity=".Main" android:enabled="false" />
          <service android:name=".S"><intent-filter><action android:name="x" /></intent-filter></service>
        </application>
      </manifest>
      """
    let check = try AndroidManifest.read(Array(text.utf8), file: "m.xml")
    #expect(check.diagnostics.isEmpty, "\(check.diagnostics)")
    let manifest = check.manifest
    #expect(manifest.package == "com.example")
    #expect(manifest.activities.map(\.name) == [".Main", "com.example.Alias"])
    #expect(manifest.activities.map(\.isAlias) == [false, true])
    #expect(manifest.activities[1].targetActivity == ".Main" && manifest.activities[1].enabled == false)
    #expect(manifest.qualifiedName(".Main") == "com.example.Main")
    let filter = try #require(manifest.activities.first?.intentFilters.first)
    #expect(filter.autoVerify)
    #expect(filter.location == SourcePosition(line: 4, column: 7))
    #expect(filter.actions == [IntentFilter.actionView])
    #expect(filter.categories == [IntentFilter.categoryDefault, IntentFilter.categoryBrowsable])
    #expect(filter.schemes == ["https"])
    #expect(filter.authorities == [IntentFilter.Authority(host: "*.example.com", port: 8443)])
    // `\\\\*` in the Swift literal is `\\*` in the XML, `\*` once aapt unescapes it.
    #expect(filter.paths.map(\.kind) == [.simpleGlob, .suffix])
    #expect(filter.paths.map(\.pattern) == [#"/a\*b"#, ".pdf"])
    #expect(filter.paths.first?.location == SourcePosition(line: 9, column: 15))
    let group = try #require(filter.relativeGroups.first)
    #expect(!group.allow)
    #expect(group.data.first?.queries.map(\.pattern) == ["x="])
    #expect(group.data.first?.fragments.map(\.kind) == [.literal])
  }

  @Test("a prefix other than android: bound to Android's namespace is read")
  func otherPrefix() throws {
    let text = """
      <manifest xmlns:a="http://schemas.android.com/apk/res/android"><application>
      <activity a:name=".M"><intent-filter a:autoVerify="true"><data a:scheme="https"/></intent-filter></activity>
      </application></manifest>
      """
    let check = try AndroidManifest.read(Array(text.utf8), file: "m.xml")
    #expect(check.manifest.activities.first?.name == ".M")
    #expect(check.manifest.activities.first?.intentFilters.first?.schemes == ["https"])
  }

  struct BadInput: CustomTestStringConvertible, Sendable {
    var name: String
    var marked: String
    var code: DiagnosticCode
    /// The message expected at each marker, in order.
    var messages: [String]
    var maximumBytes = AndroidManifest.readLimit
    var testDescription: String { name }
  }

  // XMLParser (libxml2) locates a syntax error just past the tag it was reading.
  static let badInputs: [BadInput] = [
    BadInput(
      name: "malformed XML: an end tag that does not match",
      marked: "<manifest \(ns)>\n  <application>\n  </activity>1️⃣\n</manifest>", code: .manifestXMLSyntax,
      messages: ["malformed XML: an end tag does not match its start tag (XMLParser error 76)"]),
    BadInput(
      name: "malformed XML: an attribute written twice",
      marked: "<manifest \(ns) package=\"a\" package=\"b\"1️⃣>\n</manifest>", code: .manifestXMLSyntax,
      messages: ["malformed XML: an attribute is written twice (XMLParser error 42)"]),
    BadInput(
      name: "two placeholders left unexpanded",
      marked: """
        <manifest \(ns)><application><activity android:name=".M">
          <intent-filter><data android:scheme="https" android:host="1️⃣${host}" />
          <data android:pathPrefix="/2️⃣${prefix}/x" /></intent-filter></activity></application></manifest>
        """,
      code: .manifestPlaceholder,
      messages: [
        "placeholder ${host} left unexpanded: \(AndroidManifest.mergedManifestHint)",
        "placeholder ${prefix} left unexpanded: \(AndroidManifest.mergedManifestHint)",
      ]),
    BadInput(
      name: "the root is not <manifest>",
      marked: "<?xml version=\"1.0\"?>\n1️⃣<resources><string name=\"a\">b</string></resources>",
      code: .manifestNotManifest,
      messages: ["the root element is <resources>, not <manifest>: this is not an AndroidManifest.xml"]),
    BadInput(
      name: "the android: prefix bound to another URI",
      marked: "<manifest 1️⃣xmlns:android=\"http://schemas.android.com/apk/res/androidx\" package=\"a\"/>",
      code: .manifestNamespace,
      messages: [
        "the prefix android: is bound to \"http://schemas.android.com/apk/res/androidx\", not "
          + "http://schemas.android.com/apk/res/android: Android reads none of the android: attributes under it"
      ]),
    BadInput(
      name: "the android: prefix not bound",
      marked:
        "<manifest package=\"a\"><application><activity 1️⃣android:name=\".M\"/></application></manifest>",
      code: .manifestNamespace,
      messages: [
        "the prefix android: of android:name is not bound: declare "
          + "xmlns:android=\"http://schemas.android.com/apk/res/android\" on <manifest>"
      ]),
    BadInput(
      name: "over the size limit",
      marked: "<manifest \(ns)>\n<1️⃣!-- padding -->\n</manifest>", code: .manifestTooLarge,
      messages: [
        "the file is 98 bytes, over TapRoute's limit of 71 bytes for a manifest; the limit is reached here"
      ],
      maximumBytes: 71),
  ]

  @Test("bad input is refused with a located error", arguments: badInputs)
  func badInput(_ row: BadInput) {
    let marked = MarkedText(row.marked)
    let markers = ["1️⃣", "2️⃣"].prefix(row.messages.count)
    let expected = zip(markers, row.messages).map { marker, message in
      "m.xml:\(marked.location(marker)): error: \(message) [\(row.code.rawValue)]"
    }
    #expect(throws: DiagnosticsError.self) {
      _ = try AndroidManifest.read(marked.bytes, file: "m.xml", maximumBytes: row.maximumBytes)
    }
    do {
      _ = try AndroidManifest.read(marked.bytes, file: "m.xml", maximumBytes: row.maximumBytes)
    } catch {
      #expect(error.diagnostics.map(\.description) == expected)
    }
  }

  @Test("the binary manifest from an APK is named, with how to get the text form")
  func binary() {
    let bytes: [UInt8] = [0x03, 0x00, 0x08, 0x00, 0x10, 0x05, 0x00, 0x00, 0x01, 0x00, 0x1C, 0x00]
    do {
      _ = try AndroidManifest.read(bytes, file: "AndroidManifest.xml")
      Issue.record("the binary manifest was read")
    } catch {
      #expect(
        error.diagnostics.map(\.description) == [
          "AndroidManifest.xml:1:1: error: this is Android's binary XML (the compiled manifest inside an APK), "
            + "not the text AndroidManifest.xml: get the text form with `aapt2 dump xmltree --file "
            + "AndroidManifest.xml app.apk` or `apktool d app.apk`, or pass the merged manifest from the build [TR822]"
        ])
    }
  }

  @Test("text that is not UTF-8 is refused at its first bad byte, before XMLParser sees it (it traps there)")
  func notUTF8() {
    // The fuzzer's smallest crash: an element name with a lone lead byte (0xD0).
    let bytes: [UInt8] = Array("<manifest>\n<".utf8) + [0xD0] + Array("e=\"".utf8)
    do {
      _ = try AndroidManifest.read(bytes, file: "m.xml")
      Issue.record("text that is not UTF-8 was read")
    } catch {
      #expect(
        error.diagnostics.map(\.description) == [
          "m.xml:2:2: error: malformed XML: the byte 0xD0 is not UTF-8; TapRoute reads a manifest without a "
            + "UTF-16 byte-order mark as UTF-8: save the file as UTF-8 [TR820]"
        ])
    }
  }

  struct Finding: CustomTestStringConvertible, Sendable {
    var name: String
    var marked: String
    var line: String
    var testDescription: String { name }
  }

  static let findings: [Finding] = [
    Finding(
      name: "an advanced pattern Android refuses",
      marked: #"<data 1️⃣android:pathAdvancedPattern="/a/[b-" />"#,
      line: #"error: android:pathAdvancedPattern="/a/[b-" is refused: a set "[" is not closed by "]" "#
        + #"(Android: "Set was not terminated!"); the rule matches nothing [TR826]"#),
    Finding(
      name: "an advanced pattern with a modifier first",
      marked: #"<data 1️⃣android:pathAdvancedPattern="*abc" />"#,
      line: #"error: android:pathAdvancedPattern="*abc" is refused: the modifier "*" follows no character "#
        + #"(Android: "Modifier must follow a token."); the rule matches nothing [TR826]"#),
    Finding(
      name: "an advanced pattern with regex alternation",
      marked: #"<data 1️⃣android:pathAdvancedPattern="/(a|b)" />"#,
      line: #"warning: android:pathAdvancedPattern="/(a|b)" matches "(" literally: Android's advanced "#
        + #"patterns have no groups, alternation, "?" or anchors [TR826]"#),
    Finding(
      name: "autoVerify that is not a boolean",
      marked: "",
      line: #"error: android:autoVerify="yes" is not true or false [TR827]"#),
    Finding(
      name: "a port that is not a number",
      marked: #"<data android:scheme="https" android:host="a.com" 1️⃣android:port="https" />"#,
      line: #"error: android:port="https" is not a port number [TR827]"#),
    Finding(
      name: "a host inside a relative group",
      marked: #"<uri-relative-filter-group><data 1️⃣android:host="a.com" /></uri-relative-filter-group>"#,
      line: "warning: android:host inside <uri-relative-filter-group> is ignored: a group reads only path, "
        + "query and fragment rules (AND-11) [TR831]"),
    Finding(
      name: "a query rule outside a relative group",
      marked: #"<data android:scheme="https" 1️⃣android:query="a=b" />"#,
      line: "warning: query and fragment rules are read only inside <uri-relative-filter-group> "
        + "(Android 15+, AND-11); here Android ignores them [TR831]"),
  ]

  @Test("problems that leave the manifest readable are located", arguments: findings)
  func finding(_ row: Finding) throws {
    let filterOpen =
      row.marked.isEmpty ? #"<intent-filter 1️⃣android:autoVerify="yes">"# : "<intent-filter>"
    let marked = MarkedText(
      "<manifest \(Self.ns)><application><activity android:name=\".M\">\n\(filterOpen)\n\(row.marked)\n"
        + "</intent-filter></activity></application></manifest>")
    let check = try AndroidManifest.read(marked.bytes, file: "m.xml")
    #expect(check.diagnostics.map(\.description) == ["m.xml:\(marked.location("1️⃣")): \(row.line)"])
  }
}
