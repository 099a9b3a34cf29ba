import Foundation

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
public struct BuiltProductRun: Sendable {
    /// The exit status.
    public let status: Int32
    /// Its standard output.
    public let stdout: String
    /// Its standard error.
    public let stderr: String
}

extension BuiltProducts {
    /// Runs the built executable `name` with `arguments`, `stdin` as its standard input (then
    /// its end), and the environment's `SCENEINTENTS_` variables removed; waits for its exit
    /// through the termination handler (no thread blocks on the child).
    public static func run(_ name: String, _ arguments: [String], stdin: String = "") async throws -> BuiltProductRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable(name))
        process.arguments = arguments
        let (input, output, errors) = (Pipe(), Pipe(), Pipe())
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, errors)
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SCENEINTENTS_") }
        let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
                input.fileHandleForWriting.write(Data(stdin.utf8))
                try input.fileHandleForWriting.close()
            } catch { continuation.resume(throwing: error) }
        }
        // Read after the exit: the pipes hold what a short run writes (help, one line, a listing).
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return BuiltProductRun(status: status, stdout: text, stderr: problems)
    }
}
