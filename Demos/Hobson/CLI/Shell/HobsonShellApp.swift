import Assistant
import Foundation
import HobsonKit
import SceneIntentsShell

/// The `hobson` CLI's options: the shell's standard ones and `--data DIR`.
public struct HobsonOptions: CLIOptions {
    /// The common settings.
    public var session = SessionSettings()
    /// Where the system side keeps Hobson's donations and shortcuts.
    public var dataDirectory = HobsonOptions.defaultDataDirectory

    /// Every option at its default.
    public init() {}

    /// `$XDG_DATA_HOME/sceneintents`, else `~/.local/share/sceneintents`.
    public static var defaultDataDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return "\(data)/sceneintents" }
        return "\(NSHomeDirectory())/.local/share/sceneintents"
    }

    /// The table `--help` and parsing read.
    public static let all: [CLIOption<HobsonOptions>] = [
        .script, .trace, .json, .separateProcesses(host: "hobson-app"), .runtimeDirectory,
        CLIOption(["--data"], value: "DIR", "Keep the system's store of donations and shortcuts in DIR (default: \(defaultDataDirectory)).") {
            options, value throws(UsageError) in
            if let file = firstNonDirectory(on: value) {
                throw UsageError(
                    code: .badValue, value: value,
                    message: "--data needs a directory, but \(ShellText.visible(file)) is a file; give a directory (it is created if missing).")
            }
            options.dataDirectory = value
        },
        .help,
    ]

    /// The first existing path on the way to `path` (itself included) that is not a directory,
    /// so a file given as `--data` is named in a sentence before the store tries to use it.
    static func firstNonDirectory(on path: String) -> String? {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: current, isDirectory: &isDirectory) else { return nil }
            if !isDirectory.boolValue { return String(current.dropFirst(path.hasPrefix("/") ? 0 : 2)) }
        }
        return nil
    }
}

/// Hobson as the shell drives it: the session (app, assistant, store); each line the user says
/// goes through the voice shortcut connection, so a recorded phrase runs its shortcut.
@MainActor
public final class HobsonShellApp: PlacedShellApp {
    /// The app, the assistant and the system's store.
    public let session: HobsonSession

    /// Hobson over the store in `options.dataDirectory`, answering `environment.user`.
    public init(options: HobsonOptions, environment: ShellEnvironment) throws {
        session = try HobsonSession(
            dataDirectory: options.dataDirectory, user: environment.user, clock: environment.clock, appClock: ContinuousClock(),
            separateProcesses: options.session.separateProcesses, runtimeDirectory: options.session.runtimeDirectory)
    }

    /// Where the app runs.
    public var place: AppPlace { session.place }
    /// The assistant.
    public var assistant: Assistant { session.assistant }
    /// The app's phrases and the voice shortcuts' phrases.
    public var vocabulary: Vocabulary { session.voice.vocabulary() }

    /// The foreground screen, framed; first the turn's shortcuts messages (donations) are
    /// stored, so what the trace reported is on disk before the next line is read.
    public func screen() async -> String? {
        await session.inbox.flush()
        let screen = await place.screen()
        return screen.hasPrefix("(") ? nil : screen
    }

    /// Terminates the app, or stops its process.
    public func close() async {
        await session.close()
    }

    /// A voice shortcut's phrase runs its shortcut (an activity's continues in the app); any
    /// other line is an utterance.
    public func request(for line: String) -> AssistantRequest {
        session.voice.request(for: line)
    }
}
