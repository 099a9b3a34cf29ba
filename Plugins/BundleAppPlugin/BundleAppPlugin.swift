import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-directory DIR bundle-app --product APP [--extension EXT]...
/// --output DIR`: builds the executable products named, then runs `bundle-app-tool` with the
/// same arguments and the folder they were built in; the tool lays out the bundle (its `--help`
/// is this command's). `-c release` (or `--configuration release`) builds them optimized.
@main
struct BundleAppPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "bundle-app-tool").url
        var arguments = arguments
        let configuration = try Self.takeConfiguration(from: &arguments)
        let products = Self.values(of: ["--product", "--extension"], in: arguments)
        guard !arguments.contains("--help"), !products.isEmpty else { return try Self.run(tool, arguments) }
        var directory: URL?
        var resources: Set<String> = []
        for name in products {
            let executables = context.package.products.filter { $0 is ExecutableProduct }.map(\.name).sorted()
            guard let product = context.package.products.first(where: { $0.name == name && $0 is ExecutableProduct }) else {
                throw BundleAppError(
                    "no executable product '\(name)' in package '\(context.package.displayName)'; its executable products: "
                        + (executables.isEmpty ? "none" : executables.joined(separator: ", ")))
            }
            let result = try packageManager.build(.product(name), parameters: .init(configuration: configuration, echoLogs: true))
            guard result.succeeded else { throw BundleAppError("building '\(name)' failed:\n\(result.logText)") }
            guard let built = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == name })
            else { throw BundleAppError("building '\(name)' made no executable named '\(name)'") }
            directory = built.url.deletingLastPathComponent()
            resources.formUnion(Self.resourceBundles(of: product, in: context.package))
        }
        let resourceArguments = resources.sorted().flatMap { ["--resources", $0] }
        try Self.run(tool, arguments + resourceArguments + ["--products-dir", directory?.path ?? "."])
    }

    /// The resource bundles SwiftPM builds for the targets `product` links
    /// (`<Package>_<Target>.resources`, `.bundle` on Darwin), which its executable loads from
    /// beside itself.
    static func resourceBundles(of product: Product, in root: Package) -> [String] {
        var owners: [Target.ID: String] = [:]
        var packages = [root]
        while let package = packages.popLast() {
            for target in package.targets where owners[target.id] == nil { owners[target.id] = package.displayName }
            packages += package.dependencies.map(\.package)
        }
        #if os(macOS)
            let suffix = ".bundle"
        #else
            let suffix = ".resources"
        #endif
        let targets = product.targets + product.targets.flatMap(\.recursiveTargetDependencies)
        return targets.compactMap { target in
            guard let module = target as? SourceModuleTarget, module.sourceFiles.contains(where: { $0.type == .resource }),
                let owner = owners[target.id]
            else { return nil }
            return "\(owner)_\(target.name)\(suffix)"
        }
    }

    /// Removes `-c`/`--configuration VALUE` from `arguments`; debug when absent.
    static func takeConfiguration(from arguments: inout [String]) throws -> PackageManager.BuildConfiguration {
        guard let index = arguments.firstIndex(where: { $0 == "-c" || $0 == "--configuration" }) else { return .debug }
        guard index + 1 < arguments.count else { throw BundleAppError("\(arguments[index]) needs debug or release") }
        let value = arguments[index + 1]
        arguments.removeSubrange(index...index + 1)
        switch value {
        case "debug": return .debug
        case "release": return .release
        default: throw BundleAppError("\(value) is not a configuration: give debug or release")
        }
    }

    /// The values following each of `options` in `arguments`.
    static func values(of options: Set<String>, in arguments: [String]) -> [String] {
        zip(arguments, arguments.dropFirst()).filter { options.contains($0.0) }.map(\.1)
    }

    /// Runs the tool and fails when it does (it has printed why).
    static func run(_ tool: URL, _ arguments: [String]) throws {
        let process = try Process.run(tool, arguments: arguments)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BundleAppError("bundle-app-tool exited \(process.terminationStatus)") }
    }
}

/// A mistake in the command, named.
struct BundleAppError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
