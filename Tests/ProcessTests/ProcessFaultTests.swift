import Assistant
import AssistantService
import Foundation
import Glibc
import Synchronization
import SceneIntents
import SceneIntentsTesting
import SceneIntentsTransport
import TestFixtures
import Testing

/// Real process faults of an app's host: SIGSTOP and SIGKILL at each phase of a request, a
/// host that never connects, a missing executable. Each asserts what the user hears, that it
/// is heard within the phase budget plus one second, that every child is reaped and that no
/// socket is left. Budgets are short (1 s) to keep the suite fast; these wait on the real clock,
/// since a stopped process can only be waited for there.
@Suite(.serialized)
struct ProcessFaultTests {
    /// Each phase a host can stop or die in.
    static let phases = ["resolve", "confirm", "handle"]

    /// The budget the user must hear an answer within, with the second of slack the rule allows.
    static let limit = Duration.seconds(2)

    @Test(arguments: phases)
    func anAppStoppedAtAPhaseIsAnsweredWithinItsBudgetAndKilledOnClose(_ phase: String) async throws {
        let kitchen = try HostedKitchen(mode: "STOP-in:\(phase)", budget: .seconds(1), hostBudget: .seconds(1))
        let pid = try await warm(kitchen)
        let (outcome, took) = await timed { await kitchen.assistant.perform(.intent(phoOrder)) }
        #expect(outcome.status == .timedOut)
        // The step named is the last one the host reported before it stopped (a host holds the
        // steps of a fast visit until its answer, so a stop in confirm may name the first).
        #expect(outcome.dialog.count == 1)
        #expect(outcome.dialog.first?.wholeMatch(of: /Sorry, Kitchen didn't respond in time: the \w+ step took longer than 1 second\./) != nil)
        #expect(took < Self.limit, "heard after \(took)")
        #expect(kitchen.lines(.timeout).count == 1)
        let (_, closing) = await timed { await kitchen.connection.close(grace: .milliseconds(300)) }
        #expect(closing < .seconds(5), "the close took \(closing)")
        try await expectGone(pid, kitchen)
    }

