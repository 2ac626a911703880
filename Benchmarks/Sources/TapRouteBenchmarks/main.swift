import Foundation
import TapRoute
import TapRouteReference
import TapRouteTools

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// main's first line: the first-decision figure counts from here, so process start-up (exec,
// the dynamic loader, the runtime) is excluded and everything the library does is counted.
/// With `--first-decision warm`: instantiate one generic array type the library never uses,
/// before the clock starts, as any app's start-up has done long before its first decision, so
/// that the Swift runtime's first generic-metadata lookup (its code paged in on first use) is
/// not counted against the library. Without it the figure includes that too.
@inline(never)
func warmSwiftRuntime() -> Int {
  let pairs = [(Int8(1), UInt16(2))] + [(Int8(3), UInt16(4))]
  return pairs.count
}
let warmed = CommandLine.argc == 3 ? warmSwiftRuntime() : 0

let mainStart = ContinuousClock.now

// --first-decision: one decision through Engine.builtIn in this fresh process (a tap whose
// redirect fires), checked before anything else so that argument parsing (building
// `CommandLine.arguments`) is not counted. Prints the nanoseconds from main's first line to
// the decision, then the decision's checksum.
if CommandLine.argc >= 2, let argument = CommandLine.unsafeArgv[1], strcmp(argument, "--first-decision") == 0
{
  // The hooks are inserted rather than written as an array literal: the literal's first use
  // instantiates the runtime's array metadata for `Hook` (tens of microseconds, once per
  // process), which is the client's code, not the decision's.
  var hooks = Situation.Redirect.Hooks()
  hooks.insert(.willBecomeActive)
  let situation = Situation(
    event: .tap, osVersion: try? OSVersion(17),
    tap: .init(redirect: .init(hooks: hooks, url: "containerAppDemo://")))
  let built = ContinuousClock.now
  let decision = Engine.builtIn.decide(situation)
  let decided = ContinuousClock.now
  /// Nanoseconds of a duration.
  func nanoseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
  }
  // From main's first line; then the part that built the situation, and the part in
  // Engine.builtIn (its first access and the decision).
  print(
    nanoseconds(decided - mainStart), nanoseconds(built - mainStart), nanoseconds(decided - built),
    decision.folded &+ warmed)
  exit(0)
}

// Usage: swift run -c release --package-path Benchmarks TapRouteBenchmarks [--quick] [--scaling | --decide]
// Prints a table, then one JSON line per figure. Medians of repeated runs; every ratio is
// taken between figures of this one run. --scaling runs only the large-policy and scaling
// rows (g, v, s); --decide only the decide rows (t, r, first, flat, c, x); --mix only the
// realistic-mix rows (x).
//
// Modes for other tools:
//   --callgrind-driver VARIANT N [--generated-mix]  decide N situations with one variant
//     (Scripts/instructions.sh runs it under callgrind at N and 2N)
//   --list-variants  the variant names the driver knows
//   --first-decision  one decision through Engine.builtIn; prints the nanoseconds since main
//     began (the benchmark runs it in fresh processes)

let quick = CommandLine.arguments.contains("--quick")
let scalingOnly = CommandLine.arguments.contains("--scaling")
let decideOnly = CommandLine.arguments.contains("--decide")
let repeats = quick ? 3 : 11

struct Figure {
  var id: String
  var name: String
  var value: Double
  var unit: String
  var target: String
}
var figures: [Figure] = []
/// One line per mix: each variant's checksum of one pass (they agree when the variants do).
var checksums: [String] = []
/// What each mix holds (``MixProfile``), printed after the table.
var mixLines: [String] = []

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

if CommandLine.arguments.contains("--list-variants") {
  // The variant names --callgrind-driver knows, for Scripts/instructions.sh.
  print(Variant.names.joined(separator: " "))
  exit(0)
}

