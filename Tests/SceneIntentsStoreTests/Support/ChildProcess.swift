import Foundation
import Glibc
import SceneIntentsStore
import Synchronization

/// A `store-writer` child with its stdout and stderr on a pipe, driven from one dedicated
/// thread (every call here blocks: `read`, `waitpid`). Not shared between threads.
final class ChildProcess {
    let pid: pid_t
    private let output: Int32
    private var pending: [UInt8] = []
    private var ended = false
    private var status: Int32?

    /// Starts `store-writer` (found beside the test bundle) with `arguments`.
    init(_ arguments: [String]) throws {
        // A socket pair rather than a pipe: it is created close-on-exec atomically (pipe2 is not
        // visible from Swift's Glibc module).
        var pipeEnds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pipeEnds) == 0 else {
            throw SpawnError(message: "socketpair: errno \(errno)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears O_CLOEXEC on the copies, so the child keeps only its stdout and stderr.
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        // Descriptors other threads made without O_CLOEXEC (Foundation's `Pipe` does) stay out
        // of the child: a writer holding another test's pipe open would keep that test's reader
        // from its end of file, or keep a pipe it closed readable.
        _ = addCloseFrom?(&actions, 3)
        let argv = ([storeWriterPath] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, storeWriterPath, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            throw SpawnError(message: "posix_spawn \(storeWriterPath): errno \(spawned)")
        }
        pid = child
        output = pipeEnds[0]
        spawnedChildren.withLock { $0.append(child) }
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            _ = wait()
        }
        close(output)
    }

    /// The next line the child wrote, or nil once it closed its output (it exited).
    func readLine() -> String? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            if ended { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let got = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if got > 0 {
                pending += chunk[..<got]
            } else if got == 0 || errno != EINTR {
                ended = true
                if !pending.isEmpty { pending.append(UInt8(ascii: "\n")) }
            }
        }
    }

    /// Every remaining line, until the child closes its output.
    func remainingLines() -> [String] {
        var lines: [String] = []
        while let line = readLine() { lines.append(line) }
        return lines
    }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) { kill(pid, signal) }

    /// Reaps the child and answers its raw wait status.
    @discardableResult
    func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        status = raw
        return raw
    }

    /// The exit code, or nil if a signal ended it.
    var exitCode: Int32? {
        let raw = wait()
        return raw & 0x7F == 0 ? (raw >> 8) & 0xFF : nil
    }

    /// The signal that ended it, or nil if it exited.
    var terminatingSignal: Int32? {
        let raw = wait()
        return raw & 0x7F == 0 ? nil : raw & 0x7F
    }
}

struct SpawnError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// `store-writer`, built by `swift test` because the test target depends on it, in the directory
/// holding the test bundle.
let storeWriterPath: String = {
    // On macOS the bundle is a directory the runner loads; on Linux it is the running executable.
    let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
        ?? Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    return bundle.deletingLastPathComponent().appendingPathComponent("store-writer").path
}()

/// Runs blocking `body` on a new thread (never on a cooperative-pool thread) and awaits it.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// Every child the tests spawned.
let spawnedChildren = Mutex<[pid_t]>([])

/// Whether every child the tests spawned has been reaped: the kernel no longer knows any of them
/// as a child of this process. Asked with `WNOWAIT` and per pid, so it never reaps (or even sees)
/// a child that another suite is waiting for.
func noChildLeft() -> Bool {
    spawnedChildren.withLock { pids in
        pids.allSatisfy { pid in
            var info = siginfo_t()
            return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == -1 && errno == ECHILD
        }
    }
}

/// What a `store-writer` run said: the sequence numbers it acknowledged, the error that stopped
/// it, and what it read back afterwards.
struct WriterReport: Sendable {
    var acknowledged: [Int] = []
    var error: StoreErrorReport?
    var readBack: [Int]?
    var exitCode: Int32?
    var other: [String] = []

    /// Runs `store-writer` with `arguments` to the end and parses its output.
    static func run(_ arguments: [String]) throws -> WriterReport {
        let child = try ChildProcess(arguments)
        var report = WriterReport()
        for line in child.remainingLines() {
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            switch words.first {
            case "ack": report.acknowledged.append(Int(words.last ?? "") ?? -1)
            case "error": report.error = try JSONDecoder().decode(StoreErrorReport.self, from: Data((words.last ?? "").utf8))
            case "read": report.readBack = (words.last ?? "").split(separator: " ").compactMap { Int($0) }
            default: report.other.append(line)
            }
        }
        report.exitCode = child.exitCode
        return report
    }
}

/// A `StoreError` as `store-writer` prints it.
struct StoreErrorReport: Codable, Equatable, Sendable {
    var code: String
    var path: String
    var operation: String
    var errno: Int32?
}

/// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34+), which the Glibc module does not
/// declare; nil on an older C library.
private let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
    dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }
}()
