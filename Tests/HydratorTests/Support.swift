import Assistant
import Foundation
import HydratorKit
import HydratorShell
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport

/// A fresh, empty app group container under the temporary directory; removed by `remove()`.
struct TemporaryContainer {
    /// The folder holding the container and the runtime directory.
    let root: String
    /// The container (not created: the store creates it on the first append).
    let path: String

    init() {
        root = FileManager.default.temporaryDirectory.appending(path: "hydrator-tests-\(UUID().uuidString)").path
        path = root + "/group"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// A private runtime directory for sockets, inside the root.
    func runtimeDirectory() throws -> RuntimeDirectory {
        try RuntimeDirectory.prepare(root + "/run")
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}

/// 1 December 2026, 09:05 UTC: the instant every test entry is logged at.
let morning = Date(timeIntervalSince1970: 1_796_115_900)

/// A calendar in UTC, so "today" and the times on the Today screen do not depend on the machine.
let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
}()

/// A time zone (a whole-hour offset from UTC) in which the real instant `at` falls within half an
/// hour of noon, with its calendar and its `TZ` name for a child process.
///
/// A test whose other process logs at the real time (it cannot be handed the test's fixed
/// instant) takes "today" in this zone: the process's entry and the test's "today" are then the
/// same day whatever the date or the time of day the test runs at.
struct MiddayZone {
    let calendar: Calendar
    /// The zone's `TZ` value (`Etc/GMT-5` is five hours *ahead* of UTC: POSIX's inverted sign).
    let environment: [String: String]

    init(at instant: Date = Date()) {
        let hoursIntoTheUTCDay = instant.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 3_600
        let offset = Int((12 - hoursIntoTheUTCDay).rounded())
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset * 3_600)!
        self.calendar = calendar
        let name = offset == 0 ? "Etc/GMT" : offset > 0 ? "Etc/GMT-\(offset)" : "Etc/GMT+\(-offset)"
        environment = ["TZ": name]
    }
}

/// Hydrator in process over a temporary container, with an assistant on a manual clock and a
/// scripted user.
@MainActor
final class HydratorRig {
    let container = TemporaryContainer()
    let user: ScriptedUser
    let app: HydratorApp
    let assistant: Assistant
    let recorder: LifecycleRecorder

    /// A rig whose "today" is taken at `now` in `calendar` (by default the fixed morning in UTC).
    init(
        _ replies: [Reply] = [], calendar: Calendar = utc, now: @escaping @Sendable () -> Date = { morning }
    ) throws {
        user = ScriptedUser(replies)
        app = try HydratorApp(container: container.path, calendar: calendar, now: now)
        recorder = LifecycleRecorder(app.application)
        assistant = try app.makeAssistant(user: user, clock: .sleeping(on: ManualClock()))
    }

    func say(_ words: String) async -> AssistantOutcome {
        await assistant.perform(.utterance(words))
    }

    /// The trace's lines without their instants.
    var trace: [String] { assistant.trace.events.map { "\($0.kind.rawValue): \($0.detail)" } }

    /// What the store holds, as "ounces type" lines.
    func stored() async throws -> [String] {
        try await app.model.store.read().records.map { "\($0.ounces) \($0.type)" }
    }

    /// What is left open: the host's requests, the user's replies (callbacks are not checked).
    func leftOpen() -> [String] {
        _ = recorder.take()
        return leftInFlight(host: app.host, user: user, recorder: recorder)
    }

    deinit { container.remove() }
}

/// The built `hydrator`, run as a user runs it (found beside the test bundle), standard input
/// from `stdin`; its end is awaited without blocking a thread (Foundation's termination
/// handler resumes the caller).
func runHydrator(
    _ arguments: [String], stdin: String = "", environment: [String: String] = [:]
) async throws -> (status: Int32, stdout: String, stderr: String) {
    try await runBuilt("hydrator", arguments, stdin: stdin, environment: environment)
}

/// The built executable `name` run to its end (see `runHydrator`), with `environment` added to
/// the test's own.
func runBuilt(
    _ name: String, _ arguments: [String], stdin: String = "", environment: [String: String] = [:],
    workingDirectory: String? = nil
) async throws -> (status: Int32, stdout: String, stderr: String) {
    let directory = FileManager.default.temporaryDirectory.appending(path: "hydrator-binary-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let paths = ["in", "out", "err"].map { directory.appending(path: $0) }
    try Data(stdin.utf8).write(to: paths[0])
    for path in paths.dropFirst() { _ = FileManager.default.createFile(atPath: path.path, contents: nil) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: BuiltProducts.executable(name))
    process.arguments = arguments
    if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
    process.standardInput = try FileHandle(forReadingFrom: paths[0])
    process.standardOutput = try FileHandle(forWritingTo: paths[1])
    process.standardError = try FileHandle(forWritingTo: paths[2])
    let status = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int32, any Error>) in
        process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
        do { try process.run() } catch { continuation.resume(throwing: error) }
    }
    return (status, try String(contentsOf: paths[1], encoding: .utf8), try String(contentsOf: paths[2], encoding: .utf8))
}
