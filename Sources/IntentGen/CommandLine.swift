import CommandLineOptions
import IntentDefinition

/// What `intentgen`'s command line asks for: the definition files and the output folder.
struct IntentGenOptions {
    var files: [String] = []
    var output = ""

    /// Every option, once: the parser accepts exactly these and the help lists them.
    static let syntax = CommandLineSyntax<IntentGenOptions>(
        name: "intentgen",
        about: [
            "Generates Swift for SceneIntents from Xcode .intentdefinition files (XML or binary property",
            "lists): per intent a struct, a handling protocol, its response and its schema glue, plus the",
            "file's enums and custom types. Warnings name what was skipped.",
        ],
        options: [
            CommandLineOption(["--output"], value: "DIR", "Write one <name>.swift per definition file into DIR (created if missing).", required: true) {
                options, value in options.output = value
            },
            .help,
        ],
        operands: CommandLineOperands("FILE...") { options, files throws(UsageError) in
            guard !files.isEmpty else {
                throw UsageError(code: .badOperand, value: "", message: "No definition file given; add one: intentgen --output DIR FILE...")
            }
            var seen: [String: String] = [:]
            for path in files {
                let name = IntentGenerator.outputName(for: path)
                if let other = seen.updateValue(path, forKey: name) {
                    throw UsageError(code: .badOperand, value: path, message: "\(other) and \(path) would both generate \(name); rename one.")
                }
            }
            options.files = files
        },
        sections: [
            .exitStatus([
                (0, "generated"), (1, "a file cannot be read or is malformed"), (2, "a wrong command line"),
                (74, "standard output cannot be written"),
            ])
        ])
}
