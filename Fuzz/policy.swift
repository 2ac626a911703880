// libFuzzer entry point of the policy target; see Fuzz/Driver.swift and SelfCheck.policy.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  fuzz(data, size) { SelfCheck.policy($0) }
}
