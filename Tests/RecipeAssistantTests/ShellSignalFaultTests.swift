import Foundation
import Glibc
import Testing

/// `recipe-assistant --separate-processes` told to end by a signal (Ctrl-C, `kill`, a closed
/// terminal): the app's process is stopped and its socket removed before the shell exits with
/// 128 + the signal's number. Real processes, so the real clock.
struct ShellSignalFaultTests {
    @Test(.timeLimit(.minutes(1)), arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalledShellStopsItsAppAndLeavesNoSocket(_ signal: Int32) async throws {
        let directory = "/tmp/si-signal-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let output = "\(directory).out"
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: output)
        }
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let input = Pipe()
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["--separate-processes", "--runtime-dir", directory]
        process.standardInput = input
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        let ended = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { ended.continuation.yield($0.terminationStatus) }
        try process.run()
        // The input stays open: the shell waits at its prompt, with the app's process running.
        input.fileHandleForWriting.write(Data(":open\n:scenes\n".utf8))
        var app: Int32?
        #expect(await Self.poll {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            app = text.firstMatch(of: /runs in process (\d+)\./).flatMap { Int32($0.1) }
            return app != nil
        })
        let pid = try #require(app)
        kill(process.processIdentifier, signal)
        var statuses = ended.stream.makeAsyncIterator()
        #expect(await statuses.next() == 128 + signal)
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .exit)
        // Not this test's child: it was the shell's, and is reaped by whoever adopted it (which
        // may be slow to: a zombie has ended too).
        #expect(await Self.poll { Self.hasEnded(pid) }, "the app's process \(pid) ended")
        // No socket is left; the app's kept sessions stay for its next run.
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0 != "sessions" }
        #expect(left.isEmpty, "left in the runtime directory: \(left)")
    }

    /// Whether the process is gone or a zombie (state `Z` in `/proc/PID/stat`).
    static func hasEnded(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[close...].dropFirst(2).first == "Z"
    }

    /// Polls `condition` on the real clock for up to 10 s (a cold start of two processes on a
    /// loaded machine can take seconds).
    static func poll(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }
}
