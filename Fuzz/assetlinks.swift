// The assetlinks target of the fuzzing binary (TAPROUTE_FUZZ_TARGET=assetlinks); see
// Fuzz/Driver.swift and AndroidSelfCheck.assetLinks (Sources/TapRouteAndroid).

/// Checks the input as an assetlinks.json file: reading, matching a fixed app and the file's own
/// apps against URLs taken from the input, and comparing it with itself and with a fixed file.
func fuzzAssetLinks(_ bytes: [UInt8]) -> [String] {
  AndroidSelfCheck.assetLinks(bytes)
}
