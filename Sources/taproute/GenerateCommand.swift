import Foundation
@_spi(Generated) import TapRoute
import TapRouteAASA
import TapRouteTools

/// `taproute generate swift`.
enum GenerateCommand {
  static let language = Positional(required: "LANGUAGE", help: "swift")
  static let policies = Option<String>.policies
  static let output = Option<String>(
    name: "--output", value: "FILE", help: "write the source to FILE (unchanged files are not touched)")
  static let type = Option<String>(
    name: "--type", value: "NAME", help: "the generated type's name (default GeneratedPolicies)",
    refusal: { isIdentifier($0) ? nil : "\(Words.quoted($0)) is not a Swift identifier" })
  static let access = Option<Access>(
    name: "--access", value: "LEVEL", help: "the generated type's access level (default public)")
  static let library = Flag(
    name: "--library",
    help:
      "the TapRoute library's own file: read the policies built into the library\ninstead of embedding a copy"
  )
  static let lookup = Option<Lookup>(
    name: "--lookup", value: "KIND",
    help:
      "how a table of more than 64 rules finds its first rule: dense (default;\na static table of first hits where the space of the facts read without the\nURL has at most 262,144 cells: flat in rule count) or words (rule bits ANDed\n64 rules at a time: less source, a cost that grows with the rules)"
  )
  static let json = Flag.json("print errors as JSON")

  /// The generated type's access level.
  enum Access: String, CaseIterable, Sendable {
    case `public`, `package`, `internal`
  }

  /// How a large table finds its first rule.
  enum Lookup: String, CaseIterable, Sendable {
    case dense, words
  }

  static let spec = CommandSpec(
    name: "generate",
    summary: "compile the decision tables to Swift that decides with no parsing",
    discussion: """
      Writes a Swift file declaring a type that conforms to CompiledPolicies: the
      decision table of every event
      (\(Situation.Event.allCases.map(\.rawValue).joined(separator: ", ")))
      compiled to a first-match function (a switch per fact, rule bits ANDed;
      for a table of more than 64 rules, a static table of the first rule of every cell
      of its fact space unless --lookup words), the rules' data as static arrays, and a
      copy of the policy files for what decide does not need (Engine.policies, explain).
      Use it as Engine(compiled: TYPE.self): it decides as Engine(policiesAt: DIR) does,
      without reading or parsing anything. The TapRouteGenerate build-tool plugin runs
      this command on a target's Policies/ folder.
      The only LANGUAGE is swift.
      """,
    arguments: [language],
    options: [policies, output, type, access, library, lookup, json],
    success: "the source was written",
    finding: "the policies failed to load, or a table is too large to generate",
    example: """
      taproute generate swift --policies Policies --type AppPolicies --output AppPolicies+Generated.swift
      """,
    run: { invocation, console throws(CommandExit) in try run(invocation, console: console) })

  private static func run(_ invocation: Invocation, console: Console) throws(CommandExit) -> Int32 {
    guard invocation[language] == "swift" else {
      console.usageError(
        "taproute generate: unknown language \(Words.quoted(invocation[language])); expected swift; see 'taproute generate --help'"
      )
      return CommandLineTool.exitInput
    }
    let typeName = invocation[type] ?? "GeneratedPolicies"
    let directory = invocation[policies]
    // The command line that regenerates the file, written into its first line.
    var command = "taproute generate swift"
    if let directory { command += " \(policies.name) \(directory)" }
    command += " \(type.name) \(typeName)"
    if let access = invocation[access] { command += " \(Self.access.name) \(access.rawValue)" }
    if invocation[library] { command += " \(library.name)" }
    if let lookup = invocation[lookup] { command += " \(Self.lookup.name) \(lookup.rawValue)" }
    if let output = invocation[output] { command += " \(Self.output.name) \(output)" }
    let source: String
    do throws(DiagnosticsError) {
      var generator = try SwiftGenerator.forPolicies(
        at: directory.map { URL(fileURLWithPath: $0, isDirectory: true) }, typeName: typeName,
        access: (invocation[access] ?? .public).rawValue, library: invocation[library],
        command: command)
      generator.denseLookups = invocation[lookup] != .words
      do throws(SwiftGenerator.Failure) {
        source = try generator.render()
      } catch {
        console.report([Diagnostic(file: directory ?? "Policies", code: error.code, message: error.message)])
        return CommandLineTool.exitFinding
      }
    } catch {
      throw CommandLineTool.reportLoadFailure(error, console: console, command: "taproute generate")
    }
    guard let output = invocation[output] else {
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
  fileprivate static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
    return name.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || ($0 >= 48 && $0 <= 57) }
  }

  private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 97 && (b | 0x20) <= 122 }
}
