import Assistant
import SceneIntents

/// The REPL's `:commands`, carried out by the daemon for one client.
///
/// `:open NAME`, `:home`, `:lock`, `:unlock`, `:scenes [NAME]`, `:trace`, `:quit [NAME]`,
/// `:help`. Commands act as a user of the device would: they never start an app that is not
/// running, except `:open`.
public enum DaemonCommand {
    /// The help text, one line per command.
    public static let help = [
        ":open NAME     open an app (launching it) in the foreground; it becomes the current app",
        ":home          go to the home screen: every running app's scenes go to the background",
        ":lock          lock the device (intents restricted while locked are refused)",
        ":unlock        unlock the device",
        ":scenes [NAME] the app's scenes and their states (the current app by default)",
        ":trace         the trace of your last request",
        ":quit [NAME]   end the app's process (the current app by default)",
        ":help          this list",
        "Anything else is said to the assistant; the app whose words fit best takes it.",
    ]
}

extension ClientSession {
    /// Carries out one command line; answers its output or why it failed.
    func command(_ line: String) async -> DaemonMessage {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let name = words.first ?? ""
        let argument = words.dropFirst().joined(separator: " ")
        func done(_ lines: String...) -> DaemonMessage { .listing(lines: lines) }
        switch name {
        case ":help":
            return .listing(lines: DaemonCommand.help)
        case ":trace":
            guard let events = lastTrace else {
                return .failure(DaemonError(.noTrace, value: line, message: "you have made no request yet"))
            }
            return .listing(lines: events.map(\.description))
        case ":home":
            for app in await runningApps() { _ = await daemon.send(.home, to: app) }
            return done("Went to the home screen.")
        case ":lock", ":unlock":
            let locked = name == ":lock"
            daemon.device.isLocked = locked
            for app in await runningApps() {
                _ = await daemon.send(.lock(isLocked: locked), to: app)
                if locked { _ = await daemon.send(.home, to: app) }
            }
            return done(locked ? "Locked the device." : "Unlocked the device.")
        case ":open", ":scenes", ":quit":
            let app: ServedApp
            switch target(argument, required: name == ":open", line: line) {
            case .success(let found): app = found
            case .failure(let error): return .failure(error)
            }
            defer { daemon.giveBack(app) }
            if name == ":open" {
                current = app.bundle.identifier
                return outcome(await daemon.send(.open, to: app), line, "Opened \(app.bundle.name).")
            }
            guard await app.isRunning else { return done("\(app.bundle.name) is not running.") }
            if name == ":quit" {
                let quit = outcome(await daemon.send(.quit, to: app), line, "Quit \(app.bundle.name).")
                // The next command finds it gone, not on its way out.
                await daemon.waitForExit(of: [app])
                return quit
            }
            return outcome(await daemon.send(.command(":scenes"), to: app), line, nil)
        default:
            return .failure(
                DaemonError(.unknownCommand, value: name, message: "there is no command \(name); type :help for the commands"))
        }
    }

    private func outcome(_ outcome: EventOutcome, _ line: String, _ success: String?) -> DaemonMessage {
        switch outcome {
        case .done(let output):
            let text = success ?? output ?? ""
            return .listing(lines: text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        case .refused(let why):
            return .failure(DaemonError(.commandFailed, value: line, message: why))
        }
    }

    /// The app a command names, or the current one when none is named (and one is not
    /// required), borrowed until the command ends (`Daemon.giveBack`).
    private func target(_ name: String, required: Bool, line: String) -> Result<ServedApp, DaemonError> {
        let current = current
        let app = daemon.borrow { apps in
            guard !name.isEmpty else {
                return required ? nil : apps.first(where: { $0.bundle.identifier == current }) ?? (apps.count == 1 ? apps.first : nil)
            }
            return apps.first(where: { $0.bundle.name.caseInsensitiveCompare(name) == .orderedSame })
        }
        if let app { return .success(app) }
        let served = daemon.served
        let names = served.apps.map(\.bundle.name).joined(separator: ", ")
        if name.isEmpty {
            return .failure(DaemonError(.unknownCommand, value: line, message: "name the app: \(line) NAME (served: \(names))"))
        }
        if let refusal = served.refused.values.first(where: { $0.source.name.caseInsensitiveCompare(name) == .orderedSame }) {
            let why = refusal.problems.first.map { "\($0.problem)" } ?? "see `assistant apps`"
            return .failure(
                DaemonError(.unknownApp, value: name, message: "\(refusal.source.name) is installed but not served: \(why)"))
        }
        if let withdrawn = served.withdrawn[name.lowercased()] {
            return .failure(DaemonError(.unknownApp, value: name, message: withdrawn.message))
        }
        return .failure(DaemonError(.unknownApp, value: name, message: "no app is named \(name) (served: \(names.isEmpty ? "none" : names))"))
    }

    private func runningApps() async -> [ServedApp] {
        var running: [ServedApp] = []
        for app in daemon.apps where await app.isRunning { running.append(app) }
        return running
    }
}
