// libFuzzer entry point; built by Scripts/fuzz.sh together with Sources/TapRoute.
// A problem SelfCheck reports is turned into a crash so libFuzzer records the input.

let rules: StickerRules? = (try? Engine())?.policies.stickers

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let rules else { fatalError("the built-in sticker rules failed to load") }
  let problems = SelfCheck.sticker(bytes, rules: rules)
  if let first = problems.first { fatalError("SelfCheck.sticker: \(first)") }
  return 0
}
