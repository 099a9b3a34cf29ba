import Foundation
import Glibc
import SceneIntentsStore

/// `store.append` against its floor `floor.fsync`, and `store.read`.
///
/// The append and its floor run alternately (floor, append, append, floor, …) on the same disk
/// in the same run, so the ratio compares like with like; the files live in a fresh directory
/// under the temporary directory, removed at the end.
func storeMetrics(_ plan: Plan) throws -> [Metric] {
    var template = Array("\(NSTemporaryDirectory())/intent-bench-store-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw BenchError("mkdtemp failed: errno \(errno)") }
    let directory = String(cString: made)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    return try appendMetrics(plan, directory: directory) + [readMetric(plan, directory: directory)]
}

/// A Hydrator-sized entry (about 90 bytes of JSON).
private func entryPayload(_ number: Int) -> Data {
    Data(#"{"date":"2026-12-01T08:\#(number % 60):00Z","id":"\#(number)-5F1B2C3D","ounces":\#(number % 128),"type":"water"}"#.utf8)
}

private func appendMetrics(_ plan: Plan, directory: String) throws -> [Metric] {
    let log = AppendLog(path: "\(directory)/append.log")
    let payload = entryPayload(42)
    // The floor writes the very bytes the log writes for one record: length, checksum, payload.
    let record = AppendLog.recordBytes(for: payload)
    let floorPath = "\(directory)/floor.bin"
    let floorFile = open(floorPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard floorFile >= 0 else { throw BenchError("cannot open \(floorPath): errno \(errno)") }
    defer { close(floorFile) }
    var floorFailure: Int32 = 0
    let floorBody = {
        let written = record.withUnsafeBytes { write(floorFile, $0.baseAddress, $0.count) }
        if written != record.count || fsync(floorFile) != 0 { floorFailure = errno }
    }
    var appendFailure: StoreError?
    let appendBody = {
        do throws(StoreError) { try log.append(payload) } catch { appendFailure = error }
    }
    let iterations = plan.quick ? 300 : 2_000
    var samples: ([Double], [Double]) = ([], [])
    for round in 0..<(iterations + 30) {
        // Alternate which goes first, so neither always follows the other's journal commit.
        for body in round % 2 == 0 ? [0, 1] : [1, 0] {
            let start = now()
            if body == 0 { floorBody() } else { appendBody() }
            let elapsed = Double(now() - start) / 1000
            if round >= 30 { body == 0 ? samples.0.append(elapsed) : samples.1.append(elapsed) }
        }
    }
    if floorFailure != 0 { throw BenchError("floor.fsync failed: errno \(floorFailure)") }
    if let appendFailure { throw BenchError("store.append failed: \(appendFailure)") }
    let floor = Stats(samples.0)
    let append = Stats(samples.1)
    return [
        Metric("floor.fsync", floor, unit: "µs", note: "write(2) + fsync(2) of one \(record.count)-byte record to a plain file"),
        Metric(
            "store.append", append, unit: "µs", floor: floor.median, goal: "ratio ≤ 1.2",
            met: append.median / floor.median <= 1.2,
            note: "one durable append: flock, stat checks, pwrite, fsync, unlock"),
    ]
}

private func readMetric(_ plan: Plan, directory: String) throws -> Metric {
    let entries = plan.quick ? 250_000 : 1_000_000
    let log = AppendLog(path: "\(directory)/read.log")
    let batch = 10_000
    for start in stride(from: 0, to: entries, by: batch) {
        try log.append(contentsOf: (start..<min(entries, start + batch)).map(entryPayload))
    }
    var samples: [Double] = []
    var cpuSamples: [Double] = []
    for round in 0..<(plan.quick ? 4 : 6) {
        let cpuStart = threadCPUMilliseconds()
        let start = now()
        let snapshot = try log.read()
        let elapsed = Double(now() - start) / 1e6
        let cpu = threadCPUMilliseconds() - cpuStart
        guard snapshot.records.count == entries, snapshot.warnings.isEmpty else {
            throw BenchError("store.read returned \(snapshot.records.count) records, warnings \(snapshot.warnings)")
        }
        if round > 0 {
            samples.append(elapsed)
            cpuSamples.append(cpu)
        }
    }
    let stats = Stats(samples)
    let scale = 1_000_000 / Double(entries)
    let perMillion = stats.median * scale
    let cpuPerMillion = Stats(cpuSamples).median * scale
    let megabytes = Double((try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? 0) / 1e6
    return Metric(
        "store.read", stats, unit: "ms", goal: "≤ 200 per 1M", met: perMillion <= 200,
        note: String(
            format: "%d entries (%.0f MB): read, every checksum verified, one record (a payload slice) each; per 1,000,000: %.0f ms wall, %.0f ms on the reading thread's CPU",
            entries, megabytes, perMillion, cpuPerMillion))
}

/// CPU time the calling thread has used, in ms (user and system): separates the read's own cost
/// from time lost to other processes on a loaded machine.
private func threadCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}
