@_spi(Generated) import TapRoute

/// A quick action, static (Info.plist) or dynamic (code).
package struct ShortcutItem: Sendable, Hashable, Codable {
  package var type: String?
  package var title: String?
  package var subtitle: String?

  package init(type: String?, title: String?, subtitle: String? = nil) {
    self.type = type
    self.title = title
    self.subtitle = subtitle
  }
}
