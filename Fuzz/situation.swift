// libFuzzer entry point of the situation target; see Fuzz/Driver.swift and SelfCheck.situation.
// Scripts/fuzz.sh runs it with inputs up to the reader's 1 MB limit plus one byte.

/// libFuzzer calls it with each input; a problem SelfCheck reports stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  fuzz(data, size) { SelfCheck.situation($0, engine: fuzzEngine) }
}
