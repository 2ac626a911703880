// libFuzzer entry point of the url target; see Fuzz/Driver.swift and SelfCheck.url.

/// libFuzzer calls it with each input; a problem SelfCheck reports stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  fuzz(data, size) { SelfCheck.url($0, engine: fuzzEngine) }
}
