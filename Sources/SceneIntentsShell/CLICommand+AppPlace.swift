/// A `ShellApp` whose app runs at an `AppPlace`: the app-place commands (`CLICommand.open`,
/// `home`, `scenes`, `close`, `quit`, `kill`, and `app(_:_:atPrompt:)` for any other command of
/// its driver) reach it there, and its screen and its end are the place's.
@MainActor
public protocol PlacedShellApp: ShellApp {
    /// Where the app runs.
    var place: AppPlace { get }
    /// Whether the app's driver writes JSON Lines itself in JSON mode (`AppDriver.json`): what it
    /// prints is printed as it is. Otherwise (the default) each of its lines is a message.
    var driverWritesJSON: Bool { get }
}

extension PlacedShellApp {
    /// The driver writes text.
    public var driverWritesJSON: Bool { false }

    /// The foreground scene's screen, framed, or why there is none (`AppPlace.screen()`).
    public func screen() async -> String? { await place.screen() }

    /// Terminates the app, or stops its processes and removes their sockets.
    public func close() async { await place.close() }
}

/// The commands every app has where it runs, declared once: each demo lists those it offers,
/// in its help order, beside its own.
extension CLICommand where App: PlacedShellApp {
    /// `command` of the app's driver (as it declares it, or with the shell's `summary`), carried
    /// out where the app runs (`AppPlace.run(_:)`), printing what it printed.
    public static func app(_ command: AppCommand, _ summary: String? = nil, atPrompt: AtPrompt = .cancelsFirst) -> CLICommand {
        CLICommand(command, summary, atPrompt: atPrompt) { shell, call in
            let output = try await shell.app.place.run(call.line)
            if shell.app.driverWritesJSON { shell.print(output) } else { shell.printLines(output) }
        }
    }

    /// `:open`: the user opens the app.
    public static var open: CLICommand { app(AppCommand.open) }

    /// `:home`: the app goes to the background.
    public static var home: CLICommand { app(AppCommand.home) }

    /// `:scenes`: the app's process and its windows (it leaves a question waiting; it starts no
    /// process).
    public static var scenes: CLICommand { app(AppCommand.scenes, atPrompt: .runs) }

    /// `:close [N]`: the user closes session-N, or the front window, running or not.
    public static var close: CLICommand {
        app(AppCommand.close, "Close session-N (the front window without N): its session is discarded, at the next launch if the app is not running.")
    }

    /// `:quit`: the user force-quits the app.
    public static var quit: CLICommand {
        app(AppCommand.quit, "Force-quit the app: its process ends and (--separate-processes) every session it kept is discarded.")
    }

    /// `:kill`: the app's process dies as in a crash, discarding nothing (it needs separate
    /// processes).
    public static var kill: CLICommand {
        CLICommand(":kill", "Kill the app's process with SIGKILL (--separate-processes); the next request relaunches it.") { shell, call in
            shell.note(try await shell.app.place.run(call.line))
        }
    }
}
