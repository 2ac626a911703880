import Foundation
@_spi(Generated) import TapRoute
import TapRouteAASA
import TapRouteTools

/// `taproute sticker`.
enum StickerCommand {
  static let files = Positional(repeating: "FILE", help: "a sticker file ('-' for standard input)")
  static let size = Option<String>(name: "--size", value: "CLASS", help: "small, regular (default) or large")
  static let json = Flag.json("print the reports as JSON")
  static let policies = Option<String>.policies

  static let spec = CommandSpec(
    name: "sticker",
    summary: "check sticker files (format, size, frames) from their bytes",
    discussion: """
      Checks sticker files from their bytes, with no image library: the format (PNG, APNG,
      GIF, JPEG; animated only as APNG or GIF), the 500 KB limit, the size class's largest
      image at @3x (small 300, regular 408, large 618 px; larger ones are scaled down) and
      transparency advice (GIF edges alias, JPEG has none). Truncated, corrupt or disguised
      files (a GIF named .png) are refused with the reason; a file over the limit is refused
      from its size, without being read. The rules are Policies/stickers.json.
      """,
    arguments: [files],
    options: [size, json, policies],
    success: "every sticker accepted (warnings allowed)",
    finding: "a sticker refused, or the policies failed to load",
    run: { invocation, console throws(CommandExit) in try run(invocation, console: console) })

  private static func run(_ invocation: Invocation, console: Console) throws(CommandExit) -> Int32 {
    let engine = try CommandLineTool.engine(policies: invocation[policies], console: console)
    guard let rules = engine.policies.stickers else {
      console.usageError("taproute sticker: the policies have no stickers.json")
      return CommandLineTool.exitFinding
    }
    let size = invocation[Self.size] ?? "regular"
    guard rules.sizeClasses.contains(where: { $0.name == size }) else {
      console.usageError(
        "taproute sticker: unknown size class \(Words.quoted(size)); expected one of \(rules.sizeClasses.map(\.name).joined(separator: ", "))"
      )
      return CommandLineTool.exitInput
    }
    var reports: [StickerCheck.Report] = []
    for path in invocation[files] {
      do {
        reports.append(try check(path, sizeClass: size, rules: rules))
      } catch {
        console.report(error.diagnostics)
        return CommandLineTool.exitInput
      }
    }
    if invocation[json] {
      console.out(DecisionText.encode(reports.map(Output.init), pretty: true) + "\n")
    } else {
      for report in reports {
        console.out(report.summary + "\n")
        for finding in report.findings { console.out("  " + finding.description + "\n") }
      }
      let refused = reports.filter { !$0.accepted }.count
      console.out("sticker: \(reports.count - refused) accepted, \(refused) refused (size class \(size))\n")
    }
    return reports.allSatisfy(\.accepted) ? CommandLineTool.exitOK : CommandLineTool.exitFinding
  }

  /// Checks one file, reading at most the policy's byte limit plus one: a regular file over
  /// the limit is refused from its size (fstat) without being read.
  private static func check(_ path: String, sizeClass: String, rules: StickerRules) throws(DiagnosticsError)
    -> StickerCheck.Report
  {
    let (fd, name) = try InputFile.open(path)
    defer { if fd.rawValue != FileDescriptor.standardInput.rawValue { fd.close() } }
    do {
      // The checker refuses a file over the limit from its size alone, so a regular file
      // over it is not read at all; anything else is read up to the limit plus one byte.
      let size = try fd.regularFileSize().map { UInt64(clamping: $0) }
      if let size, size > UInt64(rules.maximumBytes) {
        return StickerCheck.check([], fileSize: size, file: name, sizeClass: sizeClass, rules: rules)
      }
      let bytes = try fd.read(upTo: rules.maximumBytes)
      return StickerCheck.check(
        bytes, fileSize: max(size ?? 0, UInt64(bytes.count)), file: name, sizeClass: sizeClass, rules: rules)
    } catch {
      throw DiagnosticsError([InputFile.unreadable(name, error)])
    }
  }

  private struct Output: Encodable {
    var file: String
    var accepted: Bool
    var format: String?
    var width: Int?
    var height: Int?
    var frames: Int?
    var transparency: Bool?
    var bytes: UInt64
    var sizeClass: String
    var findings: [Diagnostic]

    init(_ r: StickerCheck.Report) {
      file = r.file
      accepted = r.accepted
      format = r.header?.format.rawValue
      width = r.header?.width
      height = r.header?.height
      frames = r.header?.frames
      transparency = r.header?.hasTransparency
      bytes = r.bytes
      sizeClass = r.sizeClass
      findings = r.findings
    }
  }
}
