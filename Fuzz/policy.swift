// The policy target of the fuzzing binary (TAPROUTE_FUZZ_TARGET=policy); see Fuzz/Driver.swift
// and SelfCheck.policy. Scripts/fuzz.sh runs it with inputs up to 4 MB, so that load and
// verify costs are fuzzed too.

/// Checks the input as one shipped policy file (its first byte picks which): load, compile,
/// verify, render and decide.
func fuzzPolicy(_ bytes: [UInt8]) -> [String] {
  SelfCheck.policy(bytes)
}
