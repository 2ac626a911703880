@_spi(Generated) import TapRoute
import TapRouteAASA

/// Reading the given situation: what the sender controls of a tap (`{"app": {...}, "tap":
/// {...}}`, without the facts that vary by recipient), or a situation of any event.
extension Matrix {
  /// Facts the matrix varies, refused in its input: each fact's key path in the situation
  /// (`$.app.installed` -> `["app", "installed"]`) and its name.
  static var recipientKeys: [(path: [String], name: String)] {
    recipientFacts.map { fact in
      (fact.source(for: .tap).dropFirst(2).split(separator: ".").map(String.init), fact.rawValue)
    }
  }

  /// Parses the given situation. `event` may be left out (it is a tap). A tap's `open` part
  /// is refused, and so are its recipient facts when `refusingRecipients` (they are the
  /// default columns: the matrix lists every recipient).
  package static func parseMessage(
    _ bytes: [UInt8], file: String, refusingRecipients: Bool = true
  ) -> Result<Situation, DiagnosticsError> {
    JSONParser.document(bytes, file: file, what: "message", maximumBytes: Situation.maximumDocumentBytes)
      .flatMap { root in
        guard var members = root.objectValue else {
          return .failure(
            DiagnosticsError([
              Diagnostic(
                file: file, path: "$", location: root.location, code: .situationWrongType,
                message:
                  "expected an object with the sender's \"app\" and \"tap\" parts, found \(root.typeName)")
            ]))
        }
        var problems: [Diagnostic] = []
        let event = members.first { $0.key == "event" }
        let isTap = event == nil || event?.value.stringValue == Situation.Event.tap.rawValue
        for (path, name) in recipientKeys where isTap && refusingRecipients {
          if let (location, _) = find(path, in: root) {
            problems.append(
              Diagnostic(
                file: file, path: "$." + path.joined(separator: "."), location: location,
                code: .situationUnknownKey,
                message:
                  "\(name) varies by recipient: the matrix lists every value, so the message leaves it out"))
          }
        }
        if isTap, let open = members.first(where: { $0.key == "open" }) {
          problems.append(
            Diagnostic(
              file: file, path: "$.open", location: open.keyLocation, code: .situationUnknownKey,
              message: "the matrix is about tapping a message; \"open\" has no place in it"))
        }
        if !problems.isEmpty { return .failure(DiagnosticsError(problems)) }
        if event == nil {
          members.insert(
            JSONValue.Member(key: "event", keyLocation: root.location, value: JSONValue(.string("tap"))),
            at: 0)
        }
        return Situation.decode(JSONValue(.object(members), at: root.location), file: file)
      }
  }

  /// The location of the key at `path`, if present.
  private static func find(_ path: [String], in value: JSONValue) -> (SourcePosition, JSONValue)? {
    var current = value
    var location = value.location
    for key in path {
      guard let member = current.objectValue?.first(where: { $0.key == key }) else { return nil }
      location = member.keyLocation
      current = member.value
    }
    return (location, current)
  }
}
