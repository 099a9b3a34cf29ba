import SceneIntents
import Synchronization

/// Where a performance came from. All four reach the same `perform` through `ActionDispatcher`.
public enum EntryPoint: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The app's own UI (a tap).
    case userInterface
    /// A URL the app was asked to open.
    case url(String)
    /// A continued user activity, of this type.
    case userActivity(String)
    /// An intent handler, for this intent type.
    case intent(String)

    /// "ui", "url hobson://…", "activity T", "intent T".
    public var description: String {
        switch self {
        case .userInterface: "ui"
        case .url(let url): "url \(url)"
        case .userActivity(let type): "activity \(type)"
        case .intent(let type): "intent \(type)"
        }
    }
}

/// How a performance ended.
public enum ActionOutcome: Sendable, Equatable, Codable, CustomStringConvertible {
    /// `perform` completed.
    case completed(ActionCompletion)
    /// `perform` threw, or could not be called (no presenter).
    case failed(ActionFailure)
    /// The action's feature has an unmet requirement: `perform` was not called.
    case unavailable(FeatureUnavailable)

    /// Whether `perform` completed.
    public var isCompleted: Bool { if case .completed = self { true } else { false } }

    /// One line.
    public var description: String {
        switch self {
        case .completed(let completion): "completed \"\(completion.summary)\""
        case .failed(let failure): "failed (\(failure))"
        case .unavailable(let unavailable): "unavailable: \(unavailable)"
        }
    }
}

/// What became of a performance's donation.
public enum DonationStatus: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Donated under this interaction identifier.
    case donated(identifier: String)
    /// Not donated: the action did not complete, or it is not an intent action.
    case notDonated
    /// Refused before it was sent (see the error).
    case refused(DonationError)

    /// One line.
    public var description: String {
        switch self {
        case .donated(let identifier): "donated \(identifier)"
        case .notDonated: "not donated"
        case .refused(let error): "donation refused: \(error)"
        }
    }
}

/// One performance: which action, from where, with what input, how it ended and how long it took.
public struct TimelineEntry: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Its place in the timeline, from 1.
    public var sequence: Int
    /// The action's name.
    public var action: String
    /// The feature declaring it.
    public var feature: String
    /// Where it came from.
    public var entryPoint: EntryPoint
    /// The input, described.
    public var input: String
    /// How it ended.
    public var outcome: ActionOutcome
    /// What became of its donation.
    public var donation: DonationStatus
    /// When it started, on the dispatcher's clock (from the dispatcher's creation).
    public var start: Duration
    /// How long it took, on the dispatcher's clock.
    public var duration: Duration

    /// "#1 InsultMe from ui (any style), 0 ms: completed "…"; donated ID".
    public var description: String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return "#\(sequence) \(action) from \(entryPoint) (\(input)), \(milliseconds) ms: \(outcome); \(donation)"
    }
}

/// The performances of one dispatcher, in order; safe to read from anywhere.
///
/// It keeps the newest ``entryLimit`` entries at least: once twice as many are kept, the older
/// half is let go, so an app performing for days holds a bounded timeline. Sequence numbers stay
/// those of the whole run.
public final class ActionTimeline: Sendable {
    /// The fewest newest entries kept: 10,000.
    public static let entryLimit = 10_000

    // The same rule as `Trace`'s log, written again on purpose: a generic type shared by both
    // cost the trace 12% on the delivery path (trace.overhead 1.17× against 1.05×).
    private struct Kept {
        var entries: [TimelineEntry] = []
        /// How many older entries were let go.
        var letGo = 0
    }

    private let storage = Mutex(Kept())

    /// An empty timeline.
    public init() {}

    /// The entries kept (every one, up to ``entryLimit``), oldest first.
    public var entries: [TimelineEntry] { storage.withLock { $0.entries } }

    /// How many of the oldest entries were let go.
    public var entriesLetGo: Int { storage.withLock { $0.letGo } }

    /// The entries after the first `count` of the run (those let go are not among them).
    public func entries(after count: Int) -> [TimelineEntry] {
        storage.withLock { Array($0.entries.dropFirst(max(0, count - $0.letGo))) }
    }

    /// Appends an entry, numbering it; answers it numbered.
    func append(_ entry: TimelineEntry) -> TimelineEntry {
        storage.withLock { kept in
            var numbered = entry
            numbered.sequence = kept.letGo + kept.entries.count + 1
            kept.entries.append(numbered)
            if kept.entries.count >= 2 * Self.entryLimit {
                kept.entries.removeFirst(Self.entryLimit)
                kept.letGo += Self.entryLimit
            }
            return numbered
        }
    }
}
