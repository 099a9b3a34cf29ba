import Assistant
import AssistantShortcuts
import Foundation
import HobsonKit
import SceneIntents
import SceneIntentsFeatures
import SceneIntentsShell
import SceneIntentsStore

/// Hobson and the system side around it: the app (in process, or in `hobson-app`), an
/// assistant, and the app's shortcuts store in a data directory (donations, suggestions, voice
/// shortcuts), fed by the app's shortcuts messages through an inbox. Every demo command is a
/// method answering the lines to print.
@MainActor
public final class HobsonSession {
    /// Where the app runs: in the session's process, or `Hobson.app` and its intents extension
    /// (`hobson-intents`) each in its own process, started on demand, requests routed to either.
    public let place: AppPlace
    /// The app, when it runs in the session's process.
    public let app: HobsonApp?
    /// The assistant.
    public let assistant: Assistant
    /// The system's store for Hobson.
    public let store: ShortcutsStore
    /// Where the app's shortcuts messages are taken in.
    public let inbox: ShortcutsInbox
    /// The assistant's connection: the app's, running voice shortcuts.
    public let voice: VoiceShortcutConnection
    let now: @Sendable () -> Date

    /// A session keeping the system's store in `dataDirectory`.
    ///
    /// - Parameters:
    ///   - clock: the assistant's clock (budgets, trace).
    ///   - appClock: times the app's performances (in process).
    ///   - separateProcesses: run the app in `hobson-app`, started on demand, with its socket in
    ///     `runtimeDirectory` (nil: the transport's default).
    ///   - makeIdentifier: names donations and voice shortcuts (default: short random names).
    ///   - now: dates donations and ranks them.
    /// - Throws: `HobsonDataError` when the data directory cannot be created, `StoreError` when
    ///   the store cannot be opened, `ManifestError` or
    ///   `IntentCatalogError` when the app cannot be assembled, `TransportError` when its
    ///   socket cannot be made, `AppCommandError` when its bundle is not in the checkout.
    public init<C: Clock>(
        dataDirectory: String, user: any UserAgent, clock: BudgetClock, appClock: C,
        separateProcesses: Bool = false, runtimeDirectory: String? = nil,
        conditions: FeatureConditions = HobsonFeatures.defaultConditions,
        makeIdentifier: @escaping @Sendable () -> String = { HobsonApp.shortIdentifier() },
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws where C.Duration == Duration {
        let device: Device
        if separateProcesses {
            device = Device()
            // The app's sessions are kept in the runtime directory, so a killed app comes back to
            // the insult it showed.
            place = try .routed(appName: HobsonApp.name, catalog: HobsonApp.catalog, device: device, runtimeDirectory: runtimeDirectory)
            app = nil
        } else {
            let app = try HobsonApp(clock: appClock, conditions: conditions, makeIdentifier: { makeIdentifier() }, now: now)
            place = .inProcess(app.driver(), connection: app.connect())
            device = app.device
            self.app = app
        }
        self.now = now
        let manifest = try HobsonApp.bundledManifest()
        do throws(StoreError) {
            store = try ShortcutsStore(
                directory: dataDirectory, appName: HobsonApp.name, manifest: manifest,
                catalog: HobsonApp.catalog, appPhrases: HobsonApp.vocabulary(), makeIdentifier: makeIdentifier)
        } catch {
            throw HobsonDataError(error) ?? error
        }
        voice = VoiceShortcutConnection(place.connection, store: store, appPhrases: HobsonApp.vocabulary())
        assistant = Assistant(connection: voice, user: user, device: device, clock: clock, vocabulary: voice.vocabulary())
        let trace = assistant.trace
        // A refused change (the store cannot be written, say) is reported where the user sees it
        // whether or not tracing is on: the trace, and one line on standard error.
        let inbox = ShortcutsInbox(store: store) { line in
            trace.record(.report, line)
            try? FileHandle.standardError.write(contentsOf: Data("hobson: \(line)\n".utf8))
        }
        self.inbox = inbox
        // The shortcuts messages of the app, and of its extension.
        switch place {
        case .inProcess(_, let connection): connection.receiveShortcuts { inbox.receive($0) }
        case .separate(let app): app.receiveShortcuts { inbox.receive($0) }
        case .routed(let routed):
            for host in [routed.app] + routed.extensions.map(\.connection) { host.receiveShortcuts { inbox.receive($0) } }
        }
    }

    /// An app-side command (`:open`, `:tap N`, `:url URL`, `:timeline`, `:grant …`, `:revoke …`,
    /// `:delete-donations [GROUP]`), where the app runs; what it printed, once the app's
    /// shortcuts messages are stored.
    public func run(_ line: String) async throws(AppCommandError) -> [String] {
        let output = try await place.run(line)
        await inbox.flush()
        return output.split(separator: "\n").map(String.init)
    }

    /// Words said to the assistant (a voice shortcut's phrase runs its shortcut): the outcome.
    public func say(_ words: String) async -> AssistantOutcome {
        let outcome = await assistant.perform(voice.request(for: words))
        await inbox.flush()
        return outcome
    }

    /// Ends the app, once every shortcuts message it sent (a donation the trace already calls
    /// donated) is on disk: the inbox writes on its own queue, and a process that exits before
    /// the queue ran would lose them.
    public func close() async {
        await inbox.flush()
        await place.close()
        // What the app said while terminating.
        await inbox.flush()
    }
}
