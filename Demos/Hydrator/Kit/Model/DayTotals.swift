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

    /// "Today", with the day's total when there is one.
    public var heading: String { total == 0 ? "Today" : "Today — \(total) oz" }

    /// One row per entry ("09:05  8 oz water", the time in `timeZone`), then one per drink
    /// ("Water: 16 oz"); a hint when nothing was logged.
    public func lines(timeZone: TimeZone) -> [String] {
        guard !entries.isEmpty else { return ["Nothing logged yet today. Say \"log 8 ounces of water\"."] }
        let time = DateFormatter()
        time.dateFormat = "HH:mm"
        time.timeZone = timeZone
        time.locale = Locale(identifier: "en_US_POSIX")
        return entries.map { "\(time.string(from: $0.date))  \($0.ounces) oz \($0.type.displayName.lowercased())" }
            + totals.map { "\($0.type.displayName): \($0.ounces) oz" }
    }

    /// Equal when the entries are (the totals follow from them).
    public static func == (lhs: DayTotals, rhs: DayTotals) -> Bool { lhs.entries == rhs.entries }
}
