import Assistant
import Foundation
import SceneIntents

/// The Recipe Assistant's command line: plain text is spoken to the assistant, `:commands` act
/// on the device and the app as a user would. After each turn it prints the foreground scene's
/// screen, framed.
///
/// It reads every line (commands and answers to the assistant's prompts) from one `LineSource`,
/// so it runs the same interactively, from a script, or in a test, and it never blocks the main
/// actor while waiting for input.
@MainActor
public final class RecipeShell {
    /// What the shell was asked to do.
    public struct Options: Sendable {
        /// Print each turn's trace events as text.
        public var trace = false
        /// Print only JSON Lines, one trace event per line.
        public var json = false
        /// Speak the assistant's lines with espeak-ng.
        public var speak = false
        /// Repeat each input line (for scripts and piped input).
        public var echo = false
        /// Print a prompt before each line (an interactive terminal).
        public var interactive = false
        /// Synthetic recipes added to the book.
        public var catalogSize = 0

        /// Default options.
        public init() {}
    }

    private let options: Options
    private let input: any LineSource
    private let output: ShellOutput
    private let app: RecipeAssistantApp
    private let assistant: Assistant
    private var errors = 0
    private var traceMark = 0

    /// A shell over a new, not yet running, Recipe Assistant.
    public init(options: Options, input: any LineSource, output: ShellOutput, clock: any Clock<Duration>) throws {
        self.options = options
        self.input = input
        self.output = output
        app = try RecipeAssistantApp(catalogSize: options.catalogSize)
        var speaker: Speaker?
        if options.speak {
            speaker = Speaker()
            if speaker == nil {
                output.write("--speak: espeak-ng is not installed (apt-get install espeak-ng); the assistant's lines are printed only.")
            }
        }
        let user = TerminalUser(input: input, output: output, quiet: options.json, echo: options.echo, speaker: speaker)
        assistant = app.makeAssistant(user: user, clock: clock)
    }

    /// The app the shell drives.
    public var recipeApp: RecipeAssistantApp { app }

    /// The assistant's trace.
    public var trace: Trace { assistant.trace }

    /// How many commands failed so far.
    public var errorCount: Int { errors }

    /// Runs until the input ends or `:exit`; returns 0, or 1 when any command failed.
    public func run() async -> Int32 {
        if !options.json && options.interactive {
            say("Recipe Assistant. Type :open to open the app, speak with plain text, :help for commands.")
        }
        while true {
            if options.interactive && !options.json { FileHandle.standardOutput.write(Data("› ".utf8)) }
            guard let raw = await input.nextLine() else { break }
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") {
                if line.hasPrefix("## ") { say(String(line.dropFirst(3))) }
                continue
            }
            if options.echo && !options.json { say("> \(line)") }
            if line == ":exit" { break }
            await turn(line)
        }
        if app.application.isRunning { app.application.terminate() }
        flushTrace()
        return errors == 0 ? 0 : 1
    }

    /// Carries out one line: a command or an utterance, then shows the screen.
    public func turn(_ line: String) async {
        if line.hasPrefix(":") {
            command(line)
        } else {
            _ = await assistant.perform(.utterance(line))
        }
        showScreen()
        flushTrace()
    }

    // MARK: Commands

    private func command(_ line: String) {
        let words = line.split(separator: " ").map(String.init)
        let application = app.application
        do {
            switch words[0] {
            case ":open": try application.userOpensApp()
            case ":tap":
                guard words.count == 2, let number = Int(words[1]) else { return fail(":tap needs a row number, e.g. :tap 1") }
                guard let screen = app.foregroundScreen, isOnScreen else { return fail("Nothing is on screen to tap; :open the app first.") }
                if let problem = screen.tap(number) { fail(problem) }
            case ":back":
                guard isOnScreen, let navigation = application.mostRecentlyActiveScene?.rootViewController as? NavigationController
                else { return fail("Nothing is on screen; :open the app first.") }
                if navigation.pop() == nil { say("(already at the recipe list)") }
            case ":home": try application.moveToBackground()
            case ":new-window": try application.userOpensNewWindow()
            case ":close":
                guard let scene = application.mostRecentlyActiveScene else { return fail("No window is open.") }
                try application.userCloses(scene.session)
            case ":scenes": listScenes()
            case ":lock":
                app.device.lock()
                say("(device locked)")
            case ":unlock":
                app.device.unlock()
                say("(device unlocked)")
            case ":quit":
                guard application.isRunning else { return fail("The app is not running.") }
                application.terminate()
            case ":trace": output.write(assistant.trace.text())
            case ":help": say(Self.help)
            default: fail("Unknown command \(words[0]). Type :help for the commands.")
            }
        } catch {
            fail("\(error)")
        }
    }

    private var isOnScreen: Bool {
        app.application.mostRecentlyActiveScene?.activationState.isForeground ?? false
    }

    private func listScenes() {
        let application = app.application
        guard !application.openSessions.isEmpty else { return say("(no windows)") }
        for session in application.openSessions {
            let state = session.scene.map { "\($0.activationState)" } ?? "archived"
            let screen = (session.scene?.visibleViewController as? (any RecipeScreen))?.heading ?? "-"
            say("\(session.persistentIdentifier): \(state) · \(screen)")
        }
    }

    /// The commands, for `:help`.
    public static let help = """
        Speak plain text to the assistant, e.g.:
          show directions for banana pancakes · next step · what's next · show directions for pan
        Commands act on the device and the app as a user would:
          :open          open the app (launch it, or bring it to the foreground)
          :tap N         tap row [N] of the screen
          :back          go back one screen
          :home          send the app to the background
          :new-window    open another window (a new scene)
          :close         close the front window (its session is discarded)
          :scenes        list the windows and their states
          :lock :unlock  lock or unlock the device
          :quit          terminate the app
          :trace         print the whole trace
          :help          this list
          :exit          leave
        When the assistant asks, answer with a number, "more", "yes"/"no", words, or "cancel".
        """

    // MARK: Output

    private func showScreen() {
        guard !options.json else { return }
        let application = app.application
        guard application.isRunning else { return say("(\(RecipeAssistantApp.name) is not running)") }
        guard let scene = application.mostRecentlyActiveScene, scene.activationState.isForeground,
            let screen = scene.visibleViewController as? (any RecipeScreen)
        else {
            return say("(\(RecipeAssistantApp.name) is in the background)")
        }
        let windows = application.connectedScenes.count
        let badge = windows > 1 ? "\(scene.session.persistentIdentifier) of \(windows)" : scene.session.persistentIdentifier
        say(ScreenFrame.render(heading: screen.heading, badge: badge, lines: screen.lines()))
    }

    private func flushTrace() {
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

    private func say(_ text: String) {
        if !options.json { output.write(text) }
    }

    private func fail(_ message: String) {
        errors += 1
        if options.json {
            output.write("{\"error\":\(Self.jsonString(message))}")
        } else {
            output.write("Error: \(message)")
        }
    }

    private static func jsonString(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
