import SceneIntents

/// What a system keeps of an app's sessions, for a test that plays the system in process: the
/// last record of each session from the changes the app reports (`Application.onSessionChange`),
/// in the order the sessions were made, without those it discarded. A test kills the app by
/// dropping it, then gives `restoration` to a new `Application` (`restoreSessions(_:)`).
@MainActor
public final class KeptSessionRecords {
    /// The sessions kept, in the order they were made.
    public private(set) var records: [SessionRecord] = []

    /// Keeps nothing yet.
    public init() {}

    /// Keeps every change `application` reports from now on (it replaces its `onSessionChange`).
    public func keep(_ application: Application) {
        application.onSessionChange = { [weak self] change in self?.keep(change) }
    }

    /// Keeps one change.
    public func keep(_ change: SessionChange) {
        switch change {
        case .saved(let record):
            if let index = records.firstIndex(where: { $0.persistentIdentifier == record.persistentIdentifier }) {
                records[index] = record
            } else {
                records.append(record)
            }
        case .discarded(let identifiers):
            records.removeAll { identifiers.contains($0.persistentIdentifier) }
        }
    }

    /// What a relaunched app is given: the sessions kept.
    public var restoration: SessionRestoration { SessionRestoration(sessions: records) }
}
