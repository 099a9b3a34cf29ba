import Assistant
import Foundation
import SceneIntents

/// The Recipe Assistant's command line: plain text is spoken to the assistant, `:commands`
/// (`ShellCommand.all`) act on the device and the app as a user would. After each turn it
/// prints the foreground scene's screen, framed.
///
/// It reads every line (commands and answers to the assistant's prompts) from one `LineSource`,
/// so it runs the same interactively, from a script, or in a test, and it never blocks the main
/// actor while waiting for input. Nothing typed can stop the process: every bad line gets a
/// sentence saying what is wrong, and the session goes on.
@MainActor
public final class RecipeShell {
    /// What the shell was asked to do.
    public struct Options: Sendable {
        /// Print each turn's trace events as text.
        public var trace = false
        /// Print only JSON Lines on standard output, one object per line (warnings go to
        /// standard error).
        public var json = false
        /// Speak the assistant's lines with `speaker`.
        public var speak = false
        /// The command that speaks (espeak-ng by default; a test gives a fake).
        public var speaker = SpeakerCommand.espeak
        /// Repeat each input line (for scripts and piped input).
        public var echo = false
        /// Print a prompt before each line (an interactive terminal).
        public var interactive = false
        /// Whether a failed turn makes `run()` answer 1 (scripts and piped input; not the tour,
        /// which shows failures on purpose).
        public var failedTurnsFail = true
        /// Synthetic recipes added to the book; their index is built in the background.
        public var catalogSize = 0
        /// Run the app in its own process (`recipe-assistant-app`, beside this executable).
        public var separateProcesses = false
        /// The runtime directory for the app's socket (nil: `RuntimeDirectory`'s default).
        public var runtimeDirectory: String?

        /// Default options.
        public init() {}
    }

    /// What the shell was asked to do.
    public let options: Options
    let input: ShellInput
    let output: ShellOutput
    let warnings: ShellOutput
    let place: AppPlace
    let device: Device
    let assistant: Assistant
    let speaker: Speaker?
    let vocabulary: Vocabulary
    var failures = 0
    var leaving = false
    private var traceMark = 0

    /// A shell over a new, not yet running, Recipe Assistant. Warnings (a missing speaker, the
    /// catalog's indexing progress) go to `warnings`, standard error by default.
    public init(
        options: Options, input: any LineSource, output: ShellOutput, warnings: ShellOutput = .standardError(),
        clock: BudgetClock
    ) throws {
        self.options = options
        self.input = ShellInput(input)
        self.output = output
        self.warnings = warnings
        speaker = options.speak ? Speaker(command: options.speaker, warn: { warnings.write($0) }) : nil
        // The user reaches back to the shell through a weak link set once the shell exists.
        let link = ShellLink()
        let user = TerminalUser(
            input: self.input, output: output, quiet: options.json, echo: options.echo, speaker: speaker,
            interject: { line in await link.shell?.interjection(line) ?? .cancel })
        if options.separateProcesses {
            // The app's book lives in its process; the featured recipes name the entities here.
            place = .separate(try AppPlace.connection(options))
            device = Device()
            vocabulary = RecipeAssistantApp.vocabulary(featured: RecipeBook.demo().featured)
            assistant = Assistant(connection: place.connection, user: user, device: device, clock: clock, vocabulary: vocabulary)
        } else {
            let app = try RecipeAssistantApp(catalogSize: options.catalogSize)
            place = .inProcess(app, RecipeAppDriver(app: app, json: options.json))
            device = app.device
            vocabulary = app.vocabulary()
            assistant = app.makeAssistant(user: user, clock: clock)
            if options.catalogSize > 0 {
                app.book.buildIndexInBackground { warnings.write("recipe-assistant: \($0)") }
            }
        }
        link.shell = self
    }

    /// The app the shell drives, when it runs in the shell's process.
    public var recipeApp: RecipeAssistantApp? {
        if case .inProcess(let app, _) = place { app } else { nil }
    }

    /// The app's process while it runs in its own (`--separate-processes`); nil in process.
    public var appProcessIdentifier: Int32? {
        get async {
            if case .separate(let connection) = place { await connection.processIdentifier } else { nil }
        }
    }

    /// The assistant's trace.
    public var trace: Trace { assistant.trace }

    /// How many turns failed so far: command errors, utterances not understood, and requests
    /// that ended in failure, timeout, cancellation or refusal.
    public var errorCount: Int { failures }

