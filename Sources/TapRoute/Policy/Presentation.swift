/// How the extension is presented when it launches.
public enum Presentation: String, Sendable, Hashable, Codable, CaseIterable {
  /// The extension fills the screen (a launch by selecting a message, N-1).
  case expanded
  /// The extension shows in the keyboard area under the conversation.
  case compact
}
