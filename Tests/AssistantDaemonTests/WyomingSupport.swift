import AssistantDaemon
import Foundation
import SceneIntentsTransport
import Synchronization

/// The Wyoming protocol's reference implementation (the `wyoming` package on PyPI) driving the
/// daemon: `scripts/wyoming-venv` makes its virtual environment once (then it is reused), and
/// `scripts/wyoming-drive.py` runs a scripted exchange with the package's own client and event
/// classes, printing every event received as a JSON line.
enum Wyoming {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts").path

    /// Whether this machine has a `python3` (looked up on PATH, no process started): without
    /// one, the tests driving the daemon with the package say so and are skipped.
    static let hasPython: Bool = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }
    }()

    private static let python = Mutex<String?>(nil)

    /// The virtual environment's Python, made the first time.
    static func pythonPath() async throws -> String {
        if let known = python.withLock({ $0 }) { return known }
        let run = try await runToEnd(path: "\(scripts)/wyoming-venv", [])
        guard run.status == .exited(0), let path = run.lines.last else {
            throw WyomingTestError("scripts/wyoming-venv failed (\(run.status)): \(run.stderr)")
        }
        python.withLock { $0 = path }
        return path
    }

    /// Runs `steps` (JSON lines, see `wyoming-drive.py`) against `address` and answers the
    /// lines printed: each event received, read back through the package's classes.
    static func drive(_ address: StreamAddress, _ steps: [String]) async throws -> [String] {
        let run = try await runToEnd(
            path: try await pythonPath(), ["\(scripts)/wyoming-drive.py", "\(address)"], stdin: steps.joined(separator: "\n") + "\n")
        guard run.status == .exited(0), run.stderr.isEmpty else {
            throw WyomingTestError("wyoming-drive.py failed (\(run.status)): \(run.stderr)\nafter: \(run.stdout)")
        }
        return run.lines
    }

    /// A daemon in this process serving the apps in `folders`, speaking Wyoming on a loopback
    /// port the system chooses.
    static func daemon(
        _ folders: [String] = recipeFolders, configure: (inout DaemonConfiguration) -> Void = { _ in }
    ) throws -> Daemon {
        try makeDaemon(folders: folders) { configuration in
            configuration.wyoming = [.tcp(host: "127.0.0.1", port: 0)]
            configure(&configuration)
        }
    }
}

/// The folder of Hydrator's bundle (its intent goes to its extension while the app is not running).
let hydratorFolders = demoFolders.filter { $0.contains("/Hydrator/") }

struct WyomingTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
