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

/// The routing rule with real processes, as the daemon runs Hydrator (`RoutedConnection` over
/// the development bundle): the app in the foreground handles the request and its Today screen
/// shows it at once; in the background or not running, `hydrator-intents` logs it, the app is
/// not launched, and Today shows it when the app comes back. These start real processes, so
/// they wait on the real clock where a process must be waited for.
@MainActor
struct RoutingTests {
    let container = TemporaryContainer()
    /// The processes log at the real time: "today" is taken where it is about noon now.
    let zone = MiddayZone()
    let user = ScriptedUser()
    let connection: RoutedConnection
    let assistant: Assistant

    init() throws {
        let registry = BundleRegistry(appsFolders: [BundleTests.bundleFolder], executableSearchDirectories: [BuiltProducts.directory])
        let bundle = try #require(registry.app(identifier: HydratorApp.bundleIdentifier))
        connection = try RoutedConnection(
            bundle: bundle, catalog: HydratorApp.catalog, device: Device(), runtimeDirectory: try container.runtimeDirectory(),
            environment: zone.environment.merging([HydrationStore.containerVariable: container.path]) { $1 },
            extensionIdleExit: .seconds(60))
        assistant = Assistant(connection: connection, user: user, device: Device(), clock: .continuous(), vocabulary: try HydratorApp.vocabulary())
    }

    var lines: [String] { assistant.trace.events.map { "\($0.kind.rawValue): \($0.detail)" } }

    /// The routes taken and the processes spawned, in order, with pids and times taken out.
    var routesAndSpawns: [String] {
        lines.filter { $0.hasPrefix("route:") || $0.hasPrefix("process: spawn") }.map { line in
            line.replacingOccurrences(of: #"pid \d+"#, with: "pid N", options: .regularExpression)
        }
    }

    /// The app's foreground screen, as its process draws it.
    func screen() async -> String? {
        if case .done(let output) = await connection.send(.command(":screen")) { output } else { nil }
    }

    func today(_ ounces: [Int]) throws -> String {
        let day = DayTotals(try entriesOnDisk(), on: Date(), calendar: zone.calendar)
        #expect(day.entries.map(\.ounces) == ounces)
        return ScreenFrame.render(heading: day.heading, badge: "session-1", lines: day.lines(timeZone: zone.calendar.timeZone))
    }

    func entriesOnDisk() throws -> [LogEntry] {
        try HydrationStore(container: container.path).log.read().records
    }

    static let spawnApp = "process: spawn \(BuiltProducts.executable("hydrator-app")) pid N"
    static let spawnExtension = "process: spawn \(BuiltProducts.executable("hydrator-intents")) pid N"
    static let toApp = "route: TrackIntakeIntent → app: the app has a scene in the foreground"
    static let toExtensionNotRunning =
        "route: TrackIntakeIntent → extension Hydrator Intents: the app is not running, so the lighter extension launches instead"
    static let toExtensionBackground =
        "route: TrackIntakeIntent → extension Hydrator Intents: the app has no scene in the foreground, so the lighter extension serves"

    func log(_ words: String) async {
        let outcome = await assistant.perform(.utterance(words))
        #expect(outcome.dialog == ["Item Added!"])
    }

    @Test(.timeLimit(.minutes(1)))
    func inTheForegroundTheAppHandlesItAndTodayShowsItAtOnce() async throws {
        #expect(await connection.send(.open) == .done(output: nil))
        await log("log 8 ounces of water")
        #expect(await screen() == (try today([8])))
        #expect(routesAndSpawns == [Self.spawnApp, "route: TrackIntakeIntent → Hydrator", Self.toApp])
        #expect(await connection.extensions[0].connection.processIdentifier == nil)
        await finish()
    }

    @Test(.timeLimit(.minutes(1)))
    func inTheBackgroundTheExtensionLogsItAndTodayShowsItOnReturn() async throws {
        #expect(await connection.send(.open) == .done(output: nil))
        #expect(await connection.send(.home) == .done(output: nil))
        await log("log 12 ounces of tea")
        #expect(await screen() == "(Hydrator is in the background.)")
        #expect(await connection.send(.open) == .done(output: nil))
        #expect(await screen() == (try today([12])))
        #expect(routesAndSpawns == [Self.spawnApp, "route: TrackIntakeIntent → Hydrator", Self.toExtensionBackground, Self.spawnExtension])
        await finish()
    }

    @Test(.timeLimit(.minutes(1)))
    func notRunningTheExtensionLogsItWithoutLaunchingTheAppAndTodayShowsItWhenOpened() async throws {
        await log("log 8 ounces of water")
        await log("log 4 ounces of pop")
        #expect(await connection.app.processIdentifier == nil, "the app was not launched")
        #expect(try entriesOnDisk().map(\.type) == [.water, .soda])
        #expect(routesAndSpawns == [
            "route: TrackIntakeIntent → Hydrator", Self.toExtensionNotRunning, Self.spawnExtension,
            "route: TrackIntakeIntent → Hydrator", Self.toExtensionNotRunning,
        ])
        #expect(await connection.send(.open) == .done(output: nil))
        #expect(await screen() == (try today([8, 4])))
        await finish()
    }

    @Test(.timeLimit(.minutes(1)))
    func theAddScreenSavesDurablyInTheAppsOwnProcess() async throws {
        #expect(await connection.send(.open) == .done(output: nil))
        for line in [":add", ":pick 2", ":ounces 10"] {
            #expect(await connection.send(.command(line)) == .done(output: ""), "\(line)")
        }
        // `:save` awaits the durable append in the app's process before it answers.
        #expect(await connection.send(.command(":save")) == .done(output: "Item Added!"))
        #expect(try entriesOnDisk().map(\.ounces) == [10])
        #expect(try entriesOnDisk().map(\.type) == [.coffee])
        #expect(await screen() == (try today([10])))
        #expect(await connection.send(.command(":save")) == .refused("The Add screen is not open; type :add first."))
        await finish()
    }

    /// Stops every host and checks that each process was reaped and nothing is left in flight.
    func finish() async {
        var processes: [Int32] = []
        for host in [connection.app] + connection.extensions.map(\.connection) {
            if let pid = await host.processIdentifier { processes.append(pid) }
        }
        await connection.close()
        for pid in processes { #expect(!FileManager.default.fileExists(atPath: "/proc/\(pid)"), "process \(pid) was reaped") }
        #expect(connection.requestsInFlight == 0)
        #expect(leftInFlight(user: user) == [])
        container.remove()
    }
}
