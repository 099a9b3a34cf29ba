import Assistant
import SceneIntents

/// The `:commands`, dispatched on `ShellCommand.Kind`.
extension RecipeShell {
    /// Carries out a `:command` line; a failure is counted and said, never thrown. Commands on
    /// the app and its screens go to where the app runs (`AppPlace.run`); the rest are the
    /// system's and the user's.
    func command(_ line: String) async {
        let words = line.split(separator: " ").map(String.init)
        guard let name = words.first, let command = ShellCommand.named(name) else {
            return unknownCommand(words.first ?? line)
        }
        if command.argument == nil && words.count > 1 {
            return fail("\(command.name) takes nothing after it; type \(command.name) alone.")
        }
        if command.needsUnlocked && device.isLocked {
            return fail("The device is locked; unlock first with :unlock.")
        }
        do throws(AppCommandError) {
            switch command.kind {
            case .open, .tap, .back, .home, .newWindow, .close, .scenes, .quit: print(try await place.run(line))
            case .lock: try await lock(true)
            case .unlock: try await lock(false)
            case .kill: note(try await place.kill())
            case .trace: printTrace()
            case .help: printHelp()
            case .exit: leaving = true
            }
        } catch {
            fail(error.message)
        }
    }

    /// Prints what an app-side command printed (already JSON Lines in JSON mode).
    private func print(_ text: String) {
        if !text.isEmpty { output.write(text) }
    }

    /// Locks or unlocks the device (the system's), then tells the app, whose scenes on screen go
    /// to the background with the lock and come back with the unlock.
    private func lock(_ locked: Bool) async throws(AppCommandError) {
        guard device.isLocked != locked else {
            return note(locked ? "The device is already locked." : "The device is not locked.")
        }
        device.isLocked = locked
        _ = try await place.run(locked ? ":lock" : ":unlock")
        note(locked ? "The device is locked." : "The device is unlocked.")
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
