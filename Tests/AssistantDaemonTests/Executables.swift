import Foundation
import Glibc
import SceneIntentsTesting
import SceneIntentsTransport

/// A file for a child's standard stream, removed with its folder by `TempFiles.remove()`.
struct TempFiles {
    let folder = "/tmp/si-d-out-\(getpid())-\(OneTimeToken.generate().value.prefix(8))"

    init() {
        mkdir(folder, 0o700)
    }

    /// A descriptor open on `name` for the child to write (close-on-exec here; the spawn dups it).
    func writable(_ name: String) -> Int32 {
        open("\(folder)/\(name)", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    }

    /// A descriptor open on a file holding `text`, for the child to read.
    func readable(_ name: String, _ text: String) -> Int32 {
        _ = FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data(text.utf8))
        return open("\(folder)/\(name)", O_RDONLY | O_CLOEXEC)
    }

    func text(_ name: String) -> String {
        (try? String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)) ?? ""
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// How a run of `assistant` went.
struct ClientRun: Equatable {
    let status: ChildExit
    let stdout: String
    let stderr: String
    var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
}

/// Runs the built `assistant` with `arguments` and standard input `stdin`, to its end.
func runClient(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) async throws -> ClientRun {
    try await runToEnd(path: BuiltProducts.executable("assistant"), arguments, stdin: stdin, environment: environment)
}

/// Runs the built executable `name` with `arguments` and standard input `stdin`, to its end.
func runToEnd(_ name: String, _ arguments: [String], stdin: String = "") async throws -> ClientRun {
    try await runToEnd(path: BuiltProducts.executable(name), arguments, stdin: stdin)
}

/// Runs the executable at `path` with `arguments` and standard input `stdin`, to its end.
func runToEnd(path: String, _ arguments: [String], stdin: String = "", environment: [String: String] = [:]) async throws -> ClientRun {
    let files = TempFiles()
    defer { files.remove() }
    let (input, output, errors) = (files.readable("in", stdin), files.writable("out"), files.writable("err"))
    defer { [input, output, errors].forEach { _ = close($0) } }
    let child = try ChildProcess.spawn(
        path, arguments: arguments, environment: environment, stdin: .descriptor(input),
        stdout: .descriptor(output), stderr: .descriptor(errors))
    let status = await child.exit
    return ClientRun(status: status, stdout: files.text("out"), stderr: files.text("err"))
}

/// The built `assistantd`, started in its own runtime directory, keeping the apps' sessions in a
/// state directory of its own unless given one (never the user's); `start` returns once its
/// socket answers.
struct DaemonProcess {
    let child: ChildProcess
    let directory: String
    let files: TempFiles
    var socket: String { "\(directory)/assistantd.sock" }

    static func start(_ directory: String, arguments: [String] = [], stateDirectory: String? = nil) async throws -> DaemonProcess {
        let files = TempFiles()
        let state = ["--state-dir", stateDirectory ?? "\(files.folder)/state"]
        let (output, errors) = (files.writable("out"), files.writable("err"))
        defer { [output, errors].forEach { _ = close($0) } }
        // Bound to this process: a test run killed mid-test (SIGKILL) takes its daemons with it.
        let child = try await ChildProcess.launchBound(
            BuiltProducts.executable("assistantd"), arguments: ["--runtime-dir", directory] + state + arguments,
            stdout: .descriptor(output), stderr: .descriptor(errors))
        let daemon = DaemonProcess(child: child, directory: directory, files: files)
        _ = await eventually { daemon.files.text("out").contains("serving") || child.exitStatus != nil }
        return daemon
    }

    /// Runs `assistantd arguments...` to its end (for the ones that end at once: usage, help,
    /// a daemon already running).
    static func run(_ arguments: [String]) async throws -> ClientRun {
        try await runToEnd("assistantd", arguments)
    }

    /// `assistant --runtime-dir <this> arguments...`.
    func client(_ arguments: String..., stdin: String = "") async throws -> ClientRun {
        try await runClient(["--runtime-dir", directory] + arguments, stdin: stdin)
    }

    var output: String { files.text("out") }
    var errors: String { files.text("err") }

    /// Ends it with `signal` and waits; answers how it ended. Removes its files (not the runtime
    /// directory: a test checks what is left there).
    func end(_ signal: Int32 = SIGTERM) async -> ChildExit {
        child.kill(signal)
        let exit = await child.exit
        return exit
    }

    func cleanUp() {
        files.remove()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
