// libFuzzer entry point; built by Scripts/fuzz.sh together with Sources/TapRoute.
// A problem SelfCheck reports is turned into a crash so libFuzzer records the input.

let rules: ShortcutRules? = (try? Engine())?.policies.shortcuts

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let rules else { fatalError("the built-in quick-action rules failed to load") }
  let problems = SelfCheck.plist(bytes, rules: rules)
  if let first = problems.first { fatalError("SelfCheck.plist: \(first)") }
  return 0
}
