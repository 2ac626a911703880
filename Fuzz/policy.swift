// libFuzzer entry point of the policy target; see Fuzz/Driver.swift and SelfCheck.policy.
// Scripts/fuzz.sh runs it with inputs up to 4 MB, so that load and verify costs are fuzzed too.

/// libFuzzer calls it with each input; a problem SelfCheck reports stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  fuzz(data, size) { SelfCheck.policy($0) }
}
