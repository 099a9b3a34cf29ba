import AssistantDaemon
import AssistantService
import Foundation
import HobsonKit
import HydratorKit
import RecipeAssistantKit

/// `assistantd`: the system side as a daemon. Serves the apps found under `--apps` (default: the
/// demo bundles of this checkout) whose intent catalogs it links, on
/// `<runtime-dir>/assistantd.sock`, until SIGTERM or SIGINT.
///
/// Exit status: 0 after a signal's orderly stop, 1 when it cannot start (another daemon runs,
/// the runtime directory is unsafe), 2 on a bad command line.
func write(_ text: String, to handle: FileHandle) {
    handle.write(Data(text.utf8))
}

/// The apps whose catalogs this executable links, by bundle identifier (demo kits are added here).
func linkedApps() throws -> [String: LinkedApp] {
    [
        "com.example.RecipeAssistant": LinkedApp(
            catalog: RecipeAssistantApp.catalog,
            vocabulary: RecipeAssistantApp.vocabulary(featured: RecipeBook.demo().featured)),
        "com.example.hobson": LinkedApp(catalog: HobsonApp.catalog, vocabulary: HobsonApp.vocabulary()),
        HydratorApp.bundleIdentifier: LinkedApp(catalog: HydratorApp.catalog, vocabulary: try HydratorApp.vocabulary(), dialogs: try HydratorApp.dialogs()),
    ]
}

func main() async -> Int32 {
    let options: DaemonOptions
    do {
        options = try DaemonOptions(parsing: Array(CommandLine.arguments.dropFirst()))
    } catch {
        write("assistantd: \(error.message)\n\n\(DaemonOptions.usage)", to: .standardError)
        return 2
    }
    if options.help {
        write(DaemonOptions.usage, to: .standardOutput)
        return 0
    }
    var configuration: DaemonConfiguration
    do {
        configuration = DaemonConfiguration(
            appsFolders: options.appsFolders.isEmpty ? DemoBundles.appsFolders() : options.appsFolders,
            executableSearchDirectories: BundleRegistry.currentExecutableDirectory().map { [$0] } ?? [],
            runtimeDirectory: options.runtimeDirectory, linkedApps: try linkedApps())
    } catch {
        write("assistantd: a linked app's catalog is broken: \(error)\n", to: .standardError)
        return 1
    }
    configuration.extensionIdleExit = options.idleExit
    let daemon: Daemon
    do {
        daemon = try Daemon(configuration)
    } catch {
        write("assistantd: \(error.message)\n", to: .standardError)
        return 1
    }
    let stop = AsyncStream<Int32>.makeStream()
    let signals = ShutdownSignals { stop.continuation.yield($0) }
    daemon.start()
    let served = daemon.servedAppNames.isEmpty ? "no app" : daemon.servedAppNames.joined(separator: ", ")
    write("assistantd: serving \(served) on \(daemon.socketPath)\n", to: .standardOutput)
    for diagnostic in daemon.listing.drop(while: { !$0.hasSuffix("problem:") && !$0.hasSuffix("problems:") }) {
        write("assistantd: \(diagnostic.trimmingCharacters(in: .whitespaces))\n", to: .standardError)
    }
    var signalled = stop.stream.makeAsyncIterator()
    let number = await signalled.next() ?? SIGTERM
    write("assistantd: \(number == SIGINT ? "SIGINT" : "SIGTERM"): stopping\n", to: .standardOutput)
    await daemon.stop()
    withExtendedLifetime(signals) {}
    write("assistantd: stopped\n", to: .standardOutput)
    return 0
}

exit(await main())
