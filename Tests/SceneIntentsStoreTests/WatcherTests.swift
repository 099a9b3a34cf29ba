import Dispatch
import Foundation
import SceneIntentsStore
import Testing

extension ProcessTests {
    @Test("A watcher reports another process's appends and a compaction, each with a new token", .timeLimit(.minutes(1)))
    func watcherSeesOtherProcess() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = "\(directory.path)/group.log"
        let log = RecordLog<Entry>(path: path)
        let (changes, continuation) = AsyncStream.makeStream(of: ChangeToken.self)
        let watcher = try LogWatcher(log: log.log, queue: DispatchQueue(label: "watcher test")) { continuation.yield($0) }

        let report = try await onThread { try WriterReport.run([path, "--writer", "extension", "--count", "3"]) }
        #expect(report.acknowledged == [0, 1, 2])
        // The watcher must come to report the log's state after each change (possibly after
        // earlier, intermediate tokens: a burst of appends may be seen part-way).
        var tokens: [ChangeToken] = []
        let afterAppends = try log.log.changeToken()
        for await token in changes {
            tokens.append(token)
            if token == afterAppends { break }
        }
        #expect(try await log.read().records.map(\.seq) == [0, 1, 2])
        try log.compact { $0.seq != 1 }
        let afterCompaction = try log.log.changeToken()
        for await token in changes {
            tokens.append(token)
            if token == afterCompaction { break }
        }
        #expect(try await log.read().records.map(\.seq) == [0, 2])
        watcher.cancel()
        continuation.finish()

        #expect(tokens.last == afterCompaction)
        #expect(zip(tokens, tokens.dropFirst()).allSatisfy { $0 != $1 })
        #expect(noChildLeft())
    }
}
