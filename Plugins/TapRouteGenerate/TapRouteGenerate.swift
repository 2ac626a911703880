import Foundation
import PackagePlugin

/// Compiles a target's `Policies/` folder to Swift before the target builds: runs this
/// package's own `taproute generate swift` (no other dependency), which writes a type
/// conforming to `CompiledPolicies`, named after the target (`MessagesRouting` gets
/// `MessagesRoutingPolicies`), which the target decides through as `MessagesRoutingPolicies.engine`.
///
/// The policy files are the command's inputs, so editing one regenerates the source on the
/// next build. A target without a `Policies/` folder gets no command; exclude the folder
/// from the target (`exclude: ["Policies"]`), its files are the plugin's, not sources.
@main
struct TapRouteGenerate: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SwiftSourceModuleTarget else { return [] }
    let policies = target.directoryURL.appending(path: "Policies")
    let inputs =
      ((try? FileManager.default.contentsOfDirectory(at: policies, includingPropertiesForKeys: nil)) ?? [])
      .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
    guard !inputs.isEmpty else { return [] }
    let typeName = identifier(target.name) + "Policies"
    let output = context.pluginWorkDirectoryURL.appending(path: "\(typeName)+Generated.swift")
    return [
      .buildCommand(
        displayName: "Generating \(typeName) from \(target.name)/Policies",
        executable: try context.tool(named: "taproute").url,
        arguments: [
          "generate", "swift", "--policies", policies.path, "--type", typeName, "--access", "public",
          "--output", output.path,
        ],
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }

  /// The target name with anything but ASCII letters, digits and `_` dropped.
  private func identifier(_ name: String) -> String {
    let kept = name.unicodeScalars.filter {
      $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
    }
    let text = String(String.UnicodeScalarView(kept))
    return text.first.map { $0.isNumber } ?? true ? "_" + text : text
  }
}
