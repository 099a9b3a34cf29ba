import Foundation
import SceneIntents

/// The commands every app's driver has, each acting as a user of the device would.
extension AppCommand {
    /// `:open`, `:home`, `:screen`, `:scenes`, `:close [N]`, `:quit` and `:help`, in help order.
    public static let standard: [AppCommand] = [open, home, screen, scenes, close, quit, help]

    /// `:open`: the user opens the app (launched, or brought to the foreground).
    public static let open = AppCommand(":open", "Open the app: launch it, or bring it to the foreground.") { call in
        try call.driver.application.userOpensApp()
        return ""
    }

    /// `:home`: the user goes to the home screen; the app's scenes go to the background.
    public static let home = AppCommand(":home", "Send the app to the background.") { call in
        try call.driver.application.moveToBackground()
        return ""
    }

    /// `:screen`: the foreground screen (`TextScreen`) framed (`ScreenFrame`), its session as the
    /// badge ("of N" with more than one window); or, in parentheses, why there is none.
    public static let screen = AppCommand(":screen", "Show the screen in front, framed.") { call in
        let driver = call.driver
        guard driver.application.isRunning else { return AppDriver.notRunningLine(driver.name) }
        guard let scene = driver.foregroundScene, let screen = scene.visibleViewController as? any TextScreen else {
            return "(\(driver.name) is in the background.)"
        }
        let windows = driver.application.connectedScenes.count
        let session = scene.session.persistentIdentifier
        return ScreenFrame.render(heading: screen.heading, badge: windows > 1 ? "\(session) of \(windows)" : session, lines: screen.lines())
    }

    /// `:scenes`: the app's process, then each open session: a connected one's state and the
    /// heading of its screen, an archived one's restoration (`AppDriver.Restoration`); as
    /// sentences or, in JSON mode, one object per line.
    public static let scenes = AppCommand(":scenes", "List the app's process, its windows and what archived ones restore.") { call in
        let driver = call.driver
        let process = Int(ProcessInfo.processInfo.processIdentifier)
        var lines = [driver.json ? JSONScalar.object(["process": .integer(process)]) : "\(driver.name) runs in process \(process)."]
        let sessions = driver.application.openSessions
        if sessions.isEmpty { lines.append(driver.note("No windows are open.")) }
        for session in sessions {
            let identifier = session.persistentIdentifier
            if let scene = session.scene {
                let (state, screen) = ("\(scene.activationState)", (scene.visibleViewController as? any TextScreen)?.heading ?? "nothing")
                lines.append(
                    driver.json
                        ? JSONScalar.object(["scene": .string(identifier), "state": .string(state), "screen": .string(screen)])
                        : "\(identifier): \(state), showing \(screen).")
            } else if driver.json {
                lines.append(JSONScalar.object([("scene", .string(identifier)), ("state", "archived")] + (driver.restoration(session)?.fields ?? [])))
            } else {
                lines.append("\(identifier): archived" + (driver.restoration(session).map { ", restores \($0.restores)." } ?? "."))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `:close [N]`: the user closes session-N (the front window's without N), which discards it.
    /// (Where the app runs in its own process, a front end closes session-N through the system,
    /// even while the app is not running: `AppDriver.sessionIdentifier`.)
    public static let close = AppCommand(
        ":close", argument: Argument("[N]", "a session number", example: "1 for session-1"),
        "Close session-N (the front window without N): its session is discarded."
    ) { call in
        let application = call.driver.application
        let identifier = try call.arguments.first.map { number throws(AppCommandError) in try AppDriver.sessionIdentifier(call.line, number: number) }
        let session: SceneSession? =
            if let identifier { application.openSessions.first { $0.persistentIdentifier == identifier } } else { application.mostRecentlyActiveScene?.session }
        guard let session else {
            throw AppCommandError(.nothingToActOn, call.line, identifier.map { "\(call.driver.name) has no open session \($0)." } ?? "No window is open.")
        }
        try application.userCloses(session)
        return ""
    }

    /// `:quit`: the user force-quits the app; it terminates.
    public static let quit = AppCommand(":quit", "Force-quit the app: it terminates.") { call in
        guard call.driver.application.isRunning else { throw call.driver.notRunning(call.line) }
        call.driver.application.terminate()
        return ""
    }

    /// `:help`: every command of the driver, with its argument and summary.
    public static let help = AppCommand(":help", "List these commands.") { call in
        call.driver.helpLines.map(call.driver.note).joined(separator: "\n")
    }
}
