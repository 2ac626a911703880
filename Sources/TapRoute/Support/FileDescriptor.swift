#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file descriptor whose reads and writes report errors as values.
///
/// Foundation's `FileHandle` traps on a read or write error (a directory, EIO, EPIPE, ENOSPC,
/// a closed descriptor); these calls go straight to read(2)/write(2), retry EINTR, and hand
/// back the `errno` instead, so every input and output problem becomes a located TR003
/// diagnostic (swift-system's `FileDescriptor` is the model).
package struct FileDescriptor: Sendable {
  package let rawValue: Int32

  package init(rawValue: Int32) { self.rawValue = rawValue }

  package static let standardInput = FileDescriptor(rawValue: 0)
  package static let standardOutput = FileDescriptor(rawValue: 1)
  package static let standardError = FileDescriptor(rawValue: 2)

  /// An error number from the system, with its text.
  package struct Errno: Error, Sendable, Equatable {
    package let rawValue: Int32
    package init(_ rawValue: Int32) { self.rawValue = rawValue }
    /// What the number means (`No space left on device`).
    package var text: String { String(cString: strerror(rawValue)) }
    package static let isDirectory = Errno(EISDIR)
    package static let noSuchFile = Errno(ENOENT)
    package static let badDescriptor = Errno(EBADF)
    package static let notDirectory = Errno(ENOTDIR)
  }

  /// Throws unless `path` is a directory this process can open: ENOENT when nothing is
  /// there, ENOTDIR for a file, EACCES when it may not be read.
  package static func checkDirectory(_ path: String) throws(Errno) {
    while true {
      let fd = systemOpen(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      if fd >= 0 {
        _ = systemClose(fd)
        return
      }
      if errno != EINTR { throw Errno(errno) }
    }
  }

  /// Opens `path` for reading.
  package static func open(reading path: String) throws(Errno) -> FileDescriptor {
    while true {
      let fd = systemOpen(path, O_RDONLY | O_CLOEXEC)
      if fd >= 0 { return FileDescriptor(rawValue: fd) }
      if errno != EINTR { throw Errno(errno) }
    }
  }

  /// Closes the descriptor; errors on close of a read-only descriptor carry no information.
  package func close() { _ = systemClose(rawValue) }

  /// True when the descriptor is open (a closed standard output is not).
  package var isOpen: Bool { fcntl(rawValue, F_GETFD) != -1 }

  /// The size of a regular file, nil for pipes, terminals and devices (their size is unknown
  /// until read). A directory throws EISDIR, so it is refused before any read.
  package func regularFileSize() throws(Errno) -> Int64? {
    var info = stat()
    guard fstat(rawValue, &info) == 0 else { throw Errno(errno) }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFDIR { throw Errno.isDirectory }
    return kind == S_IFREG ? Int64(info.st_size) : nil
  }

  /// Reads up to `count` bytes into `buffer` (0 at end of input), retrying EINTR.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
    while true {
      let n = systemRead(rawValue, base, buffer.count)
      if n >= 0 { return n }
      if errno != EINTR { throw Errno(errno) }
    }
  }

  /// Reads to the end of input or to `limit + 1` bytes, whichever comes first, so an
  /// endless input (`/dev/zero`) costs at most the limit in memory and time.
  package func read(upTo limit: Int) throws(Errno) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while bytes.count <= limit {
      let want = min(chunk.count, limit + 1 - bytes.count)
      let n = try chunk.withUnsafeMutableBytes { raw in
        Result { () throws(Errno) in try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<want])) }
      }.get()
      if n == 0 { break }
      bytes += chunk[0..<n]
    }
    return bytes
  }

  /// Writes every byte, retrying EINTR and short writes.
  package func write(_ bytes: [UInt8]) throws(Errno) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return systemWrite(rawValue, base + offset, raw.count - offset)
      }
      if n > 0 {
        offset += n
      } else if n < 0 && errno == EINTR {
        continue
      } else {
        throw Errno(n == 0 ? EIO : errno)
      }
    }
  }

  /// Makes a write to a closed pipe fail with EPIPE instead of killing the process, so the
  /// command can report it.
  package static func ignoreBrokenPipeSignal() {
    _ = signal(SIGPIPE, SIG_IGN)
  }
}

// The system calls under names the methods above do not shadow.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}
