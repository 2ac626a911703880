import Foundation
import TapRoute
import TapRouteReference

#if TAPROUTE_GENERATED_TABLES
  import GeneratedTables
#endif

/// One way of deciding a situation, timed and counted against the others.
///
/// Every variant starts from the same `Situation` value and does its own defaults, URL
/// scan and conversion inside the clock; every variant hands back outcome, callbacks and
/// presentation, and the benchmark folds all three into a checksum that is printed, so no
/// variant can skip work the others do and the compiler cannot drop a result unread.
enum Variant: Sendable {
  /// An interpreter over the shipped policy files, read from `Policies/` of this checkout
  /// (`Engine(policiesAt:)`), or `try Engine()` when the folder is not there.
  case interpreted(Engine)
  /// `Engine.builtIn.decide`, exactly as a client calls it.
  case builtIn
  /// `Engine.builtIn` held in a `let` once, then `decide` on that: what reading the static
  /// costs per call is the difference to ``builtIn``.
  case builtInHeld(Engine)
  /// `TapRouteReference.ReferenceSwitch`: the shipped semantics written by hand.
  case referenceSwitch
  /// An interpreter over a generated table (rule count flatness).
  case generatedTable(Engine, rules: Int)
  /// A generated table compiled to Swift by `taproute generate swift` (its `engine`).
  case compiledTable(Engine, rules: Int)

  /// The name used on the command line (`--callgrind-driver NAME N`) and in figure ids.
  var name: String {
    switch self {
    case .interpreted: "interpreted"
    case .builtIn: "builtIn"
    case .builtInHeld: "builtIn-held"
    case .referenceSwitch: "switch"
    case .generatedTable(_, let rules): "interpreted-\(rules)"
    case .compiledTable(_, let rules): "generated-\(rules)"
    }
  }

  /// What the variant is, for the table.
  var label: String {
    switch self {
    case .interpreted: "interpreted (Engine(policiesAt: Policies))"
    case .builtIn: "Engine.builtIn"
    case .builtInHeld: "Engine.builtIn held in a let"
    case .referenceSwitch: "ReferenceSwitch (hand-written)"
    case .generatedTable(_, let rules): "interpreted, generated \(rules)-rule table"
    case .compiledTable(_, let rules): "generated Swift, generated \(rules)-rule table"
    }
  }

  /// The variant named `name`; nil for an unknown name. Loads what the variant needs.
  static func named(_ name: String) throws -> Variant? {
    switch name {
    case "interpreted": return .interpreted(try shippedInterpreter())
    case "builtIn": return .builtIn
    case "builtIn-held": return .builtInHeld(Engine.builtIn)
    case "switch": return .referenceSwitch
    case "interpreted-1000":
      let dir = try TableGenerator.write(rules: 1_000)
      defer { try? FileManager.default.removeItem(at: dir) }
      return .generatedTable(try Engine(policiesAt: dir), rules: 1_000)
    case "generated-1000": return compiledThousand
    default: return nil
    }
  }

  /// The names `named` knows.
  static let names =
    ["interpreted", "builtIn", "builtIn-held", "switch", "interpreted-1000"]
    + (compiledThousand == nil ? [] : ["generated-1000"])

  /// The seeded 1,000-rule table compiled to Swift (`Benchmarks/generate-table.sh`), when the
  /// benchmark was built with it (not with TAPROUTE_BENCHMARK_LEAN=1).
  static var compiledThousand: Variant? {
    #if TAPROUTE_GENERATED_TABLES
      .compiledTable(Generated1000Policies.engine, rules: 1_000)
    #else
      nil
    #endif
  }

  /// An interpreter over this checkout's `Policies/` (the benchmark's source file sits four
  /// folders below the root), else over the built-in files.
  static func shippedInterpreter() throws -> Engine {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let policies = root.appendingPathComponent("Policies")
    if FileManager.default.fileExists(atPath: policies.appendingPathComponent("tap.json").path) {
      return try Engine(policiesAt: policies)
    }
    return try Engine()
  }

  /// Decides every situation of `mix`, `passes` times over, and returns the sum of the folded
  /// results. Not inlined, so that every variant's loop is compiled alike and on its own.
  @inline(never)
  func run(_ mix: [Situation], passes: Int) -> Int {
    switch self {
    case .interpreted(let engine), .builtInHeld(let engine), .generatedTable(let engine, _),
      .compiledTable(let engine, _):
      return loop(mix, passes) { engine.decide($0).folded }
    case .builtIn:
      return loop(mix, passes) { Engine.builtIn.decide($0).folded }
    case .referenceSwitch:
      return loop(mix, passes) { ReferenceSwitch.decide($0).folded }
    }
  }

  /// Decides `count` situations, cycling through `mix` (the callgrind driver).
  @inline(never)
  func run(_ mix: [Situation], count: Int) -> Int {
    let passes = count / mix.count
    return run(mix, passes: passes) &+ run(Array(mix.prefix(count - passes * mix.count)), passes: 1)
  }
}

@inline(__always)
private func loop(_ mix: [Situation], _ passes: Int, _ fold: (Situation) -> Int) -> Int {
  var sum = 0
  for _ in 0..<passes {
    for situation in mix { sum &+= fold(situation) }
  }
  return sum
}

/// Outcome, callbacks and presentation folded into one number, the same for every variant
/// that decides alike.
@inline(__always)
func fold(_ outcome: Outcome, _ callbacks: [Situation.Callback]?, _ presentation: Presentation?) -> Int {
  var sum = ordinal(outcome) &* 3 &+ ordinal(presentation)
  if let callbacks {
    sum = sum &* 17 &+ callbacks.count &+ 1
    for callback in callbacks { sum = sum &* 13 &+ ordinal(callback) }
  }
  return sum
}

extension Decision {
  var folded: Int { fold(outcome, callbacks, presentation) }
}

extension ReferenceSwitch.Result {
  var folded: Int { fold(outcome, callbacks, presentation) }
}

@inline(__always)
private func ordinal(_ outcome: Outcome) -> Int {
  switch outcome {
  case .storeFront: 1
  case .storeProductPage: 2
  case .manageApps: 3
  case .extensionLaunch: 4
  case .containerLaunch: 5
  case .otherAppLaunch: 6
  case .browser: 7
  case .nothing: 8
  case .undecided: 9
  case .transcriptView: 10
  case .intentRun: 11
  case .appClipLaunch: 12
  case .backgroundLaunch: 13
  case .expandsInPlace: 14
  case .offersToOpenOnPhone: 15
  case .appLaunch: 16
  case .disambiguationDialog: 17
  }
}

@inline(__always)
private func ordinal(_ presentation: Presentation?) -> Int {
  switch presentation {
  case nil: 0
  case .expanded: 1
  case .compact: 2
  }
}

@inline(__always)
private func ordinal(_ callback: Situation.Callback) -> Int {
  switch callback {
  case .viewDidLoad: 1
  case .willBecomeActive: 2
  case .didBecomeActive: 3
  case .viewWillAppear: 4
  case .viewDidAppear: 5
  case .willSelect: 6
  case .didSelect: 7
  case .willTransition: 8
  case .didTransition: 9
  case .willResignActive: 10
  case .didResignActive: 11
  case .viewWillDisappear: 12
  case .viewDidDisappear: 13
  case .didReceive: 14
  }
}
