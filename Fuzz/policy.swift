// libFuzzer entry point; built by Scripts/fuzz.sh together with Sources/TapRoute.
// A problem SelfCheck reports is turned into a crash so libFuzzer records the input.

let engine: Engine? = try? Engine()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let engine else { fatalError("the built-in policies failed to load") }
  _ = engine
  let problems = SelfCheck.policy(bytes)
  if let first = problems.first { fatalError("SelfCheck.policy: \(first)") }
  return 0
}
