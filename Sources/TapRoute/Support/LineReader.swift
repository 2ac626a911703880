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
  /// True while dropping the rest of a line reported as too long.
  private var discarding = false
  private var lineNumber = 0
  private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

  package init(_ fd: FileDescriptor, maximumBytes: Int) {
    self.fd = fd
    self.maximumBytes = maximumBytes
  }

  /// The next line, or nil at the end of input. `beforeReading` runs just before a read from
  /// the descriptor, which may wait for input: a writer that buffers flushes there, so what
  /// the lines so far produced is out before the reader waits.
  package mutating func next(beforeReading: () -> Void = {}) throws(FileDescriptor.Errno) -> Line? {
    var searched = start
    while true {
      if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
        let lineStart = start
        start = newline + 1
        searched = start
        if discarding {
          // The end of a line already reported as too long.
          discarding = false
          continue
        }
        lineNumber += 1
        return take(buffer[lineStart..<newline])
      }
      if discarding {
        buffer.removeAll(keepingCapacity: true)
        start = 0
      } else if buffer.count - start > maximumBytes {
        // Reported as soon as it passes the limit; the rest is dropped unread into memory.
        lineNumber += 1
        buffer.removeAll(keepingCapacity: true)
        start = 0
        discarding = true
        return Line(number: lineNumber, content: .tooLong)
      }
      if ended {
        guard start < buffer.count, !discarding else { return nil }
        lineNumber += 1
        let line = take(buffer[start...])
        start = buffer.count
        return line
      }
      compact()
      searched = buffer.count
      beforeReading()
      let n = try chunk.withUnsafeMutableBytes { raw in
        Result { () throws(FileDescriptor.Errno) in try fd.read(into: raw) }
      }.get()
      if n == 0 { ended = true } else { buffer += chunk[0..<n] }
    }
  }

  private func take(_ bytes: ArraySlice<UInt8>) -> Line {
    var text = Array(bytes)
    if text.last == UInt8(ascii: "\r") { text.removeLast() }
    if text.count > maximumBytes { return Line(number: lineNumber, content: .tooLong) }
    return Line(number: lineNumber, content: .text(text))
  }

  /// Drops the consumed lines from the front of the buffer.
  private mutating func compact() {
    guard start > 0 else { return }
    buffer.removeFirst(start)
    start = 0
  }
}