    /// Why standard output could not be written, if it could not.
    public var outputFailure: String? { output.failure }

    /// Runs until the input ends or `:exit`, then terminates the app and waits for the speaker.
    /// Answers the exit status: 74 when output failed, 1 when a turn failed (if
    /// `failedTurnsFail`), else 0.
    public func run() async -> Int32 {
        if !options.json && options.interactive {
            say("Recipe Assistant. Type :open to open the app, speak with plain text, :help for commands.")
        }
        while output.failure == nil && !leaving {
            if options.interactive && !options.json { output.writePrompt("› ") }
            guard let read = await input.next() else { break }
            let line = read.text.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") {
                if line.hasPrefix("## ") { say(String(line.dropFirst(3))) }
                continue
            }
            if options.echo && !options.json && !read.isQueued { say("> \(ShellText.visible(line))") }
            await turn(line)
        }
        await close()
        flushTrace()
        await speaker?.finish()
        if output.failure != nil { return 74 }
        return options.failedTurnsFail && failures > 0 ? 1 : 0
    }

    /// Ends the app: terminates it, or stops its process and removes its socket (`run()` does
    /// this at the end; a caller driving `turn` itself calls it when done).
    public func close() async {
        await place.close()
    }

    /// Carries out one line: a command or an utterance, then shows the screen.
    public func turn(_ line: String) async {
        if line.hasPrefix(":") {
            await command(line)
            if leaving { return flushTrace() }
        } else {
            let outcome = await assistant.perform(.utterance(line))
            if !Self.succeeded.contains(outcome.status) { failures += 1 }
            if leaving { return flushTrace() }
        }
        if !options.json { say(await place.screen()) }
        flushTrace()
    }

    /// The outcomes that count as a turn done.
    static let succeeded: Set<AssistantOutcome.Status> = [.success, .inProgress, .continuedInApp]

    /// What a line typed at one of the assistant's questions does (see `TerminalUser`).
    func interjection(_ typed: String) async -> TerminalUser.Interjection {
        let line = typed.trimmingCharacters(in: .whitespaces)
        if line.hasPrefix(":") {
            let name = String(line.prefix { $0 != " " })
            guard let command = ShellCommand.named(name) else {
                unknownCommand(name)
                return .handled
            }
            switch command.atPrompt {
            case .runs:
                await self.command(line)
                return .handled
            case .ends:
                leaving = true
                return .cancel
            case .cancelsFirst:
                note("\(command.name) cancels the request in progress first.")
                input.putBack(line)
                return .cancel
            }
        }
        let reply = Reply(parsing: line)
        if case .text = reply, case .matched = vocabulary.match(line) {
            note("That is a new request: the one in progress is cancelled first.")
            input.putBack(line)
            return .cancel
        }
        return .answer(reply)
    }

    // MARK: Output

    func flushTrace() {
        let trace = assistant.trace
        let count = trace.count
        defer { traceMark = count }
        guard count > traceMark else { return }
        if options.json {
            output.write(String(trace.jsonLines(from: traceMark).dropLast()))
        } else if options.trace {
            output.write(String(trace.text(from: traceMark).dropLast()))
        }
    }

    func markTracePrinted() {
        traceMark = assistant.trace.count
    }

    /// Prints text for people (nothing in JSON mode, where the trace says it).
    func say(_ text: String) {
        if !options.json { output.write(text) }
    }

    /// Prints a command's feedback: text, or `{"message": …}` in JSON mode.
    func note(_ message: String) {
        if options.json { output.writeJSON(["message": .string(message)]) } else { output.write(message) }
    }

    /// Counts a failed command and says why: `Error: …`, or `{"error": …}` in JSON mode.
    func fail(_ message: String) {
        failures += 1
        let sentence = Self.sentence(message)
        if options.json { output.writeJSON(["error": .string(sentence)]) } else { output.write("Error: \(sentence)") }
    }

    func unknownCommand(_ name: String) {
        fail("Unknown command \(ShellText.visible(name)). Type :help for the commands.")
    }

    /// A message as a sentence: a capital first letter and a full stop.
    static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let capitalized = first.uppercased() + text.dropFirst()
        return capitalized.last.map { ".!?".contains($0) } == true ? capitalized : capitalized + "."
    }
}

/// A weak reference to the shell, for its user to call back.
@MainActor
private final class ShellLink {
    weak var shell: RecipeShell?
}
