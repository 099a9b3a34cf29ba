import AssistantService
import Foundation
import SceneIntents
import SceneIntentsStore
import Testing

/// How the store keeps a change: its lines appended to the app's file (one write and one
/// fsync), the file rewritten whole once most of it is replaced lines or a line in it is damaged.
@Suite("The session store's appended lines")
struct SessionJournalTests {
    static let app = SessionStoreTests.app
    static func record(_ identifier: String, step: Int = 1) -> SessionRecord {
        SessionStoreTests.record(identifier, step: step)
    }

    /// The kind of each line of the app's file.
    static func kinds(_ sandbox: Sandbox) throws -> [String] {
        try String(contentsOfFile: sandbox.path("sessions/\(app).sessions"), encoding: .utf8)
            .split(separator: "\n").map { String($0.split(separator: " ")[1]) }
    }

    @Test func eachChangeIsAppendedAndTheFileIsRewrittenWhenMostOfItIsReplacedLines() throws {
        let sandbox = try Sandbox()
        let store = try SessionStore(directory: sandbox.path("sessions"))
        try store.apply(["session-1", "session-2", "session-3"].map { .saved(Self.record($0)) }, for: Self.app)
        try store.apply([.saved(Self.record("session-1", step: 2))], for: Self.app)
        #expect(try store.close("session-2", of: Self.app))
        try store.apply([.discarded(["session-2"])], for: Self.app)
        #expect(try Self.kinds(sandbox) == ["open", "open", "open", "open", "discarded", "gone"])
        let expected = SessionRestoration(sessions: [Self.record("session-1", step: 2), Self.record("session-3")])
        #expect(try SessionStore(directory: sandbox.path("sessions")).restoration(for: Self.app).restoration == expected)

        // Two sessions need 2 lines; the file grows to 2 × 2 + 16 = 20, then is rewritten.
        var counts: [Int] = []
        for step in 3...18 {
            try store.apply([.saved(Self.record("session-1", step: step))], for: Self.app)
            counts.append(try Self.kinds(sandbox).count)
        }
        #expect(counts == Array(7...20) + [2, 3])
        let (restoration, skipped) = try SessionStore(directory: sandbox.path("sessions")).restoration(for: Self.app)
        #expect(restoration == SessionRestoration(sessions: [Self.record("session-1", step: 18), Self.record("session-3")]))
        #expect(skipped == [])
        try sandbox.finish()
    }

    /// A crash while lines were appended leaves a torn last line: the change it carried never
    /// counted, the lines before it are kept, and the next change rewrites the file whole rather
    /// than append after the torn line.
    @Test func aTornAppendIsSkippedAndTheNextChangeRewritesTheFile() throws {
        let sandbox = try Sandbox()
        let store = try SessionStore(directory: sandbox.path("sessions"))
        try store.apply([.saved(Self.record("session-1")), .saved(Self.record("session-2"))], for: Self.app)
        let path = sandbox.path("sessions/\(Self.app).sessions")
        let torn = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try torn.seekToEnd()
        try torn.write(contentsOf: Data("s1 open 0123abcd {\"activationSt".utf8))
        try torn.close()

        let reopened = try SessionStore(directory: sandbox.path("sessions"))
        var (restoration, skipped) = try reopened.restoration(for: Self.app)
        #expect(restoration == SessionRestoration(sessions: [Self.record("session-1"), Self.record("session-2")]))
        #expect(skipped == ["record 3 is truncated"])

        try reopened.apply([.saved(Self.record("session-2", step: 5))], for: Self.app)
        #expect(try Self.kinds(sandbox) == ["open", "open"])
        (restoration, skipped) = try SessionStore(directory: sandbox.path("sessions")).restoration(for: Self.app)
        #expect(restoration == SessionRestoration(sessions: [Self.record("session-1"), Self.record("session-2", step: 5)]))
        #expect(skipped == [])
        try sandbox.finish()
    }

    /// A file written by an earlier build (`s1`: the records' JSON as `JSONEncoder` writes it,
    /// dates in seconds since 2001) is read as it was; the lines added to it are `s2`.
    @Test func aFileOfTheEarlierVersionIsReadAndChangesAreAddedInTheNewOne() throws {
        let sandbox = try Sandbox()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = try encoder.encode(Self.record("session-1"))
        let digits = String(Array(json).withUnsafeBytes { CRC32.checksum($0) }, radix: 16)
        let crc = String(repeating: "0", count: 8 - digits.count) + digits
        try sandbox.file("sessions/\(Self.app).sessions", Data("s1 open \(crc) ".utf8) + json + Data("\n".utf8))

        let store = try SessionStore(directory: sandbox.path("sessions"))
        #expect(try store.restoration(for: Self.app) == (SessionRestoration(sessions: [Self.record("session-1")]), []))
        try store.apply([.saved(Self.record("session-2"))], for: Self.app)
        let versions = try String(contentsOfFile: sandbox.path("sessions/\(Self.app).sessions"), encoding: .utf8)
            .split(separator: "\n").map { String($0.prefix(2)) }
        #expect(versions == ["s1", "s2"])
        let (restoration, skipped) = try SessionStore(directory: sandbox.path("sessions")).restoration(for: Self.app)
        #expect(restoration == SessionRestoration(sessions: [Self.record("session-1"), Self.record("session-2")]))
        #expect(skipped == [])
        try sandbox.finish()
    }
}
