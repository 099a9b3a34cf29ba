import Dispatch
import Foundation
import Glibc
import Synchronization

/// Nanoseconds on the monotonic clock.
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// The median and 99th percentile of a set of samples.
struct Stats {
    let median: Double
    let p99: Double

    init(exactly median: Double, p99: Double) {
        self.median = median
        self.p99 = p99
    }

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        p99 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.down)))]
    }
}

/// Times `body` one call at a time, after a warm-up, and answers the per-call statistics in µs.
nonisolated(nonsending) func measure(warmup: Int, iterations: Int, _ body: () async -> Void) async -> Stats {
    for _ in 0..<warmup { await body() }
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let start = now()
        await body()
        samples.append(Double(now() - start) / 1000)
    }
    return Stats(samples)
}

/// Times several bodies in turn, one call of each per round, and answers each one's statistics
/// in µs: interleaving gives every body the same share of the machine's moods.
nonisolated(nonsending) func interleaved(warmup: Int, iterations: Int, _ bodies: [nonisolated(nonsending) () async -> Void]) async -> [Stats] {
    for _ in 0..<warmup {
        for body in bodies { await body() }
    }
    var samples = Array(repeating: [Double](), count: bodies.count)
    for iteration in 0..<iterations {
        // The order rotates every round, so each body follows each other one equally often:
        // what a run leaves behind (threads still spinning, or asleep) must not favour one.
        for position in 0..<bodies.count {
            let index = (position + iteration) % bodies.count
            let start = now()
            await bodies[index]()
            samples[index].append(Double(now() - start) / 1000)
        }
    }
    return samples.map(Stats.init)
}

/// Times rounds of `batch` calls and answers per-call statistics in µs (for calls too short to
/// time one by one).
func measureBatched(warmup: Int, rounds: Int, batch: Int, _ body: () -> Void) -> Stats {
    for _ in 0..<warmup { body() }
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = now()
        for _ in 0..<batch { body() }
        samples.append(Double(now() - start) / 1000 / Double(batch))
    }
    return Stats(samples)
}

/// One row of the table and one object of the JSON file.
struct Metric: Encodable {
    var name: String
    var median: Double
    var p99: Double
    var unit: String
    var floor: Double?
    var ratio: Double?
    var goal: String?
    var met: Bool?
    var note: String?

    init(
        _ name: String, _ stats: Stats, unit: String, floor: Double? = nil, goal: String? = nil,
        met: Bool? = nil, note: String? = nil
    ) {
        self.name = name
        median = stats.median
        p99 = stats.p99
        self.unit = unit
        self.floor = floor
        ratio = floor.map { stats.median / $0 }
        self.goal = goal
        self.met = met
        self.note = note
    }

    /// This metric measured against `floor` (a floor measured elsewhere in the same run), with a
    /// goal on the ratio.
    func against(_ floor: Metric, goal limit: Double) -> Metric {
        var metric = self
        metric.floor = floor.median
        metric.ratio = median / floor.median
        metric.goal = "ratio ≤ \(limit)"
        metric.met = median / floor.median <= limit
        return metric
    }

    func encode(to encoder: any Encoder) throws {
        enum Key: String, CodingKey { case name, median, p99, unit, floor, ratio, goal, met, note }
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(name, forKey: .name)
        try container.encode(median.rounded(to: 3), forKey: .median)
        try container.encode(p99.rounded(to: 3), forKey: .p99)
        try container.encode(unit, forKey: .unit)
        try container.encode(floor?.rounded(to: 3), forKey: .floor)
        try container.encode(ratio?.rounded(to: 3), forKey: .ratio)
        try container.encode(goal, forKey: .goal)
        try container.encode(met, forKey: .met)
        try container.encode(note, forKey: .note)
    }
}

extension Double {
    func rounded(to places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }

    var short: String {
        if self >= 100_000 { return String(format: "%.0f", self) }
        if self >= 100 { return String(format: "%.1f", self) }
        if self >= 10 { return String(format: "%.2f", self) }
        return String(format: "%.3f", self)
    }
}

/// The metrics as an aligned text table.
func table(_ metrics: [Metric]) -> String {
    let header = ["metric", "median", "p99", "unit", "floor", "ratio", "goal", "status"]
    var rows = [header]
    for metric in metrics {
        rows.append([
            metric.name, metric.median.short, metric.p99.short, metric.unit, metric.floor?.short ?? "-",
            metric.ratio.map { String(format: "%.2f", $0) } ?? "-", metric.goal ?? "-",
            metric.met.map { $0 ? "met" : "MISSED" } ?? "-",
        ])
    }
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    var lines = rows.map { row in
        row.enumerated().map { column, cell in
            column == 0 || column == 3 || column >= 6
                ? cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
                : String(repeating: " ", count: widths[column] - cell.count) + cell
        }.joined(separator: "  ")
    }
    lines.insert(String(repeating: "-", count: lines[0].count), at: 1)
    let notes = metrics.compactMap { metric in metric.note.map { "  \(metric.name): \($0)" } }
    return (lines + (notes.isEmpty ? [] : ["", "notes:"] + notes)).joined(separator: "\n")
}

/// Keeps the other cores from going idle while it runs, with spinning threads at the lowest
/// priority: the "busy" regime, where waking a thread costs a few µs instead of tens.
final class BusyRegime: Sendable {
    private final class Flag: Sendable {
        let running = Atomic<Bool>(true)
    }

    private let flag = Flag()

    init(threads: Int) {
        for _ in 0..<threads {
            let thread = Thread { [flag] in
                // On Linux the nice value is per thread, and 0 names the calling thread.
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
                var counter = 0
                while flag.running.load(ordering: .relaxed) { counter &+= 1 }
                _ = counter
            }
            thread.start()
        }
    }

    func stop() { flag.running.store(false, ordering: .relaxed) }
}