if let i = CommandLine.arguments.firstIndex(of: "--callgrind-driver"), i + 2 < CommandLine.arguments.count,
  let count = Int(CommandLine.arguments[i + 2]), count >= 0
{
  // Decides `count` situations with one variant, for valgrind --tool=callgrind: the difference
  // between two counts is the cost of the extra decisions, start-up and loading cancelled.
  do {
    guard let variant = try Variant.named(CommandLine.arguments[i + 1]) else {
      print(
        "unknown variant \(CommandLine.arguments[i + 1]); one of \(Variant.names.joined(separator: ", "))")
      exit(2)
    }
    // TAPROUTE_BENCHMARK_FIXTURE: only the fixtures whose name holds it (profiling one case).
    let only = ProcessInfo.processInfo.environment["TAPROUTE_BENCHMARK_FIXTURE"]
    let mix: [Situation]
    if CommandLine.arguments.contains("--generated-mix") {
      mix = TableGenerator.situations(count: 10_000)
    } else if let only {
      mix = try Engine().policies.fixtures.filter { $0.name.contains(only) }.map(\.situation)
    } else {
      mix = Mix.shuffled(try referenceFixtures()).situations
    }
    print(variant.run(mix, count: count))
  } catch {
    print(error)
    exit(1)
  }
  exit(0)
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
  // table; --own-version-ranges: a range per rule; --shipped-facts: conditions over the shipped
  // tap table's 17 facts) for timing the CLI on it; prints its path, the caller removes it.
  do {
    let ranges = CommandLine.arguments.contains("--own-version-ranges")
    let shipped = CommandLine.arguments.contains("--shipped-facts")
    print(
      try TableGenerator.write(rules: tap, openRules: open, ownVersionRanges: ranges, shippedFacts: shipped)
        .path)
  } catch { print(error) }
  exit(0)
}

