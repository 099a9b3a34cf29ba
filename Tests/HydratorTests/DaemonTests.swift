import Foundation
import Glibc
import HydratorKit
import SceneIntentsTesting
import Testing

/// Hydrator served by the daemon: `assistant say "log 8 ounces of water"` answers "Item Added!"
/// through the intents extension, and the app is never launched. Real processes on the real
/// clock: the daemon's socket is waited for, and the daemon is stopped with SIGTERM.
struct DaemonTests {
    @Test(.timeLimit(.minutes(1)))
    func theDaemonLogsADrinkThroughTheExtensionWithoutLaunchingTheApp() async throws {
        let container = TemporaryContainer()
        defer { container.remove() }
        let runtime = container.root + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: BuiltProducts.executable("assistantd"))
        daemon.arguments = ["--runtime-dir", runtime, "--state-dir", container.root + "/state"]
        daemon.environment = ProcessInfo.processInfo.environment.merging([HydrationStore.containerVariable: container.path]) { _, new in new }
        daemon.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let ended = AsyncStream<Int32>.makeStream()
        daemon.terminationHandler = { ended.continuation.yield($0.terminationStatus) }
        try daemon.run()
        // The daemon's socket appears once it serves; a real process is waited for on the real clock.
        while !FileManager.default.fileExists(atPath: runtime + "/assistantd.sock") {
            try await Task.sleep(for: .milliseconds(10))
        }
        let said = try await runBuilt("assistant", ["--runtime-dir", runtime, "say", "log 8 ounces of water"])
        #expect(said.status == 0, "\(said.stderr)")
        #expect(said.stdout == "Item Added!\n")
        let trace = try await runBuilt("assistant", ["--runtime-dir", runtime, "trace"]).stdout
        #expect(trace.contains("route        TrackIntakeIntent → extension Hydrator Intents: the app is not running"))
        #expect(trace.contains("spawn \(BuiltProducts.executable("hydrator-intents"))"))
        #expect(!trace.contains("hydrator-app"), "the app was not launched")
        #expect(try await HydrationStore(container: container.path).read().records.map(\.ounces) == [8])
        kill(daemon.processIdentifier, SIGTERM)
        var statuses = ended.stream.makeAsyncIterator()
        #expect(await statuses.next() == 0)
    }
}
