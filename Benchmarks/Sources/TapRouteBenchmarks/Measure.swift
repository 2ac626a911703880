import Foundation
import TapRoute

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The middle value (the upper middle of an even count).
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
  let clock = ContinuousClock()
  var elapsed: Duration = .zero
  try elapsed = clock.measure { try body() }
  let (s, attoseconds) = elapsed.components
  return Double(s) + Double(attoseconds) / 1e18
}

/// Median nanoseconds per decision of one variant over `situations`, `passes` times over
/// per sample: for rows that time one variant alone.
func nanosecondsPerDecision(_ variant: Variant, _ situations: [Situation], passes: Int, repeats: Int)
  -> Double
{
  _ = variant.run(situations, passes: 1)
  return median(
    (0..<repeats).map { _ in
      seconds { _ = variant.run(situations, passes: passes) } * 1e9 / Double(situations.count * passes)
    })
}

/// Nanoseconds from main's first line (with `warm`, from after warming the Swift runtime) to
/// the first decision through `Engine.builtIn`, in a
/// fresh process (this executable with `--first-decision`); nil when it cannot run.
func firstDecisionNanoseconds(warm: Bool) -> Double? {
  guard let executable = Bundle.main.executableURL else { return nil }
  let process = Process()
  process.executableURL = executable
  process.arguments = warm ? ["--first-decision", "warm"] : ["--first-decision"]
  let output = Pipe()
  process.standardOutput = output
  do { try process.run() } catch { return nil }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0,
    let line = String(data: data, encoding: .utf8)?.split(separator: " ").first
  else { return nil }
  return Double(line)
}

/// CPU seconds this thread spent in `body`: the decide comparison's samples, which are a few
/// milliseconds each, so that time the thread spends preempted on a busy machine is not
/// counted against whichever variant was running.
func threadCPUSeconds(_ body: () -> Void) -> Double {
  func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }
  let start = now()
  body()
  return now() - start
}
