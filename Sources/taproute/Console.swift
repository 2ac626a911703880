@_spi(Generated) import TapRoute
import TapRouteTools

/// Where a command writes: standard output and standard error through ``FileDescriptor``,
/// so a write error is a value. The first failed write to standard output is kept (later
/// output is dropped) and reported by ``CommandLineTool/main(arguments:)`` as TR003 with
/// exit code 3; a failure on standard error has nowhere to be reported and is ignored.
final class Console {
  private let output = FileDescriptor.standardOutput
  private let errors = FileDescriptor.standardError
  /// The first error writing standard output.
  private(set) var outputFailure: FileDescriptor.Errno?
  /// True under `--json`: errors also go to standard output as `{"errors": [...]}`.
  var json = false
  /// The errors to print as JSON at the end of the run.
  private var jsonErrors: [ErrorLine.Entry] = []

  init() {
    // A closed standard output would be reused by the next open(2), and output would then
    // land in (or fail on) an input file: note the failure at once.
    if !output.isOpen { outputFailure = FileDescriptor.Errno.badDescriptor }
  }

  /// True until a write to standard output fails; long outputs stop early.
  var canWrite: Bool { outputFailure == nil }

  func out(_ text: String) {
    guard outputFailure == nil else { return }
    do { try output.write(Array(text.utf8)) } catch { outputFailure = error }
  }

  /// Writes bytes as they are (a buffer of output built elsewhere).
  func out(_ bytes: [UInt8]) {
    guard outputFailure == nil else { return }
    do { try output.write(bytes) } catch { outputFailure = error }
  }

  func err(_ text: String) {
    try? errors.write(Array(text.utf8))
  }

  /// Reports diagnostics: as text on standard error (the first ``Diagnostic/reportLimit``,
  /// then "... and N more"), and under `--json` also as JSON on standard output.
  func report(_ diagnostics: [Diagnostic], omitted: Int = 0) {
    for line in Diagnostic.report(diagnostics, omitted: omitted) { err(line + "\n") }
    if json { jsonErrors += ErrorLine.entries(diagnostics, omitted: omitted) }
  }

  /// Reports a failure that is not about a located input (usage, a missing option).
  func usageError(_ message: String) {
    err(message + "\n")
    if json { jsonErrors.append(ErrorLine.Entry(severity: "error", message: message)) }
  }

  /// Prints the collected `--json` errors as one document on standard output.
  func finish() {
    guard json, !jsonErrors.isEmpty else { return }
    out(DecisionText.encode(ErrorLine(errors: jsonErrors), pretty: true) + "\n")
    jsonErrors = []
  }

  /// Reads a whole input within `limit` bytes, reporting a failure and returning nil.
  func read(_ path: String?, limit: Int, what: String) -> (bytes: [UInt8], name: String)? {
    do { return try InputFile.read(path, limit: limit, what: what) } catch {
      report(error.diagnostics)
      return nil
    }
  }
}

extension Console {
  /// Reads the file at `path` (at most `limit` bytes) and parses it with `parse`; nil after
  /// reporting why it could not be read or parsed. The `aasa` and `assetlinks` commands read
  /// their files through it.
  func parse<Parsed>(
    _ path: String?, limit: Int, what: String,
    with parse: ([UInt8], String) throws(DiagnosticsError) -> Parsed
  ) -> Parsed? {
    guard let (bytes, name) = read(path, limit: limit, what: what) else { return nil }
    do {
      return try parse(bytes, name)
    } catch {
      report(error.diagnostics)
      return nil
    }
  }

  /// A file a command can use: nil (already reported) or with an error among `diagnostics` is a
  /// malformed input, exit 2 after reporting the errors.
  func usable<Parsed>(_ parsed: Parsed?, diagnostics: (Parsed) -> [Diagnostic]) throws(CommandExit) -> Parsed
  {
    guard let parsed else { throw CommandExit(status: CommandLineTool.exitInput) }
    let errors = diagnostics(parsed).filter { $0.severity == .error }
    guard errors.isEmpty else {
      report(errors)
      throw CommandExit(status: CommandLineTool.exitInput)
    }
    return parsed
  }
}
