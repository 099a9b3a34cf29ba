import Assistant
import SceneIntents
import SceneIntentsShell
import TimersKit

/// The Timers demo's command line: a `Shell` over the app in this process. Plain text is spoken
/// to the assistant ("start a tea timer in timers"); `:open` and `:home` are the app's driver's
/// (`AppDriver`), acting on the app as a user would.
public enum TimersShell {
    /// Every option, in help order.
    public static let options: [CLIOption<SessionSettings>] = [.script, .trace, .json, .speak, .help]

    /// The `:commands`, in help order: two of the app's driver, as it declares them, then the
    /// standard ones.
    public static let commands: [CLICommand<TimersSession>] = [.open, .home] + CLICommand.standard

    /// Things to say, for help.
    public static let examples = [
        "start a tea timer in timers", "start a timer in timers", "add a timer in timers", "stop my timers in timers",
        "show my timers in timers", "change the sound in timers",
    ]

    /// The program: its name, help texts and commands.
    public static let program = CLIProgram<TimersSession>(
        name: "timers", summary: "kitchen timers, every intent declared with App Intents' API.",
        commands: commands, examples: examples,
        banner: "Timers. Say \"start a tea timer in timers\", type :open to see them, :help for commands.")
}

/// Timers as a `Shell` drives it: the app in this process and the assistant in front of it.
@MainActor
public final class TimersSession: PlacedShellApp {
    /// The app.
    public let app: TimersApp
    /// The assistant in front of it.
    public let assistant: Assistant
    /// The app's phrases.
    public let vocabulary: Vocabulary
    /// In this process, with the app's command driver.
    public let place: AppPlace

    /// A new, not yet running, Timers app with an assistant for the terminal's user.
    public init(environment: ShellEnvironment) throws {
        app = TimersApp()
        let connection = InProcessConnection(host: app.host, appName: TimersApp.name)
        place = .inProcess(AppDriver(name: TimersApp.name, application: app.application), connection: connection)
        vocabulary = try Vocabulary(app.words, catalog: app.intents.catalog)
        assistant = Assistant(
            connection: connection, user: environment.user, device: app.application.device, clock: environment.clock,
            vocabulary: vocabulary)
    }

    /// The timers screen, framed, while a scene of the app is in the foreground.
    public func screen() async -> String? {
        let screen = await place.screen()
        return screen.hasPrefix("(") ? nil : screen
    }
}