    @Test(arguments: phases)
    func anAppKilledAtAPhaseIsAnsweredAtOnce(_ phase: String) async throws {
        let kitchen = try HostedKitchen(mode: "KILL-in:\(phase)", budget: .seconds(1), hostBudget: .seconds(1))
        let pid = try await warm(kitchen)
        let (outcome, took) = await timed { await kitchen.assistant.perform(.intent(phoOrder)) }
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == ["Sorry, Kitchen stopped unexpectedly."])
        #expect(took < Self.limit, "heard after \(took)")
        #expect(kitchen.lines(.process).map(withoutNumbers).contains("Kitchen (pid N) killed by signal 9 (Killed)"))
        await kitchen.connection.close(grace: .milliseconds(300))
        try await expectGone(pid, kitchen)
    }

    @Test func anAppStoppedWithASceneInTheForegroundIsAnsweredWithinTheBudgetAtTheOverlay() async throws {
        let kitchen = try HostedKitchen(mode: "continue", budget: .seconds(1), hostBudget: .seconds(1))
        kitchen.connection.attach(kitchen.assistant.trace)
        #expect(await kitchen.connection.send(.open) == .done(output: nil))
        let pid = try #require(await kitchen.connection.processIdentifier)
        #expect(await stopProcess(pid))
        let (outcome, took) = await timed { await kitchen.assistant.perform(.intent(phoOrder)) }
        #expect(outcome.status == .timedOut)
        #expect(outcome.dialog == ["Sorry, Kitchen didn't respond in time: the soup step took longer than 1 second."])
        #expect(took < Self.limit, "heard after \(took)")
        #expect(kitchen.lines(.process).map(withoutNumbers).contains("Kitchen (pid N) did not answer overlay shown within 1s"))
        // A system event to the stopped app is refused within the budget too.
        let (screen, asked) = await timed { await kitchen.connection.send(.command("locked")) }
        #expect(screen == .refused("Kitchen did not answer within 1 s"))
        #expect(asked < Self.limit)
        await kitchen.connection.close(grace: .milliseconds(300))
        try await expectGone(pid, kitchen)
    }

    @Test func anAppStoppedAsItIsBroughtForwardIsAnsweredWithinTheBudget() async throws {
        let kitchen = try HostedKitchen(mode: "continue", budget: .seconds(1), hostBudget: .seconds(1))
        let pid = try await warm(kitchen)
        // The user hears "Opening Kitchen." just before the app is asked to continue the activity.
        let user = SignallingUser(signal: SIGSTOP, pid: pid, on: "Opening Kitchen.")
        var configuration = AssistantConfiguration()
        configuration.phaseBudget = .seconds(1)
        let assistant = Assistant(
            connection: kitchen.connection, user: user, device: kitchen.device, clock: .continuous(), configuration: configuration)
        let (outcome, took) = await timed { await assistant.perform(.intent(phoOrder)) }
        #expect(outcome.status == .failure)
        #expect(user.heard == ["Opening Kitchen.", "Sorry, I couldn't open Kitchen: Kitchen did not answer within 1 s."])
        #expect(took < Self.limit, "heard after \(took)")
        await kitchen.connection.close(grace: .milliseconds(300))
        try await expectGone(pid, kitchen)
    }

    @Test func anAppThatStaysStoppedIsKilledAfterThreeMissedBudgets() async throws {
        let kitchen = try HostedKitchen(budget: .seconds(1), hostBudget: .seconds(1))
        let pid = try await warm(kitchen)
        #expect(await stopProcess(pid))
        for _ in 1...3 {
            let (outcome, took) = await timed { await kitchen.assistant.perform(.intent(phoOrder)) }
            #expect(outcome.status == .timedOut)
            #expect(took < Self.limit, "heard after \(took)")
        }
        #expect(await kitchen.hostStopped())
        let process = kitchen.lines(.process).map(withoutNumbers)
        #expect(process.contains("Kitchen (pid N) missed 3 budgets in a row: killed (SIGKILL)"))
        await kitchen.connection.close(grace: .milliseconds(300))
        try await expectGone(pid, kitchen)
    }

    @Test(arguments: [false, true])
    func aHostThatNeverConnectsIsStoppedAfterTheLaunchBudget(ignoringSIGTERM: Bool) async throws {
        let script = try await Self.neverConnecting(ignoringSIGTERM: ignoringSIGTERM)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let kitchen = try HostedKitchen(budget: .seconds(1), hostBudget: .seconds(1), launchBudget: .seconds(1), executable: script)
        let (outcome, took) = await timed { await kitchen.assistant.perform(.intent(phoOrder)) }
        #expect(outcome.status == .timedOut)
        #expect(outcome.dialog == ["Sorry, Kitchen didn't respond in time: the soup step took longer than 1 second."])
        #expect(took < Self.limit, "heard after \(took)")
        let pid = try #require(Self.spawnedPID(kitchen.lines(.process)))
        // SIGTERM at once at the launch budget; SIGKILL after the 2 s grace if it is ignored.
        #expect(await kitchen.eventually(within: .seconds(4)) { !Self.exists(pid) }, "the host was stopped and reaped")
        #expect(kitchen.lines(.process).map(withoutNumbers) == [
            "spawn \(script) pid N",
            "Kitchen (pid N) did not connect within 1s of its launch: stopped (SIGTERM, then SIGKILL after 2s)",
        ])
        await kitchen.connection.close(grace: .milliseconds(300))
        try await expectGone(pid, kitchen)
    }

    @Test func closingWhileAHostLaunchesStopsItAtOnce() async throws {
        let script = try await Self.neverConnecting(ignoringSIGTERM: false)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let kitchen = try HostedKitchen(executable: script)
        let opening = Task { await kitchen.connection.send(.open) }
        #expect(await kitchen.eventually { Self.spawnedPID(kitchen.lines(.process)) != nil })
        let pid = try #require(Self.spawnedPID(kitchen.lines(.process)))
        let (_, took) = await timed { await kitchen.connection.close(grace: .milliseconds(300)) }
        #expect(took < .seconds(5), "the close took \(took)")
        #expect(await opening.value == .refused("the process killed by signal 15 (Terminated)"))
        try await expectGone(pid, kitchen)
    }

    @Test func aMissingExecutableIsNamed() async throws {
        let kitchen = try HostedKitchen(executable: "/nonexistent/kitchen-host")
        let outcome = await kitchen.assistant.perform(.intent(phoOrder))
        #expect(outcome.status == .failure)
        #expect(outcome.dialog == ["Sorry, I couldn't open Kitchen: /nonexistent/kitchen-host does not exist."])
        #expect(kitchen.lines(.process) == ["cannot spawn /nonexistent/kitchen-host: systemCall: /nonexistent/kitchen-host does not exist"])
        await kitchen.finish()
        #expect(!FileManager.default.fileExists(atPath: kitchen.connection.socketPath))
    }

    // MARK: Helpers

    /// Starts the host (a command, so no scene comes forward) and answers its pid: the launch
    /// is not what these tests time.
    func warm(_ kitchen: HostedKitchen) async throws -> Int32 {
        #expect(await kitchen.connection.send(.command("locked")) == .done(output: "unlocked"))
        return try #require(await kitchen.connection.processIdentifier)
    }

    /// Checks the host was reaped, the connection holds nothing, and no socket file is left.
    func expectGone(_ pid: Int32, _ kitchen: HostedKitchen) async throws {
        #expect(await kitchen.eventually { !Self.exists(pid) }, "process \(pid) was reaped")
        #expect(await kitchen.connection.processIdentifier == nil)
        #expect(!FileManager.default.fileExists(atPath: kitchen.connection.socketPath))
        try? FileManager.default.removeItem(atPath: kitchen.directory.path)
    }

    /// Whether a process with this pid exists (a zombie, not yet reaped, does).
    static func exists(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno != ESRCH }

    /// The pid of the first `spawn … pid N` line.
    static func spawnedPID(_ lines: [String]) -> Int32? {
        lines.first { $0.hasPrefix("spawn ") }.flatMap { $0.split(separator: " ").last }.flatMap { Int32($0) }
    }

    /// A host executable that never says hello (`exec sleep 45`), ignoring SIGTERM if asked.
    ///
    /// Written by a shell of its own: a file this process wrote could still be open for writing
    /// in a child another test is forking, and then cannot be run (ETXTBSY).
    static func neverConnecting(ignoringSIGTERM: Bool) async throws -> String {
        let path = "/tmp/si-never-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sh"
        let body = "#!/bin/sh\n" + (ignoringSIGTERM ? "trap '' TERM\n" : "") + "exec sleep 45\n"
        let writer = try ChildProcess.spawn("/bin/sh", arguments: ["-c", "printf '%s' \"$1\" > \"$2\" && chmod 700 \"$2\"", "sh", body, path])
        guard await writer.exit == .exited(0) else { throw FixtureError(description: "cannot write \(path)") }
        return path
    }
}

/// Runs `work` and answers its result and how long it took on the real clock.
func timed<Value>(_ work: () async -> Value) async -> (Value, Duration) {
    let start = ContinuousClock.now
    let value = await work()
    return (value, ContinuousClock.now - start)
}

/// A user who hears every line, and sends `signal` to `pid` on hearing `line` (a fault at an
/// exact point of the conversation).
final class SignallingUser: UserAgent {
    private let lines = Mutex<[String]>([])
    let signal: Int32
    let pid: Int32
    let line: String

    init(signal: Int32, pid: Int32, on line: String) {
        self.signal = signal
        self.pid = pid
        self.line = line
    }

    var heard: [String] { lines.withLock { $0 } }

    func hear(_ line: String) async {
        lines.withLock { $0.append(line) }
        if line == self.line { _ = await stopOrKill() }
    }

    func answer(_ prompt: Prompt) async -> Reply { .cancel }

    private func stopOrKill() async -> Bool {
        signal == SIGSTOP ? await stopProcess(pid) : kill(pid, signal) == 0
    }
}
