// libFuzzer entry point of the plist target; see Fuzz/Driver.swift and SelfCheck.plist.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  fuzz(data, size) { SelfCheck.plist($0, rules: fuzzEngine.policies.shortcuts) }
}
