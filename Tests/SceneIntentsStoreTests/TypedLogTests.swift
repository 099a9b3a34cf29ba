import Foundation
import SceneIntentsStore
import Testing

@Suite("Typed records, change tokens and in-process writers")
struct TypedLogTests {
    struct Drink: Codable, Equatable, Sendable {
        var ounces: Int
        var kind: String
    }

    @Test("Codable records round-trip, stored as JSON with sorted keys")
    func typedRoundTrip() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let drinks = RecordLog<Drink>(path: "\(directory.path)/drinks.log")
            try await drinks.append(Drink(ounces: 8, kind: "water"))
            try await drinks.append(Drink(ounces: 12, kind: "coffee"))
            try drinks.append(contentsOf: [Drink(ounces: 4, kind: "tea"), Drink(ounces: 6, kind: "milk")])
            let snapshot = try await drinks.read()
            #expect(snapshot.records == [
                Drink(ounces: 8, kind: "water"), Drink(ounces: 12, kind: "coffee"),
                Drink(ounces: 4, kind: "tea"), Drink(ounces: 6, kind: "milk"),
            ])
            #expect(snapshot.warnings.isEmpty)
            #expect(texts(try drinks.log.read()).first == #"{"kind":"water","ounces":8}"#)
        }
    }

    @Test("A record that is not the expected type is skipped with a warning and kept by compaction")
    func undecodableRecord() throws {
        try withScratchPath("drinks.log") { path in
            let drinks = RecordLog<Drink>(path: path)
            try drinks.append(Drink(ounces: 8, kind: "water"))
            try drinks.log.append(Data(#"{"future":"format"}"#.utf8))
            try drinks.append(Drink(ounces: 20, kind: "soda"))

            let snapshot = try drinks.read()
            #expect(snapshot.records == [Drink(ounces: 8, kind: "water"), Drink(ounces: 20, kind: "soda")])
            #expect(snapshot.warnings.count == 1)
            guard case .undecodable(let offset, _) = snapshot.warnings.first else {
                Issue.record("expected an undecodable warning, got \(snapshot.warnings)")
                return
            }
            #expect(offset == 8 + 16 + #"{"kind":"water","ounces":8}"#.utf8.count)

            try drinks.compact { $0.kind != "soda" }
            #expect(texts(try drinks.log.read()) == [#"{"kind":"water","ounces":8}"#, #"{"future":"format"}"#])
            try drinks.replace(with: [])
            #expect(try drinks.read().records.isEmpty)
        }
    }

    @Test("The change token moves on append and compaction, and only then")
    func changeToken() throws {
        try withScratchPath("drinks.log") { path in
            let drinks = RecordLog<Drink>(path: path)
            #expect(try drinks.log.changeToken() == .absent)
            try drinks.append(Drink(ounces: 8, kind: "water"))
            let first = try drinks.read()
            #expect(try drinks.log.changeToken() == first.token)
            #expect(try drinks.log.changeToken() == first.token)

            // Another writer (another instance, as another process would have) appends.
            try RecordLog<Drink>(path: path).append(Drink(ounces: 1, kind: "juice"))
            let second = try drinks.log.changeToken()
            #expect(second != first.token)
            #expect(try drinks.read().token == second)

            try drinks.compact { $0.kind == "water" }
            #expect(try drinks.log.changeToken() != second)
            #expect(try drinks.read().records == [Drink(ounces: 8, kind: "water")])
        }
    }

    @Test("A writer that had the log open before a compaction reopens the new file")
    func reopenAfterRename() throws {
        try withScratchPath { path in
            let early = AppendLog(path: path)
            try appendTexts(["a", "b", "c"], to: early)  // `early` now holds the original file open
            let originalInode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int

            try AppendLog(path: path).rewrite { records in records.filter { $0.payload != Data("b".utf8) }.map(\.payload) }
            let newInode = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
            #expect(originalInode != newInode)

            try appendTexts(["d"], to: early)
            let snapshot = try AppendLog(path: path).read()
            #expect(texts(snapshot) == ["a", "c", "d"])
            #expect(snapshot.warnings.isEmpty)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
            #expect(leftovers == ["log"])
        }
    }

    @Test("Threads sharing one log and threads with their own instance all append intact, in order")
    func threadsAppend() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let path = "\(directory.path)/log"
            let shared = AppendLog(path: path)
            let writers = 4
            let perWriter = 40
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<writers {
                    group.addTask {
                        try await onThread {
                            // Even writers share one instance (threads of one process); odd ones
                            // have their own (their own open file, as another process would).
                            let log = writer % 2 == 0 ? shared : AppendLog(path: path)
                            for seq in 0..<perWriter { try log.append(Data("\(writer):\(seq)".utf8)) }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let snapshot = try shared.read()
            #expect(snapshot.warnings.isEmpty)
            #expect(snapshot.records.count == writers * perWriter)
            for writer in 0..<writers {
                let mine = texts(snapshot).filter { $0.hasPrefix("\(writer):") }
                #expect(mine == (0..<perWriter).map { "\(writer):\($0)" })
            }
        }
    }

    @Test("A record over the size limit is refused before anything is written")
    func recordTooLarge() throws {
        try withScratchPath { path in
            let log = AppendLog(path: path)
            try appendTexts(["small"], to: log)
            let error = #expect(throws: StoreError.self) {
                try log.append(Data(count: AppendLog.maximumPayloadSize + 1))
            }
            #expect(error?.code == .recordTooLarge)
            #expect(error?.path == path)
            #expect(texts(try log.read()) == ["small"])
            #expect(try size(of: path) == 8 + 21)
        }
    }
}
