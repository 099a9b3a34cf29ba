import Foundation
import Glibc
import Synchronization

/// How the shell speaks: a command run once per line, with the line as its last argument,
/// stopped (SIGKILL) when it runs longer than `timeout` on `clock`.
public struct SpeakerCommand: Sendable {
    /// A program name looked up on `PATH`, or a path.
    public var executable: String
    /// Arguments before the line.
    public var arguments: [String]
    /// How long one line may take before the speaker is stopped.
    public var timeout: Duration
    /// The clock the timeout is read from (a `ManualClock` in tests).
    public var clock: any Clock<Duration>

    /// A speaker command.
    public init(executable: String, arguments: [String] = [], timeout: Duration = .seconds(30), clock: any Clock<Duration> = ContinuousClock()) {
        self.executable = executable
        self.arguments = arguments
        self.timeout = timeout
        self.clock = clock
    }

    /// `espeak-ng LINE`, 30 s per line on the continuous clock.
    public static var espeak: SpeakerCommand { SpeakerCommand(executable: "espeak-ng") }

    /// The command's full path, if it exists and is executable.
    func resolvedPath() -> String? {
        let candidates = executable.contains("/") ? [executable]
            : (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/\(executable)" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// Speaks lines one after another without ever blocking a Swift-concurrency thread: each line
/// is a child process whose end arrives from Foundation's own reaper, raced against the
/// command's timeout.
///
/// Speech is a courtesy (every line was printed already): when the speaker hangs, fails or
/// cannot start, the shell gets one warning and speech stays off for the rest of the session,
/// which goes on. A speaker slower than the conversation speaks the newest ``backlogLimit`` lines
/// waiting and lets older ones go unspoken, so a long script neither queues without end nor
/// keeps the session waiting, at its end, to say what scrolled by long ago.
public final class Speaker: Sendable {
    /// The most lines waiting to be spoken.
    public static let backlogLimit = 8

    private let lines: AsyncStream<String>.Continuation
    private let worker: Task<Void, Never>

    /// A speaker, or nil (after one warning) when the command cannot be found.
    public init?(command: SpeakerCommand, warn: @escaping @Sendable (String) -> Void) {
        guard let path = command.resolvedPath() else {
            warn("--speak: \(command.executable) is not installed (apt-get install espeak-ng); the assistant's lines are printed only.")
            return nil
        }
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(Self.backlogLimit))
        lines = continuation
        worker = Task.detached {
            var speaking = true
            for await line in stream where speaking {
                let problem = await Self.speak(line, path: path, command: command)
                if let problem {
                    warn("--speak: \(problem); speech is off for the rest of the session.")
                    speaking = false
                }
            }
        }
    }

    /// Queues a line to be spoken (the oldest waiting one goes unspoken when ``backlogLimit``
    /// already wait); returns at once.
    public func say(_ line: String) {
        lines.yield(line)
    }

    /// Takes no more lines and waits until the queued ones are spoken (each bounded by the
    /// timeout), so no child outlives the session.
    public func finish() async {
        lines.finish()
        await worker.value
    }

    /// Speaks one line; what went wrong, if anything.
    private static func speak(_ line: String, path: String, command: SpeakerCommand) async -> String? {
        let name = command.executable
        let ended = ProcessEnd()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = command.arguments + [line]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { finished in
            ended.fire(reason: finished.terminationReason, status: finished.terminationStatus)
        }
        do {
            try process.run()
        } catch {
            return "cannot start \(name) (\(error.localizedDescription))"
        }
        let pid = process.processIdentifier
        let timeout = command.timeout
        let clock = command.clock
        let inTime = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await ended.wait()
                return true
            }
            group.addTask {
                do { try await clock.sleep(for: timeout) } catch { return true }
                return false
            }
            let first = await group.next() ?? true
            // The losing side must end before the group does: the sleeper is cancelled, or the
            // hung child is killed (Foundation reaps it, which ends the waiter).
            if first { group.cancelAll() } else { kill(pid, SIGKILL) }
            await group.waitForAll()
            return first
        }
        guard inTime else { return "\(name) did not finish within \(timeout) and was stopped" }
        switch ended.outcome {
        case .some((.exit, 0)): return nil
        case .some((.exit, let status)): return "\(name) failed (exit status \(status))"
        case .some((_, let signal)): return "\(name) was killed by signal \(signal)"
        case .none: return "\(name) ended without a status"
        }
    }
}

/// A child's end, told once by Foundation's termination handler to one waiting task.
private final class ProcessEnd: Sendable {
    private struct State {
        var outcome: (Process.TerminationReason, Int32)?
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    var outcome: (Process.TerminationReason, Int32)? { state.withLock { $0.outcome } }

    func fire(reason: Process.TerminationReason, status: Int32) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.outcome = (reason, status)
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.outcome != nil { return true }
                state.waiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }
}
