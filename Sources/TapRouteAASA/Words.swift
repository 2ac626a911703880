/// The two wording helpers every stage's messages and every renderer share: counted nouns
/// and quoted input.
///
/// One place, so that every message quotes hostile text the same way (nothing in it can
/// forge an extra line of output) and counts read the same in the library and the CLI.
package enum Words {
  /// A count and its noun, the noun plural unless the count is 1: `1 error`, `2 errors`.
  package static func count(_ n: some BinaryInteger, _ noun: String) -> String {
    "\(n) \(plural(n, noun))"
  }

  /// The noun alone, plural unless `n` is 1: `rule`, `rules`.
  package static func plural(_ n: some BinaryInteger, _ noun: String) -> String {
    n == 1 ? noun : noun + "s"
  }

  /// "a" or "an" for `word`, by its first letter.
  package static func article(_ word: String) -> String {
    word.first.map { "aeiouAEIOU".contains($0) } == true ? "an" : "a"
  }

  /// A string in double quotes with quotes, backslashes and control characters escaped,
  /// so that hostile input cannot forge extra lines of output; cut after 200 characters.
  package static func quoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars.prefix(200) {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
          out += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    if s.unicodeScalars.count > 200 { out += "..." }
    return out + "\""
  }
}
