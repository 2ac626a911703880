// The plist target of the fuzzing binary (TAPROUTE_FUZZ_TARGET=plist); see Fuzz/Driver.swift
// and SelfCheck.plist.

/// Checks the input as an Info.plist: reading it and planning its quick actions.
func fuzzPlist(_ bytes: [UInt8]) -> [String] {
  SelfCheck.plist(bytes, rules: fuzzEngine.policies.shortcuts)
}
