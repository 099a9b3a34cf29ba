import AssistantDaemon
import AssistantService
import CommandLineOptions
import Foundation
import SceneIntentsTransport

/// `assistantd`: the system side as a daemon. Serves the apps installed under `--apps` (default:
/// the demo bundles of this checkout), each read from its bundle's data (it links no app), on
/// `<runtime-dir>/assistantd.sock`, until SIGTERM or SIGINT, keeping the apps' scene sessions in
/// `<state-dir>/sessions` and their donations and shortcut suggestions in `<state-dir>/shortcuts`
/// (so they outlive the apps' processes and the daemon). It reads the apps folders again
/// every `--rescan` seconds and on SIGHUP: what it installs, replaces and removes, and every new
/// problem, is one line on standard error.
///
/// With `--wyoming URI` it also speaks the Wyoming protocol there (one line on standard output
/// each, with the port bound).
///
/// Exit status: 0 after a signal's orderly stop, 1 when it cannot start (another daemon runs,
/// the runtime or state directory is unsafe, a Wyoming address is taken or beyond this machine), 2 on a bad command line, 74 when standard output cannot be
/// written (one line on standard error; the daemon stops first, removing its sockets).
let streams = StandardStreams(name: "assistantd")

func main() async -> Int32 {
    // Watched from the start, so a signal sent while the daemon starts stops it in order (after
    // it has started) instead of killing it with its sockets half made.
    let stop = AsyncStream<Int32>.makeStream()
    let rescanRequests = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let signals = SignalWatch([SIGTERM, SIGINT]) { stop.continuation.yield($0) }
    let rescans = SignalWatch([SIGHUP]) { _ in rescanRequests.continuation.yield() }
    defer { withExtendedLifetime((signals, rescans)) {} }
    // Standard output closed from the start: nothing is bound or locked.
    if streams.outputFailed { return streams.finished(0) }
    let options: DaemonOptions
    do throws(UsageError) {
        guard case .run(let given) = try DaemonOptions.syntax.parse(Array(CommandLine.arguments.dropFirst()), into: DaemonOptions()) else {
            streams.output.write(DaemonOptions.syntax.helpText)
            return streams.finished(0)
        }
        options = given
    } catch {
        streams.error(error.message)
        return 2
    }
    var configuration = DaemonConfiguration(
        appsFolders: options.appsFolders.isEmpty ? DemoBundles.appsFolders() : options.appsFolders,
        executableSearchDirectories: BundleRegistry.currentExecutableDirectory().map { [$0] } ?? [],
        runtimeDirectory: options.runtimeDirectory)
    configuration.extensionIdleExit = options.idleExit
    do {
        let state = try StateDirectory.prepare(options.stateDirectory ?? StateDirectory.defaultPath())
        configuration.sessionsFolder = state.sessions
        configuration.shortcutsFolder = state.shortcuts
    } catch {
        streams.error(error.message)
        return 1
    }
    configuration.rescanInterval = options.rescan
    configuration.wyoming = options.wyoming
    configuration.wyomingAllowsRemote = options.wyomingAllowsRemote
    // What the daemon refuses (bad clients, rejected peers), one line each, rate-limited.
    configuration.log = { line in streams.error(line) }
    let daemon: Daemon
    do {
        daemon = try Daemon(configuration)
    } catch {
        streams.error(error.message)
        return 1
    }
    daemon.start()
    let rescanning = Task { for await _ in rescanRequests.stream { await daemon.rescan() } }
    let served = daemon.servedAppNames.isEmpty ? "no app" : daemon.servedAppNames.joined(separator: ", ")
    streams.output.write("assistantd: serving \(served) on \(daemon.socketPath)")
    for address in daemon.wyomingAddresses { streams.output.write("assistantd: Wyoming on \(address)") }
    for diagnostic in daemon.listing.drop(while: { !$0.hasSuffix("problem:") && !$0.hasSuffix("problems:") }) {
        streams.error(diagnostic.trimmingCharacters(in: .whitespaces))
    }
    if !streams.outputFailed {
        var signalled = stop.stream.makeAsyncIterator()
        let number = await signalled.next() ?? SIGTERM
        streams.output.write("assistantd: \(number == SIGINT ? "SIGINT" : "SIGTERM"): stopping")
    }
    // Stopped either way: a daemon nobody can hear from leaves no socket behind.
    rescanning.cancel()
    await daemon.stop()
    streams.output.write("assistantd: stopped")
    return streams.finished(0)
}

exit(await main())
