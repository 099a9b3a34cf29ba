import Foundation
import Glibc

/// Where `swift build` / `swift test` put the package's executables: beside the running test
/// bundle. Tests that start a host or a demo binary find it here (their test target depends on
/// the executable target, so it is built first).
public enum BuiltProducts {
    /// The directory of the running executable (the test bundle under `swift test`).
    public static let directory: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return (executable as NSString).deletingLastPathComponent
    }()

    /// The path of the built executable `name`.
    public static func executable(_ name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }
}

/// What a built executable did: its exit status and everything it wrote.
public struct BuiltProductRun: Sendable, Equatable {
    /// The exit status.
    public let status: Int32
    /// Its standard output (empty when it was given a closed one).
    public let stdout: String
    /// Its standard error.
    public let stderr: String

    /// A run's result as a test expects it.
    public init(status: Int32, stdout: String, stderr: String) {
        (self.status, self.stdout, self.stderr) = (status, stdout, stderr)
    }
}

extension BuiltProducts {
    /// Runs the built executable `name`; see ``run(atPath:_:stdin:closedStandardOutput:)``.
    public static func run(_ name: String, _ arguments: [String], stdin: String = "") async throws -> BuiltProductRun {
        try await run(atPath: executable(name), arguments, stdin: stdin)
    }

    /// Runs the executable at `path` as a user would from a terminal: with `arguments`, `stdin`
    /// as its standard input (then its end), and the environment's `SCENEINTENTS_` variables
    /// removed. `closedStandardOutput` gives it a standard output whose reader is already gone,
    /// so its first write fails with `EPIPE`. Waits for its exit through the termination handler
    /// (no thread blocks on the child), then reads what it wrote: up to the stream buffer's
    /// 200 KiB, as a short run writes (help, a few lines, a listing).
    ///
    /// The streams are close-on-exec from their creation: a child another thread starts at the
    /// same moment cannot inherit one, so nobody else holds a reader open (a "closed" output
    /// stays closed) or a writer open (the end of input and of output come when this child's do).
    public static func run(
        atPath path: String, _ arguments: [String], stdin: String = "", closedStandardOutput: Bool = false
    ) async throws -> BuiltProductRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SCENEINTENTS_") }
        let (input, output, errors) = (try StreamPair(), try StreamPair(), try StreamPair())
        if closedStandardOutput { try output.ours.close() }
        (process.standardInput, process.standardOutput, process.standardError) = (input.child, output.child, errors.child)
        let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
                // The child has its copies; ours would keep its input open and our reads waiting.
                for pair in [input, output, errors] { try pair.child.close() }
                input.ours.write(Data(stdin.utf8))
                try input.ours.close()
            } catch { continuation.resume(throwing: error) }
        }
        let text = closedStandardOutput ? "" : String(decoding: output.ours.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: errors.ours.readDataToEndOfFile(), as: UTF8.self)
        return BuiltProductRun(status: status, stdout: text, stderr: problems)
    }
}

/// A connected pair of stream descriptors, both close-on-exec from `socketpair(2)` itself (the
/// Glibc module has no `pipe2`, and `Pipe` makes inheritable ones): `ours` stays here, `child`
/// is the child's standard stream (the spawn's `dup2` makes that copy inheritable).
private struct StreamPair {
    let ours: FileHandle
    let child: FileHandle

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        ours = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        child = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    }
}
