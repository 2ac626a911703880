import Foundation
import TapRoute

/// A list of situations every variant of a comparison decides.
struct Mix {
  var name: String
  var situations: [Situation]

  /// The fixture rows (which reach every rule of the shipped tables), repeated to `count`
  /// and shuffled with a fixed seed: no order for the branch predictor to learn.
  static func shuffled(_ fixtures: [Situation], count: Int = 10_000, seed: UInt64 = 2026) -> Mix {
    var rng = TableGenerator.Random(state: seed)
    var situations = (0..<count).map { fixtures[$0 % fixtures.count] }
    for i in stride(from: situations.count - 1, to: 0, by: -1) {
      situations.swapAt(i, rng.below(i + 1))
    }
    return Mix(name: "shuffled", situations: situations)
  }

  /// The fixture rows cycled in order to `count`: a repeating pattern the branch predictor
  /// learns, which flatters the variant with the most branches.
  static func cycled(_ fixtures: [Situation], count: Int = 10_000) -> Mix {
    Mix(name: "cycled", situations: (0..<count).map { fixtures[$0 % fixtures.count] })
  }
}

/// Times variants against each other over mixes, interleaved: each round times every
/// variant once on every mix, in an order rotated by one each round, so that a change in the
/// machine's load during the run falls on all variants alike. Samples are the thread's CPU
/// time, which leaves out the time it waits preempted.
struct FairComparison {
  var variants: [Variant]
  var mixes: [Mix]
  var rounds: Int
  var passes: Int

  struct Result {
    /// Median nanoseconds per decision, by mix name, then variant name.
    var nanoseconds: [String: [String: Double]] = [:]
    /// The checksum of one pass, by mix name, then variant name.
    var checksums: [String: [String: Int]] = [:]
  }

  func run() -> Result {
    var samples: [String: [String: [Double]]] = [:]
    var result = Result()
    for mix in mixes {
      for variant in variants {
        // One untimed pass: first-use initialization (Engine.builtIn) and warm caches.
        result.checksums[mix.name, default: [:]][variant.name] = variant.run(mix.situations, passes: 1)
      }
    }
    for round in 0..<rounds {
      for mix in mixes {
        let count = variants.count
        for k in 0..<count {
          let variant = variants[(k + round) % count]
          let elapsed = threadCPUSeconds { _ = variant.run(mix.situations, passes: passes) }
          samples[mix.name, default: [:]][variant.name, default: []].append(
            elapsed * 1e9 / Double(mix.situations.count * passes))
        }
      }
    }
    for (mix, byVariant) in samples {
      for (variant, values) in byVariant {
        result.nanoseconds[mix, default: [:]][variant] = median(values)
      }
    }
    return result
  }
}
