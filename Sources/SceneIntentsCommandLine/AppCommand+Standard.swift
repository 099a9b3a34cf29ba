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

    /// `:screen`: the foreground screen (`TextScreen`), framed; or why there is none.
    public static let screen = AppCommand(":screen", "Show the screen in front, framed.") { call in
        call.driver.drawScreen()
    }

    /// `:scenes`: the app's process, then each session: a window's state and screen, an
    /// archived session's restoration (`SceneListing`).
    public static let scenes = AppCommand(":scenes", "List the app's process, its windows and what archived ones restore.") { call in
        call.driver.listScenes()
    }

    /// `:close [N]`: the user closes session-N (the front window's without N), which discards
    /// it (`SessionClosing`).
    public static let close = AppCommand(
        ":close", argument: Argument("[N]", "a session number", example: "1 for session-1"),
        "Close session-N (the front window without N): its session is discarded."
    ) { call in
        let application = call.driver.application
        try application.userCloses(try SessionClosing.session(call.line, number: call.arguments.first, in: application, appName: call.driver.name))
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
