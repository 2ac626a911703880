import TapRouteAASA

@testable import TapRoute
@testable import TapRouteTools

/// Edits of a parsed JSON tree, for tests that change a policy file.
///
/// A test that breaks or changes a policy edits its parsed tree and writes it back, so the
/// edit does not depend on how the file is laid out: reformatting a shipped file, or moving a
/// rule, leaves such a test as it was. Object members keep their order (a table's facts are
/// listed in declaration order in what the tools print).
extension JSONValue {
  /// A string value.
  static func string(_ s: String) -> JSONValue { JSONValue(.string(s)) }
  /// A boolean value.
  static func bool(_ b: Bool) -> JSONValue { JSONValue(.bool(b)) }
  /// An array of strings.
  static func strings(_ items: [String]) -> JSONValue { JSONValue(.array(items.map(string))) }

  /// The value of the member `key` of an object; setting nil removes the member, setting a
  /// new key appends it. Nil, and setting does nothing, if this is not an object.
  subscript(key: String) -> JSONValue? {
    get { objectValue?.first { $0.key == key }?.value }
    set {
      guard var members = objectValue else { return }
      if let i = members.firstIndex(where: { $0.key == key }) {
        if let newValue { members[i].value = newValue } else { members.remove(at: i) }
      } else if let newValue {
        members.append(Member(key: key, keyLocation: location, value: newValue))
      }
      kind = .object(members)
    }
  }

  /// The elements of an array (empty if this is not an array); setting replaces them.
  var elements: [JSONValue] {
    get { arrayValue ?? [] }
    set { kind = .array(newValue) }
  }

  /// The element of the array `list` whose `"id"` is `id` (a table's rule, a transition);
  /// setting nil removes it. Nil, and setting does nothing, when there is no such element.
  subscript(list: String, id id: String) -> JSONValue? {
    get { self[list]?.elements.first { $0["id"]?.stringValue == id } }
    set {
      guard var items = self[list]?.elements, let i = items.firstIndex(where: { $0["id"]?.stringValue == id })
      else { return }
      if let newValue { items[i] = newValue } else { items.remove(at: i) }
      self[list] = JSONValue(.array(items))
    }
  }

  /// Inserts `element` into the array `list` before the element whose `"id"` is `id`.
  mutating func insert(_ element: JSONValue, into list: String, before id: String) {
    guard var items = self[list]?.elements, let i = items.firstIndex(where: { $0["id"]?.stringValue == id })
    else { return }
    items.insert(element, at: i)
    self[list] = JSONValue(.array(items))
  }

  /// The value as JSON text, two spaces an indent level, members in their order.
  var formatted: String { formatted(indent: "") }

  private func formatted(indent: String) -> String {
    let inner = indent + "  "
    switch kind {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let n):
      if n.rounded() == n, abs(n) < 1e15 { return String(Int64(n)) }
      return String(n)
    case .string(let s): return Escaping.jsonString(s)
    case .array(let items):
      if items.isEmpty { return "[]" }
      return "[\n" + items.map { inner + $0.formatted(indent: inner) }.joined(separator: ",\n") + "\n"
        + indent
        + "]"
    case .object(let members):
      if members.isEmpty { return "{}" }
      return "{\n"
        + members.map { inner + Escaping.jsonString($0.key) + ": " + $0.value.formatted(indent: inner) }
        .joined(separator: ",\n") + "\n" + indent + "}"
    }
  }
}
