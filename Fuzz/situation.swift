// The situation target of the fuzzing binary (TAPROUTE_FUZZ_TARGET=situation); see
// Fuzz/Driver.swift and SelfCheck.situation. Scripts/fuzz.sh runs it with inputs up to the
// reader's 1 MB limit plus one byte.

/// Checks the input as a situation: decode, decide, explain and the round trip.
func fuzzSituation(_ bytes: [UInt8]) -> [String] {
  SelfCheck.situation(bytes, engine: fuzzEngine)
}
