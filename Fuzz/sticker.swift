// libFuzzer entry point of the sticker target; see Fuzz/Driver.swift and SelfCheck.sticker.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  fuzz(data, size) { SelfCheck.sticker($0, rules: fuzzEngine.policies.stickers) }
}
