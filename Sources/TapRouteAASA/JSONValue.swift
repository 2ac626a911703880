/// A parsed JSON value that remembers where it stood in its source text.
///
/// TapRoute parses JSON itself rather than through `JSONSerialization` so that every
/// input problem can be reported with a line and column, object keys keep their order
/// and duplicates are caught, and booleans never pass for numbers (Foundation differs
/// between Linux and Apple platforms there).
package struct JSONValue: Sendable, Equatable {
  /// The kind of value and its content.
  package indirect enum Kind: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])
  }

  /// One `"key": value` pair of an object, in source order.
  package struct Member: Sendable, Equatable {
    package var key: String
    package var keyLocation: SourcePosition
    package var value: JSONValue

    package init(key: String, keyLocation: SourcePosition, value: JSONValue) {
      (self.key, self.keyLocation, self.value) = (key, keyLocation, value)
    }
  }

  package var kind: Kind
  package var location: SourcePosition

  package init(_ kind: Kind, at location: SourcePosition = SourcePosition(line: 0, column: 0)) {
    self.kind = kind
    self.location = location
  }

  /// The name of this value's JSON type, as used in "expected X, found Y" messages.
  package var typeName: String {
    switch kind {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  package var stringValue: String? {
    if case .string(let s) = kind { return s }
    return nil
  }

  package var boolValue: Bool? {
    if case .bool(let b) = kind { return b }
    return nil
  }

  package var arrayValue: [JSONValue]? {
    if case .array(let a) = kind { return a }
    return nil
  }

  package var objectValue: [Member]? {
    if case .object(let o) = kind { return o }
    return nil
  }

  package var isNull: Bool {
    if case .null = kind { return true }
    return false
  }
}

/// A line and column (both 1-based) in a source text; line 0 means "not known".
public struct SourcePosition: Sendable, Hashable, Codable, Comparable {
  /// The line, from 1; 0 when not known.
  public var line: Int
  /// The column, from 1, counted in UTF-8 bytes.
  public var column: Int

  /// A position from its line and column.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// Earlier in the text: by line, then column.
  public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
    (a.line, a.column) < (b.line, b.column)
  }
}
