import Foundation
import SceneIntentsCommandLine
import Testing

/// Standard input as lines, bounded whatever it is given: a line past the limit is cut, and the
/// reading thread stops reading ahead once enough lines wait to be taken.
struct StandardInputLinesTests {
    /// A file of `text`, opened for reading (the reader's descriptor), and removed when closed.
    static func descriptor(holding text: [UInt8]) throws -> Int32 {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString)").path
        try Data(text).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        return descriptor
    }

    static func all(_ lines: StandardInputLines) async -> [String] {
        var taken: [String] = []
        while let line = await lines.nextLine() { taken.append(line) }
        return taken
    }

    @Test func aLineOverTheLimitKeepsItsFirstBytesAndTheNextLinesAreWhole() async throws {
        let long = String(repeating: "a", count: StandardInputLines.lineLimit + 17)
        let descriptor = try Self.descriptor(holding: Array("first\r\n\(long)\nnext step\nlast".utf8))
        defer { close(descriptor) }
        let lines = StandardInputLines(descriptor: descriptor)
        #expect(await Self.all(lines) == ["first", String(repeating: "a", count: StandardInputLines.lineLimit), "next step", "last"])
        #expect(await lines.nextLine() == nil)
        #expect(lines.linesWaiting == 0)
    }

    @Test func theReaderWaitsOnceEnoughLinesWaitAndReadsOnAsTheyAreTaken() async throws {
        let count = 10_000
        let expected = (0..<count).map { String(format: "line %094d", $0) }  // 100 bytes with "\n"
        let descriptor = try Self.descriptor(holding: Array(expected.map { $0 + "\n" }.joined().utf8))
        defer { close(descriptor) }
        let lines = StandardInputLines(descriptor: descriptor)
        // Nothing is taken yet: the reader fills the read-ahead and waits (the guard only bounds
        // a broken build's wait).
        let guardDeadline = ContinuousClock.now + .seconds(30)
        while lines.linesWaiting < StandardInputLines.readAheadLimit, ContinuousClock.now < guardDeadline { await Task.yield() }
        #expect(lines.linesWaiting == StandardInputLines.readAheadLimit)
        // It has read the lines waiting, the one it holds and the rest of one 64 KiB read: not
        // the megabyte behind them.
        let offset = lseek(descriptor, 0, SEEK_CUR)
        #expect(offset <= (StandardInputLines.readAheadLimit + 1) * 100 + 65_536)
        #expect(await Self.all(lines) == expected)
        #expect(lines.linesWaiting == 0)
    }
}
