import AssistantDaemon
import CommandLineOptions
import SceneIntentsTransport

/// `assistantd`'s command line, declared once: the parser reads `syntax` and `--help` prints it.
struct DaemonOptions {
    var appsFolders: [String] = []
    var wyoming: [StreamAddress] = []
    var wyomingAllowsRemote = false
    var runtimeDirectory: String?
    var stateDirectory: String?
    var idleExit: Duration = .seconds(5)
    var rescan: Duration? = .seconds(1)

    static let syntax = CommandLineSyntax<DaemonOptions>(
        name: "assistantd", about: ["The system side as a daemon: serves the installed apps to `assistant` and Wyoming clients."],
        options: [
            CommandLineOption(["--apps"], value: "DIR", "An apps folder to serve (repeat for several); default: the demo bundles of this checkout.", repeats: true) {
                options, value in options.appsFolders.append(value)
            },
            CommandLineOption(["--runtime-dir"], value: "DIR", "Where assistantd.sock goes; default: $XDG_RUNTIME_DIR/sceneintents, else /tmp/sceneintents-<uid>.") {
                options, value in options.runtimeDirectory = value
            },
            CommandLineOption(["--state-dir"], value: "DIR", "Where the apps' scene sessions (sessions/) and their donations and shortcut suggestions\n(shortcuts/) are kept across their deaths and the daemon's restarts;\ndefault: $XDG_STATE_HOME/sceneintents, else ~/.local/state/sceneintents.") {
                options, value in options.stateDirectory = value
            },
            .seconds("--idle-exit", most: 86_400, "How long an intents extension stays after its last request (default 5).") { $0.idleExit = $1 },
            .seconds("--rescan", zero: true, most: 86_400, "How often the apps folders are read again (default 1; 0: only on SIGHUP).") {
                $0.rescan = $1 == .zero ? nil : $1
            },
            CommandLineOption(["--wyoming"], value: "URI", "Also speak the Wyoming protocol at tcp://HOST:PORT or unix://PATH (repeat for several),\nfor Home Assistant and Rhasspy.", repeats: true) {
                options, value throws(UsageError) in
                do throws(DaemonError) { options.wyoming.append(try WyomingAddress.parse(value)) } catch {
                    throw UsageError(code: .badValue, value: value, message: ShellText.sentence("--wyoming: \(error.message)"))
                }
            },
            CommandLineOption(["--wyoming-allow-remote"], "Let a --wyoming address be reachable from other machines (Wyoming has no authentication or encryption).") {
                options, _ in options.wyomingAllowsRemote = true
            },
            .help,
        ],
        sections: [
            HelpSection("Signals", lines: ["SIGHUP reads the apps folders again at once; SIGTERM and SIGINT stop the daemon in order."]),
            .exitStatus([
                (0, "stopped by SIGTERM or SIGINT"),
                (1, "cannot start (another daemon runs, an unsafe runtime or state directory, a --wyoming address taken,\nor beyond this machine without --wyoming-allow-remote)"),
                (2, "usage"), (74, "standard output cannot be written"),
            ]),
        ])
}
