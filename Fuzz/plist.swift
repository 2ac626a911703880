// libFuzzer entry point of the plist target; see Fuzz/Driver.swift and SelfCheck.plist.

/// libFuzzer calls it with each input; a problem SelfCheck reports stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  fuzz(data, size) { SelfCheck.plist($0, rules: fuzzEngine.policies.shortcuts) }
}
