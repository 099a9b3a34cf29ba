import Assistant
import SceneIntents

/// The `:commands`, dispatched on `ShellCommand.Kind`.
extension RecipeShell {
    /// Carries out a `:command` line; a failure is counted and said, never thrown.
    func command(_ line: String) {
        let words = line.split(separator: " ").map(String.init)
        guard let name = words.first, let command = ShellCommand.named(name) else {
            return unknownCommand(words.first ?? line)
        }
        let arguments = Array(words.dropFirst())
        if command.argument == nil && !arguments.isEmpty {
            return fail("\(command.name) takes nothing after it; type \(command.name) alone.")
        }
        if command.needsUnlocked && app.device.isLocked {
            return fail("The device is locked; unlock first with :unlock.")
        }
        let application = app.application
        do {
            switch command.kind {
            case .open: try application.userOpensApp()
            case .tap: tap(arguments)
            case .back: back()
            case .home: try application.moveToBackground()
            case .newWindow:
                guard application.isRunning else { return fail("\(RecipeAssistantApp.name) is not running; :open it first.") }
                try application.userOpensNewWindow()
            case .close:
                guard let scene = application.mostRecentlyActiveScene else { return fail("No window is open.") }
                try application.userCloses(scene.session)
            case .scenes: listScenes()
            case .lock: try lock()
            case .unlock: try unlock()
            case .quit:
                guard application.isRunning else { return fail("\(RecipeAssistantApp.name) is not running.") }
                application.terminate()
            case .trace: printTrace()
            case .help: printHelp()
            case .exit: leaving = true
            }
        } catch {
            fail("\(error)")
        }
    }

    private var isOnScreen: Bool {
        app.application.mostRecentlyActiveScene?.activationState.isForeground ?? false
    }

    /// Taps a row: any integer is accepted, and one that is not a row on screen (`Int.min`,
    /// `Int.max`, a number too long for `Int`) gets "no such row" before the screen sees it.
    private func tap(_ arguments: [String]) {
        guard arguments.count == 1, let typed = arguments.first, Self.isInteger(typed) else {
            return fail(":tap needs a row number, for example :tap 1.")
        }
        guard isOnScreen, let screen = app.foregroundScreen else {
            return fail("Nothing is on screen to tap; :open the app first.")
        }
        let rows = Self.rows(of: screen.lines())
        guard let number = Int(typed), rows.contains(number) else {
            let choice = switch rows.count {
            case 0: "there is nothing to tap here"
            case 1: "the only row is [\(rows[0])]"
            default: "the rows are [\(rows[0])] to [\(rows[rows.count - 1])]"
            }
            return fail("There is no row \(typed) on this screen; \(choice).")
        }
        if let problem = screen.tap(number) { fail(problem) }
    }

    /// Whether the text is a whole number, however large: an optional sign and digits.
    static func isInteger(_ text: String) -> Bool {
        let digits = text.first.map { "+-".contains($0) } == true ? text.dropFirst() : text[...]
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The row numbers a screen shows (`[n]` at the start of a line), in order.
    static func rows(of lines: [String]) -> [Int] {
        lines.compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.first == "[", let close = trimmed.firstIndex(of: "]") else { return nil }
            return Int(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
        }
    }

    private func back() {
        guard isOnScreen, let navigation = app.application.mostRecentlyActiveScene?.rootViewController as? NavigationController
        else { return fail("Nothing is on screen; :open the app first.") }
        if navigation.pop() == nil { note("Already at the recipe list.") }
    }

    /// Locks the device: the scenes on screen resign and go to the background, as they do when
    /// the screen locks.
    private func lock() throws(ApplicationError) {
        guard !app.device.isLocked else { return note("The device is already locked.") }
        app.device.lock()
        let application = app.application
        if application.isRunning && application.connectedScenes.contains(where: { $0.activationState.isForeground }) {
            try application.moveToBackground()
            lockSentHome = true
        }
        note("The device is locked.")
    }

    /// Unlocks the device: the scenes the lock sent to the background come back.
    private func unlock() throws(ApplicationError) {
        guard app.device.isLocked else { return note("The device is not locked.") }
        app.device.unlock()
        if lockSentHome && app.application.isRunning { try app.application.returnToForeground() }
        lockSentHome = false
        note("The device is unlocked.")
    }

    /// Every session: a connected one's state and screen; an archived one's restoration (the
    /// recipe and step it comes back to).
    private func listScenes() {
        let sessions = app.application.openSessions
        guard !sessions.isEmpty else { return note("No windows are open.") }
        for session in sessions {
            let identifier = session.persistentIdentifier
            if let scene = session.scene {
                let state = "\(scene.activationState)"
                let screen = (scene.visibleViewController as? (any RecipeScreen))?.heading ?? "nothing"
                if options.json {
                    output.writeJSON(["scene": .string(identifier), "state": .string(state), "screen": .string(screen)])
                } else {
                    output.write("\(identifier): \(state), showing \(screen).")
                }
                continue
            }
            let (recipe, step) = restoration(of: session)
            if options.json {
                output.writeJSON([
                    "scene": .string(identifier), "state": "archived", "recipe": recipe.map { .string($0) } ?? .null,
                    "step": step.map { .integer($0) } ?? .null,
                ])
            } else {
                let restores = recipe.map { title in step.map { "\(title) at step \($0)" } ?? title } ?? "the recipe list"
                output.write("\(identifier): archived, restores \(restores).")
            }
        }
    }

    /// The recipe title and step (from 1) an archived session restores, if it saved any.
    private func restoration(of session: SceneSession) -> (String?, Int?) {
        guard let activity = session.stateRestorationActivity,
            case .string(let identifier)? = activity.userInfo["recipe"]
        else { return (nil, nil) }
        let title = app.book.recipe(identifier: identifier)?.title ?? identifier
        guard case .integer(let step)? = activity.userInfo["step"] else { return (title, nil) }
        return (title, step + 1)
    }

    private func printTrace() {
        let trace = assistant.trace
        guard trace.count > 0 else { return note("The trace is empty.") }
        output.write(String((options.json ? trace.jsonLines() : trace.text()).dropLast()))
        // Printed whole: the events are not printed again after the turn.
        markTracePrinted()
    }

    private func printHelp() {
        guard options.json else { return output.write(ShellCommand.helpText) }
        for example in ShellCommand.examples { output.writeJSON(["say": .string(example)]) }
        for command in ShellCommand.all {
            output.writeJSON(["command": .string(command.usage), "does": .string(command.summary)])
        }
    }
}
