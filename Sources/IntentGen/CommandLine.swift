/// One option `intentgen` accepts; the help text and the parser both read `IntentGenOptions.all`.
struct OptionSpec {
    let name: String
    let argument: String?
    let help: String
}

/// What the command line asked for.
enum Invocation: Equatable {
    case help
    case generate(files: [String], output: String)
}

/// A command line `intentgen` cannot run: one line saying why (exit status 2).
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    var description: String { "intentgen: \(message) (see 'intentgen --help')" }
}

enum IntentGenOptions {
    /// Every option, once: the parser accepts exactly these and the help lists them.
    static let all = [
        OptionSpec(name: "--output", argument: "DIR", help: "write one <name>.swift per definition file into DIR (created if missing)"),
        OptionSpec(name: "--help", argument: nil, help: "show this help"),
    ]

    static var help: String {
        let width = all.map { $0.name.count + ($0.argument.map { $0.count + 1 } ?? 0) }.max() ?? 0
        let lines = all.map { option in
            let left = option.name + (option.argument.map { " \($0)" } ?? "")
            return "  " + left + String(repeating: " ", count: width - left.count + 2) + option.help
        }
        return """
            usage: intentgen FILE… --output DIR

            Generates Swift for SceneIntents from Xcode .intentdefinition files (XML or binary property
            lists): per intent a struct, a handling protocol, its response and its schema glue, plus the
            file's enums and custom types. Warnings name what was skipped; the exit status is 0 on
            success, 1 when a file cannot be read or is malformed, 2 for a wrong command line, 74
            when standard output cannot be written.

            options:
            \(lines.joined(separator: "\n"))

            """
    }

    /// Reads the arguments (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var files: [String] = []
        var output: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                files.append(argument)
                continue
            }
            if argument == "--" {
                files += arguments[index...]
                break
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0] == "-h" ? "--help" : parts[0]
            guard let option = all.first(where: { $0.name == name }) else {
                throw UsageError(message: "unknown option '\(parts[0])'")
            }
            guard option.argument != nil else {
                guard parts.count == 1 else { throw UsageError(message: "\(name) takes no value") }
                return .help
            }
            let value: String
            if parts.count == 2 {
                value = parts[1]
            } else {
                guard index < arguments.count else { throw UsageError(message: "\(name) needs a value: \(name) \(option.argument ?? "")") }
                value = arguments[index]
                index += 1
            }
            guard !value.isEmpty else { throw UsageError(message: "\(name) needs a non-empty value") }
            guard output == nil else { throw UsageError(message: "\(name) is given twice") }
            output = value
        }
        guard let output else { throw UsageError(message: "no output directory: add --output DIR") }
        guard !files.isEmpty else { throw UsageError(message: "no definition file given: intentgen FILE… --output DIR") }
        return .generate(files: files, output: output)
    }
}
