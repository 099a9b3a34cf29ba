import Assistant
import Foundation

/// How a daemon runs: where it looks for apps, where its socket goes, what it serves, and the
/// clocks it reads.
public struct DaemonConfiguration: Sendable {
    /// The apps folders the registry reads.
    public var appsFolders: [String]
    /// Where development bundles' executables are looked up (`BundleRegistry`).
    public var executableSearchDirectories: [String]
    /// The runtime directory (nil: `RuntimeDirectory.defaultPath()`).
    public var runtimeDirectory: String?
    /// The apps whose catalogs the daemon links, by bundle identifier.
    public var linkedApps: [String: LinkedApp]
    /// How long an intents extension stays after its last request (passed to its launches).
    public var extensionIdleExit: Duration = .seconds(5)
    /// How long hosts get to quit at shutdown before they are killed.
    public var shutdownGrace: Duration = .seconds(2)
    /// Budgets, paging, patience of every assistant.
    public var assistant = AssistantConfiguration()
    /// The clock of each new assistant (its budgets and its trace).
    public var budgetClock: @Sendable () -> BudgetClock = { .continuous() }
    /// The clock every real-time wait of the daemon reads (the shutdown grace, polling for
    /// hosts to exit).
    public var waitClock: any Clock<Duration> = ContinuousClock()

    /// A configuration serving `linkedApps` found in `appsFolders`.
    public init(
        appsFolders: [String], executableSearchDirectories: [String] = [], runtimeDirectory: String? = nil,
        linkedApps: [String: LinkedApp]
    ) {
        self.appsFolders = appsFolders
        self.executableSearchDirectories = executableSearchDirectories
        self.runtimeDirectory = runtimeDirectory
        self.linkedApps = linkedApps
    }
}
