import Foundation
import TapRoute

/// `taproute sticker`.
enum StickerCommand {
  static let help = """
    USAGE: taproute sticker FILE... [--size small|regular|large] [--json] [--policies DIR]

    Checks sticker files from their bytes, with no image library: the format (PNG, APNG,
    GIF, JPEG; animated only as APNG or GIF), the 500 KB limit, the size class's largest
    image at @3x (small 300, regular 408, large 618 px; larger ones are scaled down) and
    transparency advice (GIF edges alias, JPEG has none). Truncated, corrupt or disguised
    files (a GIF named .png) are refused with the reason. The rules are Policies/stickers.json.

    OPTIONS:
      --size CLASS      small, regular (default) or large
      --json            print the reports as JSON
      --policies DIR    use the policy files in DIR instead of the built-in ones
      -h, --help        show this help

    EXIT CODES: 0 every sticker accepted (warnings allowed), 1 a sticker refused or the
    policies failed to load, 2 bad usage or an unreadable path.

    """

  static func run(_ arguments: [String], io: IO) -> Int32 {
    if CommandLineTool.showsHelp(arguments, help, io: io) { return CommandLineTool.exitOK }
    guard
      let options = Options.parse(
        arguments, command: "sticker", flags: ["--json"], valued: ["--size", "--policies"], io: io)
    else { return CommandLineTool.exitInput }
    guard !options.positional.isEmpty else {
      io.err("taproute sticker: expected at least one FILE; see 'taproute sticker --help'\n")
      return CommandLineTool.exitInput
    }
    guard let engine = CommandLineTool.engine(policies: options.values["--policies"], io: io) else {
      return CommandLineTool.exitPolicy
    }
    guard let rules = engine.policies.stickers else {
      io.err("taproute sticker: the policies have no stickers.json\n")
      return CommandLineTool.exitPolicy
    }
    let size = options.values["--size"] ?? "regular"
    guard rules.sizeClasses.contains(where: { $0.name == size }) else {
      io.err(
        "taproute sticker: unknown size class \(CommandLineTool.quote(size)); expected one of \(rules.sizeClasses.map(\.name).joined(separator: ", "))\n"
      )
      return CommandLineTool.exitInput
    }
    var reports: [StickerCheck.Report] = []
    for path in options.positional {
      guard let input = CommandLineTool.readInput(path, io: io) else { return CommandLineTool.exitInput }
      reports.append(
        StickerCheck.check(
          input.bytes, fileSize: UInt64(input.bytes.count), file: input.name, sizeClass: size, rules: rules))
    }
    if options.flags.contains("--json") {
      io.out(DecisionText.encode(reports.map(Output.init), pretty: true) + "\n")
    } else {
      for report in reports {
        io.out(report.summary + "\n")
        for finding in report.findings { io.out("  " + finding.description + "\n") }
      }
      let refused = reports.filter { !$0.accepted }.count
      io.out("sticker: \(reports.count - refused) accepted, \(refused) refused (size class \(size))\n")
    }
    return reports.allSatisfy(\.accepted) ? CommandLineTool.exitOK : CommandLineTool.exitPolicy
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
