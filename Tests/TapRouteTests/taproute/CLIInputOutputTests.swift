import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The I/O layer seen from outside: every read or write failure is a located TR003 line and a
/// documented exit code, never a trap; reads are bounded; `--lines` streams.
@Suite("taproute input and output", .tags(.memory))
struct CLIInputOutputTests {
  struct Row: CustomTestStringConvertible, Sendable {
    var name: String
    var script: String
    var status: Int32
    var stderr: String
    var testDescription: String { name }
  }

  static let failures: [Row] = [
    .init(
      name: "a directory as standard input", script: #""$TAPROUTE" decide < ."#, status: 2,
      stderr: "stdin: error: cannot read a directory [TR003]\n"),
    .init(
      name: "a directory as FILE", script: #""$TAPROUTE" simulate Policies"#, status: 2,
      stderr: "Policies: error: cannot read a directory [TR003]\n"),
    .init(
      name: "a closed standard output", script: #""$TAPROUTE" table >&-"#, status: 3,
      stderr: "stdout: error: cannot write: Bad file descriptor [TR003]\n"),
    .init(
      name: "a closed standard output under --lines",
      script: #"echo '{"event":"tap"}' | "$TAPROUTE" decide --lines --json >&-"#, status: 3,
      stderr: "stdout: error: cannot write: Bad file descriptor [TR003]\n"),
  ]

  @Test("read and write failures: a TR003 line, the documented exit code, no backtrace", arguments: failures)
  func failure(_ row: Row) throws {
    let r = try Binary.shell(row.script)
    #expect(r.status == row.status)
    #expect(r.stderr == row.stderr)
  }

  /// /dev/full exists on Linux, where CI runs; every write to it fails with ENOSPC.
  @Test(
    "a full disk as standard output exits 3 with TR003",
    arguments: [
      #""$TAPROUTE" table > /dev/full"#,
      #"echo '{"event":"tap"}' > "$TMPDIR_FILE" && "$TAPROUTE" decide --lines "$TMPDIR_FILE" > /dev/full"#,
      #""$TAPROUTE" --help > /dev/full"#,
    ])
  func fullDisk(_ script: String) throws {
    try #require(FileManager.default.fileExists(atPath: "/dev/full"), "/dev/full exists on Linux")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lines-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    let r = try Binary.shell("TMPDIR_FILE='\(file.path)'; " + script)
    #expect(r.status == 3)
    #expect(r.stderr == "stdout: error: cannot write: No space left on device [TR003]\n")
  }

