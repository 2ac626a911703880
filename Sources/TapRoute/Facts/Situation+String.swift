extension Situation {
  /// Reads a situation from JSON text, as the bytes form reads its UTF-8 bytes: strict, every
  /// problem located (`situation.json:1:23: error: ...`).
  ///
  /// ```swift
  /// let situation = try Situation(json: #"{"event":"tap","app":{"installed":false}}"#)
  /// ```
  public init(json text: String, file: String = "situation.json") throws(DiagnosticsError) {
    try self.init(json: text.utf8, file: file)
  }
}
