import Assistant
import Foundation
import HydratorKit
import SceneIntents
import SceneIntentsShell

/// Hydrator as a `Shell` drives it: where the app runs (`AppPlace`: in the shell's process, or
/// with separate processes the daemon's routing over the development bundle, sending each
/// request to `hydrator-app` when it has a scene in the foreground, else to `hydrator-intents`),
/// the shared container, and the assistant in front of the app.
@MainActor
public final class HydratorSession: PlacedShellApp {
    /// Where the app runs.
    public let place: AppPlace
    /// The shared container the session's processes use.
    public let store: HydrationStore
    /// The assistant in front of the app.
    public let assistant: Assistant
    /// The calendar "today" is taken in.
    public let calendar: Calendar
    /// The current date (injected so a test fixes the day and the times shown).
    public let now: @Sendable () -> Date
    /// The app's phrases.
    public let vocabulary: Vocabulary

    /// A new, not yet running, Hydrator over the container the options name: in the shell's
    /// process, or (with `separateProcesses`) in `hydrator-app`, started on demand.
    public init(
        options: HydratorShell.Options, environment: ShellEnvironment, calendar: Calendar = .current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        store = HydrationStore(container: options.containerPath)
        self.calendar = calendar
        self.now = now
        vocabulary = try HydratorApp.vocabulary()
        if options.separateProcesses {
            let device = Device()
            // Every host on the container the options name.
            place = try .routed(
                appName: HydratorApp.name, catalog: HydratorApp.catalog, device: device, runtimeDirectory: options.runtimeDirectory,
                environment: [HydrationStore.containerVariable: options.containerPath])
            assistant = Assistant(
                connection: place.connection, user: environment.user, device: device, clock: environment.clock,
                vocabulary: vocabulary)
        } else {
            let app = try HydratorApp(container: options.containerPath, calendar: calendar, now: now)
            let connection = app.connect()
            place = .inProcess(app.driver(), connection: connection)
            assistant = try app.makeAssistant(user: environment.user, clock: environment.clock, connection: connection)
        }
    }

    /// `:today`: the day's log read from the shared store, whether or not the app runs.
    func today() async -> String {
        await store.dayReport(on: now(), calendar: calendar).joined(separator: "\n")
    }
}
