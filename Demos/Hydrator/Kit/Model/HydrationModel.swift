import Dispatch
import Foundation
import SceneIntentsStore

/// The app's view of the shared log: every entry read so far, kept up to date from the store.
///
/// `refresh()` reads only what was appended since the last look (a `LogCursor`), so it is the
/// cheap change check a scene makes when it comes to the foreground; `startWatching()` adds an
/// inotify watch (`LogWatcher`) so a Today screen in the foreground shows what the extension
/// logged at once. Screens redraw from `onChange`.
@MainActor
public final class HydrationModel: DrinkLog {
    /// The shared store.
    public let store: HydrationStore
    /// Every intact entry of the log, in the order appended.
    public private(set) var entries: [LogEntry] = []
    /// Every place in the log the reads could not read (damaged or undecodable records).
    public private(set) var damage = LogDamage()
    /// Why the last read failed (the file cannot be opened or is not a log); nil after a read
    /// that worked.
    public private(set) var readFailure: StoreError?
    /// The calendar "today" is taken in.
    public let calendar: Calendar
    /// The current date (injected so tests fix the day).
    public let now: @Sendable () -> Date
    /// Called after a refresh that changed `entries` (a screen redraws).
    public var onChange: (@MainActor () -> Void)?
    /// What the last failed append said (the app shows it; the user heard the failure dialog).
    public private(set) var lastFailure: String?
    /// How many refreshes changed `entries` so far; `changed(after:)` waits for it to move.
    public private(set) var generation = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private let cursor: LogCursor
    private var watcher: LogWatcher?

    /// A model over `store`; nothing is read until `refresh()`.
    public init(store: HydrationStore, calendar: Calendar = .current, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.calendar = calendar
        self.now = now
        cursor = LogCursor(log: store.log.log)
    }

    /// Today's entries and totals.
    public var today: DayTotals { DayTotals(entries, on: now(), calendar: calendar) }

    /// Appends `entry` durably, then reads the change at once, so a screen on display shows it
    /// without waiting for the watch; a failed write is kept in `lastFailure` and rethrown.
    public func append(_ entry: LogEntry) async throws(StoreError) {
        do { try await store.append(entry) } catch {
            lastFailure = error.description
            throw error
        }
        refresh()
    }

    /// Reads what changed in the log since the last call; answers whether anything did. A
    /// failed read keeps the entries and records the reason in `warnings`.
    @discardableResult
    public func refresh() -> Bool {
        let change: LogChange
        let before = (entries, damage, readFailure)
        do throws(StoreError) {
            change = try cursor.next()
            readFailure = nil
        } catch {
            readFailure = error
            return notify(changed: before != (entries, damage, readFailure))
        }
        damage.take(change)
        switch change {
        case .appended(let records, _):
            entries += decode(records)
        case .replaced(let snapshot):
            entries = decode(snapshot.records)
        }
        return notify(changed: before != (entries, damage, readFailure))
    }

    /// What the last reads skipped or failed on, as sentences (empty when all was read).
    public var warnings: [String] {
        damage.warnings.map(\.description) + (readFailure.map { [$0.description] } ?? [])
    }

    /// What the Today screen says besides the day's entries: that the log cannot be read (and
    /// why), or how many entries could not be read and where. Empty when all is well.
    public var problems: [String] {
        if let readFailure { return ["The log cannot be read: \(readFailure)"] }
        return Self.damageLines(damage.warnings)
    }

    /// "1 entry could not be read: corrupt record: …" for the damage of a read (none: empty).
    public nonisolated static func damageLines(_ warnings: [LogWarning]) -> [String] {
        guard !warnings.isEmpty else { return [] }
        let count = warnings.count == 1 ? "1 entry" : "\(warnings.count) entries"
        return ["\(count) could not be read: " + warnings.map(\.description).joined(separator: "; ")]
    }

    private func notify(changed: Bool) -> Bool {
        guard changed else { return false }
        generation += 1
        onChange?()
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume() }
        return true
    }

    /// Returns once `generation` is past `seen`: at once if it already is, else at the next
    /// change (a watched append by another process, a refresh on return to the foreground).
    public func changed(after seen: Int) async {
        guard generation <= seen else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// The entries the records hold; a record that is no entry (another version wrote it) is
    /// skipped with a warning, never lost from the log.
    private func decode(_ records: [LogRecord]) -> [LogEntry] {
        let decoder = JSONDecoder()
        return records.compactMap { record in
            do { return try decoder.decode(LogEntry.self, from: record.payload) } catch {
                damage.add(undecodable: [.undecodable(offset: record.offset, reason: "\(error)")])
                return nil
            }
        }
    }

    /// Watches the container so an entry another process appends is read at once. Throws when
    /// the container cannot be created or watched; the model then still refreshes on demand.
    public func startWatching() throws(StoreError) {
        guard watcher == nil else { return }
        try store.makeContainer()
        watcher = try LogWatcher(log: store.log.log, queue: DispatchQueue(label: "Hydrator store watch")) { [weak self] _ in
            Task { @MainActor in self?.refresh() }
        }
    }

    /// Stops the watch.
    public func stopWatching() {
        watcher?.cancel()
        watcher = nil
    }
}
