/// What a session writes: text for people, or JSON Lines in JSON mode. Commands write through
/// these so that every command follows `--json` without a branch of its own.
extension Shell {
    /// Prints text for people (nothing in JSON mode, where the trace says it).
    public func say(_ text: String) {
        if !settings.json { output.write(text) }
    }

    /// Prints a command's feedback: text, or `{"message": …}` in JSON mode.
    public func note(_ message: String) {
        if settings.json { output.writeJSON(["message": .string(message)]) } else { output.write(message) }
    }

    /// Prints what the app printed as it is (already JSON Lines in JSON mode); nothing when empty.
    public func print(_ text: String) {
        if !text.isEmpty { output.write(text) }
    }

    /// Prints an app's text as it is, or in JSON mode each of its lines as `{"message": …}`, so
    /// an app that writes sentences follows `--json` too; nothing when empty.
    public func printLines(_ text: String) {
        guard settings.json else { return print(text) }
        for line in text.split(separator: "\n") { note(String(line).trimmingCharacters(in: .whitespaces)) }
    }

    /// Counts a failed turn and says why: `Error: …`, or `{"error": …}` in JSON mode.
    public func fail(_ message: String) {
        errorCount += 1
        let sentence = ShellText.sentence(message)
        if settings.json { output.writeJSON(["error": .string(sentence)]) } else { output.write("Error: \(sentence)") }
    }

    /// Prints the whole trace (text, or JSON Lines); its events are not printed again after the
    /// turn.
    public func printTrace() {
        let trace = trace
        guard trace.count > 0 else { return note("The trace is empty.") }
        output.write(String((settings.json ? trace.jsonLines() : trace.text()).dropLast()))
        traceMark = trace.count
    }

    /// Prints `:help`: the program's session help, or in JSON mode one `{"say": …}` per example
    /// and one `{"command": …, "does": …}` per command.
    public func printHelp() {
        guard settings.json else { return output.write(program.sessionHelpText) }
        for example in program.examples { output.writeJSON(["say": .string(example)]) }
        for command in program.commands {
            output.writeJSON(["command": .string(command.usage), "does": .string(command.summary)])
        }
    }

    /// Prints the trace events recorded since the last time: all of them as JSON Lines in JSON
    /// mode, as text with `--trace`, else none.
    func flushTrace() {
        let trace = trace
        let count = trace.count
        defer { traceMark = count }
        guard count > traceMark else { return }
        if settings.json {
            output.write(String(trace.jsonLines(from: traceMark).dropLast()))
        } else if settings.trace {
            output.write(String(trace.text(from: traceMark).dropLast()))
        }
    }

    func unknownCommand(_ name: String) {
        fail("Unknown command \(ShellText.visible(name)). Type :help for the commands.")
    }
}
