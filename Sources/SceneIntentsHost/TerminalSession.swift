import Foundation
import Glibc
import SceneIntents
import SceneIntentsCommandLine

/// An app run in this process for a user at a terminal: launched by the user, each line of
/// standard input goes to the app's command hook and the answer is printed, until `:quit`, the
/// end of input (Ctrl-D) or the app's termination.
///
/// A line the app refuses gets one line on standard error naming why, and the session goes on.
/// Standard output that can no longer be written (the reader went away) ends the session with
/// one line on standard error and status 74, never a crash.
@MainActor
struct TerminalSession {
    /// What ends the session.
    static let quit = ":quit"

    let name: String
    let app: HostedApp
    let input: Int32
    let output: Int32

    /// Runs the session; answers 0, 70 when the app refuses to launch, 74 when standard output
    /// failed.
    func run() async -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let out = ShellOutput.writing(to: output)
        let application = app.host.application
        do { try application.launch(.user) } catch {
            ProcessExit.log("\(name): the app cannot launch: \(error)")
            return 70
        }
        out.write("\(name) is running in this process; type its commands. \(Self.quit) or Ctrl-D ends it.")
        let lines = StandardInputLines(descriptor: input)
        while let line = await lines.nextLine() {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard out.failure == nil, application.isRunning, text != Self.quit else { break }
            guard !text.isEmpty, let commands = app.commands else { continue }
            do {
                let answer = try await commands(text)
                if !answer.isEmpty { out.write(answer.hasSuffix("\n") ? String(answer.dropLast()) : answer) }
            } catch {
                ProcessExit.log("\(name): \(error)")
            }
        }
        if application.isRunning { application.terminate() }
        guard let failure = out.failure else { return 0 }
        ProcessExit.log("\(name): cannot write to standard output: \(failure.lowercased()).")
        return 74
    }
}
