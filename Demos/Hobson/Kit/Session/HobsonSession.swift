import Assistant
import AssistantShortcuts
import Foundation
import SceneIntents
import SceneIntentsFeatures
import SceneIntentsStore

/// Why a Hobson command did nothing.
public typealias HobsonCommandError = FeatureError<HobsonCommandCode>

/// The kinds of `HobsonCommandError`.
public enum HobsonCommandCode: String, FeatureErrorCode {
    /// The app is not showing anything to act on.
    case nothingToActOn
    /// An argument is missing or not understood.
    case badArgument
    /// The app, the dispatcher or the store refused.
    case refused
}

/// Hobson and the system side around it: the app in process, an assistant, and the app's
/// shortcuts store in a data directory (donations, suggestions, voice shortcuts), fed by the
/// app's shortcuts messages through an inbox. Every demo command is a method answering the
/// lines to print.
@MainActor
public final class HobsonSession {
    /// The app.
    public let app: HobsonApp
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
    ///   - appClock: times the app's performances.
    ///   - makeIdentifier: names donations and voice shortcuts (default: UUIDs).
    ///   - now: dates donations and ranks them.
    /// - Throws: `StoreError` when the store cannot be opened, `ManifestError` or
    ///   `IntentCatalogError` when the app cannot be assembled.
    public init<C: Clock>(
        dataDirectory: String, user: any UserAgent, clock: BudgetClock, appClock: C,
        conditions: FeatureConditions = HobsonFeatures.defaultConditions,
        makeIdentifier: @escaping @Sendable () -> String = { String(UUID().uuidString.prefix(8)).lowercased() },
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws where C.Duration == Duration {
        app = try HobsonApp(clock: appClock, conditions: conditions, makeIdentifier: { makeIdentifier() }, now: now)
        self.now = now
        store = try ShortcutsStore(
            directory: dataDirectory, appName: HobsonApp.name, manifest: app.application.manifest,
            catalog: app.host.catalog, appPhrases: HobsonApp.vocabulary(), makeIdentifier: makeIdentifier)
        voice = VoiceShortcutConnection(app.connection, store: store, appPhrases: HobsonApp.vocabulary())
        assistant = Assistant(connection: voice, user: user, device: app.device, clock: clock, vocabulary: voice.vocabulary())
        let trace = assistant.trace
        let inbox = ShortcutsInbox(store: store) { line in trace.record(.report, line) }
        self.inbox = inbox
        app.connection.receiveShortcuts { inbox.receive($0) }
    }

    /// `:open`: the app comes forward; its screen.
    public func open() throws(HobsonCommandError) -> [String] {
        do { try app.application.userOpensApp() } catch { throw HobsonCommandError(.refused, value: ":open", "\(error)") }
        return screen()
    }

    /// `:screen`: the foreground screen, or why there is none.
    public func screen() -> [String] {
        guard app.application.isRunning else { return ["(\(HobsonApp.name) is not running.)"] }
        guard let screen = app.screen, app.application.mostRecentlyActiveScene?.activationState.isForeground == true else {
            return ["(\(HobsonApp.name) is in the background.)"]
        }
        return ["── \(screen.heading) ──"] + screen.lines()
    }

    /// `:tap N`: the row's action performs from the UI; the screen after it, and the performance.
    public func tap(_ row: String) async throws(HobsonCommandError) -> [String] {
        guard let screen = app.screen, app.application.mostRecentlyActiveScene?.activationState.isForeground == true else {
            throw HobsonCommandError(.nothingToActOn, value: row, "Nothing is on screen to tap; :open the app first.")
        }
        guard let number = Int(row), (1...3).contains(number) else {
            throw HobsonCommandError(.badArgument, value: row, "There is no row \(row); the rows are [1] to [3].")
        }
        let entry: TimelineEntry?
        do throws(DispatchError) { entry = try await screen.tap(number) } catch {
            throw HobsonCommandError(.refused, value: row, error.message)
        }
        await inbox.flush()
        return self.screen() + (entry.map { ["(\($0))"] } ?? [])
    }

    /// `:url URL`: the app opens a URL; the performance.
    public func openURL(_ url: String) async throws(HobsonCommandError) -> [String] {
        do throws(DispatchError) {
            let entry = try await app.dispatcher.open(url)
            await inbox.flush()
            return [entry.description]
        } catch {
            throw HobsonCommandError(.badArgument, value: url, error.message)
        }
    }

    /// Words said to the assistant (a voice shortcut's phrase runs its shortcut): what it says.
    public func say(_ words: String) async -> AssistantOutcome {
        voice.heard(words)
        let outcome = await assistant.perform(.utterance(words))
        await inbox.flush()
        return outcome
    }

    /// `:timeline`: every performance so far.
    public func timeline() -> [String] {
        let entries = app.dispatcher.timeline.entries
        return entries.isEmpty ? ["No action has been performed yet."] : entries.map(\.description)
    }

    /// `:grant KIND NAME` / `:revoke KIND NAME` (kind: permission, purchase, toggle, flag): the
    /// app's conditions change and it sets its suggestions again.
    public func setCondition(_ kind: String, _ name: String, granted: Bool) async throws(HobsonCommandError) -> [String] {
        var conditions = app.dispatcher.conditions
        func change(_ set: inout Set<String>) { if granted { set.insert(name) } else { set.remove(name) } }
        switch kind {
        case "permission": change(&conditions.permissions)
        case "purchase": change(&conditions.purchases)
        case "toggle": change(&conditions.toggles)
        case "flag": change(&conditions.flags)
        default:
            throw HobsonCommandError(.badArgument, value: kind, "The kinds are permission, purchase, toggle and flag, not \(kind).")
        }
        app.dispatcher.conditions = conditions
        app.publishSuggestions()
        await inbox.flush()
        return ["\(granted ? "Granted" : "Revoked") \(kind) \(name)."]
    }
}
