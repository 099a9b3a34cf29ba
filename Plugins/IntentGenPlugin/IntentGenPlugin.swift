import Foundation
import PackagePlugin

/// Runs `intentgen` on every `.intentdefinition` file of a target, at build time.
///
/// The generated Swift lands in the plugin's work directory and is compiled into the target;
/// it is never written into the source tree. One command handles all of a target's files, so the
/// generator sees them together and can report a name two files both define.
/// Each output is named `<file name without extension>.swift`, which is how `intentgen` names it.
@main
struct IntentGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let definitions = target.sourceFiles
            .filter { $0.url.pathExtension == "intentdefinition" }
            .map(\.url)
            .sorted { $0.path < $1.path }
        guard !definitions.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedIntents")
        let outputs = definitions.map {
            output.appending(path: $0.deletingPathExtension().lastPathComponent + ".swift")
        }
        return [
            .buildCommand(
                displayName: "Generating intents for \(target.name) from \(definitions.count) definition file(s)",
                executable: try context.tool(named: "intentgen").url,
                arguments: definitions.map(\.path) + ["--output", output.path],
                inputFiles: definitions,
                outputFiles: outputs)
        ]
    }
}
