import Assistant
import SceneIntents

/// One of the REPL's `:commands`, declared once: `:help` prints the list (`help`), and the daemon
/// carries out a line by the entry its first word names.
///
/// Commands act as a user of the device would: they never start an app that is not running,
/// except `:open`. What each does to the app's scene sessions follows UIKit: `:close` is the
/// user closing one session (discarded; an app not running hears of it at its next launch),
/// `:quit` the user force-quitting the app (every session discarded), `:kill` a crash (nothing
/// discarded: the next launch restores the app's scenes).
public struct DaemonCommand: Sendable {
    /// `:close`.
    public let name: String
    /// Its arguments as the help shows them (`SESSION [NAME]`), empty for none.
    public let arguments: String
    /// What it does, one line.
    public let summary: String
    let action: @Sendable (ClientSession, CommandInput) async -> DaemonMessage

    init(_ name: String, _ arguments: String, _ summary: String, _ action: @escaping @Sendable (ClientSession, CommandInput) async -> DaemonMessage) {
        self.name = name
        self.arguments = arguments
        self.summary = summary
        self.action = action
    }

    /// `:close SESSION [NAME]`.
    public var synopsis: String { arguments.isEmpty ? name : "\(name) \(arguments)" }

    /// Every command, in the order `:help` lists them.
    public static let all: [DaemonCommand] = [
        DaemonCommand(":open", "NAME", "open an app (launching it) in the foreground; it becomes the current app") { await $0.open($1) },
        DaemonCommand(":home", "", "go to the home screen: every running app's scenes go to the background") { session, _ in await session.goHome() },
        DaemonCommand(":lock", "", "lock the device (intents restricted while locked are refused)") { session, _ in await session.setLocked(true) },
        DaemonCommand(":unlock", "", "unlock the device") { session, _ in await session.setLocked(false) },
        DaemonCommand(":scenes", "[NAME]", "the app's scenes and their states (the current app by default)") { await $0.listScenes($1) },
        DaemonCommand(":shortcuts", "[NAME]", "the app's donations, the shortcuts the system would offer and your voice shortcuts") {
            await $0.listShortcuts($1)
        },
        DaemonCommand(":delete-donations", "[NAME]", "delete everything the app donated (its voice shortcuts stay)") { await $0.deleteDonations($1) },
        DaemonCommand(":add-voice-shortcut", "N PHRASE", "record PHRASE for shortcut N of your last :shortcuts: saying it runs that shortcut") {
            await $0.addVoiceShortcut($1)
        },
        DaemonCommand(":delete-voice-shortcut", "PHRASE", "delete a voice shortcut (of the app your last :shortcuts listed)") {
            await $0.deleteVoiceShortcut($1)
        },
        DaemonCommand(":trace", "", "the trace of your last request") { session, input in await session.showTrace(input) },
        DaemonCommand(":close", "SESSION [NAME]", "close one of the app's sessions: it is discarded (heard at the next launch if not running)") {
            await $0.closeSession($1)
        },
        DaemonCommand(":kill", "[NAME]", "kill the app's process (SIGKILL), as a crash would: its sessions are kept") { await $0.kill($1) },
        DaemonCommand(":quit", "[NAME]", "force-quit the app: its process ends and all its sessions are discarded") { await $0.forceQuit($1) },
        DaemonCommand(":help", "", "this list") { _, _ in .listing(lines: DaemonCommand.help) },
    ]

    /// The help text, one line per command, then how anything else is taken.
    public static var help: [String] {
        let width = all.map(\.synopsis.count).max() ?? 0
        return all.map { $0.synopsis.padding(toLength: width + 1, withPad: " ", startingAt: 0) + $0.summary }
            + ["Anything else is said to the assistant; the app whose words fit best takes it."]
    }
}

/// A command line as typed: the line, and the words after the command's name.
struct CommandInput: Sendable {
    let line: String
    let arguments: [String]
    /// The arguments from the `index`th on, as one name ("recipe assistant").
    func name(from index: Int) -> String { arguments.dropFirst(index).joined(separator: " ") }
}

extension ClientSession {
    /// Carries out one command line; answers its output or why it failed.
    func command(_ line: String) async -> DaemonMessage {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let name = words.first ?? ""
        guard let command = DaemonCommand.all.first(where: { $0.name == name }) else {
            return .failure(
                DaemonError(.unknownCommand, value: name, message: "there is no command \(name); type :help for the commands"))
        }
        return await command.action(self, CommandInput(line: line, arguments: Array(words.dropFirst())))
    }
}
