// The manifest target of the fuzzing binary (TAPROUTE_FUZZ_TARGET=manifest); see
// Fuzz/Driver.swift and AndroidSelfCheck.manifest (Sources/TapRouteAndroid).

/// Checks the input as an AndroidManifest.xml: reading, matching URLs taken from the input and
/// from its intent filters, and the hosts it asks Android to verify.
func fuzzManifest(_ bytes: [UInt8]) -> [String] {
  AndroidSelfCheck.manifest(bytes)
}
