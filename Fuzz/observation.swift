// The observation target of the fuzzing binary (TAPROUTE_FUZZ_TARGET=observation); see
// Fuzz/Driver.swift and SelfCheck.observation.

/// Checks the input as a device observation: reading, checking and drafting evidence from it.
func fuzzObservation(_ bytes: [UInt8]) -> [String] {
  SelfCheck.observation(bytes, engine: fuzzEngine)
}
