import Foundation

/// `assistantd`'s command line, declared once: the parser reads this list and `--help` prints it.
struct DaemonOptions {
    /// One option as declared: its name, the placeholder of its value (nil for a flag), its help.
    struct Spec {
        let name: String
        let value: String?
        let help: String
    }

    static let specs = [
        Spec(name: "--apps", value: "DIR", help: "an apps folder to serve (repeat for several); default: the demo bundles of this checkout"),
        Spec(name: "--runtime-dir", value: "DIR", help: "where assistantd.sock goes; default: $XDG_RUNTIME_DIR/sceneintents, else /tmp/sceneintents-<uid>"),
        Spec(name: "--idle-exit", value: "SECONDS", help: "how long an intents extension stays after its last request (default 5)"),
        Spec(name: "--help", value: nil, help: "print this help and exit"),
    ]

    /// The usage text, from `specs`.
    static var usage: String {
        let synopsis = specs.filter { $0.name != "--help" }.map { spec in
            spec.name == "--apps" ? "[\(spec.name) \(spec.value ?? "")]..." : "[\(spec.name)\(spec.value.map { " \($0)" } ?? "")]"
        }
        let width = specs.map { $0.name.count + ($0.value.map { $0.count + 1 } ?? 0) }.max() ?? 0
        let lines = specs.map { spec -> String in
            let left = spec.name + (spec.value.map { " \($0)" } ?? "")
            return "  " + left.padding(toLength: width + 2, withPad: " ", startingAt: 0) + spec.help
        }
        return (["usage: assistantd " + synopsis.joined(separator: " "), ""] + lines).joined(separator: "\n") + "\n"
    }

    var appsFolders: [String] = []
    var runtimeDirectory: String?
    var idleExit: Duration = .seconds(5)
    var help = false

    /// Reads the arguments (without the program's name).
    ///
    /// - Throws: `UsageError` naming the argument at fault.
    init(parsing arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard let spec = Self.specs.first(where: { $0.name == argument }) else {
                throw UsageError("there is no option \(argument.debugDescription)")
            }
            var value = ""
            if let placeholder = spec.value {
                guard let given = rest.popFirst(), !given.hasPrefix("--") || given == "--" else {
                    throw UsageError("\(spec.name) needs a \(placeholder)")
                }
                value = given
            }
            switch spec.name {
            case "--apps": appsFolders.append(value)
            case "--runtime-dir": runtimeDirectory = value
            case "--idle-exit":
                guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                    throw UsageError("--idle-exit needs a number of seconds from 0 to 86400, not \(value.debugDescription)")
                }
                idleExit = .milliseconds(Int64((seconds * 1000).rounded()))
            default: help = true
            }
        }
    }
}

/// A command line `assistantd` cannot use: exit 2 with the usage.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
