/// Reads a whole input file, or standard input, within a size limit, with every failure a
/// located diagnostic: TR003 for a file that cannot be read (missing, a directory, EIO),
/// TR002 for one over the limit.
package enum InputFile {
  /// The name standard input has in diagnostics.
  package static let standardInputName = "stdin"

  /// Opens `path`, or standard input for nil or "-"; returns the descriptor and the name to
  /// show in diagnostics. The caller closes a descriptor that is not standard input.
  package static func open(_ path: String?) throws(DiagnosticsError) -> (FileDescriptor, name: String) {
    guard let path, path != "-" else { return (.standardInput, standardInputName) }
    do {
      return (try FileDescriptor.open(reading: path), path)
    } catch {
      throw DiagnosticsError([unreadable(path, error)])
    }
  }

  /// Reads all of `path` (standard input for nil or "-"), refusing more than `limit` bytes:
  /// a regular file over the limit is refused from its size without being read, any other
  /// input is read to at most `limit + 1` bytes. `what` names the input in the limit message.
  package static func read(_ path: String?, limit: Int, what: String) throws(DiagnosticsError) -> (
    bytes: [UInt8], name: String
  ) {
    let (fd, name) = try open(path)
    defer { if fd.rawValue != FileDescriptor.standardInput.rawValue { fd.close() } }
    do {
      if let size = try fd.regularFileSize(), size > Int64(limit) {
        throw DiagnosticsError([tooLarge(name, what: what, limit: limit, size: size)])
      }
      let bytes = try fd.read(upTo: limit)
      if bytes.count > limit {
        throw DiagnosticsError([tooLarge(name, what: what, limit: limit, size: nil)])
      }
      return (bytes, name)
    } catch let error as FileDescriptor.Errno {
      throw DiagnosticsError([unreadable(name, error)])
    } catch let error as DiagnosticsError {
      throw error
    } catch {
      throw DiagnosticsError([Diagnostic(file: name, code: .unreadable, message: "cannot read: \(error)")])
    }
  }

  /// The size of `path` in bytes when it is a regular file, nil for pipes and devices;
  /// `path` nil or "-" asks about standard input. Reads nothing.
  package static func size(_ path: String?) throws(DiagnosticsError) -> Int64? {
    let (fd, name) = try open(path)
    defer { if fd.rawValue != FileDescriptor.standardInput.rawValue { fd.close() } }
    do { return try fd.regularFileSize() } catch { throw DiagnosticsError([unreadable(name, error)]) }
  }

  /// The TR003 diagnostic for a system error on `name`.
  package static func unreadable(_ name: String, _ error: FileDescriptor.Errno) -> Diagnostic {
    let message: String
    switch error {
    case .noSuchFile: message = "no such file"
    case .isDirectory: message = "cannot read a directory"
    default: message = "cannot read: \(error.text)"
    }
    return Diagnostic(file: name, code: .unreadable, message: message)
  }

  /// The TR002 diagnostic for an input over its limit; `size` when the file system knows it.
  package static func tooLarge(_ name: String, what: String, limit: Int, size: Int64?) -> Diagnostic {
    let limitText = "\(Diagnostic.grouped(Int64(limit))) bytes"
    let message =
      size.map { "\(what) is \(Diagnostic.grouped($0)) bytes; the limit is \(limitText)" }
      ?? "\(what) is over the limit of \(limitText)"
    return Diagnostic(file: name, code: .inputTooLarge, message: message)
  }
}
