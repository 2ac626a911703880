@_spi(Generated) import TapRoute
import TapRouteAASA

/// Checks a real app's Info.plist files against the tables: which redirect URLs reach the
/// container, which will not work, and whether the extension is a Messages extension.
///
/// Every finding is a ``Diagnostic`` on the plist it concerns, naming the deciding rule and
/// its evidence; errors are what will not work, warnings what works only in part or is
/// contested, notes what works.
package enum AppAudit {
  package static func run(
    container: InfoPlist?, extension ext: InfoPlist, redirectURL: String?, engine: Engine
  ) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    func add(
      _ file: String, _ path: String, _ severity: Diagnostic.Severity, _ code: DiagnosticCode,
      _ message: String
    ) {
      findings.append(Diagnostic(file: file, path: path, severity: severity, code: code, message: message))
    }
    func because(_ d: Decision) -> String {
      "(\(d.rule ?? "undecided"); \(d.confidence?.rawValue ?? "-"); evidence \(d.evidence.joined(separator: ", ")))"
    }
    func open(_ url: String?) -> Decision {
      engine.decide(
        Situation(
          event: .open, app: App(hasContainerApp: container != nil),
          open: Open(url: url, extensionPoint: .messages)))
    }

    // The extension itself.
    if !ext.isExtension {
      add(
        ext.file, "NSExtension", .error, .wrongExtensionPoint,
        "no NSExtension dictionary: this is not an app extension's Info.plist")
    } else if ext.extensionPoint != InfoPlist.messagesExtensionPoint {
      add(
        ext.file, "NSExtension.NSExtensionPointIdentifier", .error, .wrongExtensionPoint,
        "extension point is \(ext.extensionPoint.map { Words.quoted($0) } ?? "missing"), not \"\(InfoPlist.messagesExtensionPoint)\": Messages will not host it as an iMessage app (S000-5)"
      )
    }

    // The container's declared schemes.
    if let container {
      if container.urlSchemes.isEmpty {
        add(
          container.file, "CFBundleURLTypes", .note, .schemeNote,
          "the container declares no URL scheme; a redirect with any non-empty scheme still opens it (S004-7)"
        )
      }
      for scheme in container.urlSchemes {
        let d = open(scheme + "://")
        let reaches = d.outcome == .containerLaunch
        add(
          container.file, "CFBundleURLTypes", reaches ? .note : .warning, .schemeNote,
          "open(\"\(scheme)://\") from the extension gives \(d.outcome.rawValue) \(because(d))")
      }
      if container.shortcutItems.count > 0 {
        add(
          container.file, "UIApplicationShortcutItems", .note, .schemeNote,
          "\(Words.count(container.shortcutItems.count, "static quick action")): another entry into the container app"
        )
      }
    } else {
      add(
        ext.file, "", redirectURL == nil ? .note : .error, .iMessageOnly,
        "no container app given: an iMessage-only app's open(url) opens nothing, whatever the URL (D-1)")
    }

    // The redirect URL the extension's code uses.
    if let redirectURL {
      let d = open(redirectURL)
      let scheme = URLSchemeClass.classify(redirectURL)
      let file = container?.file ?? ext.file
      switch (d.outcome, scheme) {
      case (.containerLaunch, .web):
        add(
          file, "", .warning, .universalLinkRedirect,
          "redirect \(Words.quoted(redirectURL)) is an https link: no universal link or web page opens from an iMessage extension (S004-4, F-3); the container opening for it is contested. Use the container's own scheme \(because(d))"
        )
      case (.containerLaunch, _):
        let declared =
          container?.urlSchemes.contains { redirectURL.lowercased().hasPrefix($0.lowercased() + ":") }
          ?? false
        add(
          file, "", .note, .redirectReaches,
          "redirect \(Words.quoted(redirectURL)) opens the container app\(declared ? "" : ", though its scheme is not declared: any non-empty scheme does (S004-7)") \(because(d))"
        )
      case (.otherAppLaunch, _):
        add(
          file, "", .warning, .redirectReaches,
          "redirect \(Words.quoted(redirectURL)) opens another app: App Review risk \(because(d))")
      default:
        if container != nil {
          add(
            file, "", .error, .redirectOpensNothing,
            "redirect \(Words.quoted(redirectURL)) (\(scheme.rawValue)) opens nothing; the completion reports false \(because(d))"
          )
        } else {
          add(
            ext.file, "", .error, .iMessageOnly,
            "redirect \(Words.quoted(redirectURL)) opens nothing: an iMessage-only app has no parent app to open \(because(d))"
          )
        }
      }
    }
    return findings
  }
}
