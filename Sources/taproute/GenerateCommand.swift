import Foundation
import TapRoute

/// `taproute generate swift`.
enum GenerateCommand {
  static let spec = CommandSpec(
    name: "generate",
    summary: "compile the tap and open tables to Swift that decides with no parsing",
    discussion: """
      Writes a Swift file declaring a type that conforms to CompiledPolicies: the tap and
      open tables compiled to first-match functions (a switch per fact, rule bits ANDed;
      for a table of more than 64 rules, a static table of the first rule of every cell
      of its fact space unless --lookup words), the rules' data as static arrays, and a
      copy of the policy files for what decide does not need (Engine.policies, explain).
      Use it as Engine(compiled: TYPE.self): it decides as Engine(policiesAt: DIR) does,
      without reading or parsing anything. The TapRouteGenerate build-tool plugin runs
      this command on a target's Policies/ folder.
      The only LANGUAGE is swift.
      """,
    arguments: [.init(name: "LANGUAGE", arity: .required, help: "swift")],
    options: [
      CommandSpec.policies,
      .init(
        name: "--output", value: "FILE", help: "write the source to FILE (unchanged files are not touched)"),
      .init(name: "--type", value: "NAME", help: "the generated type's name (default GeneratedPolicies)"),
      .init(
        name: "--access", value: "LEVEL", choices: ["public", "package", "internal"],
        help: "the generated type's access level (default public)"),
      .init(
        name: "--library",
        help:
          "the TapRoute library's own file: read the policies built into the library\ninstead of embedding a copy"
      ),
      .init(
        name: "--lookup", value: "KIND", choices: ["dense", "words"],
        help:
          "how a table of more than 64 rules finds its first rule: dense (default;\na static table of first hits where the space of the facts read without the\nURL has at most 262,144 cells: flat in rule count) or words (rule bits ANDed\n64 rules at a time: less source, a cost that grows with the rules)"
      ),
      CommandSpec.json("print errors as JSON"),
    ],
    success: "the source was written",
    finding: "the policies failed to load, or a table is too large to generate",
    example: """
      taproute generate swift --policies Policies --type AppPolicies --output AppPolicies+Generated.swift
      """,
    run: { invocation, console in run(invocation, console: console) })

  private static func run(_ invocation: Invocation, console: Console) -> Int32 {
    guard invocation.positional == ["swift"] else {
      console.usageError(
        "taproute generate: unknown language \(Words.quoted(invocation.positional.joined(separator: " "))); expected swift; see 'taproute generate --help'"
      )
      return CommandLineTool.exitInput
    }
    let typeName = invocation.value("--type") ?? "GeneratedPolicies"
    guard isIdentifier(typeName) else {
      console.usageError(
        "taproute generate: --type \(Words.quoted(typeName)) is not a Swift identifier; see 'taproute generate --help'"
      )
      return CommandLineTool.exitInput
    }
    let directory = invocation.value("--policies")
    var command = "taproute generate swift"
    if let directory { command += " --policies \(directory)" }
    command += " --type \(typeName)"
    if let access = invocation.value("--access") { command += " --access \(access)" }
    if invocation.flag("--library") { command += " --library" }
    if let lookup = invocation.value("--lookup") { command += " --lookup \(lookup)" }
    if let output = invocation.value("--output") { command += " --output \(output)" }
    let source: String
    do throws(DiagnosticsError) {
      var generator = try SwiftGenerator.forPolicies(
        at: directory.map { URL(fileURLWithPath: $0, isDirectory: true) }, typeName: typeName,
        access: invocation.value("--access") ?? "public", library: invocation.flag("--library"),
        command: command)
      generator.denseLookups = invocation.value("--lookup") != "words"
      do throws(SwiftGenerator.Failure) {
        source = try generator.render()
      } catch {
        console.report([Diagnostic(file: directory ?? "Policies", code: error.code, message: error.message)])
        return CommandLineTool.exitFinding
      }
    } catch {
      CommandLineTool.reportLoadFailure(error, console: console, command: "taproute generate")
      return CommandLineTool.exitFinding
    }
    guard let output = invocation.value("--output") else {
      console.out(source)
      return CommandLineTool.exitOK
    }
    let bytes = Array(source.utf8)
    if FileManager.default.contents(atPath: output).map(Array.init) == bytes { return CommandLineTool.exitOK }
    guard FileManager.default.createFile(atPath: output, contents: Data(bytes)) else {
      console.report([
        Diagnostic(file: output, code: .unreadable, message: "cannot write the generated source")
      ])
      return CommandLineTool.exitInput
    }
    return CommandLineTool.exitOK
  }

  /// A Swift identifier: a letter or `_`, then letters, digits or `_` (ASCII).
  private static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
    return name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || ($0 >= 48 && $0 <= 57) }
  }

  private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 97 && (b | 0x20) <= 122 }
}
