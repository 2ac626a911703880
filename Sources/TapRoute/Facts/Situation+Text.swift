extension Situation {
  /// The situation without the part its event does not read (`open` for a tap, `tap` for
  /// an open): what ``minimalJSON`` writes.
  package var relevantPart: Situation {
    var copy = self
    switch event {
    case .tap: copy.open = Open()
    case .open: copy.tap = Tap()
    }
    return copy
  }

  /// The situation as compact public JSON, listing only what differs from the defaults and
  /// only the part its event reads
  /// (`{"event":"tap","platform":"watchOS","tap":{"target":"attribution"}}`).
  package var minimalJSON: String {
    var top: [String] = ["\"event\":\"\(event.rawValue)\""]
    if platform != .iOS { top.append("\"platform\":\"\(platform.rawValue)\"") }
    if let osVersion { top.append("\"osVersion\":\"\(osVersion)\"") }
    var app: [String] = []
    let defaults = App()
    if self.app.hasContainerApp != defaults.hasContainerApp {
      app.append("\"hasContainerApp\":\(self.app.hasContainerApp)")
    }
    if self.app.installed != defaults.installed { app.append("\"installed\":\(self.app.installed)") }
    if self.app.enabledInMessages != defaults.enabledInMessages {
      app.append("\"enabledInMessages\":\(self.app.enabledInMessages)")
    }
    if self.app.published != defaults.published { app.append("\"published\":\(self.app.published)") }
    if let sdkVersion = self.app.sdkVersion { app.append("\"sdkVersion\":\"\(sdkVersion)\"") }
    if !app.isEmpty { top.append("\"app\":{" + app.joined(separator: ",") + "}") }
    if event == .tap {
      var tap: [String] = []
      if self.tap.target != .message { tap.append("\"target\":\"\(self.tap.target.rawValue)\"") }
      if let url = self.tap.url { tap.append("\"url\":\(Self.jsonString(url))") }
      if self.tap.transport != .iMessage { tap.append("\"transport\":\"\(self.tap.transport.rawValue)\"") }
      if self.tap.layout != .template { tap.append("\"layout\":\"\(self.tap.layout.rawValue)\"") }
      if self.tap.expired { tap.append("\"expired\":true") }
      if self.tap.extensionRunning { tap.append("\"extensionRunning\":true") }
      if self.tap.alreadySelected { tap.append("\"alreadySelected\":true") }
      if self.tap.afterDrawerSwipe { tap.append("\"afterDrawerSwipe\":true") }
      if self.tap.presentationContext != .messages {
        tap.append("\"presentationContext\":\"\(self.tap.presentationContext.rawValue)\"")
      }
      if !self.tap.redirect.hooks.isEmpty || self.tap.redirect.url != nil {
        var redirect: [String] = []
        if !self.tap.redirect.hooks.isEmpty {
          redirect.append(
            "\"hooks\":[" + self.tap.redirect.hooks.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]")
        }
        if let url = self.tap.redirect.url { redirect.append("\"url\":\(Self.jsonString(url))") }
        tap.append("\"redirect\":{" + redirect.joined(separator: ",") + "}")
      }
      if !tap.isEmpty { top.append("\"tap\":{" + tap.joined(separator: ",") + "}") }
    } else {
      var open: [String] = []
      if let url = self.open.url { open.append("\"url\":\(Self.jsonString(url))") }
      if self.open.extensionPoint != .messages {
        open.append("\"extensionPoint\":\"\(self.open.extensionPoint.rawValue)\"")
      }
      if !open.isEmpty { top.append("\"open\":{" + open.joined(separator: ",") + "}") }
    }
    return "{" + top.joined(separator: ",") + "}"
  }

  /// A JSON string literal.
  static func jsonString(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
