import Assistant
import HobsonKit
import SceneIntents
import SceneIntentsShell

/// The `hobson` program: its `:commands`, declared once (the shell dispatches on them, and
/// `:help` and `--help` are printed from them).
public enum HobsonShell {
    /// The program.
    public static let program = CLIProgram<HobsonShellApp>(
        name: "hobson", summary: "Hobson, the insult generator: actions, donations, shortcut suggestions and voice shortcuts.",
        commands: commands, examples: ["insult me", "give me a pirate insult", "make me laugh", "roast me (once recorded)"],
        banner: "Hobson. Say “insult me”, or type :help.")

    /// The commands, in help order.
    static let commands: [CLICommand<HobsonShellApp>] = [
        app(":open", "Open the app: its screen, with an insult."),
        app(":tap", argument: "N", "Tap row [N]: 1 Another, 2 Favourite, 3 Make me laugh."),
        app(":url", argument: "URL", "Open an app URL, for example hobson://insult?style=pirate."),
        app(":timeline", "List every action performed, where from, and how it went.", atPrompt: .runs),
        CLICommand(":suggestions", "List the shortcuts the system would offer, ranked.", atPrompt: .runs) { shell, _ in
            notes(shell, await shell.app.session.suggestions())
        },
        CLICommand(":donations", "List the donations the system keeps for Hobson.", atPrompt: .runs) { shell, _ in
            notes(shell, await shell.app.session.donations())
        },
        CLICommand(":delete-donations", argument: "[GROUP]", "Delete Hobson's donations: those of GROUP, or all.") { shell, call in
            guard call.arguments.count <= 1 else { throw AppCommandError(.badArgument, call.line, ":delete-donations takes one group at most.") }
            notes(shell, try await shell.app.session.deleteDonations(group: call.arguments.first))
        },
        CLICommand(":add-voice-shortcut", argument: "PHRASE [for ACTION]", "Record PHRASE for the top offer (of ACTION).") { shell, call in
            var words = call.arguments
            var action: String?
            if words.count >= 3, words[words.count - 2] == "for" {
                action = words.removeLast()
                words.removeLast()
            }
            let phrase = try joined(words, call, "a phrase, for example :add-voice-shortcut roast me")
            notes(shell, try await shell.app.session.addVoiceShortcut(phrase, for: action))
        },
        CLICommand(":edit-voice-shortcut", argument: "PHRASE -> NEW", "Change a voice shortcut's phrase.") { shell, call in
            guard let arrow = call.arguments.firstIndex(of: "->") else {
                throw AppCommandError(.badArgument, call.line, ":edit-voice-shortcut needs PHRASE -> NEW, for example roast me -> burn me.")
            }
            let old = try joined(Array(call.arguments[..<arrow]), call, "the phrase before ->")
            let new = try joined(Array(call.arguments[(arrow + 1)...]), call, "the new phrase after ->")
            notes(shell, try await shell.app.session.editVoiceShortcut(old, to: new))
        },
        CLICommand(":delete-voice-shortcut", argument: "PHRASE", "Delete a voice shortcut.") { shell, call in
            notes(shell, try await shell.app.session.deleteVoiceShortcut(try joined(call.arguments, call, "the phrase to delete")))
        },
        CLICommand(":voice-shortcuts", "List the voice shortcuts.", atPrompt: .runs) { shell, _ in
            notes(shell, await shell.app.session.voiceShortcuts())
        },
        app(":grant", argument: "KIND NAME", "Grant a permission, purchase, toggle or flag (e.g. :grant purchase jokes)."),
        app(":revoke", argument: "KIND NAME", "Revoke one (e.g. :revoke toggle favourites)."),
        .close, .quit, .kill,
    ] + CLICommand.standard

    /// A command carried out where the app runs, printing what it printed.
    private static func app(
        _ name: String, argument: String? = nil, _ summary: String, atPrompt: CLICommand<HobsonShellApp>.AtPrompt = .cancelsFirst
    ) -> CLICommand<HobsonShellApp> {
        CLICommand(name, argument: argument, summary, atPrompt: atPrompt) { shell, call in
            notes(shell, try await shell.app.session.run(call.line))
        }
    }

    @MainActor
    private static func notes(_ shell: Shell<HobsonShellApp>, _ lines: [String]) {
        for line in lines { shell.note(line) }
    }

    private static func joined(_ words: [String], _ call: CLICommand<HobsonShellApp>.Call, _ wanted: String) throws(AppCommandError) -> String {
        guard !words.isEmpty else { throw AppCommandError(.badArgument, call.line, "\(call.line) needs \(wanted).") }
        return words.joined(separator: " ")
    }
}
