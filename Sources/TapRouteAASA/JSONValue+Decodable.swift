// Lets `Codable` clients of types with a strict reader (observations) go through the same
// checks: the decoder's value becomes a JSONValue the reader walks (locations are lost).

extension JSONValue: Decodable {
  /// Reads a value from any `Decoder`.
  package init(from decoder: any Decoder) throws {
    let location = SourcePosition(line: 0, column: 0)
    if var array = try? decoder.unkeyedContainer() {
      var items: [JSONValue] = []
      while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
      self.init(.array(items), at: location)
      return
    }
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      var members: [Member] = []
      for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
        members.append(
          Member(
            key: key.stringValue, keyLocation: location, value: try object.decode(JSONValue.self, forKey: key)
          ))
      }
      self.init(.object(members), at: location)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self.init(.null, at: location)
    } else if let b = try? single.decode(Bool.self) {
      self.init(.bool(b), at: location)
    } else if let n = try? single.decode(Double.self) {
      self.init(.number(n), at: location)
    } else {
      self.init(.string(try single.decode(String.self)), at: location)
    }
  }

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
