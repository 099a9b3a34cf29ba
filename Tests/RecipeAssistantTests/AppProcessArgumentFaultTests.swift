import Foundation
import SceneIntentsTesting
import Testing

/// The output of a built app process given `arguments`, with standard input at its end.
func runAppProcess(_ name: String, _ arguments: [String]) async throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BuiltProducts.executable(name))
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
    let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (status, text, problems)
}

/// `recipe-assistant-app` started by hand: an argument it does not take, a bad or repeated
/// `--catalog-size`, is refused in one line (exit 64) instead of being ignored or clamped; `--help`
/// says what it takes.
struct AppProcessArgumentFaultTests {
    @Test(arguments: [
        (["--bogus"], "There is no option --bogus; see --help."),
        (["--catalog-size", "abc"], "--catalog-size needs a whole number from 0 to 5000000, not abc."),
        (["--catalog-size", "9999999"], "--catalog-size needs a whole number from 0 to 5000000, not 9999999."),
        (["--catalog-size=1", "--catalog-size", "2"], "--catalog-size is given twice; give it once."),
    ])
    func aMistakeIsRefusedInOneLine(_ arguments: [String], _ message: String) async throws {
        let run = try await runAppProcess("recipe-assistant-app", arguments)
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "recipe-assistant-app: \(message)\n")
    }

    @Test func helpSaysWhatItTakes() async throws {
        let run = try await runAppProcess("recipe-assistant-app", ["--help"])
        #expect(run.status == 0 && run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("usage: recipe-assistant-app [--json] [--catalog-size N]\n"), "\(run.stdout)")
        #expect(run.stdout.contains("  --help, -h        Print this help and leave.\n"), "\(run.stdout)")
    }
}
