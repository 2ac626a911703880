@_spi(Generated) import TapRoute
import TapRouteTools

extension ErrorLine {
  /// Writes the compact JSON `DecisionText.encode(_:pretty: false)` writes for this value, byte
  /// for byte (keys in sorted order, absent fields left out), without `JSONEncoder`.
  func write(to json: inout JSONWriter) {
    json.beginObject()
    json.key("errors")
    json.beginArray()
    for entry in errors {
      json.beginObject()
      json.member("code", entry.code)
      json.member("column", entry.column)
      json.member("file", entry.file)
      json.member("line", entry.line)
      json.key("message")
      json.string(entry.message)
      json.member("path", entry.path)
      json.key("severity")
      json.string(entry.severity)
      json.endObject()
    }
    json.endArray()
    json.member("line", line)
    json.endObject()
  }
}
