import Assistant
import Foundation

/// The user at the shell: hears the assistant's lines (printed, and spoken when a speaker is
/// given) and answers its prompts with the next line of input.
///
/// A line that is not an answer is not forced into one: a `:command` at a question runs (the
/// question keeps waiting) or cancels the conversation first, and an utterance that is a new
/// request cancels the conversation and is carried out next. The shell decides which
/// (`interject`; `Shell` does it from its command table); this type only reads, prints and answers.
public final class TerminalUser: UserAgent {
    /// What a line typed at a question does.
    public enum Interjection: Sendable {
        /// It is the answer.
        case answer(Reply)
        /// It was dealt with (a command that leaves the question waiting): read another line.
        case handled
        /// The conversation is cancelled; the line was put back to run after it.
        case cancel
    }

    private let input: ShellInput
    private let output: ShellOutput
    private let quiet: Bool
    private let echo: Bool
    private let speaker: Speaker?
    private let interject: @Sendable (String) async -> Interjection

    /// A user reading `input` and writing to `output`; `quiet` prints nothing (JSON mode);
    /// `echo` repeats each answer read (scripts); `speaker` also speaks what the assistant says.
    /// `interject` decides what each line typed at a question does (a `Shell` gives its own).
    public init(
        input: ShellInput, output: ShellOutput, quiet: Bool = false, echo: Bool = false, speaker: Speaker? = nil,
        interject: @escaping @Sendable (String) async -> Interjection
    ) {
        self.input = input
        self.output = output
        self.quiet = quiet
        self.echo = echo
        self.speaker = speaker
        self.interject = interject
    }

    /// A plain user answering every question with the next line of `input` as it is.
    public convenience init(input: any LineSource, output: ShellOutput) {
        self.init(
            input: ShellInput(input), output: output, quiet: false, echo: false, speaker: nil,
            interject: { .answer(Reply(parsing: $0)) })
    }

    /// Hears a line the assistant says.
    public func hear(_ line: String) async {
        if !quiet { output.write("Assistant: \(line)") }
        speaker?.say(line)
    }

    /// Answers a prompt; cancels when the input ends or standard output failed.
    public func answer(_ prompt: Prompt) async -> Reply {
        let lines = prompt.spoken.split(separator: "\n", omittingEmptySubsequences: false)
        if !quiet {
            for (number, line) in lines.enumerated() { output.write((number == 0 ? "Assistant: " : "           ") + line) }
        }
        speaker?.say(prompt.spoken)
        while output.failure == nil, let line = await input.next() {
            if echo && !quiet && !line.isQueued { output.write("> \(ShellText.visible(line.text))") }
            switch await interject(line.text) {
            case .answer(let reply): return reply
            case .handled: continue
            case .cancel: return .cancel
            }
        }
        return .cancel
    }
}