if let i = CommandLine.arguments.firstIndex(of: "--profile-verify"), i + 1 < CommandLine.arguments.count,
  let rules = Int(CommandLine.arguments[i + 1])
{
  // Only load and verify of one generated table (--shipped-facts: over the shipped tap
  // table's 17 facts), for perf or callgrind.
  do {
    let dir = try TableGenerator.write(
      rules: rules, shippedFacts: CommandLine.arguments.contains("--shipped-facts"))
    defer { try? FileManager.default.removeItem(at: dir) }
    let policies = try Engine(policiesAt: dir).policies
    print(Verifier.verify(policies).shadowed.count)
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
  let ns = nanosecondsPerDecision(
    .generatedTable(engine, rules: 10_000), redirects, passes: quick ? 1 : 3, repeats: repeats)
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
  // Issue 22: random conditions on a third of the shipped tap table's 17 facts per rule, a
  // catch-all last rule. The proof of each rule is bounded; rules past the bound are named.
  var shipped: [Double] = []
  for size in [1_000, 4_000] {
    let dir = try TableGenerator.write(rules: size, shippedFacts: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let policies = try Engine(policiesAt: dir).policies
    var report: VerificationReport?
    shipped.append(
      median((0..<(quick ? 1 : 3)).map { _ in cpuSeconds { report = Verifier.verify(policies) } }))
    guard let report else { continue }
    let unproven = report.unproven.reduce(0) { $0 + $1.rules.count }
    figures.append(
      Figure(
        id: "s.verify17.\(size)",
        name:
          "verify, generated \(size) rules over the 17 shipped facts (\(report.shadowed.count) shadowed, \(unproven) unproven within the budget; CPU time)",
        value: shipped[shipped.count - 1], unit: "s", target: size == 1_000 ? "< 5 s" : "-"))
  }
  figures.append(
    Figure(
      id: "s.verify17.4k/1k", name: "verify over the 17 shipped facts, 4000 rules / 1000 rules",
      value: shipped[1] / shipped[0], unit: "ratio", target: "<= 6"))
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

/// The situations of the shipped fixtures whose events `ReferenceSwitch` decides (`tap`,
/// `open`, `link`, `delivery`): the mix of the decide rows (t, r) and of the instruction counts. The
/// switch answers `undecided` for the other events, so a mix with them would time a
/// reference that skips their work.
func referenceFixtures() throws -> [Situation] {
  try Engine().policies.fixtures.map(\.situation).filter { ReferenceSwitch.covers($0.event) }
}

/// The decide rows: every variant against the hand-written switch over shuffled and cycled
/// mixes, interleaved (t, r); the first decision in a fresh process (first); decide cost against
/// rule count (flat); decide over generated tables alone (c).
@MainActor func decideFigures() throws {
  let fixtures = try referenceFixtures()
  let variants: [Variant] = [
    .interpreted(try Variant.shippedInterpreter()), .builtIn, .builtInHeld(Engine.builtIn), .referenceSwitch,
  ]
  let mixes = [Mix.shuffled(fixtures), Mix.cycled(fixtures)]
  // Before anything is timed: the hand-written switch must decide every situation of the mix
  // as both engines do (a reference that decided wrongly could look fast).
  for (name, engine) in [
    ("Engine.builtIn", Engine.builtIn), ("interpreted", try Variant.shippedInterpreter()),
  ] {
    let wrong = referenceDisagreements(mixes[0].situations, engine: engine, name: name)
    guard wrong.isEmpty else {
      print("ReferenceSwitch disagrees with \(name) on \(wrong.count) situations of the mix:")
      for line in wrong.prefix(10) { print("  \(line)") }
      exit(1)
    }
  }
  mixLines.append(
    "rows t, r: the situation of every shipped fixture of the tables ReferenceSwitch covers ("
      + Situation.Event.allCases.filter(ReferenceSwitch.covers).map(\.rawValue).joined(separator: ", ")
      + "), repeated to 10,000 (shuffled with seed 2026, or cycled); "
      + "\(MixProfile(mixes[0].situations)); ReferenceSwitch agrees with both engines on every one "
      + "(outcome, callbacks, presentation, other readings)")
  let result = FairComparison(variants: variants, mixes: mixes, rounds: quick ? 7 : 21, passes: quick ? 2 : 5)
    .run()
  let targets = [
    "builtIn": "<= 100 ns (generated)", "r.builtIn.shuffled": "<= 1.0 (generated)",
    "r.interpreted.shuffled": "<= 1.5",
  ]
  for mix in mixes {
    let byVariant = result.nanoseconds[mix.name] ?? [:]
    for variant in variants {
      let ns = byVariant[variant.name] ?? .nan
      figures.append(
        Figure(
          id: "t.\(variant.name).\(mix.name)", name: "decide, \(variant.label), \(mix.name) fixture mix",
          value: ns, unit: "ns/decision",
          target: mix.name == "shuffled" ? targets[variant.name] ?? "-" : "-"))
    }
    for variant in variants where variant.name != "switch" {
      let id = "r.\(variant.name).\(mix.name)"
      figures.append(
        Figure(
          id: id, name: "\(variant.label) / ReferenceSwitch, \(mix.name)",
          value: (byVariant[variant.name] ?? .nan) / (byVariant["switch"] ?? .nan), unit: "ratio",
          target: targets[id] ?? "-"))
    }
    let sums = result.checksums[mix.name] ?? [:]
    checksums.append(
      "\(mix.name): " + variants.map { "\($0.name) \(sums[$0.name] ?? 0)" }.joined(separator: ", ")
        + (Set(sums.values).count == 1 ? " (all agree)" : " (DIFFER)"))
  }

  // The first decision through Engine.builtIn, in fresh processes.
  let firsts = (0..<(quick ? 5 : 11)).compactMap { _ in firstDecisionNanoseconds(warm: true) }
  figures.append(
    Figure(
      id: "first",
      name:
        "first decision through Engine.builtIn, from main's first line (fresh process, Swift runtime warmed)",
      value: firsts.isEmpty ? .nan : median(firsts) / 1e6, unit: "ms", target: "< 0.1 ms"))
  let colds = (0..<(quick ? 5 : 11)).compactMap { _ in firstDecisionNanoseconds(warm: false) }
  figures.append(
    Figure(
      id: "first.cold",
      name: "the same in a cold process (the runtime's first generic-metadata lookup counted too)",
      value: colds.isEmpty ? .nan : median(colds) / 1e6, unit: "ms", target: "-"))

  // Decide cost against rule count: the same generated situations decided by the shipped
  // tables and by a generated 1,000-rule table, interleaved.
  let dir = try TableGenerator.write(rules: 1_000)
  defer { try? FileManager.default.removeItem(at: dir) }
  let large = Variant.generatedTable(try Engine(policiesAt: dir), rules: 1_000)
  let generatedMix = Mix(name: "generated", situations: TableGenerator.situations(count: 10_000))
  // The generated pair: the shipped tables through Engine.builtIn (generated Swift once the
  // library decides through it), the 1,000-rule table compiled into this benchmark.
  let generatedPair = Variant.compiledThousand.map { [Variant.builtInHeld(Engine.builtIn), $0] } ?? []
  let flatVariants = [variants[0], large] + generatedPair
  let flat = FairComparison(
    variants: flatVariants, mixes: [generatedMix], rounds: quick ? 7 : 21, passes: quick ? 2 : 5
  ).run()
  let times = flat.nanoseconds["generated"] ?? [:]
  var pairs = [("interpreted", variants[0], large)]
  if generatedPair.count == 2 { pairs.append(("generated", generatedPair[0], generatedPair[1])) }
  for (kind, shipped, thousand) in pairs {
    let shippedNs = times[shipped.name] ?? .nan
    let thousandNs = times[thousand.name] ?? .nan
    figures.append(
      Figure(
        id: "flat.\(kind).shipped", name: "decide, \(kind), shipped tables, generated situations",
        value: shippedNs, unit: "ns/decision", target: "-"))
    figures.append(
      Figure(
        id: "flat.\(kind).1000", name: "decide, \(kind), generated 1000-rule table, same situations",
        value: thousandNs, unit: "ns/decision", target: "-"))
    figures.append(
      Figure(
        id: "flat.\(kind)", name: "1000-rule table / shipped tables, \(kind)", value: thousandNs / shippedNs,
        unit: "ratio", target: "<= 1.2"))
  }
  let sums = flat.checksums["generated"] ?? [:]
  checksums.append(
    "generated situations: " + flatVariants.map { "\($0.name) \(sums[$0.name] ?? 0)" }.joined(separator: ", ")
  )
}

/// (x) The realistic mix: every shipped fixture's situation (redirects on the default OS and
/// contested decisions among them) timed alone, generated and interpreted; the costliest
/// against the median (issue 22: within 3x). Each round times every situation once (1,000
/// decisions, the thread's CPU time), so that a change in the machine's load falls on all
/// situations alike rather than on whichever was being timed; a figure is the median of the
/// rounds.
@MainActor func realisticMixFigures() throws {
  let fixtures = try Engine().policies.fixtures
  let situations = fixtures.map(\.situation)
  let profile = MixProfile(situations)
  mixLines.append("rows x: every shipped fixture's situation, each timed alone; \(profile)")
  let kinds: [(String, Variant)] = [
    ("generated", .builtIn), ("interpreted", .interpreted(try Variant.shippedInterpreter())),
  ]
  for (kind, variant) in kinds {
    let batches = situations.map { [Situation](repeating: $0, count: 100) }
    for batch in batches { _ = variant.run(batch, passes: 1) }
    var samples = [[Double]](repeating: [], count: batches.count)
    for _ in 0..<(quick ? 3 : 11) {
      for (i, batch) in batches.enumerated() {
        samples[i].append(threadCPUSeconds { _ = variant.run(batch, passes: 10) } * 1e9 / 1_000)
      }
    }
    let times = samples.map(median)
    let middle = median(times)
    let costliest = times.indices.max { times[$0] < times[$1] } ?? 0
    let of =
      "\(situations.count) fixture situations, \(profile.redirects) with a redirect (\(profile.firing) firing), "
      + "\(profile.contested) contested, \(profile.defaultOS) on the default OS"
    figures.append(
      Figure(
        id: "x.\(kind).median", name: "decide, \(kind), median situation of the realistic mix (\(of))",
        value: middle, unit: "ns/decision", target: "-"))
    figures.append(
      Figure(
        id: "x.\(kind).max",
        name: "decide, \(kind), costliest situation of that mix (fixture \(fixtures[costliest].name))",
        value: times[costliest], unit: "ns/decision", target: "-"))
    figures.append(
      Figure(
        id: "x.\(kind).ratio", name: "costliest / median situation, \(kind)",
        value: times[costliest] / middle,
        unit: "ratio", target: "<= 3"))
  }
}

do {
  if CommandLine.arguments.contains("--mix") {
    try realisticMixFigures()
    throw ScalingOnly()
  }
  if !decideOnly { try largePolicyFigures() }
  if scalingOnly { throw ScalingOnly() }
  try decideFigures()
  try realisticMixFigures()
  if decideOnly { throw ScalingOnly() }
  // (d) shipped load + compile.
  let shippedLoad =
    median((0..<(repeats * 2 + 1)).map { _ in (try? seconds { _ = try Engine() }) ?? .nan }) * 1e3
  figures.append(
    Figure(
      id: "d.shipped", name: "load+compile, shipped policies", value: shippedLoad, unit: "ms",
      target: "<= 2 ms"))

  // (c), (d), (e), (f): generated tables.
  let generatedMix = TableGenerator.situations(count: 10_000)
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
    let ns = nanosecondsPerDecision(
      .generatedTable(generated, rules: size), generatedMix, passes: quick ? 2 : (size >= 10_000 ? 3 : 10),
      repeats: repeats)
    let verifyTimes = (0..<(size >= 10_000 ? 1 : 3)).map { _ in
      seconds { _ = Verifier.verify(generated.policies) }
    }
    let report = Verifier.verify(generated.policies)
    figures.append(
      Figure(
        id: "c.\(size)", name: "decide, generated \(size) rules x 10 facts (alone)", value: ns,
        unit: "ns/decision", target: "-"))
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
for line in checksums { print("checksums of one pass, \(line)") }
for line in mixLines { print("mix of \(line)") }
print("")
for f in figures {
  print(
    #"{"figure":"\#(f.id)","name":"\#(f.name)","value":\#(f.value),"unit":"\#(f.unit)","target":"\#(f.target)"}"#
  )
}
