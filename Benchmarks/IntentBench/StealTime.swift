import Foundation

/// The share of the machine's CPU time its hypervisor gave to others (the `steal` column of
/// `/proc/stat`) while a metric group ran. A virtual machine's figures move with it: a run of
/// `delivery.socket.throughput@8` fell from 27,000/s to 13,000/s while steal rose to 25–37%
/// (seen with `vmstat 2`), so each group's share is printed beside the table.
struct StealTime {
    private let steal: UInt64
    private let total: UInt64

    /// The machine's counters now; nil where `/proc/stat` cannot be read (not Linux).
    static func now() -> StealTime? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
        else { return nil }
        // user nice system idle iowait irq softirq steal: the first eight fields.
        let ticks = line.split(separator: " ").dropFirst().prefix(8).compactMap { UInt64($0) }
        guard ticks.count == 8 else { return nil }
        return StealTime(steal: ticks[7], total: ticks.reduce(0, +))
    }

    /// The stolen share of the time since `earlier`, in percent.
    func percent(since earlier: StealTime) -> Double {
        let total = total &- earlier.total
        return total == 0 ? 0 : Double(steal &- earlier.steal) * 100 / Double(total)
    }

    /// The line printed after the table: each group's stolen share, and a warning when one's
    /// figures were measured with more than 5% of the machine taken.
    static func summary(_ shares: [(group: String, percent: Double)]) -> String {
        guard !shares.isEmpty else { return "" }
        let listed = shares.map { "\($0.group) \(String(format: "%.0f", $0.percent))%" }.joined(separator: ", ")
        let disturbed = shares.filter { $0.percent > 5 }.map(\.group)
        let warning =
            disturbed.isEmpty
            ? "" : "\n  (above 5%, the hypervisor took CPU from this machine: \(disturbed.joined(separator: ", ")) may read low; run again)"
        return "\nsteal time by group: \(listed)\(warning)"
    }
}
