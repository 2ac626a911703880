/// How sure the evidence behind a rule is, strongest first.
public enum Confidence: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
  /// Apple's documentation says so.
  case documented
  /// Several independent reports agree.
  case several
  /// One report.
  case single
  /// Reasoned from other evidence, not observed.
  case inferred
  /// Reports disagree; the rule picks one reading and its note says which.
  case contested

  /// Strength as a number: documented is strongest.
  package var strength: Int {
    switch self {
    case .documented: 4
    case .several: 3
    case .single: 2
    case .inferred: 1
    case .contested: 0
    }
  }

  /// Weaker sorts first, so `min` of several confidences is the weakest.
  public static func < (a: Confidence, b: Confidence) -> Bool { a.strength < b.strength }
}
