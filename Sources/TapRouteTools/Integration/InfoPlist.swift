import Foundation
@_spi(Generated) import TapRoute

/// What TapRoute reads from an app's or extension's Info.plist (XML or binary).
package struct InfoPlist: Sendable, Hashable {
  package var file: String
  package var bundleIdentifier: String?
  /// `CFBundleURLTypes[*].CFBundleURLSchemes[*]`.
  package var urlSchemes: [String]
  /// `UIApplicationShortcutItems[*]`; type or title may be missing.
  package var shortcutItems: [ShortcutItem]
  /// `NSExtension.NSExtensionPointIdentifier`.
  package var extensionPoint: String?
  /// True when the plist has an `NSExtension` dictionary.
  package var isExtension: Bool
  /// `LSApplicationQueriesSchemes`: the schemes `canOpenURL` may ask about.
  package var queriesSchemes: [String] = []

  /// The extension point of Messages extensions.
  package static let messagesExtensionPoint = "com.apple.message-payload-provider"
  /// Largest plist accepted, in bytes.
  package static let maximumBytes = 4 << 20

  /// Reads a plist, reporting malformed or truncated files and keys of the wrong type.
  package static func read(_ bytes: [UInt8], file: String) throws(DiagnosticsError) -> InfoPlist {
    guard bytes.count <= maximumBytes else {
      throw DiagnosticsError([
        Diagnostic(
          file: file, code: .inputTooLarge,
          message: "plist is \(bytes.count) bytes; the limit is \(maximumBytes)")
      ])
    }
    if let problem = BinaryPlistCheck.problem(in: bytes) {
      throw DiagnosticsError([
        Diagnostic(
          file: file, code: .plistUnreadable,
          message: "not a readable property list (XML or binary): \(problem)")
      ])
    }
    let root: Any
    do {
      var format = PropertyListSerialization.PropertyListFormat.xml
      root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
    } catch {
      let reason =
        (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
      throw DiagnosticsError([
        Diagnostic(
          file: file, code: .plistUnreadable,
          message: "not a readable property list (XML or binary): \(reason)")
      ])
    }
    guard let dict = root as? [String: Any] else {
      throw DiagnosticsError([
        Diagnostic(file: file, code: .plistWrongType, message: "the top level is not a dictionary")
      ])
    }
    var problems: [Diagnostic] = []
    func wrong(_ path: String, _ expected: String) {
      problems.append(
        Diagnostic(file: file, path: path, code: .plistWrongType, message: "expected \(expected)"))
    }
    var info = InfoPlist(file: file, urlSchemes: [], shortcutItems: [], isExtension: false)
    if let id = dict["CFBundleIdentifier"] {
      if let s = id as? String { info.bundleIdentifier = s } else { wrong("CFBundleIdentifier", "a string") }
    }
    if let types = dict["CFBundleURLTypes"] {
      if let list = types as? [Any] {
        for (i, item) in list.enumerated() {
          guard let entry = item as? [String: Any] else {
            wrong("CFBundleURLTypes[\(i)]", "a dictionary")
            continue
          }
          guard let schemes = entry["CFBundleURLSchemes"] else { continue }
          if let strings = schemes as? [String] {
            info.urlSchemes += strings
          } else {
            wrong("CFBundleURLTypes[\(i)].CFBundleURLSchemes", "an array of strings")
          }
        }
      } else {
        wrong("CFBundleURLTypes", "an array")
      }
    }
    if let items = dict["UIApplicationShortcutItems"] {
      if let list = items as? [Any] {
        for (i, item) in list.enumerated() {
          guard let entry = item as? [String: Any] else {
            wrong("UIApplicationShortcutItems[\(i)]", "a dictionary")
            continue
          }
          info.shortcutItems.append(
            ShortcutItem(
              type: entry["UIApplicationShortcutItemType"] as? String,
              title: entry["UIApplicationShortcutItemTitle"] as? String,
              subtitle: entry["UIApplicationShortcutItemSubtitle"] as? String))
        }
      } else {
        wrong("UIApplicationShortcutItems", "an array")
      }
    }
    if let schemes = dict["LSApplicationQueriesSchemes"] {
      if let strings = schemes as? [String] {
        info.queriesSchemes = strings
      } else {
        wrong("LSApplicationQueriesSchemes", "an array of strings")
      }
    }
    if let ext = dict["NSExtension"] {
      if let e = ext as? [String: Any] {
        info.isExtension = true
        if let point = e["NSExtensionPointIdentifier"] {
          if let s = point as? String {
            info.extensionPoint = s
          } else {
            wrong("NSExtension.NSExtensionPointIdentifier", "a string")
          }
        }
      } else {
        wrong("NSExtension", "a dictionary")
      }
    }
    if !problems.isEmpty { throw DiagnosticsError(problems) }
    return info
  }
}
