import Assistant
import SceneIntents
import SceneIntentsShell
import SceneIntentsTesting
import TestFixtures

/// The soup kitchen as a shell's app: in process, one phrase ("order soup"), a handler that asks
/// for the soup, and a screen that counts the turns it was shown after.
@MainActor
final class KitchenShellApp: ShellApp {
    let application: Application
    let handler = ScriptedSoupHandler()
    let assistant: Assistant
    let vocabulary: Vocabulary
    private(set) var screens = 0

    init(_ environment: ShellEnvironment) throws {
        let handler = handler
        handler.soup = { intent in intent.soup.map { .success(with: $0) } ?? .needsValue }
        application = Kitchen.application(fallback: { _ in handler })
        var vocabulary = Vocabulary()
        try vocabulary.addPhrase("order soup", intent: OrderSoupIntent.typeName)
        self.vocabulary = vocabulary
        let connection = InProcessConnection(
            host: IntentHost(application: application, catalog: try Kitchen.catalog()), appName: "Kitchen")
        assistant = Assistant(
            connection: connection, user: environment.user, device: Device(), clock: environment.clock,
            vocabulary: vocabulary)
    }

    func screen() async -> String? {
        screens += 1
        return "[screen \(screens)]"
    }

    func close() async {
        if application.isRunning { application.terminate() }
    }
}

/// A kitchen CLI: one command of its own, `:soups`, then the standard ones.
enum KitchenCLI {
    struct Options: CLIOptions {
        var session = SessionSettings()
        var tables = 1
    }

    static let options: [CLIOption<Options>] = [
        .script, .tour("--tour", script: ":soups", "Show the soups."), .trace, .json,
        .wholeNumber("--tables", in: 1...9, "Set N tables.", \.tables), .help,
    ]

    static let program = CLIProgram<KitchenShellApp>(
        name: "kitchen", summary: "order soup by voice.",
        commands: [
            CLICommand(":soups", argument: "WORD", "List the soups whose name has WORD.", atPrompt: .runs) { shell, call in
                let word = call.arguments.first?.lowercased() ?? ""
                let names = Soup.menu.map(\.name).filter { word.isEmpty || $0.lowercased().contains(word) }
                guard !names.isEmpty else { throw UsageError(code: .badValue, value: word, message: "no soup has \(word) in its name") }
                shell.note(names.joined(separator: ", "))
            }
        ] + CLICommand.standard,
        examples: ["order soup"])

    /// A session over `script`, with its output and warnings captured.
    @MainActor
    static func session(_ script: String, settings: SessionSettings = SessionSettings(), clock: ManualClock = ManualClock())
        throws -> (Shell<KitchenShellApp>, ScriptLines, ShellOutput)
    {
        let input = ScriptLines(text: script)
        let output = ShellOutput.captured()
        let shell = try Shell(
            program: program, settings: settings, input: input, output: output, warnings: .captured(),
            clock: .sleeping(on: clock), makeApp: { try KitchenShellApp($0) })
        return (shell, input, output)
    }
}
