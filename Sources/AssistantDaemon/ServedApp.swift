import Assistant
import AssistantService
import AssistantShortcuts
import Foundation
import SceneIntents
import SceneIntentsTransport

extension RoutedConnection {
    /// The app's process identifier while it runs (its extensions come and go per request).
    var processIdentifier: Int32? {
        get async { await app.processIdentifier }
    }
}

/// One app the daemon serves: its bundle, its words, and the one connection every user's
/// assistant shares (one running host per app).
///
/// A bundle replaced on disk is served by a new `ServedApp` (a new `serial`, a new connection);
/// the old one finishes the requests it has, then its hosts are stopped.
struct ServedApp: Sendable {
    /// The bundle served: as registered, less the extensions refused (see `problems`).
    let bundle: AppBundle
    let vocabulary: Vocabulary
    let dialogs: DialogTable
    let connection: RoutedConnection
    /// Where the app's donations and suggestions are kept as its processes send them (nil: the
    /// daemon keeps none, or the app's store could not be opened; the log says why).
    var shortcuts: ShortcutsInbox?
    /// Which serving of the app this is, unique in the daemon: what a client's assistant and
    /// the leases of requests in flight are kept by.
    var serial = 0
    /// The bundle as the registry read it, and the revision of its files then: the app is
    /// served by this value until either changes.
    var source: AppBundle?
    var revision: BundleRevision?
    /// What was refused in the bundle while the app is served (an extension whose `Info.plist`
    /// lists an intent the app's data does not declare).
    var problems: [RegistryDiagnostic] = []

    /// The connection for one installed bundle: the one place a connection is made. A
    /// `RoutedConnection` sends each request to the app or to one of its intents extensions
    /// (launched per request, told the daemon's idle exit), sharing the daemon's device. What
    /// its host sockets turn away (a wrong token, a bad hello) goes to `log`.
    static func connect(
        _ bundle: AppBundle, installed: InstalledApp, device: Device, directory: RuntimeDirectory,
        configuration: DaemonConfiguration, log: DaemonLog? = nil
    ) throws(TransportError) -> ServedApp {
        // A store that cannot be made keeps no sessions: the app is served all the same, and
        // the log says why.
        var sessions: SessionStore?
        if let folder = configuration.sessionsFolder {
            do { sessions = try SessionStore(directory: folder) } catch { log?.write("sessions are not kept: \(error)") }
        }
        let connection = try RoutedConnection(
            bundle: bundle, catalog: installed.catalog, device: device, runtimeDirectory: directory,
            extensionIdleExit: configuration.extensionIdleExit, sessions: sessions)
        if let log { connection.reportRefusals { log.write($0) } }
        let shortcuts = configuration.shortcutsFolder.flatMap { keepShortcuts(of: bundle, installed, in: $0, log: log) }
        if let shortcuts { connection.receiveShortcuts { shortcuts.receive($0) } }
        return ServedApp(
            bundle: bundle, vocabulary: installed.vocabulary, dialogs: installed.dialogs, connection: connection,
            shortcuts: shortcuts)
    }

    /// The app's shortcuts store in `folder/<bundle identifier>`, opened (its log replayed) and
    /// fed through an inbox; nil, said in the log, when it cannot be. The app is served all the
    /// same: a store that cannot be kept loses no request.
    private static func keepShortcuts(
        of bundle: AppBundle, _ installed: InstalledApp, in folder: String, log: DaemonLog?
    ) -> ShortcutsInbox? {
        let name = bundle.name
        guard BundleFileName.isValid(bundle.identifier) else {
            log?.write("shortcuts of \(name) are not kept: its bundle identifier is not \(BundleFileName.rule)")
            return nil
        }
        let store: ShortcutsStore
        do {
            store = try ShortcutsStore(
                directory: "\(folder)/\(bundle.identifier)", appName: name, manifest: bundle.manifest, catalog: installed.catalog,
                appPhrases: installed.vocabulary)
        } catch {
            log?.write("shortcuts of \(name) are not kept: \(error)")
            return nil
        }
        for warning in store.openWarnings { log?.write("shortcuts of \(name): \(warning)") }
        return ShortcutsInbox(store: store) { log?.write("shortcuts of \(name): \($0)") }
    }

    /// The words that choose this app for an utterance: its own, then each voice shortcut's
    /// phrase the user recorded for it.
    var words: Vocabulary {
        guard let store = shortcuts?.store, !store.voiceShortcuts().isEmpty else { return vocabulary }
        return store.vocabulary(over: vocabulary)
    }

    /// Whether the app's process runs now (nothing is started to find out).
    var isRunning: Bool {
        get async { await connection.processIdentifier != nil }
    }
}

/// How an utterance is matched to the app it is for.
enum AppChooser {
    /// The app whose vocabulary reads `words` best: fewest edits (`Interpretation.score`; an
    /// ambiguous reading counts its best candidate). Ties go to `preferred` (the app the user
    /// last opened or spoke to), then to the first in the registry's order (name, identifier).
    /// Nil when no app's vocabulary reads the words at all.
    static func choose(_ words: String, among apps: [ServedApp], preferring preferred: String?) -> ServedApp? {
        let scored = apps.enumerated().compactMap { offset, app -> (score: Int, rank: Int, app: ServedApp)? in
            let score: Int
            switch app.words.match(words) {
            case .matched(let interpretation): score = interpretation.score
            case .ambiguous(let candidates): score = candidates.map(\.score).min() ?? Int.max
            case .noMatch: return nil
            }
            return (score, app.bundle.identifier == preferred ? -1 : offset, app)
        }
        return scored.min { ($0.score, $0.rank) < ($1.score, $1.rank) }?.app
    }
}
