import Foundation

/// One drink the user logged: what, how much, when, and a stable identifier.
///
/// Stored as one record of the shared log (`HydrationStore`), as JSON with sorted keys.
public struct LogEntry: Sendable, Codable, Equatable, Identifiable {
    /// The entry's identifier, unique across the processes that write the log (a UUID).
    public var id: String
    /// What was drunk.
    public var type: HydrationType
    /// How much, in ounces (1 to 128).
    public var ounces: Int
    /// When it was logged.
    public var date: Date

    /// An entry.
    public init(id: String, type: HydrationType, ounces: Int, date: Date) {
        self.id = id
        self.type = type
        self.ounces = ounces
        self.date = date
    }
}
