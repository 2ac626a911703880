import Foundation
import TapRoute
import TapRouteReference

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Usage: swift run -c release --package-path Benchmarks TapRouteBenchmarks [--quick] [--scaling]
// Prints a table, then one JSON line per figure. Medians of repeated runs; every ratio is
// taken between figures of this one run. --scaling runs only the large-policy and scaling
// rows (g, s).

let quick = CommandLine.arguments.contains("--quick")
let scalingOnly = CommandLine.arguments.contains("--scaling")
let repeats = quick ? 3 : 11

struct Figure {
  var id: String
  var name: String
  var value: Double
  var unit: String
  var target: String
}
var figures: [Figure] = []

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

@inline(never)
func code(_ outcome: Outcome) -> Int {
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
  }
}

/// Median nanoseconds per call of `decide` over `situations`, each pass `passes` times over.
func nsPerDecision(_ situations: [Situation], passes: Int, _ decide: (Situation) -> Outcome) -> (Double, Int)
{
  var checksum = 0
  let samples = (0..<repeats).map { _ in
    seconds {
      for _ in 0..<passes {
        for s in situations { checksum &+= code(decide(s)) }
      }
    } * 1e9 / Double(situations.count * passes)
  }
  return (median(samples), checksum)
}

/// The process's peak resident set in bytes: VmHWM where Linux offers it (so that
/// `resetPeakRSS` can start a new measurement), else getrusage's maximum.
func peakRSSBytes() -> Double {
  if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let kB = Double(line.split(separator: " ").dropFirst().first ?? "")
  {
    return kB * 1024
  }
  var usage = rusage()
  #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss)
  #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) * 1024
  #endif
}

/// Starts a new peak-RSS measurement where Linux allows it (writing 5 to clear_refs resets
/// VmHWM to the current resident set); elsewhere the peak is the process's since it began,
/// so a growth figure measured after a larger one reads 0.
func resetPeakRSS() {
  try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

if CommandLine.arguments.contains("--profile-load") {
  // Only load+compile of the shipped policies, for valgrind --tool=callgrind.
  for _ in 0..<20 { _ = try? Engine() }
  exit(0)
}

if let i = CommandLine.arguments.firstIndex(of: "--write-generated"), i + 2 < CommandLine.arguments.count,
  let tap = Int(CommandLine.arguments[i + 1]), let open = Int(CommandLine.arguments[i + 2])
{
  // A generated policy directory (TAP tap rules, OPEN open rules; OPEN 0: the minimal open
  // table; --own-version-ranges: a range per rule) for timing the CLI on it; prints its path,
  // the caller removes it.
  do {
    let ranges = CommandLine.arguments.contains("--own-version-ranges")
    print(try TableGenerator.write(rules: tap, openRules: open, ownVersionRanges: ranges).path)
  } catch { print(error) }
  exit(0)
}

if let i = CommandLine.arguments.firstIndex(of: "--profile-verify"), i + 1 < CommandLine.arguments.count,
  let rules = Int(CommandLine.arguments[i + 1])
{
  // Only load and verify of one generated table, for perf or callgrind.
  do {
    let dir = try TableGenerator.write(rules: rules)
    defer { try? FileManager.default.removeItem(at: dir) }
    let policies = try Engine(policiesAt: dir).policies
    print(Verifier.verify(policies).shadowed.count)
  } catch { print(error) }
  exit(0)
}

if CommandLine.arguments.contains("--profile") {
  // Only the decide loop over the plain mix, for valgrind --tool=callgrind.
  do {
    let engine = try Engine()
    let fixtures = engine.policies.fixtures.map(\.situation)
    let keepRedirects = CommandLine.arguments.contains("--with-redirects")
    let mix = fixtures.map { s -> Situation in
      var c = s
      if !keepRedirects { c.tap.redirect = Situation.Redirect() }
      return c
    }
    var checksum = 0
    if CommandLine.arguments.contains("--switch") {
      for i in 0..<200_000 { checksum &+= code(ReferenceSwitch.decide(mix[i % mix.count]).outcome) }
    } else {
      for i in 0..<200_000 { checksum &+= code(engine.decide(mix[i % mix.count]).outcome) }
    }
    print(checksum)
  } catch { print(error) }
  exit(0)
}

/// CPU seconds of this process spent in `body`: the scaling rows use CPU time, which other
/// load on a shared machine changes far less than wall time (the code timed is
/// single-threaded, so on an idle machine the two agree).
func cpuSeconds(_ body: () throws -> Void) rethrows -> Double {
  func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }
  let start = now()
  try body()
  return now() - start
}

/// The growth exponent of `times` over `sizes`: the least-squares slope of log time on log size.
func growthExponent(_ sizes: [Int], _ times: [Double]) -> Double {
  let xs = sizes.map { log(Double($0)) }
  let ys = times.map { log($0) }
  let mx = xs.reduce(0, +) / Double(xs.count)
  let my = ys.reduce(0, +) / Double(ys.count)
  let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
  let sxx = xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
  return sxy / sxx
}

