import Assistant
import Foundation
import SceneIntentsTransport

/// How a daemon runs: where it looks for apps, where its socket goes, what it serves, and the
/// clocks it reads.
public struct DaemonConfiguration: Sendable {
    /// The apps folders the registry reads.
    public var appsFolders: [String]
    /// Where development bundles' executables are looked up (`BundleRegistry`).
    public var executableSearchDirectories: [String]
    /// The runtime directory (nil: `RuntimeDirectory.defaultPath()`).
    public var runtimeDirectory: String?
    /// Where the apps' scene sessions are kept across their process deaths and the daemon's
    /// restarts (a `SessionStore`: one file per bundle identifier); nil keeps none.
    public var sessionsFolder: String?
    /// Where each app's donations and shortcut suggestions are kept, as its
    /// processes (the app's and its extensions') send them (a `ShortcutsStore` in a folder named
    /// by the bundle identifier; every change `fsync`ed); nil keeps none. `:shortcuts` lists them.
    public var shortcutsFolder: String?
    /// The date `:shortcuts` ranks recent donations against (a test may fix it).
    public var now: @Sendable () -> Date = { Date() }
    /// How long an intents extension stays after its last request (passed to its launches).
    public var extensionIdleExit: Duration = .seconds(5)
    /// How long hosts get to quit at shutdown before they are killed.
    public var shutdownGrace: Duration = .seconds(2)
    /// Budgets, paging, patience of every assistant.
    public var assistant = AssistantConfiguration()
    /// The clock of each new assistant (its budgets and its trace).
    public var budgetClock: @Sendable () -> BudgetClock = { .continuous() }
    /// The clock every real-time wait of the daemon reads (the shutdown grace, polling for
    /// hosts to exit, a new client's time to say hello, the log's rate).
    public var waitClock: any Clock<Duration> = ContinuousClock()
    /// The most client connections served at once (default 64): one more is told so in a
    /// `failure` (`.tooManyClients`) and closed. With `ClientProtocol.frameLimit` it bounds
    /// what clients can make the daemon hold, whatever they send: a reader thread and at most
    /// one partial frame each. It is also the most Wyoming conversations open at once (a
    /// transcript beginning one more is answered `not-handled`, `.tooManyConversations`).
    public var clientLimit = 64
    /// How often the apps folders are read again, on `rescanClock` (default 1 s, so a bundle
    /// installed, replaced or removed is served or dropped within 2 s); nil reads them only at
    /// start and on `Daemon.rescan()` (SIGHUP to `assistantd`). A rescan reads only the bundles
    /// whose files changed.
    public var rescanInterval: Duration? = .seconds(1)
    /// The clock `rescanInterval` is measured on; a test passes one it moves itself.
    public var rescanClock: any Clock<Duration> = ContinuousClock()
    /// How long a new connection has, on the wait clock, to send its `hello` (default 5 s):
    /// a client silent (or too slow) until then is told so (`.tooSlow`) and closed, so idle
    /// connections cannot hold the client places.
    public var helloDeadline: Duration = .seconds(5)
    /// Where the daemon also speaks the Wyoming protocol (Home Assistant's and Rhasspy's voice
    /// services): TCP addresses and Unix socket paths (see `WyomingAddress.parse`). Each
    /// Wyoming connection has the client socket's limits: `helloDeadline` for its first event,
    /// `WyomingFraming.eventLimit` bytes per event, and `clientLimit` connections at once (places
    /// of their own, apart from the clients').
    public var wyoming: [StreamAddress] = []
    /// Whether a Wyoming address other people's machines can reach (not loopback) may be
    /// listened on (default false: Wyoming has no authentication or encryption).
    public var wyomingAllowsRemote = false
    /// How long a Wyoming conversation waits, on the wait clock, for the transcript answering
    /// its prompt (default 60 s); then it is cancelled, as a client leaving at a prompt is.
    public var wyomingPatience: Duration = .seconds(60)
    /// Where the daemon reports what it refused (a bad client, a rejected peer, a host's bad
    /// hello): one line each, at most `DaemonLog.burst` per `DaemonLog.window` on the wait clock.
    /// `assistantd` writes them on standard error; by default they go nowhere.
    public var log: @Sendable (String) -> Void = { _ in }

    /// A configuration serving the apps installed in `appsFolders` (each read from its bundle's
    /// data: see `InstalledApp`).
    public init(appsFolders: [String], executableSearchDirectories: [String] = [], runtimeDirectory: String? = nil) {
        self.appsFolders = appsFolders
        self.executableSearchDirectories = executableSearchDirectories
        self.runtimeDirectory = runtimeDirectory
    }
}
