// Shared by every libFuzzer target (Scripts/fuzz.sh compiles it with Fuzz/TARGET.swift and
// Sources/TapRoute): runs one SelfCheck on the input and turns a reported problem into a
// crash, so that libFuzzer records the input.

/// The engine over the built-in policies, loaded once per fuzzing process.
let fuzzEngine: Engine = {
  guard let engine = try? Engine() else { fatalError("the built-in policies failed to load") }
  return engine
}()

/// Runs `check` on the input bytes; a problem it reports stops the fuzzer with that problem.
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int, _ check: ([UInt8]) -> [String]) -> CInt {
  let problems = check(Array(UnsafeBufferPointer(start: data, count: size)))
  if let first = problems.first { fatalError("SelfCheck: \(first)") }
  return 0
}
