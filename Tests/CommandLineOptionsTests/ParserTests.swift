import CommandLineOptions
import Testing

/// The one parser every executable uses, on a small command line of each kind of option.
struct ParserTests {
    struct Options: Equatable {
        var trace = false
        var output: String?
        var tables = 1
        var apps: [String] = []
        var files: [String] = []
        var tour = false
    }

    static let options: [CommandLineOption<Options>] = [
        CommandLineOption(["--trace"], "Print the trace.") { options, _ in options.trace = true },
        CommandLineOption(["--output", "-o"], value: "DIR", "Write into DIR.", required: true) { options, value in options.output = value },
        .wholeNumber("--tables", in: 1...9, "Set N tables.", \.tables),
        CommandLineOption(["--apps"], value: "DIR", "Serve DIR.", repeats: true) { options, value in options.apps.append(value) },
        CommandLineOption(["--tour"], "Play the tour.", excludes: ["--trace"]) { options, _ in options.tour = true },
        .help,
    ]

    /// Files mixed with the options (as `intentgen` takes them).
    static let mixed = CommandLineSyntax<Options>(
        name: "tool", about: ["Does a thing."], options: options,
        operands: CommandLineOperands("FILE...") { options, files throws(UsageError) in
            guard !files.isEmpty else { throw UsageError(code: .badOperand, value: "", message: "No FILE given.") }
            options.files = files
        },
        sections: [.exitStatus([(0, "done"), (2, "usage")])])

    /// Words after a command (as `assistant say …` takes them): the first operand ends the options.
    static let command = CommandLineSyntax<Options>(
        name: "tool", about: [], options: options,
        operands: CommandLineOperands("[WORD...]", endOptions: true) { options, words in options.files = words })

    /// No operands at all (as `assistantd`).
    static let optionsOnly = CommandLineSyntax<Options>(name: "tool", about: [], options: options)

    @Test(arguments: [
        (["--bogus\u{1B}", "-o", "x"], UsageError(code: .unknownOption, value: "--bogus\u{1B}", message: "There is no option --bogus\\u{1B}; see --help.")),
        (["-x", "-o", "x"], UsageError(code: .unknownOption, value: "-x", message: "There is no option -x; see --help.")),
        (["--output"], UsageError(code: .missingValue, value: "--output", message: "--output needs a value: --output DIR.")),
        // A separate value cannot start with "--" (it is the next option), nor be empty.
        (["--output", "--trace", "f"], UsageError(code: .missingValue, value: "--output", message: "--output needs a value: --output DIR.")),
        (["--output=", "f"], UsageError(code: .missingValue, value: "--output", message: "--output needs a value: --output DIR.")),
        (["-o", "", "f"], UsageError(code: .missingValue, value: "-o", message: "-o needs a value: -o DIR.")),
        (["--trace=yes", "-o", "x", "f"], UsageError(code: .unexpectedValue, value: "--trace=yes", message: "--trace takes no value.")),
        (["-o", "x", "--tables=0", "f"], UsageError(code: .badValue, value: "0", message: "--tables needs a whole number from 1 to 9, not 0.")),
        (["-o", "x", "--tables", "2", "f", "--tables=3"], UsageError(code: .repeated, value: "--tables", message: "--tables is given twice; give it once.")),
        (["-o", "x", "--output=y", "f"], UsageError(code: .repeated, value: "--output", message: "-o and --output are the same option; give it once.")),
        (["--tour", "-o", "x", "--trace"], UsageError(code: .conflict, value: "--trace", message: "--tour and --trace cannot go together; give one of them.")),
        (["--trace", "--tour"], UsageError(code: .conflict, value: "--tour", message: "--trace and --tour cannot go together; give one of them.")),
        (["f", "--trace"], UsageError(code: .missingOption, value: "--output", message: "--output DIR is required; add it.")),
        (["-o", "x"], UsageError(code: .badOperand, value: "", message: "No FILE given.")),
    ])
    func mistakesAreOneUsageErrorNamingTheArgument(_ arguments: [String], _ expected: UsageError) {
        #expect(throws: expected) { try Self.mixed.parse(arguments, into: Options()) }
    }

    @Test func optionsAndOperandsMixUntilTwoDashes() throws {
        let request = try Self.mixed.parse(
            ["a", "--apps", "one", "-", "--tables=4", "--apps=two", "-o", "out", "--", "--trace", "-h"], into: Options())
        #expect(request == .run(Options(output: "out", tables: 4, apps: ["one", "two"], files: ["a", "-", "--trace", "-h"])))
    }

    @Test func theFirstOperandEndsTheOptionsWhereTheProgramSaysSo() throws {
        let request = try Self.command.parse(["--trace", "-o", "x", "say", "--json", "-h"], into: Options())
        #expect(request == .run(Options(trace: true, output: "x", files: ["say", "--json", "-h"])))
        #expect(throws: UsageError(code: .unknownOption, value: "say", message: "There is no option say; see --help.")) {
            try Self.optionsOnly.parse(["-o", "x", "say"], into: Options())
        }
        #expect(throws: UsageError(code: .unknownOption, value: "--", message: "There is no option --; see --help.")) {
            try Self.optionsOnly.parse(["-o", "x", "--"], into: Options())
        }
    }

    @Test func helpSkipsTheRequiredButNotTheMistakes() throws {
        #expect(try Self.mixed.parse(["-h"], into: Options()) == .help)
        #expect(try Self.mixed.parse(["--trace", "--help"], into: Options()) == .help)
        #expect(throws: UsageError(code: .repeated, value: "--help", message: "-h and --help are the same option; give it once.")) {
            try Self.mixed.parse(["-h", "--help"], into: Options())
        }
        #expect(throws: UsageError(code: .unknownOption, value: "--nope", message: "There is no option --nope; see --help.")) {
            try Self.mixed.parse(["--help", "--nope"], into: Options())
        }
    }

    @Test func helpIsGeneratedFromTheTable() {
        #expect(Self.mixed.helpText == """
            usage: tool [--trace] --output DIR [--tables N] [--apps DIR]... [--tour] FILE...
            Does a thing.

            Options:
              --trace           Print the trace.
              --output, -o DIR  Write into DIR.
              --tables N        Set N tables.
              --apps DIR        Serve DIR.
              --tour            Play the tour.
              --help, -h        Print this help and leave.

            Exit status:
              0  done
              2  usage
            """)
    }

    @Test func secondsAreRoundedUpToTheMillisecondWithinTheirRange() throws {
        struct Wait: Equatable { var duration: Duration? }
        let syntax = CommandLineSyntax<Wait>(
            name: "wait", about: [], options: [.seconds("--after", zero: true, most: 60, "Wait.") { $0.duration = $1 }])
        #expect(try syntax.parse(["--after", "0.0001"], into: Wait()) == .run(Wait(duration: .milliseconds(1))))
        #expect(try syntax.parse(["--after=0"], into: Wait()) == .run(Wait(duration: .zero)))
        for bad in ["61", "-1", "nan", "inf", "soon"] {
            #expect(throws: UsageError(
                code: .badValue, value: bad, message: "--after needs a number of seconds from 0 to 60 (such as 0.5), not \(bad).")) {
                try syntax.parse(["--after", bad], into: Wait())
            }
        }
    }
}
