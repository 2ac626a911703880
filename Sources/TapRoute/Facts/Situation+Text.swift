extension Situation.Redirect {
  /// The redirect as compact JSON, nil when it holds nothing (the generated
  /// ``Situation/minimalJSON`` writes it under `tap.redirect`).
  package var redirectJSON: String? {
    guard !hooks.isEmpty || url != nil else { return nil }
    var fields: [String] = []
    if !hooks.isEmpty {
      fields.append("\"hooks\":[" + hooks.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]")
    }
    if let url { fields.append("\"url\":\(Situation.jsonString(url))") }
    return "{" + fields.joined(separator: ",") + "}"
  }
}

extension Situation {
  /// A JSON string literal.
  package static func jsonString(_ s: String) -> String {
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
