import Assistant
import Foundation

/// The user at the shell: hears the assistant's lines (printed, and spoken with espeak-ng when
/// asked) and answers its prompts with the next line of input.
public final class TerminalUser: UserAgent {
    private let input: any LineSource
    private let output: ShellOutput
    private let quiet: Bool
    private let echo: Bool
    private let speaker: Speaker?

    /// A user reading `input` and writing to `output`; `quiet` prints nothing (JSON mode);
    /// `echo` repeats each answer read (scripts).
    public init(input: any LineSource, output: ShellOutput, quiet: Bool, echo: Bool, speaker: Speaker?) {
        self.input = input
        self.output = output
        self.quiet = quiet
        self.echo = echo
        self.speaker = speaker
    }

    /// Hears a line the assistant says.
    public func hear(_ line: String) async {
        if !quiet { output.write("Assistant: \(line)") }
        speaker?.say(line)
    }

    /// Answers a prompt.
    public func answer(_ prompt: Prompt) async -> Reply {
        if !quiet {
            let lines = prompt.spoken.split(separator: "\n").map(String.init)
            output.write("Assistant: \(lines[0])")
            for line in lines.dropFirst() { output.write("           \(line)") }
        }
        speaker?.say(prompt.spoken)
        guard let line = await input.nextLine() else { return .cancel }
        if echo && !quiet { output.write("> \(line)") }
        return Reply(parsing: line)
    }
}

/// Speaks lines with `espeak-ng`, one at a time.
public struct Speaker: Sendable {
    private let path: String

    /// A speaker, or nil when espeak-ng is not installed.
    public init?() {
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":").map { "\($0)/espeak-ng" }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        path = found
    }

    /// Speaks a line and waits until it is said.
    public func say(_ line: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = [line]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            // Speech is a courtesy: the line was printed already.
        }
    }
}
