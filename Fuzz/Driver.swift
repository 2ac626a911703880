// The one libFuzzer entry point of the fuzzing binary (Scripts/fuzz.sh compiles every
// Fuzz/*.swift with Sources/TapRouteAASA, Sources/TapRoute, Sources/TapRouteTools and
// Sources/TapRouteAndroid into .build/fuzz/taproute-fuzz, once for all targets).
// The environment variable TAPROUTE_FUZZ_TARGET names the target; each Fuzz/TARGET.swift
// defines its check, which runs one SelfCheck (or AndroidSelfCheck) on the input, and a problem it reports becomes
// a crash, so that libFuzzer records the input.

import Foundation

/// The fuzz targets, named as Scripts/fuzz.sh and TAPROUTE_FUZZ_TARGET spell them.
enum FuzzTarget: String, CaseIterable {
  case policy, situation, url, sticker, plist, observation, aasa, assetlinks, manifest

  /// Runs the target's check (defined in Fuzz/TARGET.swift) on one input; returns the problems.
  func check(_ bytes: [UInt8]) -> [String] {
    switch self {
    case .policy: fuzzPolicy(bytes)
    case .situation: fuzzSituation(bytes)
    case .url: fuzzURL(bytes)
    case .sticker: fuzzSticker(bytes)
    case .plist: fuzzPlist(bytes)
    case .observation: fuzzObservation(bytes)
    case .aasa: fuzzAASA(bytes)
    case .assetlinks: fuzzAssetLinks(bytes)
    case .manifest: fuzzManifest(bytes)
    }
  }
}

/// The target TAPROUTE_FUZZ_TARGET names, read once; a missing or unknown name ends the
/// process with exit status 2 before any input runs.
let fuzzTarget: FuzzTarget = {
  let name = ProcessInfo.processInfo.environment["TAPROUTE_FUZZ_TARGET"] ?? ""
  if let target = FuzzTarget(rawValue: name) { return target }
  let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
  let problem = name.isEmpty ? "TAPROUTE_FUZZ_TARGET is not set" : "unknown fuzz target \"\(name)\""
  FileHandle.standardError.write(Data("\(problem): set TAPROUTE_FUZZ_TARGET=\(names)\n".utf8))
  exit(2)
}()

/// The engine over the built-in policies, loaded once per fuzzing process.
let fuzzEngine: Engine = {
  guard let engine = try? Engine() else { fatalError("the built-in policies failed to load") }
  return engine
}()

/// libFuzzer calls it once before any input: chooses the target, so that a missing or
/// unknown name stops here rather than being recorded as a crash on the first input.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
  _ = fuzzTarget
  return 0
}

/// libFuzzer calls it with each input; a problem the target's check reports stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let problems = fuzzTarget.check(Array(UnsafeBufferPointer(start: data, count: size)))
  if let first = problems.first { fatalError("SelfCheck: \(first)") }
  return 0
}
