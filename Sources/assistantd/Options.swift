import AssistantDaemon
import Foundation
import SceneIntentsTransport

/// `assistantd`'s command line, declared once: the parser reads this list and `--help` prints it.
struct DaemonOptions {
    static let specs = [
        CommandLineOption("--apps", value: "DIR", help: "an apps folder to serve (repeat for several); default: the demo bundles of this checkout"),
        CommandLineOption("--runtime-dir", value: "DIR", help: "where assistantd.sock goes; default: $XDG_RUNTIME_DIR/sceneintents, else /tmp/sceneintents-<uid>"),
        CommandLineOption("--state-dir", value: "DIR", help: "where the apps' scene sessions are kept across their deaths and the daemon's restarts; default: $XDG_STATE_HOME/sceneintents, else ~/.local/state/sceneintents"),
        CommandLineOption("--idle-exit", value: "SECONDS", help: "how long an intents extension stays after its last request (default 5)"),
        CommandLineOption("--rescan", value: "SECONDS", help: "how often the apps folders are read again (default 1; 0: only on SIGHUP)"),
        CommandLineOption("--wyoming", value: "URI", help: "also speak the Wyoming protocol at tcp://HOST:PORT or unix://PATH (repeat for several), for Home Assistant and Rhasspy"),
        CommandLineOption("--wyoming-allow-remote", help: "let a --wyoming address be reachable from other machines (Wyoming has no authentication or encryption)"),
        CommandLineOption("--help", help: "print this help and exit"),
    ]

    /// The usage text, from `specs`.
    static var usage: String {
        let synopsis = specs.filter { $0.name != "--help" }.map { Self.repeatable.contains($0.name) ? "[\($0.synopsis)]..." : "[\($0.synopsis)]" }
        let exits = ["", "SIGHUP reads the apps folders again at once.", "exit status: 0 stopped by SIGTERM or SIGINT, 1 cannot start (another daemon runs, an unsafe runtime or state directory, a --wyoming address taken, or beyond this machine without --wyoming-allow-remote), 2 usage, 74 standard output cannot be written"]
        return (["usage: assistantd " + synopsis.joined(separator: " "), ""] + CommandLineOption.helpLines(specs) + exits)
            .joined(separator: "\n") + "\n"
    }

    /// The options that add up when repeated.
    static let repeatable: Set = ["--apps", "--wyoming"]

    var appsFolders: [String] = []
    var wyoming: [StreamAddress] = []
    var wyomingAllowsRemote = false
    var runtimeDirectory: String?
    var stateDirectory: String?
    var idleExit: Duration = .seconds(5)
    var rescan: Duration? = .seconds(1)
    var help = false

    /// Reads the arguments (without the program's name).
    ///
    /// - Throws: `UsageError` naming the argument at fault.
    init(parsing arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        var seen: Set<String> = []
        while let argument = rest.popFirst() {
            guard let spec = Self.specs.first(where: { $0.name == argument }) else {
                throw UsageError("there is no option \(argument.debugDescription)")
            }
            // Only --apps and --wyoming add up; any other given twice would silently keep the last.
            guard Self.repeatable.contains(spec.name) || seen.insert(spec.name).inserted else {
                throw UsageError("\(spec.name) is given twice; give it once")
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
            case "--state-dir": stateDirectory = value
            case "--wyoming":
                do { wyoming.append(try WyomingAddress.parse(value)) } catch { throw UsageError("--wyoming: \(error.message)") }
            case "--wyoming-allow-remote": wyomingAllowsRemote = true
            case "--idle-exit":
                guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                    throw UsageError("--idle-exit needs a number of seconds above 0 and at most 86400 (such as 0.5 or 60), not \(value.debugDescription)")
                }
                idleExit = .milliseconds(Int64((seconds * 1000).rounded()))
            case "--rescan":
                guard let seconds = Double(value), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
                    throw UsageError("--rescan needs a number of seconds from 0 to 86400 (such as 0.5, or 0 for only on SIGHUP), not \(value.debugDescription)")
                }
                rescan = seconds == 0 ? nil : .milliseconds(max(1, Int64((seconds * 1000).rounded())))
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
