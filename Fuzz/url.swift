// The url target of the fuzzing binary (TAPROUTE_FUZZ_TARGET=url); see Fuzz/Driver.swift
// and SelfCheck.url.

/// Checks the input as a message URL: the scheme scanner, and open and tap decisions on it.
func fuzzURL(_ bytes: [UInt8]) -> [String] {
  SelfCheck.url(bytes, engine: fuzzEngine)
}
