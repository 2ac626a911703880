import Foundation
import Testing

@testable import TapRoute
@testable import TapRouteTools

@Suite("taproute audit on the committed sample plists")
struct AuditTests {
  static let plists = "Examples/plists/"

  @Test("XML and binary plists read the same")
  func xmlAndBinaryAgree() throws {
    for name in ["Container-Info", "Extension-Info"] {
      let xml = try InfoPlist.read(
        [UInt8](try Data(contentsOf: Repo.root.appendingPathComponent(Self.plists + name + ".plist"))),
        file: "x")
      let binary = try InfoPlist.read(
        [UInt8](try Data(contentsOf: Repo.root.appendingPathComponent(Self.plists + name + ".binary.plist"))),
        file: "x")
      #expect(xml == binary, "\(name)")
    }
    let container = try InfoPlist.read(
      [UInt8](try Data(contentsOf: Repo.root.appendingPathComponent(Self.plists + "Container-Info.plist"))),
      file: "c")
    #expect(
      container.urlSchemes == ["containerAppDemo"] && container.shortcutItems.count == 2
        && !container.isExtension)
  }

  static let runs: [(name: String, arguments: [String], status: Int32, stdout: [String], stderr: [String])] =
    [
      (
        "container scheme and redirect open the container app",
        [
          "--container", plists + "Container-Info.plist", "--extension",
          plists + "Extension-Info.binary.plist",
          "--redirect-url", "containerAppDemo://open",
        ],
        0,
        [
          "Examples/plists/Container-Info.plist: note: CFBundleURLTypes: open(\"containerAppDemo://\") from the extension gives containerLaunch (open/messages-any-scheme; inferred; evidence S004-7, S004-5, D-1, U-42, U-44, U-48, W-15) [TR414]",
          "Examples/plists/Container-Info.plist: note: redirect \"containerAppDemo://open\" opens the container app (open/messages-any-scheme; inferred; evidence S004-7, S004-5, D-1, U-42, U-44, U-48, W-15) [TR413]",
          "audit: 0 errors, 0 warnings, 3 notes",
        ], []
      ),
      (
        "undeclared redirect scheme still opens the container app",
        [
          "--container", plists + "Container-Info.binary.plist", "--extension",
          plists + "Extension-Info.plist",
          "--redirect-url", "otherScheme://x",
        ],
        0,
        [
          "redirect \"otherScheme://x\" opens the container app, though its scheme is not declared: any non-empty scheme does (S004-7)"
        ], []
      ),
      (
        "widget extension and https redirect",
        [
          "--container", plists + "Container-Info.plist", "--extension", plists + "Widget-Info.plist",
          "--redirect-url", "https://example.com/app",
        ],
        1,
        [
          "Examples/plists/Widget-Info.plist: error: NSExtension.NSExtensionPointIdentifier: extension point is \"com.apple.widget-extension\", not \"com.apple.message-payload-provider\": Messages will not host it as an iMessage app (S000-5) [TR410]",
          "error: redirect \"https://example.com/app\" (web) opens nothing; the completion reports false (open/messages-web-url; contested; evidence F-3, N-6, D-1) [TR411]",
        ], []
      ),
      (
        "redirect without a scheme opens nothing",
        [
          "--container", plists + "Container-Info.plist", "--extension", plists + "Extension-Info.plist",
          "--redirect-url", "containerAppDemo",
        ],
        1,
        [
          "error: redirect \"containerAppDemo\" (noScheme) opens nothing; the completion reports false (open/messages-no-scheme"
        ], []
      ),
      (
        "iMessage-only app has no container to open",
        ["--extension", plists + "Extension-Info.plist", "--redirect-url", "containerAppDemo://"],
        1,
        [
          "Examples/plists/Extension-Info.plist: error: redirect \"containerAppDemo://\" opens nothing: an iMessage-only app has no parent app to open (open/messages-no-parent-app; documented; evidence D-1) [TR415]"
        ], []
      ),
      (
        "unreadable plists exit 2",
        [
          "--container", plists + "Malformed-Info.plist", "--extension",
          plists + "Truncated-Info.binary.plist",
        ],
        2, [],
        [
          "Examples/plists/Truncated-Info.binary.plist: error: not a readable property list (XML or binary):",
          "Examples/plists/Malformed-Info.plist: error: not a readable property list (XML or binary):",
        ]
      ),
      (
        "missing --extension exits 2",
        ["--container", plists + "Container-Info.plist"], 2, [],
        ["taproute audit: --extension PATH is required"]
      ),
      (
        "missing file exits 2", ["--extension", "/nonexistent.plist"], 2, [],
        ["/nonexistent.plist: error: no such file [TR003]"]
      ),
    ]

  @Test("audit output and exit codes", arguments: runs.map(\.name))
  func auditRun(_ name: String) throws {
    let row = try namedRow(name, in: Self.runs, name: \.name)
    let r = try Binary.run(["audit"] + row.arguments)
    #expect(r.status == row.status, "\(row.arguments): \(r.stdout) \(r.stderr)")
    for line in row.stdout { #expect(r.stdout.contains(line), "stdout lacks: \(line)\n\(r.stdout)") }
    for line in row.stderr { #expect(r.stderr.contains(line), "stderr lacks: \(line)\n\(r.stderr)") }
  }

  @Test func wrongTypesAreLocated() throws {
    let plist = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLSchemes</key><string>notAnArray</string></dict></array>
      <key>NSExtension</key><string>x</string>
      </dict></plist>
      """
    do {
      _ = try InfoPlist.read(Array(plist.utf8), file: "bad.plist")
      Issue.record("accepted a plist with wrong types")
    } catch {
      #expect(
        error.diagnostics.map(\.description) == [
          "bad.plist: error: CFBundleURLTypes[0].CFBundleURLSchemes: expected an array of strings [TR402]",
          "bad.plist: error: NSExtension: expected a dictionary [TR402]",
        ])
    }
  }
}
