// The sticker target of the fuzzing binary (TAPROUTE_FUZZ_TARGET=sticker); see Fuzz/Driver.swift
// and SelfCheck.sticker.

/// Checks the input as a sticker file: the header reader and the sticker checks.
func fuzzSticker(_ bytes: [UInt8]) -> [String] {
  SelfCheck.sticker(bytes, rules: fuzzEngine.policies.stickers)
}
