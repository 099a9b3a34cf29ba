import Foundation
import SceneIntents
import Synchronization

/// One run of a bundle's executable as `<executable> --write-bundle-data <bundle folder>`: how
/// it ended and the start of what it printed (standard output and error together).
struct ExecutableRun {
    /// How the run ended.
    enum End: Equatable {
        /// It exited with this status (128 + the signal when a signal ended it).
        case exited(Int32)
        /// It was still running after the time limit, and was killed.
        case killedAfter(Duration)
    }

    let end: End
    let output: String

    /// Runs `executable` with the flag and `folder`, standard input empty and the environment's
    /// `SCENEINTENTS_` variables removed (no system is waiting for it), and waits for it to end,
    /// killing it (SIGKILL) once `timeLimit` has passed.
    ///
    /// The tool's only thread waits here: it has nothing else to do while the executable writes.
    /// The output is read on a thread of its own until the pipe closes (a child the executable
    /// started may hold it open after a kill: what was read by then is kept).
    static func writeBundleData(_ executable: String, into folder: String, timeLimit: Duration) throws(BundleFailure)
        -> ExecutableRun
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [BundleDataRequest.flag, folder]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SCENEINTENTS_") }
        let pipe = Pipe()
        process.standardInput = FileHandle.nullDevice
        (process.standardOutput, process.standardError) = (pipe, pipe)
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do { try process.run() } catch {
            throw BundleFailure("cannot run \(executable): \(error.localizedDescription)")
        }
        try? pipe.fileHandleForWriting.close()
        let output = OutputStart()
        let drained = DispatchSemaphore(value: 0)
        let reader = pipe.fileHandleForReading
        Thread {
            // Read to the end (so the executable never blocks on a full pipe), keeping the start.
            while let chunk = try? reader.read(upToCount: 4096), !chunk.isEmpty { output.append(chunk) }
            drained.signal()
        }.start()
        let seconds = Double(timeLimit.components.seconds) + Double(timeLimit.components.attoseconds) / 1e18
        guard ended.wait(timeout: .now() + seconds) == .success else {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
            _ = drained.wait(timeout: .now() + 1)
            return ExecutableRun(end: .killedAfter(timeLimit), output: output.text)
        }
        drained.wait()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return ExecutableRun(end: .exited(status), output: output.text)
    }
}

/// The first `Limits.outputBytes` of an executable's output, shared between the thread reading
/// it and the one reporting it.
private final class OutputStart: Sendable {
    private let kept = Mutex(Data())

    func append(_ chunk: Data) {
        kept.withLock { kept in
            if kept.count < Limits.outputBytes { kept.append(chunk.prefix(Limits.outputBytes - kept.count)) }
        }
    }

    var text: String { String(decoding: kept.withLock { $0 }, as: UTF8.self) }
}
