// The aasa target of the fuzzing binary (TAPROUTE_FUZZ_TARGET=aasa); see Fuzz/Driver.swift
// and SelfCheck.aasa.

/// Checks the input as an apple-app-site-association file and as a URL to match against it.
func fuzzAASA(_ bytes: [UInt8]) -> [String] {
  SelfCheck.aasa(bytes)
}