/// (g) 5,000 + 5,000 generated rules with redirects that could compose, and (s) load and
/// verify at 1k..16k rules with their growth exponents. Run first so that the peak RSS growth
/// of (g) is its own.
@MainActor func largePolicyFigures() throws {
  let dir = try TableGenerator.write(rules: 5_000, openRules: 5_000)
  defer { try? FileManager.default.removeItem(at: dir) }
  resetPeakRSS()
  let rssBefore = peakRSSBytes()
  let loadOnce = try seconds { _ = try Engine(policiesAt: dir) }
  let rssAfter = peakRSSBytes()
  let engine = try Engine(policiesAt: dir)
  let redirects = TableGenerator.situations(count: 10_000).enumerated().map { i, s -> Situation in
    var c = s
    c.tap.redirect = Situation.Redirect(
      hooks: [Situation.Redirect.Hook.allCases[i % 4]], url: URLSchemeClass.allCases[i % 8].exampleURL)
    return c
  }
  let (ns, _) = nsPerDecision(redirects, passes: quick ? 1 : 3) { engine.decide($0).outcome }
  figures.append(
    Figure(
      id: "g.load", name: "load+compile, generated 5000 tap + 5000 open rules (redirects compose)",
      value: loadOnce, unit: "s", target: "< 2 s"))
  figures.append(
    Figure(
      id: "g.rss", name: "peak RSS growth, that load", value: (rssAfter - rssBefore) / 1_048_576, unit: "MB",
      target: "<= 300 MB"))
  figures.append(
    Figure(
      id: "g.decide", name: "decide with a redirect, that engine (composed per call)", value: ns,
      unit: "ns/decision", target: "-"))

  let rangesDir = try TableGenerator.write(rules: 20_000, ownVersionRanges: true)
  defer { try? FileManager.default.removeItem(at: rangesDir) }
  let rangesLoad = try cpuSeconds { _ = try Engine(policiesAt: rangesDir) }
  figures.append(
    Figure(
      id: "v.20000", name: "load+compile, generated 20000 rules each with its own version range (CPU time)",
      value: rangesLoad, unit: "s", target: "-"))

  let sizes = [1_000, 2_000, 4_000, 8_000, 16_000]
  var loads: [Double] = []
  var verifies: [Double] = []
  for size in sizes {
    let dir = try TableGenerator.write(rules: size)
    defer { try? FileManager.default.removeItem(at: dir) }
    let runs = quick || size >= 8_000 ? 1 : 3
    loads.append(median(try (0..<runs).map { _ in try cpuSeconds { _ = try Engine(policiesAt: dir) } }))
    let policies = try Engine(policiesAt: dir).policies
    var shadowed = 0
    verifies.append(
      median(
        (0..<runs).map { _ in cpuSeconds { shadowed = Verifier.verify(policies).shadowed.count } }))
    figures.append(
      Figure(
        id: "s.load.\(size)", name: "load+compile, generated \(size) rules (CPU time)",
        value: loads[loads.count - 1] * 1e3,
        unit: "ms", target: "-"))
    figures.append(
      Figure(
        id: "s.verify.\(size)", name: "verify, generated \(size) rules (\(shadowed) shadowed; CPU time)",
        value: verifies[verifies.count - 1], unit: "s", target: "-"))
  }
  figures.append(
    Figure(
      id: "s.load.exp", name: "load growth exponent, 1k..16k rules (log-log slope)",
      value: growthExponent(sizes, loads), unit: "exponent", target: "<= 1.3"))
  figures.append(
    Figure(
      id: "s.verify.exp", name: "verify growth exponent, 1k..16k rules (log-log slope)",
      value: growthExponent(sizes, verifies), unit: "exponent", target: "<= 1.3"))
  figures.append(
    Figure(
      id: "s.verify.16k/4k", name: "verify, 16000 rules / 4000 rules", value: verifies[4] / verifies[2],
      unit: "ratio", target: "<= 6"))
}

