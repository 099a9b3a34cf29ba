import Foundation
import Glibc
import SceneIntentsStore

/// Where `TrackIntakeHandler` logs a drink: the store itself (the intents extension), or the
/// app's `HydrationModel`, which also shows the entry at once.
@MainActor
public protocol DrinkLog {
    /// Appends `entry` durably: when this returns it is on disk.
    func append(_ entry: LogEntry) async throws(StoreError)
}

extension HydrationStore: DrinkLog {}

/// The drinks log in the app group container, shared by the app and its intents extension.
///
/// An append-only `RecordLog` of `LogEntry` (see `SceneIntentsStore`): each append takes the log's
/// lock, writes and `fsync`s before it returns, so an entry the user was told was added is on
/// disk; any number of processes append at once; readers take no lock and skip a torn tail.
public struct HydrationStore: Sendable {
    /// The app group's container directory.
    public let container: String
    /// The typed log inside it.
    public let log: RecordLog<LogEntry>

    /// The store in `container` (created, with its parents, on the first append). A relative
    /// path is taken from the working directory now, so the store stays where the user meant
    /// wherever the process later runs.
    public init(container: String) {
        self.container = Self.absolutePath(container)
        log = RecordLog(path: self.container + "/" + Self.fileName)
    }

    /// `path` made absolute against the working directory, with `.` and `..` resolved.
    public static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// The log's file name inside the container.
    public static let fileName = "hydration.log"

    /// The app group every Hydrator process shares.
    public static let appGroup = "group.com.example.Hydrator"

    /// The environment variable naming the container for every Hydrator process (the app and
    /// its extension); a system or the `hydrator` shell sets it for the hosts it launches.
    public static let containerVariable = "HYDRATOR_CONTAINER"

    /// The container a process uses unless told otherwise: `$HYDRATOR_CONTAINER` when set, else
    /// `$XDG_DATA_HOME/sceneintents/groups/<app group>`, with `XDG_DATA_HOME` defaulting to
    /// `$HOME/.local/share` as the XDG spec says.
    public static func defaultContainer(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let chosen = environment[containerVariable], !chosen.isEmpty { return chosen }
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return data + "/sceneintents/groups/" + appGroup
    }

    /// Appends `entry` durably: when this returns it is on disk. Throws (and nothing is visible
    /// to readers) when the container cannot be created or written: full disk, read-only.
    public func append(_ entry: LogEntry) async throws(StoreError) {
        try makeContainer()
        try await log.append(entry)
    }

    /// Every intact entry, in the order appended, and what was skipped.
    public func read() async throws(StoreError) -> RecordSnapshot<LogEntry> {
        try await log.read()
    }

    /// The day of `now` as `:today` prints it: the heading, then indented lines (entries,
    /// totals, how many entries could not be read and where). A log that cannot be read says so,
    /// with the reason, instead of showing an empty day.
    public func dayReport(on now: Date, calendar: Calendar) async -> [String] {
        let snapshot: RecordSnapshot<LogEntry>
        do throws(StoreError) { snapshot = try await read() } catch {
            return ["Today", "  The log cannot be read: \(error)"]
        }
        let day = DayTotals(snapshot.records, on: now, calendar: calendar)
        let lines = day.lines(timeZone: calendar.timeZone) + HydrationModel.damageLines(snapshot.warnings)
        return [day.heading] + lines.map { "  " + $0 }
    }

    /// Creates the container and its missing parents (mode 0700: the group's data is private).
    public func makeContainer() throws(StoreError) {
        try StoreDirectory.create(container)
    }
}