  @Test("an endless standard input ends quickly with the limit error, in bounded memory")
  func endlessInput() throws {
    let start = ContinuousClock.now
    // 1 GB of address space: reading the endless input into memory would fail, not exit 2.
    // A sanitizer's runtime reserves terabytes of address space for its shadow memory and
    // refuses to start under such a limit, so under CI's sanitizer runs the bound is left to
    // the plain run and only the time, status and message are checked.
    let limit = runningUnderSanitizer ? "" : "ulimit -v 1000000 2>/dev/null; "
    let r = try Binary.shell(limit + #"head -c 100000000 /dev/zero | "$TAPROUTE" decide"#)
    #expect(ContinuousClock.now - start < .seconds(10))
    #expect(r.status == 2)
    #expect(r.stderr == "stdin: error: situation is over the limit of 1,048,576 bytes [TR002]\n")
  }

  @Test("a file over the limit is refused from its size, without being read")
  func oversizedFile() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("big-\(UUID().uuidString).json")
    #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
    defer { try? FileManager.default.removeItem(at: file) }
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: 2_000_000_000)  // sparse: 2 GB that nothing could read in time
    try handle.close()
    let start = ContinuousClock.now
    let r = try Binary.run(["decide", file.path])
    #expect(ContinuousClock.now - start < .seconds(5))
    #expect(r.status == 2)
    #expect(
      r.stderr
        == "\(file.path): error: situation is 2,000,000,000 bytes; the limit is 1,048,576 bytes [TR002]\n")
    let sticker = try Binary.run(["sticker", file.path])
    #expect(sticker.status == 1)
    #expect(sticker.stdout.contains("2,000,000,000 bytes, over the 500 KB limit (512,000 bytes)"))
  }

  @Test("--lines decides each line as it arrives, before the input closes", .tags(.concurrency))
  func linesStream() throws {
    let binary = try #require(Binary.url)
    let process = Process()
    process.executableURL = binary
    process.arguments = ["decide", "--lines", "--json"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    // The first line goes in and the input stays open: its decision must come out before
    // anything else is written. Were the tool to wait for the input to close, the read
    // below would wait for the watchdog, which closes it and says so (no race with a sleep:
    // a sanitized binary on a loaded machine may take seconds to start).
    input.fileHandleForWriting.write(Data("{\"event\":\"tap\"}\n".utf8))
    let watchdog = Watchdog()
    DispatchQueue.global().asyncAfter(deadline: .now() + 120) {
      if watchdog.fire() { try? input.fileHandleForWriting.close() }
    }
    // One read may return part of the line (a pipe hands over what has been written so far):
    // read until the first line is whole, or the output ends.
    var first = Data()
    while !first.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      first += chunk
    }
    let waitedForClose = !watchdog.disarm()
    #expect(!waitedForClose, "the first decision waited for the input to close")
    #expect(String(decoding: first, as: UTF8.self).contains(#""line":1"#))
    if !waitedForClose {
      input.fileHandleForWriting.write(Data("{\"event\":\"open\"}\n".utf8))
      try input.fileHandleForWriting.close()
    }
    let rest = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    if !waitedForClose {
      #expect(String(decoding: first + rest, as: UTF8.self).contains(#""line":2"#))
    }
    #expect(process.terminationStatus == 0)
  }

  /// Fires or is disarmed, whichever comes first, once.
  final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var settled = false
    private var fired = false

    /// Fires unless disarmed first; true when it fired now.
    func fire() -> Bool {
      lock.lock()
      defer { lock.unlock() }
      guard !settled else { return false }
      settled = true
      fired = true
      return true
    }

    /// Disarms unless fired first; true when it was disarmed (had not fired).
    func disarm() -> Bool {
      lock.lock()
      defer { lock.unlock() }
      guard !settled else { return !fired }
      settled = true
      return true
    }
  }

  @Test("--lines: a line over the limit is reported by its number and the next lines still decided")
  func linesOverTheLimit() throws {
    let long = #"{"event":"tap","x":""# + String(repeating: "a", count: 2_000_000) + #""}"#
    let r = try Binary.run(
      ["decide", "--lines", "--json"], stdin: "{\"event\":\"tap\"}\r\n\(long)\n\n{\"event\":\"open\"}")
    #expect(r.status == 2)
    let objects = try r.stdout.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.map { $0["line"] as? Int } == [1, 2, 4])
    #expect(objects[1]["errors"] != nil && objects[2]["outcome"] as? String == "nothing")
    #expect(r.stderr == "stdin:2:1: error: situation is over the limit of 1,048,576 bytes [TR002]\n")
  }

  @Test("a reader that goes away (EPIPE) ends the stream with TR003 and exit 3, not SIGPIPE")
  func brokenPipe() throws {
    // 20,000 decisions are far more than a pipe buffer holds, so writes go on after head quits.
    let r = try Binary.shell(
      #"yes '{"event":"tap"}' | head -n 20000 | { "$TAPROUTE" decide --lines --json; echo "status $?" >&2; } | head -c 10 > /dev/null"#
    )
    #expect(r.stderr == "stdout: error: cannot write: Broken pipe [TR003]\nstatus 3\n")
  }
}

/// True when this test binary (and so the `taproute` built with it) runs under
/// AddressSanitizer or ThreadSanitizer: their runtimes export these entry points.
let runningUnderSanitizer: Bool = {
  #if canImport(Glibc)
    return dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil
  #else
    return false
  #endif
}()
