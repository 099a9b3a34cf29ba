import Foundation

/// One day of the log as the Today screen shows it: its entries and the ounces per drink.
public struct DayTotals: Sendable, Equatable {
    /// The day's entries, in the order logged.
    public let entries: [LogEntry]
    /// Ounces per drink, in the enum's order, only drinks logged that day.
    public let totals: [(type: HydrationType, ounces: Int)]

    /// The entries of `log` on the day of `now` in `calendar`, and their totals.
    public init(_ log: [LogEntry], on now: Date, calendar: Calendar) {
        entries = log.filter { calendar.isDate($0.date, inSameDayAs: now) }
        var sums: [HydrationType: Int] = [:]
        for entry in entries { sums[entry.type, default: 0] += entry.ounces }
        totals = HydrationType.allCases.compactMap { type in sums[type].map { (type, $0) } }
    }

    /// All ounces of the day.
    public var total: Int { entries.reduce(0) { $0 + $1.ounces } }

    /// Equal when the entries are (the totals follow from them).
    public static func == (lhs: DayTotals, rhs: DayTotals) -> Bool { lhs.entries == rhs.entries }
}
