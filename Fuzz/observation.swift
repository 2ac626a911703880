// libFuzzer entry point of the observation target; see Fuzz/Driver.swift and SelfCheck.observation.

/// libFuzzer calls it with each input; a problem SelfCheck reports stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  fuzz(data, size) { SelfCheck.observation($0, engine: fuzzEngine) }
}
