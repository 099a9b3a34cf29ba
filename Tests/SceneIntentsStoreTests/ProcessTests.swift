import Foundation
import Glibc
import SceneIntentsStore
import Testing

/// Tests with real `store-writer` processes, one at a time (each runs several processes already).
/// Each ends by checking that every child it spawned has been reaped.
@Suite("Real processes: crashes, concurrent writers, compaction, kernel write failures", .serialized)
struct ProcessTests {
    @Test("200 writers killed with SIGKILL at random points lose no acknowledged entry and leave no corrupt one")
    func crashSafety() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = "\(directory.path)/group.log"
        let runs = 200
        // Per run: how many appends the child acknowledged before it was killed.
        let acknowledged = try await onThread { () throws -> [Int] in
            var acknowledged: [Int] = []
            var seen = 0
            for run in 0..<runs {
                let child = try ChildProcess([path, "--writer", "run\(run)", "--pad", "6000"])
                let wanted = Int.random(in: 0...3)
                var acks = 0
                while acks < wanted, let line = child.readLine(), line.hasPrefix("ack ") { acks += 1 }
                usleep(UInt32.random(in: 0...4000))
                child.send(SIGKILL)
                acks += child.remainingLines().filter { $0.hasPrefix("ack ") }.count
                guard child.terminatingSignal == SIGKILL else {
                    throw SpawnError(message: "run \(run): the writer ended by itself (status \(child.wait()))")
                }
                acknowledged.append(acks)
                // A writer killed before it created the log leaves none: nothing was acknowledged.
                guard FileManager.default.fileExists(atPath: path) else {
                    #expect(seen == 0 && acks == 0, "run \(run): no log, yet \(acks) acknowledged")
                    continue
                }
                // After every kill a reader loses no record it saw before, and skips at most a
                // torn tail (no failed checksum: a kill leaves a prefix, never a changed byte).
                let afterKill = try AppendLog(path: path).read()
                #expect(afterKill.records.count >= seen + acks, "run \(run)")
                #expect(afterKill.warnings.allSatisfy { if case .tornTail = $0 { true } else { false } }, "run \(run): \(afterKill.warnings)")
                seen = afterKill.records.count
                // A kill rarely lands inside a write(2) (the kernel copies a record at once), so
                // a quarter of the runs also leave what one would: a prefix of a record. The
                // next writer must truncate it before appending. Only on a log that ends with a
                // whole record, as a real writer's would (it truncates first): a child killed
                // before it took the lock leaves the last tear in place, and a second tear on
                // top of it can add up to one record's length, which reads as a corrupt record.
                if afterKill.warnings.isEmpty, Int.random(in: 0..<4) == 0 {
                    let record = encodedRecord(Array(#"{"pad":"","seq":0,"writer":"torn"}"#.utf8))
                    try appendRaw(Array(record.prefix(Int.random(in: 1..<record.count))), to: path)
                }
            }
            return acknowledged
        }
        let snapshot = try await RecordLog<Entry>(path: path).read()
        // Each record passed its checksum and decodes; the only damage a kill may leave is one
        // torn tail after the last run.
        #expect(snapshot.warnings.allSatisfy { if case .tornTail = $0 { true } else { false } })
        #expect(snapshot.warnings.count <= 1)
        let byWriter = Dictionary(grouping: snapshot.records, by: \.writer)
        for run in 0..<runs {
            let seqs = byWriter["run\(run)"]?.map(\.seq) ?? []
            // Everything acknowledged is there, in order, plus at most the one append the kill
            // interrupted after it reached the file.
            #expect(seqs == Array(0..<seqs.count), "run \(run)")
            #expect(seqs.count >= acknowledged[run] && seqs.count <= acknowledged[run] + 1, "run \(run): \(seqs.count) read, \(acknowledged[run]) acknowledged")
        }
        #expect(snapshot.records.allSatisfy { $0.writer.hasPrefix("run") && $0.pad.allSatisfy { $0 == "x" } })
        #expect(acknowledged.reduce(0, +) > runs)
        #expect(noChildLeft())
    }

    @Test("Two writer processes appending 1,000 entries each at once give 2,000 intact entries in per-writer order")
    func twoWriters() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = "\(directory.path)/group.log"
        let outputs = try await onThread { () throws -> [[String]] in
            let children = try ["a", "b"].map { try ChildProcess([path, "--writer", $0, "--count", "1000", "--pad", "40"]) }
            return children.map { child in
                let lines = child.remainingLines()
                child.wait()
                return lines
            }
        }
        for lines in outputs {
            #expect(lines == (0..<1000).map { "ack \($0)" } + ["done"])
        }
        let snapshot = try await RecordLog<Entry>(path: path).read()
        #expect(snapshot.warnings.isEmpty)
        #expect(snapshot.records.count == 2000)
        for writer in ["a", "b"] {
            #expect(snapshot.records.filter { $0.writer == writer }.map(\.seq) == Array(0..<1000))
        }
        // The two really ran at once: their records interleave.
        let switches = zip(snapshot.records, snapshot.records.dropFirst()).filter { $0.writer != $1.writer }.count
        #expect(switches > 10)
        #expect(noChildLeft())
    }

    @Test("Compacting while another process appends keeps every appended entry; writers reopen the renamed file")
    func compactionWithConcurrentWriter() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = "\(directory.path)/group.log"
        let log = RecordLog<Entry>(path: path)
        try log.append(contentsOf: (0..<50).map { Entry(writer: "old", seq: $0, pad: "") })
        let compactions = try await onThread { () throws -> Int in
            let child = try ChildProcess([path, "--writer", "live", "--count", "300"])
            var compactions = 0
            var last = 0
            // Compact each time the child has acknowledged 25 more entries, dropping a few old
            // entries each time, while it keeps appending.
            while let line = child.readLine(), line.hasPrefix("ack ") {
                guard let seq = Int(line.dropFirst(4)), seq >= last + 25 else { continue }
                last = seq
                compactions += 1
                let drop = compactions
                try log.compact { $0.writer != "old" || $0.seq % 12 != drop }
            }
            child.wait()
            #expect(child.exitCode == 0)
            return compactions
        }
        #expect(compactions >= 8)
        let snapshot = try await log.read()
        #expect(snapshot.warnings.isEmpty)
        #expect(snapshot.records.filter { $0.writer == "live" }.map(\.seq) == Array(0..<300))
        let dropped = Set(1...compactions)
        #expect(snapshot.records.filter { $0.writer == "old" }.map(\.seq) == (0..<50).filter { !dropped.contains($0 % 12) })
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["group.log"])
        #expect(noChildLeft())
    }
}
