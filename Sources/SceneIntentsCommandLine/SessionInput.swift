import Glibc

/// Where a session's lines come from.
public enum SessionInput: Sendable, Equatable {
    /// Standard input: a terminal (interactive) or a pipe.
    case standardInput
    /// A script file (`-` is standard input read as a script).
    case script(String)
    /// A built-in script (a guided tour), played as if typed.
    case tour(String)

    /// Opens the lines and adjusts `settings` to them: scripts, pipes and tours are echoed; a
    /// terminal gets a prompt; failed turns fail the session except in a tour (which shows
    /// failures on purpose) and at a terminal. Throws when a script file cannot be read.
    public func open(adjusting settings: inout SessionSettings) throws(ScriptError) -> any LineSource {
        switch self {
        case .tour(let text):
            settings.echo = true
            settings.failedTurnsFail = false
            return ScriptLines(text: text)
        case .script(let path):
            settings.echo = true
            return path == "-" ? StandardInputLines() : try ScriptFile.lines(atPath: path)
        case .standardInput:
            settings.interactive = isatty(STDIN_FILENO) != 0
            settings.echo = !settings.interactive
            settings.failedTurnsFail = !settings.interactive
            return StandardInputLines()
        }
    }
}