do {
  try largePolicyFigures()
  if scalingOnly { throw ScalingOnly() }
  // (d) shipped load + compile.
  let engine = try Engine()
  let shippedLoad =
    median((0..<(repeats * 2 + 1)).map { _ in (try? seconds { _ = try Engine() }) ?? .nan }) * 1e3
  figures.append(
    Figure(
      id: "d.shipped", name: "load+compile, shipped policies", value: shippedLoad, unit: "ms",
      target: "<= 2 ms"))

  // (a), (b): the shipped tables against the hand-written switch, over a fixed mix of
  // 10,000 situations (the fixture rows, cycled) that reaches every rule.
  let fixtures = engine.policies.fixtures.map(\.situation)
  let mix = (0..<10_000).map { fixtures[$0 % fixtures.count] }
  let reached = Set(
    mix.flatMap { s -> [String] in
      let d = engine.decide(s); return [d.rule].compactMap { $0 } + (d.steps ?? []).compactMap(\.rule)
    })
  let ruleCount = engine.policies.tables.reduce(0) { $0 + $1.rules.count }
  let (engineNs, c1) = nsPerDecision(mix, passes: quick ? 5 : 20) { engine.decide($0).outcome }
  let (switchNs, c2) = nsPerDecision(mix, passes: quick ? 5 : 20) { ReferenceSwitch.decide($0).outcome }
  if c1 != c2 { print("warning: engine and switch checksums differ (\(c1) vs \(c2))") }
  figures.append(
    Figure(
      id: "a", name: "decide, shipped tables (\(reached.count)/\(ruleCount) rules reached)", value: engineNs,
      unit: "ns/decision", target: "<= 100 ns"))
  figures.append(
    Figure(id: "b", name: "hand-written switch, same mix", value: switchNs, unit: "ns/decision", target: "-"))
  figures.append(
    Figure(id: "a/b", name: "engine / switch", value: engineNs / switchNs, unit: "ratio", target: "<= 1.2"))

  // The same mix without redirects and URLs: the table lookup alone.
  let plain = mix.map { s -> Situation in
    var c = s; c.tap.redirect = Situation.Redirect(); c.tap.url = nil; c.open.url = nil; return c
  }
  let (enginePlain, _) = nsPerDecision(plain, passes: quick ? 5 : 20) { engine.decide($0).outcome }
  let (switchPlain, _) = nsPerDecision(plain, passes: quick ? 5 : 20) { ReferenceSwitch.decide($0).outcome }
  figures.append(
    Figure(
      id: "a.plain", name: "decide, same mix without URLs or redirects", value: enginePlain,
      unit: "ns/decision", target: "-"))
  figures.append(
    Figure(
      id: "b.plain", name: "switch, same mix without URLs or redirects", value: switchPlain,
      unit: "ns/decision", target: "-"))

  // (c), (d), (e), (f): generated tables.
  let generatedMix = TableGenerator.situations(count: 10_000)
  var perRule: [Int: Double] = [:]
  for size in [100, 1_000, 10_000] {
    let dir = try TableGenerator.write(rules: size)
    defer { try? FileManager.default.removeItem(at: dir) }
    resetPeakRSS()
    let rssBefore = peakRSSBytes()
    let generated = try Engine(policiesAt: dir)
    let rssAfter = peakRSSBytes()
    let load =
      median(
        (0..<(size >= 10_000 ? 3 : repeats)).map { _ in
          (try? seconds { _ = try Engine(policiesAt: dir) }) ?? .nan
        }) * 1e3
    let (ns, _) = nsPerDecision(generatedMix, passes: quick ? 2 : (size >= 10_000 ? 3 : 10)) {
      generated.decide($0).outcome
    }
    perRule[size] = ns
    let verifyTimes = (0..<(size >= 10_000 ? 1 : 3)).map { _ in
      seconds { _ = Verifier.verify(generated.policies) }
    }
    let report = Verifier.verify(generated.policies)
    figures.append(
      Figure(
        id: "c.\(size)", name: "decide, generated \(size) rules x 10 facts", value: ns, unit: "ns/decision",
        target: size == 1_000 ? "<= 2x (a)" : "-"))
    figures.append(
      Figure(
        id: "d.\(size)", name: "load+compile, generated \(size) rules", value: load, unit: "ms", target: "-"))
    figures.append(
      Figure(
        id: "e.\(size)",
        name:
          "verify, generated \(size) rules (\(report.gaps.count) gaps, \(report.shadowed.count) shadowed)",
        value: median(verifyTimes), unit: "s",
        target: size == 1_000 ? "<= 1 s" : size == 10_000 ? "<= 20 s" : "-"))
    if size == 10_000 {
      figures.append(
        Figure(
          id: "f", name: "peak RSS growth, load+compile of 10,000 rules",
          value: (rssAfter - rssBefore) / 1_048_576, unit: "MB", target: "<= 50 MB"))
    }
  }
  if let thousand = perRule[1_000] {
    figures.append(
      Figure(
        id: "c.1000/a", name: "1,000-rule table / shipped tables", value: thousand / engineNs, unit: "ratio",
        target: "<= 2"))
  }
} catch is ScalingOnly {
} catch {
  print("benchmark failed: \(error)")
  exit(1)
}

/// Stops the run after the scaling rows (--scaling).
struct ScalingOnly: Error {}

func format(_ v: Double) -> String {
  v >= 100 ? String(format: "%.0f", v) : v >= 1 ? String(format: "%.2f", v) : String(format: "%.4f", v)
}
print("| figure | what | value | unit | target |")
print("| --- | --- | ---: | --- | --- |")
for f in figures { print("| \(f.id) | \(f.name) | \(format(f.value)) | \(f.unit) | \(f.target) |") }
print("")
for f in figures {
  print(
    #"{"figure":"\#(f.id)","name":"\#(f.name)","value":\#(f.value),"unit":"\#(f.unit)","target":"\#(f.target)"}"#
  )
}
