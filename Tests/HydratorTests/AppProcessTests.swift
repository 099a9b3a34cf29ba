import Assistant
import AssistantService
import Foundation
import HydratorKit
import HydratorShell
import SceneIntents
import SceneIntentsShell
import SceneIntentsTesting
import SceneIntentsTransport
import Testing

/// The development bundle as the daemon's registry reads it.
@Suite struct BundleTests {
    static let bundleFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Demos/Hydrator/Bundle").standardizedFileURL.path

    @Test func theBundleSaysWhatTheAppsManifestSaysAndFindsItsExecutables() throws {
        let registry = BundleRegistry(appsFolders: [Self.bundleFolder], executableSearchDirectories: [BuiltProducts.directory])
        #expect(registry.diagnostics == [])
        let app = try #require(registry.app(identifier: HydratorApp.bundleIdentifier))
        #expect(app.name == HydratorApp.name)
        #expect(app.manifest == HydratorApp.manifest)
        // The catalog generated from the definition file serves every intent it lists.
        #expect(HydratorApp.catalog.problems == [])
        #expect(HydratorApp.catalog.descriptors.keys.sorted() == HydratorApp.manifest.intentsSupported)
        #expect(app.executable.path == BuiltProducts.executable("hydrator-app"))
        #expect(app.extensions.map(\.name) == ["Hydrator Intents"])
        #expect(app.extensions.map(\.intentsSupported) == [[TrackIntakeIntent.typeName]])
        #expect(app.extensions.map(\.executable.path) == [BuiltProducts.executable("hydrator-intents")])
    }
}

/// `hydrator-app` as its own process, started by the system for an intent or opened by the user.
/// These start real processes, so they wait on the real clock where a process must be waited for.
@MainActor
struct AppProcessTests {
    @Test(.timeLimit(.minutes(1)))
    func inTheForegroundTheAppsProcessHandlesTheRequestAndItsScreenShowsIt() async throws {
        let container = TemporaryContainer()
        defer { container.remove() }
        let runtime = try container.runtimeDirectory()
        // The process logs at the real time: "today" is taken where it is about noon now.
        let zone = MiddayZone()
        let connection = try ProcessConnection(
            launch: LaunchCommand(
                executable: BuiltProducts.executable("hydrator-app"),
                environment: zone.environment.merging([HydrationStore.containerVariable: container.path]) { $1 }),
            appName: HydratorApp.name, manifest: HydratorApp.manifest, catalog: HydratorApp.catalog,
            runtimeDirectory: runtime)
        let user = ScriptedUser()
        let assistant = Assistant(
            connection: connection, user: user, device: Device(), clock: .continuous(), vocabulary: try HydratorApp.vocabulary())
        #expect(await connection.send(.open) == .done(output: nil))
        #expect(await connection.send(.command(":screen")) == .done(output: ScreenFrame.render(
            heading: "Today", badge: "session-1", lines: ["Nothing logged yet today. Say \"log 8 ounces of water\"."])))
        let outcome = await assistant.perform(.utterance("log 8 ounces of water"))
        #expect(outcome.dialog == ["Item Added!"])
        let entries = try await HydrationStore(container: container.path).read().records
        #expect(entries.map(\.ounces) == [8])
        let day = DayTotals(entries, on: Date(), calendar: zone.calendar)
        #expect(await connection.send(.command(":screen")) == .done(output: ScreenFrame.render(
            heading: "Today — 8 oz", badge: "session-1", lines: day.lines(timeZone: zone.calendar.timeZone))))
        #expect(await connection.send(.command(":tea")) == .refused("Hydrator takes no command :tea."))
        let processes = assistant.trace.events.filter { $0.kind == .process }.map(\.detail)
        #expect(processes.count == 2 && processes[0].hasPrefix("spawn \(BuiltProducts.executable("hydrator-app")) pid "))
        let pid = try #require(await connection.processIdentifier)
        await connection.close()
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)"), "the host exited and was reaped")
        #expect(leftInFlight(user: user) == [])
    }
}
