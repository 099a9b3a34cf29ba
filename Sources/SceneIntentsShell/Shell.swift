import Assistant
import Foundation

/// A session: plain text is spoken to the app's assistant, `:commands` (the program's table)
/// act as a user would, and after each turn the app's screen is shown.
///
/// It reads every line (commands and answers to the assistant's prompts) from one `LineSource`,
/// so it runs the same interactively, from a script, or in a test, and it never blocks the main
/// actor while waiting for input. Nothing typed can stop the process: every bad line gets a
/// sentence saying what is wrong, and the session goes on.
@MainActor
public final class Shell<App: ShellApp> {
    /// The program: its commands and help.
    public let program: CLIProgram<App>
    /// What the session was asked to do.
    public let settings: SessionSettings
    /// The app the session drives.
    public let app: App
    let input: ShellInput
    let output: ShellOutput
    let warnings: ShellOutput
    let speaker: Speaker?
    var leaving = false
    var traceMark = 0

    /// A session over the app `makeApp` makes with the environment (whose user reads `input`).
    /// Warnings (a missing speaker, the app's own) go to `warnings`.
    public init(
        program: CLIProgram<App>, settings: SessionSettings, input: any LineSource, output: ShellOutput,
        warnings: ShellOutput = .standardError(), clock: BudgetClock,
        makeApp: (ShellEnvironment) throws -> App
    ) throws {
        self.program = program
        self.settings = settings
        self.input = ShellInput(input)
        self.output = output
        self.warnings = warnings
        speaker = settings.speak ? Speaker(command: settings.speaker, warn: { warnings.write($0) }) : nil
        // The user reaches back to the shell through a weak link set once the shell exists.
        let link = ShellLink()
        let user = TerminalUser(
            input: self.input, output: output, quiet: settings.json, echo: settings.echo, speaker: speaker,
            interject: { line in await link.shell?.interjection(line) ?? .cancel })
        app = try makeApp(ShellEnvironment(user: user, warnings: warnings, clock: clock, settings: settings))
        link.shell = self
    }

    /// The assistant's trace.
    public var trace: Trace { app.assistant.trace }

    /// How many turns failed so far: command errors, utterances not understood, and requests
    /// that ended in failure, timeout, cancellation or refusal.
    public internal(set) var errorCount = 0

    /// Why standard output could not be written, if it could not.
    public var outputFailure: String? { output.failure }

    /// Runs until the input ends or `:exit`, then closes the app and waits for the speaker.
    /// Answers the exit status: 74 when output failed, 1 when a turn failed (if
    /// `failedTurnsFail`), else 0.
    public func run() async -> Int32 {
        if settings.interactive, let banner = program.banner { say(banner) }
        while output.failure == nil && !leaving {
            if settings.interactive && !settings.json { output.writePrompt("› ") }
            guard let read = await input.next() else { break }
            let line = read.text.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") {
                if line.hasPrefix("## ") { say(String(line.dropFirst(3))) }
                continue
            }
            if settings.echo && !settings.json && !read.isQueued { say("> \(ShellText.visible(line))") }
            await turn(line)
        }
        await close()
        flushTrace()
        await speaker?.finish()
        if output.failure != nil { return 74 }
        return settings.failedTurnsFail && errorCount > 0 ? 1 : 0
    }

    /// Ends the app (`run()` does this at the end; a caller driving `turn` itself calls it when
    /// done).
    public func close() async {
        await app.close()
    }

    /// Carries out one line: a command or an utterance, then shows the screen.
    public func turn(_ line: String) async {
        var answered = true
        if line.hasPrefix(":") {
            await command(line)
        } else {
            let outcome = await app.assistant.perform(app.request(for: line))
            if !Self.succeeded.contains(outcome.status) { errorCount += 1 }
            // An app that did not answer in time (stopped, wedged) is not asked for its screen:
            // it would most likely miss that budget too, and the next prompt would wait for it.
            answered = outcome.status != .timedOut
        }
        if leaving || !answered { return flushTrace() }
        if !settings.json, let screen = await app.screen() { say(screen) }
        flushTrace()
    }

    /// Ends the session after the current turn (`:exit`).
    public func leave() {
        leaving = true
    }

    /// The outcomes that count as a turn done.
    static var succeeded: Set<AssistantOutcome.Status> { [.success, .inProgress, .continuedInApp] }

    /// Carries out a `:command` line; a failure is counted and said, never thrown.
    func command(_ line: String) async {
        let words = line.split(separator: " ").map(String.init)
        guard let name = words.first, let command = program.command(named: name) else {
            return unknownCommand(words.first ?? line)
        }
        if command.argument == nil && words.count > 1 {
            return fail("\(command.name) takes nothing after it; type \(command.name) alone.")
        }
        do {
            try await command.action(self, CLICommand.Call(line: line, arguments: Array(words.dropFirst())))
        } catch {
            fail(String(describing: error))
        }
    }

    /// What a line typed at one of the assistant's questions does (see `TerminalUser`).
    func interjection(_ typed: String) async -> TerminalUser.Interjection {
        let line = typed.trimmingCharacters(in: .whitespaces)
        if line.hasPrefix(":") {
            let name = String(line.prefix { $0 != " " })
            guard let command = program.command(named: name) else {
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
        // Words over the admission limit are no new request: the assistant refuses them.
        if case .text = reply, Admission.refusal(of: line) == nil, case .matched = app.vocabulary.match(line) {
            note("That is a new request: the one in progress is cancelled first.")
            input.putBack(line)
            return .cancel
        }
        return .answer(reply)
    }
}

/// What the user calls back at a question: the shell, whatever its app (not generic, so the
/// user's `@Sendable` closure captures no app type).
@MainActor
private protocol Interjecting: AnyObject, Sendable {
    func interjection(_ typed: String) async -> TerminalUser.Interjection
}

extension Shell: Interjecting {}

/// A weak reference to the shell, for its user to call back.
@MainActor
private final class ShellLink {
    weak var shell: (any Interjecting)?
}
