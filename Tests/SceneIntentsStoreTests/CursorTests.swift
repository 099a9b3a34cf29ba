import Foundation
import SceneIntentsStore
import Testing

@Suite("Following a log with a cursor")
struct CursorTests {
    /// The payload texts of a change, and its warnings, for whole-value comparisons.
    enum Seen: Equatable {
        case appended([String], [LogWarning])
        case replaced([String], [LogWarning])

        init(_ change: LogChange) {
            switch change {
            case .appended(let records, let warnings):
                self = .appended(records.map { String(decoding: $0.payload, as: UTF8.self) }, warnings)
            case .replaced(let snapshot):
                self = .replaced(texts(snapshot), snapshot.warnings)
            }
        }
    }

    @Test("Each call answers only what was appended since the last one")
    func followsAppends() throws {
        try withScratchPath { path in
            let cursor = LogCursor(log: AppendLog(path: path))
            let writer = AppendLog(path: path)
            var seen = [Seen(try cursor.next())]
            try appendTexts(["a", "b"], to: writer)
            seen.append(Seen(try cursor.next()))
            seen.append(Seen(try cursor.next()))
            try appendTexts(["c"], to: writer)
            seen.append(Seen(try cursor.next()))
            // The log did not exist at the first call: its creation is a replacement too.
            #expect(seen == [.replaced([], []), .replaced(["a", "b"], []), .appended([], []), .appended(["c"], [])])
        }
    }

    @Test("An append caught half-way shows as a torn tail, then whole on the next call")
    func appendInProgress() throws {
        try withScratchPath { path in
            let writer = AppendLog(path: path)
            try appendTexts(["a"], to: writer)
            let cursor = LogCursor(log: writer)
            let first = Seen(try cursor.next())
            let record = encodedRecord(Array("second".utf8))
            try appendRaw(Array(record.prefix(10)), to: path)
            let half = Seen(try cursor.next())
            try appendRaw(Array(record.dropFirst(10)), to: path)
            let whole = Seen(try cursor.next())
            #expect([first, half, whole] == [
                .replaced(["a"], []), .appended([], [.tornTail(offset: 25, bytes: 10)]), .appended(["second"], []),
            ])
        }
    }

    @Test("After a compaction renamed a new file over the log, the cursor reopens and answers all of it")
    func followsCompaction() throws {
        try withScratchPath { path in
            let writer = AppendLog(path: path)
            try appendTexts(["a", "b", "c"], to: writer)
            let cursor = LogCursor(log: AppendLog(path: path))
            var seen = [Seen(try cursor.next())]
            try writer.rewrite { records in records.filter { $0.payload != Data("b".utf8) }.map(\.payload) }
            seen.append(Seen(try cursor.next()))
            try appendTexts(["d"], to: writer)
            seen.append(Seen(try cursor.next()))
            #expect(seen == [.replaced(["a", "b", "c"], []), .replaced(["a", "c"], []), .appended(["d"], [])])
        }
    }
}
