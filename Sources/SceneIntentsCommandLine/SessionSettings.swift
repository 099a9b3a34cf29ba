/// What every session CLI can be asked, whatever its app: how it prints, whether it speaks, how
/// it treats failed turns, and where the app runs. The standard options (`CLIOption.trace`,
/// `.json`, `.speak`, `.separateProcesses`, …) set these; the main loop (`CLIProgram.main`)
/// sets `echo`, `interactive` and `failedTurnsFail` from where the lines come from.
public struct SessionSettings: Sendable {
    /// Print each turn's trace events as text.
    public var trace = false
    /// Print only JSON Lines on standard output, one object per line (warnings go to
    /// standard error).
    public var json = false
    /// Speak the assistant's lines with `speaker`.
    public var speak = false
    /// The command that speaks (espeak-ng by default; a test gives a fake).
    public var speaker = SpeakerCommand.espeak
    /// Repeat each input line (for scripts and piped input).
    public var echo = false
    /// Print a prompt before each line (an interactive terminal).
    public var interactive = false
    /// Whether a failed turn makes `Shell.run()` answer 1 (scripts and piped input; not a tour,
    /// which shows failures on purpose).
    public var failedTurnsFail = true
    /// Run the app in its own process, launched on demand (what that process is, is the app's
    /// business: the shell only records the choice).
    public var separateProcesses = false
    /// The runtime directory for the app's socket (nil: the transport's default).
    public var runtimeDirectory: String?
    /// Where the lines come from (`--script`, a tour; standard input by default).
    public var input = SessionInput.standardInput

    /// Default settings: plain text, no trace, no speech, the app in process.
    public init() {}
}

/// A CLI's own options: whatever it adds, plus the common `SessionSettings` the standard
/// options and the main loop set. `CLIOption<Options>` declarations apply to it.
///
/// A CLI with nothing of its own uses `SessionSettings` itself.
public protocol CLIOptions: Sendable {
    /// Nothing asked yet: every option at its default.
    init()
    /// The common settings.
    var session: SessionSettings { get set }
}

extension SessionSettings: CLIOptions {
    /// The settings themselves.
    public var session: SessionSettings {
        get { self }
        set { self = newValue }
    }
}
