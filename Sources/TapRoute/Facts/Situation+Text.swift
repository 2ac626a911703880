import TapRouteAASA

extension Situation.Redirect {
  /// The redirect as compact JSON, nil when it holds nothing (the generated
  /// ``Situation/minimalJSON`` writes it under `tap.redirect`).
  package var redirectJSON: String? {
    guard !hooks.isEmpty || url != nil else { return nil }
    var fields: [String] = []
    if !hooks.isEmpty {
      fields.append("\"hooks\":[" + hooks.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]")
    }
    if let url { fields.append("\"url\":\(Escaping.jsonString(url))") }
    return "{" + fields.joined(separator: ",") + "}"
  }
}
