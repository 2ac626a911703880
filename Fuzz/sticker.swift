// libFuzzer entry point of the sticker target; see Fuzz/Driver.swift and SelfCheck.sticker.

/// libFuzzer calls it with each input; a problem SelfCheck reports stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  fuzz(data, size) { SelfCheck.sticker($0, rules: fuzzEngine.policies.stickers) }
}
