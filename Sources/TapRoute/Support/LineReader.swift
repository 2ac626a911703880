/// Reads an input one line at a time as it arrives, in constant memory, for JSON Lines.
///
/// Each call to ``next()`` reads only as far as the next newline, so a line is handed on as
/// soon as it is complete, not when the input closes. A line longer than `maximumBytes` is
/// reported as ``Line/Content/tooLong`` and skipped to its newline without being kept.
package struct LineReader {
  /// One input line, numbered from 1.
  package struct Line {
    package enum Content {
      /// The line's bytes, without the newline (and without a trailing carriage return).
      case text([UInt8])
      /// The line was over the limit and was skipped.
      case tooLong
    }
    package var number: Int
    package var content: Content
  }

  private let fd: FileDescriptor
  private let maximumBytes: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var ended = false
  private var lineNumber = 0
  private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

  package init(_ fd: FileDescriptor, maximumBytes: Int) {
    self.fd = fd
    self.maximumBytes = maximumBytes
  }

  /// The next line, or nil at the end of input.
  package mutating func next() throws(FileDescriptor.Errno) -> Line? {
    var skipping = false
    var searched = start
    while true {
      if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
        lineNumber += 1
        let line = take(upTo: newline, skipping: skipping)
        start = newline + 1
        return line
      }
      if buffer.count - start > maximumBytes {
        // Too long: drop what is buffered and read on to the newline.
        skipping = true
        buffer.removeAll(keepingCapacity: true)
        start = 0
      }
      if ended {
        guard start < buffer.count || skipping else { return nil }
        lineNumber += 1
        let line = take(upTo: buffer.count, skipping: skipping)
        start = buffer.count
        return line
      }
      compact()
      searched = buffer.count
      let n = try chunk.withUnsafeMutableBytes { raw in
        Result { () throws(FileDescriptor.Errno) in try fd.read(into: raw) }
      }.get()
      if n == 0 { ended = true } else { buffer += chunk[0..<n] }
    }
  }

  private func take(upTo end: Int, skipping: Bool) -> Line {
    if skipping || end - start > maximumBytes { return Line(number: lineNumber, content: .tooLong) }
    var text = Array(buffer[start..<end])
    if text.last == UInt8(ascii: "\r") { text.removeLast() }
    return Line(number: lineNumber, content: .text(text))
  }

  /// Drops the consumed lines from the front of the buffer.
  private mutating func compact() {
    guard start > 0 else { return }
    buffer.removeFirst(start)
    start = 0
  }
}
