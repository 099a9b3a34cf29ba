import SceneIntentsShell
import Testing

/// Options are parsed from the table, and every mistake is a usage error saying what to type.
struct CLIOptionTests {
    typealias Options = KitchenCLI.Options

    @Test(arguments: [
        (["--bogus\u{1B}"], UsageError(code: .unknownOption, value: "--bogus\u{1B}", message: "There is no option --bogus\\u{1B}; see --help.")),
        (["--script"], UsageError(code: .missingValue, value: "--script", message: "--script needs a value: --script FILE.")),
        (["--trace=yes"], UsageError(code: .unexpectedValue, value: "--trace=yes", message: "--trace takes no value.")),
        (["--tables", "0"], UsageError(code: .badValue, value: "0", message: "--tables needs a whole number from 1 to 9, not 0.")),
        (["--tables=x\u{7}"], UsageError(code: .badValue, value: "x\u{7}", message: "--tables needs a whole number from 1 to 9, not x\\u{7}.")),
        (["--script", "a", "--tour"], UsageError(code: .conflict, value: "--tour", message: "--script and --tour cannot go together; give one of them.")),
        // An option given twice is refused, whichever of its names and forms it takes.
        (["--tables", "2", "--trace", "--tables=3"], UsageError(code: .repeated, value: "--tables", message: "--tables is given twice; give it once.")),
        (["--trace", "--trace"], UsageError(code: .repeated, value: "--trace", message: "--trace is given twice; give it once.")),
        (["-h", "--help"], UsageError(code: .repeated, value: "--help", message: "-h and --help are the same option; give it once.")),
    ])
    func mistakesAreUsageErrorsNamingTheArgument(_ arguments: [String], _ expected: UsageError) {
        #expect(throws: expected) { try Self.syntax.parse(arguments, into: Options()) }
    }

    static let syntax = KitchenCLI.program.syntax(options: KitchenCLI.options)

    @Test func optionsSetTheSessionSettingsAndTheCLIsOwn() throws {
        let request = try Self.syntax.parse(["--trace", "--tables=4", "--json", "--script", "-"], into: Options())
        guard case .run(let options) = request else { Issue.record("no options: \(request)"); return }
        #expect(options.session.input == .script("-"))
        #expect(options.tables == 4)
        #expect(options.session.trace && options.session.json && !options.session.speak)
        guard case .run(let tour) = try Self.syntax.parse(["--tour"], into: Options()) else { Issue.record("no tour"); return }
        #expect(tour.session.input == .tour(":soups"))
        guard case .help = try Self.syntax.parse(["--tour", "-h"], into: Options()) else { Issue.record("no help"); return }
    }

    @Test func aTourIsEchoedAndItsFailuresDoNotFailTheSession() throws {
        var settings = SessionSettings()
        _ = try SessionInput.tour("x").open(adjusting: &settings)
        #expect(settings.echo && !settings.failedTurnsFail && !settings.interactive)
    }

    @Test func helpIsGeneratedFromTheOptionAndCommandTables() {
        #expect(KitchenCLI.program.helpText(options: KitchenCLI.options) == """
            usage: kitchen [--script FILE] [--tour] [--trace] [--json] [--tables N]
            kitchen: order soup by voice.
            With no script, lines come from the terminal or a pipe.

            Options:
              --script FILE  Run the lines of FILE (- for standard input) as typed; exit status 1 if any turn failed.
              --tour         Show the soups. Always ends with 0: it shows failures on purpose.
              --trace        Print each turn's trace events after it.
              --json         Print only JSON Lines on standard output, one object per line.
              --tables N     Set N tables.
              --help, -h     Print this help and leave.

            Commands (type them in the session):
              :soups WORD  List the soups whose name has WORD.
              :trace       Print the whole trace.
              :help        List what you can say and type.
              :exit        Leave the session.

            Exit status:
              0   every turn succeeded (or an interactive session ended)
              1   a turn failed (an error, an utterance not understood, a failure, a timeout, a cancelled or refused request)
              64  a usage error
              66  the script cannot be read
              70  the app cannot start
              74  standard output cannot be written
            """)
        #expect(KitchenCLI.program.sessionHelpText == """
            Speak plain text to the assistant, for example: order soup.
            Commands act on the device and the app as a user would:
              :soups WORD  List the soups whose name has WORD.
              :trace       Print the whole trace.
              :help        List what you can say and type.
              :exit        Leave the session.
            When the assistant asks, answer with a number, "more", "yes" or "no", words, or "cancel".
            At a question, :soups, :trace and :help leave the question waiting; other commands, and a new request, cancel it first.
            """)
    }
}
