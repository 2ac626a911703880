import Observation
import TapRoute

/// An app's SwiftUI-style model of the last tap it asked about: Apple's `@Observable` macro
/// beside `import TapRoute` (no TapRoute type is named like an Apple module).
@available(macOS 14, iOS 17, watchOS 10, tvOS 17, *)
@Observable
public final class TapModel {
  /// The last decision, for a view to show.
  public private(set) var decision: Decision?

  /// A model with no decision yet.
  public init() {}

  /// Decides a situation read from JSON text (a string, as a debug screen's text field holds).
  public func decide(json: String) throws {
    decision = Engine.builtIn.decide(try Situation(json: json))
  }

  /// One line for a log: `outcome: containerLaunch, url: "myapp://open", rule: ..., confidence: ...`.
  public var summary: String { decision.map { "\($0)" } ?? "no decision yet" }
}
