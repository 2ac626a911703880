extension StringProtocol {
  /// Calls `body` with the string's UTF-8 bytes, in place when the string is stored contiguous
  /// (a native string always is).
  package func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(utf8).withUnsafeBufferPointer(body)
  }
}
