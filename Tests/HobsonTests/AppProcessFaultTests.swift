import Foundation
import SceneIntentsTesting
import Testing

/// `hobson-app` started by hand takes no options but `--help`: anything else is refused in one
/// line (exit 64) instead of being ignored.
struct HobsonAppProcessFaultTests {
    /// Runs the built `hobson-app` with `arguments` and standard input at its end.
    func run(_ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuiltProducts.executable("hobson-app"))
        process.arguments = arguments
        let (input, output, errors) = (Pipe(), Pipe(), Pipe())
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, errors)
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SCENEINTENTS_") }
        let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
                try input.fileHandleForWriting.close()
            } catch { continuation.resume(throwing: error) }
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (status, text, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    @Test func anArgumentItDoesNotTakeIsRefused() async throws {
        for (arguments, message) in [(["--data", "x"], "There is no option --data; see --help."), (["--help", "--help"], "--help is given twice; give it once.")] {
            let run = try await run(arguments)
            #expect(run.status == 64 && run.stdout.isEmpty)
            #expect(run.stderr == "hobson-app: \(message)\n")
        }
        let help = try await run(["-h"])
        #expect(help.status == 0 && help.stderr.isEmpty)
        #expect(help.stdout.hasPrefix("usage: hobson-app\nHobson's app process."), "\(help.stdout)")
    }
}
